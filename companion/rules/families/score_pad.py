"""The score pad and the peg board of the games scored during play.

What the pad page shows and reads, worked out from a game of All Fives or
Fives and Threes (:class:`~.all_fives.AllFivesGame`,
:class:`~.fives_threes.FivesThreesGame`): the keypad of the counts that score
with their points (:func:`pad_of`), the order of turns from the leader, where
muggins claims are on and whether the pips left are asked (the winner's bonus
comes from them); the hand the pad sends, read back into a round of the
record (:func:`read_pad_hand`); and the peg board's drawing, every hole and
peg placed (:func:`board_layout`). The rules themselves stay in the games'
modules: this module only lays them out.

Sources: the keypads and the bonus are those of ``rules-families.md``
sections 2 and 3 (pagat *All Fives*, pagat *Fives and Threes*); the board is
a cribbage board of 61 holes a side (or 121, "twice round"; pagat).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import Problem, Problems, tr
from .counts import PLAY_KEYS, CountKey, Seating
from .pegging import PegBoard, PegMove

PAD_HAND_MOST = 20_000
"""The most characters of a hand sent by the pad (a whole hand is far less)."""

BOARD_MOST = 121
"""The longest board drawn: 121 holes, "twice round" (pagat). A game to more
(All Fives to 250 in points) is kept on paper, without a board."""


@dataclass(frozen=True)
class Pad:
    """What the score pad of a game offers.

    :ivar keys: the counts that score and their points, lowest first.
    :ivar more: higher counts score too (Five Up): the pad offers a field.
    :ivar order: the players in the order of play (the direction applied),
        from the first seat; the lit player moves along it.
    :ivar leader: who leads the next hand, or ``None`` when the table decides
        (by lot, the highest double): the pad asks for a tap on a name.
    :ivar muggins: the table claims missed scores (``muggins_claims``).
    :ivar pips: the pips left are asked at the hand's end (the winner's bonus).
    :ivar several_out: both partners may go out (Fives and Threes in pairs).
    :ivar stop_at_target: a hand may stop at the play that reaches the target.
    :ivar unit_fives: scores are counted in fives (a count of 15 pegs 3).
    :ivar no_win_on_down: the table plays ``no_win_on_down`` (Fives and
        Threes, Teesdale and Leek): the pad marks the play of the hand's first
        tile (``lead: true``), whose points cannot win the game.
    """

    keys: tuple[CountKey, ...]
    more: bool
    order: tuple[str, ...]
    leader: str | None
    muggins: bool
    pips: bool
    several_out: bool
    stop_at_target: bool
    unit_fives: bool
    no_win_on_down: bool = False

    def as_dict(self) -> dict[str, Any]:
        """The pad as the page's script reads it (JSON)."""
        return {"keys": [{"count": k.count, "points": k.points} for k in self.keys], "more": self.more,
                "order": list(self.order), "leader": self.leader, "muggins": self.muggins,
                "pips": self.pips, "several_out": self.several_out, "stop_at_target": self.stop_at_target,
                "down": self.no_win_on_down}


def play_order(seating: Seating) -> tuple[str, ...]:
    """The players in the order of play from the first seat (clockwise, or
    the other way with ``direction: counterclockwise``)."""
    first = seating.players[0]
    return tuple(seating.next_player(first, i) for i in range(len(seating.players)))


def pad_of(game: Any, keypad: Any) -> Pad:
    """The pad of ``game`` (a game of All Fives or Fives and Threes after its
    hands) with its ``keypad`` (the module's :func:`keypad` of its rules)."""
    rules = game.rules
    immediate = str(getattr(rules, "win_check", "immediate")) == "immediate"
    pips = str(getattr(rules, "hand_bonus", "none")) != "none" or bool(getattr(rules, "subtract_own", False))
    return Pad(
        keys=tuple(keypad.keys), more=bool(keypad.more), order=play_order(game.seating),
        leader=game.next_leader, muggins=bool(getattr(rules, "muggins_claims", False)),
        pips=pips, several_out=game.seating.teams is not None and not pips,
        stop_at_target=immediate, unit_fives=str(getattr(rules, "score_unit", "pips")) == "fives",
        no_win_on_down=bool(getattr(rules, "no_win_on_down", False)),
    )


