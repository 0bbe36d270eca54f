"""The rule profile: the house rules a game is played with.

Every key of a game record's ``rules`` object (docs/design.md) is a field here with
a default; its explanation and source are in :mod:`.options`. Unknown keys are
refused (``unknown_rule``), never silently ignored. Also here: which rules
apply to which kind of game, and the presets of the start page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from functools import cache
from typing import Any

from companion.rules.errors import N_, Problems, tr
from companion.rules.kinds import (
    DEFAULT_KIND,
    AfterDouble,
    BlockedLowest,
    BlockedTie,
    BoneyardToWinner,
    EngineChoice,
    EngineOrder,
    FirstTurn,
    LateJoin,
    OpenDoublesOrder,
    TieBreak,
    WinnerScores,
    kind_spec,
)
from companion.rules.options import OPTIONS as OPTIONS
from companion.rules.options import OPTIONS_BY_KEY as OPTIONS_BY_KEY
from companion.rules.options import Option as Option


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
        """Only the rules that differ from the defaults (what a record stores;
        ``draw_counts`` keys as strings)."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                out[f.name] = value
        if self.draw_counts is not None:
            out["draw_counts"] = {str(k): v for k, v in sorted(self.draw_counts.items())}
        return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def rule_applies(key: str, kind: str) -> bool:
    """True when rule ``key`` changes anything in a game of ``kind``: the key
    is one of the kind's :attr:`~.kinds.KindSpec.rule_keys`.

    Mexican Train takes its own rules; the classic games theirs (and
    ``draw_counts``); every kind takes ``tie_break`` and ``late_join``.

    :param kind: a :class:`~.kinds.GameKind` (or its string).
    :raises ValueError: for a string that is no game kind.
    """
    return key in kind_spec(kind).rule_keys


def check_rules_apply(profile: RuleProfile, kind: str, problems: Problems, path: str = "rules") -> None:
    """Refuse (``bad_value``) a rule set away from its default in a game it does
    not apply to: it would be shown as in play but change nothing."""
    for key in profile.changed():
        if not rule_applies(key, kind):
            problems.error(f"{path}.{key}", "bad_value",
                           tr("The rule %(key)s does not apply to this game.", key=key), rule=key)


def parse_rules(data: Any, problems: Problems, path: str = "rules", set_n: int | None = None) -> RuleProfile:
    """Read a record's ``rules`` object into a :class:`RuleProfile`.

    :param data: the ``rules`` value of a game record (a mapping; ``None`` means all defaults).
    :param problems: collector; unknown keys add ``unknown_rule``, wrong values ``bad_value``.
    :param path: the path prefix used in problems.
    :param set_n: N of the game's double-N set when known: a rule that is a
        suit of the set (:attr:`~.options.Option.up_to_set`, the engines) is
        held to 0..N and its message says so ("A double-12 set has no
        25-25", "from 0 to 12" in a double-12 game), not to the largest set's 18.
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
            problems.error(where, "unknown_rule", tr("There is no rule called %(key)r.", key=key), rule=key)
            continue
        read = _rule_value(opt, value, problems, where, set_n)
        if read is not _REFUSED:
            values[key] = read
    return RuleProfile(**values)


_REFUSED = object()
"""What :func:`_rule_value` answers for a value it refused (or left at its default)."""


def _rule_value(opt: Option, value: Any, problems: Problems, where: str, set_n: int | None = None) -> Any:
    """One rule's value as the profile keeps it, or :data:`_REFUSED` (a
    ``bad_value`` problem added, or ``None`` given for a rule whose default is
    ``None``); ``set_n`` bounds a suit of the set (see :func:`parse_rules`)."""
    key = opt.key
    most = set_n if opt.up_to_set and set_n is not None else opt.maximum
    if key == "draw_counts":
        counts = _parse_draw_counts(value, problems, where)
        return _REFUSED if counts is None else counts
    if opt.choices is not None:
        member = next((c for c in opt.choices if c == value), None)
        if member is None:
            problems.error(
                where,
                "bad_value",
                tr("This rule takes one of its listed choices (%(choices)s).",
                   choices=", ".join(opt.choices)),
                rule=key,
            )
            return _REFUSED
        return member
    elif value is None and opt.default is None:
        return _REFUSED
    elif opt.up_to_set and set_n is not None and _is_int(value) and value > set_n:
        problems.error(where, "bad_value", tr("A double-%(set)s set has no %(value)s-%(value)s.",
                                              set=set_n, value=value), rule=key)
        return _REFUSED
    elif not _is_int(value) or not (opt.minimum <= value <= most):
        problems.error(
            where,
            "bad_value",
            tr("Give a whole number from %(minimum)s to %(maximum)s.",
               minimum=opt.minimum, maximum=most),
            rule=key,
        )
        return _REFUSED
    if key == "round_to" and value not in (1, 5):
        problems.error(where, "bad_value", tr("Round to 1 or to 5 points."), rule=key)
        return _REFUSED
    return value


def _parse_draw_counts(value: Any, problems: Problems, path: str) -> dict[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or not value:
        problems.error(path, "bad_value", tr("The dealing table gives, for each number of players, the tiles "
                                             "dealt to each."))
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
                tr("The dealing table gives, for 1 to 20 players, 1 to 100 tiles dealt to each."),
            )
            continue
        out[players] = v
    return out or None




DRAW_COUNT_PRESETS: dict[str, dict[str, Any]] = {
    "seeds": {
        "label": N_("16 / 15 / 14 / 12 / 10 / 9 tiles each"),
        "origin": N_("The Mexican Train rule pages we have (Belarusian, Croatian, Mongolian, Korean)"),
        "source": "[MT-BE] [MT-MN] [MT-KO]; [MT-HR] agrees for double-12",
        "counts": {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9},
    },
    "cardinal": {
        "label": N_("15 / 12 / 10 / 8 tiles each"),
        "origin": N_("Cardinal-style sheet: 15 / 12 / 10 / 8"),
        "source": "public rule sheet reproduced at htfbw.com/games-cards/Games/76098.shtml",
        "counts": {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8},
    },
    "aluminium_case": {
        "label": N_("15 / 11 / 8 tiles each"),
        "origin": N_("Boxed-set leaflet: 15 / 11 / 8"),
        "source": "set leaflet reproduced at shop.owlshollow.com (Mexican Train Domino Set Double 12)",
        "counts": {2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 8, 8: 8},
    },
    "club_sheet": {
        "label": N_("16 down to 10 tiles each, one fewer a player"),
        "origin": N_("Club sheet: 16 down to 10"),
        "source": "club rules at idahogoodsam.org/gamerules/9",
        "counts": {2: 16, 3: 15, 4: 14, 5: 13, 6: 12, 7: 11, 8: 10},
    },
}
"""Published dealing tables for double-12 (tiles per player by players). Sources disagree.
Each ``label`` says the counts (what the table changes); ``origin`` says where it
was published, for the rules page's sources (issue 27)."""


