"""Real end-of-round states made by dealing a shuffled set: for property
tests and benchmarks (every record built here is one a real table could have).
"""

from __future__ import annotations

import random
from typing import Any

from companion.rules.kinds import DEFAULT_KIND, Ending
from companion.rules.schedule import engines, standard_deal
from companion.rules.tiles import DominoSet, double


def random_round(
    rng: random.Random,
    set_n: int,
    players: list[str],
    engine: int,
    ended: str | None = None,
    style: str = "mixed",
) -> dict[str, Any]:
    """One Mexican Train round that real tiles could have left.

    The engine is taken out, each player is dealt the table's count from the
    shuffled rest, may draw from the boneyard, and ends with a random part of
    what they held (the one who went out with nothing).

    :param rng: the random source.
    :param set_n: N of the double-N set.
    :param players: the names, in seat order.
    :param engine: the engine's suit.
    :param ended: ``"domino"`` or ``"blocked"`` (random when ``None``).
    :param style: how hands are written: ``"pips"``, ``"counted"`` (pips and
        tiles left), ``"tiles"`` (tile by tile) or ``"mixed"``.
    :return: the round object of a game record (docs/design.md).
    """
    tiles = [t for t in DominoSet(set_n).tiles if t != double(engine)]
    rng.shuffle(tiles)
    dealt = standard_deal(set_n, len(players))
    hands_held = {p: [tiles.pop() for _ in range(dealt)] for p in players}
    for p in players:  # draws from the boneyard
        for _ in range(rng.randint(0, 3)):
            if tiles:
                hands_held[p].append(tiles.pop())
    ended = ended or rng.choice([Ending.DOMINO, Ending.DOMINO, Ending.DOMINO, Ending.BLOCKED])
    out = rng.choice(players) if ended == Ending.DOMINO else None
    hands: dict[str, Any] = {}
    for p in players:
        held = hands_held[p]
        left = [] if p == out else rng.sample(held, rng.randint(1, len(held)))
        pips = sum(t.pips for t in left)
        kind = style if style != "mixed" else rng.choice(["pips", "counted", "tiles"])
        has_blank = double(0) in left
        if kind == "tiles":
            hand: dict[str, Any] = {"tiles": [str(t) for t in left]}
        else:
            hand = {"pips": pips}
            if kind == "counted":
                hand["tiles_left"] = len(left)
            if has_blank:
                hand["double_blank"] = True
        hand["drawn"] = len(held) - dealt
        hands[p] = hand
    return {"engine": engine, "ended": ended, "hands": hands}


def random_game(
    rng: random.Random, set_n: int = 12, players: int = 8, style: str = "mixed"
) -> dict[str, Any]:
    """A whole Mexican Train game record (the default kind) made by :func:`random_round`."""
    names = [f"P{i + 1}" for i in range(players)]
    return {
        "kind": DEFAULT_KIND,
        "set": set_n,
        "players": names,
        "first_starter": names[0],
        "rounds": [random_round(rng, set_n, names, e, style=style) for e in engines(set_n)],
    }
