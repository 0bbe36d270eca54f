"""All Fives and its cousins (kind ``all_fives``): Muggins, Sniff, Five Up.

After each play the open ends of the layout are added up (the *count*); when
the count is a multiple of five the player who made it scores it. At the end
of the hand the winner — the player out, or in a block the player or team with
the fewest pips — scores the pips left in the losers' hands, rounded to five.
The four games differ in the layout (``spinners``); the rest are rule keys.

Rules and sources (``shared/rules-families.md`` section 2 and its section 7;
to be carried into ``docs/sources.md``):

* pagat, All Fives — https://www.pagat.com/domino/cross/all_fives.html: the
  first double is a spinner; a count that is a multiple of five scores it;
  the winner scores the losers' pips rounded to the nearest five (remainder 1
  or 2 down, 3 or 4 up); a blocked hand goes to the lowest hand, a tie scores
  nobody with two or four players, with three the tied two share; game 250
  for two, 200 for three or four, or 61 pegged in fives; deal 9 / 7 / 5.
* pagat, Muggins — https://www.pagat.com/domino/line/muggins.html, and
  Foster's Complete Hoyle: no spinner; the best single play counts 20; deal
  7 / 5 / 5; a missed score may be claimed ("muggins").
* pagat, Sniff — http://www.pagat.com/tile/wdom/sniff.html: the first double
  (the sniff); US form: a spinner whose halves keep counting while exposed;
  British form: in line, one tile on each side; deal 7 / 6 / 5.
* Five Up (section 6 of the brief; http://www.ardent-tool.com/memory/abmc.txt):
  every double a spinner, one point per five, 5 tiles each.
* Variants: Wikipedia, Muggins (each hand rounded); gambit.com and the Domino
  All Fives app (difference); bonesdomino (round down); big6bones ("ten to
  get in"); digigamers (the game stops at the play reaching the target).

Entry points for the app (kinds table, forms, score pad, views, PDF):

* :func:`read_game` — a whole game record → :class:`AllFivesGame` (raises
  :class:`~companion.rules.errors.RecordError`).
* :meth:`AllFivesGame.add_hand` — check and add the next hand (``POST
  …/rounds``); :meth:`AllFivesGame.hands` ``[i].scores`` gives a round's
  ``scores`` (players) or ``team_scores`` (teams).
* :meth:`AllFivesGame.standings`, :attr:`AllFivesGame.totals`,
  :attr:`AllFivesGame.finished`, :attr:`AllFivesGame.winners`,
  :attr:`AllFivesGame.next_leader` — the game's state.
* :func:`keypad` — the counts that score and their points, for the score pad;
  :meth:`AllFivesGame.peg_board` — pegs before/after the last score.
* :data:`RULE_KEYS` (every key with its default, label and source),
  :data:`PRESETS` (All Fives, Muggins, Sniff, Five Up), :func:`read_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
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
    Rounding,
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
    round_to_five,
)
from .pegging import PegBoard, Pegger, PegMove, ScoreKind, Standing, peg_board, reached, standings

KIND = "all_fives"

# ---------------------------------------------------------------- rule keys


class Spinners(StrEnum):
    """Which doubles can be played on from four sides (rule key ``spinners``)."""

    NONE = "none"
    """Muggins: one line, two ends."""
    FIRST = "first"
    """All Fives: the first double only."""
    SNIFF_US = "sniff_us"
    """Sniff, US form: the first double is a spinner whose halves keep counting
    while exposed."""
    SNIFF_UK = "sniff_uk"
    """Sniff, British form: the first double lies in line, one tile each side."""
    ALL = "all"
    """Five Up: every double."""

    @property
    def most_shown(self) -> int | None:
        """The highest count the layout can show, in pips; ``None``: no small
        bound. A line shows at most 22 (6-6 and 5-5 at the ends); with one
        spinner four arm ends show at most 36 (0-0 spinner; 6-6, 5-5, 4-4,
        3-3 at the ends)."""
        if self is Spinners.NONE:
            return 22
        if self is Spinners.ALL:
            return None
        return 36

    @property
    def most_scored(self) -> int | None:
        """The highest count that scores (brief, section 2, "count range"):
        20 without a spinner, 35 with one, no small bound in Five Up."""
        shown = self.most_shown
        return None if shown is None else shown - shown % 5


class ScoreUnit(StrEnum):
    """What a count is worth (rule key ``score_unit``)."""

    PIPS = "pips"
    """The count as is (a count of 15 scores 15 points), kept on paper."""
    FIVES = "fives"
    """The count divided by five, pegged on a cribbage board (15 → 3)."""


class HandBonus(StrEnum):
    """What the winner of a hand scores from the losers' hands (``hand_bonus``)."""

    OPPONENTS_ROUNDED = "opponents_rounded"
    """The losers' pips added, the total rounded to five (pagat)."""
    EACH_HAND_ROUNDED = "each_hand_rounded"
    """Each loser's hand rounded to five, then added (Wikipedia, Muggins)."""
    DIFFERENCE_ROUNDED = "difference_rounded"
    """The losers' pips less the winner's own, rounded (gambit.com)."""
    NONE = "none"
    """No bonus."""


