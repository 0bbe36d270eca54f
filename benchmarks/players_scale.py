"""Players and club nights at scale: a player's page, head to head, the
leaderboard and an event's standings on a database of 1,000 and then 10,000
finished games (about 200 players, 50 club nights), each beside ``/healthz``
on the same server as a ratio of medians.

    .venv/bin/python benchmarks/players_scale.py                 # SQLite, 1,000 then 10,000
    .venv/bin/python benchmarks/players_scale.py --db postgresql # the database of --postgres
    .venv/bin/python benchmarks/players_scale.py --sizes 200 2000 --requests 100
    .venv/bin/python benchmarks/players_scale.py --finishing     # issue 30, SQLite
    .venv/bin/python benchmarks/players_scale.py --finishing --db postgresql --postgres postgresql://…

``--finishing`` (issue 30) measures instead the save that finishes a game
for players with 100, 1,000 and 10,000 finished games each (see
:func:`finishing`).

Games are seeded through the service layer (``services.create_games``), so the
players' lines and tallies are written as they are in use. Each game is a
short Mexican Train (5-5 down to 0-0: six rounds) of three or four players
drawn from 200 names; every 25th game joins one of 50 club nights (three
tables a night). The server is the app under waitress in a child process on
127.0.0.1; the client sends sequential keep-alive requests. Targets (issue 12):
each page at most 3x ``/healthz`` and the 10,000 figure within 20% of the
1,000 one.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOKEN = "players-bench-token"
PLAYERS = [f"Player {i:03d}" for i in range(1, 201)]
EVENTS = 50


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _record(rng: random.Random) -> dict:
    seats = rng.sample(PLAYERS, rng.choice((3, 4)))
    rounds = []
    for r in range(6):
        out = seats[r % len(seats)]
        rounds.append({"ended": "domino",
                       "hands": {n: {"pips": 0 if n == out else rng.randint(12, 40)} for n in seats}})
    return {"format": "domino-game-record", "version": 1, "kind": "mexican_train", "set": 12,
            "rules": {"start_engine": 5}, "players": seats, "first_starter": seats[0], "rounds": rounds}


def _events(app) -> list[int]:
    """The ids of the :data:`EVENTS` club nights, made when missing."""
    from companion.clubs.models import EventRow
    from companion.store.db import db

    events = db.session.execute(db.select(EventRow.id).order_by(EventRow.id)).scalars().all()
    if not events:
        for i in range(EVENTS):
            db.session.add(EventRow(name=f"Club night {i + 1}", held_on=date(2026, 1, 1),
                                    kind="mexican_train", set_n=12, rules={"start_engine": 5}))
        db.session.commit()
        events = db.session.execute(db.select(EventRow.id).order_by(EventRow.id)).scalars().all()
    return list(events)


def link_events(app, every: int = 25) -> int:
    """Make every ``every``-th stored finished game not yet in a club night a
    table of one of the :data:`EVENTS` nights (three tables a night), its
    players checked in; the players' lines follow. Called by
    ``benchmarks/scale.py`` after each seeding.

    :return: games linked.
    """
    from companion.clubs.models import EventGameRow, EventPlayerRow
    from companion.games.models import GameRow
    from companion.players import roster
    from companion.store.db import db

    with app.app_context():
        events = _events(app)
        linked = set(db.session.execute(db.select(EventGameRow.game_id)).scalars())
        ids = db.session.execute(db.select(GameRow.id, GameRow.players).where(GameRow.status == "finished")
                                 .order_by(GameRow.id)).all()
        made = 0
        for k, (gid, seats) in enumerate(ids):
            if k % every or gid in linked:
                continue
            slot = k // every
            ev = events[slot % len(events)]
            db.session.add(EventGameRow(game_id=gid, event_id=ev, number=slot // len(events) + 1,
                                        table_no=1 + slot % 3))
            for pid in roster.remember(seats, touch=False).values():
                if db.session.get(EventPlayerRow, (ev, pid)) is None:
                    db.session.add(EventPlayerRow(event_id=ev, player_id=pid))
            db.session.flush()
            roster.refresh_game(gid)
            made += 1
        db.session.commit()
    return made


def seed(app, total: int, already: int, rng: random.Random) -> None:
    """Add short games until ``total`` are stored, then link every 25th to a club night."""
    from companion.games import services

    with app.app_context():
        made = already
        while made < total:
            n = min(500, total - made)
            services.create_games([_record(rng) for _ in range(n)], confirm=True)
            made += n
            print(f"  seeded {made} games", flush=True)
    link_events(app)


def register(scale) -> None:
    """Join ``benchmarks/scale.py``: its games drawn from :data:`PLAYERS` (about
    200 players), every 25th game a table of one of 50 club nights
    (:func:`link_events`, a ``SEEDERS`` hook) and the players' and club
    nights' requests measured beside the games' (:func:`scale_kinds`, a
    ``ROUTE_SETS`` entry)."""
    scale.NAMES[:] = PLAYERS
    scale.SEEDERS.append(lambda app, size: link_events(app))
    scale.ROUTE_SETS.append(lambda seeded: scale_kinds(seeded.app))


def scale_kinds(app) -> dict[str, tuple]:
    """The players' and club nights' requests for ``benchmarks/scale.py``'s
    ``measure`` (``name: (method, path, body, expected statuses, count)``): a
    player's page seen for the first time (a different player each request,
    nothing kept), the same page again, the player API, head to head of the
    two busiest players (first and kept), the leaderboard (first and kept) and an event's
    standings (first and kept)."""
    from itertools import count

    paths = pages(app)
    with app.app_context():
        from companion.games.models import PlayerRow
        from companion.store.db import db

        ids = db.session.execute(db.select(PlayerRow.id).order_by(PlayerRow.id)).scalars().all()
    fresh = count()

    def first_view(ids=ids, fresh=fresh) -> str:
        n = next(fresh)
        return f"/players/{ids[n % len(ids)]}?view={n}"  # a new address: nothing kept

    def first_of(path: str):
        return lambda fresh=fresh: f"{path}{'&' if '?' in path else '?'}view={next(fresh)}"

    return {
        "player page, first view": ("GET", first_view, None, (200,), 0),
        "player page": ("GET", paths["player page"], None, (200,), 0),
        "player API, first view": ("GET", first_of(paths["player API"]), None, (200,), 0),
        "head to head, first view": ("GET", first_of(paths["head to head"]), None, (200,), 0),
        "head to head": ("GET", paths["head to head"], None, (200,), 0),
        "leaderboard, first view": ("GET", first_of(paths["leaderboard"]), None, (200,), 0),
        "leaderboard": ("GET", paths["leaderboard"], None, (200,), 0),
        "event standings, first view": ("GET", first_of(paths["event standings"]), None, (200,), 0),
        "event standings": ("GET", paths["event standings"], None, (200,), 0),
    }


class Server:
    """The app under waitress in a child process."""

    def __init__(self, env: dict[str, str]):
        self.port = _free_port()
        code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from companion import create_app; "
                f"from waitress import serve; serve(create_app(), host='127.0.0.1', port={self.port}, "
                "threads=4, _quiet=True)")
        self.proc = subprocess.Popen([sys.executable, "-c", code], env=env)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def measure(port: int, paths: dict[str, str], requests: int) -> dict[str, float]:
    """Median seconds of ``requests`` sequential GETs of each path, the paths
    taken in turn (``/healthz``, page, page, …, ``/healthz``, …) so that a
    busy moment of the machine weighs on every path alike; 5 warm-up rounds."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Authorization": f"Bearer {TOKEN}"}
    times: dict[str, list[float]] = {name: [] for name in paths}
    for i in range(requests + 5):
        for name, path in paths.items():
            t = time.perf_counter()
            conn.request("GET", path, headers=headers)
            r = conn.getresponse()
            r.read()
            if r.status != 200:
                raise RuntimeError(f"{path}: {r.status}")
            if i >= 5:
                times[name].append(time.perf_counter() - t)
    conn.close()
    return {name: statistics.median(values) for name, values in times.items()}


