"""All Fives and its cousins: reading and checking one hand.

The readers of a hand's fields: the leader, the plays, who went out, a block,
the hands needed, the typed bonuses, and the pegs during the hand, at the
target and at its end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...errors import Problems, tr
from ..counts import (
    DOUBLE_SIX,
    IGNORED_ROUND_KEYS,
    Ending,
    HandLeft,
    PlayEntry,
    Seating,
    is_whole,
    lead_count,
    read_dealt,
    read_ending,
    read_hands,
    read_in_play,
    read_out,
    read_player,
    read_plays,
    round_to_five,
)
from ..pegging import Pegger, PegMove, ScoreKind
from .hand import ROUND_KEYS, Bonus, HandResult, Play, check_count, hand_bonus, hand_winners
from .rules import AllFivesRules, HandBonus, ScoreUnit, WinCheck

if TYPE_CHECKING:
    from .game import AllFivesGame


def _read_hand(game: AllFivesGame, data: Any, path: str,
               problems: Problems) -> tuple[HandResult | None, tuple[str, ...]]:
    """Read one hand; returns it and the side that reached the target during
    it with ``win_check: immediate`` (``()`` when none)."""
    seating, rules = game.seating, game.rules
    read = _read_hand_fields(game, data, path, problems)
    if read is None:
        return None, ()
    leader, dealt, ended, entries, in_play_raw, hands = read

    plays = _check_plays(game, entries, dealt, hands, f"{path}.plays", problems)
    if in_play_raw is not None:
        _check_in_play(rules, in_play_raw, dealt, hands, f"{path}.in_play", problems)
    out = _read_out(game, data, ended, hands, path, problems)
    if problems.errors:
        return None, ()

    pegger = Pegger(game.totals, game.target, rules.exact_target, _entry_points(rules),
                    _sides_in(game))
    won = _peg_during_hand(game, pegger, plays, in_play_raw, leader, path, problems)
    if problems.errors:
        return None, ()
    _check_target_ending(game, data, ended, won, path, problems)
    if problems.errors:
        return None, ()

    bonus: Bonus | None = None
    pips = {p: h.pips for p, h in hands.items()}
    if ended is not Ending.TARGET:
        bonus = hand_bonus(rules, seating, ended, out, pips)
    _check_typed_bonuses(game, data.get("bonuses"), bonus, f"{path}.bonuses", problems)
    if problems.errors:
        return None, ()
    won = _peg_end_of_hand(game, pegger, bonus, out, ended, pips, won)
    in_play = {p: 0 for p in seating.players}
    for play in plays:
        in_play[play.entry.scorer] += play.points
    if in_play_raw is not None:
        in_play = dict(in_play_raw)
    scores = {s: pegger.totals[s] - game.totals[s] for s in seating.sides}
    hand = HandResult(len(game.hands) + 1, leader, tuple(plays), in_play, ended, out, pips, bonus,
                      tuple(pegger.moves), scores, hand_winners(rules, seating, ended, out, pips))
    return hand, ((won,) if won is not None else ())


_HandFields = tuple[str, dict[str, int], Ending, list[PlayEntry], dict[str, int] | None,
                    dict[str, HandLeft]]
"""A hand's fields as read: leader, tiles dealt, ending, scoring plays, the
quick ``in_play`` totals (or ``None``) and the hands left."""


def _read_hand_fields(game: AllFivesGame, data: Any, path: str,
                      problems: Problems) -> _HandFields | None:
    """The fields of one hand, each read on its own (see :func:`_read_hand`);
    ``None`` when any is refused (the problems added)."""
    seating, rules = game.seating, game.rules
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand is a JSON object."))
        return None
    for key in data:
        if key not in ROUND_KEYS and key not in IGNORED_ROUND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
    leader = _read_leader(game, data, path, problems)
    dealt = read_dealt(data.get("dealt"), f"{path}.dealt", seating, rules.deal(), problems)
    ended = read_ending(data.get("ended"), f"{path}.ended", problems)
    has_plays, has_totals = data.get("plays") is not None, data.get("in_play") is not None
    if has_plays == has_totals:
        problems.error(path, "bad_value",
                       tr("Give either the scoring plays or each player's points during play."))
    entries: list[PlayEntry] = []
    in_play_raw: dict[str, int] | None = None
    if has_plays and not has_totals:
        entries = read_plays(data["plays"], f"{path}.plays", seating, leader, problems,
                             claims=rules.muggins_claims) or []
    elif has_totals and not has_plays:
        in_play_raw = read_in_play(data["in_play"], f"{path}.in_play", seating, problems)
    laid = [e.tile for e in entries if e.tile is not None]
    hands = read_hands(data.get("hands"), f"{path}.hands", seating, problems, laid)
    if problems.errors or leader is None or ended is None:
        return None
    return leader, dealt, ended, entries, in_play_raw, hands


def _peg_during_hand(game: AllFivesGame, pegger: Pegger, plays: Sequence[Play],
                     in_play_raw: Mapping[str, int] | None, leader: str, path: str,
                     problems: Problems) -> str | None:
    """Peg the hand's plays (or its ``in_play`` totals, from the leader round
    the table); returns the side that reached the target with ``win_check:
    immediate`` (``None`` when none did). A play after the target was reached
    adds ``game_finished``."""
    seating = game.seating
    immediate = game.rules.win_check is WinCheck.IMMEDIATE
    won: str | None = None
    for play in plays:
        if won is not None:
            problems.error(f"{path}.plays[{play.entry.index}]", "game_finished",
                           tr("%(side)s reached the target before this play: the game was over.",
                              side=won), side=won)
            return won
        pegger.peg(play.side, play.points, ScoreKind.PLAY, play=play.entry.index, player=play.entry.scorer)
        if immediate:
            won = pegger.winner()
    if in_play_raw is not None:
        for player in _from(seating, leader):
            if in_play_raw[player] and won is None:
                pegger.peg(seating.side_of(player), in_play_raw[player], ScoreKind.IN_PLAY, player=player)
                if immediate:
                    won = pegger.winner()
    return won


def _check_target_ending(game: AllFivesGame, data: Mapping[str, Any], ended: Ending, won: str | None,
                         path: str, problems: Problems) -> None:
    """A hand ``ended: target`` stopped where a side reached the target (and
    has no one out and no hands); one where a side did may not say ``blocked``."""
    immediate = game.rules.win_check is WinCheck.IMMEDIATE
    if ended is Ending.TARGET:
        if not immediate:
            problems.error(f"{path}.ended", "bad_value",
                           tr("This table plays on to the end of the hand: a hand cannot stop at the "
                              "target."))
        elif won is None:
            problems.error(f"{path}.ended", "bad_value",
                           tr("The hand stopped at the target, but its last play does not reach %(target)s.",
                              target=game.target), target=game.target)
        for key in ("out", "hands"):
            if data.get(key) is not None:
                problems.error(f"{path}.{key}", "bad_value",
                               tr("A hand stopped at the target has no one out and no hands to count."))
    elif won is not None and ended is Ending.BLOCKED:
        problems.error(f"{path}.ended", "bad_value",
                       tr("%(side)s reached the target during play: the hand stopped there (ended: target).",
                          side=won), side=won)


def _peg_end_of_hand(game: AllFivesGame, pegger: Pegger, bonus: Bonus | None, out: str | None,
                     ended: Ending, pips: Mapping[str, int], won: str | None) -> str | None:
    """Peg the winner's bonus and, with ``subtract_own``, each player's own
    pips; returns the side that reached the target (``won`` when one already had)."""
    rules, seating = game.rules, game.seating
    if bonus is not None:
        for side in bonus.sides:
            if bonus.points:
                pegger.peg(side, bonus.points, ScoreKind.BONUS, player=out)
        if rules.win_check is WinCheck.IMMEDIATE and won is None:
            won = pegger.winner()
    if rules.subtract_own and ended is not Ending.TARGET and won is None:
        for player in seating.players:
            loss = rules.points(round_to_five(pips.get(player, 0), rules.rounding))
            if loss:
                pegger.peg(seating.side_of(player), -loss, ScoreKind.PENALTY, player=player)
    return won


def _read_leader(game: AllFivesGame, data: Mapping[str, Any], path: str, problems: Problems) -> str | None:
    if data.get("leader") is not None:
        return read_player(data["leader"], f"{path}.leader", game.seating, problems)
    if game.next_leader is not None:
        return game.next_leader
    problems.error(f"{path}.leader", "bad_value", tr("Say who led this hand."))
    return None


def _from(seating: Seating, first: str) -> list[str]:
    """The players in turn order starting with ``first``."""
    return [seating.next_player(first, i) for i in range(len(seating.players))]


def _entry_points(rules: AllFivesRules) -> int:
    """``entry_minimum`` (pips of count) in the game's unit, rounded up."""
    if rules.score_unit is ScoreUnit.FIVES:
        return -(-rules.entry_minimum // 5)
    return rules.entry_minimum


def _sides_in(game: AllFivesGame) -> set[str]:
    return {m.side for m in game.moves() if m.pegged and m.points > 0}


def _playable(player: str, dealt: Mapping[str, int], hands: Mapping[str, HandLeft]) -> int:
    """The most tiles ``player`` can have laid: dealt plus drawn (when given),
    else dealt plus the whole boneyard."""
    hand = hands.get(player)
    if hand is not None and hand.drawn is not None:
        return dealt[player] + hand.drawn
    return dealt[player] + max(DOUBLE_SIX.size - sum(dealt.values()), 0)


def _check_plays(game: AllFivesGame, entries: Sequence[PlayEntry], dealt: Mapping[str, int],
                 hands: Mapping[str, HandLeft], path: str, problems: Problems) -> list[Play]:
    rules, seating = game.rules, game.seating
    plays: list[Play] = []
    for e in entries:
        where = f"{path}[{e.index}]"
        if not check_count(e.count, rules, f"{where}.count", problems):
            continue
        if e.lead:
            shown = lead_count(e.tile) if e.tile is not None else None
            if (shown is not None and e.count != shown) or (shown is None and e.count not in (5, 10)):
                problems.error(f"{where}.count", "lead_count_mismatch",
                               tr("A first tile alone shows %(shown)s, not %(count)s.",
                                  shown=shown if shown is not None else tr("5 or 10"), count=e.count),
                               count=e.count)
                continue
        points = rules.points(e.count)
        if e.points is not None and e.points != points:
            problems.error(f"{where}.points", "points_mismatch",
                           tr("A count of %(count)s scores %(points)s, not %(typed)s.",
                              count=e.count, points=points, typed=e.points),
                           count=e.count, points=points)
            continue
        plays.append(Play(e, points, seating.side_of(e.scorer)))
    for player in seating.players:
        made = sum(1 for e in entries if e.player == player)
        most = _playable(player, dealt, hands)
        if made > most:
            problems.error(path, "count_impossible",
                           tr("%(player)s laid at most %(most)s tiles but is listed with %(made)s scoring "
                              "plays.", player=player, most=most, made=made),
                           player=player, most=most, made=made)
    return plays


def _check_in_play(rules: AllFivesRules, totals: Mapping[str, int], dealt: Mapping[str, int],
                   hands: Mapping[str, HandLeft], path: str, problems: Problems) -> None:
    top = rules.spinners.most_scored
    for player, points in totals.items():
        if rules.score_unit is ScoreUnit.PIPS and points % 5:
            problems.error(f"{path}.{player}", "count_not_scoring",
                           tr("Scores made during play are multiples of five: %(points)s is not.",
                              points=points), points=points)
        elif top is not None and points > rules.points(top) * _playable(player, dealt, hands):
            problems.error(f"{path}.{player}", "count_impossible",
                           tr("%(player)s cannot have scored %(points)s during one hand.",
                              player=player, points=points), player=player, points=points)


def _read_out(game: AllFivesGame, data: Mapping[str, Any], ended: Ending, hands: Mapping[str, HandLeft],
              path: str, problems: Problems) -> str | None:
    seating = game.seating
    raw = data.get("out")
    if ended is Ending.BLOCKED:
        _check_blocked(game, raw, hands, path, problems)
        return None
    if ended is Ending.TARGET:
        return None
    if raw is None:
        problems.error(f"{path}.out", "nobody_out", tr("Say who went out."))
        return None
    names = read_out(raw, f"{path}.out", seating, problems)
    if names is None:
        return None
    if len(names) > 1:
        problems.error(f"{path}.out", "several_out", tr("Only one player goes out in this game."))
        return None
    out = names[0]
    if out in hands and hands[out].pips:
        problems.error(f"{path}.hands.{out}.pips", "bad_value",
                       tr("%(player)s went out: the hand is empty.", player=out), player=out)
    needed = _hands_needed(game, out)
    missing = [p for p in seating.players if p in needed and p not in hands]
    if missing:
        problems.error(f"{path}.hands", "missing_hand",
                       tr("The winner scores the pips left: give the pips of %(names)s.",
                          names=", ".join(missing)), players=missing)
    return out


def _check_blocked(game: AllFivesGame, raw: Any, hands: Mapping[str, HandLeft], path: str,
                   problems: Problems) -> None:
    """A blocked hand: nobody went out, and every hand is given when the
    fewest pips win a bonus (or each player loses his own)."""
    seating, rules = game.seating, game.rules
    if raw is not None:
        problems.error(f"{path}.out", "out_but_blocked",
                       tr("In a blocked hand nobody went out."))
    missing = [p for p in seating.players if p not in hands]
    if missing and (rules.hand_bonus is not HandBonus.NONE or rules.subtract_own):
        problems.error(f"{path}.hands", "missing_hand",
                       tr("A blocked hand is won by the fewest pips: give the pips of %(names)s.",
                          names=", ".join(missing)), players=missing)


def _hands_needed(game: AllFivesGame, out: str) -> list[str]:
    """The players whose pips the hand's score needs when ``out`` went out:
    the opponents for the bonus (and the partners, rounding the difference),
    everyone else with ``subtract_own``."""
    seating, rules = game.seating, game.rules
    side = seating.side_of(out)
    needed: list[str] = []
    if rules.hand_bonus is not HandBonus.NONE:
        needed = list(seating.opponents(side))
        if rules.hand_bonus is HandBonus.DIFFERENCE_ROUNDED:
            needed += [p for p in seating.members(side) if p != out]
    if rules.subtract_own:
        needed = [p for p in seating.players if p != out]
    return needed


def _check_typed_bonuses(game: AllFivesGame, raw: Any, bonus: Bonus | None, path: str,
                         problems: Problems) -> None:
    """``bonuses`` are derived, never typed; when a record carries them (a
    record read back, an import) each must be the derived hand bonus."""
    if raw is None:
        return
    if not isinstance(raw, list):
        problems.error(path, "bad_value", tr("Bonuses are a list."))
        return
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, Mapping) or item.get("kind") != "hand":
            problems.error(where, "bonus_not_allowed",
                           tr("The only bonus of this game is the winner's, from the pips left."))
            continue
        who = item.get("team", item.get("player"))
        if bonus is None or not bonus.points or (who not in bonus.sides and not (
                isinstance(who, str) and who in game.seating.players
                and game.seating.side_of(who) in bonus.sides)):
            problems.error(where, "bonus_not_allowed",
                           tr("Nobody wins a bonus this hand, or not %(who)s.", who=who), who=who)
            continue
        points = item.get("points")
        if not is_whole(points) or points != bonus.points:
            problems.error(f"{where}.points", "points_mismatch",
                           tr("The pips left give a bonus of %(points)s.", points=bonus.points),
                           points=bonus.points)


