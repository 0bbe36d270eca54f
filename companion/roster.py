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

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Any

from sqlalchemy import case, delete, func, insert, select, update

from .club_models import EventGameRow, EventPlayerRow, PlayerGameRow, PlayerTallyRow
from .db import db
from .i18n import gettext
from .models import GameRow, PlayerRow, RoundRow
from .rules.errors import Problem, Problems
from .rules.profile import rule_applies
from .rules.read_table import parse_table
from .rules.record import MAX_NAME
from .rules.stats import (
    NO_FILTERS,
    Filters,
    GameResult,
    HeadToHead,
    LeaderRow,
    PlayerGame,
    PlayerStats,
    RoundResult,
    Tally,
    clean_name,
    head_to_head,
    leaderboard,
    name_key,
    player_stats,
    rule_set_key,
    summarize,
)
from .security import ID_MAX


class RosterError(ValueError):
    """A roster change was refused; nothing was changed.

    :ivar problem: the :class:`Problem` to show (``bad_value``,
        ``duplicate_player``, ``unknown_player``).
    """

    def __init__(self, path: str, code: str, message: str) -> None:
        self.problem = Problem(path, code, message)
        super().__init__(message)


@dataclass(frozen=True)
class Player:
    """A roster entry as pages and the API show it.

    :ivar id: the player's id.
    :ivar name: the name.
    :ivar archived: hidden from suggestions and the leaderboard.
    :ivar games: finished games played.
    :ivar wins: games won (shared first places included).
    """

    id: int
    name: str
    archived: bool
    games: int = 0
    wins: int = 0

    def as_json(self) -> dict[str, Any]:
        """``{"id", "name", "archived", "games", "wins"}``."""
        return {"id": self.id, "name": self.name, "archived": self.archived,
                "games": self.games, "wins": self.wins}


# ---------------------------------------------------------------- the roster


def _check_name(name: Any, path: str = "name") -> str:
    if not isinstance(name, str) or not clean_name(name):
        raise RosterError(path, "bad_value", gettext("Type a name."))
    cleaned = clean_name(name)
    if len(cleaned) > MAX_NAME:
        raise RosterError(path, "bad_value",
                          gettext("A name may have at most %(most)s characters.", most=MAX_NAME))
    return cleaned


def remember(names: Iterable[str], touch: bool = True) -> dict[str, int]:
    """The roster ids of ``names``, adding the names not yet known.

    A name that differs from a known one only by case or Unicode form is that
    player (the roster keeps its first spelling). Safe against another process
    adding the same name at once (an insert that skips a known key, in key
    order). Runs inside the caller's transaction (no commit).

    :param touch: mark the players as just played (offered first for a new game).
    :return: ``{name as given: player id}``.
    """
    wanted = {n: name_key(n) for n in names}
    if not wanted:
        return {}
    first: dict[str, str] = {}
    for name, key in wanted.items():
        first.setdefault(key, clean_name(name))
    values = [{"name": first[k], "key": k, "last_played": func.now()} for k in sorted(first)]
    dialect = db.session.get_bind().dialect.name
    if dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import insert as upsert
    elif dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as upsert  # type: ignore[assignment]
    else:  # pragma: no cover - the app runs on SQLite or PostgreSQL
        upsert = None  # type: ignore[assignment]
    if upsert is not None:
        stmt = upsert(PlayerRow).values(values)
        if touch:
            db.session.execute(stmt.on_conflict_do_update(
                index_elements=[PlayerRow.key], set_={"last_played": func.now()}))
        else:
            db.session.execute(stmt.on_conflict_do_nothing(index_elements=[PlayerRow.key]))
    else:  # pragma: no cover
        known_keys = set(db.session.execute(
            select(PlayerRow.key).where(PlayerRow.key.in_(first))).scalars())
        for v in values:
            if v["key"] not in known_keys:
                db.session.add(PlayerRow(name=v["name"], key=v["key"]))
        db.session.flush()
    known = dict(db.session.execute(
        select(PlayerRow.key, PlayerRow.id).where(PlayerRow.key.in_(first))).all())
    return {name: known[key] for name, key in wanted.items()}


