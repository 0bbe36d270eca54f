"""Partnership dominoes: who won a hand and what it scores.

:func:`hand_winner`, :func:`score_hand` (each pair's points with their items)
and :func:`hand_bonus` (the bonus of the n-th hand).
"""

from __future__ import annotations

from .hand import HandResult, PartnershipHand, ScoreItem
from .rules import BlockedTie, BlockedWinner, Ended, HandPoints, ItemKind, PartnershipRules
from .table import PartnershipTable


def hand_winner(table: PartnershipTable, hand: PartnershipHand) -> tuple[int | None, bool]:
    """The pair that won ``hand``, decided by the rules in play.

    A domino: the pair of the player who went out (pagat). A tranque: by
    ``blocked_winner`` (:class:`BlockedWinner`), and a tie by ``blocked_tie``
    (:class:`BlockedTie`).

    :return: ``(winner, replay)``: the winning pair (0 or 1) or ``None``, and
        whether the hand is to be played again.
    """
    if hand.ended is Ended.DOMINO:
        assert hand.out is not None
        return table.team_of(hand.out), False
    rules = table.rules
    pips = tuple(hand.pips_of(pair) for pair in table.teams.pairs)
    winner: int | None
    if rules.blocked_winner is BlockedWinner.TEAM_TOTAL:
        winner = None if pips[0] == pips[1] else (0 if pips[0] < pips[1] else 1)
    elif rules.blocked_winner is BlockedWinner.LOWEST_PLAYER:
        least = min(h.pips for h in hand.hands.values())
        pairs = {table.team_of(n) for n, h in hand.hands.items() if h.pips == least}
        winner = pairs.pop() if len(pairs) == 1 else None
    else:
        assert hand.locked_by is not None
        locker, nxt = hand.locked_by, table.next_player(hand.locked_by)
        lower = locker if hand.hands[locker].pips <= hand.hands[nxt].pips else nxt
        winner = table.team_of(lower)
    if winner is not None:
        return winner, False
    if rules.blocked_tie is BlockedTie.LEADER_TEAM:
        return table.team_of(hand.leader), False
    return None, rules.blocked_tie is BlockedTie.REPLAY


def score_hand(table: PartnershipTable, hand: PartnershipHand) -> HandResult:
    """Points of each pair for one hand.

    The winners score pips by ``hand_points`` (a domino) or ``blocked_points``
    (a tranque): the losing pair's pips (pagat), all four hands (Puerto
    Rico), or the losers' less their own, never below 0. They add the
    ``hand_bonuses`` entry of this hand's number (Puerto Rico 500: 100, 75,
    50, 25 for hands 1–4) and, in a tranque, ``blocked_bonus``. The pair that
    went out adds a capicúa or a chuchazo when recorded; a pass bonus goes to
    the pair of the player who earned it, a lead pass to the leader's pair,
    won or lost (a Dominican table rule page). A replayed hand scores nothing.

    :return: the :class:`HandResult`.
    """
    rules = table.rules
    winner, replay = hand_winner(table, hand)
    team_pips = (hand.pips_of(table.teams.pairs[0]), hand.pips_of(table.teams.pairs[1]))
    if replay:
        return HandResult(None, (0, 0), (), team_pips, replay=True)
    items: list[ScoreItem] = []
    if winner is not None:
        loser = 1 - winner
        mode = rules.hand_points if hand.ended is Ended.DOMINO else rules.tranque_points
        if mode is HandPoints.LOSING_TEAM:
            pips = team_pips[loser]
        elif mode is HandPoints.ALL_HANDS:
            pips = team_pips[0] + team_pips[1]
        else:
            pips = max(team_pips[loser] - team_pips[winner], 0)
        items.append(ScoreItem(ItemKind.PIPS, winner, pips))
        bonus = hand_bonus(rules, hand.number)
        if bonus:
            items.append(ScoreItem(ItemKind.HAND_BONUS, winner, bonus))
        if hand.ended is Ended.BLOCKED and rules.blocked_bonus:
            items.append(ScoreItem(ItemKind.BLOCKED_BONUS, winner, rules.blocked_bonus))
    for event in hand.bonuses:
        items.append(ScoreItem(ItemKind(event.kind.value), event.team, event.points))
    points = (sum(i.points for i in items if i.team == 0), sum(i.points for i in items if i.team == 1))
    return HandResult(winner, points, tuple(items), team_pips)


def hand_bonus(rules: PartnershipRules, number: int) -> int:
    """The bonus for winning hand ``number`` of a game (points): its entry
    in ``hand_bonuses``, 0 past the list (a Puerto Rican scoring sheet)."""
    return rules.hand_bonuses[number - 1] if 0 < number <= len(rules.hand_bonuses) else 0
