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

from companion.rules.errors import Problems, join_names, tr, trn
from companion.rules.joint.decision import (
    IMPOSSIBLE,
    UNDECIDED,
    HandNeed,
    decide_with_double_blank,
)
from companion.rules.joint.feasibility import RoundTiles
from companion.rules.kinds import Ending
from companion.rules.record.document import DOUBLE_BLANK, Hand, Table
from companion.rules.scoring import double_blank_changes_points
from companion.rules.tiles import Tile


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
        ``double_blank_unknown``: a question, the 0-0 could be in several
        hands and counts points; the warning ``unverified``).
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
    ended: Ending | None = None,
) -> JointResult | None:
    """As :func:`check_hands`, also saying whether the round was verified.

    :param boneyard_pips: the draw game where the winner scores the boneyard:
        the pips typed for the tiles left in it (pips), checked with the hands
        as one more hand (:func:`_boneyard_need`): its tiles are the boneyard's
        tiles at the end of the round, drawn from those no hand holds.
    :param ended: how the round ended; a blocked draw game has drawn its
        boneyard down to the tiles kept in it ([RU]: a player who cannot play
        draws until they can).
    """
    drawable = _boneyard(table, engine, dealt)
    drawn_total = sum(h.drawn or 0 for h in hands.values())
    if _too_many_draws(drawn_total, drawable, False, path, problems):
        return None
    listed = {t for h in hands.values() for t in (h.tiles or ())}
    blank_taken = (any(h.double_blank for h in hands.values()) or DOUBLE_BLANK in listed
                   or engine == DOUBLE_BLANK)
    tiles = RoundTiles.of(table.set_n, engine, listed, drawable)
    if not _each_hand(tiles, dealt, hands, not blank_taken, path, problems):
        return None
    result = dict(hands)
    names, needs, fixed_draws = _hand_needs(hands, dealt, drawable, drawn_total)
    if _too_many_draws(fixed_draws, drawable, True, path, problems):
        return None
    hand_count = len(names)
    if boneyard_pips is not None:
        names.append(tr("the boneyard"))
        needs.append(_boneyard_need(boneyard_pips, table.rules.boneyard_kept, drawable - fixed_draws,
                                    exact=all(h.drawn is not None for h in hands.values()),
                                    emptied=ended == Ending.BLOCKED))
    if not needs:
        return JointResult(result)
    verdict, holder, candidates = decide_with_double_blank(
        tiles.free, needs, not blank_taken, drawable - fixed_draws)
    if verdict.status == IMPOSSIBLE:
        if boneyard_pips is not None and hand_count in verdict.hands:
            problems.error(f"{path}.boneyard_pips", "hands_infeasible",
                           tr("The boneyard cannot hold %(pips)s pips with these hands: no tiles that the "
                              "hands do not hold, as many as are left in it, add up to that.",
                              pips=boneyard_pips))
        else:
            involved = join_names([names[j] for j in verdict.hands] or names)
            _refuse(verdict.reason, verdict.detail, involved, fixed_draws, drawable, path, problems)
        return None
    if verdict.status == UNDECIDED:
        _unverified(names, path, problems)
        return JointResult(result, unverified=True)
    return _place_double_blank(table, result, names[:hand_count], holder, candidates, path, problems)


def _too_many_draws(drawn: int, drawable: int, implied: bool, path: str, problems: Problems) -> bool:
    """``drawn_exceeds_boneyard`` when ``drawn`` tiles (typed, or also
    ``implied`` by tiles held above the deal) exceed the ``drawable`` ones."""
    if drawn <= drawable:
        return False
    if implied:
        problems.error(f"{path}.hands", "drawn_exceeds_boneyard",
                       trn("The hands hold %(n)s tile more than were dealt, but the boneyard held "
                           "only %(boneyard)s.", "The hands hold %(n)s tiles more than were dealt, but the "
                           "boneyard held only %(boneyard)s.", drawn, boneyard=drawable))
    else:
        problems.error(f"{path}.hands", "drawn_exceeds_boneyard",
                       trn("%(n)s tile drawn, but the boneyard held only %(boneyard)s.",
                           "%(n)s tiles drawn, but the boneyard held only %(boneyard)s.", drawn,
                           boneyard=drawable))
    return True


