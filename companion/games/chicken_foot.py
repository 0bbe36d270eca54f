"""Chicken Foot on the pages: the words of its rules, the start form's choices
and deal table, and what its game page shows (the next-round card, the
centre double of each round, the rounds the game can still have).

The rules themselves are the engine's (:mod:`companion.rules.families.chicken_foot`);
this module only names them for players and lays them out. Sources: the
rules brief of the domino families, section 5 (``docs/sources.md``, "Chicken
Foot"): the 42-tile deal of gamerules.com, Wikipedia's seven each, the no-draw
house table of nathan-long.com; the 0-0 at 50 (htfbw, Puremco), 25 (a club
sheet) or 0; an unheld centre double drawn for (machead) or burnt
(hcherndon's scoring program).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.rules.errors import N_
from companion.rules.families import chicken_foot as cf
from companion.web.i18n import translated

DOUBLE_BLANK_CHOICES: tuple[int, ...] = (50, 25, 0)
"""What the 0-0 left in a hand may be worth (points): 50 (htfbw, Puremco),
25 (a club sheet), 0 (its face value)."""

DEAL_PLAYERS: tuple[int, ...] = tuple(range(2, 9))
"""The numbers of players the start page's deal table shows (2–8, the usual
table: Wikipedia)."""

UNHELD_WORDS: Mapping[str, str] = {
    cf.UnheldDouble.DRAW: N_("drawn for: players draw from the boneyard until someone finds it"),
    cf.UnheldDouble.BURN: N_("burnt: the round opens on the next lower double"),
    cf.UnheldDouble.RESHUFFLE: N_("dealt again: the tiles are shuffled and dealt anew"),
}
"""What happens when nobody was dealt the round's centre double."""

DEAL_WORDS: Mapping[str, str] = {
    cf.DrawTable.FORTY_TWO: N_("42 tiles shared out"),
    cf.DrawTable.SEVEN_EACH: N_("7 tiles each"),
    cf.DrawTable.NO_DRAW: N_("the no-draw table"),
}
"""The deal tables by name."""

ROUND_END_WORDS: Mapping[str, str] = {
    cf.RoundEnd.BLOCKED: N_("when nobody can play"),
    cf.RoundEnd.BONEYARD_EMPTY: N_("when the boneyard runs out"),
}
"""When a round stops with nobody out."""

RULE_WORDS: Mapping[str, str] = {
    "double_blank_points": N_("0-0 left in a hand"),
    "blank_half_points": N_("Blank halves"),
    "draw_counts": N_("Deal table"),
    "centre_sides": N_("Tiles around the centre double"),
    "unheld_double": N_("Centre double in no hand"),
    "end_on_double_points": N_("Going out on a double"),
    "round_end": N_("A round with nobody out ends"),
}
"""Short labels of the Chicken Foot rule keys."""


@dataclass(frozen=True)
class DealRow:
    """One row of the start page's deal table: tiles dealt to each player of
    a double-nine game, by table.

    :ivar players: how many players.
    :ivar tiles: tiles each, by deal table name.
    """

    players: int
    tiles: Mapping[str, int]


def deal_rows(set_n: int = cf.DEFAULT_SET) -> list[DealRow]:
    """The deal table of a double-``set_n`` game for 2–8 players, each table
    (:func:`companion.rules.families.chicken_foot.deal`); a number the set
    cannot deal with the centre double out is left out of its table."""
    size = (set_n + 1) * (set_n + 2) // 2
    rows = []
    for n in DEAL_PLAYERS:
        tiles = {str(t): cf.deal(set_n, n, t) for t in cf.DrawTable}
        rows.append(DealRow(n, {k: v for k, v in tiles.items() if n * v + 1 <= size}))
    return rows


def rule_value(key: str, value: Any) -> str:
    """A rule's value in players' words (translated)."""
    words = {"unheld_double": UNHELD_WORDS, "draw_counts": DEAL_WORDS, "round_end": ROUND_END_WORDS}.get(key)
    if words is not None and isinstance(value, str) and value in words:
        return translated(words[value])
    if isinstance(value, Mapping):
        return ", ".join(f"{p}→{n}" for p, n in value.items())
    return str(value)


def rules_in_play(rules: cf.ChickenFootRules) -> list[dict[str, str]]:
    """The rules away from the defaults, each ``{"key", "label", "short", "explain"}``
    (the game page's "Rules in play")."""
    out = []
    for key, value in rules.changed().items():
        label = translated(RULE_WORDS[key]) if key in RULE_WORDS else key
        shown = rule_value(key, value)
        out.append({"key": key, "label": label, "short": f"{label}: {shown}", "explain": shown})
    return out


def engines_played(rounds: Sequence[Mapping[str, Any]]) -> list[int]:
    """The centre double of each round played (a round's ``engine``)."""
    return [int(r["engine"]) for r in rounds]


def doubles_left(plan: Mapping[str, Any] | None) -> list[int]:
    """The centre doubles of the rounds still to come: from the next round's
    down to 0-0 (with ``unheld_double: burn`` some may be skipped, never
    added); ``[]`` once the game is over."""
    return [] if plan is None else list(range(int(plan["engine"]), -1, -1))


def rounds_planned(played: int, plan: Mapping[str, Any] | None) -> int:
    """The rounds the game can have at most: those played and one per double
    left (the chart's axis stops there)."""
    return played + len(doubles_left(plan))


def engine_choices(set_n: int, before: int | None) -> list[int]:
    """The centre doubles a round may be played on when doubles are burnt:
    lower than the round before's (``before``; the set's highest first)."""
    top = set_n if before is None else before - 1
    return list(range(top, -1, -1))


def start_choices() -> dict[str, Any]:
    """What the start page's Chicken Foot part shows
    (``templates/games/chicken_foot/_start.html``): the kind's record name,
    the 0-0's values, the choices for an unheld centre double, the deal tables
    and their rows for a double-nine set."""
    return {"kind": cf.KIND, "double_blank_choices": DOUBLE_BLANK_CHOICES, "unheld_words": UNHELD_WORDS,
            "deal_words": DEAL_WORDS, "deal_rows": deal_rows()}


CENTRE_SHORT = N_("Centre")
"""The score sheet's column of each round's centre double (short)."""

SET_EXPLAIN = N_("%(size)s tiles; %(rounds)s rounds, centre doubles %(first)s-%(first)s down to 0-0.")
"""The score sheet's line about the set and its rounds."""
