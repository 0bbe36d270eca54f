"""A planner request: what it may ask, and every problem in it.

The planner answers for a double-N set, an open end, a hand and an objective;
a request that cannot be answered raises a :class:`PlannerError` carrying one
:class:`~companion.rules.errors.Problem` (the engine's one problem model), its
``path`` the request field at fault and ``tiles`` the offending tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from companion.rules.errors import Problem, RulesError, join_names, tr, trn
from companion.rules.tiles import Tile, TileError

Objective = Literal["tiles", "pips"]

OBJECTIVES: tuple[str, ...] = ("tiles", "pips")
"""The objectives the planner accepts."""

MAX_SET = 18
"""The largest double-N set the planner accepts (double-18, the largest set
the rule documents name; ``docs/sources.md``)."""

DEFAULT_TIME_BUDGET = 0.5
"""Seconds the planner may search before it answers unproven."""


class PlannerError(RulesError):
    """A planner request that cannot be answered.

    :ivar problem: the :class:`~companion.rules.errors.Problem`: ``path`` is
        the request field (``"hand"``, ``"set"``, ``"open_end"``,
        ``"objective"``, ``"avoid_double_end"``, ``"time_budget"``), ``code``
        one of ``tiles_not_in_set``, ``tile_repeated``, ``engine_in_hand``,
        ``bad_value``, ``tiles`` every offending tile as written.
    """

    code = "bad_value"

    def __init__(self, message: str, tiles: Sequence[str] = (), field: str = "hand") -> None:
        super().__init__([Problem(field, self.code, message, tiles=tuple(tiles))])

    @property
    def problem(self) -> Problem:
        """The one problem of this refusal."""
        return self.problems[0]

    @property
    def message(self) -> str:
        """The sentence for the player."""
        return self.problem.message

    @property
    def tiles(self) -> list[str]:
        """Every offending tile as written ``"a-b"`` (the raw text for a tile
        that could not be read); empty when the problem is not a tile."""
        return list(self.problem.tiles or ())

    @property
    def field(self) -> str:
        """The request field at fault."""
        return self.problem.path

    def as_dict(self) -> dict[str, object]:
        """One entry of docs/design.md's 422 ``errors`` list (``path`` is the
        request field), plus the offending ``tiles``."""
        return self.problem.as_dict()


class TilesNotInSet(PlannerError):
    """Tiles carrying a suit above the set's N (code ``tiles_not_in_set``)."""

    code = "tiles_not_in_set"


class TileRepeated(PlannerError):
    """A tile given more than once: a set holds each tile once (code ``tile_repeated``)."""

    code = "tile_repeated"


class EngineInHand(PlannerError):
    """The double of the open end in the hand (code ``engine_in_hand``).

    The engine double sits in the hub, so it cannot also be in a hand (it is
    taken out of the set before dealing: the Mexican Train documents of
    ``docs/sources.md``).
    """

    code = "engine_in_hand"


class BadValue(PlannerError):
    """A set size, open end, objective or budget out of range, or an unreadable
    tile (code ``bad_value``)."""

    code = "bad_value"


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_request(
    set_n: object,
    open_end: object,
    hand: Sequence[Tile | str],
    objective: object = "tiles",
    avoid_double_end: object = False,
    time_budget: object = DEFAULT_TIME_BUDGET,
    from_engine: bool = True,
) -> tuple[list[Tile], list[PlannerError]]:
    """Read a planner request and list every problem in it.

    One error per kind, each carrying all of its offending tiles, in this
    order: ``bad_value`` (set, open end, objective, flag, budget, unreadable
    tiles), ``tiles_not_in_set``, ``tile_repeated``, ``engine_in_hand``.

    :param set_n: N of the double-N set, an int from 0 to 18 (the app's sets
        are 6, 9, 12, 15 and 18; smaller ones are accepted for teaching).
    :param open_end: the suit to build from, 0..N.
    :param hand: the tiles, as :class:`Tile` or ``"a-b"`` text.
    :param objective: ``"tiles"`` or ``"pips"``.
    :param avoid_double_end: a bool.
    :param time_budget: seconds, a number > 0.
    :param from_engine: True when the open end is the engine's suit: its
        double is then in the hub and may not be in the hand.
    :return: the hand read as tiles (unreadable ones left out) and the list
        of problems (empty when the request is sound).
    """
    problems = _check_settings(set_n, open_end, objective, avoid_double_end, time_budget)
    tiles, unreadable = _read_hand(hand)
    if unreadable:
        problems.append(
            BadValue(trn("This is not a tile (write tiles as 12-5): %(tiles)s.",
                         "These are not tiles (write tiles as 12-5): %(tiles)s.", len(unreadable),
                         tiles=join_names(unreadable)), unreadable)
        )
    top = set_n if isinstance(set_n, int) and _set_ok(set_n) else MAX_SET
    problems += _check_tiles(tiles, top, open_end if from_engine else None)
    return tiles, problems


