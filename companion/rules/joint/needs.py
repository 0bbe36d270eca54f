"""The joint decision's question and answer: what a pips-only hand asks of
the free tiles (:class:`HandNeed`) and what the decision found
(:class:`Verdict`, one of :data:`POSSIBLE`, :data:`IMPOSSIBLE`,
:data:`UNDECIDED`). Shared by :mod:`.joint_decision` and its parts
(:mod:`.joint_bounds`, :mod:`.joint_repair`, :mod:`.joint_search`).

Rule sources: a double-N set holds each tile once (docs/sources.md); tiles
beyond the deal come from the boneyard (all the documents).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.tiles import Tile

POSSIBLE = "possible"
"""Verdict: the hands can all be made at once (a witness was found)."""
IMPOSSIBLE = "impossible"
"""Verdict: proven that no assignment of real tiles makes all the hands."""
UNDECIDED = "undecided"
"""Verdict: the search ran out of its budget before deciding."""

BIG = 10**6
"""A bound that stands for "no bound" (tiles, pips)."""


@dataclass(frozen=True)
class HandNeed:
    """What one pips-only hand asks of the pool.

    :ivar pips: pips its tiles from the pool add up to (pips).
    :ivar least: fewest tiles it may take from the pool (tiles, ≥ 0).
    :ivar most: most tiles it may take from the pool (tiles, ≥ ``least``).
    :ivar blanks: how many of those tiles have one blank half (0-1 … 0-N), or
        ``None`` when not known.
    :ivar held: tiles the hand holds besides those (the 0-0 when it has it),
        counted for its draws (tiles).
    :ivar dealt: tiles dealt to the player, so tiles held above it were drawn
        from the boneyard; ``None`` when the player's draws were typed (they
        are then counted by the caller and bound ``most``).
    """

    pips: int
    least: int
    most: int
    blanks: int | None = None
    held: int = 0
    dealt: int | None = None


@dataclass(frozen=True)
class Verdict:
    """The answer of :func:`.joint_decision.decide`.

    :ivar status: :data:`POSSIBLE`, :data:`IMPOSSIBLE` or :data:`UNDECIDED`.
    :ivar reason: which test decided: ``"witness"`` (possible); ``"tiles"``,
        ``"draws"``, ``"heavy"``, ``"light"``, ``"pips"``, ``"search"``
        (impossible); ``"budget"`` (undecided).
    :ivar hands: indexes of the hands the proof involves (all when not narrower).
    :ivar detail: numbers for a message: ``asked``/``left`` tiles,
        ``over``/``boneyard`` draws, ``value``/``need``/``have`` for the
        heavy/light test.
    :ivar witness: possible: the tiles of each hand, in the order of the needs.
    :ivar steps: search steps used.
    """

    status: str
    reason: str
    hands: tuple[int, ...] = ()
    detail: dict[str, int] = field(default_factory=dict)
    witness: tuple[tuple[Tile, ...], ...] | None = None
    steps: int = 0

    @property
    def possible(self) -> bool:
        """True when a witness was found."""
        return self.status == POSSIBLE

