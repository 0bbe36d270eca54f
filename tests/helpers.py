"""Helpers shared by test modules (import them from here, never from another
test module).

:func:`reference_holders` is an exhaustive solver for the joint question of a
round's hands, written independently of ``companion.rules.joint_decision``: it gives
every tile of the pool, one at a time, to one of the hands or to nobody, and
remembers the states it has seen. It knows nothing of pip classes, bounds or
budgets, so it is slow and only meant for small sets and small hands.
"""

from __future__ import annotations

import copy
import sys
from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st

from companion.rules.tiles import Tile

NOBODY = None


@dataclass(frozen=True)
class RefHand:
    """A pips-only hand as the reference solver sees it.

    :ivar pips: pips of the hand.
    :ivar counts: the tile counts it may have (the 0-0 included when it has it).
    :ivar double_blank: it says it holds the 0-0.
    :ivar blanks: tiles with one blank half, when known.
    :ivar dealt: tiles dealt, when its draws are not typed (``None``: typed).
    """

    pips: int
    counts: frozenset[int]
    double_blank: bool = False
    blanks: int | None = None
    dealt: int | None = None


def reference_holders(pool: list[Tile], hands: list[RefHand], boneyard: int) -> set[int | None]:
    """Every way the 0-0 can sit in a full assignment of ``pool`` to ``hands``.

    :param pool: free tiles, the 0-0 among them when nobody's tiles or the
        engine account for it.
    :param hands: the pips-only hands.
    :param boneyard: draws the hands with a ``dealt`` may take together
        (tiles held above their deal).
    :return: the set of possible holders of the 0-0: hand indexes, and
        ``None`` when an assignment leaves the 0-0 out of every hand. Empty
        when the hands cannot all be made.
    """
    zero = Tile(0, 0)
    declared = [j for j, h in enumerate(hands) if h.double_blank]
    others = [t for t in pool if t != zero]
    zero_free = zero in pool
    choices: list[int | None]
    if declared:
        choices = [declared[0]] if len(declared) == 1 and zero_free else []
    else:
        choices = [None] + (list(range(len(hands))) if zero_free else [])
    out: set[int | None] = set()
    for holder in choices:
        start = tuple((0, 1 if j == holder else 0, 0) for j in range(len(hands)))
        if _fits(tuple(others), tuple(hands), boneyard, start):
            out.add(holder)
    return out


def _fits(pool: tuple[Tile, ...], hands: tuple[RefHand, ...], boneyard: int,
          start: tuple[tuple[int, int, int], ...]) -> bool:
    pool = tuple(sorted(pool, key=lambda t: -t.pips))
    pips_after = [0] * (len(pool) + 1)
    for i in range(len(pool) - 1, -1, -1):
        pips_after[i] = pips_after[i + 1] + pool[i].pips
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 10_000))

    @cache
    def go(i: int, state: tuple[tuple[int, int, int], ...]) -> bool:
        # state per hand: (pips so far, tiles so far, blank halves so far)
        if i == len(pool):
            draws = 0
            for h, (p, k, b) in zip(hands, state):
                if p != h.pips or k not in h.counts:
                    return False
                if h.blanks is not None and b != h.blanks:
                    return False
                if h.dealt is not None:
                    draws += max(0, k - h.dealt)
            return draws <= boneyard
        # plain bounds: the tiles left must hold the pips and the tiles still needed
        if sum(h.pips - p for h, (p, _k, _b) in zip(hands, state)) > pips_after[i]:
            return False
        if sum(max(0, min(h.counts) - k) for h, (_p, k, _b) in zip(hands, state)) > len(pool) - i:
            return False
        for h, (p, k, _b) in zip(hands, state):
            room = max(h.counts) - k  # the heaviest tiles left come next
            if h.pips - p > pips_after[i] - pips_after[min(len(pool), i + room)]:
                return False
        tile = pool[i]
        blank = 1 if tile.low == 0 and tile.high != 0 else 0
        if go(i + 1, state):
            return True
        for j, h in enumerate(hands):
            p, k, b = state[j]
            if p + tile.pips > h.pips or k + 1 > max(h.counts):
                continue
            nxt = list(state)
            nxt[j] = (p + tile.pips, k + 1, b + blank)
            if go(i + 1, tuple(nxt)):
                return True
        return False

    try:
        return go(0, start)
    finally:
        go.cache_clear()
        sys.setrecursionlimit(old)