def first_views(port: int, app, count: int) -> float:
    """Median seconds of the first view of ``count`` players' pages (nothing
    kept yet: the page is made from the stored lines)."""
    from companion.games.models import PlayerRow
    from companion.store.db import db

    with app.app_context():
        ids = db.session.execute(db.select(PlayerRow.id).order_by(PlayerRow.id.desc()).limit(count)).scalars().all()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    times = []
    for pid in ids:
        t = time.perf_counter()
        conn.request("GET", f"/players/{pid}?view=first", headers={"Authorization": f"Bearer {TOKEN}"})
        r = conn.getresponse()
        r.read()
        times.append(time.perf_counter() - t)
    conn.close()
    return statistics.median(times)


def pages(app) -> dict[str, str]:
    """The pages measured, for the most active player and an event with games."""
    from sqlalchemy import func

    from companion.clubs.models import EventGameRow
    from companion.players.models import PlayerGameRow
    from companion.store.db import db

    with app.app_context():
        busiest = db.session.execute(
            db.select(PlayerGameRow.player_id, func.count()).group_by(PlayerGameRow.player_id)
            .order_by(func.count().desc()).limit(2)).all()
        event = db.session.execute(db.select(EventGameRow.event_id).limit(1)).scalar()
    a, b = busiest[0][0], busiest[1][0]
    return {
        "player page": f"/players/{a}",
        "player API": f"/api/players/{a}",
        "head to head": f"/players/compare?id={a}&id={b}",
        "leaderboard": "/players/leaderboard",
        "event standings": f"/events/{event}/standings",
    }


