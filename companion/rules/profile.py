"""The rule profile: the house rules a game is played with.

Every key of a game record's ``rules`` object (docs/design.md) is a field here with
a default, an explanation and its source. Unknown keys are refused
(``unknown_rule``), never silently ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from .errors import N_, Problems, tr
from .kinds import (
    AfterDouble,
    BlockedLowest,
    BlockedTie,
    BoneyardToWinner,
    EngineChoice,
    EngineOrder,
    FirstTurn,
    GameKind,
    LateJoin,
    OpenDoublesOrder,
    TieBreak,
    WinnerScores,
)


@dataclass(frozen=True)
class Option:
    """How one rule key is read and explained.

    :ivar key: the key in the record's ``rules``.
    :ivar default: the value when the key is absent.
    :ivar choices: the allowed values for a choice (members of a
        :class:`enum.StrEnum` of :mod:`.kinds`, equal to their strings), or
        ``None`` for a number.
    :ivar minimum: for a number, the smallest allowed value.
    :ivar maximum: for a number, the largest allowed value.
    :ivar explain: one line for the table, in our own words.
    :ivar source: where the rule comes from, for the rules page (a document of
        ``docs/sources.md`` or a public page).
    """

    key: str
    default: Any
    explain: str
    source: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None


OPTIONS: tuple[Option, ...] = (
    Option(
        "double_blank_points",
        50,
        N_("Points for the double-blank (0-0) left in a hand; 0 counts it at face value."),
        N_("the Belarusian, Mongolian and Korean rule pages: 50 points; the Croatian page and the "
           "Russian collection give no such rule (it counts 0)"),
        minimum=0,
        maximum=500,
    ),
    Option(
        "engine_order",
        EngineOrder.DESCENDING,
        N_("Engines run from the highest double down to 0-0, or from 0-0 up."),
        N_("the Mexican Train rule pages: from the highest double down; counting up is a house rule"),
        choices=tuple(EngineOrder),
    ),
    Option(
        "first_turn",
        FirstTurn.ONE_TILE,
        N_("First turn: one tile on your own train or the Mexican train, or a whole train from the engine."),
        N_("the Belarusian, Mongolian and Korean rule pages: one tile; the Russian collection: a "
           "whole train"),
        choices=tuple(FirstTurn),
    ),
    Option(
        "after_double",
        AfterDouble.PLAY_AGAIN,
        N_("After laying a double, play one more tile (which may itself be a double, and so on)."),
        N_("the Belarusian, Mongolian and Korean rule pages and the Russian collection: play again; "
           "the Croatian page: one more tile, not a double"),
        choices=tuple(AfterDouble),
    ),
    Option(
        "open_doubles_order",
        OpenDoublesOrder.AS_PLAYED,
        N_("Several open doubles are closed in the order they were laid, or in reverse."),
        N_("the Belarusian, Mongolian and Korean rule pages: in the order laid, or in reverse as "
           "a variant"),
        choices=tuple(OpenDoublesOrder),
    ),
    Option(
        "target_score",
        100,
        N_("Classic games: the game ends when a player reaches this many points."),
        N_("the Russian collection: 100 points, or 50 for a quicker game"),
        minimum=1,
        maximum=10000,
    ),
    Option(
        "min_round_score",
        0,
        N_("Classic games: a round's points count only from this many upward (house rule: 15)."),
        N_("the Russian collection (a house variant)"),
        minimum=0,
        maximum=1000,
    ),
    Option(
        "draw_counts",
        None,
        N_("Tiles dealt to each player, by number of players (replaces the dealing table)."),
        N_("the Belarusian, Mongolian and Korean rule pages (the dealing table above); other "
           "published tables differ"),
    ),
    Option(
        "blank_half_points",
        0,
        N_("Each tile with a blank half left in a hand adds this many points (the 0-0 counts its "
           "double-blank points instead)."),
        N_("a house rule; no rule page we have gives it"),
        minimum=0,
        maximum=100,
    ),
    Option(
        "start_engine",
        None,
        N_("The engine of the first round, for a shorter game (for example 5 to play 5-5 down to 0-0)."),
        N_("a house rule for a shorter game; no rule page we have gives it"),
        minimum=0,
        maximum=18,
    ),
    Option(
        "end_engine",
        None,
        N_("The engine of the last round (0 for 0-0 when descending; the set's top double when ascending)."),
        N_("a house rule for a shorter game; no rule page we have gives it"),
        minimum=0,
        maximum=18,
    ),
    Option(
        "going_out_bonus",
        0,
        N_("Points added to whoever went out (a negative number is a reward, e.g. -10)."),
        N_("a house rule; no rule page we have gives it"),
        minimum=-1000,
        maximum=1000,
    ),
    Option(
        "out_on_double_multiplier",
        1,
        N_("When the last tile played is a double, the others' points are multiplied by this."),
        N_("a house rule; no rule page we have gives it"),
        minimum=1,
        maximum=10,
    ),
    Option(
        "marker_penalty",
        0,
        N_("Points added for a marker still on a player's train when the round ends."),
        N_("a house rule; no rule page we have gives it"),
        minimum=0,
        maximum=1000,
    ),
    Option(
        "tie_break",
        TieBreak.NONE,
        N_("Equal totals share a place, or whoever went out more often ranks first."),
        N_("a house rule; the rule pages only say that the lowest total wins"),
        choices=tuple(TieBreak),
    ),
    Option(
        "late_join",
        LateJoin.ZERO,
        N_("A player who joins late starts at zero, at the highest total, or at the others' average."),
        N_("a house rule; no rule page we have gives it"),
        choices=tuple(LateJoin),
    ),
    Option(
        "winner_scores",
        WinnerScores.OTHERS_TOTAL,
        N_("Classic games: the round's winner scores the others' pips, or the others' pips less their own."),
        N_("the Russian collection: the others' pips; a public block-game rule page: less the "
           "winner's own"),
        choices=tuple(WinnerScores),
    ),
    Option(
        "round_to",
        1,
        N_("Classic games: round each round's points to the nearest 1 or 5."),
        N_("a public rule page (points rounded to the nearest five); the Russian collection does "
           "not round"),
        minimum=1,
        maximum=5,
    ),
    # Options that real tables play (issue 11); each names its source.
    Option(
        "blocked_lowest",
        BlockedLowest.SCORES_PIPS,
        N_("Mexican Train, blocked round: the player with the lowest hand scores their pips like "
           "everyone else, or scores 0 as if they had gone out (ties for lowest all score 0)."),
        N_("a house rule: no rule page we have gives it (the source pages count every hand)"),
        choices=tuple(BlockedLowest),
    ),
    Option(
        "blocked_tie",
        BlockedTie.NOBODY,
        N_("Classic games, blocked round with a tie for the lowest hand: nobody scores, or the "
           "player holding the lightest single tile wins the round."),
        N_("a public block-game rule page (a tie wins with the lightest single tile); "
           "another public page: nobody scores"),
        choices=tuple(BlockedTie),
    ),
    Option(
        "target_wins",
        0,
        N_("Picture dominoes: the game ends when a child has won this many rounds; 0 plays on "
           "until the table stops (at most 100 rounds)."),
        N_("a house rule (the rule pages give picture dominoes no end)"),
        minimum=0,
        maximum=100,
    ),
    Option(
        "boneyard_to_winner",
        BoneyardToWinner.NO,
        N_("Draw game: the round's winner also scores the pips of the tiles left in the boneyard."),
        N_("a public rule page for the draw game (the stock's pips count for the winner)"),
        choices=tuple(BoneyardToWinner),
    ),
    Option(
        "boneyard_kept",
        0,
        N_("Tiles that stay in the boneyard and are never drawn (many tables keep the last 2)."),
        N_("public rule pages for the draw game: the last two tiles are never drawn"),
        minimum=0,
        maximum=4,
    ),
    Option(
        "engine_choice",
        EngineChoice.SCHEDULE,
        N_("Mexican Train: each round's engine is the next double of the schedule, or the "
           "highest double anyone finds in their hand (the table says which)."),
        N_("a set maker's leaflet: the holder of the highest double starts; if nobody has the "
           "12-12, the 11-11 starts, and so on"),
        choices=tuple(EngineChoice),
    ),
)

OPTIONS_BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}


@dataclass(frozen=True)
class RuleProfile:
    """The rules in play for one game; every field has the default of :data:`OPTIONS`.

    :ivar double_blank_points: points for a 0-0 left in a hand (points).
    :ivar engine_order: ``"descending"`` or ``"ascending"``.
    :ivar first_turn: ``"one_tile"`` or ``"build_train"``.
    :ivar after_double: ``"play_again"`` or ``"one_non_double"``.
    :ivar open_doubles_order: ``"as_played"`` or ``"reverse"``.
    :ivar target_score: classic games' target (points).
    :ivar min_round_score: classic games' floor for a round's points (points).
    :ivar draw_counts: ``{players: tiles}`` replacing the dealing table, or ``None``.
    :ivar blank_half_points: points per tile with one blank half left in a hand.
    :ivar start_engine: suit of the first round's engine, or ``None`` for the set's end.
    :ivar end_engine: suit of the last round's engine, or ``None``.
    :ivar going_out_bonus: points added to whoever went out (may be negative).
    :ivar out_on_double_multiplier: multiplier of the others' points when the
        round ends on a double.
    :ivar marker_penalty: points for a marker left on a player's train.
    :ivar tie_break: ``"none"`` or ``"most_rounds_out"``.
    :ivar late_join: ``"zero"``, ``"highest"`` or ``"average"``.
    :ivar winner_scores: classic games: ``"others_total"`` or ``"difference"``.
    :ivar round_to: classic games: 1, or 5 for the nearest 5.
    :ivar blocked_lowest: Mexican Train: ``"scores_pips"`` or ``"scores_zero"``
        (the lowest hand of a blocked round scores 0).
    :ivar blocked_tie: classic games: ``"nobody"`` or ``"lightest_tile"``.
    :ivar boneyard_to_winner: draw game: ``"no"`` or ``"yes"`` (the winner also
        scores the boneyard's pips, typed as the round's ``boneyard_pips``).
    :ivar boneyard_kept: tiles never drawn from the boneyard (tiles).
    :ivar engine_choice: ``"schedule"`` or ``"highest_double"`` (the engine is
        the highest double found in the hands, as the table reports it).
    :ivar target_wins: picture dominoes: rounds won that end the game; 0 for no end.
    """

    double_blank_points: int = 50
    engine_order: EngineOrder = EngineOrder.DESCENDING
    first_turn: FirstTurn = FirstTurn.ONE_TILE
    after_double: AfterDouble = AfterDouble.PLAY_AGAIN
    open_doubles_order: OpenDoublesOrder = OpenDoublesOrder.AS_PLAYED
    target_score: int = 100
    min_round_score: int = 0
    draw_counts: Mapping[int, int] | None = None
    blank_half_points: int = 0
    start_engine: int | None = None
    end_engine: int | None = None
    going_out_bonus: int = 0
    out_on_double_multiplier: int = 1
    marker_penalty: int = 0
    tie_break: TieBreak = TieBreak.NONE
    late_join: LateJoin = LateJoin.ZERO
    winner_scores: WinnerScores = WinnerScores.OTHERS_TOTAL
    round_to: int = 1
    blocked_lowest: BlockedLowest = BlockedLowest.SCORES_PIPS
    blocked_tie: BlockedTie = BlockedTie.NOBODY
    boneyard_to_winner: BoneyardToWinner = BoneyardToWinner.NO
    boneyard_kept: int = 0
    engine_choice: EngineChoice = EngineChoice.SCHEDULE
    target_wins: int = 0

    def as_dict(self) -> dict[str, Any]:
        """Every rule with its value (``draw_counts`` keys as strings, for JSON)."""
        d = asdict(self)
        if self.draw_counts is not None:
            d["draw_counts"] = {str(k): v for k, v in sorted(self.draw_counts.items())}
        return d

    def changed(self) -> dict[str, Any]:
        """Only the rules that differ from the defaults (what a record stores)."""
        base = RuleProfile().as_dict()
        return {k: v for k, v in self.as_dict().items() if base[k] != v}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


TRAIN_ONLY: frozenset[str] = frozenset(
    {"double_blank_points", "engine_order", "first_turn", "after_double", "open_doubles_order",
     "blank_half_points", "start_engine", "end_engine", "going_out_bonus",
     "out_on_double_multiplier", "marker_penalty", "blocked_lowest", "engine_choice"}
)
"""Rules of Mexican Train only (they score or schedule engines and trains)."""
CLASSIC_ONLY: frozenset[str] = frozenset(
    {"target_score", "min_round_score", "winner_scores", "round_to", "blocked_tie"}
)
DRAW_ONLY: frozenset[str] = frozenset({"boneyard_to_winner"})
"""Rules of the classic draw game only."""
"""Rules of the classic block and draw games only ([RU])."""


def rule_applies(key: str, kind: str) -> bool:
    """True when rule ``key`` changes anything in a game of ``kind``.

    Mexican Train takes its own rules; the classic games theirs (and
    ``draw_counts``); every kind takes ``tie_break`` and ``late_join``.

    :param kind: a :class:`~.kinds.GameKind` (or its string).
    :raises ValueError: for a string that is no game kind.
    """
    game = GameKind(kind)
    if key in TRAIN_ONLY:
        return game.has_engine
    if key in CLASSIC_ONLY:
        return game.is_classic
    if key in DRAW_ONLY:
        return game == GameKind.DRAW
    if key == "boneyard_kept":
        return game.has_boneyard
    if key == "draw_counts":
        return game.counts_pips
    if key == "target_wins":
        return game == GameKind.PICTURE
    return True


def check_rules_apply(profile: RuleProfile, kind: str, problems: Problems, path: str = "rules") -> None:
    """Refuse (``bad_value``) a rule set away from its default in a game it does
    not apply to: it would be shown as in play but change nothing."""
    for key in profile.changed():
        if not rule_applies(key, kind):
            problems.error(f"{path}.{key}", "bad_value",
                           tr("The rule {key} does not apply to this game.", key=key), rule=key)


def parse_rules(data: Any, problems: Problems, path: str = "rules") -> RuleProfile:
    """Read a record's ``rules`` object into a :class:`RuleProfile`.

    :param data: the ``rules`` value of a game record (a mapping; ``None`` means all defaults).
    :param problems: collector; unknown keys add ``unknown_rule``, wrong values ``bad_value``.
    :param path: the path prefix used in problems.
    :return: the profile (defaults where a value was refused, so checking can go on).
    """
    if data is None:
        return RuleProfile()
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("The rules must be an object of rule: value."))
        return RuleProfile()
    values: dict[str, Any] = {}
    for key, value in data.items():
        opt = OPTIONS_BY_KEY.get(key)
        where = f"{path}.{key}"
        if opt is None:
            problems.error(where, "unknown_rule", tr("There is no rule called {key!r}.", key=key), rule=key)
            continue
        if key == "draw_counts":
            counts = _parse_draw_counts(value, problems, where)
            if counts is not None:
                values[key] = counts
            continue
        if opt.choices is not None:
            member = next((c for c in opt.choices if c == value), None)
            if member is None:
                problems.error(
                    where,
                    "bad_value",
                    tr("{key} must be one of {choices}.", key=key, choices=", ".join(opt.choices)),
                    rule=key,
                )
                continue
            values[key] = member
            continue
        elif value is None and opt.default is None:
            continue
        elif not _is_int(value) or not (opt.minimum <= value <= opt.maximum):
            problems.error(
                where,
                "bad_value",
                tr("Give a whole number from {minimum} to {maximum}.",
                   minimum=opt.minimum, maximum=opt.maximum),
                rule=key,
            )
            continue
        if key == "round_to" and value not in (1, 5):
            problems.error(where, "bad_value", tr("Round to 1 or to 5 points."), rule=key)
            continue
        values[key] = value
    return RuleProfile(**values)


def _parse_draw_counts(value: Any, problems: Problems, path: str) -> dict[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or not value:
        problems.error(path, "bad_value", tr("draw_counts must map a number of players to tiles dealt."))
        return None
    out: dict[int, int] = {}
    for k, v in value.items():
        try:
            players = int(k)
        except (TypeError, ValueError):
            players = -1
        if not (1 <= players <= 20) or not _is_int(v) or not (1 <= v <= 100):
            problems.error(
                f"{path}.{k}",
                "bad_value",
                tr("draw_counts must map a number of players (1-20) to tiles dealt (1-100)."),
            )
            continue
        out[players] = v
    return out or None




DRAW_COUNT_PRESETS: dict[str, dict[str, Any]] = {
    "seeds": {
        "label": N_("The Mexican Train rule pages we have (Belarusian, Croatian, Mongolian, Korean)"),
        "source": "[MT-BE] [MT-MN] [MT-KO]; [MT-HR] agrees for double-12",
        "counts": {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9},
    },
    "cardinal": {
        "label": N_("Cardinal-style sheet: 15 / 12 / 10 / 8"),
        "source": "public rule sheet reproduced at htfbw.com/games-cards/Games/76098.shtml",
        "counts": {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8},
    },
    "aluminium_case": {
        "label": N_("Boxed-set leaflet: 15 / 11 / 8"),
        "source": "set leaflet reproduced at shop.owlshollow.com (Mexican Train Domino Set Double 12)",
        "counts": {2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 8, 8: 8},
    },
    "club_sheet": {
        "label": N_("Club sheet: 16 down to 10"),
        "source": "club rules at idahogoodsam.org/gamerules/9",
        "counts": {2: 16, 3: 15, 4: 14, 5: 13, 6: 12, 7: 11, 8: 10},
    },
}
"""Published dealing tables for double-12 (tiles per player by players). Sources disagree."""


PRESETS: dict[str, dict[str, Any]] = {
    "seeds_000_002_004": {
        "label": N_("The Belarusian, Mongolian and Korean rule pages"),
        "source": "[MT-BE] [MT-MN] [MT-KO]",
        "rules": {"double_blank_points": 50, "first_turn": "one_tile", "after_double": "play_again",
                  "open_doubles_order": "as_played"},
    },
    "seed_001": {
        "label": N_("The Croatian rule page"),
        "source": "[MT-HR]",
        "rules": {"double_blank_points": 0, "after_double": "one_non_double"},
    },
    "seed_003": {
        "label": N_("The travel-set maker's rules (the Russian collection)"),
        "source": "[RU]",
        "rules": {"double_blank_points": 0, "first_turn": "build_train", "after_double": "play_again"},
    },
    "quick": {
        "label": N_("Quick game: 6-6 down to 0-0"),
        "source": "house rule ('for a shorter game, any double can be used')",
        "rules": {"start_engine": 6},
    },
    "league": {
        "label": N_("League style: -10 for going out, ties broken by rounds won"),
        "source": "house rules used by clubs",
        "rules": {"double_blank_points": 50, "going_out_bonus": -10, "tie_break": "most_rounds_out",
                  "marker_penalty": 0},
    },
}
"""Named rule sets a table can start from, then change any option."""
