"""A league match's games: the captains name who plays each game, and it
starts as an ordinary game of the night (its kind, the night's rules with the
league's for its doubles, partners opposite), in one transaction that holds
the night's turn, so two taps start it once; a game started with the wrong
players is taken back before its first hand; a reserve joins a team.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, select, update

from companion.clubs.match import TEAM_MOST, games_of, match_view
from companion.clubs.models import EventGameRow, EventRow
from companion.clubs.nights import EventError, check_in, get
from companion.clubs.values import Event
from companion.games import services
from companion.games.models import GameRow, RoundRow
from companion.players import roster
from companion.players.models import PlayerGameRow
from companion.rules import RecordError, read_game
from companion.rules.clubs.pairs import teams_of
from companion.rules.errors import Problem
from companion.rules.record.document import MAX_NAME
from companion.rules.stats.records import clean_name
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

    :param table_no: the table it is played at (when not given, the one
        its form offers: :meth:`~companion.clubs.match.MatchView.offered_tables`).
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
            table = view.offered_tables(ev.tables).get(number, 1) if view is not None else 1
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


def undo_game(event_id: int, number: Any) -> Event:
    """Take back game ``number`` of the match while it has no hand recorded
    (the wrong players chosen): its game is deleted and the game can be
    started again. Decided inside the transaction that deletes it, after
    taking the night's and the game's turns, as :func:`companion.clubs.tables.undo_draw`.

    :raises EventError: not a match night or no such game started
        (``bad_value``); a hand already recorded (``edit_conflict``, 409).
    """
    ev = get(event_id)
    if ev.match is None:
        raise _refuse("match", gettext("This evening is not a league match."))
    with transaction_or_conflict(_raced, (EventError,)):
        take_turn(EventRow.__table__, [event_id])
        found = db.session.execute(select(EventGameRow.game_id).where(
            EventGameRow.event_id == event_id, EventGameRow.number == number)).first() if isinstance(
            number, int) else None
        if found is None:
            raise _refuse("game", gettext("Choose a game of the match."))
        game_id = found[0]
        take_turn(GameRow.__table__, [game_id])
        if db.session.execute(select(RoundRow.game_id).where(RoundRow.game_id == game_id).limit(1)).first():
            raise _refuse("game", gettext("A hand of this game is already recorded: the game stays."),
                          409, "edit_conflict")
        db.session.execute(delete(EventGameRow).where(EventGameRow.game_id == game_id))
        db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.game_id == game_id))
        db.session.execute(delete(GameRow).where(GameRow.id == game_id))
        db.session.execute(update(EventRow).where(EventRow.id == event_id)
                           .values(revision=EventRow.revision + 1))
    return get(event_id)


def add_player(event_id: int, team: Any, name: Any) -> Event:
    """A reserve joins a team of the match (checked in with it).

    :param team: 0 (home) or 1 (away).
    :raises EventError: not a match night, no such team, an empty or too long
        name, or a name already playing for a team (``bad_value``).
    """
    ev = get(event_id)
    if ev.match is None:
        raise _refuse("match", gettext("This evening is not a league match."))
    if team not in (0, 1) or isinstance(team, bool):
        raise _refuse("team", gettext("A match is between two teams."))
    cleaned = clean_name(name) if isinstance(name, str) else ""
    if not cleaned or len(cleaned) > MAX_NAME:
        raise _refuse("name", gettext("Type a name."))
    with transaction_or_conflict(_raced, (EventError,)):
        take_turn(EventRow.__table__, [event_id])
        row = db.session.get(EventRow, event_id)
        assert row is not None and row.match is not None
        match = json.loads(json.dumps(row.match))
        taken = next((t["name"] for t in match["teams"]
                      if cleaned.casefold() in {n.casefold() for n in t["players"]}), None)
        if taken is not None:
            raise _refuse("name", gettext("%(name)s already plays for %(team)s.", name=cleaned, team=taken))
        if len(match["teams"][team]["players"]) >= TEAM_MOST:
            raise _refuse("name", gettext("A team names at most %(most)s players.", most=TEAM_MOST))
        match["teams"][team]["players"].append(cleaned)
        row.match = match
        check_in(event_id, [cleaned])
    return get(event_id)


__all__ = ["add_player", "start_game", "undo_game"]
