"""Pip layouts of domino halves, suits 0-18 (companion/games/pips.py)."""

from __future__ import annotations

import itertools
import math

import pytest

from companion.games.pips import HALF, MAX_SUIT, layout, layouts


@pytest.mark.parametrize("n", range(MAX_SUIT + 1))
def test_every_suit_has_its_number_of_pips_inside_the_half(n):
    pips = layout(n)
    assert len(pips) == n
    for cx, cy, r in pips:
        assert r <= cx - 1 and cx + r <= HALF - 1
        assert r <= cy - 1 and cy + r <= HALF - 1


@pytest.mark.parametrize("n", range(MAX_SUIT + 1))
def test_pips_do_not_touch_and_look_the_same_upside_down(n):
    pips = layout(n)
    for (x1, y1, r1), (x2, y2, r2) in itertools.combinations(pips, 2):
        assert math.dist((x1, y1), (x2, y2)) > r1 + r2 + 0.5
    turned = sorted((round(HALF - x, 2), round(HALF - y, 2)) for x, y, _ in pips)
    assert turned == sorted((round(x, 2), round(y, 2)) for x, y, _ in pips)


def test_double_eighteen_uses_three_columns_of_six():
    xs = sorted({x for x, _, _ in layout(18)})
    ys = sorted({y for _, y, _ in layout(18)})
    assert len(xs) == 3 and len(ys) == 6
    assert len(layout(12)) == 12 and len({y for _, y, _ in layout(12)}) == 4


def test_layouts_for_the_picker_and_bad_suits():
    table = layouts(12)
    assert sorted(table) == list(range(13))
    assert table[7] == [list(p) for p in layout(7)]
    with pytest.raises(ValueError):
        layout(19)
    with pytest.raises(ValueError):
        layout(-1)
