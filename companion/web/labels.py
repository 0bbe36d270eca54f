"""The words players read for kinds, rules and rule choices: one place for the
pages and the score sheet.

Each label is an English message marked with ``N_`` and translated where it is
shown (``translated()`` in pages, the sheet's own language in the PDF), so the
catalogues hold each once. Rule keys and choice values themselves (``tie_break``,
``most_rounds_out``) are developer words and are never shown instead of a label
when one exists.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.rules.errors import N_
from companion.rules.family_counts import preset_name
from companion.rules.kinds import (
    DEFAULT_KIND,
    KINDS,
    AfterDouble,
    BlockedLowest,
    BlockedTie,
    BoneyardToWinner,
    EngineChoice,
    EngineOrder,
    FirstPlayer,
    FirstTurn,
    GameKind,
    LateJoin,
    OpenDoublesOrder,
    TieBreak,
    WinnerScores,
    kind_spec,
    kinds_where,
)
from companion.rules.profile import rule_applies

KIND_NAMES: dict[str, str] = {kind: spec.words.name for kind, spec in KINDS.items()}
"""The name of each game kind on the pages (:attr:`~companion.rules.kinds.KindWords.name`
of its row of :data:`~companion.rules.kinds.KINDS`), in table order."""

RULE_LABELS: dict[str, str] = {
    "double_blank_points": N_("Double-blank"),
    "engine_order": N_("Engine order"),
    "first_turn": N_("First turn"),
    "after_double": N_("After a double"),
    "open_doubles_order": N_("Open doubles"),
    "target_score": N_("Target score"),
    "min_round_score": N_("Round minimum"),
    "draw_counts": N_("Deal table"),
    "blank_half_points": N_("Blank halves"),
    "start_engine": N_("First engine"),
    "end_engine": N_("Last engine"),
    "going_out_bonus": N_("Going out"),
    "out_on_double_multiplier": N_("Out on a double"),
    "marker_penalty": N_("Marker left"),
    "tie_break": N_("Tie break"),
    "late_join": N_("Late joiners"),
    "winner_scores": N_("Round winner scores"),
    "round_to": N_("Rounding"),
    "blocked_lowest": N_("Blocked round, lowest hand"),
    "blocked_tie": N_("Blocked round, tie"),
    "boneyard_to_winner": N_("Boneyard to the winner"),
    "boneyard_kept": N_("Tiles kept in the boneyard"),
    "engine_choice": N_("Engine of each round"),
    "target_wins": N_("Wins to finish"),
}
"""Short labels of the rule keys (any other key is shown by its name)."""

POINT_RULES: frozenset[str] = frozenset(
    {
        "double_blank_points",
        "target_score",
        "min_round_score",
        "blank_half_points",
        "going_out_bonus",
        "marker_penalty",
    }
)
"""Rules whose value is a number of points."""

VALUE_LABELS: dict[str, str] = {
    EngineOrder.DESCENDING: N_("highest double first"),
    EngineOrder.ASCENDING: N_("0-0 first"),
    FirstTurn.ONE_TILE: N_("one tile"),
    FirstTurn.BUILD_TRAIN: N_("build a whole train"),
    AfterDouble.PLAY_AGAIN: N_("play again"),
    AfterDouble.ONE_NON_DOUBLE: N_("one more non-double"),
    OpenDoublesOrder.AS_PLAYED: N_("in the order laid"),
    OpenDoublesOrder.REVERSE: N_("last laid first"),
    TieBreak.NONE: N_("none: places are shared"),
    TieBreak.MOST_ROUNDS_OUT: N_("most rounds gone out"),
    LateJoin.ZERO: N_("start at 0"),
    LateJoin.HIGHEST: N_("start at the table's least favourable total"),
    LateJoin.AVERAGE: N_("start at the average"),
    WinnerScores.OTHERS_TOTAL: N_("the others' pips"),
    WinnerScores.DIFFERENCE: N_("the others' pips less their own"),
    BlockedLowest.SCORES_PIPS: N_("scores its pips"),
    BlockedLowest.SCORES_ZERO: N_("scores 0"),
    BlockedTie.NOBODY: N_("nobody scores"),
    BlockedTie.LIGHTEST_TILE: N_("the lightest single tile wins"),
    BoneyardToWinner.NO: N_("no"),
    BoneyardToWinner.YES: N_("yes"),
    EngineChoice.SCHEDULE: N_("the next double in order"),
    EngineChoice.HIGHEST_DOUBLE: N_("the highest double found in the hands"),
}
"""How choice values read (any other value shows as it is)."""

DATES_REVERSED = N_("The From date is after the To date: put the earlier day in From.")
"""Said under the From and To dates of a page's filters (the games list, a
player's page) when From is the later day: no day lies between them."""


