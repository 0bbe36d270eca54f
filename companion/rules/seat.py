"""One seat's hand, checked alone: what a player's own phone sends.

A player enters their own hand at the end of a round (companion/phones/links.py).
Before the scorekeeper saves the round, the engine checks that hand by itself:
the fields are read as in a game record (:func:`~.read_hand.parse_hand`) and
the hand must be one that tiles of the set can make, with the round's engine
out of play and no more tiles than were dealt and could be drawn
(:func:`~.joint.check_hands` with this hand alone). The whole round is checked
again when it is saved, hands together (:func:`~.game.check_round`).
Rule sources: as :mod:`.read_hand` and :mod:`.joint` (docs/sources.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from companion.rules.errors import Problem, Problems, RecordError, tr
from companion.rules.families.all_fives import seat as all_fives_seat
from companion.rules.families.chicken_foot import seat as chicken_foot_seat
from companion.rules.families.partnership.hand import HandLeft
from companion.rules.families.partnership.seat import check_seat_hand as partnership_seat_hand
from companion.rules.family_game import FamilyState, FamilyTable
from companion.rules.game import Game
from companion.rules.joint.hands import check_hands
from companion.rules.record.document import Hand, Table
from companion.rules.record.read_hand import parse_hand
from companion.rules.record.read_round import parse_round
from companion.rules.schedule import RoundPlan
from companion.rules.tiles import Tile


class PlayedGame(Protocol):
    """What :func:`check_seat_hand` reads of a game: a :class:`~.game.Game`,
    or a stored game's view that answers as one."""

    @property
    def table(self) -> Table | FamilyTable: ...

    def next_round(self) -> RoundPlan | None: ...

    @property
    def rounds(self) -> Sequence[Any]: ...


def check_seat_hand(game: PlayedGame, name: str, data: Any) -> Hand | None:
    """Check one player's hand of the next round, alone.

    :param game: the game, as read (:func:`~.game.read_game`).
    :param name: the player (one of ``game.table.players``).
    :param data: the hand object of a game record: ``{"pips": 23,
        "tiles_left": 3, "double_blank": true}`` or ``{"tiles": ["6-5", "2-1"]}``
        (pips, tiles).
    :return: the checked :class:`~.record.Hand` (the 0-0 inferred where only
        it can make the pips); ``None`` for a kind read by its own rules
        module, which checks the hand itself (Chicken Foot:
        :func:`~.families.chicken_foot.seat.check_seat_hand`).
    :raises RecordError: ``bad_value`` for a kind the phones cannot enter yet
        (a kind of its own module without a phones' check); ``game_finished`` when no round is left; ``unknown_player``;
        a hand's problems at ``hands.<name>…`` (``bad_value``, ``pips_negative``,
        ``pips_infeasible``, ``tiles_not_in_set``, ``engine_in_hand``,
        ``too_many_tiles``, ``drawn_exceeds_boneyard``…).
    """
    problems = Problems()
    if isinstance(game.table, FamilyTable) and game.table.kind.spec.rules_module in _FAMILY_SEAT:
        # games in pairs: the module checks the hand alone and gives it back
        state = FamilyState.of(game.table, [dict(r.data) for r in game.rounds])
        left = _FAMILY_SEAT[game.table.kind.spec.rules_module or ""](state.game, name, data)
        return Hand(pips=left.pips, tiles_left=left.tiles_left,
                    tiles=None if left.tiles is None else tuple(left.tiles))
    if isinstance(game.table, FamilyTable):  # a kind read by its own module: its own check
        # a hand of no pips and no tiles is the hand of the player who went out
        empty = isinstance(data, Mapping) and data.get("pips") == 0 and not data.get("tiles") \
            and not data.get("double_blank")
        _own_module_check(game, name, data, empty, {})
        return None
    plan = game.next_round()
    if plan is None:
        problems.error("", "game_finished", tr("The game is over: no round is left to enter."))
        raise RecordError(problems.errors, [])
    if name not in game.table.players:
        problems.error("hands", "unknown_player", tr("%(name)s does not play in this game.", name=name))
        raise RecordError(problems.errors, [])
    engine = Tile(plan.engine, plan.engine) if plan.engine is not None else None
    hand = parse_hand(data, f"hands.{name}", game.table, engine, problems)
    if hand is not None:
        # everyone at the table was dealt: the boneyard is what is left after all
        # the deals, so a hand no player could hold is refused here as on the tablet
        dealt = {n: plan.dealt for n in game.table.at_table}
        dealt[name] = plan.dealt
        checked = check_hands(game.table, engine, dealt, {name: hand}, "", problems)
        if checked is not None:
            hand = checked[name]
    if problems.errors or hand is None:
        raise RecordError(problems.errors, [])
    return hand


_FAMILY_SEAT: Mapping[str, Callable[[Any, str, Any], HandLeft]] = {
    "partnership": partnership_seat_hand,
}
"""A hand checked alone by the rules module of a kind that has one
(:attr:`~.kinds.KindSpec.rules_module`): games in pairs."""


