"""The history: pages of games with filters, every game's id, the players
met before. Each is one query, no engine run.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from companion.games import signals
from companion.games.models import GameRow, PlayerRow
from companion.games.services.values import GameSummary, Page
from companion.rules.stats.records import name_key, search_key
from companion.store.db import db
from companion.store.tx import end_read


@dataclass(frozen=True)
class GameQuery:
    """Which games to list, newest first.

    :ivar page: 1-based.
    :ivar per_page: 1 to :data:`MAX_PER_PAGE`.
    :ivar player: only games where this player sat (the exact name, any case).
    :ivar kind: only this kind of game.
    :ivar status: ``in_progress`` or ``finished``.
    :ivar since: only games started on or after this day (UTC).
    :ivar until: only games started on or before this day (UTC).
    :ivar text: only games with a player whose name holds this text (case and
        accents ignored: ``celine`` finds Céline).
    :ivar shelf: ``games`` (default), ``archive`` or ``trash``.
    """

    page: int = 1
    per_page: int = 20
    player: str | None = None
    kind: str | None = None
    status: str | None = None
    since: date | None = None
    until: date | None = None
    text: str | None = None
    shelf: str = "games"

    @property
    def dates_reversed(self) -> bool:
        """``since`` is a later day than ``until``: no day lies between them,
        a mistake to point out rather than an empty list to show."""
        return self.since is not None and self.until is not None and self.since > self.until


MAX_PER_PAGE = 100
MAX_PAGE = 1_000_000
"""Pages past this one are read as this one (empty on any real history), so a
huge ``page`` in an address never reaches the database as an out-of-range offset."""


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


_LIST_COLUMNS = (
    GameRow.id, GameRow.created_at, GameRow.kind, GameRow.set_n, GameRow.players,
    GameRow.rounds_played, GameRow.rounds_total, GameRow.status,
    GameRow.summary["leaders"].label("leaders"), GameRow.summary["winners"].label("winners"),
    GameRow.shelf, GameRow.rules,
)
"""What a line of the list shows (built once: an expression costs as much to
build as the query takes to run)."""


def list_games(query: GameQuery = GameQuery()) -> Page:
    """One page of games, newest first, with the filters of ``query``: one query,
    no engine run.

    :return: the page (its games and whether a next page exists).
    """
    per_page = max(1, min(query.per_page, MAX_PER_PAGE))
    page = max(1, min(query.page, MAX_PAGE))
    q = db.select(*_LIST_COLUMNS).where(GameRow.shelf == query.shelf)
    if query.status:
        q = q.where(GameRow.status == query.status)
    if query.kind:
        q = q.where(GameRow.kind == query.kind)
    if query.player:
        key = _like_escape("\n" + " ".join(query.player.split()).casefold() + "\n")
        q = q.where(GameRow.names.like(f"%{key}%", escape="\\"))
    if query.text and query.text.strip():
        key = _like_escape(search_key(query.text))
        q = q.where(GameRow.search_names.like(f"%{key}%", escape="\\"))
    if query.since:
        q = q.where(GameRow.created_at >= datetime.combine(query.since, time(), UTC))
    if query.until:
        end = datetime.combine(query.until + timedelta(days=1), time(), UTC)
        q = q.where(GameRow.created_at < end)
    q = q.order_by(GameRow.id.desc()).limit(per_page + 1).offset((page - 1) * per_page)
    rows = db.session.execute(q).all()
    end_read()
    items = [
        GameSummary(
            id=r.id, created_at=r.created_at, kind=r.kind, set_n=r.set_n,
            players=tuple(r.players), rounds_played=r.rounds_played or 0,
            rounds_total=r.rounds_total, status=r.status,
            leaders=tuple(r.leaders or ()), winners=tuple(r.winners or ()), shelf=r.shelf,
            rules=r.rules or {},
        )
        for r in rows[:per_page]
    ]
    return Page(items, page, per_page, len(rows) > per_page)


def game_ids(include_shelved: bool = True) -> list[int]:
    """Every game's id, oldest first (the trash left out)."""
    q = db.select(GameRow.id).where(GameRow.shelf != "trash")
    if not include_shelved:
        q = q.where(GameRow.shelf == "games")
    ids = list(db.session.execute(q.order_by(GameRow.id)).scalars())
    end_read()
    return ids


def known_players() -> list[str]:
    """Names from earlier games, most recently played first."""
    q = (db.select(PlayerRow.name).where(PlayerRow.archived.is_(False))
         .order_by(PlayerRow.last_played.desc(), PlayerRow.name))
    names = list(db.session.execute(q).scalars())
    end_read()
    return names


def in_play_counts() -> dict[str, int]:
    """How many games still being played (on the games' shelf) each name sits
    at, by the roster's key (:func:`companion.rules.stats.records.name_key`:
    case and Unicode form ignored). One query over the games in play only
    (``ix_game_shelf_status_id``), whatever the length of the history; the
    read is left open for the caller's next query (the roster's).

    :return: ``{name key: games in play}``; names at no game in play are absent.
    """
    q = db.select(GameRow.players).where(GameRow.shelf == "games", GameRow.status == "in_progress")
    counts: dict[str, int] = {}
    for seated in db.session.execute(q).scalars():
        for key in {name_key(name) for name in seated or ()}:
            counts[key] = counts.get(key, 0) + 1
    return counts


GROUPS_SHOWN = 5
"""How many groups the start page offers (:func:`recent_groups`)."""
GROUPS_SCANNED = 200
"""How many of the newest games :func:`recent_groups` looks through."""


def recent_groups(most: int = GROUPS_SHOWN, scanned: int = GROUPS_SCANNED) -> list[tuple[str, ...]]:
    """The groups of players who sat together before, for the start page to
    seat again in one tap: the distinct sets of players of the newest stored
    games (any kind, finished or in play, archived too; the trash and the
    tables of club nights left out: a club's draw seats strangers together, a
    group that meets again plays at home), the most recently played group first. Two games of the same players in
    another seat order are one group, in the seat order of its newest game;
    names are compared as the roster does (case and Unicode form ignored).

    One query over the newest ``scanned`` games (``ix_game_shelf_id``), no
    engine run, whatever the length of the history; the games another
    feature seated are those its receivers of
    :data:`~companion.games.signals.games_seated_by_others` answer.

    :param most: the most groups returned.
    :param scanned: how many of the newest games are looked through.
    :return: up to ``most`` groups, each the players' names in seat order.
    """
    q = (db.select(GameRow.id, GameRow.players).where(GameRow.shelf != "trash")
         .order_by(GameRow.id.desc()).limit(scanned))
    rows = db.session.execute(q).all()
    by_others = signals.ask_games_seated_by_others(tuple(gid for gid, _ in rows))  # a club night's tables
    seen: set[frozenset[str]] = set()
    groups: list[tuple[str, ...]] = []
    for gid, seated in rows:
        if gid in by_others:
            continue
        names = tuple(seated or ())
        key = frozenset(name_key(n) for n in names)
        if len(names) < 2 or key in seen:
            continue
        seen.add(key)
        groups.append(names)
        if len(groups) >= most:
            break
    end_read()
    return groups