def players(include_archived: bool = False, search: str | None = None) -> list[Player]:
    """The roster, names in alphabetical order (case-blind), with each
    player's finished games and wins.

    :param include_archived: list archived players too.
    :param search: only names containing this text (case and Unicode form ignored).
    """
    games = (
        select(PlayerTallyRow.player_id, func.sum(PlayerTallyRow.games).label("games"),
               func.sum(PlayerTallyRow.wins).label("wins"))
        .group_by(PlayerTallyRow.player_id)
        .subquery()
    )
    q = select(PlayerRow.id, PlayerRow.name, PlayerRow.archived, games.c.games, games.c.wins).outerjoin(
        games, games.c.player_id == PlayerRow.id
    )
    if not include_archived:
        q = q.where(PlayerRow.archived.is_(False))
    if search:
        needle = name_key(search).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        q = q.where(PlayerRow.key.like(f"%{needle}%", escape="\\"))
    rows = db.session.execute(q).all()
    out = [Player(r.id, r.name, bool(r.archived), int(r.games or 0), int(r.wins or 0)) for r in rows]
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


def add(name: Any) -> Player:
    """Add a player to the roster (an archived one of that name comes back).

    :raises RosterError: ``bad_value`` for an empty or too long name.
    """
    cleaned = _check_name(name)
    pid = remember([cleaned])[cleaned]
    db.session.execute(update(PlayerRow).where(PlayerRow.id == pid).values(archived=False))
    db.session.commit()
    return get(pid)


def archive(player_id: int, archived: bool = True) -> Player:
    """Hide a player from suggestions and the leaderboard (or bring him back).

    :raises RosterError: ``unknown_player``.
    """
    get(player_id)
    db.session.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(archived=archived))
    _bump(player_id)
    db.session.commit()
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
    return out


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
    return out


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
    return out


def _game_ids_of(player_id: int) -> list[int]:
    return list(db.session.execute(
        select(PlayerGameRow.game_id).where(PlayerGameRow.player_id == player_id)
    ).scalars())


