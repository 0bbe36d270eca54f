"""Club nights in pairs (partnership dominoes): players check in as a pair
or alone, each game seats two pairs a table (fixed pairs kept, the others
drawn into pairs: :mod:`companion.rules.clubs.pairs`), and the night has
standings by pair beside those by player.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update

from companion.clubs.models import EventGameRow, EventPlayerRow, EventRow
from companion.clubs.nights import EventError, _check_in, _clean_names, _row, get
from companion.clubs.values import Event
from companion.games.models import GameRow
from companion.players import roster
from companion.players.lines import lines_of_event
from companion.rules.clubs.pairs import (
    PairGame,
    PairStanding,
    form_pairs,
    pair_standings,
    pairs_met,
    partnered_counts,
    seat_pairs,
)
from companion.rules.clubs.seating import SeatingError
from companion.rules.errors import Problem
from companion.rules.stats.partners import partner_in
from companion.rules.stats.records import name_key
from companion.store.db import db
from companion.store.tx import transaction
from companion.web.i18n import gettext


def _refuse(path: str, message: str) -> EventError:
    return EventError([Problem(path, "bad_value", message)])


def _checked_pairs(ev: Event, pairs: Any) -> list[list[str]]:
    """The pairs as sent, names cleaned: each a list of two different names,
    nobody in two pairs.

    :raises EventError: ``bad_value`` at ``pairs`` or ``pairs[i]``.
    """
    if not ev.in_pairs:
        raise _refuse("pairs", gettext("This evening's game is not played in pairs."))
    if not isinstance(pairs, list) or not pairs:
        raise _refuse("pairs", gettext("Send the pairs as a list of two names each."))
    out: list[list[str]] = []
    seen: set[str] = set()
    for i, pair in enumerate(pairs):
        if not isinstance(pair, list) or len(pair) != 2:
            raise _refuse(f"pairs[{i}]", gettext("A pair is two players."))
        names = _clean_names(pair)
        keys = {name_key(n) for n in names}
        if len(keys) != 2:
            raise _refuse(f"pairs[{i}]", gettext("A pair is two different players."))
        if keys & seen:
            raise _refuse(f"pairs[{i}]", gettext("A player can be in one pair only."))
        seen |= keys
        out.append(names)
    return out


def check_in_pairs(event_id: int, pairs: Any) -> Event:
    """Check players in as pairs: each pair stays partners for the evening
    (new names join the roster; a player already paired takes the new
    partner, the old one is left to the draw).

    :param pairs: ``[[name, name], …]``.
    :raises NoEvent: no such event.
    :raises EventError: the game is not played in pairs, or a pair is not
        two different names, or a name is in two pairs (``bad_value``).
    """
    _row(event_id)
    checked = _checked_pairs(get(event_id), pairs)
    with transaction():
        _check_in(event_id, [n for pair in checked for n in pair])
        ids = roster.remember([n for pair in checked for n in pair])
        E = EventPlayerRow
        for a, b in checked:
            pa, pb = ids[a], ids[b]
            db.session.execute(update(E).where(E.event_id == event_id, E.partner_id.in_([pa, pb]))
                               .values(partner_id=None))
            for me, other in ((pa, pb), (pb, pa)):
                db.session.execute(update(E).where(E.event_id == event_id, E.player_id == me)
                                   .values(partner_id=other))
        db.session.execute(update(EventRow).where(EventRow.id == event_id).values(revision=EventRow.revision + 1))
    return get(event_id)


def _teams_of_event(event_id: int) -> list[tuple[int, list[list[str]]]]:
    """``(game id, teams)`` of the event's games in pairs, in order."""
    q = (select(GameRow.id, GameRow.teams).join(EventGameRow, EventGameRow.game_id == GameRow.id)
         .where(EventGameRow.event_id == event_id, GameRow.teams.is_not(None))
         .order_by(EventGameRow.number, EventGameRow.table_no))
    return [(gid, [list(p) for p in teams]) for gid, teams in db.session.execute(q)]


def seat_in_pairs(ev: Event, seed: int) -> list[list[str]]:
    """The next game's tables of two pairs, partners opposite: the fixed
    pairs present kept, the others drawn into pairs (apart from earlier
    partners where possible), pairs that met kept apart where possible.

    :raises EventError: too few players, a count that is not a multiple of
        four, or more pairs than the tables can seat.
    """
    teams = [t for _, t in _teams_of_event(ev.id)]
    present = [n for _, n in ev.present]
    try:
        pairs = form_pairs(present, ev.pairs, seed, partnered_counts(teams))
        return seat_pairs(pairs, ev.tables, seed, pairs_met(teams))
    except SeatingError as exc:
        message = {
            "too_few_players": gettext("A table in pairs needs four players: two pairs."),
            "too_many_players": gettext("More players are checked in than the tables can seat."),
        }.get(exc.code, gettext("Tables of two pairs need a multiple of four players: %(n)s are here.",
                                n=len(present)))
        code = exc.code if exc.code in ("too_few_players", "too_many_players") else "bad_value"
        raise EventError([Problem("players", code, message)]) from exc


def standings_by_pair(event_id: int, event: Event | None = None) -> list[PairStanding]:
    """The night's standings by pair (:func:`companion.rules.clubs.pairs.pair_standings`)
    from its finished games' stored lines and teams; the fixed pairs present
    are listed before they play.

    :raises NoEvent: no such event.
    """
    ev = event if event is not None and event.id == event_id else get(event_id)
    teams = dict(_teams_of_event(event_id))
    games: list[PairGame] = []
    by_game: dict[int, dict[str, Any]] = {}
    for line in lines_of_event(event_id):
        by_game.setdefault(line.game_id, {})[line.player] = line
    for gid, lines in by_game.items():
        for pair in teams.get(gid, ()):
            first = lines.get(pair[0])
            if first is None or partner_in([pair], pair[0]) is None:
                continue
            games.append(PairGame((pair[0], pair[1]), first.rank, first.total, first.rounds_played))
    return pair_standings(games, ev.pairs)


__all__ = ["check_in_pairs", "seat_in_pairs", "standings_by_pair"]
