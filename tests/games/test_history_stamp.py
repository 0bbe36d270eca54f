"""The history stamp (issue 10, lists kept until something changes): the
number moves with every committed change to the games or the roster and with
nothing else, and a kept list is never served after a change."""

from __future__ import annotations

import pytest

from companion.games import services
from companion.store.db import db

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]
# Round 1 of a double-12 Mexican Train: Ana went out; the others' pips are their points.
ROUND_1 = {"ended": "domino", "hands": {"Ana": {"pips": 0, "tiles_left": 0}, "Ben": {"pips": 23, "tiles_left": 4},
                                        "Chen": {"pips": 7, "tiles_left": 2}, "Dee": {"pips": 10, "tiles_left": 3}}}


def _stamp(app) -> int:
    with app.app_context():
        value = services.history_stamp()
        db.session.remove()
    return value


def _new_game(api) -> int:
    r = api.post("/api/games", json={"set": 12, "players": PLAYERS, "first_starter": "Ana"})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def test_the_stamp_moves_with_each_change_of_the_games_or_the_roster(app, api):
    before = _stamp(app)
    gid = _new_game(api)
    after_new = _stamp(app)
    assert after_new > before
    assert api.post(f"/api/games/{gid}/rounds", json=ROUND_1).status_code == 201
    after_round = _stamp(app)
    assert after_round > after_new
    assert api.post(f"/api/games/{gid}/archive").status_code == 204  # an UPDATE statement
    after_archive = _stamp(app)
    assert after_archive > after_round
    ben = next(p["id"] for p in api.get("/api/players").get_json()["players"] if p["name"] == "Ben")
    assert api.patch(f"/api/players/{ben}", json={"name": "Benedict"}).status_code == 200
    assert _stamp(app) > after_archive


def test_the_stamp_stays_on_reads_and_refusals(app, api):
    gid = _new_game(api)
    start = _stamp(app)
    api.get("/api/games")
    api.get(f"/api/games/{gid}")
    api.get("/api/players")
    # a round the engine refuses (Ana out and Ben out too): nothing written
    bad = {"ended": "domino", "hands": {n: {"pips": 0, "tiles_left": 0} for n in PLAYERS}}
    assert api.post(f"/api/games/{gid}/rounds", json=bad).status_code == 422
    assert _stamp(app) == start


def test_a_kept_list_is_never_served_after_a_change(app, api, client):
    gid = _new_game(api)
    first = api.get("/api/games").get_json()["games"]
    assert [g["rounds_played"] for g in first if g["id"] == gid] == [0]
    assert api.get("/api/games").get_json()["games"] == first  # kept, the same answer
    assert api.post(f"/api/games/{gid}/rounds", json=ROUND_1).status_code == 201
    now = api.get("/api/games").get_json()["games"]
    assert [g["rounds_played"] for g in now if g["id"] == gid] == [1]
    assert "Benedict" not in client.get("/").get_data(as_text=True)
    ben = next(p["id"] for p in api.get("/api/players").get_json()["players"] if p["name"] == "Ben")
    assert api.patch(f"/api/players/{ben}", json={"name": "Benedict"}).status_code == 200
    page = client.get("/").get_data(as_text=True)
    assert "Benedict" in page
    assert [g["players"] for g in api.get("/api/games").get_json()["games"] if g["id"] == gid] == [
        ["Ana", "Benedict", "Chen", "Dee"]]


def test_the_list_pages_and_links_come_back_the_same_when_kept(app, api):
    for _ in range(3):
        _new_game(api)
    first = api.get("/api/games?per_page=2")
    again = api.get("/api/games?per_page=2")
    assert first.headers["Link"] == again.headers["Link"] == '</api/games?page=2&per_page=2>; rel="next"'
    assert first.get_data() == again.get_data()
    assert again.mimetype == "application/json"
    assert len(again.get_json()["games"]) == 2


def test_a_rename_reaches_a_game_in_progress_and_its_search(app, api):
    """A game still in play has no players' lines yet: the rename finds it by
    its names all the same, and the list's player filter finds it by the new
    name (and no longer by the old one)."""
    gid = _new_game(api)
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []  # read (and kept) before the round
    assert api.post(f"/api/games/{gid}/rounds", json=ROUND_1).status_code == 201
    assert api.get(f"/api/games/{gid}").get_json()["players"] == PLAYERS  # read (and kept) before the rename
    ben = next(p["id"] for p in api.get("/api/players").get_json()["players"] if p["name"] == "Ben")
    assert api.patch(f"/api/players/{ben}", json={"name": "Benedict"}).status_code == 200
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["players"] == ["Ana", "Benedict", "Chen", "Dee"]
    assert game["rounds"][0]["scores"]["Benedict"] == 23
    assert [g["id"] for g in api.get("/api/games?player=benedict").get_json()["games"]] == [gid]
    assert api.get("/api/games?player=Ben").get_json()["games"] == []