def _games_with_key(key: str) -> list[int]:
    """Games whose seats hold a name with this key (from the lines, plus any
    game not yet summarised)."""
    ids = set(db.session.execute(
        select(PlayerGameRow.game_id).join(PlayerRow, PlayerRow.id == PlayerGameRow.player_id)
        .where(PlayerRow.key == key)
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
        summary = getattr(game, "summary", None)
        if isinstance(summary, Mapping):
            game.summary = rename_summary(summary, old, new)
        if hasattr(game, "names"):
            game.names = "\n".join(n.casefold() for n in game.players)
        game.revision = (game.revision or 0) + 1
        for rnd in db.session.execute(select(RoundRow).where(RoundRow.game_id == gid)
                                      .execution_options(populate_existing=True)).scalars():
            rnd.data = rename_round(rnd.data, old, new)
            result = getattr(rnd, "result", None)
            if isinstance(result, Mapping):
                rnd.result = rename_result(result, old, new)
        db.session.flush()
        refresh_game(gid)


def rename(player_id: int, new_name: Any) -> Player:
    """Rename a player; every game of his follows (its record now says the new
    name, its revision is raised so every open page refreshes).

    :raises RosterError: ``unknown_player``; ``bad_value`` (empty, too long);
        ``duplicate_player`` when another player has that name (merge them
        instead).
    """
    row = db.session.get(PlayerRow, player_id) if 0 < player_id <= ID_MAX else None
    if row is None:
        raise RosterError("player", "unknown_player", gettext("There is no such player."))
    cleaned = _check_name(new_name)
    key = name_key(cleaned)
    other = db.session.execute(select(PlayerRow.id).where(PlayerRow.key == key)).scalar()
    if other is not None and other != player_id:
        raise RosterError("name", "duplicate_player",
                          gettext("%(name)s is already on the roster: merge the two instead.", name=cleaned))
    old_key = row.key
    games = _games_with_key(old_key)
    row.name, row.key = cleaned, key
    db.session.flush()
    _bump(player_id)
    _rewrite_games(games, old_key, cleaned)
    db.session.commit()
    return get(player_id)


def merge(source_id: int, target_id: int) -> Player:
    """Merge ``source`` into ``target`` (the same person entered twice): every
    game of ``source`` now says ``target``'s name; ``source`` leaves the roster;
    his club nights count for ``target``.

    :raises RosterError: ``unknown_player``; ``bad_value`` when both are the
        same entry; ``duplicate_player`` when the two sat at one game.
    """
    if source_id == target_id:
        raise RosterError("target", "bad_value", gettext("Choose another player to merge with."))
    source = db.session.get(PlayerRow, source_id) if 0 < source_id <= ID_MAX else None
    target = db.session.get(PlayerRow, target_id) if 0 < target_id <= ID_MAX else None
    if source is None or target is None:
        raise RosterError("target", "unknown_player", gettext("There is no such player."))
    shared = sorted(set(_game_ids_of(source_id)) & set(_game_ids_of(target_id)))
    if shared:
        raise RosterError(
            "target", "duplicate_player",
            gettext("%(a)s and %(b)s played in the same game (game %(game)s): they are two people.",
                    a=source.name, b=target.name, game=shared[0]),
        )
    games = _games_with_key(source.key)
    for ev_id in db.session.execute(
        select(EventPlayerRow.event_id).where(EventPlayerRow.player_id == source_id)
    ).scalars().all():
        has = db.session.get(EventPlayerRow, (ev_id, target_id))
        if has is None:
            db.session.execute(update(EventPlayerRow).where(
                EventPlayerRow.event_id == ev_id, EventPlayerRow.player_id == source_id
            ).values(player_id=target_id))
    db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.player_id == source_id))
    db.session.execute(delete(PlayerTallyRow).where(PlayerTallyRow.player_id == source_id))
    old_key = source.key
    # The source's name may be a spelling of the target's key only after the
    # rewrite, so the row goes first.
    db.session.execute(delete(EventPlayerRow).where(EventPlayerRow.player_id == source_id))
    db.session.delete(source)
    db.session.flush()
    _rewrite_games(games, old_key, target.name)
    _bump(target_id)
    db.session.commit()
    return get(target_id)


# ---------------------------------------------------------------- lines from stored results


@lru_cache(maxsize=512)
def _table_facts(head_json: str) -> tuple[tuple[int, ...], str]:
    """The engine schedule and the rule-set key of a stored game head (kept
    per distinct head; reading a head runs no scoring)."""
    problems = Problems()
    table = parse_table(json.loads(head_json), problems)
    if table is None:
        return (), "{}"
    changed = {k: v for k, v in table.rules.changed().items() if rule_applies(k, table.kind)}
    return (tuple(table.engines) if table.is_train else ()), rule_set_key(changed)


def _holds_double_blank(hand: Any) -> bool:
    if not isinstance(hand, Mapping):
        return False
    if hand.get("double_blank") is True:
        return True
    tiles = hand.get("tiles")
    return isinstance(tiles, list) and any(str(t).replace(" ", "") in ("0-0",) for t in tiles)


