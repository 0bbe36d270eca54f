"""Fives and Threes (kind ``fives_threes``), the game of the UK pub leagues.

The tiles form one line with two ends. After each play the ends are added up
(the *count*); a count divisible by three scores count ÷ 3, divisible by five
count ÷ 5, and both when it is divisible by both (15 scores 5 + 3 = 8). The
player who lays his last tile scores one more point ("chipping out"). The
game is pegged on a cribbage board to exactly 61 (or 121, "twice round"): a
score that would pass the target is not pegged.

Rules and sources (``shared/rules-families.md`` section 3 and its section 7;
to be carried into ``docs/sources.md``):

* pagat, Fives and Threes (mirror:
  https://gambiter.com/domino/western/fives_and_threes.html): the count
  table; the chip-out point (in pairs when both partners are out; none in a
  block); 61 exactly; deal 7 tiles for two players, 5 for three or four, no
  drawing; the lead passes to the left.
* Teesdale league (http://bcad5sand3s.co.uk/what_is_fives_and_threes.htm):
  9 / 6 tiles; the winning points may not come from the first tile
  (``no_win_on_down``).
* Leek Domino League (http://www.leekdominoleague.org.uk/rules1.html): no
  point for the last domino; 9 / 6 tiles; singles 61, doubles 121.
* Solihull & Warwickshire league (https://domino-league.co.uk/rules): 121 for
  doubles.
* sadmansoftware (http://www.sadmansoftware.com/fivesandthrees/): the knock
  bonus; dominorules, Threes and Fives
  (https://www.dominorules.com/threes-and-fives): the American game that
  scores the count itself (``score_pips_variant``).

Entry points for the app (kinds table, forms, score pad, views, PDF):

* :func:`read_game` — a whole game record → :class:`FivesThreesGame` (raises
  :class:`~companion.rules.errors.RecordError`);
  :meth:`FivesThreesGame.add_hand` — check and add the next hand.
* :attr:`HandResult.scores` — a round's ``scores`` (players) or
  ``team_scores`` (teams); :attr:`HandResult.pegs` — every score, struck ones
  included, for the sheet.
* :meth:`FivesThreesGame.standings`, ``totals``, ``finished``, ``winners``,
  ``next_leader`` — the game's state; :meth:`FivesThreesGame.peg_board` —
  pegs before/after the latest score, overshoots struck.
* :func:`keypad` and :func:`count_points` — the counts that score (3, 5, 6,
  9, 10, 12, 15, 18, 20) and their points.
* :data:`RULE_KEYS`, :data:`PRESETS`, :func:`read_rules`.
* For club nights (a match of several games, not the engine of one game):
  :data:`MATCH_FORMATS` and :func:`league_points`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import N_, Problems, tr
from .counts import (
    DIRECTION_KEY,
    DOUBLE_SIX,
    DRAW_COUNTS_KEY,
    IGNORED_ROUND_KEYS,
    CountKey,
    Direction,
    Ending,
    HandLeft,
    Keypad,
    PlayEntry,
    Preset,
    RuleKey,
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
    read_rule_values,
    read_seating,
)
from .pegging import PegBoard, Pegger, PegMove, ScoreKind, Standing, peg_board, standings

KIND = "fives_threes"

_PAGAT = "pagat Fives and Threes (https://gambiter.com/domino/western/fives_and_threes.html)"
_LEEK = "Leek Domino League (http://www.leekdominoleague.org.uk/rules1.html)"
_TEESDALE = "Teesdale league (http://bcad5sand3s.co.uk/what_is_fives_and_threes.htm)"

RULE_KEYS: tuple[RuleKey, ...] = (
    RuleKey("target_score", 61, minimum=1, maximum=10_000,
            label=N_("Game: 61 (once round the board) or 121 (twice round)"),
            source=_PAGAT + "; " + _LEEK + "; Solihull & Warwickshire league"),
    RuleKey("exact_target", True, (True, False),
            label=N_("The target must be reached exactly; a score that would pass it is not pegged"),
            source=_PAGAT + "; " + _TEESDALE),
    RuleKey("chip_out_point", 1, minimum=0, maximum=5,
            label=N_("Points for laying the last tile (chipping out)"), source=_PAGAT + "; " + _LEEK),
    RuleKey("no_win_on_down", False, (False, True),
            label=N_("The winning points cannot come from the first tile of a hand"),
            source=_TEESDALE + "; " + _LEEK),
    RuleKey("knock_bonus", 0, minimum=0, maximum=5,
            label=N_("Points per knock for the next player who can play"),
            source="sadmansoftware (http://www.sadmansoftware.com/fivesandthrees/)"),
    RuleKey("score_pips_variant", False, (False, True),
            label=N_("American Threes and Fives: a count scores itself, twice when divisible by both"),
            source="dominorules (https://www.dominorules.com/threes-and-fives)"),
    DRAW_COUNTS_KEY,
    DIRECTION_KEY,
)
"""Every rule key of the kind, with its default."""

DEAL_PAGAT: Mapping[int, int] = {2: 7, 3: 5, 4: 5}
"""pagat: 7 tiles each for two players, 5 for three or four; no drawing."""

PRESETS: Mapping[str, Preset] = {
    "fives_threes": Preset("fives_threes", N_("Fives and Threes (61)"), _PAGAT, {}),
    "twice_round": Preset("twice_round", N_("Fives and Threes, twice round (121)"),
                          _LEEK + "; Solihull & Warwickshire league", {"target_score": 121}),
    "teesdale": Preset("teesdale", N_("Teesdale league"), _TEESDALE,
                       {"no_win_on_down": True, "draw_counts": {2: 9, 4: 6}}),
    "leek": Preset("leek", N_("Leek league"), _LEEK,
                   {"chip_out_point": 0, "no_win_on_down": True, "draw_counts": {2: 9, 4: 6}}),
}
"""The named rule sets of the start page (a preset's dealing table overrides
pagat's for the numbers of players it names)."""

MOST_SHOWN = 22
"""The highest count a two-ended double-six line shows (6-6 and 5-5 at the ends)."""

NEVER_SHOWN = frozenset({19, 21})
"""Counts up to 22 that two ends never show: an odd count needs a single end
(at most 6) beside a double (at most 12), so 17 is the highest odd one."""


@dataclass(frozen=True)
class FivesThreesRules:
    """The rules of one Fives and Threes game (every key of :data:`RULE_KEYS`).

    :ivar target_score: the target, in points.
    :ivar exact_target: scores that would pass it are not pegged.
    :ivar chip_out_point: points for going out.
    :ivar no_win_on_down: the winning points cannot come from a hand's first tile.
    :ivar knock_bonus: points per knock (0: off).
    :ivar score_pips_variant: the count scores itself (doubled when divisible by 15).
    :ivar draw_counts: tiles dealt by number of players (over pagat's 7 / 5 / 5).
    :ivar direction: the way play passes.
    """

    target_score: int = 61
    exact_target: bool = True
    chip_out_point: int = 1
    no_win_on_down: bool = False
    knock_bonus: int = 0
    score_pips_variant: bool = False
    draw_counts: Mapping[int, int] | None = None
    direction: Direction = Direction.CLOCKWISE

    def deal(self) -> Mapping[int, int]:
        """Tiles dealt by number of players."""
        return {**DEAL_PAGAT, **(self.draw_counts or {})}

    @property
    def most_per_play(self) -> int:
        """The most points one play can score (8 for a count of 15; 30 in the variant)."""
        return max(count_points(c, self.score_pips_variant)
                   for c in range(MOST_SHOWN + 1) if c not in NEVER_SHOWN)


def read_rules(data: Any, problems: Problems, path: str = "rules") -> FivesThreesRules:
    """Read a record's ``rules`` for ``fives_threes``.

    :return: the rules (defaults where a value was refused). Problems:
        ``unknown_rule``, ``bad_value``.
    """
    v = read_rule_values(data, RULE_KEYS, problems, path)
    return FivesThreesRules(
        target_score=v["target_score"], exact_target=v["exact_target"],
        chip_out_point=v["chip_out_point"], no_win_on_down=v["no_win_on_down"],
        knock_bonus=v["knock_bonus"], score_pips_variant=v["score_pips_variant"],
        draw_counts=v["draw_counts"], direction=Direction(v["direction"]),
    )


def count_points(count: int, score_pips_variant: bool = False) -> int:
    """What a count scores (pagat's table): count ÷ 3 when divisible by three,
    plus count ÷ 5 when divisible by five; 0 for a count of 0 or one divisible
    by neither. 3 → 1, 5 → 1, 6 → 2, 9 → 3, 10 → 2, 12 → 4, 15 → 8, 18 → 6,
    20 → 4.

    :param count: the count on the two ends, in pips.
    :param score_pips_variant: dominorules' American game: the count itself,
        twice when divisible by both (15 → 30, 12 → 12).
    :return: points.
    """
    if count <= 0:
        return 0
    by3, by5 = count % 3 == 0, count % 5 == 0
    if score_pips_variant:
        return count * 2 if by3 and by5 else count if by3 or by5 else 0
    return (count // 3 if by3 else 0) + (count // 5 if by5 else 0)


def keypad(rules: FivesThreesRules) -> Keypad:
    """The counts that score on a two-ended line, with their points, for the
    score pad: 3, 5, 6, 9, 10, 12, 15, 18, 20."""
    keys = tuple(CountKey(c, count_points(c, rules.score_pips_variant))
                 for c in range(1, MOST_SHOWN + 1)
                 if c not in NEVER_SHOWN and count_points(c, rules.score_pips_variant))
    return Keypad(keys)


def check_count(count: int, rules: FivesThreesRules, path: str, problems: Problems) -> bool:
    """Check one scoring play's count (brief section 3, "What it can check").

    :return: ``True`` when the count can show and scores. Problems:
        ``count_impossible`` (above 22, or 19 or 21: a two-ended line never
        shows them), ``count_not_scoring`` (0, or divisible by neither 3 nor 5).
    """
    if count > MOST_SHOWN or count in NEVER_SHOWN:
        problems.error(path, "count_impossible",
                       tr("A line with two ends never shows a count of %(count)s.", count=count),
                       count=count)
        return False
    if not count_points(count, rules.score_pips_variant):
        problems.error(path, "count_not_scoring",
                       tr("A count of %(count)s scores nothing: it is divisible by neither 3 nor 5.",
                          count=count), count=count)
        return False
    return True


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


ROUND_KEYS = frozenset({"leader", "dealt", "plays", "in_play", "ended", "out", "hands", "bonuses"})


@dataclass(frozen=True)
class FivesThreesGame:
    """A game of Fives and Threes, every hand checked.

    :ivar seating: players, teams and direction.
    :ivar rules: the rules in play.
    :ivar hands: the hands so far.
    """

    seating: Seating
    rules: FivesThreesRules
    hands: tuple[HandResult, ...] = ()
    _winner: str | None = field(default=None, repr=False)

    @property
    def target(self) -> int:
        """The game's target, in points."""
        return self.rules.target_score

    @property
    def totals(self) -> dict[str, int]:
        """Each side's total, in points."""
        out = {s: 0 for s in self.seating.sides}
        for h in self.hands:
            for s, v in h.scores.items():
                out[s] += v
        return out

    @property
    def finished(self) -> bool:
        """A side has reached the target (the game stops at that score)."""
        return self._winner is not None

    @property
    def winners(self) -> tuple[str, ...]:
        """The side that reached the target, once finished; ``()`` before."""
        return (self._winner,) if self._winner is not None else ()

    def standings(self) -> tuple[Standing, ...]:
        """The sides from the highest total down; ties share a rank."""
        return standings(self.totals, {s: self.seating.members(s) for s in self.seating.sides})

    @property
    def next_leader(self) -> str | None:
        """Who leads the next hand: the lead passes to the left (the next seat
        in the direction of play) from the last hand's leader; ``None`` for the
        first hand (by lot) and once the game is over (pagat)."""
        if self.finished or not self.hands:
            return None
        return self.seating.next_player(self.hands[-1].leader)

    def moves(self) -> tuple[PegMove, ...]:
        """Every score of the game in order, pegged or struck."""
        return tuple(m for h in self.hands for m in h.pegs)

    def peg_board(self) -> PegBoard:
        """Both pegs of every side and the latest score (an overshoot comes
        back struck), for the board drawing; holes: the target."""
        return peg_board(self.moves(), self.seating.sides, self.target)

    def add_hand(self, data: Any, path: str | None = None) -> FivesThreesGame:
        """Check the next hand and return the game with it.

        :param data: the round object (``leader``, ``plays`` or ``in_play``,
            ``ended``, ``out``; optional ``dealt``, ``hands``, ``bonuses``).
        :param path: the path prefix of problems (``rounds[<n>]`` by default).
        :raises RecordError: with section 3's codes (``count_impossible``,
            ``count_not_scoring``, ``points_mismatch``, ``lead_count_mismatch``,
            ``bonus_not_allowed``, ``game_finished``, ``nobody_out``,
            ``several_out``, ``out_but_blocked``, and the reading codes of
            :mod:`.counts`).
        """
        where = path if path is not None else f"rounds[{len(self.hands)}]"
        problems = Problems()
        if self.finished:
            problems.error(where, "game_finished", tr("The game is over: no more hands."))
            problems.raise_if_any()
        hand, winner = _read_hand(self, data, where, problems)
        problems.raise_if_any()
        assert hand is not None
        return replace(self, hands=(*self.hands, hand), _winner=winner)


def read_game(record: Mapping[str, Any]) -> FivesThreesGame:
    """Read and check a whole ``fives_threes`` game record.

    :return: the game, every hand checked and scored.
    :raises RecordError: the first problems found (the record's own, or those
        of the first hand that fails).
    """
    problems = Problems()
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record is a JSON object."))
        problems.raise_if_any()
    if record.get("kind", KIND) != KIND:
        problems.error("kind", "unknown_kind", tr("This is not a game of Fives and Threes."))
    if record.get("set", 6) != 6:
        problems.error("set", "unknown_set", tr("Fives and Threes is played with a double-six set."))
    rules = read_rules(record.get("rules"), problems)
    seating = read_seating(record, problems, least=2, most=4, teams="optional", direction=rules.direction)
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        problems.error("rounds", "bad_value", tr("The hands are a list."))
    problems.raise_if_any()
    assert seating is not None
    game = FivesThreesGame(seating, rules)
    for data in rounds:
        game = game.add_hand(data)
    return game


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
                      tuple(pegger.moves), scores)
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


# ---------------------------------------------------------------- league matches


@dataclass(frozen=True)
class MatchFormat:
    """How a league scores a match of several games between two teams.

    :ivar key: stable key. :ivar label: the name shown (marked for translation).
    :ivar source: the league's rules page.
    :ivar games: games in a match, or ``None`` where the source does not say.
    :ivar win_points: league points for winning the match.
    :ivar close_loss_points: league points for a loser who keeps it to one game
        (5–4 in a match of 9).
    :ivar points_per_game: league points for each game won.
    """

    key: str
    label: str
    source: str
    games: int | None
    win_points: int
    close_loss_points: int = 0
    points_per_game: int = 0


MATCH_FORMATS: Mapping[str, MatchFormat] = {
    "solihull": MatchFormat("solihull", N_("Solihull & Warwickshire: 9 games, 3 points, 1 for a 5–4 loss"),
                            "Solihull & Warwickshire District Domino League (https://domino-league.co.uk/rules)",
                            games=9, win_points=3, close_loss_points=1),
    "leek": MatchFormat("leek", N_("Leek: 2 points for the match, 1 per game won"), _LEEK,
                        games=None, win_points=2, points_per_game=1),
}
"""League match formats of the brief (section 3), for club nights."""


def league_points(fmt: MatchFormat, won: Mapping[str, int]) -> dict[str, int]:
    """League points of the two teams of a match.

    :param fmt: the league's format.
    :param won: games won by each of the two teams.
    :return: league points by team; a drawn match gives neither team the
        match points (the sources do not say; a league decides).
    :raises ValueError: for other than two teams, or more games than the match has.
    """
    if len(won) != 2:
        raise ValueError("a match is between two teams")
    if fmt.games is not None and sum(won.values()) > fmt.games:
        raise ValueError(f"a match has {fmt.games} games")
    (a, ga), (b, gb) = won.items()
    out = {a: ga * fmt.points_per_game, b: gb * fmt.points_per_game}
    if ga != gb:
        winner, loser = (a, b) if ga > gb else (b, a)
        out[winner] += fmt.win_points
        if abs(ga - gb) == 1:
            out[loser] += fmt.close_loss_points
    return out
