"""Players' lines: what each player did in each finished game, written from
the game's stored results whenever the game changes (:func:`refresh_game`),
with their tallies per kind, set and rule set (:class:`PlayerTallyRow`) and
their whole record folded once (:class:`PlayerSummaryRow`): a player's page
and the save that finishes a game cost the same after ten games or ten
thousand (a line changes those by its difference alone, :func:`refresh_games`).
Nothing here runs the engine's scoring: everything comes from the stored
points, totals and standings (companion/rules/stats/records.py folds them).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from functools import lru_cache
from typing import Any

from sqlalchemy import case, delete, func, insert, select, update

from companion.games.models import GameRow, PlayerRow, RoundRow
from companion.games.services.names import remember
from companion.players.models import PlayerGameRow, PlayerSummaryRow, PlayerTallyRow
from companion.players.signals import ask_event_of_game
from companion.players.summary import (
    HISTORY_KEPT,
    TALLY_COUNTS,
    choices_of,
    stats_from_summary,
    summary_json,
    tally_counts,
)
from companion.rules.errors import Problems
from companion.rules.family_game import family_spec
from companion.rules.family_game import read_table as read_family_table
from companion.rules.kinds import GameKind
from companion.rules.profile import rule_applies
from companion.rules.record.read_table import parse_table
from companion.rules.stats.fold import fold_line
from companion.rules.stats.records import (
    NO_FILTERS,
    Filters,
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
    problems, head = Problems(), json.loads(head_json)
    if family_spec(head) is not None:  # a kind read by its own module (in pairs: its teams)
        family = read_family_table(head, problems)
        return ((), "{}") if family is None else ((), rule_set_key(family.inner.rules.changed()))
    table = parse_table(head, problems)
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
        rounds=tuple(out), event_id=event_id, teams=tuple(tuple(t) for t in head.get("teams") or ()),
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


def refresh_games(*game_ids: int, recount: bool = False) -> None:
    """Write the players' lines of these games from their stored results, then
    bring each touched player's tallies and summary up to date. Call after
    every change of a game, in the same transaction (no commit here).

    A change costs the same whatever the players' history: each line that
    appeared, changed or went is folded into the player's tally rows and
    summary (:func:`_fold_changes`), reading and writing a few rows per
    player. Only what cannot be updated so (see
    :func:`companion.rules.stats.fold.fold_line`: a game added before the
    player's latest, a change to an older game's win, best or worst, a game
    taken away that was not the latest) recounts that player's summary from
    all his lines.

    :param game_ids: the games that changed.
    :param recount: recount every touched player's tallies and summary from
        his lines instead (:func:`recount_player`: a rebuild, a repair).
    """
    changes: dict[int, list[LineChange]] = {}
    known: dict[str, int] = {}

    def ids_of(names: list[str]) -> dict[str, int]:  # each name looked up once for the lot
        missing = [n for n in names if n not in known]
        if missing:
            known.update(remember(missing, touch=False))
        return {n: known[n] for n in names}

    for game_id in game_ids:
        for pid, old, new in _write_lines(game_id, ids_of):
            changes.setdefault(pid, []).append((old, new))
    for pid in sorted(changes):  # one order for every writer: the bumps' row locks cannot cross
        _bump(pid)
        if recount:
            _write_recount(pid)
        else:
            _fold_changes(pid, changes[pid])


LineChange = tuple[PlayerGame | None, PlayerGame | None]
"""One game's line of one player before and after a change (``None``: none)."""


