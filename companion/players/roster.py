"""The roster: players across games, and their records read from stored results.

A player exists once: names are matched ignoring case and Unicode form
(:func:`companion.rules.stats.name_key`). Each game's stored results (the
points, totals and standings the service layer derived when the game was
written) are turned into one line per player (:class:`PlayerGameRow`) whenever
the game changes (:func:`refresh_game`); the statistics read those lines and
the per-kind tallies (:class:`PlayerTallyRow`), never the rounds, and never
run the rules engine.

Rename: every game follows (its record is rewritten with the new name, its
revision raised). Merge: one entry's games are renamed to the other's name,
refused when the two sat at the same game. Archive: hidden from the roster's
suggestions and the leaderboard; the record stays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update

from companion.games.models import GameRow, PlayerRow, RoundRow, name_columns, names_column
from companion.games.services.listing import in_play_counts
from companion.games.services.names import look_alikes, remember
from companion.players import renamed_pairs as pairs
from companion.players.lines import _bump, rebuild_all, refresh_game, refresh_games
from companion.players.models import PlayerGameRow, PlayerTallyRow
from companion.players.signals import tell_players_merged
from companion.rules.errors import Problem
from companion.rules.record.document import MAX_NAME
from companion.rules.stats.records import clean_name, name_key
from companion.store.db import db
from companion.store.tx import end_read, take_turn, transaction, transaction_or_conflict
from companion.web.i18n import gettext
from companion.web.security import ID_MAX


class LookAlike(ValueError):
    """A new name is drawn like a stored player's: a warning; sent again with
    ``confirm`` it is saved. Nothing was changed.

    :ivar problems: the ``confusable_name`` warnings, each naming the other player.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(problems[0].message)


class RosterError(ValueError):
    """A roster change was refused; nothing was changed.

    :ivar problem: the :class:`Problem` to show (``bad_value``,
        ``duplicate_player``, ``unknown_player``, ``edit_conflict``).
    :ivar status: the HTTP status that answers it: 422, or 409 when the
        change met the data as it is (two who share a game, a race lost).
    """

    def __init__(self, path: str, code: str, message: str, status: int = 422) -> None:
        self.problem = Problem(path, code, message)
        self.status = status
        super().__init__(message)


@dataclass(frozen=True)
class Player:
    """A roster entry as pages and the API show it.

    :ivar id: the player's id.
    :ivar name: the name.
    :ivar archived: hidden from suggestions and the leaderboard.
    :ivar games: finished games played.
    :ivar wins: games won (shared first places included).
    :ivar in_play: games still being played at which the player sits (the
        roster's list only; :attr:`games` counts finished games).
    """

    id: int
    name: str
    archived: bool
    games: int = 0
    wins: int = 0
    in_play: int = 0

    def as_json(self) -> dict[str, Any]:
        """``{"id", "name", "archived", "games", "wins", "in_play"}``."""
        return {"id": self.id, "name": self.name, "archived": self.archived,
                "games": self.games, "wins": self.wins, "in_play": self.in_play}


# ---------------------------------------------------------------- the roster


def _check_name(name: Any, path: str = "name") -> str:
    if not isinstance(name, str) or not clean_name(name):
        raise RosterError(path, "bad_value", gettext("Type a name."))
    cleaned = clean_name(name)
    if len(cleaned) > MAX_NAME:
        raise RosterError(path, "bad_value",
                          gettext("A name may have at most %(most)s characters.", most=MAX_NAME))
    return cleaned