def result_from_stored(
    game_id: int,
    head: Mapping[str, Any],
    played_on: date,
    summary: Any,
    rounds: Sequence[tuple[int, Any, Any]],
    event_id: int | None,
) -> GameResult | None:
    """:class:`~companion.rules.stats.GameResult` from plain stored values (the
    migration uses this too).

    :param head: the game record without rounds (kind, set, rules, players).
    :param summary: the stored summary (``status``, ``standings`` …), or ``None``.
    :param rounds: ``(number, round record, stored result)`` of every round.
    :return: ``None`` while the results are not derived.
    """
    if not isinstance(summary, Mapping) or any(not isinstance(res, Mapping) for _, _, res in rounds):
        return None
    engines, rule_set = _table_facts(json.dumps(dict(head), sort_keys=True))
    kind = head["kind"]
    out: list[RoundResult] = []
    for number, data, res in sorted(rounds, key=lambda r: r[0]):
        data = data if isinstance(data, Mapping) else {}
        engine = data.get("engine")
        if engine is None and engines and number <= len(engines):
            engine = engines[number - 1]
        hands = data.get("hands") or {}
        out.append(RoundResult(
            number=number,
            engine=engine if kind == "mexican_train" else None,
            points=dict(res.get("scores", {})),
            went_out=tuple(res.get("went_out", ())),
            blocked=data.get("ended") == "blocked",
            double_blank=tuple(n for n, h in hands.items() if _holds_double_blank(h)),
        ))
    standings = summary.get("standings", [])
    return GameResult(
        game_id=game_id,
        kind=kind,
        set_n=head["set"],
        rule_set=rule_set,
        played_on=played_on,
        finished=summary.get("status") == "finished",
        players=tuple(head["players"]),
        totals={s["player"]: s["total"] for s in standings},
        ranks={s["player"]: s["rank"] for s in standings},
        rounds=tuple(out),
        event_id=event_id,
    )


def line_values(line: PlayerGame, player_id: int, revision: int) -> dict[str, Any]:
    """The columns of a :class:`PlayerGameRow` for ``line``."""
    return {
        "game_id": line.game_id, "player_id": player_id, "name": line.player, "kind": line.kind,
        "set_n": line.set_n, "rule_set": line.rule_set, "played_on": line.played_on,
        "finished": line.finished, "total": line.total, "rank": line.rank, "ranked": line.ranked,
        "firsts": line.firsts, "rounds_played": line.rounds_played, "points": line.points,
        "rounds_out": line.rounds_out, "rounds_blocked": line.rounds_blocked,
        "double_blank": line.double_blank, "engines": [list(e) for e in line.engines],
        "event_id": line.event_id, "revision": revision,
    }


def refresh_game(game_id: int) -> None:
    """Write the players' lines of one game from its stored results, and their
    tallies. Call after every change of a game, in the same transaction (no
    commit here). Only a finished game has lines (the statistics count
    finished games only), so a round saved in a game still in progress costs
    two small statements; a game in the trash, or gone, has none. Reads
    columns, not entities, so what another statement of this transaction just
    wrote is what is read."""
    before = set(db.session.execute(
        select(PlayerGameRow.player_id).where(PlayerGameRow.game_id == game_id)).scalars())
    game = db.session.execute(
        select(GameRow.id, GameRow.kind, GameRow.set_n, GameRow.rules, GameRow.players,
               GameRow.first_starter, GameRow.created_at, GameRow.revision, GameRow.summary,
               GameRow.status, GameRow.shelf).where(GameRow.id == game_id)
    ).first()
    counted = game is not None and game.shelf != "trash" and game.status == "finished"
    if not counted:
        if before:
            db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.game_id == game_id))
            for pid in sorted(before):
                _refresh_tally(pid)
        return
    assert game is not None
    rounds = [(r.number, r.data, r.result) for r in db.session.execute(
        select(RoundRow.number, RoundRow.data, RoundRow.result).where(RoundRow.game_id == game_id))]
    event_id = db.session.execute(
        select(EventGameRow.event_id).where(EventGameRow.game_id == game_id)).scalar()
    head = {"format": "domino-game-record", "version": 1, "kind": game.kind, "set": game.set_n,
            "rules": dict(game.rules or {}), "players": list(game.players),
            "first_starter": game.first_starter}
    result = result_from_stored(game.id, head, game.created_at.date(), game.summary, rounds, event_id)
    after: set[int] = set()
    if before:
        db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.game_id == game_id))
    if result is not None:
        lines = summarize(result)
        ids = remember([ln.player for ln in lines], touch=False)
        rows = [line_values(ln, ids[ln.player], game.revision or 0) for ln in lines]
        if rows:
            db.session.execute(insert(PlayerGameRow), rows)
        after = set(ids.values())
    for pid in sorted(before | after):
        _refresh_tally(pid)


