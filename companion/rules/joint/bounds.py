"""Necessary conditions of the joint decision, cheapest first, each one a
reason a table can read: the tiles asked for against the tiles left
(``"tiles"``), tiles held above the deal against the boneyard (``"draws"``),
each hand's pips against the lightest and heaviest tiles left (``"pips"``),
the tiles of at least (at most) ``v`` pips the hands cannot do without
(``"heavy"``/``"light"``), light hands and one-tile hands, and groups of
hands against the heaviest and lightest tiles for that many tiles
(``"pips"``, a knapsack over the hands). :func:`count_bounds` and
:func:`value_bounds` run them for :func:`.joint_decision.decide`.

Rule sources: a double-N set holds each tile once (docs/sources.md); tiles
beyond the deal come from the boneyard (all the documents).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.joint.needs import BIG, IMPOSSIBLE, HandNeed, Verdict
from companion.rules.joint.pip_classes import PipClasses, window


def draw_caps(needs: Sequence[HandNeed]) -> list[int]:
    """Tiles each hand may hold before it must have drawn (tiles): its deal
    less what it holds apart (the 0-0); :data:`.joint_needs.BIG` when its
    draws were typed (they are counted by the caller)."""
    return [BIG if need.dealt is None else max(0, need.dealt - need.held) for need in needs]


def count_bounds(cl: PipClasses, needs: Sequence[HandNeed], caps: list[int],
                 boneyard: int) -> tuple[Verdict | None, list[tuple[int, int]]]:
    """The conditions on tile counts (``"draws"``, ``"tiles"``) and each
    hand's pips against the tiles left (``"pips"``), which give each hand its
    tile-count window.

    :param cl: the free tiles as classes.
    :param needs: the pips-only hands.
    :param caps: :func:`draw_caps` of ``needs``.
    :param boneyard: tiles the boneyard can still give (tiles).
    :return: ``(verdict, windows)``: an :data:`.joint_needs.IMPOSSIBLE`
        :class:`.joint_needs.Verdict` naming the first condition broken (or
        ``None``), and each hand's tile-count window ``(lo, hi)`` (complete
        only when no condition is broken).
    """
    windows: list[tuple[int, int]] = []
    over = sum(max(0, need.least - cap) for need, cap in zip(needs, caps) if cap < BIG)
    if over > boneyard:
        group = tuple(j for j, (need, cap) in enumerate(zip(needs, caps)) if need.least > cap)
        return Verdict(IMPOSSIBLE, "draws", group, {"over": over, "boneyard": boneyard}), windows
    asked = sum(need.least for need in needs)
    if asked > cl.size:
        return Verdict(IMPOSSIBLE, "tiles", tuple(range(len(needs))), {"asked": asked, "left": cl.size}), windows
    for j, (need, cap) in enumerate(zip(needs, caps)):
        room = boneyard - (over - max(0, need.least - cap)) if cap < BIG else BIG
        w = window(cl, 0, need.pips, need.least, need.most, -1 if need.blanks is None else need.blanks,
                   cap + room if cap < BIG else BIG)
        if w is None:
            return Verdict(IMPOSSIBLE, "pips", (j,)), windows
        windows.append(w)
    return None, windows


def value_bounds(cl: PipClasses, needs: Sequence[HandNeed], windows: list[tuple[int, int]],
                 caps: Sequence[int], boneyard: int) -> Verdict | None:
    """The conditions on the pip values the hands need together
    (``"heavy"``/``"light"``, light and one-tile hands, the knapsack over the
    hands; ``"pips"``), given each hand's window from :func:`count_bounds`.

    :param caps: :func:`draw_caps` of ``needs``.
    :param boneyard: tiles the boneyard can still give (tiles).
    :return: an :data:`.joint_needs.IMPOSSIBLE` verdict naming the first
        condition broken, or ``None``. The knapsack's verdict carries
        ``pips`` (the group's pips), ``tiles`` (the most tiles the group can
        hold) and ``most`` (the pips of that many of the heaviest tiles).
    """
    vc = value_counts(cl, needs, windows)
    if vc is not None:
        side, v, need_total, have, group = vc
        return Verdict(IMPOSSIBLE, side, group, {"value": v, "need": need_total, "have": have})
    violation = light_hands(cl, needs, windows)
    if violation is not None:
        return Verdict(IMPOSSIBLE, "pips", violation)
    found = knapsack_violation(cl, needs, windows, caps, boneyard)
    if found is not None:
        group, detail = found
        return Verdict(IMPOSSIBLE, "pips", group, detail)
    return None


def most_tiles(his: Sequence[int], caps: Sequence[int], boneyard: int) -> int:
    """The most tiles hands can hold together (tiles): each at most its
    ``his`` entry, and what they hold above their ``caps`` (tiles held before
    drawing, :func:`draw_caps`) drawn from the ``boneyard``, shared.

    Example: two hands dealt 6 each, each able to hold 16, with a boneyard of
    10: ``6 + 6 + 10 = 22`` tiles, not 32.
    """
    kept = drawn = 0
    for hi, cap in zip(his, caps):
        if cap >= BIG:
            kept += hi
        else:
            kept += min(hi, cap)
            drawn += max(0, hi - cap)
    return kept + min(drawn, boneyard)


def knapsack_violation(cl: PipClasses, needs: Sequence[HandNeed], windows: list[tuple[int, int]],
                       caps: Sequence[int], boneyard: int) -> tuple[tuple[int, ...], dict[str, int]] | None:
    """A group of hands whose pips cannot fit the heaviest (or lightest) tiles
    left for that many tiles, or ``None``.

    For the upper side each hand is given its largest tile count (more tiles
    can only hold more pips), the group's draws above the deal bounded by the
    boneyard together (:func:`most_tiles`); for the lower side its smallest. A
    dynamic programme over the hands finds, for every total tile count, the
    group with the most (fewest) pips.

    :return: ``(group, detail)``: the hands, and ``pips`` (their pips),
        ``tiles`` (the most, or the fewest, tiles they can hold together) and
        ``most`` (the pips of that many of the heaviest tiles left; on the
        light side ``least``, of the lightest).
    """
    found = _heavy_group(cl, needs, windows, caps, boneyard)
    return found if found is not None else _light_group(cl, needs, windows)


def _heavy_group(cl: PipClasses, needs: Sequence[HandNeed], windows: list[tuple[int, int]],
                 caps: Sequence[int], boneyard: int) -> tuple[tuple[int, ...], dict[str, int]] | None:
    """The upper side of :func:`knapsack_violation`: a group of hands with more
    pips than the heaviest tiles left for the most tiles they can hold."""
    n = cl.size
    # a group keyed by (tiles held within the deal, tiles above it)
    heavy: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
    for j, (need, (_lo, hi), cap) in enumerate(zip(needs, windows, caps)):
        kept, drawn = (hi, 0) if cap >= BIG else (min(hi, cap), max(0, hi - cap))
        for (k, d), (pips, group) in list(heavy.items()):
            key = (k + kept, min(boneyard, d + drawn))
            cand = (pips + need.pips, group + (j,))
            if key not in heavy or heavy[key][0] < cand[0]:
                heavy[key] = cand
    for (k, d), (pips, group) in heavy.items():
        tiles = min(k + d, n)
        if group and pips > cl.heaviest(0, tiles):
            return group, {"pips": pips, "tiles": tiles, "most": cl.heaviest(0, tiles)}
    return None


def _light_group(cl: PipClasses, needs: Sequence[HandNeed],
                 windows: list[tuple[int, int]]) -> tuple[tuple[int, ...], dict[str, int]] | None:
    """The lower side of :func:`knapsack_violation`: a group of hands with fewer
    pips than the lightest tiles left for the fewest tiles they can hold."""
    n = cl.size
    light: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for j, (need, (lo, _hi)) in enumerate(zip(needs, windows)):
        for total, (pips, group) in list(light.items()):
            t = total + lo
            if t > n:
                continue
            cand = (pips - need.pips, group + (j,))
            if t not in light or light[t][0] < cand[0]:
                light[t] = cand
    for total, (pips, group) in light.items():
        if group and -pips < cl.lightest(0, total):
            return group, {"pips": -pips, "tiles": total, "least": cl.lightest(0, total)}
    return None


def value_counts(cl: PipClasses, needs: Sequence[HandNeed], windows: list[tuple[int, int]]) -> tuple[str, int, int, int, tuple[int, ...]] | None:
    """Tiles the hands cannot do without, by pip value, against the tiles left.

    For each threshold ``v``: a hand of at most ``m`` tiles and ``p`` pips needs
    at least ``t`` tiles of ``v`` pips or more when the ``t`` heaviest tiles and
    the ``m - t`` heaviest tiles lighter than ``v`` hold fewer than ``p`` pips
    for any smaller ``t``; summed over the hands it may not exceed the tiles of
    ``v`` pips or more that are left. The same for light tiles, with the
    fewest tiles each hand may hold. Returns ``(side, v, need, have, hands)``
    of the first violation, or ``None``.
    """
    flat: list[int] = []
    for v, c in zip(cl.values, cl.counts):
        flat.extend([v] * c)  # heaviest first
    pre = cl.prefix  # pre[a] = pips of the a heaviest tiles
    rev = [0]
    for x in reversed(flat):
        rev.append(rev[-1] + x)  # rev[b] = pips of the b lightest tiles
    return _heavy_values(flat, pre, needs, windows) or _light_values(flat, rev, needs, windows)


def _heavy_values(flat: list[int], pre: Sequence[int], needs: Sequence[HandNeed],
                  windows: list[tuple[int, int]]) -> tuple[str, int, int, int, tuple[int, ...]] | None:
    """The heavy side of :func:`value_counts`: ``flat`` is every tile's pips,
    heaviest first, and ``pre[a]`` the pips of the ``a`` heaviest."""
    n = len(flat)
    a = 0
    for v in sorted(set(flat), reverse=True):
        # tiles of v pips or more are flat[:a]
        while a < n and flat[a] >= v:
            a += 1
        need_total, group = 0, []
        for j, (need, (_lo, hi)) in enumerate(zip(needs, windows)):
            t = _heavy_tiles_needed(pre, n, a, hi, need.pips)
            if t:
                need_total += t
                group.append(j)
        if need_total > a:
            return ("heavy", v, need_total, a, tuple(group))
    return None


def _heavy_tiles_needed(pre: Sequence[int], n: int, a: int, hi: int, pips: int) -> int:
    """The fewest of the ``a`` heaviest tiles a hand of at most ``hi`` tiles
    and ``pips`` pips must hold (:data:`.joint_needs.BIG` when no count is
    enough)."""
    t = 0
    while t <= min(hi, a):
        rest = min(hi - t, n - a)  # fewer tiles when the lighter ones run out
        if pre[t] + (pre[a + rest] - pre[a]) >= pips:
            return t
        t += 1
    return BIG


def _light_values(flat: list[int], rev: Sequence[int], needs: Sequence[HandNeed],
                  windows: list[tuple[int, int]]) -> tuple[str, int, int, int, tuple[int, ...]] | None:
    """The light side of :func:`value_counts`: ``rev[b]`` is the pips of the
    ``b`` lightest tiles."""
    n = len(flat)
    b = 0
    for v in sorted(set(flat)):
        # tiles of v pips or fewer are the b lightest
        while b < n and flat[n - 1 - b] <= v:
            b += 1
        need_total, group = 0, []
        for j, (need, (lo, _hi)) in enumerate(zip(needs, windows)):
            t = _light_tiles_needed(rev, n, b, lo, need.pips)
            if t:
                need_total += t
                group.append(j)
        if need_total > b:
            return ("light", v, need_total, b, tuple(group))
    return None


def _light_tiles_needed(rev: Sequence[int], n: int, b: int, lo: int, pips: int) -> int:
    """The fewest of the ``b`` lightest tiles a hand of at least ``lo`` tiles
    and ``pips`` pips must hold (:data:`.joint_needs.BIG` when no count is
    enough)."""
    t = 0
    while t <= min(lo, b):
        rest = lo - t
        if rest <= n - b and rev[t] + (rev[b + rest] - rev[b]) <= pips:
            return t
        t += 1
    return BIG


def light_hands(cl: PipClasses, needs: Sequence[HandNeed], windows: list[tuple[int, int]]) -> tuple[int, ...] | None:
    """Two more tests of light hands, or ``None`` when both pass.

    A hand of ``p`` pips holds only tiles of ``p`` pips or fewer, so for every
    ``v`` the hands of at most ``v`` pips need, between them, no more pips
    and no more tiles than the tiles of at most ``v`` pips hold; and hands of
    exactly one tile and ``p`` pips need as many tiles of exactly ``p`` pips.
    Returns the hands of the first violation.
    """
    by_value: dict[int, int] = {}
    plain_by_value: dict[int, int] = {}
    blank_by_value: dict[int, int] = {}
    for v, c, is_blank in zip(cl.values, cl.counts, cl.blank):
        by_value[v] = by_value.get(v, 0) + c
        side = blank_by_value if is_blank else plain_by_value
        side[v] = side.get(v, 0) + c
    for v in sorted(by_value):
        group = [j for j, n in enumerate(needs) if n.pips <= v]
        if not group:
            continue
        tiles = sum(c for w, c in by_value.items() if w <= v)
        pips = sum(w * c for w, c in by_value.items() if w <= v)
        if sum(needs[j].pips for j in group) > pips or sum(windows[j][0] for j in group) > tiles:
            return tuple(group)
    singles: dict[tuple[int, int], list[int]] = {}
    for j, (n, (lo, hi)) in enumerate(zip(needs, windows)):
        if lo == hi == 1:
            singles.setdefault((n.pips, -1 if n.blanks is None else n.blanks), []).append(j)
    for (p, b), same in singles.items():
        have = plain_by_value.get(p, 0) if b == 0 else blank_by_value.get(p, 0) if b == 1 else by_value.get(p, 0)
        if b < 0:
            # hands that must take a plain (or a blank-half) tile of p pips compete with these
            same = same + singles.get((p, 0), []) + singles.get((p, 1), [])
        if len(same) > have:
            return tuple(sorted(same))
    return None