def _each_hand(tiles: RoundTiles, dealt: Mapping[str, int], hands: Mapping[str, Hand], blank_free: bool,
               path: str, problems: Problems) -> bool:
    """Check every hand on its own (:meth:`.feasibility.RoundTiles.check_hand`);
    ``False`` when one was refused (its problems recorded)."""
    ok = True
    for name, hand in hands.items():
        if tiles.check_hand(name, hand, dealt=dealt[name], blank_free=blank_free,
                            path=path, problems=problems) is None:
            ok = False
    return ok


def _boneyard(table: Table, engine: Tile | None, dealt: Mapping[str, int]) -> int:
    """Tiles the players could draw from the boneyard (tiles): the set less the
    engine and the deal, less the tiles the rules keep in it (``boneyard_kept``);
    0 in the block game, which has no boneyard ([RU])."""
    if not table.kind.has_boneyard:
        return 0
    room = table.set.size - (1 if engine is not None else 0)
    return max(0, room - sum(dealt.values()) - table.rules.boneyard_kept)


def _hand_needs(hands: Mapping[str, Hand], dealt: Mapping[str, int], drawable: int,
                drawn_total: int) -> tuple[list[str], list[HandNeed], int]:
    """What each pips-only hand asks of the free tiles, and the draws already fixed.

    Hands of listed tiles, and hands that went out, are fixed: only their draws
    count (typed, or implied by tiles held above the deal). A pips-only hand
    becomes a :class:`HandNeed` (its tile count from ``tiles_left``, or 1 up to
    the deal plus what it could draw; the 0-0 when declared held apart).

    :return: ``(names, needs, fixed_draws)``: the pips-only hands' names and
        needs, in seat order, and the tiles drawn that no need accounts for.
    """
    fixed_draws = drawn_total
    names: list[str] = []
    needs: list[HandNeed] = []
    for name, hand in hands.items():
        most = dealt[name] + (hand.drawn if hand.drawn is not None else drawable)
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
    return names, needs, fixed_draws


def _boneyard_need(pips: int, kept: int, drawable: int, *, exact: bool, emptied: bool) -> HandNeed:
    """The boneyard at the end of a draw game, as one more hand of the joint check.

    It holds the tiles kept in it (``kept``, never drawn) and what the players
    left of the ``drawable`` tiles. Counted as a hand dealt ``kept`` tiles, its
    tiles above that share the ``drawable`` tiles with the draws the pips-only
    hands imply, so its pips are bounded by the lightest and heaviest tiles no
    hand holds, jointly with the hands. When every hand's draws were typed, it
    holds exactly ``kept + drawable`` tiles; after a blocked round, exactly
    ``kept`` (the players drew it empty before passing, [RU]).

    :param pips: the pips typed for the boneyard (pips).
    :param kept: tiles the rules keep in the boneyard (``boneyard_kept``).
    :param drawable: tiles of the boneyard not drawn by the fixed hands (tiles).
    """
    if emptied:
        least = most = kept
    elif exact:
        least = most = kept + drawable
    else:
        least, most = kept, kept + drawable
    return HandNeed(pips, least, most, dealt=kept)