class BlockedTie(StrEnum):
    """A blocked hand with a tie for the fewest pips (``blocked_tie``)."""

    NOBODY = "nobody"
    """Nobody scores the bonus (pagat, two or four players)."""
    SHARE = "share"
    """The tied players share it (pagat, three players)."""


class WinCheck(StrEnum):
    """When the game is over (``win_check``)."""

    IMMEDIATE = "immediate"
    """At the score that reaches the target, as on a cribbage board."""
    HAND_END = "hand_end"
    """At the end of the hand in which a total reached the target."""


class FirstLead(StrEnum):
    """Who leads a hand (``first_lead``)."""

    WINNER = "winner"
    """The first hand by lot; then whoever went out; after a block, by lot."""
    HIGHEST_DOUBLE = "highest_double"
    """The holder of the highest double leads it (the tiles decide)."""


_PAGAT = "pagat All Fives (https://www.pagat.com/domino/cross/all_fives.html)"

RULE_KEYS: tuple[RuleKey, ...] = (
    RuleKey("spinners", Spinners.FIRST.value, tuple(s.value for s in Spinners),
            label=N_("Spinners: none (Muggins), the first double (All Fives), the sniff, every double"),
            source="pagat, the Fives family (https://pagat.com/domino/fives_family.html)"),
    RuleKey("score_unit", ScoreUnit.PIPS.value, tuple(u.value for u in ScoreUnit),
            label=N_("Scores in points, or in fives on a cribbage board"), source=_PAGAT),
    RuleKey("hand_bonus", HandBonus.OPPONENTS_ROUNDED.value, tuple(b.value for b in HandBonus),
            label=N_("What the winner of a hand scores from the losers' hands"),
            source=_PAGAT + "; Wikipedia, Muggins; gambit.com"),
    RuleKey("rounding", Rounding.NEAREST.value, tuple(r.value for r in Rounding),
            label=N_("Pips rounded to the nearest five, or down"), source=_PAGAT + "; bonesdomino"),
    RuleKey("blocked_tie", None, tuple(t.value for t in BlockedTie),
            label=N_("A tie for the fewest pips in a blocked hand: nobody scores, or the tied share "
                     "(by default nobody with two or four players, share with three)"), source=_PAGAT),
    RuleKey("target_score", None, minimum=1, maximum=10_000,
            label=N_("Game: 250 for two players, 200 for three or four, 61 in fives"),
            source=_PAGAT + "; Foster's Hoyle (100); brainzilla (150); gambit.com (200/400)"),
    RuleKey("exact_target", False, (False, True),
            label=N_("A score that would pass the target is not added"), source=_PAGAT + " (variants)"),
    RuleKey("win_check", WinCheck.IMMEDIATE.value, tuple(w.value for w in WinCheck),
            label=N_("The game stops at the score that reaches the target, or at the hand's end"),
            source="digigamers Muggins; onlinedominogames"),
    RuleKey("entry_minimum", 0, minimum=0, maximum=100,
            label=N_("A player's first score must be at least this count (ten to get in)"),
            source="big6bones"),
    RuleKey("subtract_own", False, (False, True),
            label=N_("At the hand's end every player loses his own pips, rounded"),
            source=_PAGAT + " (variants)"),
    RuleKey("muggins_claims", False, (False, True),
            label=N_("An opponent may claim a score the player missed"),
            source="Wikipedia, Muggins; Foster's Hoyle"),
    RuleKey("first_lead", FirstLead.WINNER.value, tuple(f.value for f in FirstLead),
            label=N_("Who leads: whoever went out last hand, or the holder of the highest double"),
            source=_PAGAT + "; gambit.com; Wikipedia, Muggins"),
    DRAW_COUNTS_KEY,
    DIRECTION_KEY,
)
"""Every rule key of the kind, with its default (``None``: worked out from the
number of players or the score unit, see :class:`AllFivesRules`)."""

DEAL_ALL_FIVES: Mapping[int, int] = {2: 9, 3: 7, 4: 5}
"""pagat All Fives: 9 / 7 / 5 tiles for 2 / 3 / 4 players (the kind's default)."""

