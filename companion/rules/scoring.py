"""Scoring: each round's points and the order of the players.

Rule sources:

* Mexican Train: the player who went out scores 0, the others their pips,
  lowest total wins (all the documents of docs/sources.md); the double-blank left in a hand counts
  ``double_blank_points`` ([MT-BE] [MT-MN] [MT-KO]). House rules (bonus for going
  out, multiplier when the round ends on a double, marker penalty, blank
  halves, tie break) are options of the rule profile.
* Classic double-six block and draw games ([RU], docs/sources.md): the
  round's winner (who went out, or the lowest hand when blocked) scores the
  pips left in the other hands.
* Children's picture dominoes ([RU]): a tally of who went out first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.rules.kinds import (
    BlockedLowest,
    BlockedTie,
    BoneyardToWinner,
    Ending,
    WinnerScores,
)
from companion.rules.record.document import Round, Standing, Table, round_half_up
from companion.rules.tiles import Tile


def round_scores(table: Table, rnd: Round) -> dict[str, int | None]:
    """Points of each player in one round, by name in seat order; ``None`` when absent.

    Mexican Train (all the documents; house rules from the profile): the player who
    went out scores ``going_out_bonus`` (0 by default); the others score their
    pips, plus ``blank_half_points`` per tile with a blank half, plus
    ``double_blank_points`` for the 0-0, times ``out_on_double_multiplier``
    when the round ended on a double; a marker left on the train adds
    ``marker_penalty``.

    Classic games ([RU]): the winner (who went out, or the lowest hand of a
    blocked round; a tie for lowest scores nobody) scores the others' pips
    (``winner_scores: difference``: less their own), rounded to ``round_to``,
    and nothing when under ``min_round_score``. Picture dominoes: 1 for the winner.

    Options (issue 11): ``blocked_lowest: scores_zero``: the lowest hand of a
    blocked Mexican Train round (every hand tied for lowest) scores 0 besides
    a marker penalty (a house rule tables ask for; no rule page we have gives it);
    ``blocked_tie: lightest_tile``: see :func:`classic_winner`;
    ``boneyard_to_winner: yes``: in the draw game the winner also scores the
    round's ``boneyard_pips`` (a public draw-game rule page: the stock counts
    for the winner).
    """
    if not table.kind.counts_pips:
        return {n: None if n in rnd.absent else int(n == rnd.winner) for n in table.players}
    if table.kind.is_classic:
        return _classic_scores(table, rnd)
    return _train_scores(table, rnd)


def _classic_scores(table: Table, rnd: Round) -> dict[str, int | None]:
    """The classic games: the round's winner scores, the others 0."""
    r = table.rules
    winner = classic_winner(rnd, r.blocked_tie)
    points = 0
    if winner is not None:
        others = sum(h.pips for n, h in rnd.hands.items() if n != winner)
        points = others - rnd.hands[winner].pips if r.winner_scores == WinnerScores.DIFFERENCE else others
        if "boneyard_to_winner" in table.kind.spec.rule_keys and r.boneyard_to_winner == BoneyardToWinner.YES:
            points += rnd.boneyard_pips or 0
        points = max(points, 0)
        if r.round_to > 1:
            points = round_half_up(points, r.round_to)
        if points < r.min_round_score:
            points = 0
    return {n: None if n in rnd.absent else (points if n == winner else 0) for n in table.players}


def _train_scores(table: Table, rnd: Round) -> dict[str, int | None]:
    """Mexican Train: each hand's pips with the house rules of the profile."""
    r = table.rules
    out: dict[str, int | None] = {}
    lowest: set[str] = set()
    if rnd.ended == Ending.BLOCKED and r.blocked_lowest == BlockedLowest.SCORES_ZERO and rnd.hands:
        least = min(h.pips for h in rnd.hands.values())
        lowest = {n for n, h in rnd.hands.items() if h.pips == least}
    for name in table.players:
        hand = rnd.hands.get(name)
        if hand is None:
            out[name] = None
            continue
        if hand.out:
            pts = r.going_out_bonus
        elif name in lowest:
            pts = 0
        else:
            pts = hand.pips + r.blank_half_points * hand.blank_halves
            if hand.double_blank:
                pts += r.double_blank_points
            if rnd.ended_on_double:
                pts *= r.out_on_double_multiplier
        if hand.marker:
            pts += r.marker_penalty
        out[name] = pts
    return out


