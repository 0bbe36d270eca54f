"""Where the pips go on a domino half, for every suit from 0 to 18.

Suits 0-9 sit on the 3 × 3 grid of a double-six or double-nine set. Suits
10-18 sit on the 3 columns × 6 rows of a double-18 set: 12 is 3 × 4, 15 is
3 × 5, 18 is 3 × 6, the others are those grids with pips taken from or added
to the middle column, always symmetric under a half turn, as printed on real
double-15 and double-18 sets.

One table serves the server (the ``domino`` macro of ``templates/macros.html``
draws the engine card and the table view) and the browser (the tile picker of
``static/app.js`` reads the same table from a picker's ``data-pips``, or, on
the game page, which leaves it out for its weight, works it out the same way:
``pipLayouts``), so a tile looks the same everywhere.
"""

from __future__ import annotations

from functools import cache

MAX_SUIT = 18
"""The highest suit drawn with pips (double-18 sets)."""

HALF = 40
"""A half of a tile is a HALF × HALF square (SVG units; the tile is 82 × 42)."""

_SMALL: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((c, r) for c in range(3) for r in range(3)),
}
"""Suits 0-9: (column, row) on a 3 × 3 grid."""


def _column(count: int) -> tuple[float, ...]:
    """``count`` rows spread evenly from the top row (0) to the bottom row (5)."""
    if count == 1:
        return (2.5,)
    return tuple(round(i * 5 / (count - 1), 3) for i in range(count))


# Suits 10-18: how many pips in the side columns and in the middle column,
# and which rows the middle column uses (None: spread evenly).
_LARGE: dict[int, tuple[int, tuple[float, ...]]] = {
    10: (4, (5 / 3, 10 / 3)),           # 3 × 4 without the middle's top and bottom
    11: (5, (2.5,)),                    # two columns of 5 and the centre
    12: (4, _column(4)),                # 3 × 4
    13: (5, (0, 2.5, 5)),               # 3 × 5 without two of the middle
    14: (5, (0, 1.25, 3.75, 5)),        # 3 × 5 without the centre
    15: (5, _column(5)),                # 3 × 5
    16: (6, (1, 2, 3, 4)),              # 3 × 6 without the middle's top and bottom
    17: (6, _column(5)),                # two columns of 6 and a column of 5
    18: (6, _column(6)),                # 3 × 6
}


@cache
def layout(n: int) -> tuple[tuple[float, float, float], ...]:
    """The pips of a half showing suit ``n``, inside a :data:`HALF` square.

    :param n: the suit, 0..18.
    :return: ``(cx, cy, r)`` per pip in SVG units, from the top-left corner of
        the half's square (its centre is at 20, 20).
    :raises ValueError: for a suit outside 0..18.
    """
    if not 0 <= n <= MAX_SUIT:
        raise ValueError(f"no pip layout for suit {n} (0..{MAX_SUIT})")
    if n in _SMALL:
        return tuple((10.0 + c * 10, 10.0 + r * 10, 3.2) for c, r in _SMALL[n])
    side, middle = _LARGE[n]
    pips: list[tuple[float, float, float]] = []
    for col, rows in ((0, _column(side)), (1, middle), (2, _column(side))):
        for row in rows:
            pips.append((round(20 + (col - 1) * 9.5, 2), round(20 + (row - 2.5) * 5.8, 2), 2.4))
    assert len(pips) == n
    return tuple(pips)


def layouts(most: int = MAX_SUIT) -> dict[int, list[list[float]]]:
    """The layouts of suits 0..``most`` as plain lists (for JSON: the tile
    picker's ``data-pips``).

    :param most: the highest suit wanted (a double-``most`` set).
    :return: ``{suit: [[cx, cy, r], …]}``.
    """
    return {n: [list(p) for p in layout(n)] for n in range(min(most, MAX_SUIT) + 1)}


__all__ = ["HALF", "MAX_SUIT", "layout", "layouts"]
