"""The joint check of all hands of a round: can they be made at once?

Each hand on its own is checked by :mod:`.feasibility`; here the round's hands
are checked together: the draws against the boneyard, every hand against the
tiles still possible for it, then all pips-only hands from one set of distinct
tiles (``hands_infeasible`` when two hands would need the same tiles).
:func:`check_hands` is what :mod:`.read_round` calls; :func:`hands_fit` is the
search over tile pip values.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping

from .errors import Problems, tr
from .feasibility import RoundTiles
from .record import DOUBLE_BLANK, Hand, Table
from .tiles import Tile


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
        ``too_many_tiles``, ``pips_infeasible``, ``hands_infeasible``).
    :return: the hands (the 0-0 inferred where only it can make a hand), or
        ``None`` when refused.
    """
    room = table.set.size - (1 if engine is not None else 0)
    boneyard = room - sum(dealt.values()) if table.kind.has_boneyard else 0
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
    needs: list[tuple[int, tuple[int, ...]]] = []
    bad = False
    for name, hand in hands.items():
        checked = tiles.check_hand(name, hand, dealt=dealt[name], blank_free=not blank_taken,
                                   path=path, problems=problems)
        if checked is None:
            bad = True
            continue
        result[name], counts = checked
        if counts is not None:
            needs.append((hand.pips, counts))
        if result[name].double_blank and not hand.double_blank:
            blank_taken = True
    if bad:
        return None
    if len(needs) > 1 and hands_fit([t.pips for t in tiles.free], needs) is False:
        names = [n for n, h in result.items() if h.tiles is None and not h.out]
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("These hands cannot all be made from one set: {names} would need the same "
                          "tiles.", names=", ".join(names)))
        return None
    return result


class _OutOfBudget(Exception):
    pass


def _untried_sides(
    cand: list[int], avail: dict[int, int], centre: float
) -> tuple[list[int], list[int], list[int], list[int]]:
    """For :func:`_pick`: the available values flattened and sorted (one entry
    per tile), their prefix sums, and for each step ``j`` of the centre-out
    order the bounds ``a[j]``, ``b[j]``: the values not yet tried are
    ``flat[:a[j]]`` (low side) and ``flat[b[j]:]`` (high side)."""
    flat: list[int] = []
    for v in sorted(cand):
        flat.extend([v] * avail[v])
    pre = [0]
    for v in flat:
        pre.append(pre[-1] + v)
    n = len(flat)
    a_of = [0] * (len(cand) + 1)
    b_of = [n] * (len(cand) + 1)
    low_max: int | None = None
    high_min: int | None = None
    for j in range(len(cand) - 1, -1, -1):
        v = cand[j]
        if v <= centre:
            low_max = v if low_max is None else max(low_max, v)
        else:
            high_min = v if high_min is None else min(high_min, v)
        a_of[j] = bisect_right(flat, low_max) if low_max is not None else 0
        b_of[j] = bisect_left(flat, high_min) if high_min is not None else n
    return flat, pre, a_of, b_of


