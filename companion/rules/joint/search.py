"""The exact search of the joint decision: every way of sharing the free
tiles among the pips-only hands, class by class, until one works or none can.

Tiles of equal pips are interchangeable for a hand known only by its pips, so
the search gives each hand a number of tiles of each pip-value class (the
tiles with a blank half form classes of their own), heaviest values first.
Before each class it bounds every hand by the lightest and heaviest tiles
still to come (:func:`.pip_classes.window`), so a hand that cannot do without
tiles of this value gets them first; states that failed once are remembered
(hands with equal needs are interchangeable, so the memory ignores their
order). It stops with a witness or, having tried every distribution, with a
proof that there is none; past its step budget it raises :class:`OutOfSteps`.

Rule sources: a double-N set holds each tile once (docs/sources.md); tiles
beyond the deal come from the boneyard (all the documents).
"""

from __future__ import annotations

from companion.rules.joint.bounds import most_tiles
from companion.rules.joint.needs import BIG, HandNeed
from companion.rules.joint.pip_classes import PipClasses, window
from companion.rules.tiles import Tile

_State = tuple[int, int, int, int, int]
"""A hand during the search: (pips still needed, fewest tiles, most tiles,
blank halves still needed or -1, tiles before it must draw)."""


class OutOfSteps(Exception):
    """The search used up its step budget before deciding."""


