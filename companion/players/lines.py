"""Players' lines: what each player did in each finished game, written from
the game's stored results whenever the game changes (:func:`refresh_game`),
with his tallies per kind, set and rule set (:class:`PlayerTallyRow`) and his
whole record folded once (:class:`PlayerSummaryRow`), so reading a player's
page costs the same after ten games or ten thousand. Nothing here runs the
rules engine's scoring: everything comes from the stored points, totals and
standings (companion/rules/stats/records.py folds them).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date
from functools import lru_cache
from typing import Any, Final

from sqlalchemy import case, delete, func, insert, select, update

from companion.games.models import GameRow, PlayerRow, RoundRow
from companion.games.services.names import remember
from companion.players.models import PlayerGameRow, PlayerSummaryRow, PlayerTallyRow
from companion.players.signals import ask_event_of_game
from companion.rules.errors import Problems
from companion.rules.kinds import GameKind, kind_spec
from companion.rules.profile import rule_applies
from companion.rules.record.read_table import parse_table
from companion.rules.stats.records import (
    NO_FILTERS,
    Filters,
    GameRef,
    GameResult,
    PlayerGame,
    PlayerStats,
    RoundResult,
    player_stats,
    rule_set_key,
    summarize,
)
from companion.store.db import db
from companion.store.tx import transaction

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
            engine=engine if GameKind(kind).has_engine else None,
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
    """Write the players' lines of one game and their tallies and summaries:
    see :func:`refresh_games`."""
    refresh_games(game_id)


def refresh_games(*game_ids: int) -> None:
    """Write the players' lines of these games from their stored results, then
    each player's tally and summary once (a batch costs one per player, not
    one per game). Call after every change of a game, in the same
    transaction (no commit here)."""
    touched: set[int] = set()
    known: dict[str, int] = {}

    def ids_of(names: list[str]) -> dict[str, int]:  # each name looked up once for the lot
        missing = [n for n in names if n not in known]
        if missing:
            known.update(remember(missing, touch=False))
        return {n: known[n] for n in names}

    for game_id in game_ids:
        touched |= _write_lines(game_id, ids_of)
    for pid in sorted(touched):
        _refresh_tally(pid)


def _write_lines(game_id: int, ids_of: Callable[[list[str]], dict[str, int]]) -> set[int]:
    """Write the players' lines of one game from its stored results and return
    the ids of the players whose tallies must follow. Only a finished game has
    lines (the statistics count finished games only), so a round saved in a
    game still in progress costs two small statements; a game in the trash, or
    gone, has none, nor a game of a kind the records do not show yet. Reads columns, not entities, so what another statement of
    this transaction just wrote is what is read."""
    before = set(db.session.execute(
        select(PlayerGameRow.player_id).where(PlayerGameRow.game_id == game_id)).scalars())
    game = db.session.execute(
        select(GameRow.id, GameRow.kind, GameRow.set_n, GameRow.rules, GameRow.players,
               GameRow.first_starter, GameRow.created_at, GameRow.revision, GameRow.summary,
               GameRow.status, GameRow.shelf).where(GameRow.id == game_id)
    ).first()
    # a kind the players' records cannot show yet (games in pairs, Chicken
    # Foot: KindSpec.on_pages) has no lines
    counted = (game is not None and game.shelf != "trash" and game.status == "finished"
               and kind_spec(game.kind).on_pages)
    if not counted:
        if before:
            db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.game_id == game_id))
        return before
    assert game is not None
    rounds = [(r.number, r.data, r.result) for r in db.session.execute(
        select(RoundRow.number, RoundRow.data, RoundRow.result).where(RoundRow.game_id == game_id))]
    event_id = ask_event_of_game(game_id)
    head = {"format": "domino-game-record", "version": 1, "kind": game.kind, "set": game.set_n,
            "rules": dict(game.rules or {}), "players": list(game.players),
            "first_starter": game.first_starter}
    result = result_from_stored(game.id, head, game.created_at.date(), game.summary, rounds, event_id)
    after: set[int] = set()
    if before:
        db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.game_id == game_id))
    if result is not None:
        lines = summarize(result)
        ids = ids_of([ln.player for ln in lines])
        rows = [line_values(ln, ids[ln.player], game.revision or 0) for ln in lines]
        if rows:
            db.session.execute(insert(PlayerGameRow), rows)
        after = set(ids.values())
    return before | after


def _bump(*player_ids: int) -> None:
    """Raise the players' ``stats_version``: pages made from their record are stale."""
    if player_ids:
        db.session.execute(update(PlayerRow).where(PlayerRow.id.in_(player_ids))
                           .values(stats_version=PlayerRow.stats_version + 1))


def _refresh_tally(player_id: int) -> None:
    _bump(player_id)
    _refresh_summary(player_id)
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
    for i in range(0, len(ids), batch):
        with transaction():
            refresh_games(*ids[i:i + batch])
    return len(ids)


# ---------------------------------------------------------------- reading lines


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


