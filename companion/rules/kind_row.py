"""What one row of the kinds table holds (:data:`~companion.rules.kinds.KINDS`).

:class:`KindSpec`, one game kind as data, with the choices and records its
fields take: how the first player is found (:class:`FirstPlayer`), how a
round scores (:class:`RoundScoring`), who ranks first (:class:`RankOrder`),
when a game is over (:class:`GameEnd`), whose totals are ranked
(:class:`ScoredBy`), what the round form shows (:class:`RoundForm`,
:class:`HandEntry`) and how the pages name a kind (:class:`KindWords`).
:mod:`companion.rules.kinds` re-exports them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from companion.rules.errors import N_


class FirstPlayer(StrEnum):
    """How the player who starts a round is found (:attr:`KindSpec.first_player`)."""

    CHOSEN = "chosen"
    """The table chooses who starts round 1 (by lot, say); the start then
    passes one seat clockwise each round ([MT-HR])."""
    HIGHEST_DOUBLE = "highest_double"
    """The holder of the highest double leads, every round; when nobody holds
    a double, the holder of the heaviest tile ([RU], the classic games)."""
    DOUBLE_PICTURE = "double_picture"
    """A child holding a tile with the same picture on both halves lays it
    first ([RU], picture dominoes)."""
    LEAD_RULE = "lead_rule"
    """The kind's rules name who leads each hand: the 6-6 holder leads the
    first hand, then the lead passes to the right or the pair that won
    chooses (Latin partnership dominoes; ``rules-families.md`` section 1,
    pagat *Partnership Dominoes*, pagat *Cuban Dominoes*)."""
    CENTRE_DOUBLE = "centre_double"
    """Whoever holds the round's centre double lays it and starts (Chicken
    Foot; ``rules-families.md`` section 5, Wikipedia's *Chicken Foot*)."""


class RoundScoring(StrEnum):
    """How a round (a hand) scores (:attr:`KindSpec.scoring`)."""

    PIPS_LEFT = "pips_left"
    """Each player scores the pips left in his own hand, the house rules of
    the profile applied (Mexican Train, [MT-BE] …; Chicken Foot)."""
    WINNER_TAKES = "winner_takes"
    """The round's winner (who went out, or the lowest hand of a blocked
    round) scores the others' pips; the others 0 (the classic games, [RU];
    Latin partnership dominoes, by pair)."""
    WIN_TALLY = "win_tally"
    """1 for whoever went out first, 0 for the others (picture dominoes, [RU])."""
    DURING_PLAY = "during_play"
    """Points are scored as the tiles are laid (counts of the open ends),
    then a bonus at the hand's end (All Fives, Fives and Threes:
    ``rules-families.md`` sections 2 and 3)."""
    CONTRACT = "contract"
    """A bid is made or set and marks go to one pair (Texas 42,
    ``rules-families.md`` section 4)."""


class RankOrder(StrEnum):
    """Who ranks first in the standings (:attr:`KindSpec.rank`)."""

    LOWEST_TOTAL = "lowest_total"
    """The lowest total of points (Mexican Train, Chicken Foot)."""
    HIGHEST_TOTAL = "highest_total"
    """The highest total of points or marks (the classic games, the
    partnership and scoring-during-play games)."""
    MOST_WINS = "most_wins"
    """The most rounds won (picture dominoes' tally)."""


class GameEnd(StrEnum):
    """When a game is over (:attr:`KindSpec.ends`); every game can also be
    ended where it stands."""

    LAST_ENGINE = "last_engine"
    """After the round of the last double of the schedule (Mexican Train's
    engines; Chicken Foot's centre doubles)."""
    TARGET_SCORE = "target_score"
    """When a total reaches the rule ``target_score`` (the classic games; a
    pair's total in the partnership games)."""
    TARGET_WINS = "target_wins"
    """When a player has won the rule ``target_wins`` rounds; never while it
    is 0 (picture dominoes)."""


class ScoredBy(StrEnum):
    """Whose totals the standings rank (:attr:`KindSpec.scored_by`)."""

    PLAYER = "player"
    """Each player's own total (``rounds[].scores``, ``standings``)."""
    TEAM = "team"
    """Each pair's total (``rounds[].team_scores``, ``team_standings``;
    design.md, "Teams")."""


