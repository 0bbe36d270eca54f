"""The club nights' side of the players: the regulars offered for a
check-in, and what club nights keep of a player or a game when the features
below them say it changed (receivers of :mod:`companion.players.signals`
and :mod:`companion.games.signals`)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import delete, func, select, update

from companion.clubs.models import EventGameRow, EventPlayerRow, EventRow
from companion.games.models import PlayerRow
from companion.players.models import PlayerGameRow
from companion.players.roster import known_names
from companion.store.db import db


def regulars(limit: int = 12, days: int = 120, today: date | None = None) -> list[str]:
    """The club's regulars, offered for a quick check-in: the players (archived
    left out) who came to the most club nights held in the last ``days``
    days, most first (then by name); then those with the most games played
    in that time (a family's players come after the club's own); fewer than
    ``limit`` of those are made up with the most recently seen players.

    :param limit: how many names at most.
    :param days: how far back "recent" reaches (days, counted from ``today``).
    :return: names.
    """
    from datetime import timedelta

    since = (today or date.today()) - timedelta(days=days)
    L, P, E, EP = PlayerGameRow, PlayerRow, EventRow, EventPlayerRow
    nights = (select(P.name).join(EP, EP.player_id == P.id).join(E, E.id == EP.event_id)
              .where(P.archived.is_(False), E.held_on >= since)
              .group_by(P.id, P.name).order_by(func.count().desc(), P.name).limit(limit))
    games = (select(P.name).join(L, L.player_id == P.id)
             .where(P.archived.is_(False), L.played_on >= since)
             .group_by(P.id, P.name).order_by(func.count().desc(), P.name).limit(limit))
    names: list[str] = []
    for more in (lambda: db.session.execute(nights).scalars(), lambda: db.session.execute(games).scalars(),
                 lambda: known_names(limit)):
        if len(names) >= limit:
            break  # the later lists are not read
        names += [n for n in more() if n not in names][: limit - len(names)]
    return names


def on_players_merged(_sender: object, *, source_id: int, target_id: int) -> None:
    """Receiver of :data:`companion.players.signals.players_merged`: the
    club nights ``source_id`` came to count for ``target_id`` (a night both
    came to keeps ``target_id``'s check-in), inside the merge's transaction."""
    for ev_id in db.session.execute(
        select(EventPlayerRow.event_id).where(EventPlayerRow.player_id == source_id)
    ).scalars().all():
        if db.session.get(EventPlayerRow, (ev_id, target_id)) is None:
            db.session.execute(update(EventPlayerRow).where(
                EventPlayerRow.event_id == ev_id, EventPlayerRow.player_id == source_id
            ).values(player_id=target_id))
    db.session.execute(delete(EventPlayerRow).where(EventPlayerRow.player_id == source_id))
    # a partner at a night in pairs follows too (the merged player is one person now)
    db.session.execute(update(EventPlayerRow).where(EventPlayerRow.partner_id == source_id)
                       .values(partner_id=target_id))


def event_of_game(_sender: object, *, game_id: int) -> int | None:
    """Receiver of :data:`companion.players.signals.event_of_game`: the club
    night whose table game ``game_id`` is, or ``None``."""
    return db.session.execute(
        select(EventGameRow.event_id).where(EventGameRow.game_id == game_id)).scalar()


def club_games_among(_sender: object, *, game_ids: tuple[int, ...]) -> set[int]:
    """Receiver of :data:`companion.games.signals.games_seated_by_others`: the
    games among ``game_ids`` that are a club night's tables (the start page
    offers no group of theirs to seat again: a club's draw seats strangers)."""
    if not game_ids:
        return set()
    return set(db.session.execute(
        select(EventGameRow.game_id).where(EventGameRow.game_id.in_(game_ids))).scalars())