def players(include_archived: bool = False, search: str | None = None) -> list[Player]:
    """The roster, names in alphabetical order (case-blind), with each
    player's finished games and wins, and the games they sit at in play.

    :param include_archived: list archived players too.
    :param search: only names containing this text (case and Unicode form ignored).
    """
    games = (
        select(PlayerTallyRow.player_id, func.sum(PlayerTallyRow.games).label("games"),
               func.sum(PlayerTallyRow.wins).label("wins"))
        .group_by(PlayerTallyRow.player_id)
        .subquery()
    )
    q = select(PlayerRow.id, PlayerRow.name, PlayerRow.archived, PlayerRow.key, games.c.games,
               games.c.wins).outerjoin(games, games.c.player_id == PlayerRow.id)
    if not include_archived:
        q = q.where(PlayerRow.archived.is_(False))
    if search:
        needle = name_key(search).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        q = q.where(PlayerRow.key.like(f"%{needle}%", escape="\\"))
    rows = db.session.execute(q).all()
    playing = in_play_counts()
    out = [Player(r.id, r.name, bool(r.archived), int(r.games or 0), int(r.wins or 0),
                  playing.get(r.key, 0)) for r in rows]
    out.sort(key=lambda p: (p.name.casefold(), p.name))
    return out


def get(player_id: int) -> Player:
    """One roster entry.

    :raises RosterError: ``unknown_player`` when there is none.
    """
    row = db.session.get(PlayerRow, player_id) if 0 < player_id <= ID_MAX else None
    if row is None:
        raise RosterError("player", "unknown_player", gettext("There is no such player."))
    t = db.session.execute(
        select(func.sum(PlayerTallyRow.games), func.sum(PlayerTallyRow.wins)).where(
            PlayerTallyRow.player_id == player_id)
    ).one()
    return Player(row.id, row.name, bool(row.archived), int(t[0] or 0), int(t[1] or 0))


def find(name: str) -> Player | None:
    """The roster entry with ``name`` (case and Unicode form ignored), or ``None``."""
    pid = db.session.execute(select(PlayerRow.id).where(PlayerRow.key == name_key(name))).scalar()
    return None if pid is None else get(pid)


def add(name: Any, confirm: bool = False) -> Player:
    """Add a player to the roster (an archived one of that name comes back).

    :param confirm: add even when the name looks like a stored player's.
    :raises RosterError: ``bad_value`` for an empty or too long name.
    :raises LookAlike: the name looks like a stored player's (and not ``confirm``).
    """
    cleaned = _check_name(name)
    if not confirm:
        _no_look_alike(cleaned)
    with transaction():
        pid = remember([cleaned])[cleaned]
        db.session.execute(update(PlayerRow).where(PlayerRow.id == pid).values(archived=False))
    return get(pid)


def archive(player_id: int, archived: bool = True) -> Player:
    """Hide a player from suggestions and the leaderboard (or bring him back).

    :raises RosterError: ``unknown_player``.
    """
    get(player_id)
    with transaction():
        db.session.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(archived=archived))
        _bump(player_id)
    return get(player_id)


def _renamed(value: Any, old: set[str], new: str) -> Any:
    return new if isinstance(value, str) and value in old else value


def _renamed_keys(mapping: Any, old: set[str], new: str) -> Any:
    if not isinstance(mapping, Mapping):
        return mapping
    return {_renamed(k, old, new): v for k, v in mapping.items()}


def _renamed_list(items: Any, old: set[str], new: str) -> Any:
    if not isinstance(items, list):
        return items
    return [_renamed(v, old, new) for v in items]


def rename_round(data: Mapping[str, Any], old: set[str], new: str) -> dict[str, Any]:
    """A round of a game record (design.md) with the names in ``old`` written
    ``new``: the hands, a deal by player, the absent, the picture-dominoes winner."""
    out = dict(data)
    if "hands" in out:
        out["hands"] = _renamed_keys(out["hands"], old, new)
    if isinstance(out.get("dealt"), Mapping):
        out["dealt"] = _renamed_keys(out["dealt"], old, new)
    if "absent" in out:
        out["absent"] = _renamed_list(out["absent"], old, new)
    if "winner" in out:
        out["winner"] = _renamed(out["winner"], old, new)
    return pairs.renamed_pairs_round(out, old, new)