def fresh_game_json(record: dict) -> dict:
    """What the engine derives from scratch for a stored record: the derived
    fields of ``GET /api/games/<id>`` without the stored-only ones (``id``,
    ``revision``, ``created_at``, round versions)."""
    from datetime import datetime

    from companion.games.services.values import GameView, RoundView
    from companion.rules import read_game
    from companion.rules.family_game import FamilyGame

    game = read_game(record, confirm=True)
    if not isinstance(game, FamilyGame):
        return game.derived()
    # a kind read by its own module: its results worked out afresh by the module,
    # shown as GET /api/games/<id> shows a game (the view's own formatting)
    rounds = tuple(RoundView(r.number, 0, r.as_dict(), res) for r, res in zip(game.rounds, game.results))
    fresh = GameView(0, datetime(2000, 1, 1), 0, "", "games", game.table, rounds, game.state.summary())
    return stored_game_json(fresh)


def stored_game_json(view) -> dict:
    """A stored game's ``GET`` JSON without the stored-only fields, to compare
    with :func:`fresh_game_json`."""
    data = view.as_json()
    for key in ("id", "revision", "created_at", "shelf"):
        data.pop(key, None)
    for rnd in data["rounds"]:
        rnd.pop("version", None)
    return data


def assert_stored_results_fresh(app) -> None:
    """Every stored game's results equal what the engine derives from scratch,
    and its rounds are numbered 1..n."""
    from companion.games import services
    from companion.games.models import GameRow
    from companion.store.db import db

    with app.app_context():
        for gid in db.session.execute(db.select(GameRow.id)).scalars().all():
            view = services.get_game(gid, include_trash=True)
            assert [r.number for r in view.rounds] == list(range(1, len(view.rounds) + 1)), gid
            assert stored_game_json(view) == fresh_game_json(view.record()), gid
        db.session.remove()


@st.composite
def mutated_json(draw, base, values, new_keys, depth: int = 4):
    """``base`` (JSON-like) with one to three random changes deep inside: at the
    end of a random path of at most ``depth`` steps, a value replaced by one
    of ``values``, a key removed, a key of ``new_keys`` added, a list emptied
    or doubled. A Hypothesis strategy (fuzz tests)."""
    value = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        node = _random_node(draw, value, depth)
        action = draw(st.sampled_from(["replace", "delete", "add", "double"]))
        if isinstance(node, dict):
            keys = sorted(node)
            if action == "delete" and keys:
                del node[draw(st.sampled_from(keys))]
            elif action == "add" or not keys:
                node[draw(new_keys)] = draw(values)
            else:
                node[draw(st.sampled_from(keys))] = draw(values)
        elif isinstance(node, list):
            if action == "delete" and node:
                node.pop(draw(st.integers(0, len(node) - 1)))
            elif action == "double":
                node.extend(copy.deepcopy(node))
            elif node:
                node[draw(st.integers(0, len(node) - 1))] = draw(values)
            else:
                node.append(draw(values))
    return value


def _random_node(draw, node, depth: int):
    """Walk down from ``node`` at most ``depth`` steps into non-empty dicts and lists."""
    for _ in range(draw(st.integers(0, depth))):
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            if isinstance(node[key], (dict, list)) and node[key]:
                node = node[key]
                continue
        elif isinstance(node, list) and node:
            i = draw(st.integers(0, len(node) - 1))
            if isinstance(node[i], (dict, list)) and node[i]:
                node = node[i]
                continue
        break
    return node
