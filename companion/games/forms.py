"""Turning the pages' forms into game records, and problems back into fields.

The rules engine does the checking; this module only reads what was typed
(keeping it, so a refused form is shown again exactly as typed) and places
each problem next to its field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.rules.errors import Problem, RecordError, addressed
from companion.rules.kinds import DEFAULT_KIND, Ending, GameKind, kind_spec
from companion.rules.record.entry import about_hand
from companion.rules.tiles import Tile, TileError
from companion.web import numbers
from companion.web.i18n import gettext


def _seat_index(text: str | None, seats: int) -> int | None:
    """A seat's index typed in a form (0-based, ASCII digits: see
    :mod:`companion.web.numbers`), or ``None`` when it is none of ``seats``."""
    index = numbers.parse(text or "", 0)
    return index if index is not None and index < seats else None


def _int(text: str | None) -> int | None | str:
    """A typed whole number, ``None`` when blank, or the text back when it is not one."""
    text = (text or "").strip()
    if not text:
        return None
    sign = -1 if text.startswith(("-", "−")) else 1
    digits = text.lstrip("-−+").strip()
    # isdecimal, not isdigit: "²" or "①" pass isdigit, yet int() refuses them;
    # ASCII too: "٣" is decimal to Python (companion/web/numbers.py).
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > 9:
        return text
    return sign * int(digits)


def _not_whole(text: str) -> str:
    digits = text.strip().lstrip("-−+").strip()
    if digits.isdecimal():
        return gettext("“%(text)s” is too large a number.", text=text)
    return gettext("“%(text)s” is not a whole number.", text=text)


@dataclass
class FormResult:
    """What a form gave: the data for the engine and problems found in the typing."""

    data: dict[str, Any]
    problems: list[Problem] = field(default_factory=list)


def round_from_form(form: Mapping[str, str], players: list[str],
                    kind: GameKind | str = DEFAULT_KIND) -> FormResult:
    """Read the round entry form into a round object (docs/design.md).

    Fields per seat: ``pips-<seat>``, ``left-<seat>`` (tiles left),
    ``blank-<seat>`` (holds the 0-0), ``tiles-<seat>`` (tiles from the tile
    picker, ``"6-5 2-1"``), ``blanks-<seat>`` (tiles with a blank half),
    ``drawn-<seat>``, ``marker-<seat>``, ``absent-<seat>`` (sat the round
    out). Round fields: ``out`` (the seat that went out, or ``blocked``),
    ``dealt``, ``ended_on_double``, and those of :func:`_rule_fields`;
    picture dominoes: ``winner`` (a seat).
    A hand typed as 0 with nobody marked out is taken as the player who went out.

    :param kind: the game's kind (a :class:`GameKind` or its string).
    :return: the round data and problems with typing (``bad_value``), whose
        paths are those the engine uses (``hands.<name>.pips``).
    """
    result = FormResult({})
    absent = [name for seat, name in enumerate(players) if form.get(f"absent-{seat}")]
    if absent:
        result.data["absent"] = absent
    if kind_spec(kind).form.who_out:
        winner = _seat_index(form.get("winner", ""), len(players))
        if winner is not None:
            result.data["winner"] = players[winner]
        else:
            result.problems.append(Problem("winner", "bad_value", gettext("Tap the child who went out first.")))
        return result
    out = form.get("out", "")
    result.data["hands"] = {
        name: _hand_from_form(form, seat, name, out == str(seat), result.problems)
        for seat, name in enumerate(players) if name not in absent
    }
    _round_fields(form, out, len(players), result)
    _rule_fields(form, players, result)
    return result


MORE_FIELDS = {"tiles_left": "left", "blanks": "blanks", "drawn": "drawn"}
"""A hand's counts typed in boxes of their own under "more": the hand
object's key and the form field's name (``left-<seat>``…)."""


def _hand_from_form(form: Mapping[str, str], seat: int, name: str, went_out: bool,
                    problems: list[Problem]) -> dict[str, Any]:
    """One seat's hand from the round form (see :func:`round_from_form`);
    typing problems are added to ``problems``."""
    hand = _hand_counts(form, seat, name, problems)
    if went_out or (form.get(f"tiles-{seat}") or "").split():
        hand.pop("tiles_left", None)
        hand.pop("blanks", None)
    if went_out:
        if form.get(f"blank-{seat}"):
            problems.append(Problem(
                f"hands.{name}.double_blank", "bad_value",
                gettext("You went out, so your hand is empty and cannot hold the 0-0: "
                        "take off I went out or the 0-0.") if addressed(name)
                else gettext("%(name)s went out, so their hand is empty and cannot hold the 0-0: "
                             "take off Out or the 0-0.", name=name)))
        return {**hand, "pips": 0, "tiles_left": 0}
    picked = (form.get(f"tiles-{seat}") or "").split()
    if picked:
        return {**hand, "tiles": picked}
    pips = _int(form.get(f"pips-{seat}"))
    if pips is None:
        problems.append(
            Problem(f"hands.{name}.pips", "bad_value",
                    gettext("Type your pips, or tap I went out.") if addressed(name)
                    else gettext("Type %(name)s's pips, or tap Out.", name=name)))
    elif isinstance(pips, str):
        problems.append(Problem(f"hands.{name}.pips", "bad_value", _not_whole(pips)))
    else:
        hand["pips"] = pips
    if form.get(f"blank-{seat}"):
        hand["double_blank"] = True
    return hand


def _hand_counts(form: Mapping[str, str], seat: int, name: str,
                 problems: list[Problem]) -> dict[str, Any]:
    """One seat's counts typed under "more" (:data:`MORE_FIELDS`) and its
    marker; a count that is not a whole number is added to ``problems``."""
    hand: dict[str, Any] = {}
    for key, field_name in MORE_FIELDS.items():
        value = _int(form.get(f"{field_name}-{seat}"))
        if isinstance(value, str):
            problems.append(Problem(f"hands.{name}.{key}", "bad_value", _not_whole(value)))
        elif value is not None:
            hand[key] = value
    if form.get(f"marker-{seat}"):
        hand["marker"] = True
    return hand


def _round_fields(form: Mapping[str, str], out: str, seats: int, result: FormResult) -> None:
    """The round's own fields (how it ended, the deal, out on a double) into ``result``."""
    if out == Ending.BLOCKED:
        ended: Ending | None = Ending.BLOCKED
    elif _seat_index(out, seats) is not None:
        ended = Ending.DOMINO
    else:
        ended = None
    dealt = _int(form.get("dealt"))
    if isinstance(dealt, str):
        result.problems.append(Problem("dealt", "bad_value", _not_whole(dealt)))
    elif dealt is not None:
        result.data["dealt"] = dealt
    if ended:
        result.data["ended"] = str(ended)
    if form.get("ended_on_double") and ended is not Ending.BLOCKED:
        result.data["ended_on_double"] = True


