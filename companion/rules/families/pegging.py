"""Running totals of games scored as the tiles are laid: pegging each score
with the target's rules, the peg board's data, standings.

Rules (``shared/rules-families.md`` sections 0, 2, 3):

* **Exact target**: a score that would carry a total past the target is not
  added; the total stays where it was, and the sheet shows the score struck
  through (pagat, Fives and Threes, mirrored at
  https://gambiter.com/domino/western/fives_and_threes.html; pagat All Fives
  variants).
* **On a cribbage board** each side has two pegs: the front peg on its total,
  the back peg where it stood before its last score (pagat, All Fives:
  scored in fives on a cribbage board to 61).
* **Standings**: equal totals share a rank (1, 1, 3), as everywhere in the app
  (design.md, ``standings``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum


class ScoreKind(StrEnum):
    """What a pegged score came from."""

    PLAY = "play"
    """A scoring play (its points go to the player, or to the claimer)."""
    IN_PLAY = "in_play"
    """A player's quick total of the points made during the hand."""
    BONUS = "bonus"
    """The hand's bonus (All Fives: the pips left in the losers' hands)."""
    CHIP_OUT = "chip_out"
    """Fives and Threes: the point for playing the last tile."""
    KNOCK = "knock"
    """Fives and Threes variant: points for the knocks before a play."""
    PENALTY = "penalty"
    """All Fives variant ``subtract_own``: a player's own pips taken off."""


class Struck(StrEnum):
    """Why a score was not pegged (shown struck through on the sheet)."""

    OVERSHOOT = "overshoot"
    """It would carry the total past an exact target."""
    ON_THE_DOWN = "on_the_down"
    """``no_win_on_down``: the winning points came from the hand's first tile."""
    NOT_IN = "not_in"
    """``entry_minimum``: the side's first score was below the minimum."""


@dataclass(frozen=True)
class PegMove:
    """One score, pegged or struck.

    :ivar side: who scores: a player, or a team's name (``"Ana+Chen"``).
    :ivar points: what the score is worth, in the game's unit (points, or
        fives on a cribbage board); negative for a penalty.
    :ivar before: the side's total before it, in the game's unit.
    :ivar after: the side's total after it (equal to ``before`` when struck).
    :ivar kind: what it came from.
    :ivar struck: why it was not pegged, or ``None`` when it was.
    :ivar play: its index in the hand's ``plays`` (plays only; a chip-out point
        pegged with the last tile names that play too).
    :ivar player: the player it belongs to (the scorer of a play, the player
        out for a chip-out point), or ``None`` for a team's bonus.
    """

    side: str
    points: int
    before: int
    after: int
    kind: ScoreKind
    struck: Struck | None = None
    play: int | None = None
    player: str | None = None

    @property
    def pegged(self) -> bool:
        """True when the score was added."""
        return self.struck is None


def reached(total: int, target: int, exact: bool) -> bool:
    """Whether ``total`` wins a game to ``target``: exactly on it in an exact
    game, at or past it otherwise."""
    return total == target if exact else total >= target


class Pegger:
    """Adds scores to the sides' totals one at a time, with the target's rules.

    A helper of the family modules while they read a game; the moves it makes
    are frozen :class:`PegMove` values.

    :param totals: each side's total so far, in the game's unit.
    :param target: the game's target, in the same unit.
    :param exact: scores that would pass the target are struck.
    :param entry_minimum: a side's first score must be at least this many
        points, or it is struck (``0``: no minimum).
    :param in_sides: sides that have already scored (for ``entry_minimum``).
    """

    def __init__(self, totals: Mapping[str, int], target: int, exact: bool,
                 entry_minimum: int = 0, in_sides: Iterable[str] = ()) -> None:
        self.totals = dict(totals)
        self.target = target
        self.exact = exact
        self.entry_minimum = entry_minimum
        self.in_sides = set(in_sides)
        self.moves: list[PegMove] = []

    def peg(self, side: str, points: int, kind: ScoreKind, *, play: int | None = None,
            player: str | None = None, on_the_down: bool = False) -> PegMove:
        """Peg ``points`` for ``side`` (or strike them) and return the move.

        :param on_the_down: the points come from the hand's first tile and the
            table plays ``no_win_on_down``: they are struck if they would win.
        """
        before = self.totals[side]
        after = before + points
        struck: Struck | None = None
        if points > 0 and side not in self.in_sides and points < self.entry_minimum:
            struck = Struck.NOT_IN
        elif self.exact and points > 0 and after > self.target:
            struck = Struck.OVERSHOOT
        elif on_the_down and points > 0 and reached(after, self.target, self.exact):
            struck = Struck.ON_THE_DOWN
        if struck is not None:
            after = before
        elif points > 0:
            self.in_sides.add(side)
        self.totals[side] = after
        move = PegMove(side, points, before, after, kind, struck, play, player)
        self.moves.append(move)
        return move

    def winner(self) -> str | None:
        """The side that has reached the target, if one has."""
        for side, total in self.totals.items():
            if reached(total, self.target, self.exact):
                return side
        return None


@dataclass(frozen=True)
class Standing:
    """A side's place.

    :ivar name: the player, or the team's name (``"Ana+Chen"``).
    :ivar members: the players of the side (one for a player alone).
    :ivar total: its total, in the game's unit (points, fives, or marks).
    :ivar rank: 1 for the best; equal totals share a rank (1, 1, 3).
    """

    name: str
    members: tuple[str, ...]
    total: int
    rank: int


def standings(totals: Mapping[str, int], members: Mapping[str, tuple[str, ...]]) -> tuple[Standing, ...]:
    """Sides from the highest total down; equal totals share a rank (A 61,
    B 61, C 40 → 1, 1, 3), listed in the order given among equals.

    :param totals: each side's total.
    :param members: each side's players.
    """
    order = sorted(totals, key=lambda s: -totals[s])
    out: list[Standing] = []
    for i, side in enumerate(order):
        rank = out[-1].rank if out and out[-1].total == totals[side] else i + 1
        out.append(Standing(side, members[side], totals[side], rank))
    return tuple(out)


@dataclass(frozen=True)
class SidePegs:
    """Where one side's two pegs stand on the board.

    :ivar side: the player or team.
    :ivar back: the back peg: the total before the side's last pegged score.
    :ivar front: the front peg: the total now.
    """

    side: str
    back: int
    front: int


@dataclass(frozen=True)
class PegBoard:
    """The data a peg board drawing needs, after the latest score.

    :ivar holes: holes along the board for one game (the target, in the
        game's unit: 61 or 121 on a cribbage board).
    :ivar pegs: each side's pegs, in the order of the sides.
    :ivar last: the latest score (pegged, or struck through with its
        reason), or ``None`` before the first.
    """

    holes: int
    pegs: tuple[SidePegs, ...]
    last: PegMove | None


def peg_board(moves: Sequence[PegMove], sides: Sequence[str], holes: int,
              start: Mapping[str, int] | None = None) -> PegBoard:
    """Both pegs of every side after ``moves``, the moves of a whole game in
    order.

    :param sides: the sides, in board order.
    :param holes: the board's length (the target, in the game's unit).
    :param start: the totals before the first move (0 by default).
    """
    front = {s: (start or {}).get(s, 0) for s in sides}
    back = dict(front)
    for m in moves:
        if m.pegged and m.points != 0:
            back[m.side] = m.before
            front[m.side] = m.after
    return PegBoard(holes, tuple(SidePegs(s, back[s], front[s]) for s in sides),
                    moves[-1] if moves else None)