class HandEntry(StrEnum):
    """What the round form asks of the table at a hand's end (:attr:`RoundForm.entry`)."""

    PIPS = "pips"
    """The pips left in each hand (typed, from the tile picker, or a photo)."""
    WHO_OUT = "who_out"
    """One tap on who went out first (picture dominoes)."""
    PLAYS = "plays"
    """The scoring plays, on a score pad, then the pips left."""
    BIDS = "bids"
    """The bids, the contract, made or set."""


@dataclass(frozen=True)
class RoundForm:
    """What the round entry form of a kind shows (the game page, the phones).

    :ivar entry: what is entered for a hand (:class:`HandEntry`).
    :ivar double_blank_toggle: a 0-0 toggle beside each hand (who holds the
        double-blank), in rounds whose engine is not the 0-0.
    :ivar tiles_picker: the tile picker and the photo of a hand, to enter
        the tiles left instead of their pips.
    :ivar tiles_drawn: a field for the tiles each player drew from the boneyard.
    """

    entry: HandEntry
    double_blank_toggle: bool = False
    tiles_picker: bool = False
    tiles_drawn: bool = False

    @property
    def who_out(self) -> bool:
        """The form is one tap on who went out (:attr:`HandEntry.WHO_OUT`)."""
        return self.entry is HandEntry.WHO_OUT


@dataclass(frozen=True)
class KindWords:
    """How the pages and the score sheet name a kind, its unit and its
    winner: English message templates marked with ``N_`` and translated where
    they are shown (``tr``), with the fields ``%(last)s`` (the last engine's
    suit) and ``%(target)s`` (the target score) filled in where they occur.

    :ivar name: the kind's name ("Mexican Train").
    :ivar unit: what a total counts ("points", "rounds won").
    :ivar wins: who wins ("lowest total wins").
    :ivar hint: one line on a sheet of a game in progress.
    :ivar players_note: a line under the start form's players for a kind
        played by fewer players than the app seats, or ``""``.
    :ivar rule_words: this kind's own words for a rule where the common ones
        do not fit (picture dominoes count rounds won, not points), as
        ``(key, words)`` pairs: ``"late_join"`` for the rule's explanation,
        ``"late_join.zero"`` for one choice's label; a key not listed takes
        the common words (:mod:`companion.web.labels`, the rule options).
    :ivar round_words: this kind's own words for a round where "round" does
        not fit (a game whose rounds are hands), as ``(key, words)`` pairs:
        ``"added"``, ``"corrected"``, ``"deleted"`` for the undo notice
        (``%(n)s`` the number), ``"in_play"`` and ``"in_play_of"`` for a
        game in play (``%(n)s``, ``%(of)s``); see :data:`HAND_WORDS`. A key
        not listed takes the common "round" words.
    """

    name: str
    unit: str
    wins: str
    hint: str
    players_note: str = ""
    rule_words: tuple[tuple[str, str], ...] = ()
    round_words: tuple[tuple[str, str], ...] = ()

    def rule_word(self, key: str) -> str | None:
        """This kind's own words for ``key`` (see :attr:`rule_words`), or ``None``."""
        return dict(self.rule_words).get(key)

    def round_word(self, key: str) -> str | None:
        """This kind's own words for a round's ``key`` (see :attr:`round_words`), or ``None``."""
        return dict(self.round_words).get(key)


HAND_WORDS: tuple[tuple[str, str], ...] = (
    ("added", N_("Hand %(n)s saved.")),
    ("corrected", N_("Hand %(n)s corrected.")),
    ("deleted", N_("Hand %(n)s deleted.")),
    ("in_play", N_("hand %(n)s")),
    ("in_play_of", N_("hand %(n)s of %(of)s")),
)
"""The round words of a kind whose rounds are hands (partnership dominoes,
the games scored during play: pagat calls each deal a hand)."""