def _rule_fields(form: Mapping[str, str], players: list[str], result: FormResult) -> None:
    """The round fields only some rules ask for (the page shows them only then):
    ``engine`` (the double found as the engine, ``engine_choice: highest_double``),
    ``boneyard_pips`` (the draw game where the winner scores the boneyard) and
    ``winner`` (a seat: who holds the lightest tile in a tie of a blocked
    classic round; read only for a blocked round)."""
    for key in ("engine", "boneyard_pips"):
        value = _int(form.get(key))
        if isinstance(value, str):
            result.problems.append(Problem(key, "bad_value", _not_whole(value)))
        elif value is not None:
            result.data[key] = value
    winner = _seat_index(form.get("winner", ""), len(players))
    if result.data.get("ended") == Ending.BLOCKED and winner is not None:
        result.data["winner"] = players[winner]


def round_to_form(data: Mapping[str, Any], players: list[str]) -> dict[str, str]:
    """The form values that show a stored round (for editing it)."""
    values: dict[str, str] = {}
    hands = data.get("hands", {})
    absent = data.get("absent", [])
    if data.get("winner") in players:
        values["winner"] = str(players.index(data["winner"]))
    for seat, name in enumerate(players):
        if name in absent:
            values[f"absent-{seat}"] = "1"
            continue
        _hand_to_form(values, seat, hands.get(name, {}), data.get("ended") == Ending.DOMINO)
    if data.get("ended") == Ending.BLOCKED:
        values["out"] = str(Ending.BLOCKED)
    if data.get("ended_on_double"):
        values["ended_on_double"] = "1"
    for key in ("dealt", "engine", "boneyard_pips"):
        if isinstance(data.get(key), int):
            values[key] = str(data[key])
    return values


def _hand_to_form(values: dict[str, str], seat: int, hand: Mapping[str, Any],
                  domino: bool) -> None:
    """One seat's stored hand into the form ``values`` (see
    :func:`round_to_form`); in a round ended by a domino the player who went
    out is shown as ``out``."""
    if hand.get("marker"):
        values[f"marker-{seat}"] = "1"
    if hand.get("drawn") is not None:
        values[f"drawn-{seat}"] = str(hand["drawn"])
    is_out = hand.get("pips") == 0 and not hand.get("double_blank")
    if is_out and domino:
        values["out"] = str(seat)
        return
    tiles = hand.get("tiles") or []
    values[f"pips-{seat}"] = pips_shown(hand)
    if tiles:
        # a hand given by its tiles (the picker, a photo, a player's phone):
        # its pips and tiles left shown as the picker shows them
        values[f"tiles-{seat}"] = " ".join(tiles)
        values[f"left-{seat}"] = str(len(tiles))
    elif hand.get("tiles_left") is not None:
        values[f"left-{seat}"] = str(hand["tiles_left"])
    if hand.get("blanks") is not None:
        values[f"blanks-{seat}"] = str(hand["blanks"])
    if hand.get("double_blank"):
        values[f"blank-{seat}"] = "1"