def lines_of_event(event_id: int) -> list[PlayerGame]:
    """The stored lines of a club night's finished games, each carrying the
    player's roster name: one query on the event's own lines (not on its
    players' whole histories), so an evening's standings cost the same
    however many games the club has stored."""
    q = (select(*_LINE_COLUMNS, PlayerRow.name.label("roster_name"))
         .join(PlayerRow, PlayerRow.id == PlayerGameRow.player_id)
         .where(PlayerGameRow.event_id == event_id, PlayerGameRow.finished.is_(True))
         .order_by(PlayerGameRow.player_id, PlayerGameRow.game_id))
    return [_line(r, r.roster_name) for r in db.session.execute(q)]


# ---------------------------------------------------------------- a player's summary


HISTORY_KEPT: Final = 60
"""Games kept for the page's "totals over time" chart and the latest games:
the most recent ones (every game is in ``/players/<id>/games.csv``)."""


def _ref_json(g: GameRef | None) -> list[Any] | None:
    return None if g is None else [g.game_id, g.played_on.isoformat(), g.kind, g.total, g.rank]


def _ref(v: Any) -> GameRef | None:
    return None if v is None else GameRef(int(v[0]), date.fromisoformat(v[1]), v[2], int(v[3]), v[4])


def summary_json(s: PlayerStats, choices: Mapping[str, list[Any]]) -> dict[str, Any]:
    """A player's whole record (every finished game, no filter) as stored in
    :class:`PlayerSummaryRow`: the counts, places, engine sums, best and worst
    game, streaks, the latest :data:`HISTORY_KEPT` games and the page's
    filter choices."""
    return {
        "games": s.games, "wins": s.wins, "shared_wins": s.shared_wins, "left": s.left,
        "rounds": s.rounds, "points": s.points, "rounds_out": s.rounds_out,
        "rounds_blocked": s.rounds_blocked, "double_blank": s.double_blank,
        "places": [[k, v] for k, v in s.places.items()],
        "engine_rounds": [[k, v] for k, v in s.engine_rounds.items()],
        "engine_points": [[k, v] for k, v in s.engine_points.items()],
        "best": _ref_json(s.best), "worst": _ref_json(s.worst),
        "current_streak": s.current_streak, "longest_streak": s.longest_streak,
        "history": [_ref_json(g) for g in s.history[-HISTORY_KEPT:]],
        "choices": dict(choices),
    }


def stats_from_summary(name: str, data: Mapping[str, Any]) -> tuple[PlayerStats, dict[str, list[Any]]]:
    """:class:`PlayerStats` (history: the latest :data:`HISTORY_KEPT` games) and
    the filter choices from a stored summary (:func:`summary_json`)."""
    stats = PlayerStats(
        player=name, games=data["games"], wins=data["wins"], shared_wins=data["shared_wins"],
        left=data["left"], rounds=data["rounds"], points=data["points"], rounds_out=data["rounds_out"],
        rounds_blocked=data["rounds_blocked"], double_blank=data["double_blank"],
        places={int(k): v for k, v in data["places"]},
        engine_rounds={int(k): v for k, v in data["engine_rounds"]},
        engine_points={int(k): v for k, v in data["engine_points"]},
        best=_ref(data["best"]), worst=_ref(data["worst"]),
        current_streak=data["current_streak"], longest_streak=data["longest_streak"],
        history=tuple(g for g in map(_ref, data["history"]) if g is not None),
    )
    return stats, dict(data["choices"])


def choices_of(lines: Iterable[PlayerGame]) -> dict[str, list[Any]]:
    """The kinds, sets and rule sets of finished games, for a page's filters:
    ``{"kinds": [...], "sets": [...], "rule_sets": [...]}``."""
    done = [g for g in lines if g.finished]
    return {"kinds": sorted({g.kind for g in done}), "sets": sorted({g.set_n for g in done}),
            "rule_sets": sorted({g.rule_set for g in done})}


def _refresh_summary(player_id: int) -> None:
    """Write a player's summary again from his lines (in the caller's transaction)."""
    db.session.execute(delete(PlayerSummaryRow).where(PlayerSummaryRow.player_id == player_id))
    lines = lines_of([player_id])
    if not lines:
        return
    s = player_stats(lines[0].player, lines)
    db.session.execute(insert(PlayerSummaryRow), [
        {"player_id": player_id, "data": summary_json(s, choices_of(lines))}])


def read_summary(player_id: int) -> tuple[str, bool, dict[str, Any] | None] | None:
    """One query: the player's name, archived flag and stored summary
    (``None`` without finished games); ``None`` when there is no such player."""
    row = db.session.execute(
        select(PlayerRow.name, PlayerRow.archived, PlayerSummaryRow.data)
        .outerjoin(PlayerSummaryRow, PlayerSummaryRow.player_id == PlayerRow.id)
        .where(PlayerRow.id == player_id)).first()
    return None if row is None else (row.name, bool(row.archived), row.data)


__all__ = [
    "HISTORY_KEPT", "choices_of", "line_values", "lines_of", "read_summary", "rebuild_all", "refresh_game", "refresh_games",
    "result_from_stored", "stats_from_summary", "summary_json",
]


def on_games_changed(_sender: object, *, game_ids: tuple[int, ...]) -> None:
    """Receiver of :data:`companion.games.signals.games_changed`: the lines
    of these games written again (:func:`refresh_games`), inside the game's
    write."""
    refresh_games(*game_ids)