def _pick(
    pips: int, k: int, avail: dict[int, int], order: list[int], nodes: list[int], budget: int
) -> Iterator[dict[int, int]]:
    """Yield multisets ``{value: n}`` of ``k`` values from ``avail`` summing ``pips``,
    values tried centre-out (around ``pips / k``) so scarce extremes are kept.

    The values not yet tried are always the lowest and the highest ones, so the
    least and most that ``r`` more tiles can add come from prefix sums in O(1).
    """
    if k == 0:
        if pips == 0:
            yield {}
        return
    centre = pips / k
    cand = sorted((v for v in order if avail.get(v, 0) > 0), key=lambda v: (abs(v - centre), -v))
    flat, pre, a_of, b_of = _untried_sides(cand, avail, centre)
    n = len(flat)

    def bounds(j: int, r: int) -> tuple[int, int]:
        a, b = a_of[j], b_of[j]
        size = a + (n - b)
        if size < r:
            return 1, 0
        if r <= a:
            least = pre[r]
        else:
            least = pre[a] + pre[b + r - a] - pre[b]
        top = n - b
        if r <= top:
            most = pre[n] - pre[n - r]
        else:
            most = pre[n] - pre[b] + pre[a] - pre[a - (r - top)]
        return least, most

    chosen: dict[int, int] = {}

    def walk(j: int, r: int, left: int) -> Iterator[dict[int, int]]:
        nodes[0] += 1
        if nodes[0] > budget:
            raise _OutOfBudget
        if r == 0:
            if left == 0:
                yield dict(chosen)
            return
        if j >= len(cand):
            return
        lo, hi = bounds(j, r)
        if not lo <= left <= hi:
            return
        v = cand[j]
        for m in range(min(avail[v], r, left // v if v else r), -1, -1):
            if m:
                chosen[v] = m
            else:
                chosen.pop(v, None)
            yield from walk(j + 1, r - m, left - m * v)
        chosen.pop(v, None)

    yield from walk(0, k, pips)


def _balanced(pips: int, counts: list[int], avail: dict[int, int]) -> bool:
    """Try to take ``k`` tiles (``k`` from ``counts``, in order) summing ``pips``
    from ``avail``, all of about the same weight: ``pips // k`` and one more.
    Where a value runs short, two of it become one lighter and one heavier tile
    (the sum stays). On success the tiles are taken out of ``avail``.

    :return: True when such tiles were found and taken.
    """
    for k in counts:
        if k == 0:
            if pips == 0:
                return True
            continue
        q, r = divmod(pips, k)
        want: dict[int, int] = {}
        if k - r:
            want[q] = k - r
        if r:
            want[q + 1] = want.get(q + 1, 0) + r
        for _ in range(4 * k + 8):
            short = next((v for v, n in want.items() if n > avail.get(v, 0)), None)
            if short is None or short < 1:
                break
            if want[short] >= 2:
                # two of a scarce weight become one lighter and one heavier
                want[short] -= 2
                want[short - 1] = want.get(short - 1, 0) + 1
                want[short + 1] = want.get(short + 1, 0) + 1
                continue
            partner = max((v for v, n in want.items() if n and v != short), default=None)
            if partner is None:
                break
            # one of it and one other tile: the scarce one a pip lighter, the other a pip heavier
            want[short] -= 1
            want[partner] -= 1
            want[short - 1] = want.get(short - 1, 0) + 1
            want[partner + 1] = want.get(partner + 1, 0) + 1
        want = {v: n for v, n in want.items() if n}
        if all(n <= avail.get(v, 0) for v, n in want.items()) and \
                sum(n * v for v, n in want.items()) == pips and sum(want.values()) == k:
            for v, n in want.items():
                avail[v] -= n
            return True
    return False


def hands_fit(
    values: Iterable[int], needs: list[tuple[int, tuple[int, ...]]], budget: int = 4000
) -> bool | None:
    """Can all hands be made at once from one pool of distinct tiles?

    :param values: pip values of the tiles in the pool (one entry per tile).
    :param needs: per hand, ``(pips, allowed tile counts)``.
    :param budget: search steps allowed before giving up.
    :return: ``True`` (an assignment exists), ``False`` (proven impossible: two
        hands would need the same tile), or ``None`` (not decided in budget; the
        caller accepts the entry, never refusing what may be possible).
    """
    avail: dict[int, int] = {}
    for v in values:
        avail[v] = avail.get(v, 0) + 1
    order = sorted(avail)
    # the tightest hands first: fewest allowed counts, then most pips per tile
    needs = sorted(needs, key=lambda n: (len(n[1]), -(n[0] / max(1, min(n[1])))))
    nodes = [0]

    mean = sum(order) / len(order) if order else 1

    def natural(pips: int, counts: Iterable[int]) -> list[int]:
        # the most natural count first: tiles of an average weight
        return sorted(counts, key=lambda k: abs(k - pips / max(mean, 1)))

    # Most real entries fit at once: give every hand tiles of about equal
    # weight (a quick, exact construction); search only when that fails.
    left = dict(avail)
    fewest_first = sorted(needs, key=lambda n: (min(n[1]), len(n[1])))
    if all(_balanced(pips, natural(pips, counts)[:8], left) for pips, counts in fewest_first):
        return True

    def solve(i: int) -> bool:
        if i == len(needs):
            return True
        pips, counts = needs[i]
        for k in natural(pips, counts):
            for used in _pick(pips, k, avail, order, nodes, budget):
                for v, n in used.items():
                    avail[v] -= n
                ok = solve(i + 1)
                for v, n in used.items():
                    avail[v] += n
                if ok:
                    return True
        return False

    try:
        return solve(0)
    except _OutOfBudget:
        return None