def pips_shown(hand: Mapping[str, Any]) -> str:
    """What a stored hand shows in its pips box: its ``pips``, else the pips
    on its ``tiles`` (tile names, ``["6-5", "2-1"]``: ``"14"``), as the tile
    picker fills the box; ``""`` when it has neither (or a tile is not
    written as a tile)."""
    if hand.get("pips") is not None:
        return str(hand["pips"])
    try:
        return str(sum(Tile.parse(t).pips for t in hand["tiles"])) if hand.get("tiles") else ""
    except TileError:
        return ""


def typed_with_tiles(form: Mapping[str, str]) -> dict[str, str]:
    """A round form as sent (``{"tiles-1": "12-12 6-5", ...}``), with each hand
    given by its tiles and no pips (the page does not send the pips box the
    tiles fill) showing the pips on them, ``"pips-1": "35"``: what a refused
    form shows again. A pips box that was sent is kept as it was."""
    values = dict(form.items())
    for key, tiles in form.items():
        seat = key.removeprefix("tiles-")
        if seat != key and tiles.strip() and not values.get(f"pips-{seat}"):
            values[f"pips-{seat}"] = pips_shown({"tiles": tiles.split()})
    return values


def kind_of(form) -> GameKind | None:
    """The game a form's ``kind`` names (the default kind, Mexican Train, when it names none), or
    ``None`` for a kind this app does not have (the engine then says so)."""
    text = form.get("kind") or DEFAULT_KIND
    return GameKind(text) if text in GameKind.__members__.values() else None


def game_from_form(form) -> tuple[dict[str, Any], list[Problem]]:
    """Read the start-a-game form into a game record head.

    Fields: ``player`` (repeated, seat order; blanks skipped), ``starter``
    (the row index of the first starter; ignored for a kind whose starter the
    tiles decide, :attr:`GameKind.starter_chosen`), ``kind``, ``set``, ``preset`` (a
    named rule set), ``rule-<key>`` for each rule of the profile (blank: the
    preset's or the default value), ``draw_preset`` (a published dealing table).
    """
    problems: list[Problem] = []
    rows = form.getlist("player")
    players: list[str] = []
    kind_text = form.get("kind") or DEFAULT_KIND
    kind = kind_of(form)
    # Only a chosen starter is read: in the classic games and picture dominoes
    # the tiles dealt decide who starts, whatever a form without scripts sent.
    starter_row = form.get("starter", "0").strip() if kind is None or kind.starter_chosen else "0"
    if _seat_index(starter_row, max(len(rows), 1)) is None:
        problems.append(Problem("first_starter", "bad_value",
                                gettext("Tap “starts” beside the player who starts the first round.")))
    first = None
    for i, name in enumerate(rows):
        name = " ".join(name.split())
        if not name:
            continue
        if str(i) == starter_row:
            first = name
        players.append(name)
    record: dict[str, Any] = {"kind": kind_text, "players": players}
    set_n = _int(form.get("set"))
    if kind is not None and not kind.spec.set_choice:
        record["set"] = kind.default_set
    elif isinstance(set_n, int):
        record["set"] = set_n
    else:
        problems.append(Problem("set", "unknown_set", gettext("Choose the set.")))
    rules, rule_problems = _rules_from_form(form, kind, kind_text)
    problems.extend(rule_problems)
    if rules:
        record["rules"] = rules
    if players:
        record["first_starter"] = first or players[0]
    _kind_part(form, kind, record, problems)
    if problems:  # a box refused as typed: what the rules refuse in the other boxes shows too
        problems += problems_beside(record, problems)
    return record, problems


def problems_beside(record: dict[str, Any], typed: list[Problem]) -> list[Problem]:
    """What the engine refuses in a start form's record head (``record``, the
    boxes refused as typed left out of it), leaving out the fields already
    refused as typed (``typed``): so "abc" in one rule box no longer hides
    "999" in another until the form is sent again (issue 27).

    :return: the engine's errors (never its warnings: those are asked only
        of a form with nothing wrong), at fields not in ``typed``.
    """
    from companion.rules.game import read_game

    try:
        read_game({**record, "rounds": []}, confirm=True)
    except RecordError as exc:
        seen = {p.path for p in typed}
        return [p for p in exc.errors if p.path not in seen]
    return []


