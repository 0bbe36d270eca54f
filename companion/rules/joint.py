"""The joint check of all hands of a round: can they be made at once?

Each hand on its own is checked by :mod:`.feasibility`; here the round's hands
are checked together, exactly, by :mod:`.joint_decision`: the draws typed and
the draws the hands imply (tiles held above the deal) against the boneyard,
the tiles and pips of all pips-only hands against one set of distinct tiles,
and who holds the 0-0 when only it can make the hands. :func:`check_hands` is
what :mod:`.read_round` calls.

Rule sources: a set holds each tile once (docs/sources.md); tiles beyond
the deal come from the boneyard (all the documents); the 0-0 left in a hand counts
``double_blank_points`` ([MT-BE] [MT-MN] [MT-KO]).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .errors import Problems, tr
from .feasibility import RoundTiles
from .joint_decision import IMPOSSIBLE, UNDECIDED, HandNeed, decide_with_double_blank
from .record import DOUBLE_BLANK, Hand, Table
from .tiles import Tile


@dataclass(frozen=True)
class JointResult:
    """What the joint check found.

    :ivar hands: the hands, with the 0-0 given to the hand that must hold it.
    :ivar unverified: the check ran out of its budget: the round is saved
        only when the table confirms, and marked as not verified.
    """

    hands: dict[str, Hand]
    unverified: bool = False


def check_hands(
    table: Table,
    engine: Tile | None,
    dealt: Mapping[str, int],
    hands: Mapping[str, Hand],
    path: str,
    problems: Problems,
) -> dict[str, Hand] | None:
    """Check each pips-only hand, then all of them together, against the tiles
    still possible for them.

    :param table: the game's table.
    :param engine: the round's engine tile, or ``None``.
    :param dealt: tiles dealt to each present player, by name.
    :param hands: each present player's hand, as read (listed tiles already
        checked distinct, at most one 0-0).
    :param path: the round's path in the record (``rounds[2]``).
    :param problems: where problems go (``drawn_exceeds_boneyard``,
        ``too_many_tiles``, ``pips_infeasible``, ``hands_infeasible``,
        ``double_blank_unknown``; the warning ``unverified``).
    :return: the hands (the 0-0 given to the hand that must hold it), or
        ``None`` when refused. A round the check could not decide in its
        budget is returned with the warning ``unverified``.
    """
    result = check_round_hands(table, engine, dealt, hands, path, problems)
    return None if result is None else result.hands


def check_round_hands(
    table: Table,
    engine: Tile | None,
    dealt: Mapping[str, int],
    hands: Mapping[str, Hand],
    path: str,
    problems: Problems,
    boneyard_pips: int | None = None,
) -> JointResult | None:
    """As :func:`check_hands`, also saying whether the round was verified.

    :param boneyard_pips: the draw game where the winner scores the boneyard:
        the pips typed for the tiles left in it, checked with the hands as one
        more hand of at most the boneyard's size (the tiles drawn are not
        subtracted exactly when they are not typed).
    """
    room = table.set.size - (1 if engine is not None else 0)
    boneyard = (max(0, room - sum(dealt.values()) - table.rules.boneyard_kept)
                if table.kind.has_boneyard else 0)
    drawn_total = sum(h.drawn or 0 for h in hands.values())
    if drawn_total > boneyard:
        problems.error(f"{path}.hands", "drawn_exceeds_boneyard",
                       tr("{drawn} tiles drawn, but the boneyard held only {boneyard}.", drawn=drawn_total,
                          boneyard=boneyard))
        return None
    listed = {t for h in hands.values() for t in (h.tiles or ())}
    blank_taken = (any(h.double_blank for h in hands.values()) or DOUBLE_BLANK in listed
                   or engine == DOUBLE_BLANK)
    tiles = RoundTiles.of(table.set_n, engine, listed, boneyard)
    result: dict[str, Hand] = {}
    bad = False
    for name, hand in hands.items():
        checked = tiles.check_hand(name, hand, dealt=dealt[name], blank_free=not blank_taken,
                                   path=path, problems=problems)
        if checked is None:
            bad = True
            continue
        result[name] = hand
    if bad:
        return None
    # draws: typed ones, and those implied by tiles listed above the deal
    fixed_draws = drawn_total
    names: list[str] = []
    needs: list[HandNeed] = []
    for name, hand in hands.items():
        most = dealt[name] + (hand.drawn if hand.drawn is not None else boneyard)
        if hand.tiles is not None or hand.out and hand.tiles_left in (None, 0):
            if hand.drawn is None:
                fixed_draws += max(0, len(hand.tiles or ()) - dealt[name])
            continue
        held = 1 if hand.double_blank else 0
        if hand.tiles_left is not None:
            least = top = hand.tiles_left - held
        else:
            least, top = (0 if held else 1), most - held
        names.append(name)
        needs.append(HandNeed(hand.pips, least, top, hand.blanks, held,
                              dealt[name] if hand.drawn is None else None))
    if fixed_draws > boneyard:
        problems.error(f"{path}.hands", "drawn_exceeds_boneyard",
                       tr("The hands hold {drawn} tiles more than were dealt, but the boneyard held "
                          "only {boneyard}.", drawn=fixed_draws, boneyard=boneyard))
        return None
    if boneyard_pips is not None:
        names.append(tr("the boneyard"))
        needs.append(HandNeed(boneyard_pips, 1 if boneyard_pips else 0, max(0, boneyard - fixed_draws)))
    if not needs:
        return JointResult(result)
    verdict, holder, candidates = decide_with_double_blank(
        tiles.free, needs, not blank_taken, boneyard - fixed_draws)
    involved = ", ".join(names[j] for j in verdict.hands) or ", ".join(names)
    if verdict.status == IMPOSSIBLE:
        _refuse(verdict.reason, verdict.detail, involved, fixed_draws, boneyard, path, problems)
        return None
    if verdict.status == UNDECIDED:
        problems.warn(f"{path}.hands", "unverified",
                      tr("These hands could not be checked together in time ({names}). Look at "
                         "them again; if they are right, confirm to save the round as not verified.",
                         names=", ".join(names)))
        return JointResult(result, unverified=True)
    hand_count = len(names) - (1 if boneyard_pips is not None else 0)
    if holder is not None and holder >= hand_count or hand_count in candidates:
        # the 0-0 may lie in the boneyard: no hand has to hold it
        return JointResult(result)
    if candidates and holder is None:
        who = [names[j] for j in candidates if j >= 0]
        problems.error(f"{path}.hands", "double_blank_unknown",
                       tr("Only the 0-0 makes these hands, and {names} could each hold it: tick "
                          "\"holds the 0-0\" for the player who has it.", names=", ".join(who)))
        return None
    if holder is not None:
        name = names[holder]
        result[name] = replace(result[name], double_blank=True)
    return JointResult(result)


def _refuse(reason: str, detail: Mapping[str, int], involved: str, fixed_draws: int, boneyard: int,
            path: str, problems: Problems) -> None:
    """Record why the hands cannot all be made at once."""
    if reason == "draws":
        problems.error(f"{path}.hands", "drawn_exceeds_boneyard",
                       tr("The hands hold {drawn} tiles more than were dealt, but the boneyard held "
                          "only {boneyard}.", drawn=fixed_draws + detail.get("over", 0), boneyard=boneyard))
    elif reason == "tiles":
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("These hands hold at least {asked} tiles, but only {left} are left in the set "
                          "for them.", asked=detail.get("asked", 0), left=detail.get("left", 0)))
    elif reason == "heavy":
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("{names} would need {need} tiles of {value} pips or more between them; the set "
                          "has only {have} left.", names=involved, need=detail.get("need", 0),
                          value=detail.get("value", 0), have=detail.get("have", 0)))
    elif reason == "light":
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("{names} would need {need} tiles of {value} pips or fewer between them; the set "
                          "has only {have} left.", names=involved, need=detail.get("need", 0),
                          value=detail.get("value", 0), have=detail.get("have", 0)))
    else:
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("These hands cannot all be made from one set: {names} would need the same "
                          "tiles.", names=involved))