def double_blank_changes_points(table: Any) -> bool:
    """Whether the hand the 0-0 is left in changes a round's points.

    Only Mexican Train counts the 0-0 apart from its pips, as
    ``double_blank_points`` ([MT-BE] [MT-MN] [MT-KO]: 50 points), and Chicken
    Foot (50, 25 or 0: rules-families.md section 5); with 0 (as in [MT-HR] and
    [RU]), and in the classic games, where a hand counts its pips and the 0-0
    has none, its place changes nothing.

    :param table: the game's table (kind and rules): a
        :class:`~.record.document.Table`, or a table read by the kind's own
        module (its rules in ``table.inner.rules``).
    :return: ``True`` when a round cannot be scored without knowing who holds it.
    """
    if not table.kind.counts_pips or table.kind.is_classic:
        return False
    rules = table.inner.rules if hasattr(table, "inner") else table.rules
    return bool(rules.double_blank_points != 0)


def classic_winner(rnd: Round, tie: str = BlockedTie.NOBODY) -> str | None:
    """Classic games: who won the round: the player who went out, else the
    single lowest hand of a blocked round (the Russian collection's classic
    games); ``None`` for a tie.

    :param tie: ``"nobody"`` (a tie scores nobody, as on public block-game
        rule pages) or ``"lightest_tile"``: of the tied hands, the one holding
        the lightest single tile wins (a public block-game rule page). The
        tiles decide when every tied hand was entered tile by tile; otherwise
        the round's ``winner`` says who held it (checked when the round is read).
    """
    if rnd.ended == Ending.DOMINO:
        out = rnd.went_out
        return out[0] if out else None
    lowest = min(h.pips for h in rnd.hands.values())
    low = [n for n, h in rnd.hands.items() if h.pips == lowest]
    if len(low) == 1:
        return low[0]
    if tie != BlockedTie.LIGHTEST_TILE:
        return None
    if rnd.winner in low:
        return rnd.winner
    return lightest_tile_holder({n: rnd.hands[n].tiles for n in low})


def lightest_tile_holder(tiles: Mapping[str, tuple[Tile, ...] | None]) -> str | None:
    """Of hands entered tile by tile, the one holding the lightest single tile
    (pips); ``None`` when a hand's tiles are not known or two share it."""
    best: dict[str, int] = {}
    for name, hand in tiles.items():
        if not hand:
            return None
        best[name] = min(t.pips for t in hand)
    least = min(best.values())
    who = [n for n, v in best.items() if v == least]
    return who[0] if len(who) == 1 else None


def rank_players(
    totals: Mapping[str, int],
    seats: Iterable[str],
    highest_first: bool = False,
    tie_break: Mapping[str, int] | None = None,
) -> list[Standing]:
    """Standard competition ranking (1, 1, 3); ties keep seat order.

    :param totals: points by player (only the players to rank).
    :param seats: the seat order, used to order tied players.
    :param highest_first: classic games and picture dominoes rank the highest total first.
    :param tie_break: a number per player that breaks equal totals (higher first),
        e.g. rounds gone out; ``None`` lets equal totals share a rank.
    """
    seat_index = {name: i for i, name in enumerate(seats)}
    sign = -1 if highest_first else 1
    tb = tie_break or {}

    def key(kv: tuple[str, int]) -> tuple[int, int, int]:
        name, total = kv
        return (sign * total, -tb.get(name, 0), seat_index.get(name, 0))

    ordered = sorted(totals.items(), key=key)
    out: list[Standing] = []
    for i, (name, total) in enumerate(ordered):
        same = out and out[-1].total == total and tb.get(out[-1].player, 0) == tb.get(name, 0)
        rank = out[-1].rank if same else i + 1
        out.append(Standing(name, total, rank))
    return out


def rank_lowest_first(totals: Mapping[str, int], seats: Iterable[str]) -> list[Standing]:
    """Lowest total first, ties share a rank (A 143, B 143, C 201 → 1, 1, 3)."""
    return rank_players(totals, seats)