class ExactSearch:
    """Depth-first search over the pool's classes, heaviest first.

    :param cl: the free tiles as classes.
    :param needs: the pips-only hands.
    :param caps: tiles each hand may hold before drawing (:func:`.joint_bounds.draw_caps`).
    :param budget: steps allowed (one class visited, or one way of sharing a class).
    :ivar steps: steps used so far.
    """

    def __init__(self, cl: PipClasses, needs: list[HandNeed], caps: list[int], budget: int):
        self.cl = cl
        self.needs = needs
        self.caps = caps
        self.budget = budget
        self.steps = 0
        self.failed: set[tuple[int, int, tuple[_State, ...]]] = set()

    def _tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise OutOfSteps

    def run(self, boneyard: int) -> tuple[tuple[Tile, ...], ...] | None:
        """The tiles of each hand (a witness), or ``None`` when there is none.

        :param boneyard: tiles the boneyard can give to hands above their deal.
        :raises OutOfSteps: past the step budget.
        """
        states = [
            (n.pips, n.least, n.most, -1 if n.blanks is None else n.blanks, cap)
            for n, cap in zip(self.needs, self.caps)
        ]
        taken: list[list[int]] = [[0] * len(self.cl.values) for _ in self.needs]
        if not self._walk(0, states, boneyard, taken):
            return None
        out = []
        used = [0] * len(self.cl.values)
        for row in taken:
            tiles: list[Tile] = []
            for i, t in enumerate(row):
                tiles.extend(self.cl.tiles[i][used[i]: used[i] + t])
                used[i] += t
            out.append(tuple(tiles))
        return tuple(out)

    def _walk(self, i: int, states: list[_State], bone: int, taken: list[list[int]]) -> bool:
        """Share class ``i`` and the classes after it; ``taken[j][i]`` records hand ``j``'s share."""
        self._tick()
        cl = self.cl
        if i == len(cl.values):
            return all(p == 0 and lo == 0 and b <= 0 for p, lo, _hi, b, _c in states)
        key = (i, bone, tuple(sorted(states)))
        if key in self.failed:
            return False
        windows = self._windows(i, states, bone)
        options = None if windows is None else self._options(i, states, bone)
        if windows is None or options is None or sum(o[0] for o in options) > cl.counts[i]:
            self.failed.add(key)
            return False
        order, prefs = self._preferences(i, states, windows, options)
        if self._share(i, states, taken, order, prefs, [0] * len(states), 0, cl.counts[i], bone):
            return True
        self.failed.add(key)
        return False

    def _windows(self, i: int, states: list[_State], bone: int) -> list[tuple[int, int]] | None:
        """Every hand's tile-count window from class ``i`` on, or ``None`` when a
        hand cannot be finished, or the hands together ask too many tiles or draws."""
        cl = self.cl
        lows = draws = 0
        windows = []
        for p, lo, hi, b, cap in states:
            if b > cl.blanks_after[i]:
                return None
            w = window(cl, i, p, lo, hi, b, cap + bone if cap < BIG else BIG)
            if w is None:
                return None
            windows.append(w)
            lows += w[0]
            if cap < BIG:
                draws += max(0, w[0] - cap)
        if lows > cl.size - cl.start[i] or draws > bone:
            return None
        # all the hands together: their pips against the heaviest tiles left,
        # as many as they can hold with the boneyard's tiles shared
        most = most_tiles([w[1] for w in windows], [s[4] for s in states], bone)
        left = cl.size - cl.start[i]
        if sum(s[0] for s in states) > cl.heaviest(cl.start[i], min(most, left)):
            return None
        return windows

    def _options(self, i: int, states: list[_State], bone: int) -> list[list[int]] | None:
        """The counts of class ``i`` each hand may take and still be finished
        from class ``i + 1`` on; ``None`` when a hand has none."""
        cl = self.cl
        v, c, is_blank = cl.values[i], cl.counts[i], cl.blank[i]
        options: list[list[int]] = []
        for p, lo, hi, b, cap in states:
            if p == 0:
                options.append([0])
                continue
            top = min(c, hi, p // v)
            if is_blank and b >= 0:
                top = min(top, b)
            opts = []
            for t in range(top + 1):
                nb = b - t if (is_blank and b >= 0) else b
                if nb > cl.blanks_after[i + 1]:
                    continue
                if cap < BIG:
                    extra = max(0, t - cap)
                    if extra > bone:
                        break
                    room = max(0, cap - t) + bone - extra
                else:
                    room = BIG
                if window(cl, i + 1, p - t * v, max(0, lo - t), hi - t, nb, room) is not None:
                    opts.append(t)
            if not opts:
                return None
            options.append(opts)
        return options

    def _preferences(self, i: int, states: list[_State], windows: list[tuple[int, int]],
                     options: list[list[int]]) -> tuple[list[int], dict[int, list[int]]]:
        """The order to share class ``i`` in (hands with fewest options first)
        and each hand's counts, nearest the greedy share first: the forced
        minima, then one tile at a time to the hand with the most pips per
        tile still needed, if it is that heavy."""
        v, c = self.cl.values[i], self.cl.counts[i]
        greedy = [o[0] for o in options]
        left = c - sum(greedy)
        while left > 0:
            best, best_avg = -1, -1.0
            for j, (p, _lo, _hi, _b, _cap) in enumerate(states):
                t = greedy[j]
                if t + 1 not in options[j]:
                    continue
                mid = (windows[j][0] + windows[j][1]) / 2
                avg = (p - t * v) / max(1.0, mid - t)
                if avg > best_avg:
                    best, best_avg = j, avg
            if best < 0 or best_avg < v:
                break
            greedy[best] += 1
            left -= 1
        order = sorted(range(len(states)), key=lambda j: len(options[j]))
        prefs: dict[int, list[int]] = {}
        for j in order:
            g = greedy[j]

            def closeness(t: int, g: int = g) -> tuple[int, int]:
                return (abs(t - g), -t)

            prefs[j] = sorted(options[j], key=closeness)
        return order, prefs

    def _share(self, i: int, states: list[_State], taken: list[list[int]], order: list[int],
               prefs: dict[int, list[int]], choice: list[int], k: int, left: int, bone_left: int) -> bool:
        """Give the ``k``-th hand of ``order`` each of its preferred counts of
        class ``i`` in turn (``left`` tiles of it remain), then walk on."""
        if k == len(order):
            return self._descend(i, states, taken, choice, bone_left)
        j = order[k]
        cap = states[j][4]
        for t in prefs[j]:
            if t > left:
                continue
            extra = 0
            if cap < BIG:
                extra = max(0, t - cap)
                if extra > bone_left:
                    continue
            choice[j] = t
            if self._share(i, states, taken, order, prefs, choice, k + 1, left - t, bone_left - extra):
                return True
        choice[j] = 0
        return False

    def _descend(self, i: int, states: list[_State], taken: list[list[int]], choice: list[int],
                 bone_left: int) -> bool:
        """Take the shares ``choice`` of class ``i`` and walk to class ``i + 1``."""
        self._tick()
        cl = self.cl
        v, is_blank = cl.values[i], cl.blank[i]
        new_states = []
        for j, (p, lo, hi, b, cap) in enumerate(states):
            t = choice[j]
            nb = b - t if (is_blank and b >= 0) else b
            ncap = max(0, cap - t) if cap < BIG else BIG
            new_states.append((p - t * v, max(0, lo - t), hi - t, nb, ncap))
            taken[j][i] = t
        if self._walk(i + 1, new_states, bone_left, taken):
            return True
        for j in range(len(states)):
            taken[j][i] = 0
        return False
