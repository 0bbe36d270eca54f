"""How the pages and the sheets of the games scored during play or by contract
(All Fives, Fives and Threes, Texas 42) name their rules, a rule's choices,
42's trumps and contracts, in players' words.

English templates marked with ``N_``, translated where shown. The rules are
those of ``rules-families.md`` sections 2–4 (sources in ``docs/sources.md``:
pagat's Fives family and Fives and Threes pages, the leagues' pages, 42-online,
the Harper and Lechner Hall 42 rules).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.rules.errors import N_, tr, trn
from companion.rules.families import all_fives, fives_threes, texas42
from companion.rules.family_counts import START_PRESETS

TRUMP_WORDS: Mapping[str, str] = {
    "blanks": N_("blanks"), "ones": N_("ones"), "twos": N_("twos"), "threes": N_("threes"),
    "fours": N_("fours"), "fives": N_("fives"), "sixes": N_("sixes"), "doubles": N_("doubles"),
    "follow_me": N_("no trumps (follow me)"),
}
"""42's trumps (:data:`texas42.TRUMPS`), as the bidder names them."""

CONTRACT_WORDS: Mapping[str, str] = {
    "normal": N_("ordinary bid"), "nello": N_("nello"), "plunge": N_("plunge"), "splash": N_("splash"),
    "sevens": N_("sevens"),
}
"""42's contracts (:class:`texas42.ContractType`)."""

RULE_LABELS: Mapping[str, str] = {
    "spinners": N_("Spinners"),
    "score_unit": N_("Scores kept in"),
    "hand_bonus": N_("The hand's winner scores"),
    "rounding": N_("Pips rounded"),
    "blocked_tie": N_("A tie in a blocked hand"),
    "target_score": N_("Game to"),
    "target_marks": N_("Game to"),
    "exact_target": N_("A score that would pass the target is not added"),
    "win_check": N_("The game stops"),
    "entry_minimum": N_("A player's first score is at least"),
    "subtract_own": N_("At the hand's end each player loses his own pips"),
    "muggins_claims": N_("Muggins: an opponent may claim a missed score"),
    "first_lead": N_("Who leads"),
    "draw_counts": N_("Tiles dealt"),
    "direction": N_("Play goes"),
    "chip_out_point": N_("Points for chipping out"),
    "no_win_on_down": N_("No win on the first tile of a hand"),
    "knock_bonus": N_("Points per knock to the next player who can play"),
    "score_pips_variant": N_("American scoring: a count scores itself"),
    "forced_bid": N_("When everyone passes"),
    "opening_mark_limit": N_("The first mark bid is at most"),
    "mark_raise_limit": N_("A later mark bid raises by at most"),
    "nello": N_("Nello"),
    "plunge": N_("Plunge"),
    "splash": N_("Splash"),
    "sevens": N_("Sevens"),
    "plunge_marks": N_("Marks of a plunge"),
    "splash_marks": N_("Marks of a splash"),
}
"""Each rule key's label in "Rules in play"."""

CHOICE_LABELS: Mapping[str, Mapping[Any, str]] = {
    "spinners": {"none": N_("none (Muggins)"), "first": N_("the first double (All Fives)"),
                 "sniff_us": N_("the sniff, American way"), "sniff_uk": N_("the sniff, British way"),
                 "all": N_("every double (Five Up)")},
    "score_unit": {"pips": N_("points"), "fives": N_("fives, on a cribbage board")},
    "hand_bonus": {"opponents_rounded": N_("the opponents' pips, rounded to five"),
                   "each_hand_rounded": N_("each opponent's pips rounded to five, then added"),
                   "difference_rounded": N_("the opponents' pips less his own, rounded to five"),
                   "none": N_("nothing")},
    "rounding": {"nearest": N_("to the nearest five"), "down": N_("down to five")},
    "blocked_tie": {"nobody": N_("nobody scores"), "share": N_("the tied players share the points")},
    "win_check": {"immediate": N_("at the score that reaches the target"), "hand_end": N_("at the end of the hand")},
    "first_lead": {"winner": N_("whoever went out last hand"),
                   "highest_double": N_("the holder of the highest double")},
    "direction": {"clockwise": N_("clockwise"), "counterclockwise": N_("counter-clockwise")},
    "forced_bid": {True: N_("the shaker must bid"), False: N_("the tiles are shaken again")},
}
"""Each choice's words, by rule key and value."""

PRESET_LABEL = N_("Rules")
"""The label of the line naming the rule set the table started from."""
OWN_RULES = N_("the table's own")
"""A rule set that is none of the named ones."""

_KEYS = {"all_fives": all_fives.RULE_KEYS, "fives_threes": fives_threes.RULE_KEYS, "texas42": texas42.RULE_KEYS}
_MARKS = ("opening_mark_limit", "mark_raise_limit", "plunge_marks", "splash_marks")


def _plain(rules: Mapping[str, Any]) -> dict[str, Any]:
    """Rules as JSON keeps them (a dealing table's keys as text)."""
    return dict(json.loads(json.dumps(dict(rules))))


def _value(key: str, value: Any) -> str:
    """A rule's value in players' words (in the current language)."""
    if key in CHOICE_LABELS and value in CHOICE_LABELS[key]:
        return tr(CHOICE_LABELS[key][value])
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if key == "draw_counts" and isinstance(value, Mapping):
        return ", ".join(trn("%(players)s players: %(n)s tile each", "%(players)s players: %(n)s tiles each",
                             int(n), players=p) for p, n in sorted(value.items(), key=lambda kv: int(kv[0])))
    if key in _MARKS or key == "target_marks":
        return trn("%(num)s mark", "%(num)s marks", int(value), num=int(value))
    if key == "target_score":
        return trn("%(n)s point", "%(n)s points", int(value))
    return str(value)


def rule_lines(kind: str, given: Mapping[str, Any], target: int) -> list[dict[str, str]]:
    """The rules a game is played with, for a sheet's "Rules in play": the
    named rule set it started from (or "the table's own"), the target, then
    every rule whose value differs from the kind's default, in the current
    language.

    :param kind: ``all_fives``, ``fives_threes`` or ``texas42``.
    :param given: the record's ``rules`` object (JSON values).
    :param target: the game's target as its module works it out (points, or
        marks in 42).
    :return: ``[{"label", "value"}]``, labels and values in players' words.
    :raises KeyError: for another kind.
    """
    keys = _KEYS[kind]
    defaults = {k.key: k.default for k in keys}
    played = {**defaults, **_plain(given)}
    preset = next((p for p in START_PRESETS[kind].values() if {**defaults, **_plain(p.rules)} == played), None)
    target_key = "target_marks" if "target_marks" in defaults else "target_score"  # 42 counts marks
    lines = [{"label": tr(PRESET_LABEL), "value": tr(preset.label) if preset else tr(OWN_RULES)},
             {"label": tr(RULE_LABELS[target_key]), "value": _value(target_key, target)}]
    for rule in keys:
        value = played[rule.key]
        if rule.key == target_key or value is None or value == rule.default:
            continue
        label = RULE_LABELS.get(rule.key)
        lines.append({"label": tr(label) if label else tr(rule.label), "value": _value(rule.key, value)})
    return lines


__all__ = ["CHOICE_LABELS", "CONTRACT_WORDS", "RULE_LABELS", "TRUMP_WORDS", "rule_lines"]