_HAND_KEYS = frozenset({"leader", "plays", "in_play", "ended", "out", "hands", "dealt"})
"""The fields of a hand the pad sends (``in_play`` and ``dealt``: a saved
hand being corrected keeps them)."""
_HAND_LEFT_KEYS = frozenset({"pips", "drawn"})
"""What the pad keeps of a hand left: the pips (typed), the tiles drawn (a
saved hand being corrected keeps them)."""


def pad_hand_of(stored: Mapping[str, Any]) -> dict[str, Any]:
    """A saved hand as the pad starts from it to correct it: ``leader``,
    ``plays`` (each play's fields as saved) or ``in_play``, ``ended``,
    ``out`` (a list), ``hands`` (pips and tiles drawn) and ``dealt``; what the
    pad does not show (typed bonuses, tiles) is left out, derived again on
    saving.

    :param stored: the round as stored (``rounds[n]`` of the record).
    """
    hand = {k: stored[k] for k in _HAND_KEYS if stored.get(k) is not None}
    if isinstance(hand.get("out"), str):
        hand["out"] = [hand["out"]]
    hands = hand.get("hands")
    if isinstance(hands, Mapping):
        hand["hands"] = {p: {k: v for k, v in h.items() if k in _HAND_LEFT_KEYS}
                         for p, h in hands.items() if isinstance(h, Mapping)}
    return hand


def read_pad_hand(text: str, players: Sequence[str]) -> tuple[dict[str, Any], Problems]:
    """The hand the pad sends (JSON text: ``leader``, ``plays`` of
    ``{"player", "count", "claimed_by"?, "lead"?}`` (``lead: true``: the
    hand's first tile, sent where the table plays ``no_win_on_down``) or, correcting a hand kept so,
    ``in_play`` of ``{player: points}``; ``ended``, ``out``, ``hands`` of
    ``{player: {"pips": n, "drawn"?: tiles}}``, ``dealt``) as a round of the
    record; the game's module checks the rest when it is saved.

    :param players: the game's players (names the pad may send).
    :return: the round and the problems of its shape (``bad_value``).
    """
    problems = Problems()
    try:
        raw = json.loads(text) if len(text) <= PAD_HAND_MOST else None
    except ValueError:
        raw = None
    if not isinstance(raw, Mapping):
        problems.error("", "bad_value", tr("The hand from the score pad could not be read: enter it again."))
        return {}, problems
    hand = {k: v for k, v in raw.items() if k in _HAND_KEYS and v not in (None, "", [], {})}
    plays = hand.get("plays", [])
    if not isinstance(plays, list) or any(not isinstance(p, Mapping) for p in plays):
        problems.error("plays", "bad_value", tr("The scoring plays could not be read: enter them again."))
        plays = []
    if "in_play" in hand:
        hand.pop("plays", None)  # a hand kept as totals during play
    else:
        hand["plays"] = [{k: v for k, v in p.items() if k in PLAY_KEYS and v is not None} for p in plays]
    hands = hand.get("hands")
    if isinstance(hands, Mapping):
        hand["hands"] = {p: {k: v for k, v in h.items() if k in _HAND_LEFT_KEYS}
                         for p, h in hands.items() if p in players and isinstance(h, Mapping)
                         and h.get("pips") not in (None, "")}
        if not hand["hands"]:
            del hand["hands"]
    out = hand.get("out")
    if isinstance(out, list) and len(out) == 1:
        hand["out"] = out[0]
    return hand, problems