def _bump(*player_ids: int) -> None:
    """Raise the players' ``stats_version``: pages made from their record are stale."""
    if player_ids:
        db.session.execute(update(PlayerRow).where(PlayerRow.id.in_(player_ids))
                           .values(stats_version=PlayerRow.stats_version + 1))


def _refresh_tally(player_id: int) -> None:
    _bump(player_id)
    db.session.execute(delete(PlayerTallyRow).where(PlayerTallyRow.player_id == player_id))
    L = PlayerGameRow
    won = (L.rank == 1)
    q = (
        select(
            L.kind, L.set_n, L.rule_set, func.count(),
            func.sum(_case(won)), func.sum(_case(won & (L.firsts > 1))),
            func.sum(func.coalesce(L.rank, 0)), func.sum(_case(L.rank.is_not(None))),
            func.sum(L.rounds_played), func.sum(L.rounds_out),
        )
        .where(L.player_id == player_id, L.finished.is_(True))
        .group_by(L.kind, L.set_n, L.rule_set)
    )
    rows = [
        {"player_id": player_id, "kind": k, "set_n": s, "rule_set": rs, "games": g,
         "wins": int(w or 0), "shared_wins": int(sw or 0), "place_sum": int(ps or 0),
         "placed": int(pl or 0), "rounds": int(r or 0), "rounds_out": int(ro or 0)}
        for k, s, rs, g, w, sw, ps, pl, r, ro in db.session.execute(q)
    ]
    if rows:
        db.session.execute(insert(PlayerTallyRow), rows)


def _case(cond: Any) -> Any:
    return case((cond, 1), else_=0)


def rebuild_all(batch: int = 200) -> int:
    """Write every game's lines again (after an upgrade, a restore or a
    recheck). Commits every ``batch`` games.

    :return: the number of games read.
    """
    ids = list(db.session.execute(select(GameRow.id).order_by(GameRow.id)).scalars())
    for i, gid in enumerate(ids, 1):
        refresh_game(gid)
        if i % batch == 0:
            db.session.commit()
    db.session.commit()
    return len(ids)


# ---------------------------------------------------------------- reading statistics


def _line(r: Any, name: str) -> PlayerGame:
    return PlayerGame(
        player=name, game_id=r.game_id, kind=r.kind, set_n=r.set_n, rule_set=r.rule_set,
        played_on=r.played_on, finished=bool(r.finished), total=r.total, rank=r.rank,
        ranked=r.ranked, firsts=r.firsts, rounds_played=r.rounds_played, points=r.points,
        rounds_out=r.rounds_out, rounds_blocked=r.rounds_blocked, double_blank=r.double_blank,
        engines=tuple((int(e[0]), int(e[1])) for e in (r.engines or ())), event_id=r.event_id,
    )


_LINE_COLUMNS = (
    PlayerGameRow.player_id, PlayerGameRow.game_id, PlayerGameRow.kind, PlayerGameRow.set_n,
    PlayerGameRow.rule_set, PlayerGameRow.played_on, PlayerGameRow.finished, PlayerGameRow.total,
    PlayerGameRow.rank, PlayerGameRow.ranked, PlayerGameRow.firsts, PlayerGameRow.rounds_played,
    PlayerGameRow.points, PlayerGameRow.rounds_out, PlayerGameRow.rounds_blocked,
    PlayerGameRow.double_blank, PlayerGameRow.engines, PlayerGameRow.event_id,
)