def _write_lines(game_id: int, ids_of: Callable[[list[str]], dict[str, int]]
                 ) -> list[tuple[int, PlayerGame | None, PlayerGame | None]]:
    """Write the players' lines of one game from its stored results and return
    ``(player id, line before, line after)`` of each player who had or has a
    line (a game's seats: a dozen at most). Only a finished game has lines
    (the statistics count finished games only), so a round saved in a game
    still in progress costs two small statements; a game in the trash, or
    gone, has none. Games of every kind count, those in pairs too (their
    ``teams`` read with the head). Reads columns, not entities, so what
    another statement of this transaction just wrote is what is read."""
    before = {r.player_id: _line(r, r.name) for r in db.session.execute(
        select(*_LINE_COLUMNS, PlayerGameRow.name).where(PlayerGameRow.game_id == game_id))}
    game = db.session.execute(
        select(GameRow.id, GameRow.kind, GameRow.set_n, GameRow.rules, GameRow.players,
               GameRow.first_starter, GameRow.created_at, GameRow.revision, GameRow.summary,
               GameRow.status, GameRow.shelf, GameRow.teams).where(GameRow.id == game_id)
    ).first()
    counted = game is not None and game.shelf != "trash" and game.status == "finished"
    after: dict[int, PlayerGame] = {}
    revision = 0
    if counted:
        assert game is not None
        revision = game.revision or 0
        rounds = [(r.number, r.data, r.result) for r in db.session.execute(
            select(RoundRow.number, RoundRow.data, RoundRow.result).where(RoundRow.game_id == game_id))]
        event_id = ask_event_of_game(game_id)
        head = {"format": "domino-game-record", "version": 1, "kind": game.kind, "set": game.set_n,
                "rules": dict(game.rules or {}), "players": list(game.players),
                "first_starter": game.first_starter, **({"teams": game.teams} if game.teams else {})}
        result = result_from_stored(game.id, head, game.created_at.date(), game.summary, rounds, event_id)
        if result is not None:
            lines = summarize(result)
            ids = ids_of([ln.player for ln in lines])
            after = {ids[ln.player]: ln for ln in lines}
    if before:
        db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.game_id == game_id))
    if after:
        db.session.execute(insert(PlayerGameRow), [line_values(ln, pid, revision) for pid, ln in after.items()])
    return [(pid, before.get(pid), after.get(pid)) for pid in sorted(before.keys() | after.keys())]


def _bump(*player_ids: int) -> None:
    """Raise the players' ``stats_version``: pages made from their record are
    stale. The update also holds the player's row until the transaction ends,
    so two writes that change one player's tallies take turns (PostgreSQL's
    read committed: the second then reads what the first committed)."""
    if player_ids:
        db.session.execute(update(PlayerRow).where(PlayerRow.id.in_(player_ids))
                           .values(stats_version=PlayerRow.stats_version + 1))


# ---------------------------------------------------------------- tallies and summaries

TallyKey = tuple[str, int, str]
"""A tally's group: ``(kind, set_n, rule_set)``."""

def recount_tallies(player_id: int) -> dict[TallyKey, dict[str, int]]:
    """The reference: a player's tallies counted from all his stored lines
    (one aggregate over his whole history), ``{(kind, set_n, rule_set):
    {count: n}}``. Read only."""
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
    return {(k, s, rs): dict(zip(TALLY_COUNTS, (int(v or 0) for v in values), strict=True))
            for k, s, rs, *values in db.session.execute(q)}


def recount_summary(player_id: int) -> dict[str, Any] | None:
    """The reference: a player's summary (:func:`summary_json`) folded from all
    his stored lines, ``None`` without finished games. Read only."""
    lines = lines_of([player_id])
    if not lines:
        return None
    return summary_json(player_stats(lines[0].player, lines), choices_of(lines))


def recount_player(player_id: int) -> tuple[dict[TallyKey, dict[str, int]], dict[str, Any] | None]:
    """The reference recount of a player: ``(tallies, summary)`` from all his
    lines (:func:`recount_tallies`, :func:`recount_summary`). Read only; the
    property tests compare the stored rows with it."""
    return recount_tallies(player_id), recount_summary(player_id)


def stored_player(player_id: int) -> tuple[dict[TallyKey, dict[str, int]], dict[str, Any] | None]:
    """A player's stored tallies and summary, shaped as :func:`recount_player`'s answer."""
    T = PlayerTallyRow
    tallies = {(r.kind, r.set_n, r.rule_set): {c: int(getattr(r, c)) for c in TALLY_COUNTS}
               for r in db.session.execute(select(T).where(T.player_id == player_id)).scalars()}
    data = db.session.execute(select(PlayerSummaryRow.data).where(
        PlayerSummaryRow.player_id == player_id)).scalar()
    return tallies, data


def _write_recount(player_id: int) -> None:
    """Write a player's tallies and summary again from all his lines (in the
    caller's transaction): the reference recount, for a rebuild."""
    db.session.execute(delete(PlayerTallyRow).where(PlayerTallyRow.player_id == player_id))
    rows = [{"player_id": player_id, "kind": k, "set_n": s, "rule_set": rs, **counts}
            for (k, s, rs), counts in recount_tallies(player_id).items()]
    if rows:
        db.session.execute(insert(PlayerTallyRow), rows)
    _write_summary(player_id, recount_summary(player_id), exists=None)


def _write_summary(player_id: int, data: dict[str, Any] | None, exists: bool | None) -> None:
    """Store a player's summary (``None``: he has none). ``exists``: whether a
    row is stored (``None``: not known, delete and insert)."""
    S = PlayerSummaryRow
    if exists is None or data is None:
        if exists is not False:
            db.session.execute(delete(S).where(S.player_id == player_id))
        if data is not None:
            db.session.execute(insert(S), [{"player_id": player_id, "data": data}])
    elif exists:
        db.session.execute(update(S).where(S.player_id == player_id).values(data=data))
    else:
        db.session.execute(insert(S), [{"player_id": player_id, "data": data}])


