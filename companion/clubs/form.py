"""The new-club-night form read into what :func:`companion.clubs.nights.create`
takes: the game and its rule set (Mexican Train's named sets, or the counting
games' own), the late arrival, doubles, and a league match with its two teams.
"""

from __future__ import annotations

import json
from typing import Any

from companion.games.forms import kind_of
from companion.rules.clubs.league import FORMATS, formats_for
from companion.rules.family_counts import START_PRESETS
from companion.rules.profile import PRESETS
from companion.web.i18n import lazy_gettext

LATE_NAMES = {
    "zero": lazy_gettext("Starts at 0"),
    "highest": lazy_gettext("Starts at the table's least favourable total"),
    "average": lazy_gettext("Starts at the table's average"),
}


def event_from_form(form: Any) -> dict[str, Any]:
    """The new-event form as :func:`companion.clubs.nights.create` reads it. The set and
    the rule set are Mexican Train's (the page hides them for the other games,
    whose set is the kind's own, but the form still sends them): read for a
    Mexican Train night only, as the new-game form does. A counting game's
    rule set is ``preset-<kind>``; doubles (``in_pairs``) and a league match
    (:func:`_match_from_form`) are read for the games a league plays.

    :return: the fields of :func:`companion.clubs.nights.create`.
    """
    data: dict[str, Any] = {k: form.get(k) for k in ("name", "held_on", "kind", "set", "scoring", "seating",
                                                      "reseat", "move", "tables") if form.get(k)}
    kind = kind_of(form)
    if kind is not None and not kind.spec.set_choice:
        data.pop("set", None)
    rules: dict[str, Any] = {}
    preset = form.get("preset")
    # the named rule sets offered are Mexican Train's: not for a kind read by its own module (pairs)
    if preset in PRESETS and (kind is None or (kind.spec.named_presets and kind.spec.rules_module is None)):
        rules.update(PRESETS[preset]["rules"])
    if form.get("late_join") in LATE_NAMES and (kind is None or "late_join" in kind.spec.rule_keys):
        rules["late_join"] = form.get("late_join")  # 0 too: the event's default is another
    family = START_PRESETS.get(kind.value) if kind is not None else None
    if family is not None:  # the counting games' own rule sets: preset-<kind>
        chosen = family.get(form.get(f"preset-{kind}") or "") or next(iter(family.values()))
        rules.update(json.loads(json.dumps(dict(chosen.rules))))  # a dealing table's keys as JSON keeps them
    data["rules"] = rules
    names = [n for n in (form.get("players") or "").replace(",", "\n").splitlines() if n.strip()]
    if names:
        data["players"] = names
    if kind is not None and formats_for(kind.value):
        if form.get("in_pairs") == "1":
            data["in_pairs"] = True
        if form.get("match") in FORMATS:  # a match ranks its players by games won; no ladder, no draw
            data["match"] = _match_from_form(form)
            for key in ("seating", "reseat", "move", "tables"):
                data.pop(key, None)
            data["scoring"] = "wins"
    return data


def _lines(text: str | None) -> list[str]:
    return [n for n in (text or "").replace(",", "\n").splitlines() if n.strip()]


def _match_from_form(form: Any) -> dict[str, Any]:
    """The new-event form's league match: ``match`` (the league), ``team-0``
    and ``team-1`` (names), ``team-0-players`` and ``team-1-players`` (one
    name a line), ``singles`` and ``doubles`` (where the league leaves them
    to the night)."""
    return {"format": form.get("match"),
            "teams": [{"name": form.get(f"team-{i}", ""), "players": _lines(form.get(f"team-{i}-players"))}
                      for i in (0, 1)],
            **{k: form.get(k) for k in ("singles", "doubles") if form.get(k)}}


__all__ = ["LATE_NAMES", "event_from_form"]