def pegs_so_far(game: AllFivesGame, data: Any, path: str = "hand") -> tuple[PegMove, ...]:
    """The pegs of a hand still being played: its scoring plays so far,
    pegged as :func:`_read_hand` pegs them (the points of each count, the
    claimer's side for a muggins claim, an overshoot of an exact target
    struck, a side's first score below ``entry_minimum`` struck). Nobody is
    out yet: no bonus, no ending is asked.

    :param data: ``{"leader"?, "plays": [{"player", "count", "claimed_by"?}]}``
        (the leader defaults to the game's next leader).
    :return: one move per scoring play, in order (points in the game's unit).
    :raises RecordError: a play refused (``count_not_scoring``…), or a play
        after a side reached the target with ``win_check: immediate``
        (``game_finished``).
    """
    problems = Problems()
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand is a JSON object."))
        problems.raise_if_any()
    leader = _read_leader(game, data, path, problems)
    entries = read_plays(data.get("plays") or [], f"{path}.plays", game.seating, leader, problems,
                         claims=game.rules.muggins_claims) or []
    dealt = read_dealt(None, f"{path}.dealt", game.seating, game.rules.deal(), problems)
    problems.raise_if_any()
    plays = _check_plays(game, entries, dealt, {}, f"{path}.plays", problems)
    problems.raise_if_any()
    assert leader is not None
    pegger = Pegger(game.totals, game.target, game.rules.exact_target, _entry_points(game.rules),
                    _sides_in(game))
    _peg_during_hand(game, pegger, plays, None, leader, path, problems)
    problems.raise_if_any()
    return tuple(pegger.moves)