PRESETS: Mapping[str, Preset] = {
    "all_fives": Preset("all_fives", N_("All Fives"), _PAGAT,
                        {"spinners": "first"}),
    "muggins": Preset("muggins", N_("Muggins"),
                      "pagat Muggins (https://www.pagat.com/domino/line/muggins.html); Foster's Hoyle",
                      {"spinners": "none", "draw_counts": {2: 7, 3: 5, 4: 5}}),
    "sniff": Preset("sniff", N_("Sniff"), "pagat Sniff (http://www.pagat.com/tile/wdom/sniff.html), US form",
                    {"spinners": "sniff_us", "draw_counts": {2: 7, 3: 6, 4: 5}}),
    "five_up": Preset("five_up", N_("Five Up"),
                      "domino-play's Five-Up page (http://www.ardent-tool.com/memory/abmc.txt)",
                      {"spinners": "all", "score_unit": "fives", "target_score": 61,
                       "draw_counts": {2: 5, 3: 5, 4: 5}}),
}
"""The named rule sets of the start page."""


@dataclass(frozen=True)
class AllFivesRules:
    """The rules of one All Fives game (every key of :data:`RULE_KEYS`).

    :ivar spinners: the layout.
    :ivar score_unit: points (pips) or fives.
    :ivar hand_bonus: the end-of-hand bonus.
    :ivar rounding: how pips round to five.
    :ivar blocked_tie: as given, or ``None`` for the player-count default.
    :ivar target_score: as given (in the game's unit), or ``None`` for the default.
    :ivar exact_target: overshooting scores are struck.
    :ivar win_check: when the game stops.
    :ivar entry_minimum: a side's first score must be at least this count, in pips.
    :ivar subtract_own: each player loses his own pips at the hand's end.
    :ivar muggins_claims: ``claimed_by`` is allowed.
    :ivar first_lead: who leads the next hand.
    :ivar draw_counts: tiles dealt by number of players, or ``None`` (9 / 7 / 5).
    :ivar direction: the way play passes.
    """

    spinners: Spinners = Spinners.FIRST
    score_unit: ScoreUnit = ScoreUnit.PIPS
    hand_bonus: HandBonus = HandBonus.OPPONENTS_ROUNDED
    rounding: Rounding = Rounding.NEAREST
    blocked_tie: BlockedTie | None = None
    target_score: int | None = None
    exact_target: bool = False
    win_check: WinCheck = WinCheck.IMMEDIATE
    entry_minimum: int = 0
    subtract_own: bool = False
    muggins_claims: bool = False
    first_lead: FirstLead = FirstLead.WINNER
    draw_counts: Mapping[int, int] | None = None
    direction: Direction = Direction.CLOCKWISE

    def target(self, players: int) -> int:
        """The target in the game's unit: as given, else 61 in fives, else 250
        for two players and 200 for three or four (pagat)."""
        if self.target_score is not None:
            return self.target_score
        if self.score_unit is ScoreUnit.FIVES:
            return 61
        return 250 if players == 2 else 200

    def tie_rule(self, sides: int) -> BlockedTie:
        """The blocked-tie rule: as given, else share with three sides, else nobody."""
        if self.blocked_tie is not None:
            return self.blocked_tie
        return BlockedTie.SHARE if sides == 3 else BlockedTie.NOBODY

    def deal(self) -> Mapping[int, int]:
        """Tiles dealt by number of players."""
        return self.draw_counts or DEAL_ALL_FIVES

    def points(self, pips: int) -> int:
        """A count or a rounded bonus (pips, a multiple of five) in the game's unit."""
        return pips // 5 if self.score_unit is ScoreUnit.FIVES else pips


def read_rules(data: Any, problems: Problems, path: str = "rules") -> AllFivesRules:
    """Read a record's ``rules`` for ``all_fives``.

    :return: the rules (defaults where a value was refused). Problems:
        ``unknown_rule``, ``bad_value``.
    """
    v = read_rule_values(data, RULE_KEYS, problems, path)
    return AllFivesRules(
        spinners=Spinners(v["spinners"]), score_unit=ScoreUnit(v["score_unit"]),
        hand_bonus=HandBonus(v["hand_bonus"]), rounding=Rounding(v["rounding"]),
        blocked_tie=None if v["blocked_tie"] is None else BlockedTie(v["blocked_tie"]),
        target_score=v["target_score"], exact_target=v["exact_target"],
        win_check=WinCheck(v["win_check"]), entry_minimum=v["entry_minimum"],
        subtract_own=v["subtract_own"], muggins_claims=v["muggins_claims"],
        first_lead=FirstLead(v["first_lead"]), draw_counts=v["draw_counts"],
        direction=Direction(v["direction"]),
    )


def keypad(rules: AllFivesRules) -> Keypad:
    """The counts that score, with their points, for the score pad: 5, 10, …
    up to 20 without a spinner and 35 with one (Five Up: 5–35 and more).

    :return: a :class:`~.counts.Keypad` in the game's unit (15 → 15 points, or 3 fives).
    """
    top = rules.spinners.most_scored
    keys = tuple(CountKey(c, rules.points(c)) for c in range(5, (top or 35) + 1, 5))
    return Keypad(keys, more=top is None)


# ---------------------------------------------------------------- a hand


