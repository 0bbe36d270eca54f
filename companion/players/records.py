"""Reading players' records: a player's statistics, head to head, the
leaderboard, the version counters that pages are kept by, and CSV. Reads the
stored lines, tallies and summaries (companion/players/lines.py), never the
rounds, and never runs the rules engine.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from sqlalchemy import func, select

from companion.games.models import GameRow, PlayerRow
from companion.games.services import GameQuery, GameSummary, list_games
from companion.players.lines import (
    _LINE_COLUMNS,
    HISTORY_KEPT,
    _case,
    _line,
    _where,
    choices_of,
    lines_of,
    stats_from_summary,
)
from companion.players.models import PlayerGameRow, PlayerSummaryRow, PlayerTallyRow
from companion.players.roster import Player, RosterError, get
from companion.rules.clubs.events import EventStanding
from companion.rules.kinds import GameKind
from companion.rules.stats.head_to_head import HeadToHead, head_to_head
from companion.rules.stats.leaderboard import LeaderRow, Tally, fitting_minimum, leaderboard
from companion.rules.stats.partners import PairGame, PartnerRecord, partner_in, partner_records
from companion.rules.stats.records import (
    NO_FILTERS,
    Filters,
    PlayerGame,
    PlayerStats,
    player_stats,
)
from companion.store.db import db
from companion.web import csvfile, numbers
from companion.web.i18n import gettext, translated
from companion.web.labels import record_title
from companion.web.security import ID_MAX


def read_summary(player_id: int) -> tuple[str, bool, dict[str, Any] | None] | None:
    """One query: the player's name, archived flag and stored summary
    (``None`` without finished games); ``None`` when there is no such player."""
    row = db.session.execute(
        select(PlayerRow.name, PlayerRow.archived, PlayerSummaryRow.data)
        .outerjoin(PlayerSummaryRow, PlayerSummaryRow.player_id == PlayerRow.id)
        .where(PlayerRow.id == player_id)).first()
    return None if row is None else (row.name, bool(row.archived), row.data)

def record(player_id: int, filters: Filters = NO_FILTERS) -> tuple[Player, PlayerStats, dict[str, list[Any]]]:
    """A player, his statistics and his page's filter choices. Without filters
    they come from the stored summary (one query, whatever the history's
    length); with filters they are folded from the lines that pass. The
    statistics' history holds the latest :data:`~.player_lines.HISTORY_KEPT`
    games.

    :raises RosterError: ``unknown_player``.
    """
    found = read_summary(player_id) if 0 < player_id <= ID_MAX else None
    if found is None:
        raise RosterError("player", "unknown_player", gettext("There is no such player."))
    name, archived, data = found
    if data is not None and filters == NO_FILTERS:
        s, picks = stats_from_summary(name, data)
    else:
        s = player_stats(name, lines_of([player_id], filters), filters)
        s = replace(s, history=s.history[-HISTORY_KEPT:])
        picks = dict(data["choices"]) if data is not None else choices_of([])
    games, wins = (data["games"], data["wins"]) if data is not None else (0, 0)
    return Player(player_id, name, archived, games, wins), s, picks


MOST_IN_PLAY = 20
"""The most games in play a player's page lists (newest first)."""


def games_in_play(player_id: int) -> list[GameSummary]:
    """The games a roster player sits at that are still being played (on the
    games' shelf, not archived or in the trash), newest first, at most
    :data:`MOST_IN_PLAY`: a player's page lists them beside the record of
    finished games, which counts none of them. ``[]`` for no such player.

    Two small queries: the player's name, then the games list's own query
    (:func:`companion.games.services.list_games`, by the name in any case).
    """
    name = db.session.execute(select(PlayerRow.name).where(PlayerRow.id == player_id)).scalar()
    if name is None:
        return []
    query = GameQuery(player=name, status="in_progress", per_page=MOST_IN_PLAY)
    return list(list_games(query).items)


def stats(player_id: int, filters: Filters = NO_FILTERS, player: Player | None = None) -> PlayerStats:
    """A player's statistics (:func:`record`).

    :param player: unused (kept for callers that already read the entry).
    :raises RosterError: ``unknown_player``.
    """
    return record(player_id, filters)[1]


def choices(player_id: int) -> dict[str, list[Any]]:
    """The kinds, sets and rule sets of a player's finished games, for the
    page's filters: ``{"kinds": [...], "sets": [...], "rule_sets": [...]}``."""
    return record(player_id)[2]