def _where(q: Any, filters: Filters) -> Any:
    L = PlayerGameRow
    if filters.kind is not None:
        q = q.where(L.kind == filters.kind)
    if filters.set_n is not None:
        q = q.where(L.set_n == filters.set_n)
    if filters.since is not None:
        q = q.where(L.played_on >= filters.since)
    if filters.until is not None:
        q = q.where(L.played_on <= filters.until)
    if filters.rule_set is not None:
        q = q.where(L.rule_set == filters.rule_set)
    if filters.event_id is not None:
        q = q.where(L.event_id == filters.event_id)
    return q


def lines_of(player_ids: Sequence[int], filters: Filters = NO_FILTERS) -> list[PlayerGame]:
    """The stored lines of these players (finished games passing ``filters``),
    each carrying the player's roster name."""
    names = dict(db.session.execute(select(PlayerRow.id, PlayerRow.name).where(
        PlayerRow.id.in_(player_ids))).all())
    q = _where(select(*_LINE_COLUMNS).where(
        PlayerGameRow.player_id.in_(player_ids), PlayerGameRow.finished.is_(True)), filters)
    return [_line(r, names[r.player_id]) for r in db.session.execute(q)]


def stats(player_id: int, filters: Filters = NO_FILTERS, player: Player | None = None) -> PlayerStats:
    """A player's statistics over his stored lines.

    :param player: the roster entry when already read.
    :raises RosterError: ``unknown_player``.
    """
    p = player or get(player_id)
    return player_stats(p.name, lines_of([player_id], filters), filters)


def choices(player_id: int) -> dict[str, list[Any]]:
    """The kinds, sets and rule sets of a player's finished games, for the
    page's filters: ``{"kinds": [...], "sets": [...], "rule_sets": [...]}``."""
    rows = db.session.execute(
        select(PlayerTallyRow.kind, PlayerTallyRow.set_n, PlayerTallyRow.rule_set).where(
            PlayerTallyRow.player_id == player_id)
    ).all()
    return {
        "kinds": sorted({r.kind for r in rows}),
        "sets": sorted({r.set_n for r in rows}),
        "rule_sets": sorted({r.rule_set for r in rows}),
    }


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


def tallies(filters: Filters = NO_FILTERS, include_archived: bool = False) -> list[Tally]:
    """Every player's counts over finished games passing ``filters``. Without a
    date or event filter they are summed from the stored tallies; with one,
    from the lines."""
    P = PlayerRow
    if filters.since is None and filters.until is None and filters.event_id is None:
        T = PlayerTallyRow
        q = select(
            P.name, func.sum(T.games), func.sum(T.wins), func.sum(T.shared_wins),
            func.sum(T.place_sum), func.sum(T.placed), func.sum(T.rounds), func.sum(T.rounds_out),
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
            func.sum(L.rounds_played), func.sum(L.rounds_out),
        ).join(P, P.id == L.player_id).where(L.finished.is_(True)), filters)
    if not include_archived:
        q = q.where(P.archived.is_(False))
    q = q.group_by(P.id, P.name)
    return [
        Tally(name, int(g or 0), int(w or 0), int(sw or 0), int(ps or 0), int(pl or 0), int(r or 0),
              int(ro or 0))
        for name, g, w, sw, ps, pl, r, ro in db.session.execute(q)
    ]


def ranking(filters: Filters = NO_FILTERS, min_games: int = 5) -> list[LeaderRow]:
    """The leaderboard (archived players left out)."""
    return leaderboard(tallies(filters), min_games)


def ids_by_name(names: Iterable[str]) -> dict[str, int]:
    """Roster ids of names (case and Unicode form ignored); unknown names left out."""
    wanted = {name_key(n): n for n in names}
    rows = db.session.execute(select(PlayerRow.id, PlayerRow.key).where(PlayerRow.key.in_(wanted)))
    return {wanted[k]: pid for pid, k in rows}


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


# ---------------------------------------------------------------- backups


def dump_players() -> list[dict[str, Any]]:
    """The roster for a backup: ``[{"name", "last_played", "archived"}]`` by name."""
    rows = db.session.execute(
        select(PlayerRow.name, PlayerRow.last_played, PlayerRow.archived).order_by(PlayerRow.name))
    return [{"name": n, "last_played": (w.isoformat() if w else None), "archived": bool(a)}
            for n, w, a in rows]