@dataclass(frozen=True)
class Play:
    """A scoring play with its points worked out.

    :ivar entry: the play as entered.
    :ivar points: what the count scores, in the game's unit.
    :ivar side: who is credited (the scorer's side).
    """

    entry: PlayEntry
    points: int
    side: str


@dataclass(frozen=True)
class Bonus:
    """The winner's bonus for a hand.

    :ivar sides: who scores it (two sides when tied players share it).
    :ivar pips: the losers' pips counted (less the winner's own with
        ``difference_rounded``), before rounding, in pips.
    :ivar rounded: after rounding, in pips.
    :ivar points: what each side of ``sides`` scores, in the game's unit.
    """

    sides: tuple[str, ...]
    pips: int
    rounded: int
    points: int


@dataclass(frozen=True)
class HandResult:
    """One hand, checked and scored.

    :ivar number: 1 for the first hand.
    :ivar leader: who led it.
    :ivar plays: the scoring plays (empty with ``in_play``).
    :ivar in_play: points each player made during the hand, in the game's unit
        (a claimed score counts for the claimer).
    :ivar ended: how it ended.
    :ivar out: who went out, or ``None``.
    :ivar pips: the pips left in each hand given, in pips.
    :ivar bonus: the winner's bonus, or ``None`` (a tie nobody wins, no bonus rule,
        or a hand stopped at the target).
    :ivar pegs: every score of the hand in order, pegged or struck.
    :ivar scores: what each side added this hand, in the game's unit (a round's
        ``scores`` by player, or ``team_scores`` by team name).
    """

    number: int
    leader: str
    plays: tuple[Play, ...]
    in_play: Mapping[str, int]
    ended: Ending
    out: str | None
    pips: Mapping[str, int]
    bonus: Bonus | None
    pegs: tuple[PegMove, ...]
    scores: Mapping[str, int]


ROUND_KEYS = frozenset({"leader", "dealt", "plays", "in_play", "ended", "out", "hands", "bonuses"})


@dataclass(frozen=True)
class AllFivesGame:
    """A game of the All Fives family, every hand checked.

    :ivar seating: players, teams and direction.
    :ivar rules: the rules in play.
    :ivar hands: the hands so far, in order.
    """

    seating: Seating
    rules: AllFivesRules
    hands: tuple[HandResult, ...] = ()
    _winners: tuple[str, ...] = field(default=(), repr=False)

    @property
    def target(self) -> int:
        """The game's target, in its unit (points or fives)."""
        return self.rules.target(len(self.seating.players))

    @property
    def totals(self) -> dict[str, int]:
        """Each side's total, in the game's unit."""
        out = {s: 0 for s in self.seating.sides}
        for h in self.hands:
            for s, v in h.scores.items():
                out[s] += v
        return out

    @property
    def finished(self) -> bool:
        """The game is over (a side reached the target)."""
        return bool(self._winners)

    @property
    def winners(self) -> tuple[str, ...]:
        """The winning side(s) once finished; ``()`` before. With ``win_check:
        immediate`` the first to reach the target; with ``hand_end`` the highest
        total (equal totals share the win)."""
        return self._winners

    def standings(self) -> tuple[Standing, ...]:
        """The sides from the highest total down; ties share a rank."""
        return standings(self.totals, {s: self.seating.members(s) for s in self.seating.sides})

    @property
    def next_leader(self) -> str | None:
        """Who leads the next hand: whoever went out in the last hand; ``None``
        when the table decides (the first hand, after a block — by lot — or
        with ``first_lead: highest_double``, or when the game is over)."""
        if self.finished or not self.hands or self.rules.first_lead is FirstLead.HIGHEST_DOUBLE:
            return None
        return self.hands[-1].out

    def moves(self) -> tuple[PegMove, ...]:
        """Every score of the game in order, pegged or struck."""
        return tuple(m for h in self.hands for m in h.pegs)

    def peg_board(self) -> PegBoard:
        """Both pegs of every side and the latest score, for the board drawing
        (holes: the target, in the game's unit)."""
        return peg_board(self.moves(), self.seating.sides, self.target)

    def add_hand(self, data: Any, path: str | None = None) -> AllFivesGame:
        """Check the next hand and return the game with it.

        :param data: the round object (``leader``, ``plays`` or ``in_play``,
            ``ended``, ``out``, ``hands``, optional ``dealt``, ``bonuses``).
        :param path: the path prefix of problems (``rounds[<n>]`` by default).
        :raises RecordError: with the codes of section 2's checks
            (``count_not_scoring``, ``count_impossible``, ``points_mismatch``,
            ``lead_count_mismatch``, ``bonus_not_allowed``, ``game_finished``,
            ``nobody_out``, ``several_out``, ``out_but_blocked``,
            ``missing_hand``, and the reading codes of :mod:`.counts`).
        """
        where = path if path is not None else f"rounds[{len(self.hands)}]"
        problems = Problems()
        if self.finished:
            problems.error(where, "game_finished", tr("The game is over: no more hands."))
            problems.raise_if_any()
        hand, winner = _read_hand(self, data, where, problems)
        problems.raise_if_any()
        assert hand is not None
        winners = winner
        if not winners and self.rules.win_check is WinCheck.HAND_END:
            after = {s: self.totals[s] + hand.scores.get(s, 0) for s in self.seating.sides}
            done = [s for s, t in after.items() if reached(t, self.target, self.rules.exact_target)]
            if done:
                best = max(after[s] for s in done)
                winners = tuple(s for s in done if after[s] == best)
        return replace(self, hands=(*self.hands, hand), _winners=winners)


