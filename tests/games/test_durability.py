"""Nothing lost: two tablets saving the same round against a live server, a
storm of mixed changes on one game, and a server killed with SIGKILL in the
middle of saving, restarted, and resumed at the right round. Runs on SQLite
and on PostgreSQL (``COMPANION_TEST_DATABASE_URL``)."""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.rules.state import GameState
from tests.conftest import TOKEN, count_rows

ROOT = Path(__file__).resolve().parents[2]
HEAD = {"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben", "Chen", "Dee"],
        "first_starter": "Ana"}


class Http:
    """A tiny JSON client over one keep-alive connection (one per thread)."""

    def __init__(self, base: str, timeout: float = 20.0):
        host, port = base.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=timeout)

    def send(self, method: str, path: str, body=None) -> tuple[int, object]:
        headers = {"Authorization": f"Bearer {TOKEN}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=headers)
        resp = self.conn.getresponse()
        raw = resp.read()
        ctype = resp.getheader("Content-Type", "")
        return resp.status, (json.loads(raw) if raw and "json" in ctype else raw)

    def close(self) -> None:
        self.conn.close()


def _overlapping_saves(monkeypatch, app, tablets: int) -> None:
    """Make the racing saves overlap for certain, without a sleep: the first
    save to reach the rules check (holding the game's write lock) waits until
    every tablet's request is inside the server, so the others are in flight
    behind its lock while it saves."""
    arrived = [0]
    lock = threading.Lock()
    everyone = threading.Event()
    inner = app.wsgi_app

    def counting(environ, start_response):
        with lock:
            arrived[0] += 1
            if arrived[0] >= tablets:
                everyone.set()
        return inner(environ, start_response)

    real = GameState.check_round

    def held(*args, **kwargs):
        assert everyone.wait(60), "not every tablet's request reached the server"
        return real(*args, **kwargs)

    monkeypatch.setattr(app, "wsgi_app", counting)
    monkeypatch.setattr(GameState, "check_round", held)


def _race(n: int, work) -> list:
    """Run ``work(i)`` in ``n`` threads released at the same instant."""
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def run(i):
        barrier.wait()
        results[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def _hands(winner: int, pips: int) -> dict:
    names = HEAD["players"]
    return {n: {"pips": 0 if i == winner else pips + i} for i, n in enumerate(names)}


@pytest.mark.parametrize("tablets", [2, 6])
def test_tablets_saving_the_same_round_one_is_saved_the_others_409(app, api, server, monkeypatch, tablets):
    gid = api.post("/api/games", json=HEAD).get_json()["id"]
    _overlapping_saves(monkeypatch, app, tablets)
    sent = [{"number": 1, "ended": "domino", "hands": _hands(i % 4, 10 + i)} for i in range(tablets)]

    def save(i):
        c = Http(server)
        try:
            return c.send("POST", f"/api/games/{gid}/rounds", sent[i])
        finally:
            c.close()

    results = _race(tablets, save)
    statuses = sorted(s for s, _ in results)
    assert statuses == [201] + [409] * (tablets - 1), results
    for status, body in results:
        if status == 409:
            assert body["errors"][0]["code"] == "edit_conflict"
            assert body["errors"][0]["path"] == "number"
    winner = next(i for i, (s, _) in enumerate(results) if s == 201)
    game = api.get(f"/api/games/{gid}").get_json()
    assert len(game["rounds"]) == 1
    assert {p: h["pips"] for p, h in game["rounds"][0]["hands"].items()} == {
        p: h["pips"] for p, h in sent[winner]["hands"].items()}
    assert game["revision"] == 2  # the refused saves left no trace, not even a revision
    assert count_rows(app)[1] == 1


def test_tablets_correcting_the_same_round_one_wins_the_other_409(app, api, server, monkeypatch):
    gid = api.post("/api/games", json=HEAD).get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json={"number": 1, "ended": "domino", "hands": _hands(0, 5)})
    assert r.status_code == 201
    assert r.get_json()["round"]["version"] == 1
    _overlapping_saves(monkeypatch, app, 2)
    edits = [{"version": 1, "ended": "domino", "hands": _hands(1, 20)},
             {"version": 1, "ended": "domino", "hands": _hands(2, 30)}]

    def correct(i):
        c = Http(server)
        try:
            return c.send("PUT", f"/api/games/{gid}/rounds/1", edits[i])
        finally:
            c.close()

    results = _race(2, correct)
    assert sorted(s for s, _ in results) == [200, 409], results
    winner = next(i for i, (s, _) in enumerate(results) if s == 200)
    loser = results[1 - winner][1]
    assert loser["errors"][0]["code"] == "edit_conflict"
    stored = api.get(f"/api/games/{gid}").get_json()["rounds"][0]
    assert stored["version"] == 2
    assert {p: h["pips"] for p, h in stored["hands"].items()} == {
        p: h["pips"] for p, h in edits[winner]["hands"].items()}


STORM_ACTIONS = 25
"""Changes each device tries in the storm (a fixed number: no clock)."""


def test_a_storm_of_mixed_changes_leaves_a_whole_game(app, api, server, full_game):
    """Six devices add, correct and delete rounds of one game at once for a
    moment; every answer is 2xx, 409 or 422, and the stored game reads back as a
    valid game whose rounds are numbered 1..n."""
    record = full_game["record"]
    rounds = record["rounds"]
    gid = api.post("/api/games", json={**record, "rounds": []}).get_json()["id"]
    seen: list[int] = []
    lock = threading.Lock()

    def device(i):
        rng = random.Random(i)
        c = Http(server)
        try:
            for _ in range(STORM_ACTIONS):
                status, game = c.send("GET", f"/api/games/{gid}")
                assert status == 200, game
                n = len(game["rounds"])
                action = rng.random()
                if action < 0.6 and n < len(rounds):
                    s, body = c.send("POST", f"/api/games/{gid}/rounds", {**rounds[n], "number": n + 1})
                elif action < 0.8 and n:
                    k = rng.randint(1, n)
                    v = game["rounds"][k - 1]["version"]
                    s, body = c.send("PUT", f"/api/games/{gid}/rounds/{k}", {**rounds[k - 1], "version": v})
                elif n:
                    s, body = c.send("DELETE", f"/api/games/{gid}/rounds/{n}")
                else:
                    continue
                with lock:
                    seen.append(s)
                assert s in (200, 201, 204, 409, 422, 404), (s, body)
        finally:
            c.close()

    errors = []

    def guarded(i):
        try:
            device(i)
        except AssertionError as exc:  # pragma: no cover - reported below
            errors.append(exc)

    _race(6, guarded)
    assert errors == []
    assert 201 in seen and len(seen) > 10
    game = api.get(f"/api/games/{gid}").get_json()
    n = len(game["rounds"])
    for i, rnd in enumerate(game["rounds"]):
        assert rnd["engine"] == 12 - i
        assert {p: h["pips"] for p, h in rnd["hands"].items()} == {
            p: h.get("pips") for p, h in rounds[i]["hands"].items()}
    from companion.games.models import RoundRow
    from companion.store.db import db

    with app.app_context():
        numbers = list(db.session.execute(
            db.select(RoundRow.number).where(RoundRow.game_id == gid).order_by(RoundRow.number)).scalars())
    assert numbers == list(range(1, n + 1))


# -- a server killed with SIGKILL -------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_server(app, port: int) -> subprocess.Popen:
    """The app under waitress in its own process, on the test's database."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    env.pop("DATABASE_URL", None)
    env.update(COMPANION_INSTANCE_PATH=app.instance_path, COMPANION_TOKEN=TOKEN,
               COMPANION_SECRET_KEY="test-secret")
    url = os.environ.get("COMPANION_TEST_DATABASE_URL")
    if url:
        env["DATABASE_URL"] = url
    proc = subprocess.Popen(
        [sys.executable, "-m", "waitress", "--listen", f"127.0.0.1:{port}", "--threads", "4",
         "--call", "companion:create_app"],
        cwd=str(ROOT), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            c.request("GET", "/healthz")
            if c.getresponse().status == 200:
                c.close()
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


def test_a_server_killed_while_saving_loses_nothing_and_resumes(app, api, full_game):
    record = full_game["record"]
    rounds = record["rounds"]
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _start_server(app, port)
    try:
        c = Http(base)
        # Table A: five rounds saved, then the server dies.
        _, body = c.send("POST", "/api/games", {**record, "rounds": []})
        stopped = body["id"]
        for i in range(5):
            status, body = c.send("POST", f"/api/games/{stopped}/rounds", {**rounds[i], "number": i + 1})
            assert status == 201, body
        # Four more tables stream rounds (game after game) until the kill.
        acked: dict[int, int] = {}
        lock = threading.Lock()
        streaming = threading.Event()  # set once a dozen rounds are saved

        def table(k):
            t = Http(base, timeout=5)
            try:
                while True:
                    _, body = t.send("POST", "/api/games", {**record, "rounds": []})
                    gid = body["id"]
                    with lock:
                        acked[gid] = 0
                    for i, rnd in enumerate(rounds):
                        status, _ = t.send("POST", f"/api/games/{gid}/rounds", {**rnd, "number": i + 1})
                        assert status == 201
                        with lock:
                            acked[gid] = i + 1
                            if sum(acked.values()) >= 12:
                                streaming.set()
            except (OSError, http.client.HTTPException):
                return  # the server is gone
            finally:
                t.close()

        threads = [threading.Thread(target=table, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        # Let the stream get going (at least a dozen rounds saved), then kill.
        assert streaming.wait(120), acked
        proc.kill()  # SIGKILL in the middle of the stream
        proc.wait(10)
        for t in threads:
            t.join(10)
        c.close()
        assert sum(acked.values()) > 10, acked  # the kill did land mid-stream
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)

    proc = _start_server(app, port)
    try:
        c = Http(base)
        # The database is whole: every game reads, every saved round is there
        # once, at most the one round in flight per table was saved unanswered.
        for gid, n in acked.items():
            status, game = c.send("GET", f"/api/games/{gid}")
            assert status == 200, (gid, game)
            stored = len(game["rounds"])
            assert stored in (n, n + 1), (gid, n, stored)
            for i, rnd in enumerate(game["rounds"]):
                assert rnd["engine"] == 12 - i
                assert {p: h["pips"] for p, h in rnd["hands"].items()} == {
                    p: h.get("pips") for p, h in rounds[i]["hands"].items()}
            if stored < len(rounds):
                assert game["next_round"]["engine"] == 12 - stored
        # The game stopped after round 5 resumes with the 7-7 engine ...
        status, game = c.send("GET", f"/api/games/{stopped}")
        assert len(game["rounds"]) == 5
        assert game["next_round"]["number"] == 6 and game["next_round"]["engine"] == 7
        assert game["rounds"][-1]["totals"] == full_game["expected"]["totals_after_round_5"]
        status, page = c.send("GET", f"/games/{stopped}")
        assert status == 200 and b"7-7" in page
        # ... and goes on to the end.
        for i in range(5, len(rounds)):
            status, body = c.send("POST", f"/api/games/{stopped}/rounds", {**rounds[i], "number": i + 1})
            assert status == 201, body
        status, game = c.send("GET", f"/api/games/{stopped}")
        assert game["standings"] == full_game["expected"]["standings"]
        c.close()
    finally:
        proc.kill()
        proc.wait(10)
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        from companion.store.db import db

        with app.app_context():
            with db.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
                assert conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall() == []
