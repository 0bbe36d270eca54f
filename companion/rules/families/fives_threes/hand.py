"""Fives and Threes: one hand, read, checked and scored.

A scoring play with its points (:class:`Play`), the hand
(:class:`HandResult`), the fields a round may hold, and the readers of a
hand's fields: the plays and their pegs, who went out, the bonuses, the knock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import Problems, tr
from ..counts import (
    DOUBLE_SIX,
    IGNORED_ROUND_KEYS,
    Ending,
    HandLeft,
    PlayEntry,
    Seating,
    is_whole,
    lead_count,
    read_dealt,
    read_ending,
    read_hands,
    read_in_play,
    read_out,
    read_player,
    read_plays,
)
from ..pegging import Pegger, PegMove, ScoreKind
from .rules import FivesThreesRules, check_count, count_points

if TYPE_CHECKING:
    from .game import FivesThreesGame


# ---------------------------------------------------------------- a hand


@dataclass(frozen=True)
class Play:
    """A scoring play with its points worked out.

    :ivar entry: the play as entered.
    :ivar points: what the count scores, in points.
    :ivar side: the side it scores for.
    """

    entry: PlayEntry
    points: int
    side: str


@dataclass(frozen=True)
class HandResult:
    """One hand, checked and scored.

    :ivar number: 1 for the first hand.
    :ivar leader: who laid the first tile.
    :ivar plays: the scoring plays (empty with ``in_play``).
    :ivar in_play: points each player made during the hand.
    :ivar ended: how it ended.
    :ivar out: who went out (both partners in pairs), or ``()``.
    :ivar chip_out: the chip-out points of the hand (0 when none).
    :ivar pegs: every score of the hand in order, pegged or struck; a
        chip-out pegged with the last tile is one move with that play's index.
    :ivar scores: what each side added this hand, in points (a round's
        ``scores`` by player, or ``team_scores`` by team name).
    :ivar winners: the side that went out (pagat: a blocked hand, or one
        stopped at the target, is won by nobody), or ``()``.
    """

    number: int
    leader: str
    plays: tuple[Play, ...]
    in_play: Mapping[str, int]
    ended: Ending
    out: tuple[str, ...]
    chip_out: int
    pegs: tuple[PegMove, ...]
    scores: Mapping[str, int]
    winners: tuple[str, ...] = ()


ROUND_KEYS = frozenset({"leader", "dealt", "plays", "in_play", "ended", "out", "hands", "bonuses"})


def _read_hand(game: FivesThreesGame, data: Any, path: str,
               problems: Problems) -> tuple[HandResult | None, str | None]:
    seating, rules = game.seating, game.rules
    read = _read_hand_fields(game, data, path, problems)
    if read is None:
        return None, None
    leader, dealt, ended, entries, in_play_raw, hands = read

    plays = _check_plays(rules, seating, entries, dealt, hands, f"{path}.plays", problems)
    if in_play_raw is not None:
        _check_in_play(rules, in_play_raw, dealt, hands, f"{path}.in_play", problems)
    out = _read_out(seating, data.get("out"), ended, f"{path}.out", problems)
    if problems.errors or out is None:
        return None, None
    chip = rules.chip_out_point if ended is Ending.DOMINO else 0
    knocks = _check_bonuses(game, data.get("bonuses"), ended, out, chip, f"{path}.bonuses", problems)
    if problems.errors:
        return None, None

    pegger = Pegger(game.totals, game.target, rules.exact_target)
    last = plays[-1] if plays else None
    chip_with_play = bool(chip > 0 and last is not None and last.entry.last_tile
                          and last.entry.player in out and last.entry.index == len(entries) - 1)
    won = _peg_plays(game, pegger, plays, chip if chip_with_play else 0, path, problems)
    if problems.errors:
        return None, None
    won = _peg_after_plays(game, pegger, in_play_raw, leader, knocks,
                           0 if chip_with_play else chip, out, won)
    if ended is Ending.TARGET and won is None:
        problems.error(f"{path}.ended", "bad_value",
                       tr("The hand stopped at the target, but its last play does not reach %(target)s.",
                          target=game.target), target=game.target)
        return None, None
    in_play = {p: 0 for p in seating.players}
    for play in plays:
        in_play[play.entry.player] += play.points
    if in_play_raw is not None:
        in_play = dict(in_play_raw)
    scores = {s: pegger.totals[s] - game.totals[s] for s in seating.sides}
    hand = HandResult(len(game.hands) + 1, leader, tuple(plays), in_play, ended, out, chip,
                      tuple(pegger.moves), scores,
                      (seating.side_of(out[0]),) if ended is Ending.DOMINO and out else ())
    return hand, won


_HandFields = tuple[str, dict[str, int], Ending, list[PlayEntry], dict[str, int] | None,
                    dict[str, HandLeft]]
"""A hand's fields as read: leader, tiles dealt, ending, scoring plays, the
quick ``in_play`` totals (or ``None``) and the hands left."""


def _read_hand_fields(game: FivesThreesGame, data: Any, path: str,
                      problems: Problems) -> _HandFields | None:
    """The fields of one hand, each read on its own (see :func:`_read_hand`);
    ``None`` when any is refused (the problems added)."""
    seating, rules = game.seating, game.rules
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand is a JSON object."))
        return None
    for key in data:
        if key not in ROUND_KEYS and key not in IGNORED_ROUND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
    leader: str | None = None
    if data.get("leader") is not None:
        leader = read_player(data["leader"], f"{path}.leader", seating, problems)
    elif game.next_leader is not None:
        leader = game.next_leader
    else:
        problems.error(f"{path}.leader", "bad_value", tr("Say who led this hand."))
    dealt = read_dealt(data.get("dealt"), f"{path}.dealt", seating, rules.deal(), problems)
    ended = read_ending(data.get("ended"), f"{path}.ended", problems)
    has_plays, has_totals = data.get("plays") is not None, data.get("in_play") is not None
    if has_plays == has_totals:
        problems.error(path, "bad_value",
                       tr("Give either the scoring plays or each player's points during play."))
    entries: list[PlayEntry] = []
    in_play_raw: dict[str, int] | None = None
    if has_plays and not has_totals:
        entries = read_plays(data["plays"], f"{path}.plays", seating, leader, problems, claims=False) or []
    elif has_totals and not has_plays:
        in_play_raw = read_in_play(data["in_play"], f"{path}.in_play", seating, problems)
    laid = [e.tile for e in entries if e.tile is not None]
    hands = read_hands(data.get("hands"), f"{path}.hands", seating, problems, laid)
    if problems.errors or leader is None or ended is None:
        return None
    return leader, dealt, ended, entries, in_play_raw, hands


def _peg_plays(game: FivesThreesGame, pegger: Pegger, plays: Sequence[Play], chip_on_last: int,
               path: str, problems: Problems) -> str | None:
    """Peg the hand's scoring plays, the last one with ``chip_on_last`` (the
    chip-out point it scored with it, or 0); returns the side that reached the
    target (``None`` when none did). A play after that adds ``game_finished``."""
    rules = game.rules
    last = plays[-1] if plays else None
    won: str | None = None
    for play in plays:
        if won is not None:
            problems.error(f"{path}.plays[{play.entry.index}]", "game_finished",
                           tr("%(side)s reached %(target)s before this play: the game was over.",
                              side=won, target=game.target), side=won, target=game.target)
            return won
        points = play.points + (chip_on_last if play is last else 0)
        pegger.peg(play.side, points, ScoreKind.PLAY, play=play.entry.index, player=play.entry.player,
                   on_the_down=rules.no_win_on_down and play.entry.lead)
        won = pegger.winner()
    return won


def _peg_after_plays(game: FivesThreesGame, pegger: Pegger, in_play_raw: Mapping[str, int] | None,
                     leader: str, knocks: Sequence[tuple[str, int]], chip: int, out: tuple[str, ...],
                     won: str | None) -> str | None:
    """Peg the ``in_play`` totals (from the leader round the table), the
    knocks and the chip-out point not scored with the last play (``chip``),
    each while no side has reached the target; returns the side that did."""
    seating = game.seating
    if in_play_raw is not None:
        for i in range(len(seating.players)):
            player = seating.next_player(leader, i)
            if in_play_raw[player] and won is None:
                pegger.peg(seating.side_of(player), in_play_raw[player], ScoreKind.IN_PLAY, player=player)
                won = pegger.winner()
    for player, points in knocks:
        if won is None:
            pegger.peg(seating.side_of(player), points, ScoreKind.KNOCK, player=player)
            won = pegger.winner()
    if chip and won is None:
        pegger.peg(seating.side_of(out[0]), chip, ScoreKind.CHIP_OUT, player=out[-1])
        won = pegger.winner()
    return won


def _held(player: str, dealt: Mapping[str, int], hands: Mapping[str, HandLeft],
          rules: FivesThreesRules) -> int:
    """The most tiles ``player`` can have laid: those dealt (no drawing), plus
    those drawn in the variant played with a boneyard."""
    if not rules.score_pips_variant:
        return dealt[player]
    hand = hands.get(player)
    if hand is not None and hand.drawn is not None:
        return dealt[player] + hand.drawn
    return dealt[player] + max(DOUBLE_SIX.size - sum(dealt.values()), 0)


def _check_plays(rules: FivesThreesRules, seating: Seating, entries: Sequence[PlayEntry],
                 dealt: Mapping[str, int], hands: Mapping[str, HandLeft], path: str,
                 problems: Problems) -> list[Play]:
    plays: list[Play] = []
    for e in entries:
        where = f"{path}[{e.index}]"
        if not check_count(e.count, rules, f"{where}.count", problems):
            continue
        if e.lead:
            shown = lead_count(e.tile) if e.tile is not None else None
            if (shown is not None and e.count != shown) or (shown is None and e.count > 12):
                problems.error(f"{where}.count", "lead_count_mismatch",
                               tr("A first tile alone shows %(shown)s, not %(count)s.",
                                  shown=shown if shown is not None else tr("at most 12"), count=e.count),
                               count=e.count)
                continue
        points = count_points(e.count, rules.score_pips_variant)
        if e.points is not None and e.points != points:
            problems.error(f"{where}.points", "points_mismatch",
                           tr("A count of %(count)s scores %(points)s, not %(typed)s.",
                              count=e.count, points=points, typed=e.points), count=e.count, points=points)
            continue
        plays.append(Play(e, points, seating.side_of(e.player)))
    for player in seating.players:
        made = sum(1 for e in entries if e.player == player)
        most = _held(player, dealt, hands, rules)
        if made > most:
            problems.error(path, "count_impossible",
                           tr("%(player)s held %(most)s tiles but is listed with %(made)s scoring plays.",
                              player=player, most=most, made=made), player=player, most=most, made=made)
    return plays


def _check_in_play(rules: FivesThreesRules, totals: Mapping[str, int], dealt: Mapping[str, int],
                   hands: Mapping[str, HandLeft], path: str, problems: Problems) -> None:
    for player, points in totals.items():
        if points > rules.most_per_play * _held(player, dealt, hands, rules):
            problems.error(f"{path}.{player}", "count_impossible",
                           tr("%(player)s cannot have scored %(points)s during one hand.",
                              player=player, points=points), player=player, points=points)


def _read_out(seating: Seating, raw: Any, ended: Ending, path: str,
              problems: Problems) -> tuple[str, ...] | None:
    """Who went out: one player, or in pairs both partners (in the order they
    went out). In pairs one partner may be out of a blocked hand."""
    if raw is None:
        if ended is Ending.DOMINO:
            problems.error(path, "nobody_out", tr("Say who went out."))
            return None
        return ()
    names = read_out(raw, path, seating, problems)
    if names is None:
        return None
    if ended is Ending.TARGET:
        problems.error(path, "bad_value", tr("A hand stopped at the target has nobody out."))
        return None
    if seating.teams is None:
        return _one_out(names, ended, path, problems)
    sides = {seating.side_of(n) for n in names}
    if len(sides) > 1:
        problems.error(path, "several_out", tr("Only one pair goes out."))
        return None
    if ended is Ending.DOMINO and len(names) < 2:
        problems.error(path, "bad_value",
                       tr("In pairs the hand ends when both partners are out: name both."))
        return None
    if ended is Ending.BLOCKED and len(names) == 2:
        problems.error(path, "out_but_blocked",
                       tr("Both partners were out: the hand ended by domino, not blocked."))
        return None
    return names


def _one_out(names: tuple[str, ...], ended: Ending, path: str,
             problems: Problems) -> tuple[str, ...] | None:
    """Who went out when each plays alone: one player, of a hand ended by domino."""
    if ended is Ending.BLOCKED:
        problems.error(path, "out_but_blocked", tr("In a blocked hand nobody went out."))
        return None
    if len(names) > 1:
        problems.error(path, "several_out", tr("Only one player goes out."))
        return None
    return names


def _check_bonuses(game: FivesThreesGame, raw: Any, ended: Ending, out: tuple[str, ...], chip: int,
                   path: str, problems: Problems) -> list[tuple[str, int]]:
    """``bonuses``: the chip-out point is derived (a typed one must match it);
    knock bonuses are typed (``{"kind": "knock", "player", "points"}``) and only
    allowed with ``knock_bonus``. Returns the knocks, in order."""
    knocks: list[tuple[str, int]] = []
    if raw is None:
        return knocks
    if not isinstance(raw, list):
        problems.error(path, "bad_value", tr("Bonuses are a list."))
        return knocks
    seating = game.seating
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        kind = item.get("kind") if isinstance(item, Mapping) else None
        if kind == "chip_out":
            who = item.get("team", item.get("player"))
            mine = isinstance(who, str) and out and (who == seating.side_of(out[0]) or who in out)
            if not chip or not mine:
                problems.error(where, "bonus_not_allowed",
                               tr("The chip-out point goes only to who went out by domino "
                                  "(in pairs, when both partners are out)."))
            elif item.get("points") != chip:
                problems.error(f"{where}.points", "points_mismatch",
                               tr("Chipping out scores %(points)s.", points=chip), points=chip)
        elif kind == "knock":
            knock = _read_knock(game, item, where, problems)
            if knock is not None:
                knocks.append(knock)
        else:
            problems.error(where, "bonus_not_allowed",
                           tr("The bonuses of this game are the chip-out point and, where the table "
                              "plays it, the knock."))
    return knocks


def _read_knock(game: FivesThreesGame, item: Mapping[str, Any], where: str,
                problems: Problems) -> tuple[str, int] | None:
    """One knock bonus of ``bonuses`` as ``(player, points)``: allowed with
    ``knock_bonus`` only, in whole knocks, at most one per other player."""
    seating, rules = game.seating, game.rules
    if not rules.knock_bonus:
        problems.error(where, "bonus_not_allowed", tr("Knocks score nothing at this table."))
        return None
    player = read_player(item.get("player"), f"{where}.player", seating, problems)
    points = item.get("points")
    most = rules.knock_bonus * (len(seating.players) - 1)
    if not (is_whole(points) and 0 < points <= most and points % rules.knock_bonus == 0):
        problems.error(f"{where}.points", "points_mismatch",
                       tr("Knocks score %(each)s each, at most %(most)s before one play.",
                          each=rules.knock_bonus, most=most), each=rules.knock_bonus, most=most)
        return None
    if player is None:
        return None
    return player, points


def pegs_so_far(game: FivesThreesGame, data: Any, path: str = "hand") -> tuple[PegMove, ...]:
    """The pegs of a hand still being played: its scoring plays so far,
    pegged as :func:`_read_hand` pegs them (the points of each count from the
    count table, an overshoot of the exact target struck, a winning first tile
    struck with ``no_win_on_down``). Nobody is out yet: no chip-out point.

    :param data: ``{"leader"?, "plays": [{"player", "count"}]}`` (the leader
        defaults to the game's next leader).
    :return: one move per scoring play, in order (points).
    :raises RecordError: a play refused (``count_not_scoring``…), or a play
        after a side reached the target (``game_finished``).
    """
    problems = Problems()
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand is a JSON object."))
        problems.raise_if_any()
    leader: str | None = game.next_leader
    if data.get("leader") is not None:
        leader = read_player(data["leader"], f"{path}.leader", game.seating, problems)
    elif leader is None:
        problems.error(f"{path}.leader", "bad_value", tr("Say who led this hand."))
    entries = read_plays(data.get("plays") or [], f"{path}.plays", game.seating, leader, problems,
                         claims=False) or []
    dealt = read_dealt(None, f"{path}.dealt", game.seating, game.rules.deal(), problems)
    problems.raise_if_any()
    plays = _check_plays(game.rules, game.seating, entries, dealt, {}, f"{path}.plays", problems)
    problems.raise_if_any()
    pegger = Pegger(game.totals, game.target, game.rules.exact_target)
    _peg_plays(game, pegger, plays, 0, path, problems)
    problems.raise_if_any()
    return tuple(pegger.moves)