def compare(player_ids: Sequence[int], filters: Filters = NO_FILTERS) -> HeadToHead:
    """Head to head of two or more roster players.

    :raises RosterError: ``unknown_player``; ``bad_value`` for fewer than two.
    """
    ids = list(dict.fromkeys(player_ids))
    if len(ids) < 2:
        raise RosterError("players", "bad_value", gettext("Choose two or more players."))
    named = [get(pid).name for pid in ids]
    L = PlayerGameRow
    together = (
        _where(select(L.game_id).where(L.player_id.in_(ids), L.finished.is_(True), L.rank.is_not(None)),
               filters)
        .group_by(L.game_id)
        .having(func.count() == len(ids))
    )
    names = dict(zip(ids, named))
    q = select(*_LINE_COLUMNS).where(L.player_id.in_(ids), L.game_id.in_(together))
    lines = [_line(r, names[r.player_id]) for r in db.session.execute(q)]
    return head_to_head(named, lines, filters)


def partners(player_id: int, filters: Filters = NO_FILTERS) -> list[PartnerRecord]:
    """The player's record with each partner (:mod:`companion.rules.stats.partners`):
    his finished games in pairs passing ``filters``, each partner found in the
    game's ``teams`` and named as the roster names him now. Two queries,
    whatever the history: the player's lines of games with teams, then the
    lines of those games' other players.

    :return: ``[]`` for a player who never played in pairs (or no such player).
    """
    L = PlayerGameRow
    mine = db.session.execute(_where(
        select(L.game_id, L.name, L.rank, L.rounds_played, L.points, GameRow.teams)
        .join(GameRow, GameRow.id == L.game_id)
        .where(L.player_id == player_id, L.finished.is_(True), GameRow.teams.is_not(None)), filters)).all()
    if not mine:
        return []
    others = {(r.game_id, r.name): (r.player_id, r.roster_name) for r in db.session.execute(
        select(L.game_id, L.name, L.player_id, PlayerRow.name.label("roster_name"))
        .join(PlayerRow, PlayerRow.id == L.player_id)
        .where(L.game_id.in_([m.game_id for m in mine]), L.player_id != player_id))}
    games: list[PairGame] = []
    for m in mine:
        partner = partner_in(m.teams or (), m.name)
        if partner is None:
            continue
        pid, name = others.get((m.game_id, partner), (None, partner))
        games.append(PairGame(name, pid, m.rank == 1, m.rank, m.rounds_played, m.points))
    return partner_records(games)


def tallies(filters: Filters = NO_FILTERS, include_archived: bool = False) -> list[Tally]:
    """Every player's counts over finished games passing ``filters``. Without a
    date or event filter they are summed from the stored tallies; with one,
    from the lines."""
    return [tally for _, tally in _tallies_by_id(filters, include_archived)]


def _tallies_by_id(filters: Filters, include_archived: bool) -> list[tuple[int, Tally]]:
    """:func:`tallies`, each beside its player's roster id."""
    P = PlayerRow
    if filters.since is None and filters.until is None and filters.event_id is None:
        T = PlayerTallyRow
        q = select(
            P.name, func.sum(T.games), func.sum(T.wins), func.sum(T.shared_wins),
            func.sum(T.place_sum), func.sum(T.placed), func.sum(T.rounds), func.sum(T.rounds_out), P.id,
        ).join(P, P.id == T.player_id)
        if filters.kind is not None:
            q = q.where(T.kind == filters.kind)
        if filters.set_n is not None:
            q = q.where(T.set_n == filters.set_n)
        if filters.rule_set is not None:
            q = q.where(T.rule_set == filters.rule_set)
    else:
        L = PlayerGameRow
        won = L.rank == 1
        q = _where(select(
            P.name, func.count(), func.sum(_case(won)), func.sum(_case(won & (L.firsts > 1))),
            func.sum(func.coalesce(L.rank, 0)), func.sum(_case(L.rank.is_not(None))),
            func.sum(L.rounds_played), func.sum(L.rounds_out), P.id,
        ).join(P, P.id == L.player_id).where(L.finished.is_(True)), filters)
    if not include_archived:
        q = q.where(P.archived.is_(False))
    q = q.group_by(P.id, P.name)
    return [
        (pid, Tally(name, int(g or 0), int(w or 0), int(sw or 0), int(ps or 0), int(pl or 0), int(r or 0),
                    int(ro or 0)))
        for name, g, w, sw, ps, pl, r, ro, pid in db.session.execute(q)
    ]


def ranking(filters: Filters = NO_FILTERS, min_games: int = 5) -> tuple[list[LeaderRow], int]:
    """The leaderboard (archived players left out) and the minimum it applied:
    ``min_games``, or fewer when nobody has played that many finished games
    (:func:`~companion.rules.stats.leaderboard.fitting_minimum`)."""
    rows, _ids, used = ranking_with_ids(filters, min_games)
    return rows, used


