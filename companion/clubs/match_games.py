"""A league match's games: the captains name who plays each game, and it
starts as an ordinary game of the night (its kind, the night's rules with the
league's for its doubles, partners opposite), in one transaction that holds
the night's turn, so two taps start it once.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update

from companion.clubs.match import games_of, match_view
from companion.clubs.models import EventGameRow, EventRow
from companion.clubs.nights import EventError, get
from companion.clubs.values import Event
from companion.games import services
from companion.players import roster
from companion.rules import RecordError, read_game
from companion.rules.clubs.pairs import teams_of
from companion.rules.errors import Problem
from companion.store.db import db
from companion.store.tx import take_turn, transaction_or_conflict
from companion.web.i18n import gettext


def _raced(exc: Exception) -> EventError:
    return EventError([Problem("games", "edit_conflict", gettext(
        "Another device changed this evening at the same moment: look again, then try again."))], 409)


def _refuse(path: str, message: str, status: int = 422, code: str = "bad_value") -> EventError:
    return EventError([Problem(path, code, message)], status)


def _side(raw: Any, team: list[str], size: int, path: str) -> list[str]:
    """The players one team sends to a game: ``size`` of its own, each once."""
    names = [n for n in raw if isinstance(n, str) and n] if isinstance(raw, list) else []
    if len(names) != size or len(set(names)) != size:
        raise _refuse(path, gettext("Choose %(n)s players of the team for this game.", n=size))
    stranger = next((n for n in names if n not in team), None)
    if stranger is not None:
        raise _refuse(path, gettext("%(name)s does not play for this team.", name=stranger))
    return names


def start_game(event_id: int, number: Any, home: Any, away: Any, table_no: Any = None) -> Event:
    """Start game ``number`` of the night's match with the players each team
    sends: singles ``[a]`` against ``[b]`` (seats a, b); doubles ``[a1, a2]``
    against ``[b1, b2]`` (seats a1, b1, a2, b2: partners opposite).

    :param table_no: the table it is played at (when not given, the lowest
        table no game of the match is playing at).
    :raises NoEvent: no such night.
    :raises EventError: not a match night, no such game, a player not of his
        team or still playing another game of the match (``bad_value``, 422);
        the game already started (``edit_conflict``, 409: another device).
    """
    ev = get(event_id)
    if ev.match is None:
        raise _refuse("match", gettext("This evening is not a league match."))
    games = games_of(ev.match, ev.kind)
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(games):
        raise _refuse("game", gettext("Choose a game of the match."))
    table = table_no if isinstance(table_no, int) and not isinstance(table_no, bool) else None
    if table is not None and not 1 <= table <= 20:
        raise _refuse("table", gettext("Give a whole number from %(low)s to %(high)s.", low=1, high=20))
    game = games[number - 1]
    teams = ev.match["teams"]
    sides = [_side(home, teams[0]["players"], game.size, "home"),
             _side(away, teams[1]["players"], game.size, "away")]
    seats = [sides[0][0], sides[1][0]] + ([sides[0][1], sides[1][1]] if game.doubles else [])
    with transaction_or_conflict(_raced, (EventError,)):
        take_turn(EventRow.__table__, [event_id])
        db.session.expire_all()
        seen = db.session.execute(select(EventGameRow.game_id).where(
            EventGameRow.event_id == event_id, EventGameRow.number == number)).first()
        if seen is not None:
            raise _refuse("game", gettext("This game of the match was just started on another device."),
                          409, "edit_conflict")
        view = match_view(get(event_id))
        busy = {n for g in (view.games if view else ()) if g.started and not g.finished
                for side in g.sides for n in side}
        playing = next((n for n in seats if n in busy), None)
        if playing is not None:
            raise _refuse("home" if playing in sides[0] else "away",
                          gettext("%(name)s is still playing another game of the match.", name=playing))
        if table is None:
            table = view.free_table if view is not None else 1
        rules = {**(ev.rules if game.kind == ev.kind else {}), **game.rules}
        try:
            record = read_game({"format": "domino-game-record", "version": 1, "kind": game.kind, "set": 6,
                                "rules": rules, "players": seats, "first_starter": seats[0], "rounds": [],
                                **({"teams": teams_of(seats)} if game.doubles else {})}, confirm=True)
        except RecordError as exc:
            raise EventError(exc.errors or exc.warnings) from exc
        (game_id,) = services.store_games([record])
        db.session.add(EventGameRow(game_id=game_id, event_id=event_id, number=number,
                                    table_no=table, evening=ev.evening))
        db.session.flush()
        roster.refresh_game(game_id)
        db.session.execute(update(EventRow).where(EventRow.id == event_id)
                           .values(revision=EventRow.revision + 1))
    return get(event_id)


__all__ = ["start_game"]