def pad_field_errors(errors: Sequence[Problem], players: Sequence[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The refusals of a hand sent by the pad, each put beside the box it is
    about: the pips left of a player (``…hands.<player>.pips``, or
    ``…hands`` naming ``players`` it misses) and a player's points during
    play (``…in_play.<player>``); the rest is about the hand as a whole.

    :param errors: the refusals, with their paths (``rounds[2].hands.Bob.pips``).
    :param players: the game's players (the names a path may hold).
    :return: ``({"pips:<player>" | "in_play:<player>": [message, …]}, [message, …])``.
    """
    fields: dict[str, list[str]] = {}
    rest: list[str] = []
    for problem in errors:
        keys = _boxes_of(problem, players)
        for key in keys:
            fields.setdefault(key, []).append(problem.message)
        if not keys:
            rest.append(problem.message)
    return fields, rest


def _boxes_of(problem: Problem, players: Sequence[str]) -> list[str]:
    """The pad's boxes a refusal is about (``pips:<player>``,
    ``in_play:<player>``), or ``[]``."""
    path = problem.path.split("]", 1)[-1].lstrip(".") if problem.path.startswith("rounds[") else problem.path
    if path == "hands":
        named = problem.params.get("players") or [problem.params.get("player")]
        return [f"pips:{p}" for p in named if p in players]
    for box in ("hands", "in_play"):
        for p in players:
            if path in (f"{box}.{p}", f"{box}.{p}.pips"):
                return [f"{'pips' if box == 'hands' else box}:{p}"]
    return []


# ---------------------------------------------------------------- the peg board


@dataclass(frozen=True)
class Hole:
    """One hole of a side's track: its score and where it is drawn.

    :ivar score: the total it stands for (0 is the start, before the first hole).
    :ivar x: across, in the drawing's units.
    :ivar y: down, in the drawing's units.
    """

    score: int
    x: float
    y: float


@dataclass(frozen=True)
class TrackLayout:
    """One side's track on the board.

    :ivar side: the player, or the pair's name.
    :ivar holes: every hole from the start (0) to the target.
    :ivar back: the back peg's hole (the total before the side's last score).
    :ivar front: the front peg's hole (the total now).
    """

    side: str
    holes: tuple[Hole, ...]
    back: Hole
    front: Hole


@dataclass(frozen=True)
class BoardLayout:
    """The peg board, every hole and peg placed (the template draws circles).

    :ivar width: the drawing's width.
    :ivar height: the drawing's height.
    :ivar target: the last hole (61 or 121).
    :ivar tracks: each side's track, in the order of the sides.
    :ivar last: the latest score, or ``None`` before the first.
    :ivar last_at: where the latest score's label goes (beside its side's
        front peg), or ``None``.
    """

    width: float
    height: float
    target: int
    tracks: tuple[TrackLayout, ...]
    last: PegMove | None
    last_at: Hole | None


PER_ROW = 30
"""Holes in one row of a track (six groups of five, as on a cribbage board)."""
PITCH = 11.0
"""Distance between two holes of a group."""
GAP = 6.0
"""Extra space between two groups of five holes."""
ROW = 14.0
"""Distance between two rows of one track."""
TRACK_GAP = 12.0
"""Extra space between two sides' tracks."""
MARGIN = 10.0


def _hole_at(score: int, top: float) -> Hole:
    """Hole ``score`` of a track whose first row is at ``top``: the start
    peg hole (0) left of the first row; holes 1–30 on the first row, 31–60 on
    the second, and so on; a gap after every five."""
    if score == 0:
        return Hole(0, MARGIN, top)
    row, col = divmod(score - 1, PER_ROW)
    x = MARGIN + PITCH * 2 + col * PITCH + (col // 5) * GAP
    return Hole(score, x, top + row * ROW)


def board_layout(board: PegBoard) -> BoardLayout | None:
    """Place every hole and peg of ``board`` (the module's peg board after
    the latest score); ``None`` for a board longer than :data:`BOARD_MOST`.

    :return: the layout; a side's total is drawn at most at the target (a
        total past it, not possible in an exact game, stays on the last hole).
    """
    target = board.holes
    if not 1 <= target <= BOARD_MOST:
        return None
    rows = -(-target // PER_ROW)
    track_height = rows * ROW + TRACK_GAP
    tracks: list[TrackLayout] = []
    last_at: Hole | None = None
    for i, pegs in enumerate(board.pegs):
        top = MARGIN + i * track_height
        holes = tuple(_hole_at(s, top) for s in range(target + 1))
        back = holes[min(max(pegs.back, 0), target)]
        front = holes[min(max(pegs.front, 0), target)]
        tracks.append(TrackLayout(pegs.side, holes, back, front))
        if board.last is not None and board.last.side == pegs.side:
            last_at = front
    width = _hole_at(min(target, PER_ROW), 0).x + MARGIN + 40
    height = MARGIN + len(tracks) * track_height
    return BoardLayout(width, height, target, tuple(tracks), board.last, last_at)


def side_names(seating: Seating) -> Mapping[str, str]:
    """How each side is named on the board: the player, or the pair's two
    names joined by " & "."""
    return {s: " & ".join(seating.members(s)) for s in seating.sides}