def ranking_with_ids(filters: Filters = NO_FILTERS,
                     min_games: int = 5) -> tuple[list[LeaderRow], dict[str, int], int]:
    """:func:`ranking`, the roster id of every name in it (``{name: id}``),
    read in the same query (a page links each row to the player's page), and
    the minimum applied."""
    found = _tallies_by_id(filters, include_archived=False)
    ids = {tally.player: pid for pid, tally in found}
    counted = [tally for _, tally in found]
    used = fitting_minimum(counted, min_games)
    return leaderboard(counted, used), ids, used


def version(player_ids: Sequence[int]) -> tuple[int, ...]:
    """The ``stats_version`` of each player (a page made from their records
    stays right while these do not change); ``-1`` for one not on the roster."""
    found = dict(db.session.execute(
        select(PlayerRow.id, PlayerRow.stats_version)
        .where(PlayerRow.id.in_([p for p in player_ids if 0 < p <= ID_MAX]))).all())
    return tuple(found.get(pid, -1) for pid in player_ids)


def roster_version() -> tuple[int, int]:
    """Changes whenever any player's record or the roster changes: the sum of
    every ``stats_version`` and the number of players."""
    total, count = db.session.execute(
        select(func.coalesce(func.sum(PlayerRow.stats_version), 0), func.count(PlayerRow.id))).one()
    return int(total), int(count)


# ---------------------------------------------------------------- CSV


CSV_COLUMNS = ("player", "games", "wins", "shared_wins", "share_won", "average_place", "rounds",
               "rounds_out")
"""The columns of the statistics CSV (``/players/stats.csv``)."""


def stats_csv(rows: Iterable[Tally]) -> str:
    """The players' counts as CSV, one line per player, names in
    alphabetical order; shares with three decimals."""
    buf = io.StringIO()
    w = csvfile.writer(buf)
    w.writerow(CSV_COLUMNS)
    for t in sorted(rows, key=lambda t: (t.player.casefold(), t.player)):
        avg = t.average_place
        w.writerow([t.player, t.games, t.wins, t.shared_wins, f"{t.share_won:.3f}",
                    "" if avg is None else f"{avg:.2f}", t.rounds, t.rounds_out])
    return buf.getvalue()


def games_csv(lines: Iterable[PlayerGame]) -> str:
    """One player's games as CSV, oldest first; each game's kind by its name
    in the current language, as the pages name it (an All Fives game played
    as Muggins, Sniff or Five Up by that name: :func:`record_title`)."""
    buf = io.StringIO()
    w = csvfile.writer(buf)
    w.writerow(("date", "game", "kind", "set", "total", "place", "won", "shared", "rounds",
                "points", "rounds_out", "rounds_blocked", "double_blank"))
    for g in sorted(lines, key=lambda g: (g.played_on, g.game_id)):
        w.writerow([g.played_on.isoformat(), g.game_id, translated(record_title(g.kind, g.rule_set)), g.set_n, g.total,
                    "" if g.rank is None else g.rank, int(g.won), int(g.shared_win), g.rounds_played,
                    g.points, g.rounds_out, g.rounds_blocked, g.double_blank])
    return buf.getvalue()


def standings_csv(rows: Iterable[EventStanding]) -> str:
    """Club-night standings as CSV, in the order given (by place)."""
    buf = io.StringIO()
    w = csvfile.writer(buf)
    w.writerow(["place", "player", "games", "wins", "place_points", "rounds", "points", "points_per_round",
                "rounds_out"])
    for s in rows:
        ppr = s.points_per_round
        w.writerow([s.place, s.player, s.games, s.wins, s.place_points, s.rounds, s.points,
                    "" if ppr is None else f"{float(ppr):.2f}", s.rounds_out])
    return buf.getvalue()



def _day(args: Mapping[str, str], key: str) -> date | None:
    try:
        return date.fromisoformat(args[key]) if args.get(key) else None
    except ValueError:
        return None


def dates_reversed(args: Mapping[str, str]) -> bool:
    """The query string's ``since`` (From) is a later day than its ``until``
    (To): a player's page says so rather than counting the range between
    them, which :func:`parse_filters` reads (the API, the other pages)."""
    since, until = _day(args, "since"), _day(args, "until")
    return since is not None and until is not None and since > until


def parse_filters(args: Mapping[str, str]) -> Filters:
    """Filters from a query string: ``kind``, ``set``, ``since``, ``until``
    (YYYY-MM-DD), ``rules`` (a rule-set key); unknown or malformed values are
    ignored (the page shows every game). Two dates typed the wrong way round
    (the first after the last) are read as the range between them
    (:func:`dates_reversed` tells them)."""
    kind = args.get("kind") or None
    if kind not in tuple(GameKind):
        kind = None
    set_n = numbers.optional(args.get("set"), "set", 0, numbers.INT32_MAX)
    since, until = _day(args, "since"), _day(args, "until")
    if since is not None and until is not None and since > until:
        since, until = until, since
    return Filters(kind=kind, set_n=set_n, since=since, until=until, rule_set=args.get("rules") or None)
