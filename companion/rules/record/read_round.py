"""Reading one round of a game: who sat out, the engine, the deal, the hands.

:func:`parse_round` checks a round against the game's table and hands the
hands to :func:`~.joint.check_round_hands` (each hand, then all together). Rule
sources: the engine of each round (:mod:`.schedule`); a domino round has one
empty hand, a blocked round none (docs/sources.md; with
``first_turn: build_train`` several may go out, [RU]); picture dominoes
keep only who went out first ([RU]).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.errors import Problems, addressed, join_names, tr, trn
from companion.rules.joint.hands import check_round_hands
from companion.rules.kinds import BlockedTie, Ending, EngineChoice, FirstTurn
from companion.rules.record.document import ROUND_KEYS, Hand, Round, Table, is_int
from companion.rules.record.read_hand import parse_hand
from companion.rules.record.read_table import seated_names
from companion.rules.schedule import MIN_PLAYERS
from companion.rules.scoring import lightest_tile_holder
from companion.rules.tiles import Tile, double


def parse_round(
    table: Table, data: Any, number: int, problems: Problems, path: str | None = None
) -> Round | None:
    """Read and check one round of ``table``'s game.

    Checks (docs/design.md error codes): the engine is the scheduled one
    (``engine_out_of_sequence``); every present player has a hand and only
    players of the game (``missing_hand``, ``unknown_player``); a domino round
    has exactly one empty hand (``nobody_out``, ``several_out``; with
    ``first_turn: build_train`` several may go out, [RU]) and a blocked
    round none (``out_but_blocked``); pips are whole and ≥ 0
    (``pips_negative``); every hand can be made of real tiles still possible
    for it: the set less the engine less the tiles listed in other hands, with
    exactly ``tiles_left`` tiles and ``blanks`` blank halves when given
    (``pips_infeasible``, ``too_many_tiles``), and all pips-only hands together
    from one set of distinct tiles (``hands_infeasible``); listed tiles belong
    to the set, appear once and are not the engine (``tiles_not_in_set``,
    ``tile_repeated``, ``engine_in_hand``); at most one 0-0
    (``double_blank_twice``); the deal fits in the set (``deal_exceeds_set``;
    a deal off the table is the warning ``deal_off_table``); the draws fit in
    the boneyard (``drawn_exceeds_boneyard``).

    A pips-only hand whose pips can be made only with the 0-0 is taken to hold
    it (1 tile, 0 pips is the 0-0).

    :param table: the game's table.
    :param data: the round object of a record.
    :param number: the round's 1-based number.
    :param problems: where problems are recorded.
    :param path: path prefix; ``rounds[number-1]`` by default.
    :return: the :class:`~.record.Round`, or ``None`` when it has errors.
    """
    path = f"rounds[{number - 1}]" if path is None else path
    before = len(problems.errors)
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A round must be a JSON object."))
        return None
    for key in data:
        if key not in ROUND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A round has no field %(key)r.", key=key))
    absent = _parse_absent(data.get("absent"), f"{path}.absent", table, problems)
    if absent is None:
        return None
    absent = _with_away(table, data, absent)
    if len(table.players) - len(absent) < MIN_PLAYERS:
        problems.error(f"{path}.absent", "too_few_players",
                       tr("At least %(least)s players must play a round.", least=MIN_PLAYERS))
        return None
    if absent and table.kind.ends_after_last_engine and number == len(table.engines):
        problems.warn(
            f"{path}.absent", "left_before_end",
            trn("%(names)s sits out the last round: a player away from the last round has left "
                "the game and gets no place in the final standings.",
                "%(names)s sit out the last round: players away from the last round have left "
                "the game and get no place in the final standings.", len(absent), names=join_names(absent)),
        )
    reader = _RoundReader(table, number, path, problems, absent, before)
    if not table.kind.counts_pips:
        return reader.picture_round(data)
    return reader.played_round(data)


@dataclass(frozen=True)
class _RoundReader:
    """One round being read: where it is, who sat out, where problems go.

    :ivar before: how many errors ``problems`` held before this round.
    """

    table: Table
    number: int
    path: str
    problems: Problems
    absent: tuple[str, ...]
    before: int

    @property
    def present(self) -> list[str]:
        """The players at the table this round, in seat order."""
        return [n for n in self.table.players if n not in self.absent]

    @property
    def failed(self) -> bool:
        """True once this round added an error."""
        return len(self.problems.errors) > self.before

    def picture_round(self, data: Mapping[str, Any]) -> Round | None:
        """Picture dominoes: the round is who laid all their tiles first."""
        path, problems = self.path, self.problems
        for key in ("hands", "ended", "dealt", "engine", "ended_on_double"):
            if key in data:
                problems.error(f"{path}.{key}", "bad_value",
                               tr("Picture dominoes keep only who went out first, not %(key)s.", key=key))
        winner = data.get("winner")
        if winner in self.absent:
            problems.error(f"{path}.winner", "bad_value",
                           tr("%(name)s sat this round out.", name=winner))
            return None
        if winner not in self.present:
            problems.error(f"{path}.winner", "unknown_player" if isinstance(winner, str) else "bad_value",
                           tr("Tap the child who laid all their tiles first."))
            return None
        if self.failed:
            return None
        return Round(self.number, None, {}, None, {}, self.absent, False, winner)

    def played_round(self, data: Mapping[str, Any]) -> Round | None:
        """Mexican Train and the classic games: engine, ending, deal and hands."""
        playable, scheduled = self.scheduled_engine(data)
        if not playable:
            return None
        engine = double(scheduled) if scheduled is not None else None
        ended, on_double = self.ending(data)
        dealt = _parse_dealt(data.get("dealt"), f"{self.path}.dealt", self.table, self.present, self.problems)
        hands = self.hands(data, engine)
        if hands is None or self.failed:
            return None
        self.check_tiles_once(hands)
        if self.failed or dealt is None:
            return None
        boneyard_pips = self.boneyard_pips(data)
        joint = check_round_hands(self.table, engine, dealt, hands, self.path, self.problems,
                                  boneyard_pips=boneyard_pips, ended=ended)
        if joint is None:
            return None
        checked = joint.hands
        self.check_who_went_out(ended, checked)
        winner = self.tie_winner(data, ended, checked)
        if self.failed:
            return None
        return Round(self.number, scheduled, dealt, ended, checked, self.absent, on_double,
                     winner=winner, unverified=joint.unverified, boneyard_pips=boneyard_pips)

    def boneyard_pips(self, data: Mapping[str, Any]) -> int | None:
        """The draw game with ``boneyard_to_winner: yes``: the pips left in the
        boneyard, a whole number ≥ 0 (required); elsewhere none may be given."""
        path, problems, table = self.path, self.problems, self.table
        value = data.get("boneyard_pips")
        if "boneyard_pips" not in table.round_fields:
            if value is not None:
                problems.error(f"{path}.boneyard_pips", "bad_value",
                               tr("The boneyard's pips count only in the draw game when the winner "
                                  "scores them."))
            return None
        if value is None:
            problems.error(f"{path}.boneyard_pips", "bad_value",
                           tr("Give the pips left in the boneyard (0 when it is empty)."))
            return None
        if not is_int(value) or value < 0:
            problems.error(f"{path}.boneyard_pips", "bad_value",
                           tr("The boneyard's pips are a whole number, 0 or more."))
            return None
        return int(value)

    def tie_winner(self, data: Mapping[str, Any], ended: Any, hands: Mapping[str, Hand]) -> str | None:
        """Classic games with ``blocked_tie: lightest_tile``: who won a tie for
        the lowest hand of a blocked round. The tiles decide when the tied
        hands were entered tile by tile; otherwise the table names the player
        holding the lightest single tile in ``winner``."""
        path, problems, table = self.path, self.problems, self.table
        given = data.get("winner")
        tied: list[str] = []
        if table.kind.is_classic and ended == Ending.BLOCKED and hands:
            least = min(h.pips for h in hands.values())
            tied = [n for n, h in hands.items() if h.pips == least]
        if len(tied) < 2 or table.rules.blocked_tie != BlockedTie.LIGHTEST_TILE:
            if given is not None:
                problems.error(f"{path}.winner", "bad_value",
                               tr("A winner is named only for a tie of a blocked round, when the "
                                  "lightest tile breaks it."))
            return None
        by_tiles = lightest_tile_holder({n: hands[n].tiles for n in tied})
        if given is None:
            if by_tiles is None:
                problems.error(f"{path}.winner", "bad_value",
                               tr("%(names)s tie for the lowest hand: say who holds the lightest single "
                                  "tile.", names=join_names(tied)))
            return by_tiles
        if given not in tied or (by_tiles is not None and given != by_tiles):
            problems.error(f"{path}.winner", "bad_value",
                           tr("The lightest single tile of %(names)s is in %(name)s's hand.",
                              names=join_names(tied), name=by_tiles)
                           if by_tiles is not None
                           else tr("%(name)s is not one of the tied players (%(names)s).", name=given,
                                   names=join_names(tied)))
            return None
        return str(given)

    def scheduled_engine(self, data: Mapping[str, Any]) -> tuple[bool, int | None]:
        """Whether the game has this round, and the suit of its engine.

        Mexican Train: the scheduled engine (``engine_out_of_sequence`` when
        another is given; ``game_finished`` past the last round). The classic
        games: no engine (and none may be given).
        """
        table, path, problems, number = self.table, self.path, self.problems, self.number
        if not table.kind.has_engine:
            if data.get("engine") is not None:
                problems.error(f"{path}.engine", "bad_value", tr("The classic games have no engine."))
            return True, None
        if number > len(table.engines):
            problems.error(path, "game_finished",
                           tr("This game has %(rounds)s rounds; it is finished.", rounds=len(table.engines)))
            return False, None
        scheduled = table.engines[number - 1]
        if table.rules.engine_choice == EngineChoice.HIGHEST_DOUBLE:
            # the engine is the highest double found in the hands: the table says which
            found = data.get("engine", scheduled)
            if not is_int(found) or not 0 <= found <= table.set_n:
                problems.error(f"{path}.engine", "bad_value",
                               tr("Give the engine double found in the hands, 0 to %(set)s.", set=table.set_n))
                return False, None
            return True, int(found)
        if data.get("engine", scheduled) != scheduled:
            problems.error(f"{path}.engine", "engine_out_of_sequence",
                           tr("Round %(number)s is played with the %(engine)s-%(engine)s engine.", number=number,
                              engine=scheduled),
                           expected=scheduled)
        return True, scheduled

    def ending(self, data: Mapping[str, Any]) -> tuple[Ending | None, bool]:
        """``ended`` (``"domino"`` or ``"blocked"``) and ``ended_on_double``."""
        path, problems = self.path, self.problems
        given = data.get("ended")
        ended = next((e for e in Ending if e == given), None)
        if ended is None:
            problems.error(f"{path}.ended", "bad_value", tr("Say how the round ended: somebody went out, or it was blocked."))
        on_double = data.get("ended_on_double", False)
        if not isinstance(on_double, bool) or (on_double and ended is not Ending.DOMINO):
            problems.error(f"{path}.ended_on_double", "bad_value",
                           tr("“Went out on a double” is ticked or not, and only when somebody went out."))
            on_double = False
        return ended, on_double

    def hands(self, data: Mapping[str, Any], engine: Tile | None) -> dict[str, Hand] | None:
        """Each present player's hand, in seat order (``missing_hand``,
        ``unknown_player``; a hand for a player who sat out is refused)."""
        path, problems = self.path, self.problems
        raw_hands = data.get("hands")
        if not isinstance(raw_hands, Mapping):
            problems.error(f"{path}.hands", "bad_value", tr("Give each player's hand."))
            return None
        for name in raw_hands:
            if name not in self.table.players:
                problems.error(f"{path}.hands.{name}", "unknown_player", tr("%(name)s is not in this game.", name=name),
                               player=name)
            elif name in self.absent:
                problems.error(f"{path}.hands.{name}", "bad_value",
                               tr("%(name)s sat this round out but has a hand.", name=name))
        hands: dict[str, Hand] = {}
        for name in self.present:
            where = f"{path}.hands.{name}"
            if name not in raw_hands:
                problems.error(where, "missing_hand", tr("%(name)s's hand is missing.", name=name), player=name)
                continue
            hand = parse_hand(raw_hands[name], where, self.table, engine, problems)
            if hand is not None:
                hands[name] = hand
        return hands

    def check_tiles_once(self, hands: Mapping[str, Hand]) -> None:
        """A listed tile is in one hand only (``tile_repeated``); one 0-0 at
        most (``double_blank_twice``)."""
        path, problems = self.path, self.problems
        listed: dict[Tile, str] = {}
        for name, hand in hands.items():
            for i, tile in enumerate(hand.tiles or ()):
                if tile in listed:
                    problems.error(f"{path}.hands.{name}.tiles[{i}]", "tile_repeated",
                                   tr("%(tile)s is already in your hand.", tile=tile) if addressed(listed[tile])
                                   else tr("%(tile)s is already in %(name)s's hand.", tile=tile, name=listed[tile]),
                                   tile=str(tile))
                listed[tile] = name
        blanks = [n for n, h in hands.items() if h.double_blank]
        if len(blanks) > 1:
            problems.error(f"{path}.hands.{blanks[1]}.double_blank", "double_blank_twice",
                           tr("Only one hand can hold the 0-0 (you have it).") if addressed(blanks[0])
                           else tr("Only one hand can hold the 0-0 (%(name)s has it).", name=blanks[0]))

    def check_who_went_out(self, ended: Ending | None, hands: Mapping[str, Hand]) -> None:
        """A domino round has one empty hand (several with ``first_turn:
        build_train``), a blocked round none."""
        path, problems, table = self.path, self.problems, self.table
        out = [n for n, h in hands.items() if h.out]
        if ended is Ending.DOMINO:
            if not out:
                problems.error(f"{path}.hands", "nobody_out", tr("The round ended by domino, but nobody went out."))
            elif len(out) > 1 and not (table.kind.has_engine
                                       and table.rules.first_turn == FirstTurn.BUILD_TRAIN):
                problems.error(f"{path}.hands.{out[1]}", "several_out",
                               tr("Only one player can go out, but %(names)s have empty hands.",
                                  names=join_names(out)))
        elif ended is Ending.BLOCKED and out:
            problems.error(f"{path}.hands.{out[0]}", "out_but_blocked",
                           tr("A blocked round ends with tiles in every hand, but you have none left: "
                              "tap I went out, or type the pips you still hold.") if addressed(out[0])
                           else tr("A blocked round ends with tiles in every hand, but %(name)s has none left: "
                                   "tap %(name)s's Out instead of Blocked, or type the pips %(name)s still holds.",
                                   name=out[0]))


def _parse_dealt(
    value: Any, path: str, table: Table, present: list[str], problems: Problems
) -> dict[str, int] | None:
    standard = table.standard_deal(len(present))
    room = table.set.size - (1 if table.kind.has_engine else 0)
    if value is None:
        return dict.fromkeys(present, standard)
    if is_int(value):
        if not 1 <= value <= room:
            problems.error(path, "bad_value", tr("Tiles dealt must be a whole number from 1 to %(room)s.", room=room))
            return None
        dealt = dict.fromkeys(present, value)
    elif isinstance(value, Mapping):
        dealt = dict.fromkeys(present, standard)
        for name, n in value.items():
            if name not in dealt:
                problems.error(f"{path}.{name}", "unknown_player", tr("%(name)s is not at the table this round.", name=name))
                return None
            if not is_int(n) or not 1 <= n <= room:
                problems.error(f"{path}.{name}", "bad_value",
                               tr("Tiles dealt must be a whole number from 1 to %(room)s.", room=room))
                return None
            dealt[name] = n
    else:
        problems.error(path, "bad_value", tr("dealt must be a number, or a number for each player."))
        return None
    if sum(dealt.values()) > room:
        problems.error(
            path, "deal_exceeds_set",
            tr("%(dealt)s tiles dealt, but a double-%(set)s set has only %(room)s with the engine out.",
               dealt=sum(dealt.values()), set=table.set_n, room=room)
            if table.kind.has_engine
            else tr("%(dealt)s tiles dealt, but a double-%(set)s set has only %(room)s.",
                    dealt=sum(dealt.values()), set=table.set_n, room=room),
        )
        return None
    if any(n != standard for n in dealt.values()):
        problems.warn(path, "deal_off_table",
                      tr("The table deals %(standard)s tiles each to %(players)s players.", standard=standard,
                         players=len(present)),
                      standard=standard)
    return dealt


def _with_away(table: Table, data: Mapping[str, Any], absent: tuple[str, ...]) -> tuple[str, ...]:
    """``absent`` with the players away from the table (the record's ``away``)
    who sit this round out: in a game that counts pips, those the round gives
    no hand; in picture dominoes, all of them. In seat order."""
    hands = data.get("hands")
    held = hands if isinstance(hands, Mapping) and table.kind.counts_pips else {}
    out = {n for n in table.away if n not in held}
    if not out - set(absent):
        return absent
    return tuple(n for n in table.players if n in absent or n in out)


def _parse_absent(value: Any, path: str, table: Table, problems: Problems) -> tuple[str, ...] | None:
    if value is None:
        return ()  # everybody played (the messages below are not needed)
    return seated_names(
        value, path, table.players, problems, shape=tr("Say who sat the round out by their names."),
        twice=tr("A player is listed twice as absent."),
        too_few=tr("At least %(least)s players must play a round.", least=MIN_PLAYERS))