PRESETS: dict[str, dict[str, Any]] = {
    "seeds_000_002_004": {
        "label": N_("0-0 counts 50; after a double play again"),
        "origin": N_("The Belarusian, Mongolian and Korean rule pages"),
        "source": "[MT-BE] [MT-MN] [MT-KO]",
        "rules": {"double_blank_points": 50, "first_turn": "one_tile", "after_double": "play_again",
                  "open_doubles_order": "as_played"},
    },
    "seed_001": {
        "label": N_("After a double one more tile, not a double; 0-0 counts 0"),
        "origin": N_("The Croatian rule page"),
        "source": "[MT-HR]",
        "rules": {"double_blank_points": 0, "after_double": "one_non_double"},
    },
    "seed_003": {
        "label": N_("A whole train on the first turn; 0-0 counts 0"),
        "origin": N_("The travel-set maker's rules (the Russian collection)"),
        "source": "[RU]",
        "rules": {"double_blank_points": 0, "first_turn": "build_train", "after_double": "play_again"},
    },
    "quick": {
        "label": N_("Quick game: 6-6 down to 0-0"),
        "origin": N_("A house rule: no rule page gives a shorter game"),
        "source": "house rule (a shorter game; no source document gives one)",
        "rules": {"start_engine": 6},
    },
    "league": {
        "label": N_("League style: -10 for going out, ties broken by rounds won"),
        "origin": N_("House rules used by clubs"),
        "source": "house rules used by clubs",
        "rules": {"double_blank_points": 50, "going_out_bonus": -10, "tie_break": "most_rounds_out",
                  "marker_penalty": 0},
    },
}
"""Named rule sets a table can start from, then change any option. Each
``label`` says what the set changes (the start form, the club night, the
players' filter); ``origin`` where it comes from, listed on the rules page."""


def preset_of(changed: Mapping[str, Any]) -> str | None:
    """Which named rule set of the start page a game was played with.

    :param changed: a game's rules that differ from the defaults and apply to
        its kind, JSON values (what the players' statistics keep as the game's
        rule set, read back).
    :return: the key of the :data:`PRESETS` entry whose rules, stored as a
        Mexican Train game stores them (defaults dropped), are exactly
        ``changed``; ``None`` for any other rule set, and for no rule changed
        (the app's defaults, even where a preset only repeats them).
    """
    if not changed:
        return None
    for key, rules in _stored_presets().items():
        if rules == dict(changed):
            return key
    return None


@cache
def _stored_presets() -> dict[str, dict[str, Any]]:
    """Each preset's rules as a game of the default kind (Mexican Train, whose
    rule sets they are) started with it stores them (worked out once: the
    presets never change while the app runs)."""
    out = {}
    for key, preset in PRESETS.items():
        changed = parse_rules(preset["rules"], Problems()).changed()
        out[key] = {k: v for k, v in changed.items() if rule_applies(k, DEFAULT_KIND)}
    return out