# ---------------------------------------------------------------- issue 30: the finishing save

FINISH_SIZES = (100, 1000, 10000)
"""Finished games each player of a table has played before (issue 30)."""

FINISH_RULES = {"start_engine": 1}
"""Short Mexican Train: rounds 1-1 and 0-0, so the second round finishes the game."""


def _finish_table(size: int) -> list[str]:
    return [f"H{size} {c}" for c in "ABCD"]


def seed_histories(app, sizes=FINISH_SIZES) -> None:
    """Give the four players of each table (:func:`_finish_table`) ``size``
    earlier finished games, fast: the games' rows and the players' lines
    inserted in bulk (the lines made by the app's own
    :func:`companion.players.lines.line_values` from
    :class:`~companion.rules.stats.records.PlayerGame` values), then each
    player's tallies and summary written once by the reference recount
    (``_write_recount``). The games are dated before today, one to four a
    day, ranks drawn at random, so that best, worst and streaks are real."""
    import json
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import insert

    from companion.games.models import GameRow
    from companion.games.services.names import remember
    from companion.players.lines import _table_facts, _write_recount, line_values
    from companion.players.models import PlayerGameRow
    from companion.rules.stats.records import PlayerGame
    from companion.store.db import db
    from companion.store.tx import transaction

    rng = random.Random(30)
    with app.app_context():
        for size in sizes:
            names = _finish_table(size)
            head = {"format": "domino-game-record", "version": 1, "kind": "mexican_train", "set": 12,
                    "rules": FINISH_RULES, "players": names, "first_starter": names[0]}
            rule_set = _table_facts(json.dumps(head, sort_keys=True))[1]
            start = datetime.now(UTC) - timedelta(days=size // 2 + 10)
            with transaction():
                ids = remember(names, touch=False)
            for lo in range(0, size, 1000):
                with transaction():
                    games = []
                    for i in range(lo, min(size, lo + 1000)):
                        when = start + timedelta(days=i // 2, minutes=i % 2)
                        games.append({"kind": "mexican_train", "set_n": 12, "rules": FINISH_RULES,
                                      "players": names, "first_starter": names[0], "status": "finished",
                                      "created_at": when, "updated_at": when, "rounds_played": 2,
                                      "rounds_total": 2, "summary": {"status": "finished"}})
                    game_ids = db.session.execute(insert(GameRow).returning(GameRow.id, GameRow.created_at),
                                                  games).all()
                    lines = []
                    for gid, when in game_ids:
                        totals = {n: rng.randint(0, 80) for n in names}
                        order = sorted(totals.values())
                        for n in names:
                            rank = order.index(totals[n]) + 1
                            line = PlayerGame(
                                player=n, game_id=gid, kind="mexican_train", set_n=12, rule_set=rule_set,
                                played_on=when.date(), finished=True, total=totals[n], rank=rank, ranked=4,
                                firsts=order.count(order[0]), rounds_played=2, points=totals[n],
                                rounds_out=rng.randint(0, 1), rounds_blocked=0, double_blank=0,
                                engines=((1, totals[n] // 2), (0, totals[n] - totals[n] // 2)))
                            lines.append(line_values(line, ids[n], 1))
                    db.session.execute(insert(PlayerGameRow), lines)
            with transaction():
                for pid in ids.values():
                    _write_recount(pid)
            print(f"  {size} finished games for {', '.join(names)}", flush=True)


def _request(conn, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
    import json

    headers = {"Authorization": f"Bearer {TOKEN}"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    r = conn.getresponse()
    return r.status, r.read()


def _healthz(conn) -> float:
    """Seconds of one ``GET /healthz``.

    :raises RuntimeError: it did not answer 200."""
    t = time.perf_counter()
    status, _ = _request(conn, "GET", "/healthz")
    if status != 200:
        raise RuntimeError(f"/healthz: {status}")
    return time.perf_counter() - t


def _mt_round(names: list[str], out: str, rng: random.Random, number: int) -> dict:
    return {"number": number, "ended": "domino", "confirm": True,
            "hands": {n: {"pips": 0 if n == out else rng.randint(3, 30)} for n in names}}


def measure_finishing(port: int, samples: int, sizes=FINISH_SIZES) -> dict[int, dict[str, list[float]]]:
    """Seconds of real finishing saves over HTTP: for each sample, each size in
    turn (the order rotating), a game of that size's four players is created
    with its first round (not timed), then its second round is posted (the
    game finishes: timed), with ``/healthz`` asked just before and just after
    (timed, the two averaged: the machine's moment that save met), all on
    the same keep-alive connection. Three warm-up samples are left out.

    :return: ``{size: {"finish": [s, …], "/healthz": [s, …]}}``.
    :raises RuntimeError: a request did not answer as expected.
    """
    import json

    rng = random.Random(3030)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times: dict[int, dict[str, list[float]]] = {s: {"finish": [], "/healthz": []} for s in sizes}
    order = list(sizes)
    for i in range(samples + 3):
        order = order[1:] + order[:1]
        for size in order:
            names = _finish_table(size)
            names = names[i % 4:] + names[:i % 4]
            record = {"format": "domino-game-record", "version": 1, "kind": "mexican_train", "set": 12,
                      "rules": FINISH_RULES, "players": names, "first_starter": names[0],
                      "rounds": [_mt_round(names, names[0], rng, 1)], "confirm": True}
            status, body = _request(conn, "POST", "/api/games", record)
            if status != 201:
                raise RuntimeError(f"create: {status} {body[:300]!r}")
            gid = json.loads(body)["id"]
            before = _healthz(conn)
            t = time.perf_counter()
            status, body = _request(conn, "POST", f"/api/games/{gid}/rounds", _mt_round(names, names[1], rng, 2))
            spent = time.perf_counter() - t
            if status != 201 or json.loads(body)["game"]["status"] != "finished":
                raise RuntimeError(f"finish: {status} {body[:300]!r}")
            bare = (before + _healthz(conn)) / 2
            if i >= 3:
                times[size]["finish"].append(spent)
                times[size]["/healthz"].append(bare)
    conn.close()
    return times


def finishing(db_kind: str, url: str, samples: int) -> None:
    """Issue 30: the game-finishing save beside ``/healthz`` for players with
    100, 1,000 and 10,000 finished games each, on a fresh database (SQLite in
    a temporary folder, or PostgreSQL at ``url``, its public schema made
    anew). Prints each size's medians (ms), the save as a ratio to
    ``/healthz`` (the median of each save over the ``/healthz`` around it),
    and each size's ratio against the 100-game one (target: within 20%)."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from companion import create_app
    from companion.store.db import db

    instance = tempfile.mkdtemp(prefix="finishing-bench-")
    env = dict(os.environ, COMPANION_INSTANCE_PATH=instance, COMPANION_TOKEN=TOKEN,
               COMPANION_SECRET_KEY="players-bench")
    if db_kind == "postgresql":
        env["DATABASE_URL"] = url
        os.environ["DATABASE_URL"] = url
    os.environ.update(COMPANION_INSTANCE_PATH=instance, COMPANION_TOKEN=TOKEN, COMPANION_SECRET_KEY="players-bench")
    app = create_app()
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            with db.engine.begin() as conn:
                conn.execute(text("DROP SCHEMA public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
        upgrade()
    print(f"{db_kind}: seeding the histories", flush=True)
    t = time.perf_counter()
    seed_histories(app)
    print(f"  seeded in {time.perf_counter() - t:.1f} s", flush=True)
    with app.app_context():
        db.engine.dispose()
    server = Server(env)
    try:
        times = measure_finishing(server.port, samples)
    finally:
        server.stop()
    print(f"\n{db_kind}: the game-finishing save, {samples} samples per size "
          "(median ms; median ratio of each save to the /healthz around it):")
    ratio: dict[int, float] = {}
    for size in FINISH_SIZES:
        finish = statistics.median(times[size]["finish"])
        bare = statistics.median(times[size]["/healthz"])
        # Each save against the /healthz around it, then the median of those.
        ratio[size] = statistics.median(f / h for f, h in zip(times[size]["finish"], times[size]["/healthz"]))
        p90 = statistics.quantiles(times[size]["finish"], n=10)[-1]
        print(f"  {size:6d} games each: finish {finish * 1000:7.2f} ms (p90 {p90 * 1000:7.2f}), "
              f"/healthz {bare * 1000:6.2f} ms, ratio {ratio[size]:6.2f}x")
    base = ratio[FINISH_SIZES[0]]
    print(f"\n{db_kind}: each size's ratio against {FINISH_SIZES[0]} games' (target: within 0.80-1.20):")
    for size in FINISH_SIZES:
        print(f"  {size:6d}: {ratio[size] / base:5.2f}")
    spread = max(ratio.values()) / min(ratio.values())
    print(f"  largest against smallest: {spread:5.2f} ({'within' if spread <= 1.2 else 'NOT within'} 20%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--finishing", action="store_true",
                        help="issue 30: the game-finishing save for players with 100, 1,000 and 10,000 games")
    parser.add_argument("--samples", type=int, default=100, help="finishing saves measured per size")
    args = parser.parse_args()
    if args.finishing:
        finishing(args.db, args.postgres, args.samples)
        return

    from flask_migrate import upgrade
    from sqlalchemy import text

    from companion import create_app
    from companion.store.db import db

    instance = tempfile.mkdtemp(prefix="players-bench-")
    env = dict(os.environ, COMPANION_INSTANCE_PATH=instance, COMPANION_TOKEN=TOKEN,
               COMPANION_SECRET_KEY="players-bench")
    if args.db == "postgresql":
        env["DATABASE_URL"] = args.postgres
        os.environ["DATABASE_URL"] = args.postgres
    os.environ.update(COMPANION_INSTANCE_PATH=instance, COMPANION_TOKEN=TOKEN,
                      COMPANION_SECRET_KEY="players-bench")
    app = create_app()
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            with db.engine.begin() as conn:
                conn.execute(text("DROP SCHEMA public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
        upgrade()
    rng = random.Random(2026)
    results: dict[int, dict[str, float]] = {}
    made = 0
    for size in args.sizes:
        print(f"{args.db}: seeding {size} games", flush=True)
        seed(app, size, made, rng)
        made = size
        server = Server(env)
        try:
            row = measure(server.port, {"/healthz": "/healthz", **pages(app)}, args.requests)
            bare = row["/healthz"]
            row["player page, first view"] = first_views(server.port, app, 40)
            results[size] = row
        finally:
            server.stop()
        print(f"\n{args.db}, {size} games (median ms, ratio to /healthz):")
        for name, secs in row.items():
            print(f"  {name:16s} {secs * 1000:8.2f} ms  {secs / bare:6.2f}x")
    if len(results) > 1:
        small, large = min(results), max(results)
        print(f"\n{large} against {small} games (ratio of the ratios to /healthz):")
        for name in results[small]:
            if name == "/healthz":
                continue
            r_small = results[small][name] / results[small]["/healthz"]
            r_large = results[large][name] / results[large]["/healthz"]
            print(f"  {name:16s} {r_large / r_small:6.2f}")


if __name__ == "__main__":
    main()