def restore_players(entries: Iterable[Mapping[str, Any]]) -> int:
    """Put a backup's roster back (inside the restore's transaction). Names
    that are one player (an older backup may hold "Ana" and "ana") become one.

    :return: the number of players added.
    """
    from datetime import datetime

    seen: set[str] = set()
    for p in entries:
        key = name_key(p["name"])
        if key in seen:
            continue
        seen.add(key)
        when = p.get("last_played")
        row = PlayerRow(name=clean_name(p["name"]), key=key, archived=bool(p.get("archived", False)))
        if when:
            row.last_played = datetime.fromisoformat(when)
        db.session.add(row)
    db.session.flush()
    return len(seen)


# ---------------------------------------------------------------- CSV


CSV_COLUMNS = ("player", "games", "wins", "shared_wins", "share_won", "average_place", "rounds",
               "rounds_out")
"""The columns of the statistics CSV (``/players/stats.csv``)."""


def stats_csv(rows: Iterable[Tally]) -> str:
    """The players' counts as CSV, one line per player, names in
    alphabetical order; shares with three decimals."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)
    for t in sorted(rows, key=lambda t: (t.player.casefold(), t.player)):
        avg = t.average_place
        w.writerow([_csv_text(t.player), t.games, t.wins, t.shared_wins, f"{t.share_won:.3f}",
                    "" if avg is None else f"{avg:.2f}", t.rounds, t.rounds_out])
    return buf.getvalue()


def games_csv(lines: Iterable[PlayerGame]) -> str:
    """One player's games as CSV, oldest first."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(("date", "game", "kind", "set", "total", "place", "won", "shared", "rounds",
                "points", "rounds_out", "rounds_blocked", "double_blank"))
    for g in sorted(lines, key=lambda g: (g.played_on, g.game_id)):
        w.writerow([g.played_on.isoformat(), g.game_id, g.kind, g.set_n, g.total,
                    "" if g.rank is None else g.rank, int(g.won), int(g.shared_win), g.rounds_played,
                    g.points, g.rounds_out, g.rounds_blocked, g.double_blank])
    return buf.getvalue()


def _csv_text(value: str) -> str:
    """A name made safe for a spreadsheet: a leading ``= + - @`` (a formula)
    gets a quote mark in front."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def parse_filters(args: Mapping[str, str]) -> Filters:
    """Filters from a query string: ``kind``, ``set``, ``since``, ``until``
    (YYYY-MM-DD), ``rules`` (a rule-set key); unknown or malformed values are
    ignored (the page shows every game)."""
    kind = args.get("kind") or None
    if kind not in (None, "mexican_train", "draw", "block", "picture"):
        kind = None
    set_n: int | None
    try:
        set_n = int(args["set"]) if args.get("set") else None
    except ValueError:
        set_n = None

    def day(key: str) -> date | None:
        try:
            return date.fromisoformat(args[key]) if args.get(key) else None
        except ValueError:
            return None

    return Filters(kind=kind, set_n=set_n, since=day("since"), until=day("until"),
                   rule_set=args.get("rules") or None)


def known_names(limit: int = 200) -> list[str]:
    """Names offered when a game is set up: the roster's, archived left out,
    most recently played first."""
    q = (select(PlayerRow.name).where(PlayerRow.archived.is_(False))
         .order_by(PlayerRow.last_played.desc(), PlayerRow.name).limit(limit))
    return list(db.session.execute(q).scalars())


__all__ = [
    "Player", "RosterError", "add", "archive", "choices", "compare", "dump_players", "find", "games_csv", "get",
    "known_names", "lines_of", "merge", "parse_filters", "players", "ranking", "rebuild_all",
    "refresh_game", "remember", "rename", "restore_players", "roster_version", "stats", "stats_csv",
    "tallies", "version",
]