def rename_result(result: Mapping[str, Any], old: set[str], new: str) -> dict[str, Any]:
    """A round's stored result (points, running totals, starter, who went out)
    with the names in ``old`` written ``new``."""
    out = dict(result)
    for key in ("scores", "totals"):
        if key in out:
            out[key] = _renamed_keys(out[key], old, new)
    for key in ("went_out", "credited"):
        if key in out:
            out[key] = _renamed_list(out[key], old, new)
    if "starter" in out:
        out["starter"] = _renamed(out["starter"], old, new)
    return pairs.renamed_pairs_result(out, old, new)


def rename_summary(summary: Mapping[str, Any], old: set[str], new: str) -> dict[str, Any]:
    """A game's stored summary (standings, winners, leaders, rounds gone out,
    the next round) with the names in ``old`` written ``new``."""
    out = dict(summary)
    if isinstance(out.get("standings"), list):
        out["standings"] = [
            {**s, "player": _renamed(s.get("player"), old, new)} if isinstance(s, Mapping) else s
            for s in out["standings"]
        ]
    for key in ("winners", "leaders"):
        if key in out:
            out[key] = _renamed_list(out[key], old, new)
    if "rounds_out" in out:
        out["rounds_out"] = _renamed_keys(out["rounds_out"], old, new)
    if isinstance(out.get("next_round"), Mapping):
        nxt = dict(out["next_round"])
        if "starter" in nxt:
            nxt["starter"] = _renamed(nxt["starter"], old, new)
        out["next_round"] = nxt
    return pairs.renamed_pairs_summary(out, old, new)


def _game_ids_of(player_id: int) -> list[int]:
    return list(db.session.execute(
        select(PlayerGameRow.game_id).where(PlayerGameRow.player_id == player_id)
    ).scalars())


def _games_with_key(key: str, name: str) -> list[int]:
    """Games whose seats hold a name with this key: the finished ones from the
    players' lines, the others (in progress, not yet summarised) by their
    ``names`` column (the caller checks each seat's key again)."""
    ids = set(db.session.execute(
        select(PlayerGameRow.game_id).join(PlayerRow, PlayerRow.id == PlayerGameRow.player_id)
        .where(PlayerRow.key == key)
    ).scalars())
    folded = names_column([name]).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    ids.update(db.session.execute(
        select(GameRow.id).where(GameRow.names.like(f"%{folded}%", escape="\\"))
    ).scalars())
    return sorted(ids)


def _rewrite_games(game_ids: Sequence[int], old_key: str, new: str) -> None:
    for gid in game_ids:
        game = db.session.get(GameRow, gid, populate_existing=True)
        if game is None:
            continue
        old = {n for n in game.players if name_key(n) == old_key}
        if not old:
            continue
        game.players = [_renamed(n, old, new) for n in game.players]
        game.first_starter = _renamed(game.first_starter, old, new)
        if game.away:  # who has left the table is named as in the seats
            game.away = [_renamed(n, old, new) for n in game.away]
        game.teams = pairs.renamed_teams(game.teams, old, new) if game.teams else game.teams
        summary = getattr(game, "summary", None)
        if isinstance(summary, Mapping):
            game.summary = rename_summary(summary, old, new)
        for column, value in name_columns(game.players).items():
            setattr(game, column, value)
        game.revision = (game.revision or 0) + 1
        for rnd in db.session.execute(select(RoundRow).where(RoundRow.game_id == gid)
                                      .execution_options(populate_existing=True)).scalars():
            rnd.data = rename_round(rnd.data, old, new)
            result = getattr(rnd, "result", None)
            if isinstance(result, Mapping):
                rnd.result = rename_result(result, old, new)
        db.session.flush()
        refresh_game(gid)


def _conflict() -> RosterError:
    return RosterError("player", "edit_conflict", gettext(
        "Another device changed these players at the same moment: look again, then try again."), status=409)


