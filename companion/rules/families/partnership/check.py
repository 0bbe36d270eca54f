"""Partnership dominoes: reading and checking one hand.

:class:`_HandReader` reads one round object into a
:class:`~.hand.PartnershipHand`, collecting every problem (how it ended, the
hands left, the leader, who went out, the last tile, the bonuses claimed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...errors import Problems, join_names, tr, trn
from ...tiles import Tile
from .hand import Bonus, HandLeft, LeadPlan, PartnershipHand
from .reading import _BONUS_KEYS, _ROUND_KEYS, _parse_tile, _Pool, _read_left
from .rules import (
    DOUBLE_BLANK,
    LEAD_PASS_POINTS_DOUBLE,
    LEAD_PASS_POINTS_SINGLE,
    LEAD_TILE,
    MAX_PASS_COUNT,
    PASS_POINTS,
    PLAYERS,
    BlockedWinner,
    BonusKind,
    Ended,
    PassBonus,
    _is_int,
)
from .scoring import hand_bonus, hand_winner
from .table import PartnershipTable, _read_player
from .words import _infeasible_words, _owner_words, _passes_words


@dataclass
class _HandReader:
    """Reads one round object into a :class:`PartnershipHand`, collecting problems."""

    table: PartnershipTable
    plan: LeadPlan
    path: str
    problems: Problems
    ok: bool = True
    read_hands: dict[str, HandLeft] = field(default_factory=dict)

    def error(self, where: str, code: str, message: str, **params: Any) -> None:
        self.problems.error(f"{self.path}{where}", code, message, **params)
        self.ok = False

    def read(self, data: Any) -> PartnershipHand | None:
        if not isinstance(data, Mapping):
            self.error("", "bad_value", tr("A hand must be an object."))
            return None
        for key in data:
            if key not in _ROUND_KEYS:
                self.error(f".{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
        ended = self._ended(data.get("ended"))
        hands = self._hands(data.get("hands"))
        leader = self._leader(data.get("leader"))
        out = self._out(data.get("out"))
        last_tile = self._last_tile(data.get("last_tile"))
        locked_by = self._locked_by(data.get("locked_by"), ended)
        if ended is None or hands is None or leader is None or not self.ok:
            self._bonus_shapes(data.get("bonuses"))
            self._each_alone(data.get("bonuses"))
            return None
        out = self._who_went_out(ended, hands, out)
        self._check_tiles(ended, hands, leader, last_tile)
        if not self.ok:
            return None
        bonuses = self._bonuses(data.get("bonuses"), ended, out, leader, hands, last_tile, locked_by)
        if not self.ok or bonuses is None:
            return None
        hand = PartnershipHand(self.plan.number, leader, ended, out, hands, locked_by, bonuses, last_tile)
        self._check_hand_bonus(data.get("bonuses"), hand)
        return hand if self.ok else None

    # the round's own fields

    def _ended(self, value: Any) -> Ended | None:
        if isinstance(value, str) and value in Ended._value2member_map_:
            return Ended(value)
        self.error(".ended", "bad_value", tr("Say how the hand ended: a player went out, or it was blocked."))
        return None

    def _hands(self, value: Any) -> dict[str, HandLeft] | None:
        if not isinstance(value, Mapping):
            self.error(".hands", "bad_value", tr("Give what each player has left in hand."))
            return None
        read: dict[str, HandLeft] = {}
        for name in value:
            if name not in self.table.players:
                self.error(f".hands.{name}", "unknown_player", tr("%(name)s is not in this game.", name=name),
                           player=name)
        for name in self.table.players:
            if name not in value:
                self.error(f".hands.{name}", "missing_hand", tr("Give what %(name)s has left in hand.", name=name),
                           player=name)
                continue
            left = _read_left(value[name], f"{self.path}.hands.{name}", self.table, self.problems)
            if left is None:
                self.ok = False
            else:
                read[name] = left
        self.read_hands = read
        return read if len(read) == PLAYERS else None

    def _each_alone(self, bonuses: Any) -> None:
        """With the hand refused, each hand read is still held to the set
        (less the 6-6 led) and each pass count to the deal: every problem at once."""
        pool = _Pool.of(t for t in self.table.set.tiles if not (self.plan.six_six_led and t == LEAD_TILE))
        for name, hand in self.read_hands.items():
            if hand.tiles is None and not hand.empty and not pool.can_hold(hand.pips, hand.tiles_left,
                                                                          self.table.dealt):
                self.error(f".hands.{name}.pips", "pips_infeasible", _infeasible_words(hand, self.table.dealt),
                           pips=hand.pips)
        passes: dict[str, int] = {}
        for i, item in enumerate(bonuses if isinstance(bonuses, list) else ()):
            if not isinstance(item, Mapping) or item.get("kind") != BonusKind.PASS:
                continue
            player = item.get("player")
            if player not in self.table.players or not self._bonus_shape_ok(f".bonuses[{i}]", item):
                continue
            points, count = self._pass_bonus(f".bonuses[{i}]", item, player)
            if points is not None:
                passes[player] = passes.get(player, 0) + count
                self._check_passes(f".bonuses[{i}].count", player, passes[player])

    def _leader(self, value: Any) -> str | None:
        if value is None:
            if self.plan.leader is not None:
                return self.plan.leader
            self.error(".leader", "bad_value", tr("Say who led this hand."))
            return None
        name = _read_player(value, f"{self.path}.leader", self.table, self.problems)
        if name is None:
            self.ok = False
        return name

    def _out(self, value: Any) -> str | None:
        if value is None:
            return None
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        elif isinstance(value, list):
            self.error(".out", "bad_value", tr("Say the one player who went out."))
            return None
        name = _read_player(value, f"{self.path}.out", self.table, self.problems)
        if name is None:
            self.ok = False
        return name

    def _last_tile(self, value: Any) -> Tile | None:
        if value is None:
            return None
        tile = _parse_tile(value)
        if tile is None:
            self.error(".last_tile", "bad_value", tr("%(text)r is not a tile; write it as 6-5.", text=value))
            return None
        if tile not in self.table.set:
            self.error(".last_tile", "tiles_not_in_set", tr("%(tile)s is not in a double-%(set)s set.",
                                                            tile=tile, set=self.table.set_n), tile=str(tile))
            return None
        return tile

    def _locked_by(self, value: Any, ended: Ended | None) -> str | None:
        needed = (ended is Ended.BLOCKED
                  and self.table.rules.blocked_winner is BlockedWinner.LOCKER_VS_NEXT)
        if value is None:
            if needed:
                self.error(".locked_by", "bad_value", tr(
                    "Say who made the last play: in a blocked hand that player's hand is "
                    "compared with the next player's."))
            return None
        if ended is Ended.DOMINO:
            self.error(".locked_by", "bad_value", tr(
                "Only a blocked hand has a player who blocked it."))
            return None
        name = _read_player(value, f"{self.path}.locked_by", self.table, self.problems)
        if name is None:
            self.ok = False
        return name

    # checks across the hands

    def _who_went_out(self, ended: Ended, hands: Mapping[str, HandLeft], out: str | None) -> str | None:
        empty = [n for n, h in hands.items() if h.empty]
        if ended is Ended.BLOCKED:
            for name in empty:
                self.error(f".hands.{name}", "out_but_blocked", tr(
                    "%(name)s has no tiles left, but the hand was blocked: nobody went out. "
                    "If %(name)s holds the 0-0, say one tile is left.", name=name), player=name)
            if out is not None:
                self.error(".out", "out_but_blocked", tr("Nobody goes out in a blocked hand."))
            return None
        if not empty:
            self.error(".hands", "nobody_out", tr(
                "The hand ended with a player going out, but every hand still has tiles."))
            return None
        if len(empty) > 1:
            self.error(".hands", "several_out", tr(
                "Only one player can go out, but %(names)s have no tiles left.", names=join_names(empty)))
            return None
        if out is not None and out != empty[0]:
            self.error(".out", "bad_value", tr(
                "%(empty)s has no tiles left, not %(out)s.", empty=empty[0], out=out))
            return None
        return empty[0]

    def _check_tiles(self, ended: Ended, hands: Mapping[str, HandLeft], leader: str,
                     last_tile: Tile | None) -> None:
        table = self.table
        held = self._held_tiles(hands, last_tile)
        if self.plan.six_six_led and last_tile == LEAD_TILE:
            self.error(".last_tile", "tile_repeated", tr("The 6-6 was led this hand, so it was not the last tile."),
                       tile=str(last_tile))
        led = hands[leader]
        if led.tiles_left is not None and led.tiles_left >= table.dealt:
            self.error(f".hands.{leader}", "deal_exceeds_set", trn(
                "%(name)s led this hand, so at most %(n)s tile can be left.",
                "%(name)s led this hand, so at most %(n)s tiles can be left.", table.dealt - 1, name=leader))
        if not self.ok:
            return
        removed = self._off_hands(held, last_tile)
        pool = _Pool.of(t for t in table.set.tiles if t not in removed)
        guessed = {n: h for n, h in hands.items() if h.tiles is None and not h.empty}
        for name, hand in guessed.items():
            if not pool.can_hold(hand.pips, hand.tiles_left, table.dealt):
                self.error(f".hands.{name}.pips", "pips_infeasible", _infeasible_words(hand, table.dealt),
                           pips=hand.pips)
        if not self.ok:
            return
        if not pool.can_hold_together(list(guessed.values()), table.dealt):
            self.error(".hands", "hands_infeasible", tr(
                "These hands cannot all be held at once: the set has not enough distinct tiles for "
                "%(names)s together.", names=join_names(list(guessed))))
            return
        if ended is Ended.BLOCKED and table.set_n == 6:
            self._check_block(hands, removed, held)

    def _held_tiles(self, hands: Mapping[str, HandLeft], last_tile: Tile | None) -> dict[Tile, str]:
        """The tiles the hands list, each with its holder; the 6-6 led, a tile
        in two hands and the last tile played are ``tile_repeated``."""
        held: dict[Tile, str] = {}
        for name, hand in hands.items():
            for i, tile in enumerate(hand.tiles or ()):
                where = f".hands.{name}.tiles[{i}]"
                if self.plan.six_six_led and tile == LEAD_TILE:
                    self.error(where, "tile_repeated", tr(
                        "The 6-6 was led this hand, so it is on the table, not in %(name)s's hand.",
                        name=name), tile=str(tile))
                elif tile in held:
                    self.error(where, "tile_repeated", tr(
                        "%(tile)s is in %(first)s's hand and in %(name)s's.", tile=tile,
                        first=held[tile], name=name), tile=str(tile))
                elif tile == last_tile:
                    self.error(where, "tile_repeated", tr(
                        "%(tile)s was the last tile played, so it is not in a hand.", tile=tile),
                        tile=str(tile))
                else:
                    held[tile] = name
        return held

    def _off_hands(self, held: Mapping[Tile, str], last_tile: Tile | None) -> set[Tile]:
        """The tiles no hand given by its pips can hold: those listed in
        hands, the 6-6 when it was led and the last tile played."""
        removed = set(held)
        if self.plan.six_six_led:
            removed.add(LEAD_TILE)
        if last_tile is not None:
            removed.add(last_tile)
        return removed

    def _check_block(self, hands: Mapping[str, HandLeft], removed: set[Tile], held: Mapping[Tile, str]) -> None:
        """A double-six tranque needs one number played out: every tile of it on
        the table, so no hand holds that number (all 28 tiles are dealt, and in
        a line both ends then show it)."""
        guessed = [h for h in hands.values() if h.tiles is None and not h.empty]
        for suit in range(self.table.set_n + 1):
            if any(t.has(suit) for t in held):
                continue
            pool = _Pool.of(t for t in self.table.set.tiles if t not in removed and not t.has(suit))
            if (all(pool.can_hold(h.pips, h.tiles_left, self.table.dealt) for h in guessed)
                    and pool.can_hold_together(guessed, self.table.dealt)):
                return
        self.error(".hands", "hands_infeasible", tr(
            "A blocked hand needs one number played out, with no tile of it left in any hand; "
            "these hands hold every number."))

    # bonuses

    def _bonus_shapes(self, value: Any) -> None:
        if value is not None and not isinstance(value, list):
            self.error(".bonuses", "bad_value", tr("The bonuses must be a list."))

    def _bonuses(self, value: Any, ended: Ended, out: str | None, leader: str,
                 hands: Mapping[str, HandLeft], last_tile: Tile | None,
                 locked_by: str | None) -> tuple[Bonus, ...] | None:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.error(".bonuses", "bad_value", tr("The bonuses must be a list."))
            return None
        found: list[Bonus] = []
        kinds_seen: set[BonusKind] = set()
        passes: dict[str, int] = {}
        for i, item in enumerate(value):
            bonus = self._bonus(i, item, ended, out, leader, hands, last_tile, kinds_seen)
            found += [bonus] if bonus is not None else []
            if bonus is not None and bonus.kind is BonusKind.PASS and bonus.player is not None:
                passes[bonus.player] = passes.get(bonus.player, 0) + bonus.count
                self._check_passes(f".bonuses[{i}].count", bonus.player, passes[bonus.player])
        return tuple(found)

    def _check_passes(self, where: str, player: str, count: int) -> None:
        """At most one pass per tile dealt to the player (``count_impossible``)."""
        if count > self.table.dealt:
            self.error(where, "count_impossible", _passes_words(self.table.dealt, player, count),
                       player=player, count=count)

    def _bonus(self, i: int, item: Any, ended: Ended, out: str | None, leader: str,
               hands: Mapping[str, HandLeft], last_tile: Tile | None,
               seen: set[BonusKind]) -> Bonus | None:
        where = f".bonuses[{i}]"
        if not self._bonus_shape_ok(where, item):
            return None
        kind = BonusKind(item["kind"])
        player = None
        if item.get("player") is not None:
            player = _read_player(item["player"], f"{self.path}{where}.player", self.table, self.problems)
            if player is None:
                self.ok = False
                return None
        named, team = self._bonus_team(where, item.get("team"), player)
        if not named:
            return None
        if kind is BonusKind.HAND_BONUS:
            return None  # worked out by the engine, checked in _check_hand_bonus
        once = kind in (BonusKind.CAPICUA, BonusKind.CHUCHAZO, BonusKind.LEAD_PASS)
        if once and kind in seen:
            self.error(where, "bonus_not_allowed", tr("This bonus is counted once a hand."))
            return None
        seen.add(kind)
        points, owner, count, double_lead = self._bonus_worth(where, kind, item, ended, out, leader,
                                                              hands, last_tile, seen, player)
        if points is None or owner is None:
            return None
        if team is not None and team != owner:
            self.error(f"{where}.team", "bonus_not_allowed", _owner_words(kind, self.table.teams.names[owner]))
            return None
        if "points" in item and item["points"] != points:
            self.error(f"{where}.points", "bad_value", tr(
                "At this table that bonus is worth %(points)s points.", points=points))
            return None
        return Bonus(kind, owner, points, player, count, double_lead)

    def _bonus_shape_ok(self, where: str, item: Any) -> bool:
        """A bonus is an object of a known ``kind`` and known fields;
        ``bad_value`` otherwise."""
        if not isinstance(item, Mapping) or item.get("kind") not in BonusKind._value2member_map_:
            self.error(where, "bad_value", tr(
                "A bonus is a capicúa, a chuchazo, a pass or a lead not answered."))
            return False
        for key in item:
            if key not in _BONUS_KEYS:
                self.error(f"{where}.{key}", "bad_value", tr("A bonus has no field %(key)r.", key=key))
                return False
        return True

    def _bonus_worth(self, where: str, kind: BonusKind, item: Mapping[str, Any], ended: Ended,
                     out: str | None, leader: str, hands: Mapping[str, HandLeft], last_tile: Tile | None,
                     seen: set[BonusKind], player: str | None
                     ) -> tuple[int | None, int | None, int, bool | None]:
        """``(points, owner, count, double_lead)`` of one bonus: what it is worth
        at this table (``None`` when refused), the pair it goes to, the passes
        it counts and, for a lead not answered, whether the lead was a double."""
        count = 1
        double_lead: bool | None = None
        owner: int | None
        if kind in (BonusKind.CAPICUA, BonusKind.CHUCHAZO):
            points = self._going_out_bonus(where, kind, ended, out, hands, last_tile, seen)
            owner = None if out is None else self.table.team_of(out)
        elif kind is BonusKind.PASS:
            points, count = self._pass_bonus(where, item, player)
            owner = None if player is None else self.table.team_of(player)
        else:
            points, double_lead = self._lead_pass(where, item)
            owner = self.table.team_of(leader)
        return points, owner, count, double_lead

    def _bonus_team(self, where: str, value: Any, player: str | None) -> tuple[bool, int | None]:
        """``(read, team)``: the pair a bonus names (``None`` when it names
        none); ``read`` is false when the pair was refused."""
        if value is None:
            return True, None
        names = self.table.teams.names
        if isinstance(value, list):
            value = "+".join(str(v) for v in value)
        if value not in names:
            self.error(f"{where}.team", "unknown_player", tr("%(name)s is not a pair of this game.", name=value))
            return False, None
        team = names.index(value)
        if player is not None and self.table.team_of(player) != team:
            self.error(f"{where}.team", "bad_value", tr("%(player)s does not play in %(team)s.",
                                                        player=player, team=value))
            return False, None
        return True, team

    def _going_out_bonus(self, where: str, kind: BonusKind, ended: Ended, out: str | None,
                         hands: Mapping[str, HandLeft], last_tile: Tile | None,
                         seen: set[BonusKind]) -> int | None:
        rules = self.table.rules
        capicua = kind is BonusKind.CAPICUA
        points = rules.capicua_points if capicua else rules.chuchazo_points
        if points == 0:
            self.error(where, "bonus_not_allowed", tr("This table does not play the capicúa.") if capicua
                       else tr("This table does not play the chuchazo."))
            return None
        if ended is not Ended.DOMINO or out is None:
            self.error(where, "bonus_not_allowed", tr(
                "The capicúa is only for going out; the hand was blocked.") if capicua else tr(
                "The chuchazo is only for going out; the hand was blocked."))
            return None
        if capicua and last_tile is not None and last_tile.is_double:
            self.error(where, "bonus_not_allowed", tr(
                "A capicúa never counts with a double; %(tile)s was the last tile.", tile=last_tile))
            return None
        if capicua and BonusKind.CHUCHAZO in seen:
            self.error(where, "bonus_not_allowed", tr(
                "A capicúa never counts with a double, and the chuchazo is going out with the 0-0."))
            return None
        if not capicua:
            if last_tile is not None and last_tile != DOUBLE_BLANK:
                self.error(where, "bonus_not_allowed", tr(
                    "The chuchazo is going out with the 0-0; %(tile)s was the last tile.", tile=last_tile))
                return None
            holder = next((n for n, h in hands.items() if h.tiles and DOUBLE_BLANK in h.tiles), None)
            if holder is not None:
                self.error(where, "bonus_not_allowed", tr(
                    "The chuchazo is going out with the 0-0, but the 0-0 is in %(name)s's hand.", name=holder))
                return None
            if BonusKind.CAPICUA in seen:
                self.error(where, "bonus_not_allowed", tr(
                    "A capicúa never counts with a double, and the chuchazo is going out with the 0-0."))
                return None
        return points

    def _pass_bonus(self, where: str, item: Mapping[str, Any], player: str | None) -> tuple[int | None, int]:
        if self.table.rules.pass_bonus is PassBonus.NONE:
            self.error(where, "bonus_not_allowed", tr("This table does not play the pass bonuses."))
            return None, 1
        if player is None:
            self.error(f"{where}.player", "bad_value", tr("Say whose play made the others pass."))
            return None, 1
        count = item.get("count", 1)
        if not _is_int(count) or not 1 <= count <= MAX_PASS_COUNT:
            self.error(f"{where}.count", "bad_value", tr(
                "Give how many times, a whole number from 1 to %(most)s.", most=self.table.dealt))
            return None, 1
        return PASS_POINTS * int(count), int(count)

    def _lead_pass(self, where: str, item: Mapping[str, Any]) -> tuple[int | None, bool | None]:
        if self.table.rules.pass_bonus is PassBonus.NONE:
            self.error(where, "bonus_not_allowed", tr("This table does not play the pass bonuses."))
            return None, None
        value = item.get("double")
        if value is None and self.plan.six_six_led:
            value = True
        if not isinstance(value, bool):
            self.error(f"{where}.double", "bad_value", tr("Say whether the lead was a double."))
            return None, None
        if self.plan.six_six_led and not value:
            self.error(f"{where}.double", "bad_value", tr("The 6-6 was led this hand: the lead was a double."))
            return None, None
        return (LEAD_PASS_POINTS_DOUBLE if value else LEAD_PASS_POINTS_SINGLE), value

    def _check_hand_bonus(self, value: Any, hand: PartnershipHand) -> None:
        """A ``hand_bonus`` a record carries must be the one the engine works out."""
        for i, item in enumerate(value or ()):
            if not isinstance(item, Mapping) or item.get("kind") != BonusKind.HAND_BONUS:
                continue
            where = f".bonuses[{i}]"
            points = hand_bonus(self.table.rules, hand.number)
            winner, _ = hand_winner(self.table, hand)
            if points == 0 or winner is None:
                self.error(where, "bonus_not_allowed", tr("No bonus is given for winning this hand."))
                continue
            team = item.get("team")
            if isinstance(team, list):
                team = "+".join(str(v) for v in team)
            if team is not None and team != self.table.teams.names[winner]:
                self.error(f"{where}.team", "bonus_not_allowed",
                           tr("The bonus for this hand goes to %(team)s, who won it.",
                              team=self.table.teams.names[winner]))
            elif "points" in item and item["points"] != points:
                self.error(f"{where}.points", "bad_value", tr(
                    "At this table that bonus is worth %(points)s points.", points=points))