def rule_kinds(key: str) -> str:
    """The kinds the start form offers rule ``key`` for, space-separated
    (``"draw block"``): those it applies to, less those that offer fewer
    (:meth:`~companion.rules.kinds.KindSpec.offers_rule`: picture dominoes,
    children's options only). The form shows a rule only for those (``data-kinds``).
    The profile's rules only: a kind read by a module of its own shows its own."""
    return " ".join(kind for kind in GameKind if kind.spec.rules_module is None and rule_applies(key, kind)
                    and kind_spec(kind).offers_rule(key))


def rule_variants(key: str, choices: tuple[str, ...] = ()) -> list[tuple[str, dict[str, str]]]:
    """The ways the start form words rule ``key``, each with the kinds it is
    shown for: ``[(kinds, words)]``, ``kinds`` space-separated as
    :func:`rule_kinds`; ``words`` is ``{}`` for the common words, else a
    kind's own (:attr:`~companion.rules.kinds.KindWords.rule_words`):
    ``{"explain": …, <choice>: label}`` (untranslated templates).

    :param key: a rule key.
    :param choices: the rule's choice values, for their labels.
    """
    groups: dict[tuple[tuple[str, str], ...], list[str]] = {}
    for kind in rule_kinds(key).split():
        words = kind_spec(kind).words
        own = tuple((name, text) for name, text in
                    [("explain", words.rule_word(key))] + [(c, words.rule_word(f"{key}.{c}")) for c in choices]
                    if text is not None)
        groups.setdefault(own, []).append(kind)
    return [(" ".join(kinds), dict(own)) for own, kinds in groups.items()]


def first_player_kinds(how: str) -> str:
    """The kinds whose starter is found ``how`` (a :class:`FirstPlayer`),
    space-separated: the new-game form shows the "starts" buttons, or the
    line saying the tiles decide, only for those (``data-kinds``)."""
    return " ".join(kind for kind in GameKind if kind.first_player == how)


def kinds_with(field: str) -> str:
    """The kinds the pages offer (``on_pages``) whose row of
    :data:`~companion.rules.kinds.KINDS` has ``field`` set (a true value:
    ``"set_choice"``, ``"named_presets"``), space-separated: the new-game and
    new-event forms show a part only for those (``data-kinds``).

    :raises AttributeError: for a name that is no field of :class:`KindSpec`.
    """
    return " ".join(kinds_where(lambda spec: spec.on_pages and getattr(spec, field)))


def kind_notes(field: str) -> list[tuple[str, str]]:
    """The distinct notes of the kinds' words under ``field`` (a
    :class:`~companion.rules.kinds.KindWords` field such as
    ``"players_note"``), each with the kinds that show it, space-separated
    (``[("Draw and Block are played by 2 to 4 players.", "draw block")]``);
    kinds without the note are left out. The notes are ``N_`` templates,
    translated where shown."""
    notes: dict[str, list[str]] = {}
    for kind, spec in KINDS.items():
        note = getattr(spec.words, field)
        if note:
            notes.setdefault(note, []).append(kind)
    return [(note, " ".join(kinds)) for note, kinds in notes.items()]


def kind_title(kind: str, rules: Mapping[str, Any] | None = None) -> str:
    """The name a game is titled by (a msgid, to translate): the named game
    its rules play (Muggins, Sniff, Five Up: :func:`preset_name`), else its
    kind's name (:data:`KIND_NAMES`).

    :param kind: the game's kind.
    :param rules: the game's ``rules`` as given (``None``: the kind's name).
    """
    return preset_name(str(kind), rules) or KIND_NAMES[str(kind)]


@lru_cache(maxsize=256)
def record_title(kind: str, rule_set: str) -> str:
    """:func:`kind_title` of a game in a player's record, whose rules are kept
    as the rule-set key (the rules that differ from the kind's defaults, as
    canonical JSON: ``companion.rules.stats.records.rule_set_key``): an All
    Fives game played as Muggins, Sniff or Five Up is titled so (a msgid).

    :param kind: the game's kind.
    :param rule_set: the line's ``rule_set`` (``"{}"``: the defaults); text
        that does not read as a JSON object gives the kind's name.
    """
    try:
        rules = json.loads(rule_set)
    except ValueError:
        rules = None
    return kind_title(kind, rules if isinstance(rules, Mapping) else None)


def template_globals() -> dict[str, object]:
    """What every page template may use: the kinds, their rows, their names,
    the labels."""
    return {
        "GameKind": GameKind,
        "default_kind": DEFAULT_KIND,
        "kind_spec": kind_spec,
        "kinds_with": kinds_with,
        "kind_notes": kind_notes,
        "kind_names": KIND_NAMES,
        "kind_title": kind_title,
        "record_title": record_title,
        "value_labels": VALUE_LABELS,
        "rule_kinds": rule_kinds,
        "rule_variants": rule_variants,
        "FirstPlayer": FirstPlayer,
        "first_player_kinds": first_player_kinds,
    }