def _in_turn(change: Callable[[], None]) -> None:
    """Run ``change`` as one transaction that takes its turn first
    (:func:`_lock`); a race it loses (a name taken meanwhile, a player gone,
    a PostgreSQL deadlock) is a :class:`RosterError` ``edit_conflict`` (409),
    nothing changed."""
    with transaction_or_conflict(lambda _exc: _conflict(), (RosterError,)):
        change()


def _lock(player_ids: Sequence[int]) -> tuple[dict[int, PlayerRow], list[int]]:
    """Take the turn of a change of these players and of every game they sit
    at: on PostgreSQL the games' rows, then the players' (lowest ids first,
    games before players, as a round save takes its game and then its
    players' lines), on SQLite the write turn. Read after the turn: a round
    saved, a player renamed or merged meanwhile is seen.

    :return: ``({id: the player's row, read afresh}, the games' ids)``; a
        player gone meanwhile is left out.
    """
    take_turn()
    games: set[int] = set()
    locked: set[int] = set()
    players_locked = False
    while True:
        rows = {r.id: r for r in db.session.execute(
            select(PlayerRow).where(PlayerRow.id.in_(player_ids))
            .execution_options(populate_existing=True)).scalars()}
        for row in rows.values():
            games.update(_games_with_key(row.key, row.name))
        if players_locked and games <= locked:
            return rows, sorted(games)
        if games - locked:
            take_turn(GameRow.__table__, games - locked)
            locked |= games
        if not players_locked:
            take_turn(PlayerRow.__table__, player_ids)
            players_locked = True


def _no_look_alike(name: str, exclude_id: int | None = None) -> None:
    """:raises LookAlike: ``name`` looks like another stored player's."""
    warnings = look_alikes([("name", name)], exclude_id)
    if warnings:
        end_read()  # nothing was written
        raise LookAlike(warnings)


def rename(player_id: int, new_name: Any, confirm: bool = False) -> Player:
    """Rename a player; every game of his follows (its record now says the new
    name, its revision is raised so every open page refreshes). Takes the
    turn of the player and his games (:func:`_lock`): a round saved at one of
    them meanwhile is renamed too, never left under the old name.

    :raises RosterError: ``unknown_player``; ``bad_value`` (empty, too long);
        ``duplicate_player`` when another player has that name (merge them
        instead); ``edit_conflict`` (status 409) when another change of the
        roster raced this one.
    :raises LookAlike: the new name looks like another player's (and not ``confirm``).
    """
    if not 0 < player_id <= ID_MAX or db.session.get(PlayerRow, player_id) is None:
        raise RosterError("player", "unknown_player", gettext("There is no such player."))
    cleaned = _check_name(new_name)
    key = name_key(cleaned)
    if not confirm:
        _no_look_alike(cleaned, player_id)

    def change() -> None:
        rows, games = _lock([player_id])
        row = rows.get(player_id)
        if row is None:
            raise _conflict()  # merged into another meanwhile
        other = db.session.execute(select(PlayerRow.id).where(PlayerRow.key == key)).scalar()
        if other is not None and other != player_id:
            raise RosterError("name", "duplicate_player",
                              gettext("%(name)s is already on the roster: merge the two instead.", name=cleaned))
        old_key = row.key
        row.name, row.key = cleaned, key
        db.session.flush()
        _bump(player_id)
        _rewrite_games(games, old_key, cleaned)

    _in_turn(change)
    return get(player_id)


def _shared_game(source: PlayerRow, target: PlayerRow, games: Sequence[int]) -> int | None:
    """The first of ``games`` whose seats hold both players (finished or not:
    the seats, not the players' lines, which only a finished game has)."""
    both = {source.key, target.key}
    seats = db.session.execute(select(GameRow.id, GameRow.players).where(GameRow.id.in_(games))
                               .order_by(GameRow.id))
    return next((gid for gid, players in seats if both <= {name_key(n) for n in players}), None)


