"""The rows of the kinds table for the games scored during play.

All Fives (with Muggins, Sniff and Five Up as its presets), Fives and Threes,
and Texas 42: one :class:`~companion.rules.kind_row.KindSpec` each, joined to
:data:`companion.rules.kinds.KINDS` (kept apart so that module stays short).
Each is read, checked and scored by its own package of
:mod:`companion.rules.families` (:attr:`KindSpec.rules_module`), through
:mod:`companion.rules.family_counts`.

Sources (``rules-families.md`` sections 2, 3 and 4; ``docs/sources.md``):
pagat *All Fives*, *Muggins*, *Sniff* (2 to 4 players, double-six, deal 9 / 7
/ 5, 250 or 200 points or 61 in fives); pagat *Fives and Threes* (2 to 4,
7 / 5 / 5 tiles, no drawing, 61 exactly); pagat *42*, 42-online and the
Harper tournament rules (four players in two pairs, 7 tiles each, 7 marks).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from companion.rules.errors import N_
from companion.rules.families.all_fives import rules as all_fives_rules
from companion.rules.families.fives_threes import rules as fives_threes_rules
from companion.rules.families.texas42 import rules as texas42_rules
from companion.rules.kind_row import (
    HAND_WORDS,
    FirstPlayer,
    GameEnd,
    HandEntry,
    KindSpec,
    KindWords,
    RankOrder,
    RoundForm,
    RoundScoring,
    ScoredBy,
)

ALL_FIVES = "all_fives"
FIVES_THREES = "fives_threes"
TEXAS42 = "texas42"

_COUNT_ROUND = frozenset({"leader", "dealt", "plays", "in_play", "ended", "out", "hands", "bonuses"})
"""The fields of a hand of the counting games (section 0's record additions)."""

MOST_HANDS = 200
"""Hands a game may hold: the target ends a game long before, unless hands
keep scoring nothing (a run of blocked hands, of reshakes in 42)."""


def _frozen(table: Mapping[int, int]) -> Mapping[int, int]:
    return MappingProxyType(dict(table))


_ALL_FIVES_ROW = KindSpec(
    kind=ALL_FIVES,
    words=KindWords(
        name=N_("All Fives"),
        unit=N_("points"),
        wins=N_("first to %(target)s points wins"),
        hint=N_("Game in progress: the first to reach %(target)s points wins."),
        players_note=N_("All Fives is played by 2 to 4 players, four often in two pairs."),
        round_words=HAND_WORDS,  # each deal is a hand (pagat)
    ),
    round_fields=_COUNT_ROUND,
    record_fields=frozenset({"teams"}),
    sets=(6,),
    default_set=6,
    least_players=2,
    most_players=4,
    club_table_most=4,
    deal=_frozen(all_fives_rules.DEAL_ALL_FIVES),  # 9 / 7 / 5 (pagat All Fives)
    deal_beyond=5,
    engine_schedule=False,
    first_player=FirstPlayer.LEAD_RULE,
    has_boneyard=True,
    counts_pips=False,  # the pips left only make the winner's bonus (the score pad)
    scoring=RoundScoring.DURING_PLAY,
    rank=RankOrder.HIGHEST_TOTAL,
    ends=GameEnd.TARGET_SCORE,
    most_rounds=MOST_HANDS,
    rule_keys=frozenset(k.key for k in all_fives_rules.RULE_KEYS),
    form=RoundForm(HandEntry.PLAYS),
    named_presets=True,
    rules_module=ALL_FIVES,
)
"""All Fives' row (pagat All Fives: 2 to 4 players, double-six, 9 / 7 / 5 tiles)."""


COUNTS_KINDS: Mapping[str, KindSpec] = {
    ALL_FIVES: _ALL_FIVES_ROW,
    FIVES_THREES: replace(
        _ALL_FIVES_ROW,  # Fives and Threes is All Fives' table with its own count, deal and end (pagat)
        kind=FIVES_THREES,
        words=KindWords(
            name=N_("Fives and Threes"),
            unit=N_("points"),
            wins=N_("first to exactly %(target)s points wins"),
            hint=N_("Game in progress: the first to reach exactly %(target)s points wins."),
            players_note=N_("Fives and Threes is played by 2 to 4 players, four often in two pairs."),
            round_words=HAND_WORDS,  # each deal is a hand (pagat)
        ),
        deal=_frozen(fives_threes_rules.DEAL_PAGAT),  # 7 / 5 / 5, no drawing (pagat)
        has_boneyard=False,
        rule_keys=frozenset(k.key for k in fives_threes_rules.RULE_KEYS),
        rules_module=FIVES_THREES,
    ),
    TEXAS42: KindSpec(
        kind=TEXAS42,
        words=KindWords(
            name=N_("Texas 42"),
            unit=N_("marks"),
            wins=N_("first pair to %(target)s marks wins"),
            hint=N_("Game in progress: the first pair to %(target)s marks wins."),
            players_note=N_("42 is played by four players, in two pairs."),
            round_words=HAND_WORDS,  # each deal is a hand (pagat)
        ),
        round_fields=frozenset({"bids", "contract", "result", "points", "tricks"}),
        record_fields=frozenset({"teams", "first_shaker"}),
        sets=(6,),
        default_set=6,
        least_players=4,
        most_players=4,
        club_table_most=4,
        deal=_frozen({4: texas42_rules.TRICKS}),  # 7 each, the whole set (pagat 42)
        deal_beyond=texas42_rules.TRICKS,
        engine_schedule=False,
        first_player=FirstPlayer.LEAD_RULE,
        has_boneyard=False,
        counts_pips=False,
        scoring=RoundScoring.CONTRACT,
        scored_by=ScoredBy.TEAM,
        team_size=2,
        rank=RankOrder.HIGHEST_TOTAL,
        ends=GameEnd.TARGET_SCORE,
        most_rounds=MOST_HANDS,
        rule_keys=frozenset(k.key for k in texas42_rules.RULE_KEYS),
        form=RoundForm(HandEntry.BIDS),
        named_presets=True,
        rules_module=TEXAS42,
    ),
}
"""The three kinds' rows, by record name (joined to the kinds table)."""
