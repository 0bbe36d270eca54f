"""The joint decision: can every hand of a round be made at once from one set?

Each hand left at the end of a round is checked alone elsewhere (its pips
against the lightest and heaviest tiles it could hold). Hands also share the
set: two hands cannot both hold the only 23-pip tile, eight hands of 20 tiles
do not fit in a double-12 set, and tiles held above the deal were drawn from
one boneyard. This module decides that joint question *exactly*, or says
plainly that it could not decide within its budget; it never answers
"possible" without a reason.

The question. A pool of distinct tiles (the set, less the engine, less the
tiles listed in hands, less the 0-0, which is handled on its own) and, per
pips-only hand, a :class:`HandNeed`: its pips, how many tiles it may hold, how
many of them have one blank half, how many it was dealt. Is there one tile
assignment that gives every hand its pips, its count and its blank halves,
uses every tile at most once, and draws no more from the boneyard than it
held?

The method, cheapest first:

1. *Necessary conditions* that explain themselves: the tiles asked for
   against the tiles left (``"tiles"``); tiles held above the deal against
   the boneyard (``"draws"``); for every pip value ``v``, the tiles of ``v``
   pips or more (or of ``v`` or fewer) that the hands cannot do without
   against those the set has left (``"heavy"``/``"light"``); and, for every
   group of hands, their pips against the heaviest and lightest tiles left for
   that many tiles (``"pips"``, a knapsack over the hands).
   (:mod:`.joint_bounds`.)
2. *A quick witness* (:mod:`.joint_repair`): tiles dealt near each hand's
   pips per tile, then single pips moved along chains of swaps.
3. *An exact search* over pip-value classes (:mod:`.joint_search`). Tiles of equal pips are
   interchangeable for a hand known only by its pips, so the search gives each
   hand a number of tiles of each value (the tiles with a blank half form
   classes of their own), heaviest values first. Before each class it bounds
   every hand by the lightest and heaviest tiles still to come, so a hand
   that cannot do without tiles of this value gets them first; states that
   failed once are remembered (hands with equal needs are interchangeable, so
   the memory ignores their order). The search stops with a witness (one
   tile assignment, checked tile by tile) or, having tried every
   distribution, with a proof of impossibility (``"search"``). When it runs
   out of its step budget it answers :data:`UNDECIDED` (``"budget"``).

Rule sources: a double-N set holds each tile once (docs/sources.md); the
engine is out of play in Mexican Train ([MT-BE] [MT-HR] [MT-MN] [MT-KO]); tiles beyond
the deal come from the boneyard (all the documents; [RU] for the draw game).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.rules.joint.bounds import count_bounds, draw_caps, value_bounds
from companion.rules.joint.needs import BIG, IMPOSSIBLE, POSSIBLE, UNDECIDED, HandNeed, Verdict
from companion.rules.joint.pip_classes import PipClasses
from companion.rules.joint.repair import quick_witness
from companion.rules.joint.search import ExactSearch, OutOfSteps
from companion.rules.tiles import Tile

DEFAULT_BUDGET = 10_000
"""Search steps allowed per decision (one step: one class visited, or one way
of sharing a class among the hands). A step costs a few microseconds for two
hands, some tens for eight, so the budget is at most about 0.2 s of plain
Python; ``benchmarks/validate.py`` decides every one of its 1,920 adversarial
double-12 rounds within it (500 steps left 40 undecided)."""


def decide(
    pool: Iterable[Tile],
    needs: Sequence[HandNeed],
    boneyard: int = BIG,
    budget: int | None = None,
) -> Verdict:
    """Can every hand of ``needs`` be made at once from ``pool``?

    :param pool: the tiles free for the pips-only hands (each once; the 0-0
        should be left out and given to a hand as ``held`` by the caller, see
        :func:`decide_with_double_blank`).
    :param needs: one :class:`HandNeed` per pips-only hand.
    :param boneyard: tiles the boneyard can still give to hands with a
        ``dealt`` (the boneyard less the draws already counted).
    :param budget: search steps allowed (``None``: :data:`DEFAULT_BUDGET`).
    :return: a :class:`Verdict`; :data:`POSSIBLE` carries a witness.
    """
    budget = DEFAULT_BUDGET if budget is None else budget
    cl = PipClasses.of(pool)
    needs = list(needs)
    if not needs:
        return Verdict(POSSIBLE, "witness", witness=())
    caps = draw_caps(needs)
    broken, windows = count_bounds(cl, needs, caps, boneyard)
    if broken is not None:
        return broken
    everyone = tuple(range(len(needs)))
    # A witness checked tile by tile answers before the dearer value bounds:
    # the hands being possible, none of those necessary conditions can fail.
    quick = quick_witness(cl, needs, windows, caps, boneyard)
    if quick is not None:
        return Verdict(POSSIBLE, "witness", everyone, witness=quick)
    broken = value_bounds(cl, needs, windows, caps, boneyard)
    if broken is not None:
        return broken
    search = ExactSearch(cl, needs, caps, budget)
    try:
        found = search.run(boneyard)
    except OutOfSteps:
        return Verdict(UNDECIDED, "budget", everyone, steps=search.steps)
    if found is None:
        return Verdict(IMPOSSIBLE, "search", everyone, steps=search.steps)
    return Verdict(POSSIBLE, "witness", everyone, witness=found, steps=search.steps)


def decide_with_double_blank(
    pool: Iterable[Tile],
    needs: Sequence[HandNeed],
    double_blank_free: bool,
    boneyard: int = BIG,
    budget: int | None = None,
) -> tuple[Verdict, int | None, tuple[int, ...]]:
    """As :func:`decide`, with the 0-0 free for a hand that has not said it holds it.

    The 0-0 is the only tile without pips, so a hand that needs one more tile
    than its pips allow holds it. When the hands cannot all be made without
    it, each hand in turn is given the 0-0; the hands with which the round is
    possible are the candidates.

    :param pool: the free tiles, without the 0-0.
    :param double_blank_free: the 0-0 is neither the engine, nor listed, nor
        declared in a hand.
    :return: ``(verdict, holder, candidates)``: ``holder`` is the index of the
        hand that must hold the 0-0 (``None`` when no hand needs it, or when
        several could: then ``candidates`` names them and the table must say
        which one has it).
    """
    pool = tuple(pool)
    budget = DEFAULT_BUDGET if budget is None else budget
    spent = [0]

    def run(ns: Sequence[HandNeed]) -> Verdict:
        v = decide(pool, ns, boneyard, max(1, budget - spent[0]))
        spent[0] += v.steps
        return v

    first = run(needs)
    if first.status != IMPOSSIBLE or not double_blank_free:
        return first, None, ()
    holders: list[int] = []
    verdicts: list[Verdict] = []
    undecided: Verdict | None = None
    for j, need in enumerate(needs):
        if need.most < 1:
            continue
        v = run(_given_double_blank(needs, j))
        if v.status == POSSIBLE:
            holders.append(j)
            verdicts.append(v)
        elif v.status == UNDECIDED:
            undecided = v
    if holders:
        v, j = _with_double_blank(verdicts[0], holders[0]), holders[0]
        if len(holders) == 1 and undecided is None:
            return v, j, (j,)
        return v, None, tuple(holders) + ((-1,) if undecided is not None else ())
    if undecided is not None:
        return undecided, None, ()
    return first, None, ()


def _with_double_blank(v: Verdict, j: int) -> Verdict:
    """``v`` with the 0-0 added to hand ``j`` of its witness (when it has one):
    a witness with the 0-0 in the first hand that can hold it."""
    if v.witness is None:
        return v
    witness = list(v.witness)
    witness[j] = witness[j] + (Tile(0, 0),)
    return Verdict(v.status, v.reason, v.hands, v.detail, tuple(witness), v.steps)


def _given_double_blank(needs: Sequence[HandNeed], j: int) -> list[HandNeed]:
    """``needs`` with the 0-0 held apart by hand ``j``: one tile fewer from the pool."""
    given = list(needs)
    need = needs[j]
    given[j] = HandNeed(need.pips, max(0, need.least - 1), need.most - 1, need.blanks, need.held + 1,
                        need.dealt)
    return given


__all__ = [
    "DEFAULT_BUDGET", "IMPOSSIBLE", "POSSIBLE", "UNDECIDED", "HandNeed", "Verdict", "decide",
    "decide_with_double_blank",
]