def _place_double_blank(table: Table, hands: dict[str, Hand], names: list[str], holder: int | None,
                        candidates: tuple[int, ...], path: str, problems: Problems) -> JointResult | None:
    """Give the 0-0 to the hand that must hold it, or ask the table whose it is.

    Only when no hand can be made without it do the hands need the 0-0
    (``candidates``: the indexes, in ``names``, of the pips-only hands that
    could hold it; an index past them is the boneyard, ``-1`` a hand the check
    could not decide). One possible holder: it is given the 0-0 (and its
    points). Several, where the 0-0 counts points (:func:`.double_blank_changes_points`):
    the round is legal but cannot be scored, so each possible holder's
    ``double_blank`` field asks the table (``double_blank_unknown``; the table
    ticks "holds the 0-0" on one hand). Where it counts nothing, or when the
    boneyard may hold it, the round is accepted as typed.

    :return: the round's hands, or ``None`` when the table must say who holds it.
    """
    if holder is not None:
        if holder < len(names):
            name = names[holder]
            hands[name] = replace(hands[name], double_blank=True)
        return JointResult(hands)
    if not candidates or len(names) in candidates or not double_blank_changes_points(table):
        return JointResult(hands)
    who = [names[j] for j in candidates if 0 <= j < len(names)]
    for name in who:
        problems.error(f"{path}.hands.{name}.double_blank", "double_blank_unknown",
                       tr("Who holds the 0-0? These hands can only be made with the 0-0 in one of them, "
                          "and any of these players could hold it: %(names)s. Tick “holds the 0-0” on "
                          "the hand that has it (it counts %(points)s points).",
                          names=join_names(who), points=table.rules.double_blank_points))
    return None


def _unverified(names: list[str], path: str, problems: Problems) -> None:
    """The warning ``unverified``: the hands could not be decided in the budget."""
    problems.warn(f"{path}.hands", "unverified",
                  tr("These hands could not be checked together in time (%(names)s). Look at "
                     "them again; if they are right, confirm to save the round as not verified.",
                     names=join_names(names)))


def _refuse(reason: str, detail: Mapping[str, int], involved: str, fixed_draws: int, boneyard: int,
            path: str, problems: Problems) -> None:
    """Record why the hands cannot all be made at once."""
    if reason == "draws":
        problems.error(f"{path}.hands", "drawn_exceeds_boneyard",
                       trn("The hands hold %(n)s tile more than were dealt, but the boneyard held "
                           "only %(boneyard)s.", "The hands hold %(n)s tiles more than were dealt, but the "
                           "boneyard held only %(boneyard)s.", fixed_draws + detail.get("over", 0),
                           boneyard=boneyard))
    elif reason == "tiles":
        problems.error(f"{path}.hands", "hands_infeasible",
                       trn("These hands hold at least %(asked)s tiles, but only %(n)s is left in the set "
                           "for them.", "These hands hold at least %(asked)s tiles, but only %(n)s are left "
                           "in the set for them.", detail.get("left", 0), asked=detail.get("asked", 0)))
    elif reason == "heavy":
        problems.error(f"{path}.hands", "hands_infeasible",
                       trn("%(names)s would need %(n)s tile of %(value)s between them; the set "
                           "has only %(have)s left.", "%(names)s would need %(n)s tiles of %(value)s "
                           "between them; the set has only %(have)s left.", detail.get("need", 0),
                           names=involved, have=detail.get("have", 0),
                           value=trn("%(n)s pip or more", "%(n)s pips or more", detail.get("value", 0))))
    elif reason == "light":
        problems.error(f"{path}.hands", "hands_infeasible",
                       trn("%(names)s would need %(n)s tile of %(value)s between them; the set "
                           "has only %(have)s left.", "%(names)s would need %(n)s tiles of %(value)s "
                           "between them; the set has only %(have)s left.", detail.get("need", 0),
                           names=involved, have=detail.get("have", 0),
                           value=trn("%(n)s pip or fewer", "%(n)s pips or fewer", detail.get("value", 0))))
    elif reason == "pips" and "most" in detail:
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("%(names)s hold %(pips)s pips between them, but they can hold at most %(tiles)s "
                          "tiles (those dealt and those the boneyard held), and the %(tiles)s heaviest "
                          "tiles left in the set add up to only %(most)s pips.", names=involved,
                          pips=detail["pips"], tiles=detail["tiles"], most=detail["most"]))
    elif reason == "pips" and "least" in detail:
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("%(names)s hold only %(pips)s pips between them, but they hold at least "
                          "%(tiles)s tiles, and the %(tiles)s lightest tiles left in the set already add "
                          "up to %(least)s pips.", names=involved, pips=detail["pips"],
                          tiles=detail["tiles"], least=detail["least"]))
    else:
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("These hands cannot all be made from one set: %(names)s would need the same "
                          "tiles.", names=involved))