def read_game(record: Mapping[str, Any]) -> AllFivesGame:
    """Read and check a whole ``all_fives`` game record.

    :param record: the game record (``players``, optional ``teams``,
        ``rules``, ``rounds``; ``kind`` and ``set`` checked when present).
    :return: the game, every hand checked and scored.
    :raises RecordError: the first problems found (the record's own, or those
        of the first hand that fails).
    """
    problems = Problems()
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record is a JSON object."))
        problems.raise_if_any()
    _check_kind(record, problems)
    rules = read_rules(record.get("rules"), problems)
    seating = read_seating(record, problems, least=2, most=4, teams="optional",
                           direction=rules.direction)
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        problems.error("rounds", "bad_value", tr("The hands are a list."))
    problems.raise_if_any()
    assert seating is not None
    game = AllFivesGame(seating, rules)
    for data in rounds:
        game = game.add_hand(data)
    return game


def _check_kind(record: Mapping[str, Any], problems: Problems) -> None:
    if record.get("kind", KIND) != KIND:
        problems.error("kind", "unknown_kind", tr("This is not a game of the All Fives family."))
    if record.get("set", 6) != 6:
        problems.error("set", "unknown_set", tr("The All Fives family is played with a double-six set."))


def check_count(count: int, rules: AllFivesRules, path: str, problems: Problems) -> bool:
    """Check one scoring play's count (brief section 2, "What it can check").

    :param count: the count, in pips (0 or more).
    :return: ``True`` when the count can show and scores. Problems:
        ``count_impossible`` (past what the layout can show, or past the
        highest scoring count: 20 without a spinner, 35 with one),
        ``count_not_scoring`` (not a multiple of five, or 0).
    """
    shown = rules.spinners.most_shown
    if shown is not None and count > shown:
        problems.error(path, "count_impossible",
                       tr("No layout of this game shows a count of %(count)s.", count=count), count=count)
        return False
    if count < 5 or count % 5:
        problems.error(path, "count_not_scoring",
                       tr("A count of %(count)s scores nothing: only multiples of five score.",
                          count=count), count=count)
        return False
    return True


def _read_hand(game: AllFivesGame, data: Any, path: str,
               problems: Problems) -> tuple[HandResult | None, tuple[str, ...]]:
    """Read one hand; returns it and the side that reached the target during
    it with ``win_check: immediate`` (``()`` when none)."""
    seating, rules = game.seating, game.rules
    read = _read_hand_fields(game, data, path, problems)
    if read is None:
        return None, ()
    leader, dealt, ended, entries, in_play_raw, hands = read

    plays = _check_plays(game, entries, dealt, hands, f"{path}.plays", problems)
    if in_play_raw is not None:
        _check_in_play(rules, in_play_raw, dealt, hands, f"{path}.in_play", problems)
    out = _read_out(game, data, ended, hands, path, problems)
    if problems.errors:
        return None, ()

    pegger = Pegger(game.totals, game.target, rules.exact_target, _entry_points(rules),
                    _sides_in(game))
    won = _peg_during_hand(game, pegger, plays, in_play_raw, leader, path, problems)
    if problems.errors:
        return None, ()
    _check_target_ending(game, data, ended, won, path, problems)
    if problems.errors:
        return None, ()

    bonus: Bonus | None = None
    pips = {p: h.pips for p, h in hands.items()}
    if ended is not Ending.TARGET:
        bonus = hand_bonus(rules, seating, ended, out, pips)
    _check_typed_bonuses(game, data.get("bonuses"), bonus, f"{path}.bonuses", problems)
    if problems.errors:
        return None, ()
    won = _peg_end_of_hand(game, pegger, bonus, out, ended, pips, won)
    in_play = {p: 0 for p in seating.players}
    for play in plays:
        in_play[play.entry.scorer] += play.points
    if in_play_raw is not None:
        in_play = dict(in_play_raw)
    scores = {s: pegger.totals[s] - game.totals[s] for s in seating.sides}
    hand = HandResult(len(game.hands) + 1, leader, tuple(plays), in_play, ended, out, pips, bonus,
                      tuple(pegger.moves), scores)
    return hand, ((won,) if won is not None else ())