def check_with_sent(game: PlayedGame, name: str, data: Any, out: bool, sent: Mapping[str, tuple[Any, bool]]) -> None:
    """Check one player's hand together with the hands already sent for the
    same round, as the tablet checks the round when it is saved (issue 27):
    no tile in two hands, one 0-0 at most, and all the hands made of one set
    of tiles. The players who sent nothing yet are left out (so the check
    never refuses a hand the whole round could hold).

    :param game: the game, as read.
    :param name: the player sending.
    :param data: their hand object (as :func:`check_seat_hand`).
    :param out: they went out.
    :param sent: the other players' hands sent so far: ``{name: (hand, out)}``.
    :raises RecordError: the problems the round would have that name this
        player's hand, or all the hands sent together (``tile_repeated``,
        ``double_blank_twice``, ``hands_infeasible``…).
    """
    plan = game.next_round()
    table = game.table
    others = {n: v for n, v in sent.items() if n != name and n in table.players}
    if isinstance(table, FamilyTable):
        if table.kind.spec.rules_module in _OWN_MODULE_SEATS:
            _own_module_check(game, name, data, out, others)
        return  # games in pairs: each hand is checked alone (check_seat_hand)
    if plan is None or not others:
        return
    hands = {n: h for n, (h, _) in others.items()}
    hands[name] = data
    number = len(game.rounds) + 1
    some_out = out or any(o for _, o in others.values())
    present = [n for n in game.table.players if n in hands]
    round_data: dict[str, Any] = {"hands": {n: hands[n] for n in present},
                                  "ended": "domino" if some_out else "blocked",
                                  "absent": [n for n in game.table.players if n not in hands],
                                  "dealt": {n: plan.dealt for n in present}}
    if plan.engine is not None:
        round_data["engine"] = plan.engine
    problems = Problems()
    parse_round(table, round_data, number, problems, path="")
    mine = f".hands.{name}"
    kept = [p for p in problems.errors
            if p.path == ".hands" or p.path == mine or p.path.startswith(mine + ".")
            or p.code in ("tile_repeated", "double_blank_twice")]
    if kept:
        raise RecordError(kept, [])


_OWN_MODULE_SEATS: Mapping[str, Callable[[Any, str, Any, bool, Mapping[str, tuple[Any, bool]]], None]] = {
    "chicken_foot": chicken_foot_seat.check_seat_hand,
    "all_fives": all_fives_seat.check_seat_hand,  # the pips left, for the winner's bonus
}
"""The phones' check of a hand for each kind read by its own rules module
that has one (:attr:`~.kinds.KindSpec.rules_module`). Fives and Threes and
Texas 42 have none: they ask no pips left."""


def _own_module_check(game: PlayedGame, name: str, data: Any, out: bool,
                      sent: Mapping[str, tuple[Any, bool]]) -> None:
    """A hand of a kind read by its own module, checked by that module with
    the hands sent so far; ``bad_value`` for a kind whose module has no such
    check yet, ``game_finished`` once no round is left.

    :raises RecordError: the module's problems.
    """
    table = game.table
    assert isinstance(table, FamilyTable)
    problems = Problems()
    check = _OWN_MODULE_SEATS.get(table.kind.spec.rules_module or "")
    if check is None:
        problems.error("", "bad_value", tr("Hands of this kind of game cannot be sent from a phone yet."))
    elif game.next_round() is None:
        problems.error("", "game_finished", tr("The game is over: no round is left to enter."))
    problems.raise_if_any()
    assert check is not None
    inner = FamilyState.of(table, [dict(r.data) for r in game.rounds]).game
    check(inner, name, data, out, sent)


def each_hand_alone(game: Game, hands: Mapping[str, Any], skip: Iterable[str] = ()) -> list[Problem]:
    """Each typed hand of the next round checked on its own
    (:func:`check_seat_hand`: the round's engine and deal, real tiles), so
    that a form with a box refused as typed also shows a 999 typed in
    another box (issue 27: every problem at once, at its field).

    :param game: the game, as read.
    :param hands: ``{player: hand object}`` as typed.
    :param skip: players whose hand was refused already (not checked again).
    :return: the problems, at paths ``hands.<player>…``.
    """
    skipped = set(skip)
    found: list[Problem] = []
    for name, hand in hands.items():
        if name in skipped or not isinstance(hand, Mapping):
            continue
        try:
            check_seat_hand(game, name, hand)
        except RecordError as exc:
            # the round's own check names ".hands.<player>": the form's paths have no dot first
            found += [replace(p, path=p.path.lstrip(".")) for p in exc.errors
                      if p.path.lstrip(".").startswith(f"hands.{name}")]
    return found


__all__ = ["check_seat_hand", "check_with_sent", "each_hand_alone"]