def merge(source_id: int, target_id: int) -> Player:
    """Merge ``source`` into ``target`` (the same person entered twice): every
    game of ``source`` now says ``target``'s name; ``source`` leaves the roster;
    his club nights count for ``target``. Takes the turn of both players and
    their games (:func:`_lock`), and checks inside it.

    :raises RosterError: ``unknown_player``; ``bad_value`` when both are the
        same entry; ``duplicate_player`` (status 409) when the two sit at one
        game, finished or not (the message names it); ``edit_conflict``
        (status 409) when another change of the roster raced this one.
    """
    if source_id == target_id:
        raise RosterError("target", "bad_value", gettext("Choose another player to merge with."))
    known = [i for i in (source_id, target_id) if 0 < i <= ID_MAX and db.session.get(PlayerRow, i) is not None]
    if len(known) != 2:
        raise RosterError("target", "unknown_player", gettext("There is no such player."))

    def change() -> None:
        rows, games = _lock(sorted((source_id, target_id)))
        source, target = rows.get(source_id), rows.get(target_id)
        if source is None or target is None:
            raise _conflict()  # merged or gone meanwhile
        shared = _shared_game(source, target, games)
        if shared is not None:
            raise RosterError(
                "target", "duplicate_player",
                gettext("%(a)s and %(b)s played in the same game (game %(game)s): they are two people.",
                        a=source.name, b=target.name, game=shared), status=409,
            )
        mine = _games_with_key(source.key, source.name)
        tell_players_merged(source_id, target_id)
        db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.player_id == source_id))
        db.session.execute(delete(PlayerTallyRow).where(PlayerTallyRow.player_id == source_id))
        old_key = source.key
        # The source's name may be a spelling of the target's key only after the
        # rewrite, so the row goes first.
        db.session.delete(source)
        db.session.flush()
        _rewrite_games(mine, old_key, target.name)
        _bump(target_id)

    _in_turn(change)
    return get(target_id)


# ---------------------------------------------------------------- backups


def dump_players() -> list[dict[str, Any]]:
    """The roster for a backup: ``[{"id", "name", "last_played", "archived"}]`` by
    name (the id, so that a restore keeps the ids the API showed)."""
    rows = db.session.execute(
        select(PlayerRow.id, PlayerRow.name, PlayerRow.last_played, PlayerRow.archived)
        .order_by(PlayerRow.name))
    return [{"id": i, "name": n, "last_played": (w.isoformat() if w else None), "archived": bool(a)}
            for i, n, w, a in rows]


def restore_players(entries: Iterable[Mapping[str, Any]]) -> int:
    """Put a backup's roster back (inside the restore's transaction). Names
    that are one player (an older backup may hold "Ana" and "ana") become one.

    :return: the number of players added.
    """
    from datetime import datetime

    entries = list(entries)
    given = [p.get("id") for p in entries]
    keep_ids = all(isinstance(i, int) and not isinstance(i, bool) and 0 < i <= ID_MAX for i in given) \
        and len(set(given)) == len(given)
    seen: set[str] = set()
    for p in entries:
        key = name_key(p["name"])
        if key in seen:
            continue
        seen.add(key)
        when = p.get("last_played")
        row = PlayerRow(name=clean_name(p["name"]), key=key, archived=bool(p.get("archived", False)))
        if keep_ids:
            row.id = p["id"]  # the id the API showed (older backups have none)
        if when:
            row.last_played = datetime.fromisoformat(when)
        db.session.add(row)
    db.session.flush()
    return len(seen)


def known_names(limit: int = 200) -> list[str]:
    """Names offered when a game is set up: the roster's, archived left out,
    most recently played first."""
    q = (select(PlayerRow.name).where(PlayerRow.archived.is_(False))
         .order_by(PlayerRow.last_played.desc(), PlayerRow.name).limit(limit))
    return list(db.session.execute(q).scalars())


__all__ = [
    "Player", "RosterError", "add", "archive", "dump_players", "find", "get", "known_names", "merge",
    "players", "rebuild_all", "refresh_game", "refresh_games", "remember", "rename", "restore_players",
]
