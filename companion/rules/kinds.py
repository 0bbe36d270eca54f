"""Game kinds and rule choices, and what each kind means at the table.

Every kind and every choice is an :class:`enum.StrEnum`: a member *is* its
string (``GameKind.PICTURE == "picture"``), so a game record's JSON keeps the
same words. What a kind means (an engine, a boneyard, who wins, how it ends,
its rule keys, its deal, what its round form asks) is one row of the table
:data:`KINDS`, a :class:`KindSpec` per kind, as python-chess keeps its
variants (``chess/variant.py``); the engine, the pages, the score sheet and
the statistics read the row (:func:`kind_spec`, or ``GameKind.X.spec``)
instead of comparing kinds. The properties of :class:`GameKind` are
shorthands for fields of its row. What a row holds (:class:`KindSpec` and
the choices of its fields) is in :mod:`companion.rules.kind_row`, re-exported
here.

Sources (see ``docs/sources.md``): Mexican Train, one round per engine double,
lowest total wins (the Mexican Train rule documents); the classic double-six
block and draw games, first to the target score wins (the Russian rule
collection); children's picture dominoes, a tally of who went out first (the
same collection); Latin partnership dominoes, four players in two pairs, the
first pair to the target wins (``rules-families.md`` section 1: pagat
*Partnership Dominoes*, pagat *Cuban Dominoes*); Chicken Foot, one round per
centre double from the highest down to 0-0, lowest total wins (section 5:
Wikipedia's *Chicken Foot*, gamerules.com). The last two are read, checked
and scored by their own modules (:attr:`KindSpec.rules_module`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import StrEnum
from types import MappingProxyType

from companion.rules.errors import N_
from companion.rules.families.chicken_foot import rules as chicken_foot_rules
from companion.rules.families.partnership import rules as partnership_rules
from companion.rules.kind_row import HAND_WORDS
from companion.rules.kind_row import FirstPlayer as FirstPlayer
from companion.rules.kind_row import GameEnd as GameEnd
from companion.rules.kind_row import HandEntry as HandEntry
from companion.rules.kind_row import KindSpec as KindSpec
from companion.rules.kind_row import KindWords as KindWords
from companion.rules.kind_row import RankOrder as RankOrder
from companion.rules.kind_row import RoundForm as RoundForm
from companion.rules.kind_row import RoundScoring as RoundScoring
from companion.rules.kind_row import ScoredBy as ScoredBy
from companion.rules.kinds_counts import COUNTS_KINDS
from companion.rules.tiles import SET_SIZES


class GameKind(StrEnum):
    """The games the app keeps the score of (a record's ``kind``).

    What each means is its row of :data:`KINDS` (:attr:`spec`); the
    properties below read that row.
    """

    MEXICAN_TRAIN = "mexican_train"
    DRAW = "draw"
    BLOCK = "block"
    PICTURE = "picture"
    PARTNERSHIP = "partnership"
    CHICKEN_FOOT = "chicken_foot"
    ALL_FIVES = "all_fives"
    FIVES_THREES = "fives_threes"
    TEXAS42 = "texas42"

    @property
    def spec(self) -> KindSpec:
        """This kind's row of :data:`KINDS`."""
        return KINDS[self]

    @property
    def has_engine(self) -> bool:
        """Each round starts from an engine double, one round per engine
        (Mexican Train); the others start from the highest double in a hand
        (:attr:`KindSpec.engine_schedule`)."""
        return self.spec.engine_schedule

    @property
    def first_player(self) -> FirstPlayer:
        """How the player who starts a round is found (:attr:`KindSpec.first_player`)."""
        return self.spec.first_player

    @property
    def starter_chosen(self) -> bool:
        """The table names who starts the first round (a record's
        ``first_starter`` decides who starts each round); for the other kinds
        the tiles dealt decide it, and ``first_starter`` is only a seat."""
        return self.spec.first_player is FirstPlayer.CHOSEN

    @property
    def is_classic(self) -> bool:
        """The round's winner scores the others' pips (the classic double-six
        block and draw games, :attr:`RoundScoring.WINNER_TAKES`)."""
        return self.spec.scoring is RoundScoring.WINNER_TAKES

    @property
    def counts_pips(self) -> bool:
        """Hands are counted in pips at the end of a round (all but picture
        dominoes, which keep only who went out first; :attr:`KindSpec.counts_pips`)."""
        return self.spec.counts_pips

    @property
    def has_boneyard(self) -> bool:
        """Players draw from a boneyard (Mexican Train, the draw game); in the
        block game the tiles not dealt stay out of play."""
        return self.spec.has_boneyard

    @property
    def highest_total_wins(self) -> bool:
        """The highest total ranks first (classic games, picture dominoes);
        in Mexican Train the lowest (:attr:`KindSpec.rank`)."""
        return self.spec.rank is not RankOrder.LOWEST_TOTAL

    @property
    def ends_at_target(self) -> bool:
        """The game ends when a total reaches the target score (classic games)."""
        return self.spec.ends is GameEnd.TARGET_SCORE

    @property
    def ends_after_last_engine(self) -> bool:
        """The game ends after the round of the last engine (Mexican Train)."""
        return self.spec.ends is GameEnd.LAST_ENGINE

    @property
    def default_set(self) -> int:
        """N of the double-N set when a record gives none (:attr:`KindSpec.default_set`)."""
        return self.spec.default_set

    @property
    def only_set(self) -> int | None:
        """The one set the kind is played with (double-six for the classic
        games), or ``None`` when the kind allows several (:attr:`KindSpec.sets`)."""
        sets = self.spec.sets
        return sets[0] if len(sets) == 1 else None

    @property
    def most_players(self) -> int:
        """Most players seated: 4 in the classic games, else 12
        (:attr:`KindSpec.most_players`)."""
        return self.spec.most_players




ALL_HANDS_ROUND = frozenset({"dealt", "ended", "hands", "absent"})
"""The round fields of every kind that counts the hands left at the end."""

TIE_BREAK_RULES = frozenset({"tie_break", "late_join"})
"""Rule keys every kind takes (equal totals; a late joiner's start)."""

TRAIN_RULES = frozenset(
    {"double_blank_points", "engine_order", "first_turn", "after_double", "open_doubles_order",
     "blank_half_points", "start_engine", "end_engine", "going_out_bonus",
     "out_on_double_multiplier", "marker_penalty", "blocked_lowest", "engine_choice"}
)
"""Rules of Mexican Train only (they score or schedule engines and trains)."""

CLASSIC_RULES = frozenset({"target_score", "min_round_score", "winner_scores", "round_to", "blocked_tie"})
"""Rules of the classic block and draw games ([RU])."""


def _deal(table: Mapping[int, int]) -> Mapping[int, int]:
    return MappingProxyType(dict(table))


_DRAW = KindSpec(
    kind=GameKind.DRAW,
    words=KindWords(
        name=N_("Draw game"),
        unit=N_("points"),
        wins=N_("first to %(target)s points wins"),
        hint=N_("Game in progress: the first to reach %(target)s points wins."),
        players_note=N_("Draw and Block are played by 2 to 4 players."),
    ),
    round_fields=ALL_HANDS_ROUND | {"winner", "boneyard_pips"},
    sets=(6,),
    default_set=6,
    least_players=2,
    most_players=4,
    club_table_most=4,
    deal=_deal({2: 7, 3: 6, 4: 6}),  # 7 each for two, 6 for three or four ([RU])
    deal_beyond=6,
    engine_schedule=False,
    first_player=FirstPlayer.HIGHEST_DOUBLE,
    has_boneyard=True,
    counts_pips=True,
    scoring=RoundScoring.WINNER_TAKES,
    rank=RankOrder.HIGHEST_TOTAL,
    ends=GameEnd.TARGET_SCORE,
    most_rounds=200,  # the target ends a game long before, unless rounds keep scoring nothing
    rule_keys=CLASSIC_RULES | TIE_BREAK_RULES | {"draw_counts", "boneyard_kept", "boneyard_to_winner"},
    form=RoundForm(HandEntry.PIPS, double_blank_toggle=True, tiles_picker=True, tiles_drawn=True),
)
"""The classic double-six draw game ([RU]); Block is the same game without a boneyard."""


KINDS: Mapping[str, KindSpec] = MappingProxyType({
    GameKind.MEXICAN_TRAIN: KindSpec(
        kind=GameKind.MEXICAN_TRAIN,
        words=KindWords(
            name=N_("Mexican Train"),
            unit=N_("points"),
            wins=N_("lowest total wins"),
            hint=N_("Game in progress: the lowest total after the %(last)s-%(last)s round wins."),
        ),
        round_fields=ALL_HANDS_ROUND | {"engine", "ended_on_double"},
        sets=SET_SIZES,
        default_set=12,
        least_players=2,
        most_players=12,
        club_table_most=None,
        deal=None,
        engine_schedule=True,
        first_player=FirstPlayer.CHOSEN,
        has_boneyard=True,
        counts_pips=True,
        scoring=RoundScoring.PIPS_LEFT,
        rank=RankOrder.LOWEST_TOTAL,
        ends=GameEnd.LAST_ENGINE,
        most_rounds=None,
        rule_keys=TRAIN_RULES | TIE_BREAK_RULES | {"draw_counts", "boneyard_kept"},
        form=RoundForm(HandEntry.PIPS, double_blank_toggle=True, tiles_picker=True, tiles_drawn=True),
        set_choice=True,
        named_presets=True,
    ),
    GameKind.DRAW: _DRAW,
    # Block: the draw game without a boneyard to draw from ([RU])
    GameKind.BLOCK: replace(
        _DRAW,
        kind=GameKind.BLOCK,
        words=replace(_DRAW.words, name=N_("Block game")),
        round_fields=ALL_HANDS_ROUND | {"winner"},
        has_boneyard=False,
        rule_keys=CLASSIC_RULES | TIE_BREAK_RULES | {"draw_counts"},
        form=RoundForm(HandEntry.PIPS, double_blank_toggle=True, tiles_picker=True),
    ),
    GameKind.PICTURE: KindSpec(
        kind=GameKind.PICTURE,
        words=KindWords(
            name=N_("Picture dominoes"),
            unit=N_("rounds won"),
            wins=N_("most rounds won wins"),
            hint=N_("A tally of who went out first in each round."),
            rule_words=(  # a tally of rounds won: a late child's start said in rounds, not points
                ("late_join", N_("A child who joins late starts with no round won, with as few as the "
                                 "child with the fewest, or with the others' average.")),
                ("late_join.zero", N_("start with no round won")),
                ("late_join.highest", N_("start with the fewest rounds won at the table")),
                ("late_join.average", N_("start with the others' average")),
            ),
        ),
        round_fields=frozenset({"winner", "absent"}),
        sets=SET_SIZES,
        default_set=6,
        least_players=2,
        most_players=12,
        club_table_most=6,
        deal=_deal({2: 6, 3: 6, 4: 6}),  # 6 each, 5 to more than four children ([RU])
        deal_beyond=5,
        engine_schedule=False,
        first_player=FirstPlayer.DOUBLE_PICTURE,
        has_boneyard=False,
        counts_pips=False,
        scoring=RoundScoring.WIN_TALLY,
        rank=RankOrder.MOST_WINS,
        ends=GameEnd.TARGET_WINS,
        most_rounds=100,  # it has no end of its own
        rule_keys=TIE_BREAK_RULES | {"target_wins"},
        # children's options only: a tie-break changes nothing in a tally of rounds won
        offered_rules=frozenset({"target_wins", "late_join"}),
        form=RoundForm(HandEntry.WHO_OUT),
    ),
    GameKind.PARTNERSHIP: KindSpec(
        kind=GameKind.PARTNERSHIP,
        words=KindWords(
            name=N_("Partnership dominoes"),
            unit=N_("points"),
            wins=N_("first pair to %(target)s points wins"),
            hint=N_("Game in progress: the first pair to reach %(target)s points wins."),
            players_note=N_("Partnership dominoes is played by four players, in two pairs."),
            round_words=HAND_WORDS,  # each deal is a hand (pagat Partnership)
        ),
        round_fields=frozenset({"leader", "ended", "out", "hands", "locked_by", "bonuses", "last_tile"}),
        record_fields=frozenset({"teams"}),
        sets=partnership_rules.SETS,
        default_set=6,
        least_players=partnership_rules.PLAYERS,
        most_players=partnership_rules.PLAYERS,
        club_table_most=partnership_rules.PLAYERS,
        # 7 each from a double-six set, no boneyard; double-nine: 10 each, the
        # rest unused (pagat Partnership, pagat Cuban: the module's DEALT)
        deal=_deal({4: partnership_rules.DEALT[6]}),
        deal_beyond=partnership_rules.DEALT[6],
        engine_schedule=False,
        first_player=FirstPlayer.LEAD_RULE,
        has_boneyard=False,
        counts_pips=True,
        scoring=RoundScoring.WINNER_TAKES,
        scored_by=ScoredBy.TEAM,
        team_size=2,
        rank=RankOrder.HIGHEST_TOTAL,
        ends=GameEnd.TARGET_SCORE,
        most_rounds=partnership_rules.MAX_HANDS,
        rule_keys=partnership_rules.RULE_KEYS,
        form=RoundForm(HandEntry.PIPS, tiles_picker=True),
        set_choice=True,
        # its presets are its module's (partnership.PRESETS), not the profile's
        rules_module="partnership",
    ),
    GameKind.CHICKEN_FOOT: KindSpec(
        kind=GameKind.CHICKEN_FOOT,
        words=KindWords(
            name=N_("Chicken Foot"),
            unit=N_("points"),
            wins=N_("lowest total wins"),
            hint=N_("Game in progress: the lowest total after the 0-0 round wins."),
            players_note=N_("Chicken Foot: whoever holds the round's centre double lays it and starts; "
                            "2 to 8 players are usual."),
        ),
        round_fields=frozenset({"engine", "dealt", "ended", "hands", "ended_on_double"}),
        sets=chicken_foot_rules.SETS,
        default_set=chicken_foot_rules.DEFAULT_SET,
        least_players=chicken_foot_rules.MIN_PLAYERS,
        most_players=chicken_foot_rules.MAX_PLAYERS,
        club_table_most=None,
        deal=None,  # the module's table: 42 tiles shared on a double-nine (gamerules.com)
        engine_schedule=True,
        first_player=FirstPlayer.CENTRE_DOUBLE,
        has_boneyard=True,
        counts_pips=True,
        scoring=RoundScoring.PIPS_LEFT,
        rank=RankOrder.LOWEST_TOTAL,
        ends=GameEnd.LAST_ENGINE,
        most_rounds=None,
        rule_keys=chicken_foot_rules.RULE_KEYS,
        form=RoundForm(HandEntry.PIPS, double_blank_toggle=True, tiles_picker=True, tiles_drawn=True),
        set_choice=True,
        # its own choices on the start page (templates/games/chicken_foot/_start.html),
        # not Mexican Train's named rule sets and dealing tables
        rules_module="chicken_foot",
    ),
    **COUNTS_KINDS,  # All Fives, Fives and Threes, Texas 42 (their own module)
})
"""Every game kind the app keeps the score of, by its record name: one
:class:`KindSpec` each. Adding a kind starts with a row here (see
``docs/architecture.md``, "Adding a game kind")."""

DEFAULT_KIND: GameKind = GameKind.MEXICAN_TRAIN
"""The kind of a record or a form that names none; the start page's named
rule sets (:data:`~companion.rules.profile.PRESETS`) are its rules."""


def kind_spec(kind: str) -> KindSpec:
    """The row of :data:`KINDS` for ``kind`` (a :class:`GameKind` or its string).

    :raises ValueError: for a string that is no kind of the table (a record
        naming it is refused with ``unknown_kind``).
    """
    try:
        return KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown game kind {kind!r}") from None


def kinds_on_pages() -> tuple[str, ...]:
    """The kinds the pages show (:attr:`KindSpec.on_pages`), in table order:
    the start form's choices, the filters of the lists."""
    return kinds_where(lambda s: s.on_pages)


def kinds_where(test: Callable[[KindSpec], object]) -> tuple[str, ...]:
    """The kinds of the table whose row passes ``test``, in table order
    (``kinds_where(lambda s: s.engine_schedule)``)."""
    return tuple(kind for kind, spec in KINDS.items() if test(spec))


class Ending(StrEnum):
    """How a round ended (a round's ``ended``)."""

    DOMINO = "domino"
    BLOCKED = "blocked"


class EngineOrder(StrEnum):
    """Rule ``engine_order``: engines from the highest double down, or up."""

    DESCENDING = "descending"
    ASCENDING = "ascending"


class FirstTurn(StrEnum):
    """Rule ``first_turn``: one tile, or a whole train from the engine."""

    ONE_TILE = "one_tile"
    BUILD_TRAIN = "build_train"


class AfterDouble(StrEnum):
    """Rule ``after_double``: what a player does after laying a double."""

    PLAY_AGAIN = "play_again"
    ONE_NON_DOUBLE = "one_non_double"


class OpenDoublesOrder(StrEnum):
    """Rule ``open_doubles_order``: which open double is closed first."""

    AS_PLAYED = "as_played"
    REVERSE = "reverse"


class TieBreak(StrEnum):
    """Rule ``tie_break``: equal totals share a place, or rounds gone out decide."""

    NONE = "none"
    MOST_ROUNDS_OUT = "most_rounds_out"


class LateJoin(StrEnum):
    """Rule ``late_join``: the total a late joiner starts from."""

    ZERO = "zero"
    HIGHEST = "highest"
    AVERAGE = "average"


class WinnerScores(StrEnum):
    """Rule ``winner_scores`` (classic games): what the round's winner scores."""

    OTHERS_TOTAL = "others_total"
    DIFFERENCE = "difference"


class BlockedLowest(StrEnum):
    """Rule ``blocked_lowest`` (Mexican Train): what the lowest hand of a
    blocked round scores."""

    SCORES_PIPS = "scores_pips"
    SCORES_ZERO = "scores_zero"


class BlockedTie(StrEnum):
    """Rule ``blocked_tie`` (classic games): a tie for the lowest hand of a
    blocked round."""

    NOBODY = "nobody"
    LIGHTEST_TILE = "lightest_tile"


class BoneyardToWinner(StrEnum):
    """Rule ``boneyard_to_winner`` (draw game): the winner also scores the boneyard."""

    NO = "no"
    YES = "yes"


class EngineChoice(StrEnum):
    """Rule ``engine_choice`` (Mexican Train): the schedule's engine, or the
    highest double found in the hands."""

    SCHEDULE = "schedule"
    HIGHEST_DOUBLE = "highest_double"


class GameStatus(StrEnum):
    """A game's ``status`` in the derived record."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


class SeatingMethod(StrEnum):
    """How the first draw of a club night is made: a shuffle, or balanced (each
    table gets players from every part of the standings)."""

    RANDOM = "random"
    BALANCED = "balanced"


class Reseat(StrEnum):
    """How a club night reseats between games: nobody moves; the lowest *k* of
    each table move down a table (the highest *k* of the table below move up);
    by the evening's standing (the best at the first table); a fresh draw that
    avoids pairs who sat together."""

    KEEP = "keep"
    MOVE_DOWN = "move_down"
    BY_STANDING = "by_standing"
    DRAW = "draw"


class EventScoring(StrEnum):
    """How a club night's standings score a game (:mod:`.events`): place points
    by table size, points per round played, or wins."""

    PLACE_POINTS = "place_points"
    POINTS_PER_ROUND = "points_per_round"
    WINS = "wins"
