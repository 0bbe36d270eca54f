"""The partnership pages' forms: the start form's pairs and rules, and the hand form.

Games scored by pair from the pips left (:func:`pairs_by_pips`: Latin
partnership dominoes, ``rules-families.md`` section 1) have a start form part
and a hand form of their own. This module only reads what was typed (kept as
typed for a refused form) into the record's fields; the rules module
(:mod:`companion.rules.families.partnership`) checks and scores them.

Start form fields (besides the common ``player`` rows, ``kind`` and ``set``):
``lp-preset`` (a name of :data:`~companion.rules.families.partnership.PRESETS`)
and ``lp-<key>`` for each rule key (blank: the preset's value or the default).

Hand form fields: ``leader`` (a seat), ``out`` (a seat, or ``blocked``),
``pips-<seat>`` or ``tiles-<seat>`` (tiles from the picker, ``"6-5 2-1"``),
``locked_by`` (a seat), and the bonus taps ``capicua``, ``chuchazo``,
``lead_pass`` with ``lead_double`` (``1`` the lead was a double, ``0`` not),
``pass-<seat>`` (how many times that player's play made the three others pass).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.forms import FormResult, _int, _not_whole, _seat_index, pips_shown
from companion.rules.errors import Problem, RecordError
from companion.rules.families import partnership as lp
from companion.rules.kinds import HandEntry, KindSpec, ScoredBy
from companion.web.i18n import gettext

CHOICE_KEYS = ("direction", "first_lead", "next_leader", "hand_points", "blocked_winner",
               "blocked_points", "blocked_tie", "pass_bonus")
"""The rule keys with a list of choices, in the order the form shows them."""
NUMBER_KEYS = ("target_score", "capicua_points", "chuchazo_points", "blocked_bonus")
"""The rule keys that take a whole number (points)."""
LIST_KEY = "hand_bonuses"
"""The rule key typed as numbers one after the other ("100 75 50 25")."""
BONUS_TAPS = ("capicua", "chuchazo", "lead_pass")
"""The bonus events a hand form shows as one tap each."""


def pairs_by_pips(spec: KindSpec) -> bool:
    """The kind is played in pairs and scored from the pips left (its pages
    are this module's and ``templates/games/partnership/``)."""
    return spec.scored_by is ScoredBy.TEAM and spec.form.entry is HandEntry.PIPS


# ---------------------------------------------------------------- the start form


def add_pairs_head(form: Any, record: dict[str, Any], problems: list[Problem]) -> None:
    """Complete a start form's record head for a game in pairs: ``teams``
    (seats 1 and 3 against seats 2 and 4: partners opposite) and ``rules``
    (the chosen preset's, then each ``lp-<key>`` typed); ``first_starter`` is
    dropped (the rules say who leads). Typing problems go to ``problems`` at
    ``rules.<key>``."""
    record.pop("first_starter", None)
    # the common rule fields are hidden for this kind: what they sent is not its rules
    problems[:] = [p for p in problems if not p.path.startswith("rules.")]
    players = record.get("players") or []
    if len(players) == lp.PLAYERS:
        record["teams"] = [[players[0], players[2]], [players[1], players[3]]]
    record["rules"] = _typed_rules(form, problems)
    if problems:  # a box refused as typed: what the rules refuse in the others shows too
        problems += rules_alone(record, problems)


def _typed_rules(form: Any, problems: list[Problem]) -> dict[str, Any]:
    """The rules of the pairs' part of the start form: the chosen preset's,
    then each ``lp-<key>`` typed; typing problems to ``problems``."""
    rules: dict[str, Any] = {}
    chosen = lp.PRESETS.get(form.get("lp-preset") or "")
    if chosen is not None:
        rules.update(chosen.rules.changed())
    for key in CHOICE_KEYS:
        value = (form.get(f"lp-{key}") or "").strip()
        if value:
            rules[key] = value
    for key in NUMBER_KEYS:
        raw = (form.get(f"lp-{key}") or "").strip()
        number = _int(raw)
        if isinstance(number, int):
            rules[key] = number
        elif isinstance(number, str):
            problems.append(Problem(f"rules.{key}", "bad_value", _not_whole(raw)))
    raw = (form.get(f"lp-{LIST_KEY}") or "").replace(",", " ").split()
    if raw:
        numbers = [_int(text) for text in raw]
        if all(isinstance(n, int) for n in numbers):
            rules[LIST_KEY] = numbers
        else:
            problems.append(Problem(f"rules.{LIST_KEY}", "bad_value", gettext(
                "Type the points of the first hands as whole numbers, one after the other (100 75 50 25).")))
    return rules


def rules_alone(record: dict[str, Any], typed: list[Problem]) -> list[Problem]:
    """The rules' problems with the rules of ``record`` (a start form's record
    head), at ``rules.<key>``, leaving out the keys already refused as typed
    (``typed``) and any problem not about a rule."""
    try:
        lp.read_game({**record, "rounds": []}, confirm=True)
    except RecordError as exc:
        refused = {p.path for p in typed}
        return [p for p in exc.errors if p.path.startswith("rules.") and p.path not in refused]
    return []


def start_errors(errors: dict[str, list[str]]) -> dict[str, list[str]]:
    """A refused start form's messages for a game in pairs: those about a rule
    (``rules.<key>``) at its box of the pairs' part (``lp-<key>``), so the
    common rule boxes, hidden for this kind, do not show them again."""
    return {(f"lp-{key[6:]}" if key.startswith("rules.") else key): msgs for key, msgs in errors.items()}


def preset_values(preset: lp.Preset) -> dict[str, Any]:
    """A preset's set and every rule's value as the start form shows them
    (``lp-<key>``: ``hand_bonuses`` as numbers with spaces), for the page's
    script to fill the fields when a table picks the preset."""
    values: dict[str, Any] = {"set": preset.set_n}
    for key, value in preset.rules.as_dict().items():
        values[f"lp-{key}"] = " ".join(str(v) for v in value) if key == LIST_KEY else value
    return values


# ---------------------------------------------------------------- the hand form


def hand_from_form(form: Mapping[str, str], players: list[str], rules: lp.PartnershipRules) -> FormResult:
    """Read the hand form into a round object (a hand of
    ``rules-families.md`` section 1: ``leader``, ``ended``, ``out``,
    ``hands``, ``locked_by``, ``bonuses``).

    :param players: the four names in seat order.
    :param rules: the rules in play (which bonus taps the form showed).
    :return: the hand and typing problems (``bad_value``) at the engine's
        paths (``hands.<name>.pips``; a pass count: ``bonuses.pass-<seat>``).
    """
    result = FormResult({})
    data = result.data
    seats = len(players)
    leader = _seat_index(form.get("leader"), seats)
    if leader is not None:
        data["leader"] = players[leader]
    out_text = form.get("out", "")
    out = _seat_index(out_text, seats)
    if out_text == lp.Ended.BLOCKED:
        data["ended"] = lp.Ended.BLOCKED.value
    elif out is not None:
        data["ended"] = lp.Ended.DOMINO.value
        data["out"] = players[out]
    else:
        result.problems.append(Problem("ended", "bad_value", gettext(
            "Tap who went out, or Blocked when nobody could play.")))
    data["hands"] = {name: _hand(form, seat, name, seat == out, result.problems)
                     for seat, name in enumerate(players)}
    locked = _seat_index(form.get("locked_by"), seats)
    if locked is not None and out_text == lp.Ended.BLOCKED:
        data["locked_by"] = players[locked]
    bonuses = _bonuses(form, players, result.problems)
    if bonuses:
        data["bonuses"] = bonuses
    return result


def _hand(form: Mapping[str, str], seat: int, name: str, went_out: bool,
          problems: list[Problem]) -> dict[str, Any]:
    if went_out:
        return {"pips": 0, "tiles_left": 0}
    picked = (form.get(f"tiles-{seat}") or "").split()
    if picked:
        return {"tiles": picked}
    pips = _int(form.get(f"pips-{seat}"))
    if pips is None:
        problems.append(Problem(f"hands.{name}.pips", "bad_value",
                                gettext("Type %(name)s's pips, or tap Out.", name=name)))
        return {}
    if isinstance(pips, str):
        problems.append(Problem(f"hands.{name}.pips", "bad_value", _not_whole(pips)))
        return {}
    return {"pips": pips}


def _bonuses(form: Mapping[str, str], players: list[str], problems: list[Problem]) -> list[dict[str, Any]]:
    bonuses: list[dict[str, Any]] = []
    for kind in ("capicua", "chuchazo"):
        if form.get(kind):
            bonuses.append({"kind": kind})
    if form.get("lead_pass"):
        lead: dict[str, Any] = {"kind": "lead_pass"}
        if form.get("lead_double") in ("0", "1"):
            lead["double"] = form.get("lead_double") == "1"
        bonuses.append(lead)
    for seat, name in enumerate(players):
        count = _int(form.get(f"pass-{seat}"))
        if isinstance(count, str):
            problems.append(Problem(f"bonuses.pass-{seat}", "bad_value", _not_whole(count)))
        elif count:
            bonuses.append({"kind": "pass", "player": name, "count": count})
    return bonuses


def bonus_fields(form: Mapping[str, str], players: list[str]) -> list[str]:
    """The hand form's box of each bonus :func:`hand_from_form` reads from
    ``form``, in its order (``capicua``, ``chuchazo``, ``lead_pass``,
    ``pass-<seat>``): a problem at ``bonuses[i]`` is about box ``i``."""
    fields = [kind for kind in ("capicua", "chuchazo", "lead_pass") if form.get(kind)]
    return fields + [f"pass-{seat}" for seat in range(len(players))
                     if isinstance(_int(form.get(f"pass-{seat}")), int) and _int(form.get(f"pass-{seat}"))]


def hand_to_form(data: Mapping[str, Any], players: list[str]) -> dict[str, str]:
    """The hand form's values that show a stored hand (to correct it)."""
    values: dict[str, str] = {}

    def seat_of(name: Any) -> str:
        return str(players.index(name)) if name in players else ""

    values["leader"] = seat_of(data.get("leader"))
    if data.get("ended") == lp.Ended.BLOCKED:
        values["out"] = lp.Ended.BLOCKED.value
    else:
        values["out"] = seat_of(data.get("out"))
    values["locked_by"] = seat_of(data.get("locked_by"))
    for seat, name in enumerate(players):
        hand = (data.get("hands") or {}).get(name) or {}
        if hand.get("tiles"):  # its pips shown too, as the tile picker shows them
            values[f"tiles-{seat}"] = " ".join(hand["tiles"])
            values[f"pips-{seat}"] = pips_shown(hand)
        elif hand.get("pips") is not None and values["out"] != str(seat):
            values[f"pips-{seat}"] = str(hand["pips"])
    for bonus in data.get("bonuses") or ():
        kind = bonus.get("kind")
        if kind in BONUS_TAPS:
            values[kind] = "1"
        if kind == "lead_pass" and isinstance(bonus.get("double"), bool):
            values["lead_double"] = "1" if bonus["double"] else "0"
        if kind == "pass" and bonus.get("player") in players:
            values[f"pass-{seat_of(bonus['player'])}"] = str(bonus.get("count", 1))
    return {k: v for k, v in values.items() if v != ""}
