"""What the round entry form leaves to the table's conventions.

A form is quicker than a record: a hand typed as 0 pips (no tiles left, not
holding the 0-0) with nobody tapped out means that player went out; a deal box
left at the whole table's count while a player sits the round out means the
count for the players present. :func:`complete_entry` turns a round typed
on the form into the round of a game record with these conventions applied.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.rules.errors import Problem, Problems, tr
from companion.rules.record.document import Table
from companion.rules.record.read_hand import parse_hand


def _typed_out(hand: Any) -> bool:
    """A hand typed as 0 pips, no tiles left, without the 0-0: an empty hand."""
    return (
        isinstance(hand, dict)
        and "tiles" not in hand
        and hand.get("pips") == 0
        and hand.get("tiles_left") in (None, 0)
        and not hand.get("double_blank")
    )


def complete_entry(table: Table, data: dict[str, Any]) -> tuple[dict[str, Any], list[Problem]]:
    """The round typed on the entry form, completed by the table's conventions.

    * no ending given and a hand typed as 0 pips: the round ended by a domino
      (that player went out); no ending and no such hand: ``bad_value`` at
      ``ended`` ("Tap the player who went out, or Blocked.");
    * with no ending, each hand is also read on its own (:func:`.read_hand.parse_hand`,
      without the engine), so its own mistakes (``pips_negative``,
      ``pips_infeasible``...) come back beside the one at ``ended``;
    * a player sits out and ``dealt`` is the whole table's count
      (:meth:`~companion.rules.Table.standard_deal`): the deal is left to the
      table, which counts the players present (the dealing table of [MT-BE]).

    Picture dominoes have neither (one tap on the winner).

    :param table: the game's table.
    :param data: the round as the form gave it (docs/design.md round object).
    :return: the completed round (a new dict) and the problems found.
    """
    out = dict(data)
    if not table.kind.counts_pips:
        return out, []
    if out.get("absent") and out.get("dealt") == table.standard_deal():
        out.pop("dealt")
    if "ended" in out:
        return out, []
    hands = out.get("hands") or {}
    if any(_typed_out(h) for h in hands.values()):
        out["ended"] = "domino"
        return out, []
    # the hands' own mistakes too, so that one send shows all there is to mend
    problems = Problems()
    problems.error("ended", "bad_value", tr("Tap the player who went out, or Blocked."))
    return out, [*problems.errors, *hands_alone(table, hands)]


def about_hand(path: str, name: str) -> bool:
    """Whether a problem's ``path`` is about ``name``'s hand (``hands.<name>``
    or a field of it, ``hands.<name>.pips``…)."""
    return path == f"hands.{name}" or path.startswith(f"hands.{name}.")


def hands_alone(table: Table, hands: Any) -> list[Problem]:
    """The mistakes of each typed hand read on its own
    (:func:`.read_hand.parse_hand`, without the round's engine or the other
    hands): a negative count, the 0-0 in an empty hand, a tile not in the set.

    :param table: the game's table.
    :param hands: ``{player: hand object}`` as typed (anything else: none).
    :return: the problems, at paths ``hands.<player>…``.
    """
    problems = Problems()
    if isinstance(hands, dict):
        for name, hand in hands.items():
            parse_hand(hand, f"hands.{name}", table, None, problems)
    return list(problems.errors)


def rest_to_mend(table: Table, data: dict[str, Any], refused: Iterable[Problem]) -> list[Problem]:
    """What else a typed round shows wrong when some of its boxes were
    refused as typed (``refused``, a box that is not a number…), so that one
    send shows all there is to mend: no one tapped out
    (:func:`complete_entry`) and the other hands' own mistakes
    (:func:`hands_alone`). The hands with a refused box are left out.

    :param data: the round as the form gave it.
    :return: the problems besides ``refused``.
    """
    refused = list(refused)
    hands = data.get("hands") or {}
    rest = {n: h for n, h in hands.items() if not any(about_hand(p.path, n) for p in refused)}
    _, more = complete_entry(table, {**data, "hands": rest})
    return more or hands_alone(table, rest)