def _kind_part(form, kind: GameKind | None, record: dict[str, Any], problems: list[Problem]) -> None:
    """A kind's own part of the start form into ``record``: the pairs and
    their rules for a game in pairs (:mod:`companion.games.partnership_form`)."""
    from companion.games import partnership_form  # it reads this module's helpers

    if kind is not None and partnership_form.pairs_by_pips(kind.spec):
        partnership_form.add_pairs_head(form, record, problems)


def _rules_from_form(form, kind: GameKind | None, kind_text: str) -> tuple[dict[str, Any], list[Problem]]:
    """The rules of the start form (see :func:`game_from_form`): the named rule
    set's, then each typed rule, then the dealing table; only the rules of the
    chosen game are kept."""
    from companion.rules.profile import DRAW_COUNT_PRESETS, OPTIONS, PRESETS, rule_applies

    problems: list[Problem] = []
    rules: dict[str, Any] = {}
    preset = form.get("preset") or ""
    if preset in PRESETS and kind is not None and kind.spec.named_presets:
        rules.update(PRESETS[preset]["rules"])
    for opt in OPTIONS:
        if opt.key == "draw_counts":
            continue
        raw = (form.get(f"rule-{opt.key}") or "").strip()
        if not raw:
            continue
        if opt.choices is not None:
            rules[opt.key] = raw
            continue
        value = _int(raw)
        if isinstance(value, int):
            rules[opt.key] = value
        else:
            problems.append(
                Problem(f"rules.{opt.key}", "bad_value", _not_whole(raw))
            )
    if kind is not None and kind.spec.rules_module is not None:
        rules.update(module_rules_from_form(form, kind))
    draw = form.get("draw_preset") or ""
    if draw in DRAW_COUNT_PRESETS:
        rules["draw_counts"] = {str(k): v for k, v in DRAW_COUNT_PRESETS[draw]["counts"].items()}
    # the form sends every rule field; keep only the rules of the chosen game
    # (an unknown kind keeps them all: the engine refuses the kind itself)
    try:
        rules = {k: v for k, v in rules.items() if rule_applies(k, kind_text)}
    except ValueError:
        pass
    return rules, problems


def module_rules_from_form(form, kind: GameKind) -> dict[str, Any]:
    """The rules of a kind read by its own rules module
    (:attr:`~companion.rules.kinds.KindSpec.rules_module`), typed in the start
    form's fields ``<module>-<key>`` (``chicken_foot-unheld_double``): a whole
    number as a number, any other text as it is; blank fields are left out
    (the module's default). The module checks the values."""
    rules: dict[str, Any] = {}
    for key in sorted(kind.spec.rule_keys):
        raw = (form.get(f"{kind.spec.rules_module}-{key}") or "").strip()
        if raw:
            value = _int(raw)
            rules[key] = value if isinstance(value, int) else raw
    return rules


def errors_by_field(problems: list[Problem]) -> dict[str, list[str]]:
    """Problems keyed by field path, with any ``rounds[n].`` prefix taken off.

    ``rounds[3].hands.Ben.pips`` → ``hands.Ben.pips``; problems of the whole
    form are under ``""``.
    """
    out: dict[str, list[str]] = {}
    for p in problems:
        path = p.path
        if path.startswith("rounds["):
            path = path.split("]", 1)[1].lstrip(".")
        out.setdefault(path, []).append(p.message)
    return out


def errors_for_hands(errors: dict[str, list[str]], players) -> dict[str, list[str]]:
    """The messages about each player's hand (``hands.<name>`` and below), by name."""
    out: dict[str, list[str]] = {}
    for name in players:
        for key, msgs in errors.items():
            if about_hand(key, name):
                out.setdefault(name, []).extend(msgs)
    return out


def pips_box_wrong(errors: dict[str, list[str]], players) -> set[str]:
    """The players whose pips box is marked: a problem about their hand that
    is not one of a box under "more" (:data:`MORE_FIELDS`, marked there)."""
    more = {f".{key}" for key in MORE_FIELDS}
    return {name for name in players for key in errors
            if about_hand(key, name) and key[len(f"hands.{name}"):] not in more}


def errors_for_players(errors: dict[str, list[str]]) -> dict[str, list[str]]:
    """Fold ``players[i]`` and ``first_starter`` messages into ``players``."""
    folded: dict[str, list[str]] = {}
    for key, msgs in errors.items():
        target = "players" if key.startswith("players") or key == "first_starter" else key
        folded.setdefault(target, []).extend(msgs)
    return folded