def _set_ok(set_n: object) -> bool:
    return isinstance(set_n, int) and _is_int(set_n) and 0 <= set_n <= MAX_SET


def _check_settings(
    set_n: object, open_end: object, objective: object, avoid_double_end: object, time_budget: object
) -> list[PlannerError]:
    """``bad_value`` for the set, the open end, the objective, the flag, the budget."""
    problems: list[PlannerError] = []
    n_ok = _set_ok(set_n)
    if not n_ok:
        problems.append(
            BadValue(tr("The set must be double-0 to double-%(most)s, not “%(value)s”.", most=MAX_SET,
                        value=set_n), field="set")
        )
    if not isinstance(open_end, int) or not _is_int(open_end) or open_end < 0 or (
            n_ok and isinstance(set_n, int) and open_end > set_n):
        top = set_n if n_ok else MAX_SET
        problems.append(
            BadValue(tr("The open end must be a suit from 0 to %(top)s, not “%(value)s”.", top=top,
                        value=open_end),
                     field="open_end")
        )
    if objective not in OBJECTIVES:
        problems.append(
            BadValue(tr("The aim must be the most tiles or the most pips, not “%(value)s”.", value=objective),
                     field="objective")
        )
    if not isinstance(avoid_double_end, bool):
        problems.append(
            BadValue(tr("Whether to avoid ending on a double must be yes or no, not “%(value)s”.", value=avoid_double_end),
                     field="avoid_double_end")
        )
    if (not isinstance(time_budget, (int, float)) or isinstance(time_budget, bool)
            or not time_budget > 0):
        problems.append(
            BadValue(tr("The time to think must be a positive number of seconds, not “%(value)s”.",
                        value=time_budget),
                     field="time_budget")
        )
    return problems


def _read_hand(hand: Sequence[Tile | str] | str | bytes) -> tuple[list[Tile], list[str]]:
    """The tiles of ``hand`` and the items that are no tile (as written)."""
    tiles: list[Tile] = []
    unreadable: list[str] = []
    if isinstance(hand, (str, bytes)):
        # A whole hand typed as one string: "12-5 5-3 …".
        hand = str(hand).replace(",", " ").split()
    for item in hand:
        if isinstance(item, Tile):
            tiles.append(item)
            continue
        try:
            tiles.append(Tile.parse(item))
        except (TileError, TypeError):
            unreadable.append(str(item))
    return tiles, unreadable


def _check_tiles(tiles: list[Tile], top: int, engine_suit: object) -> list[PlannerError]:
    """``tiles_not_in_set`` (suits above ``top``), ``tile_repeated``, and
    ``engine_in_hand`` when ``engine_suit``'s double is in the hand."""
    problems: list[PlannerError] = []
    outside = [str(t) for t in tiles if t.high > top]
    if outside:
        problems.append(
            TilesNotInSet(trn("This tile is not in a double-%(top)s set: %(tiles)s.",
                              "These tiles are not in a double-%(top)s set: %(tiles)s.", len(outside),
                              top=top, tiles=join_names(outside)),
                          outside)
        )
    seen: set[Tile] = set()
    repeated: list[str] = []
    for t in tiles:
        if t in seen and str(t) not in repeated:
            repeated.append(str(t))
        seen.add(t)
    if repeated:
        problems.append(
            TileRepeated(trn("This tile is given more than once: %(tiles)s.",
                             "These tiles are given more than once: %(tiles)s.", len(repeated),
                             tiles=join_names(repeated)), repeated)
        )
    if isinstance(engine_suit, int) and _is_int(engine_suit) and engine_suit >= 0 \
            and Tile(engine_suit, engine_suit) in seen:
        e = f"{engine_suit}-{engine_suit}"
        problems.append(
            EngineInHand(tr("%(engine)s is the engine: it is in the hub, not in the hand.", engine=e), [e])
        )
    return problems


def checked_tiles(
    set_n: object, open_end: object, hand: Sequence[Tile | str], objective: object,
    avoid_double_end: object, time_budget: object, from_engine: bool,
) -> list[Tile]:
    """The hand's tiles when the request is sound.

    :raises PlannerError: the first problem :func:`check_request` finds.
    """
    tiles, problems = check_request(
        set_n, open_end, hand, objective, avoid_double_end, time_budget, from_engine
    )
    if problems:
        raise problems[0]
    return tiles