@dataclass(frozen=True)
class KindSpec:
    """One game kind as data: everything the engine, the forms, the sheet, the
    rules page, the statistics and the API need to know of it.

    :ivar kind: the record's ``kind`` (``"mexican_train"``).
    :ivar words: its name and its words (:class:`KindWords`).
    :ivar round_fields: the fields a round of its records takes, besides
        those every round may carry back from a ``GET`` (``number``,
        ``version``, ``confirm`` and the derived fields).
    :ivar record_fields: the fields a record of this kind takes besides the
        common head (``format``, ``version``, ``kind``, ``set``, ``rules``,
        ``players``, ``first_starter``, ``rounds``): ``teams`` for a game in
        pairs, ``away`` where a player may leave for a while.
    :ivar sets: the N of the double-N sets it is played with.
    :ivar default_set: the set when a record gives none (one of :attr:`sets`).
    :ivar least_players: fewest players seated.
    :ivar most_players: most players seated (beyond it ``too_many_players``).
    :ivar club_table_most: most players a club night seats at one table, or
        ``None`` when the set decides (Mexican Train: [MT-MN] [MT-KO]).
    :ivar team_size: 0 for a game of single players; 2 for two pairs,
        partners opposite (``teams``).
    :ivar deal: tiles dealt to each player, by number of players; ``None``
        when the set decides (:func:`~companion.rules.schedule.rule_deal`).
        A rule ``draw_counts`` overrides it.
    :ivar deal_beyond: tiles dealt to each of more players than :attr:`deal` lists.
    :ivar engine_schedule: each round has its double from a schedule (the
        engine), one round per double; the set decides how many rounds.
    :ivar first_player: how the player who starts a round is found.
    :ivar has_boneyard: players draw from a boneyard; otherwise the tiles not
        dealt stay out of play.
    :ivar counts_pips: hands are counted in pips at the end of a round.
    :ivar scoring: how a round scores (:class:`RoundScoring`).
    :ivar scored_by: whose totals are ranked (:class:`ScoredBy`).
    :ivar rank: who ranks first (:class:`RankOrder`).
    :ivar ends: when the game is over (:class:`GameEnd`).
    :ivar most_rounds: the cap on rounds, or ``None`` when the schedule
        decides (:attr:`engine_schedule`).
    :ivar rule_keys: the keys of the rule profile that change anything in
        this kind (others are refused away from their defaults).
    :ivar offered_rules: the rule keys the start form offers for this kind
        under "More rules", when fewer than :attr:`rule_keys` (picture
        dominoes: the children's options only); ``None``: all of them. A
        stored game keeps any of :attr:`rule_keys`.
    :ivar form: what its round form shows (:class:`RoundForm`).
    :ivar set_choice: the start form offers a choice of set (else the
        default set is taken).
    :ivar named_presets: the start form offers the named rule sets
        (:data:`~companion.rules.profile.PRESETS`) and the published dealing tables.
    :ivar rules_module: the package of :mod:`companion.rules.families` that
        reads, checks and scores a record of this kind (``"partnership"``);
        ``None``: the founding engine (:mod:`companion.rules.game`). The
        entry points hand a record to it (:mod:`companion.rules.family_game`).
    :ivar on_pages: the pages show the kind (the start form, the game page,
        the table view, the score sheet, the players' records, club nights);
        ``False`` while only the JSON API keeps its games (the pages refuse
        or hide it).
    """

    kind: str
    words: KindWords
    round_fields: frozenset[str]
    sets: tuple[int, ...]
    default_set: int
    least_players: int
    most_players: int
    club_table_most: int | None
    deal: Mapping[int, int] | None
    engine_schedule: bool
    first_player: FirstPlayer
    has_boneyard: bool
    counts_pips: bool
    scoring: RoundScoring
    rank: RankOrder
    ends: GameEnd
    most_rounds: int | None
    rule_keys: frozenset[str]
    form: RoundForm
    record_fields: frozenset[str] = frozenset({"away"})
    scored_by: ScoredBy = ScoredBy.PLAYER
    team_size: int = 0
    deal_beyond: int = 0
    set_choice: bool = False
    named_presets: bool = False
    rules_module: str | None = None
    on_pages: bool = True
    offered_rules: frozenset[str] | None = None

    def offers_rule(self, key: str) -> bool:
        """The start form offers rule ``key`` for this kind (:attr:`offered_rules`)."""
        return key in (self.rule_keys if self.offered_rules is None else self.offered_rules)

    @property
    def name(self) -> str:
        """The kind's name, an ``N_`` message template (:attr:`KindWords.name`)."""
        return self.words.name

    @property
    def scores_during_play(self) -> bool:
        """Points are scored while the tiles are laid (or bid), not only from
        the hands left at the end."""
        return self.scoring in (RoundScoring.DURING_PLAY, RoundScoring.CONTRACT)

    def dealt(self, players: int) -> int | None:
        """Tiles dealt to each of ``players`` players by the kind's own table,
        or ``None`` when the set decides (no ``draw_counts`` considered).

        :param players: how many players are dealt (2 or more).
        """
        if self.deal is None:
            return None
        return self.deal.get(players, self.deal_beyond)