_HandFields = tuple[str, dict[str, int], Ending, list[PlayEntry], dict[str, int] | None,
                    dict[str, HandLeft]]
"""A hand's fields as read: leader, tiles dealt, ending, scoring plays, the
quick ``in_play`` totals (or ``None``) and the hands left."""


def _read_hand_fields(game: AllFivesGame, data: Any, path: str,
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
    leader = _read_leader(game, data, path, problems)
    dealt = read_dealt(data.get("dealt"), f"{path}.dealt", seating, rules.deal(), problems)
    ended = read_ending(data.get("ended"), f"{path}.ended", problems)
    has_plays, has_totals = data.get("plays") is not None, data.get("in_play") is not None
    if has_plays == has_totals:
        problems.error(path, "bad_value",
                       tr("Give either the scoring plays or each player's points during play."))
    entries: list[PlayEntry] = []
    in_play_raw: dict[str, int] | None = None
    if has_plays and not has_totals:
        entries = read_plays(data["plays"], f"{path}.plays", seating, leader, problems,
                             claims=rules.muggins_claims) or []
    elif has_totals and not has_plays:
        in_play_raw = read_in_play(data["in_play"], f"{path}.in_play", seating, problems)
    laid = [e.tile for e in entries if e.tile is not None]
    hands = read_hands(data.get("hands"), f"{path}.hands", seating, problems, laid)
    if problems.errors or leader is None or ended is None:
        return None
    return leader, dealt, ended, entries, in_play_raw, hands


def _peg_during_hand(game: AllFivesGame, pegger: Pegger, plays: Sequence[Play],
                     in_play_raw: Mapping[str, int] | None, leader: str, path: str,
                     problems: Problems) -> str | None:
    """Peg the hand's plays (or its ``in_play`` totals, from the leader round
    the table); returns the side that reached the target with ``win_check:
    immediate`` (``None`` when none did). A play after the target was reached
    adds ``game_finished``."""
    seating = game.seating
    immediate = game.rules.win_check is WinCheck.IMMEDIATE
    won: str | None = None
    for play in plays:
        if won is not None:
            problems.error(f"{path}.plays[{play.entry.index}]", "game_finished",
                           tr("%(side)s reached the target before this play: the game was over.",
                              side=won), side=won)
            return won
        pegger.peg(play.side, play.points, ScoreKind.PLAY, play=play.entry.index, player=play.entry.scorer)
        if immediate:
            won = pegger.winner()
    if in_play_raw is not None:
        for player in _from(seating, leader):
            if in_play_raw[player] and won is None:
                pegger.peg(seating.side_of(player), in_play_raw[player], ScoreKind.IN_PLAY, player=player)
                if immediate:
                    won = pegger.winner()
    return won


def _check_target_ending(game: AllFivesGame, data: Mapping[str, Any], ended: Ending, won: str | None,
                         path: str, problems: Problems) -> None:
    """A hand ``ended: target`` stopped where a side reached the target (and
    has no one out and no hands); one where a side did may not say ``blocked``."""
    immediate = game.rules.win_check is WinCheck.IMMEDIATE
    if ended is Ending.TARGET:
        if not immediate:
            problems.error(f"{path}.ended", "bad_value",
                           tr("This table plays on to the end of the hand: a hand cannot stop at the "
                              "target."))
        elif won is None:
            problems.error(f"{path}.ended", "bad_value",
                           tr("The hand stopped at the target, but its last play does not reach %(target)s.",
                              target=game.target), target=game.target)
        for key in ("out", "hands"):
            if data.get(key) is not None:
                problems.error(f"{path}.{key}", "bad_value",
                               tr("A hand stopped at the target has no one out and no hands to count."))
    elif won is not None and ended is Ending.BLOCKED:
        problems.error(f"{path}.ended", "bad_value",
                       tr("%(side)s reached the target during play: the hand stopped there (ended: target).",
                          side=won), side=won)


def _peg_end_of_hand(game: AllFivesGame, pegger: Pegger, bonus: Bonus | None, out: str | None,
                     ended: Ending, pips: Mapping[str, int], won: str | None) -> str | None:
    """Peg the winner's bonus and, with ``subtract_own``, each player's own
    pips; returns the side that reached the target (``won`` when one already had)."""
    rules, seating = game.rules, game.seating
    if bonus is not None:
        for side in bonus.sides:
            if bonus.points:
                pegger.peg(side, bonus.points, ScoreKind.BONUS, player=out)
        if rules.win_check is WinCheck.IMMEDIATE and won is None:
            won = pegger.winner()
    if rules.subtract_own and ended is not Ending.TARGET and won is None:
        for player in seating.players:
            loss = rules.points(round_to_five(pips.get(player, 0), rules.rounding))
            if loss:
                pegger.peg(seating.side_of(player), -loss, ScoreKind.PENALTY, player=player)
    return won


def _read_leader(game: AllFivesGame, data: Mapping[str, Any], path: str, problems: Problems) -> str | None:
    if data.get("leader") is not None:
        return read_player(data["leader"], f"{path}.leader", game.seating, problems)
    if game.next_leader is not None:
        return game.next_leader
    problems.error(f"{path}.leader", "bad_value", tr("Say who led this hand."))
    return None


def _from(seating: Seating, first: str) -> list[str]:
    """The players in turn order starting with ``first``."""
    return [seating.next_player(first, i) for i in range(len(seating.players))]


def _entry_points(rules: AllFivesRules) -> int:
    """``entry_minimum`` (pips of count) in the game's unit, rounded up."""
    if rules.score_unit is ScoreUnit.FIVES:
        return -(-rules.entry_minimum // 5)
    return rules.entry_minimum


def _sides_in(game: AllFivesGame) -> set[str]:
    return {m.side for m in game.moves() if m.pegged and m.points > 0}


def _playable(player: str, dealt: Mapping[str, int], hands: Mapping[str, HandLeft]) -> int:
    """The most tiles ``player`` can have laid: dealt plus drawn (when given),
    else dealt plus the whole boneyard."""
    hand = hands.get(player)
    if hand is not None and hand.drawn is not None:
        return dealt[player] + hand.drawn
    return dealt[player] + max(DOUBLE_SIX.size - sum(dealt.values()), 0)


def _check_plays(game: AllFivesGame, entries: Sequence[PlayEntry], dealt: Mapping[str, int],
                 hands: Mapping[str, HandLeft], path: str, problems: Problems) -> list[Play]:
    rules, seating = game.rules, game.seating
    plays: list[Play] = []
    for e in entries:
        where = f"{path}[{e.index}]"
        if not check_count(e.count, rules, f"{where}.count", problems):
            continue
        if e.lead:
            shown = lead_count(e.tile) if e.tile is not None else None
            if (shown is not None and e.count != shown) or (shown is None and e.count not in (5, 10)):
                problems.error(f"{where}.count", "lead_count_mismatch",
                               tr("A first tile alone shows %(shown)s, not %(count)s.",
                                  shown=shown if shown is not None else tr("5 or 10"), count=e.count),
                               count=e.count)
                continue
        points = rules.points(e.count)
        if e.points is not None and e.points != points:
            problems.error(f"{where}.points", "points_mismatch",
                           tr("A count of %(count)s scores %(points)s, not %(typed)s.",
                              count=e.count, points=points, typed=e.points),
                           count=e.count, points=points)
            continue
        plays.append(Play(e, points, seating.side_of(e.scorer)))
    for player in seating.players:
        made = sum(1 for e in entries if e.player == player)
        most = _playable(player, dealt, hands)
        if made > most:
            problems.error(path, "count_impossible",
                           tr("%(player)s laid at most %(most)s tiles but is listed with %(made)s scoring "
                              "plays.", player=player, most=most, made=made),
                           player=player, most=most, made=made)
    return plays


def _check_in_play(rules: AllFivesRules, totals: Mapping[str, int], dealt: Mapping[str, int],
                   hands: Mapping[str, HandLeft], path: str, problems: Problems) -> None:
    top = rules.spinners.most_scored
    for player, points in totals.items():
        if rules.score_unit is ScoreUnit.PIPS and points % 5:
            problems.error(f"{path}.{player}", "count_not_scoring",
                           tr("Scores made during play are multiples of five: %(points)s is not.",
                              points=points), points=points)
        elif top is not None and points > rules.points(top) * _playable(player, dealt, hands):
            problems.error(f"{path}.{player}", "count_impossible",
                           tr("%(player)s cannot have scored %(points)s during one hand.",
                              player=player, points=points), player=player, points=points)


def _read_out(game: AllFivesGame, data: Mapping[str, Any], ended: Ending, hands: Mapping[str, HandLeft],
              path: str, problems: Problems) -> str | None:
    seating = game.seating
    raw = data.get("out")
    if ended is Ending.BLOCKED:
        _check_blocked(game, raw, hands, path, problems)
        return None
    if ended is Ending.TARGET:
        return None
    if raw is None:
        problems.error(f"{path}.out", "nobody_out", tr("Say who went out."))
        return None
    names = read_out(raw, f"{path}.out", seating, problems)
    if names is None:
        return None
    if len(names) > 1:
        problems.error(f"{path}.out", "several_out", tr("Only one player goes out in this game."))
        return None
    out = names[0]
    if out in hands and hands[out].pips:
        problems.error(f"{path}.hands.{out}.pips", "bad_value",
                       tr("%(player)s went out: the hand is empty.", player=out), player=out)
    needed = _hands_needed(game, out)
    missing = [p for p in seating.players if p in needed and p not in hands]
    if missing:
        problems.error(f"{path}.hands", "missing_hand",
                       tr("The winner scores the pips left: give the pips of %(names)s.",
                          names=", ".join(missing)), players=missing)
    return out


def _check_blocked(game: AllFivesGame, raw: Any, hands: Mapping[str, HandLeft], path: str,
                   problems: Problems) -> None:
    """A blocked hand: nobody went out, and every hand is given when the
    fewest pips win a bonus (or each player loses his own)."""
    seating, rules = game.seating, game.rules
    if raw is not None:
        problems.error(f"{path}.out", "out_but_blocked",
                       tr("In a blocked hand nobody went out."))
    missing = [p for p in seating.players if p not in hands]
    if missing and (rules.hand_bonus is not HandBonus.NONE or rules.subtract_own):
        problems.error(f"{path}.hands", "missing_hand",
                       tr("A blocked hand is won by the fewest pips: give the pips of %(names)s.",
                          names=", ".join(missing)), players=missing)


def _hands_needed(game: AllFivesGame, out: str) -> list[str]:
    """The players whose pips the hand's score needs when ``out`` went out:
    the opponents for the bonus (and the partners, rounding the difference),
    everyone else with ``subtract_own``."""
    seating, rules = game.seating, game.rules
    side = seating.side_of(out)
    needed: list[str] = []
    if rules.hand_bonus is not HandBonus.NONE:
        needed = list(seating.opponents(side))
        if rules.hand_bonus is HandBonus.DIFFERENCE_ROUNDED:
            needed += [p for p in seating.members(side) if p != out]
    if rules.subtract_own:
        needed = [p for p in seating.players if p != out]
    return needed


def hand_bonus(rules: AllFivesRules, seating: Seating, ended: Ending, out: str | None,
               pips: Mapping[str, int]) -> Bonus | None:
    """The winner's bonus of a hand (brief section 2, ``hand_bonus``).

    The winner is the side of the player out, or in a block the side with the
    fewest pips (a team counts both hands); a tie scores nobody, or with
    ``blocked_tie: share`` the tied sides share the bonus (each gets the
    rounded bonus divided by their number, rounded down to a whole point —
    AF-5: 20 shared by two is 10 each).

    :param pips: pips left by player (every player a rule needs; the player out has 0).
    :return: the bonus, or ``None`` when nobody scores one.
    """
    if rules.hand_bonus is HandBonus.NONE or ended is Ending.TARGET:
        return None
    sides = seating.sides
    side_pips = {s: sum(pips.get(p, 0) for p in seating.members(s)) for s in sides}
    if ended is Ending.DOMINO:
        assert out is not None
        winners: tuple[str, ...] = (seating.side_of(out),)
        side_pips[winners[0]] = sum(pips.get(p, 0) for p in seating.members(winners[0]) if p != out)
    else:
        least = min(side_pips.values())
        winners = tuple(s for s in sides if side_pips[s] == least)
        if len(winners) == len(sides):
            return None
        if len(winners) > 1 and rules.tie_rule(len(sides)) is BlockedTie.NOBODY:
            return None
    losers = [p for p in seating.players if all(p not in seating.members(w) for w in winners)]
    raw = sum(pips[p] for p in losers)
    if rules.hand_bonus is HandBonus.EACH_HAND_ROUNDED:
        rounded = sum(round_to_five(pips[p], rules.rounding) for p in losers)
    elif rules.hand_bonus is HandBonus.DIFFERENCE_ROUNDED:
        raw = max(raw - side_pips[winners[0]], 0)
        rounded = round_to_five(raw, rules.rounding)
    else:
        rounded = round_to_five(raw, rules.rounding)
    return Bonus(winners, raw, rounded, rules.points(rounded) // len(winners))


def _check_typed_bonuses(game: AllFivesGame, raw: Any, bonus: Bonus | None, path: str,
                         problems: Problems) -> None:
    """``bonuses`` are derived, never typed; when a record carries them (a
    record read back, an import) each must be the derived hand bonus."""
    if raw is None:
        return
    if not isinstance(raw, list):
        problems.error(path, "bad_value", tr("Bonuses are a list."))
        return
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, Mapping) or item.get("kind") != "hand":
            problems.error(where, "bonus_not_allowed",
                           tr("The only bonus of this game is the winner's, from the pips left."))
            continue
        who = item.get("team", item.get("player"))
        if bonus is None or not bonus.points or (who not in bonus.sides and not (
                isinstance(who, str) and who in game.seating.players
                and game.seating.side_of(who) in bonus.sides)):
            problems.error(where, "bonus_not_allowed",
                           tr("Nobody wins a bonus this hand, or not %(who)s.", who=who), who=who)
            continue
        points = item.get("points")
        if not is_whole(points) or points != bonus.points:
            problems.error(f"{where}.points", "points_mismatch",
                           tr("The pips left give a bonus of %(points)s.", points=bonus.points),
                           points=bonus.points)
