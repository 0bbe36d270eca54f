"""Chicken Foot: reading and checking one round.

:class:`_RoundReader` reads one round object into a
:class:`~.rounds.ChickenFootRound`, collecting every problem; each hand is
checked alone exactly and all hands together by bounds, through the pool of
tiles a hand given only by its pips may be made of (:class:`_Pool`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ...errors import Problems, join_names, tr, trn
from ...tiles import Tile, TileError, double
from .rounds import ChickenFootRound, HandLeft
from .rules import DOUBLE_BLANK, Ended, UnheldDouble, _is_int
from .table import ChickenFootTable

# ---------------------------------------------------------------- reading


_HAND_KEYS = frozenset({"pips", "tiles", "tiles_left", "double_blank", "drawn", "blanks"})
_ROUND_KEYS = frozenset({
    "engine", "dealt", "ended", "hands", "ended_on_double",
    # sent back by forms and by a record read back from the API (ignored)
    "number", "version", "confirm", "scores", "totals", "starter", "unverified", "burnt",
})


def _parse_tile(text: Any) -> Tile | None:
    if not isinstance(text, str):
        return None
    try:
        return Tile.parse(text)
    except TileError:
        return None


@dataclass
class _RoundReader:
    """Reads one round object into a :class:`ChickenFootRound`, collecting problems."""

    table: ChickenFootTable
    number: int
    last_engine: int | None
    path: str
    problems: Problems
    ok: bool = True

    def error(self, where: str, code: str, message: str, **params: Any) -> None:
        self.problems.error(f"{self.path}{where}", code, message, **params)
        self.ok = False

    def read(self, data: Any) -> ChickenFootRound | None:
        if not isinstance(data, Mapping):
            self.error("", "bad_value", tr("A round must be an object."))
            return None
        for key in data:
            if key not in _ROUND_KEYS:
                self.error(f".{key}", "bad_value", tr("A round has no field %(key)r.", key=key))
        engine = self._engine(data.get("engine"))
        dealt = self._dealt(data.get("dealt"))
        ended = self._ended(data.get("ended"))
        on_double = self._on_double(data.get("ended_on_double"), ended)
        if engine is None or dealt is None:
            return None
        hands = self._hands(data.get("hands"), engine)
        if ended is None or hands is None or not self.ok:
            return None
        self._check_out(ended, hands)
        if not self.ok:
            return None
        hands = self._check_tiles(engine, dealt, hands)
        if hands is None or not self.ok:
            return None
        return ChickenFootRound(self.number, engine, dealt, ended, hands, on_double)

    def _engine(self, value: Any) -> int | None:
        n = self.table.set_n
        expected = n if self.last_engine is None else self.last_engine - 1
        if value is None:
            return expected
        if not _is_int(value) or not 0 <= value <= n:
            self.error(".engine", "bad_value", tr(
                "The centre double is a double of this set, from 0-0 to %(n)s-%(n)s.", n=n))
            return None
        if self.table.rules.unheld_double is UnheldDouble.BURN:
            if value > expected:
                self.error(".engine", "engine_out_of_sequence", tr(
                    "The centre double must be lower than the last round's, %(last)s-%(last)s.",
                    last=expected + 1))
                return None
        elif value != expected:
            self.error(".engine", "engine_out_of_sequence", tr(
                "This round's centre double is %(suit)s-%(suit)s, one lower than the last round's.",
                suit=expected))
            return None
        return int(value)

    def _dealt(self, value: Any) -> dict[str, int] | None:
        players = self.table.players
        if value is None:
            value = self.table.dealt
        if _is_int(value):
            dealt = dict.fromkeys(players, int(value))
        elif isinstance(value, Mapping) and set(value) == set(players) and all(_is_int(v) for v in value.values()):
            dealt = {n: int(value[n]) for n in players}
        else:
            self.error(".dealt", "bad_value", tr(
                "Give the tiles dealt to each player: one number, or a number for every player."))
            return None
        if any(v < 1 for v in dealt.values()):
            self.error(".dealt", "bad_value", tr("Each player is dealt at least one tile."))
            return None
        if sum(dealt.values()) + 1 > self.table.set.size:
            self.error(".dealt", "deal_exceeds_set", tr(
                "A double-%(set)s set has %(size)s tiles: the centre double and %(dealt)s dealt do not fit.",
                set=self.table.set_n, size=self.table.set.size, dealt=sum(dealt.values())))
            return None
        return dealt

    def _ended(self, value: Any) -> Ended | None:
        if isinstance(value, str) and value in Ended._value2member_map_:
            return Ended(value)
        self.error(".ended", "bad_value", tr("Say how the round ended: a player went out, or it was blocked."))
        return None

    def _on_double(self, value: Any, ended: Ended | None) -> bool:
        if value is None or value is False:
            return False
        if value is not True:
            self.error(".ended_on_double", "bad_value", tr("“Went out on a double” is ticked or not, nothing else."))
            return False
        if ended is Ended.BLOCKED:
            self.error(".ended_on_double", "bad_value", tr("Nobody went out, so nobody went out on a double."))
            return False
        return True

    def _hands(self, value: Any, engine: int) -> dict[str, HandLeft] | None:
        if not isinstance(value, Mapping):
            self.error(".hands", "bad_value", tr("Give what each player has left in hand."))
            return None
        for name in value:
            if name not in self.table.players:
                self.error(f".hands.{name}", "unknown_player", tr("%(name)s is not in this game.", name=name),
                           player=name)
        read: dict[str, HandLeft] = {}
        for name in self.table.players:
            if name not in value:
                self.error(f".hands.{name}", "missing_hand", tr("Give what %(name)s has left in hand.", name=name),
                           player=name)
                continue
            hand = self._hand(value[name], f".hands.{name}", double(engine))
            if hand is not None:
                read[name] = hand
        return read if len(read) == len(self.table.players) else None

    def _hand(self, data: Any, where: str, engine: Tile) -> HandLeft | None:
        if not isinstance(data, Mapping):
            self.error(where, "bad_value", tr("A hand must be an object with pips or tiles."))
            return None
        counts = self._hand_counts(data, where)
        if counts is None:
            return None
        flag = data.get("double_blank", False)
        if not isinstance(flag, bool):
            self.error(f"{where}.double_blank", "bad_value", tr("“Holds the 0-0” is ticked or not, nothing else."))
            return None
        if flag and engine == DOUBLE_BLANK:
            self.error(f"{where}.double_blank", "engine_in_hand", tr(
                "The 0-0 is the centre double of this round; no hand can hold it."))
            return None
        if "tiles" in data:
            return self._hand_of_tiles(data, where, engine, flag, counts)
        return self._hand_of_pips(data, where, flag, counts)

    def _hand_counts(self, data: Mapping[str, Any], where: str) -> dict[str, int | None] | None:
        """A hand's fields known, and its ``tiles_left``, ``drawn`` and
        ``blanks`` (each a whole number, 0 or more, or ``None``); ``None`` when
        one is refused."""
        for key in data:
            if key not in _HAND_KEYS:
                self.error(f"{where}.{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
                return None
        counts: dict[str, int | None] = {}
        for key, words in (("tiles_left", tr("The tiles left must be a whole number, 0 or more.")),
                           ("drawn", tr("The tiles drawn must be a whole number, 0 or more.")),
                           ("blanks", tr("The tiles with a blank half must be a whole number, 0 or more."))):
            value = data.get(key)
            if value is not None and (not _is_int(value) or value < 0):
                self.error(f"{where}.{key}", "bad_value", words)
                return None
            counts[key] = value
        return counts

    def _hand_of_tiles(self, data: Mapping[str, Any], where: str, engine: Tile, flag: bool,
                       counts: Mapping[str, int | None]) -> HandLeft | None:
        """A hand given by its tiles; the pips, counts and 0-0 typed beside
        them must agree (``pips_mismatch``)."""
        left, drawn, blanks = counts["tiles_left"], counts["drawn"], counts["blanks"]
        tiles = self._tiles(data["tiles"], f"{where}.tiles", engine)
        if tiles is None:
            return None
        held = sum(t.pips for t in tiles)
        hand = HandLeft(held, len(tiles), DOUBLE_BLANK in tiles, tiles, drawn)
        if data.get("pips") is not None and data["pips"] != held:
            self.error(f"{where}.pips", "pips_mismatch", trn(
                "The tiles hold %(n)s pip, not %(given)s.", "The tiles hold %(n)s pips, not %(given)s.",
                held, given=data["pips"]), pips=held)
        if left is not None and left != len(tiles):
            self.error(f"{where}.tiles_left", "pips_mismatch", tr(
                "%(listed)s tiles are listed, not %(given)s.", listed=len(tiles), given=left))
        if flag and not hand.double_blank:
            self.error(f"{where}.double_blank", "pips_mismatch", tr("The 0-0 is not among the tiles listed."))
        if blanks is not None and blanks != hand.blank_halves:
            self.error(f"{where}.blanks", "pips_mismatch", tr(
                "%(listed)s of the tiles listed have a blank half, not %(given)s.",
                listed=hand.blank_halves, given=blanks))
        return hand

    def _hand_of_pips(self, data: Mapping[str, Any], where: str, flag: bool,
                      counts: Mapping[str, int | None]) -> HandLeft | None:
        """A hand given by its pips (and the counts typed beside them)."""
        left, drawn, blanks = counts["tiles_left"], counts["drawn"], counts["blanks"]
        pips = data.get("pips")
        if pips is None:
            self.error(f"{where}.pips", "bad_value", tr("Give the pips left in the hand."))
            return None
        if not _is_int(pips):
            self.error(f"{where}.pips", "bad_value", tr("Pips must be a whole number."))
            return None
        if pips < 0:
            self.error(f"{where}.pips", "pips_negative", tr("Pips cannot be negative."), pips=pips)
            return None
        if left == 0 and (pips or flag):
            self.error(f"{where}.pips", "pips_infeasible", tr("A hand with no tiles left holds nothing."),
                       pips=pips)
            return None
        hand = HandLeft(pips, left, flag, None, drawn, blanks)
        if self.table.rules.blank_half_points and blanks is None and not hand.out:
            self.error(f"{where}.blanks", "bad_value", tr(
                "At this table each tile with a blank half scores extra: say how many are left."))
            return None
        return hand

    def _tiles(self, value: Any, where: str, engine: Tile) -> tuple[Tile, ...] | None:
        if not isinstance(value, list):
            self.error(where, "bad_value", tr('tiles must be a list such as ["6-5", "2-1"].'))
            return None
        tiles: list[Tile] = []
        for i, text in enumerate(value):
            tile = _parse_tile(text)
            if tile is None:
                self.error(f"{where}[{i}]", "bad_value", tr("%(text)r is not a tile; write it as 6-5.", text=text))
            elif tile not in self.table.set:
                self.error(f"{where}[{i}]", "tiles_not_in_set", tr(
                    "%(tile)s is not in a double-%(set)s set.", tile=tile, set=self.table.set_n), tile=str(tile))
            elif tile == engine:
                self.error(f"{where}[{i}]", "engine_in_hand", tr(
                    "%(tile)s is the centre double of this round.", tile=tile), tile=str(tile))
            elif tile in tiles:
                self.error(f"{where}[{i}]", "tile_repeated", tr("%(tile)s is listed twice.", tile=tile),
                           tile=str(tile))
            else:
                tiles.append(tile)
                continue
            return None
        return tuple(tiles)

    def _check_out(self, ended: Ended, hands: Mapping[str, HandLeft]) -> None:
        out = [n for n, h in hands.items() if h.out]
        if ended is Ended.BLOCKED:
            for name in out:
                self.error(f".hands.{name}", "out_but_blocked", tr(
                    "%(name)s has no tiles left, but the round was blocked: nobody went out. "
                    "If %(name)s holds the 0-0, tick it.", name=name), player=name)
        elif not out:
            self.error(".hands", "nobody_out", tr(
                "The round ended with a player going out, but every hand still has tiles."))
        elif len(out) > 1:
            self.error(".hands", "several_out", tr(
                "Only one player can go out, but %(names)s have no tiles left.", names=join_names(out)))

    def _check_tiles(self, engine: int, dealt: Mapping[str, int],
                     hands: dict[str, HandLeft]) -> dict[str, HandLeft] | None:
        held, holders, boneyard = self._check_counts(dealt, hands)
        if not self.ok:
            return None
        removed = set(held) | {double(engine), DOUBLE_BLANK}
        pool = _Pool.of(t for t in self.table.set.tiles if t not in removed)
        blank_free = engine != 0 and DOUBLE_BLANK not in held and not holders
        out = self._fit_pips(pool, dealt, hands, boneyard, blank_free)
        if not self.ok:
            return None
        return self._check_together(pool, dealt, out, boneyard)

    def _check_counts(self, dealt: Mapping[str, int],
                      hands: Mapping[str, HandLeft]) -> tuple[dict[Tile, str], list[str], int]:
        """Each tile and the 0-0 in one hand, the draws within the boneyard and
        each hand's count within what it can hold; returns the tiles listed
        (with their holder), who says he holds the 0-0, and the boneyard."""
        held: dict[Tile, str] = {}
        for name, hand in hands.items():
            for i, tile in enumerate(hand.tiles or ()):
                if tile in held:
                    self.error(f".hands.{name}.tiles[{i}]", "tile_repeated", tr(
                        "%(tile)s is in %(first)s's hand and in %(name)s's.", tile=tile,
                        first=held[tile], name=name), tile=str(tile))
                held[tile] = name
        holders = [n for n, h in hands.items() if h.double_blank]
        if len(holders) > 1:
            self.error(".hands", "double_blank_twice", tr(
                "There is one 0-0, but %(names)s are said to hold it.", names=join_names(holders)))
        boneyard = self.table.set.size - 1 - sum(dealt.values())
        drawn = sum(h.drawn or 0 for h in hands.values())
        implied = sum(max(h.drawn or 0, (h.tiles_left or 0) - dealt[n]) for n, h in hands.items())
        if max(drawn, implied) > boneyard:
            self.error(".hands", "drawn_exceeds_boneyard", trn(
                "The boneyard holds %(n)s tile, fewer than the hands drew.",
                "The boneyard holds %(n)s tiles, fewer than the hands drew.", boneyard))
        for name, hand in hands.items():
            most = dealt[name] + (boneyard if hand.drawn is None else hand.drawn)
            if hand.tiles_left is not None and hand.tiles_left > most:
                self.error(f".hands.{name}.tiles_left", "too_many_tiles", trn(
                    "%(name)s can hold at most %(n)s tile.", "%(name)s can hold at most %(n)s tiles.",
                    most, name=name))
        return held, holders, boneyard

    def _fit_pips(self, pool: _Pool, dealt: Mapping[str, int], hands: Mapping[str, HandLeft],
                  boneyard: int, blank_free: bool) -> dict[str, HandLeft]:
        """Each hand given by its pips can be made of the ``pool``; one that
        only the 0-0 can make (when it is ``blank_free``) is given it;
        ``pips_infeasible`` otherwise."""
        out = dict(hands)
        for name, hand in hands.items():
            if hand.tiles is not None or hand.out:
                continue
            most = dealt[name] + (boneyard if hand.drawn is None else hand.drawn)
            if pool.can_hold(hand.pips, hand.tiles_left, most, with_blank=hand.double_blank):
                continue
            if not hand.double_blank and blank_free and pool.can_hold(hand.pips, hand.tiles_left, most,
                                                                      with_blank=True):
                out[name] = replace(hand, double_blank=True)
                continue
            self.error(f".hands.{name}.pips", "pips_infeasible", _infeasible_words(hand, most), pips=hand.pips)
        return out

    def _check_together(self, pool: _Pool, dealt: Mapping[str, int], out: dict[str, HandLeft],
                        boneyard: int) -> dict[str, HandLeft] | None:
        """The hands can all be held at once: one 0-0, and enough distinct
        tiles in the ``pool`` for the hands given by their pips."""
        holders = [n for n, h in out.items() if h.double_blank]
        if len(holders) > 1:
            self.error(".hands", "double_blank_twice", tr(
                "Only the 0-0 can make the hands of %(names)s, and there is one 0-0.",
                names=join_names(holders)))
            return None
        guessed = [h for h in out.values() if h.tiles is None and not h.out]
        if not pool.can_hold_together(guessed, [dealt[n] + boneyard for n, h in out.items()
                                                if h.tiles is None and not h.out]):
            self.error(".hands", "hands_infeasible", tr(
                "These hands cannot all be held at once: the set has not enough distinct tiles for them."))
            return None
        return out


def _infeasible_words(hand: HandLeft, most: int) -> str:
    if hand.tiles_left is not None:
        return trn("No %(n)s tile of this set, the centre double aside, holds %(pips)s pips.",
                   "No %(n)s tiles of this set, the centre double aside, add up to %(pips)s pips.",
                   hand.tiles_left, pips=hand.pips)
    return trn("No hand of at most %(n)s tile of this set holds %(pips)s pips.",
               "No hand of at most %(n)s tiles of this set adds up to %(pips)s pips.", most, pips=hand.pips)


@dataclass(frozen=True)
class _Pool:
    """The tiles a hand given only by its pips may be made of, the 0-0 aside
    (it is counted on its own: it adds a tile and no pips).

    :ivar values: the pip values of the pool's tiles, sorted (pips).
    """

    values: tuple[int, ...]

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> _Pool:
        return cls(tuple(sorted(t.pips for t in tiles)))

    def lightest(self, k: int) -> int:
        return sum(self.values[:k])

    def heaviest(self, k: int) -> int:
        return sum(self.values[len(self.values) - k:]) if k else 0

    @cached_property
    def _reach(self) -> list[int]:
        # reach[k] has bit s set when some k distinct tiles hold s pips
        reach = [1] + [0] * len(self.values)
        for n, v in enumerate(self.values, start=1):
            for k in range(n, 0, -1):
                reach[k] |= reach[k - 1] << v
        return reach

    def can_make(self, pips: int, count: int) -> bool:
        """Exactly ``count`` distinct tiles of the pool hold ``pips`` pips."""
        if not 0 <= count <= len(self.values) or pips < 0:
            return False
        return bool(self._reach[count] >> pips & 1)

    def can_hold(self, pips: int, count: int | None, most: int, *, with_blank: bool) -> bool:
        """A hand of ``count`` tiles (1 to ``most`` when unknown) holding
        ``pips`` pips, the 0-0 among them when ``with_blank``, can be made."""
        extra = 1 if with_blank else 0
        if count is not None:
            return self.can_make(pips, count - extra)
        return any(self.can_make(pips, k - extra) for k in range(max(1, extra), most + 1))

    def can_hold_together(self, hands: Sequence[HandLeft], most: Sequence[int]) -> bool:
        """The hands together fit the pool's bounds (a bound, not an exact
        search; each hand alone is checked exactly)."""
        if not hands:
            return True
        pips = sum(h.pips for h in hands)
        fewest = sum((h.tiles_left if h.tiles_left is not None else 1) - h.double_blank for h in hands)
        largest = sum((h.tiles_left if h.tiles_left is not None else m) - h.double_blank
                      for h, m in zip(hands, most))
        if fewest > len(self.values):
            return False
        return self.lightest(max(fewest, 0)) <= pips <= self.heaviest(min(largest, len(self.values)))
