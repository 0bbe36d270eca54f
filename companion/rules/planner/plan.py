"""The planner's answer: a train of placed tiles, the extras, and the values.

A train's value is compared as one integer per tile (:func:`tile_value`), so
the objective and its tie-breaker are optimised together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.tiles import Tile

SCALE = 4096
"""A train's value is one integer: the objective's figure times ``SCALE``
plus the tie-breaker. ``SCALE`` exceeds every tie-breaker (at most 190 tiles
or 3420 pips in a double-18 set), so comparing the integers compares
(objective, tie-breaker) pairs."""


def tile_value(tile_pips: int, objective: str) -> int:
    """A tile's worth as one integer: objective figure x :data:`SCALE` + tie-breaker.

    :param tile_pips: the tile's pips.
    :param objective: ``"tiles"`` (most tiles, then most pips) or ``"pips"``
        (most pips, then most tiles).
    """
    if objective == "tiles":
        return SCALE + tile_pips
    return tile_pips * SCALE + 1


@dataclass(frozen=True)
class PlacedTile:
    """A tile as laid in a train, turned the right way.

    ``str(PlacedTile(12, 5))`` is ``"12-5"``: the 12 touches the train, the 5
    is the new open end.
    """

    near: int
    """The suit laid against the train (matches the previous open end)."""
    far: int
    """The suit left open for the next tile."""

    @property
    def tile(self) -> Tile:
        """The unoriented tile (higher suit first)."""
        return Tile(self.near, self.far)

    @property
    def pips(self) -> int:
        """Pips on the tile, in pips."""
        return self.near + self.far

    @property
    def is_double(self) -> bool:
        """True for a double."""
        return self.near == self.far

    def __str__(self) -> str:
        return f"{self.near}-{self.far}"


@dataclass(frozen=True)
class TrainPlan:
    """The planner's answer.

    Only the values (``tiles`` and ``pips``) are unique: when several trains
    tie, ``train`` is one of them.
    """

    open_end: int
    """The suit the train starts from."""
    objective: str
    """``"tiles"`` or ``"pips"``."""
    train: tuple[PlacedTile, ...]
    """The train in playing order, each tile turned the right way."""
    extras: tuple[Tile, ...]
    """The hand's tiles left out of the train, in hand order."""
    tiles: int
    """Tiles in the train."""
    pips: int
    """Pips played in the train, in pips."""
    pips_left: int
    """Pips of the extras (what stays in hand), in pips."""
    optimal: bool
    """True when the train is proven best within the time budget; False when
    the budget ran out first (the train is then the best one found)."""
    nodes: int = field(default=0, compare=False)
    """Search states expanded (a figure for benchmarks, not part of the answer)."""

    @property
    def end(self) -> int:
        """The open end after the train (``open_end`` for an empty train)."""
        return self.train[-1].far if self.train else self.open_end

    def train_text(self) -> list[str]:
        """The train as ``["12-5", "5-3", …]`` (the JSON form of issue 4)."""
        return [str(p) for p in self.train]

    def extras_text(self) -> list[str]:
        """The extras as ``["a-b", …]``."""
        return [str(t) for t in self.extras]

    def as_dict(self) -> dict[str, object]:
        """The plan in the JSON shape of issue 4's ``POST /api/planner``
        answer (plus ``open_end``, ``end``, ``objective`` and ``pips_left``)."""
        return {
            "open_end": self.open_end,
            "objective": self.objective,
            "train": self.train_text(),
            "extras": self.extras_text(),
            "tiles": self.tiles,
            "pips": self.pips,
            "pips_left": self.pips_left,
            "end": self.end,
            "optimal": self.optimal,
        }


def make_plan(
    open_end: int,
    objective: str,
    hand: list[Tile],
    train: list[PlacedTile],
    optimal: bool,
    nodes: int,
) -> TrainPlan:
    """The plan of ``train`` laid from ``open_end``: the rest of ``hand`` are
    the extras; tiles and pips counted."""
    used = {p.tile for p in train}
    extras = tuple(t for t in hand if t not in used)
    return TrainPlan(
        open_end=open_end,
        objective=objective,
        train=tuple(train),
        extras=extras,
        tiles=len(train),
        pips=sum(p.pips for p in train),
        pips_left=sum(t.pips for t in extras),
        optimal=optimal,
        nodes=nodes,
    )