def _fold_tallies(player_id: int, changes: Sequence[LineChange]) -> bool:
    """Add each change's difference to the player's tally rows of its groups
    (one read and one write per group touched: a save touches one).

    :return: whether a group appeared or went (the page's filter choices follow).
    """
    deltas: dict[TallyKey, dict[str, int]] = {}
    for old, new in changes:
        for line, sign in ((old, -1), (new, 1)):
            if line is None or not line.finished:
                continue
            d = deltas.setdefault((line.kind, line.set_n, line.rule_set), dict.fromkeys(TALLY_COUNTS, 0))
            for c, v in tally_counts(line).items():
                d[c] += sign * v
    T = PlayerTallyRow
    groups_changed = False
    for (kind, set_n, rule_set), d in deltas.items():
        if not any(d.values()):
            continue
        where = (T.player_id == player_id, T.kind == kind, T.set_n == set_n, T.rule_set == rule_set)
        row = db.session.execute(select(*(getattr(T, c) for c in TALLY_COUNTS)).where(*where)).first()
        counts = {c: (getattr(row, c) if row is not None else 0) + d[c] for c in TALLY_COUNTS}
        if counts["games"] <= 0:
            if row is not None:
                db.session.execute(delete(T).where(*where))
                groups_changed = True
        elif row is None:
            db.session.execute(insert(T), [{"player_id": player_id, "kind": kind, "set_n": set_n,
                                            "rule_set": rule_set, **counts}])
            groups_changed = True
        else:
            db.session.execute(update(T).where(*where).values(**counts))
    return groups_changed


def _choices_from_tallies(player_id: int) -> dict[str, list[Any]]:
    """:func:`choices_of` read from the player's tally rows (one per kind, set
    and rule set he played: a handful, whatever his history)."""
    T = PlayerTallyRow
    groups = db.session.execute(select(T.kind, T.set_n, T.rule_set).where(
        T.player_id == player_id, T.games > 0)).all()
    return {"kinds": sorted({g.kind for g in groups}), "sets": sorted({g.set_n for g in groups}),
            "rule_sets": sorted({g.rule_set for g in groups})}


def _fold_changes(player_id: int, changes: Sequence[LineChange]) -> None:
    """Bring a player's tallies and summary up to date with these changes of
    his lines, by their differences alone (:func:`_fold_tallies`,
    :func:`companion.rules.stats.fold.fold_line`): a few rows read and
    written whatever his history. The summary is recounted from all his lines
    only when a change cannot be folded so."""
    groups_changed = _fold_tallies(player_id, changes)
    data = db.session.execute(select(PlayerSummaryRow.data).where(
        PlayerSummaryRow.player_id == player_id)).scalar()
    stats: PlayerStats | None
    choices: dict[str, list[Any]] = {"kinds": [], "sets": [], "rule_sets": []}
    if data is not None:
        stats, choices = stats_from_summary("", data)
    elif any(old is not None and old.finished for old, _ in changes):
        stats = None  # lines without a summary: recount rather than trust
    else:
        stats = PlayerStats(player="")
    # Games in date order: a batch of new games is then each added after the latest.
    for old, new in sorted(changes, key=lambda c: _change_order(*c)):
        if stats is None:
            break
        stats = fold_line(stats, old, new, HISTORY_KEPT)
    if stats is None:
        _write_summary(player_id, recount_summary(player_id), exists=data is not None)
    elif stats.games == 0:
        _write_summary(player_id, None, exists=data is not None)
    else:
        if groups_changed or data is None:
            choices = _choices_from_tallies(player_id)
        _write_summary(player_id, summary_json(stats, choices), exists=data is not None)


def _change_order(old: PlayerGame | None, new: PlayerGame | None) -> tuple[date, int]:
    line = new if new is not None else old
    assert line is not None
    return (line.played_on, line.game_id)


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
            refresh_games(*ids[i:i + batch], recount=True)
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


__all__ = [
    "HISTORY_KEPT", "TALLY_COUNTS", "choices_of", "line_values", "lines_of", "rebuild_all",
    "recount_player", "recount_summary", "recount_tallies", "refresh_game", "refresh_games",
    "result_from_stored", "stats_from_summary", "stored_player", "summary_json", "tally_counts",
]


def on_games_changed(_sender: object, *, game_ids: tuple[int, ...]) -> None:
    """Receiver of :data:`companion.games.signals.games_changed`: the lines
    of these games written again (:func:`refresh_games`), inside the game's
    write."""
    refresh_games(*game_ids)