def test_a_round_save_and_a_game_read_take_few_connections(app, api, full_game):
    """Each connection taken from the pool costs a round trip or three on
    PostgreSQL (its check, BEGIN, the ROLLBACK that gives it back), so the
    hot paths are counted: a round save takes two (the read the engine
    decides on and the short write, whose claim reads the players' ids: its
    answer is built from what it read and wrote), and a third for a script's
    Bearer token (the sign-in limit's count, one bare read), five statements
    in all, and
    a game's JSON after a change two (the game's stamp, then one snapshot),
    each with the sign-in count's read before it for a Bearer token."""
    from sqlalchemy import event

    head = {k: v for k, v in full_game["record"].items() if k != "rounds"}
    gid = api.post("/api/games", json=head).get_json()["id"]
    api.post(f"/api/games/{gid}/rounds", json={**full_game["record"]["rounds"][0], "number": 1})
    taken = []
    with app.app_context():
        pool = db.engine.pool
    listener = lambda *_: taken.append(1)  # noqa: E731
    statements: list[str] = []
    counted = lambda _c, _cur, stmt, *_: statements.append(stmt.split()[0].upper())  # noqa: E731
    event.listen(pool, "checkout", listener)
    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", counted)
    try:
        r = api.post(f"/api/games/{gid}/rounds", json={**full_game["record"]["rounds"][1], "number": 2})
        event.remove(engine, "before_cursor_execute", counted)
        assert r.status_code == 201
        assert len(taken) == 3
        # the sign-in limit's count of this address (a Bearer token is a
        # sign-in, counted in the database for every process: one read of its
        # own, on PostgreSQL without BEGIN and ROLLBACK); the game with its rounds; the claim
        # (with the summary and the players' ids); the new round; the history stamp
        assert statements == ["SELECT", "SELECT", "UPDATE", "INSERT", "UPDATE"]
        taken.clear()
        read = api.get(f"/api/games/{gid}")
        assert read.status_code == 200
        assert len(taken) == 3  # the sign-in count, the game's stamp, then one snapshot
        assert r.get_json()["game"] == read.get_json()  # the answer is the game as stored
    finally:
        event.remove(pool, "checkout", listener)


def test_on_postgresql_a_saves_read_runs_without_a_transaction_and_its_write_with_one(app, api, full_game, monkeypatch):
    """PostgreSQL: the read a round save decides on runs in autocommit (no
    BEGIN, no ROLLBACK); the connection goes back to the pool in its usual
    mode, so the save's write, and every later transaction, is one
    transaction again: a failing write leaves nothing behind."""
    from companion.games import services
    from companion.games.services import change

    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("PostgreSQL only: SQLite's reads begin no transaction on the server")
    modes = []
    real_read, real_claim = change._read_tail, change._claim_at

    def read(*args, **kwargs):
        modes.append(("read", db.session.connection().connection.dbapi_connection.autocommit))
        return real_read(*args, **kwargs)

    def claim(*args, **kwargs):
        modes.append(("write", db.session.connection().connection.dbapi_connection.autocommit))
        return real_claim(*args, **kwargs)

    monkeypatch.setattr(change, "_read_tail", read)
    monkeypatch.setattr(change, "_claim_at", claim)
    head = {k: v for k, v in full_game["record"].items() if k != "rounds"}
    gid = api.post("/api/games", json=head).get_json()["id"]
    assert api.post(f"/api/games/{gid}/rounds", json=full_game["record"]["rounds"][0]).status_code == 201
    assert modes == [("read", True), ("write", False)]
    with app.app_context():
        with pytest.raises(RuntimeError):
            with services.transaction():
                assert not db.session.connection().connection.dbapi_connection.autocommit
                db.session.execute(db.text("UPDATE game SET kind = 'draw' WHERE id = :g"), {"g": gid})
                raise RuntimeError("a write that fails halfway")
        assert services.get_game(gid).table.kind.value == "mexican_train"


def test_on_postgresql_the_reads_that_name_a_kept_page_run_without_a_transaction(app, api, full_game):
    """PostgreSQL: the one-statement reads that name what a kept page was made
    from (the history stamp, a game's stamp) and the table view's poll run in
    autocommit (no BEGIN, no ROLLBACK); a write after them is one transaction."""
    from sqlalchemy import event

    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("PostgreSQL only: SQLite's reads begin no transaction on the server")
        engine = db.engine
    head = {k: v for k, v in full_game["record"].items() if k != "rounds"}
    gid = api.post("/api/games", json=head).get_json()["id"]
    seen = []

    def note(conn, _cursor, statement, _params, _context, _many):
        seen.append((" ".join(statement.split())[:48], conn.connection.dbapi_connection.autocommit))

    event.listen(engine, "before_cursor_execute", note)
    try:
        assert api.get("/api/games").status_code == 200
        assert api.get(f"/api/games/{gid}").status_code == 200
        assert api.get(f"/api/games/{gid}/revision").status_code == 200
        reads = list(seen)
        seen.clear()
        assert api.post(f"/api/games/{gid}/rounds", json=full_game["record"]["rounds"][0]).status_code == 201
    finally:
        event.remove(engine, "before_cursor_execute", note)
    small = ("SELECT history_stamp.n ", "SELECT game.revision, ")
    assert [auto for sql, auto in reads if sql.startswith(small)] == [True, True, True]
    # the sign-in limit's count before each request (a Bearer token): autocommit too
    signin = "SELECT min(sign_in_attempt.at)"
    assert [auto for sql, auto in reads if sql.startswith(signin)] == [True, True, True]
    # what a list or a game read afresh reads is one transaction (one snapshot)
    afresh = [auto for sql, auto in reads if not sql.startswith((*small, signin))]
    assert len(afresh) >= 2 and not any(afresh)
    writes = [auto for sql, auto in seen if not sql.startswith("SELECT")]
    assert len(writes) == 3 and not any(writes)
