"""Players' tallies and summaries kept by differences
(companion/players/lines.py: ``refresh_games`` folding each changed line):

* a property test: after random games finished, corrected, taken back to
  in progress, put in the trash and restored, in any order and on any day,
  every player's stored tallies and summary equal the reference recount
  from all his lines (``recount_player``, the full recompute);
* the rows a game-finishing save reads do not depend on the players'
  history: the same statements and the same rows fetched with 5 and with
  50 earlier finished games; so too a club night's table and its standings.

Games are short Mexican Trains (``start_engine`` 1: rounds 1-1 and 0-0), so
the second round finishes a game.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from sqlalchemy import event, update

from companion.games.models import GameRow, PlayerRow
from companion.players.lines import recount_player, stored_player
from companion.store.db import db
from companion.store.tx import transaction

SHORT = {"start_engine": 1}
NAMES = ["Ana", "Ben", "Chen", "Dee"]
PIPS = st.sampled_from([3, 5, 10, 15, 20])


def _round(players, out, pips, number=None):
    body = {"ended": "domino", "confirm": True,
            "hands": {n: {"pips": 0 if n == out else p} for n, p in zip(players, pips)}}
    if number is not None:
        body["number"] = number
    return body


def _new_game(api, players, first):
    r = api.post("/api/games", json={
        "format": "domino-game-record", "version": 1, "kind": "mexican_train", "set": 12, "rules": SHORT,
        "players": players, "first_starter": players[0], "rounds": [first], "confirm": True})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"]


def _assert_stored_equal_recount(app):
    with app.app_context():
        for pid in db.session.execute(db.select(PlayerRow.id)).scalars():
            assert stored_player(pid) == recount_player(pid), f"player {pid}"
        db.session.rollback()


@st.composite
def steps(draw):
    action = draw(st.sampled_from(["new", "finish", "finish", "correct", "undo", "trash", "restore", "backdate"]))
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    return (action, draw(st.integers(0, 30)), players, draw(st.integers(0, 3)),
            draw(st.lists(PIPS, min_size=4, max_size=4)), draw(st.integers(1, 2)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a failing plan is shown unshrunk
@given(st.lists(steps(), min_size=1, max_size=14))
def test_stored_tallies_and_summaries_equal_the_recount(app, api, plan):
    """State carries over from one example to the next (one database for the
    test): the property holds whatever is stored before."""
    games: list[tuple[int, list[str]]] = []
    for action, pick, players, out, pips, number in plan:
        if action == "new" or not games:
            games.append((_new_game(api, players, _round(players, players[out % len(players)], pips)), players))
            continue
        gid, seats = games[pick % len(games)]
        out_name = seats[out % len(seats)]
        r = api.get(f"/api/games/{gid}")
        state = r.get_json() if r.status_code == 200 else {"status": "trash", "rounds": []}
        if action == "finish" and state["status"] == "in_progress" and len(state["rounds"]) == 1:
            r = api.post(f"/api/games/{gid}/rounds", json=_round(seats, out_name, pips, number=2))
            assert r.status_code == 201, r.get_data(as_text=True)
        elif action == "correct" and state["rounds"] and number <= len(state["rounds"]):
            body = {**_round(seats, out_name, pips), "version": state["rounds"][number - 1]["version"]}
            r = api.put(f"/api/games/{gid}/rounds/{number}", json=body)
            assert r.status_code == 200, r.get_data(as_text=True)
        elif action == "undo" and len(state["rounds"]) == 2:
            assert api.delete(f"/api/games/{gid}/rounds/2").status_code == 204
        elif action == "trash":
            assert api.delete(f"/api/games/{gid}").status_code in (204, 404)
        elif action == "restore":
            assert api.post(f"/api/games/{gid}/restore").status_code in (204, 404)
        elif action == "backdate" and state["status"] == "in_progress":
            # A game begun on another day (no lines while in progress): when it
            # finishes it falls before or after the players' latest games.
            with app.app_context(), transaction():
                db.session.execute(update(GameRow).where(GameRow.id == gid).values(
                    created_at=datetime(2026, 1, 1, 12, tzinfo=UTC) + timedelta(days=pick)))
        _assert_stored_equal_recount(app)
    _assert_stored_equal_recount(app)


# ---------------------------------------------------------------- rows read by a finishing save


@contextmanager
def counted_reads(app):
    """Count the statements sent and the rows fetched from the database while
    the block runs: ``{"statements": n, "rows": n}`` (each cursor wrapped
    so that every fetch is counted, whatever the driver reports)."""
    counts = {"statements": 0, "rows": 0}

    class Counting:
        def __init__(self, cursor):
            self._cursor = cursor

        def __getattr__(self, name):
            return getattr(self._cursor, name)

        def fetchone(self):
            row = self._cursor.fetchone()
            counts["rows"] += row is not None
            return row

        def fetchmany(self, *args):
            rows = self._cursor.fetchmany(*args)
            counts["rows"] += len(rows)
            return rows

        def fetchall(self):
            rows = self._cursor.fetchall()
            counts["rows"] += len(rows)
            return rows

        def __iter__(self):
            for row in self._cursor:
                counts["rows"] += 1
                yield row

    def before(conn, cursor, statement, parameters, context, executemany):
        counts["statements"] += 1

    def after(conn, cursor, statement, parameters, context, executemany):
        if context is not None and cursor.description is not None:
            context.cursor = Counting(cursor)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "after_cursor_execute", after)
    try:
        yield counts
    finally:
        event.remove(engine, "before_cursor_execute", before)
        event.remove(engine, "after_cursor_execute", after)


def _history(api, players, games):
    for i in range(games):
        seats = players[i % 2:] + players[:i % 2]
        gid = _new_game(api, seats, _round(seats, seats[0], [0, 5, 10, 15]))
        r = api.post(f"/api/games/{gid}/rounds", json=_round(seats, seats[1], [4 + i % 3, 0, 10, 20], number=2))
        assert r.status_code == 201


def _finishing_save(app, api, players):
    gid = _new_game(api, players, _round(players, players[0], [0, 5, 10, 15]))
    with counted_reads(app) as counts:
        r = api.post(f"/api/games/{gid}/rounds", json=_round(players, players[1], [3, 0, 10, 20], number=2))
    assert r.status_code == 201 and r.get_json()["game"]["status"] == "finished"
    return counts


def test_rows_read_by_a_finishing_save_are_the_same_with_5_and_50_earlier_games(tmp_path):
    from tests.conftest import bearer_client, dispose_app, make_app

    seen = {}
    for earlier in (5, 50):
        application = make_app(tmp_path / f"h{earlier}")
        try:
            api = bearer_client(application)
            _history(api, NAMES, earlier)
            seen[earlier] = _finishing_save(application, api, NAMES)
            _assert_stored_equal_recount(application)
        finally:
            dispose_app(application)
    assert seen[5] == seen[50], seen
    assert seen[5]["rows"] > 0


def _club_night(api):
    r = api.post("/api/events", json={"name": "Thursday club", "held_on": "2026-11-26", "rules": SHORT,
                                      "tables": 1, "players": NAMES})
    assert r.status_code == 201, r.get_data(as_text=True)
    event_id = r.get_json()["id"]
    r = api.post(f"/api/events/{event_id}/draw", json={})
    assert r.status_code == 201, r.get_data(as_text=True)
    (table,) = r.get_json()["games"][0]
    return event_id, table["game"]


def test_a_club_table_finishing_and_its_standings_read_the_same_rows_whatever_the_history(tmp_path):
    from tests.conftest import bearer_client, dispose_app, make_app

    seen = {}
    for earlier in (5, 50):
        application = make_app(tmp_path / f"c{earlier}")
        try:
            api = bearer_client(application)
            _history(api, NAMES, earlier)
            event_id, gid = _club_night(api)
            seats = api.get(f"/api/games/{gid}").get_json()["players"]
            r = api.post(f"/api/games/{gid}/rounds", json=_round(seats, seats[0], [0, 5, 10, 15], number=1))
            assert r.status_code == 201
            with counted_reads(application) as save:
                r = api.post(f"/api/games/{gid}/rounds", json=_round(seats, seats[1], [3, 0, 10, 20], number=2))
            assert r.status_code == 201 and r.get_json()["game"]["status"] == "finished"
            with counted_reads(application) as read:
                r = api.get(f"/api/events/{event_id}/standings?view={earlier}")
            assert r.status_code == 200
            # By hand: totals 3, 5, 20, 35 in seat order, places 1 to 4.
            rows = r.get_json()["standings"]
            assert [s["player"] for s in rows] == seats
            seen[earlier] = (save, read)
            _assert_stored_equal_recount(application)
        finally:
            dispose_app(application)
    assert seen[5] == seen[50], seen
