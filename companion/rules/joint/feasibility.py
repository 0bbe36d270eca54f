"""Per-hand feasibility: which pip counts one hand can really hold.

A hand left at the end of a round is a set of distinct tiles drawn from the
tiles still possible for it (the set, less the engine, less tiles known to be
elsewhere). :class:`Pool` answers exactly whether ``k`` such tiles can add up
to ``p`` pips; :class:`RoundTiles` checks one hand of a round against the
round's pools (too many tiles, no ``k`` tiles making the pips, the 0-0 taken
as held when only it can make them). The check of all hands together is
:mod:`.joint`.

When the tiles' pip values, sorted, never jump by more than one (true for a
whole double-N set with one tile removed: every value 0..2N occurs, and the
inner values occur at least twice), the sums of ``k`` tiles fill the whole
range between the ``k`` lightest and the ``k`` heaviest: swapping one tile for
the next heavier one raises the sum by 0 or 1. Otherwise a subset-sum table
(bit sets by tile count) is built.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from companion.rules.errors import Problems, addressed, tr, trn
from companion.rules.record.document import DOUBLE_BLANK, Hand
from companion.rules.tiles import DominoSet, Tile


@dataclass(frozen=True)
class Pool:
    """The tiles a hand may be made of.

    :ivar values: the pip values of the pool's tiles, sorted (pips).
    """

    values: tuple[int, ...]

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> Pool:
        """The pool of ``tiles`` (each counted once)."""
        return cls(tuple(sorted(t.pips for t in tiles)))

    @cached_property
    def _prefix(self) -> list[int]:
        out = [0]
        for v in self.values:
            out.append(out[-1] + v)
        return out

    @cached_property
    def _contiguous(self) -> bool:
        v = self.values
        return all(b - a <= 1 for a, b in zip(v, v[1:]))

    def lightest(self, k: int) -> int:
        """Pips of the ``k`` lightest tiles of the pool (0 ≤ k ≤ len)."""
        return self._prefix[k]

    def heaviest(self, k: int) -> int:
        """Pips of the ``k`` heaviest tiles of the pool (0 ≤ k ≤ len)."""
        return self._prefix[-1] - self._prefix[len(self.values) - k]

    @cached_property
    def _table(self) -> list[int]:
        # reach[k] has bit s set when some k tiles sum to s pips.
        reach = [1] + [0] * len(self.values)
        for n, v in enumerate(self.values, start=1):
            for k in range(n, 0, -1):
                reach[k] |= reach[k - 1] << v
        return reach

    def can_make(self, pips: int, count: int) -> bool:
        """True when exactly ``count`` distinct tiles of the pool hold ``pips`` pips.

        :param pips: pip sum, in pips.
        :param count: number of tiles.
        """
        if count < 0 or count > len(self.values) or pips < 0:
            return False
        if not (self.lightest(count) <= pips <= self.heaviest(count)):
            return False
        if self._contiguous:
            return True
        return bool(self._table[count] >> pips & 1)

    def max_pips(self, most: int) -> int:
        """The most pips ``most`` tiles (or fewer) of the pool can hold."""
        return self.heaviest(min(most, len(self.values)))


@lru_cache(maxsize=256)
def _free_tiles(set_n: int, engine: Tile | None) -> tuple[Tile, ...]:
    """The set less the engine and the 0-0 (which is counted on its own)."""
    return tuple(t for t in DominoSet(set_n).tiles if t != engine and t != DOUBLE_BLANK)


def _pools(free: tuple[Tile, ...]) -> tuple[Pool, Pool, Pool]:
    return (Pool.of(free), Pool.of(t for t in free if t.low == 0),
            Pool.of(t for t in free if t.low != 0))


@lru_cache(maxsize=256)
def _base_pools(set_n: int, engine: Tile | None) -> tuple[Pool, Pool, Pool]:
    return _pools(_free_tiles(set_n, engine))


@dataclass(frozen=True)
class RoundTiles:
    """The tiles the pips-only hands of one round can be made of.

    :ivar engine: the round's engine tile, or ``None`` (no engine).
    :ivar boneyard: tiles left to draw after the deal (0 in the block game).
    :ivar free: the set less the engine, the 0-0 and the tiles listed in hands.
    :ivar pool: :attr:`free` as a :class:`Pool`.
    :ivar blank_pool: the tiles of :attr:`free` with one blank half.
    :ivar plain_pool: the tiles of :attr:`free` without a blank half.
    """

    engine: Tile | None
    boneyard: int
    free: tuple[Tile, ...]
    pool: Pool
    blank_pool: Pool
    plain_pool: Pool

    @classmethod
    def of(cls, set_n: int, engine: Tile | None, listed: Collection[Tile], boneyard: int) -> RoundTiles:
        """The tiles of a double-``set_n`` round with ``engine`` out and ``listed``
        (tiles written in hands) taken."""
        if listed:
            free = tuple(t for t in _free_tiles(set_n, engine) if t not in listed)
            pools = _pools(free)
        else:
            free = _free_tiles(set_n, engine)
            pools = _base_pools(set_n, engine)
        return cls(engine, boneyard, free, *pools)

    def can_make(self, hand: Hand, k: int) -> bool:
        """True when ``k`` free tiles hold the hand's pips (and its ``blanks``
        tiles with a blank half, when given)."""
        if hand.blanks is None:
            return self.pool.can_make(hand.pips, k)
        b, blank_pool = hand.blanks, self.blank_pool
        if b > k or not blank_pool.can_make(blank_pool.lightest(b), b) and b:
            return False
        lo, hi = blank_pool.lightest(b), blank_pool.heaviest(b)
        return any(blank_pool.can_make(s, b) and self.plain_pool.can_make(hand.pips - s, k - b)
                   for s in range(lo, min(hi, hand.pips) + 1))

    def check_hand(
        self, name: str, hand: Hand, *, dealt: int, blank_free: bool, path: str, problems: Problems
    ) -> tuple[Hand, tuple[int, ...] | None] | None:
        """Check one hand of the round on its own.

        :param name: the player.
        :param hand: the hand as read.
        :param dealt: tiles dealt to the player.
        :param blank_free: the 0-0 is not yet held by a hand (nor the engine),
            so a hand only it can make is taken to hold it.
        :param path: the round's path in the record (``rounds[2]``).
        :param problems: where problems (``too_many_tiles``, ``pips_infeasible``) go.
        :return: ``None`` when refused; else the hand (with the 0-0 when it was
            inferred) and, for a pips-only hand, the tile counts it can have.
        """
        where = f"{path}.hands.{name}"
        most = dealt + (hand.drawn if hand.drawn is not None else self.boneyard)
        if not self._holds_at_most(name, hand, most, dealt, where, problems):
            return None
        if hand.tiles is not None or hand.out and hand.tiles_left in (None, 0):
            return hand, None
        if not self._count_possible(name, hand, most, where, problems):
            return None
        if hand.double_blank:
            counts = [hand.tiles_left - 1] if hand.tiles_left is not None else list(range(0, most))
            fit = [k for k in counts if self.can_make(hand, k)]
            if fit:
                self._unusual(name, hand, dealt, where, problems)
                return hand, tuple(fit)
            self._infeasible(name, hand, most, where, problems, with_blank=True)
            return None
        counts = [hand.tiles_left] if hand.tiles_left is not None else list(range(1, most + 1))
        fit = [k for k in counts if self.can_make(hand, k)]
        if fit:
            self._unusual(name, hand, dealt, where, problems)
            return hand, tuple(fit)
        fit = [k - 1 for k in counts if k >= 1 and self.can_make(hand, k - 1)]
        if blank_free and fit:
            # Only the 0-0 can make this hand: it holds it.
            self._unusual(name, hand, dealt, where, problems)
            return replace(hand, double_blank=True), tuple(fit)
        self._infeasible(name, hand, most, where, problems, with_blank=False)
        return None

    def _unusual(self, name: str, hand: Hand, dealt: int, where: str, problems: Problems) -> None:
        """The warning ``unusual_hand`` (design.md: a hand possible but
        unlikely, such as 300 typed for 30): a pips-only hand, its tile count
        not given, with more pips than the ``dealt`` heaviest tiles still free
        can hold, so possible only with many tiles drawn. Asked in a round
        with an engine (Mexican Train: a deal of 11-15 tiles, few drawn);
        in the classic draw game a deal of 6 or 7 and a hand grown from the
        boneyard is ordinary play. Saved when confirmed."""
        if (self.engine is None or hand.tiles is not None or hand.tiles_left is not None
                or hand.drawn is not None):
            return
        top = self.pool.max_pips(dealt)
        if hand.pips > top:
            problems.warn(f"{where}.pips", "unusual_hand", trn(
                "%(pips)s pips for %(name)s: more than the %(n)s tile dealt can hold (%(top)s at most), "
                "so only with many tiles drawn. Is that right?",
                "%(pips)s pips for %(name)s: more than the %(n)s tiles dealt can hold (%(top)s at most), "
                "so only with many tiles drawn. Is that right?", dealt, pips=hand.pips, name=name, top=top),
                pips=hand.pips)

    @staticmethod
    def _holds_at_most(name: str, hand: Hand, most: int, dealt: int, where: str, problems: Problems) -> bool:
        held = len(hand.tiles) if hand.tiles is not None else hand.tiles_left
        if held is None or held <= most:
            return True
        field_name = "tiles" if hand.tiles is not None else "tiles_left"
        if addressed(name):  # on the player's own phone: "You can hold…"
            message = (trn("You can hold at most %(n)s tile (%(dealt)s dealt).",
                           "You can hold at most %(n)s tiles (%(dealt)s dealt).", most, dealt=dealt)
                       if hand.drawn is None
                       else trn("You can hold at most %(n)s tile (%(dealt)s dealt, %(drawn)s drawn).",
                                "You can hold at most %(n)s tiles (%(dealt)s dealt, %(drawn)s drawn).", most,
                                dealt=dealt, drawn=hand.drawn))
        else:
            message = (trn("%(name)s can hold at most %(n)s tile (%(dealt)s dealt).",
                           "%(name)s can hold at most %(n)s tiles (%(dealt)s dealt).", most, name=name, dealt=dealt)
                       if hand.drawn is None
                       else trn("%(name)s can hold at most %(n)s tile (%(dealt)s dealt, %(drawn)s drawn).",
                                "%(name)s can hold at most %(n)s tiles (%(dealt)s dealt, %(drawn)s drawn).", most,
                                name=name, dealt=dealt, drawn=hand.drawn))
        problems.error(f"{where}.{field_name}", "too_many_tiles", message)
        return False

    @staticmethod
    def _count_possible(name: str, hand: Hand, most: int, where: str, problems: Problems) -> bool:
        if hand.tiles_left == 0:
            problems.error(f"{where}.pips", "pips_infeasible",
                           tr("You have no tiles left, so no pips: not %(pips)s.", pips=hand.pips)
                           if addressed(name) else
                           tr("%(name)s has no tiles left, so no pips: not %(pips)s.", name=name, pips=hand.pips))
            return False
        if hand.blanks is not None and hand.blanks > (hand.tiles_left or most):
            problems.error(f"{where}.blanks", "pips_infeasible",
                           trn("You hold only %(n)s tile, so not %(blanks)s tiles with a blank half.",
                               "You hold only %(n)s tiles, so not %(blanks)s tiles with a blank half.",
                               hand.tiles_left or most, blanks=hand.blanks)
                           if addressed(name) else
                           trn("%(name)s holds only %(n)s tile, so not %(blanks)s tiles with a blank half.",
                               "%(name)s holds only %(n)s tiles, so not %(blanks)s tiles with a blank half.",
                               hand.tiles_left or most, name=name, blanks=hand.blanks))
            return False
        return True

    def _infeasible(
        self, name: str, hand: Hand, most: int, where: str, problems: Problems, *, with_blank: bool
    ) -> None:
        """Record ``pips_infeasible`` for a hand no free tiles can make, saying why."""
        k = hand.tiles_left
        in_round = tr("in the %(engine)s round", engine=self.engine) if self.engine is not None else tr("in this round")
        if hand.blanks is not None:
            if k is None:
                msg = trn("No tiles with %(blanks)s blank halves add up to %(n)s pip.",
                          "No tiles with %(blanks)s blank halves add up to %(n)s pips.", hand.pips,
                          blanks=hand.blanks)
            else:
                msg = trn("No hand of %(n)s tile with %(blanks)s blank halves adds up to %(pips)s pips.",
                          "No %(n)s tiles with %(blanks)s blank halves add up to %(pips)s pips.", k,
                          blanks=hand.blanks, pips=hand.pips)
        elif k is None:
            top = self.pool.max_pips(most - 1 if with_blank else most)
            msg = (trn("No hand can hold %(pips)s pips: a typo? You can hold %(n)s pip at most this round.",
                       "No hand can hold %(pips)s pips: a typo? You can hold %(n)s pips at most this round.",
                       top, pips=hand.pips)
                   if addressed(name) else
                   trn("No hand can hold %(pips)s pips: a typo? %(name)s can hold %(n)s pip at most this round.",
                       "No hand can hold %(pips)s pips: a typo? %(name)s can hold %(n)s pips at most this round.",
                       top, name=name, pips=hand.pips))
        else:
            msg = self._count_message(hand, k, in_round, with_blank)
        problems.error(f"{where}.pips", "pips_infeasible", msg, pips=hand.pips)

    def _count_message(self, hand: Hand, k: int, in_round: str, with_blank: bool) -> str:
        others = max((k - 1) if with_blank else k, 0)
        lo, hi = self.pool.lightest(others), self.pool.heaviest(others)
        # two counts, each in its own plural form: "1 tile holds at least 1 pip"
        if hand.pips > hi:
            return trn("%(n)s tile can hold %(most)s %(in_round)s, not %(pips)s.",
                       "%(n)s tiles can hold %(most)s %(in_round)s, not %(pips)s.", k,
                       most=trn("at most %(n)s pip", "at most %(n)s pips", hi), in_round=in_round,
                       pips=hand.pips)
        if hand.pips < lo:
            return trn("%(n)s tile holds %(least)s %(in_round)s, not %(pips)s.",
                       "%(n)s tiles hold %(least)s %(in_round)s, not %(pips)s.", k,
                       least=trn("at least %(n)s pip", "at least %(n)s pips", lo), in_round=in_round,
                       pips=hand.pips)
        return trn("No %(n)s tile left %(in_round)s has %(pips)s pips.",
                   "No %(n)s tiles left %(in_round)s add up to %(pips)s pips.", k,
                   in_round=in_round, pips=hand.pips)
