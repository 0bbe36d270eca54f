"""History that stays instant: the cost of reading and saving as the stored
history grows from 1,000 to 10,000 finished games (13 rounds each).

    .venv/bin/python benchmarks/scale.py                    # SQLite, 1,000 then 10,000 games
    .venv/bin/python benchmarks/scale.py --postgres postgresql://postgres@127.0.0.1:5432/test_x
    .venv/bin/python benchmarks/scale.py --sizes 200,2000 --samples 100

Games are seeded through the service layer (:func:`companion.services.create_games`:
every record read and checked by the rules engine, its results derived and
stored, a batch of 500 per transaction), not over HTTP. The history's hands
are written as tiles (the engine's quickest full check); the rounds saved
while measuring are counted hands (pips and tiles left), as the entry form
sends them. ``ROUTE_SETS`` and ``SEEDERS`` take other benchmarks' requests
and seeding (players, club nights). The app is served by a threaded server in this process
on 127.0.0.1; each request kind is timed ``--samples`` times, interleaved with
``/healthz`` on the same server, and printed as median and p99 in milliseconds
and as a ratio to ``/healthz``'s median and p99. Targets (issue 10): every read
≤ 3× ``/healthz``, a round save ≤ 5×, a repeat PDF ≤ 3×, and the 10,000-game
figures within 20% of the 1,000-game ones.

PostgreSQL: the database named by ``--postgres`` has its ``public`` schema
dropped and made anew (use a database of your own).
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOKEN = "scale-bench-token"
NAMES = ["Ana", "Ben", "Chen", "Dee", "Eve", "Femi", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea",
         "Mo", "Nia", "Oli", "Pia", "Quin", "Ray", "Sol", "Tia"]


def records(n: int, seed: int, style: str = "counted") -> list[dict]:
    """``n`` finished four-player Mexican Train games (double-12, 13 rounds)
    made by dealing shuffled sets, with names drawn from :data:`NAMES`.

    :param style: how hands are written (:func:`companion.rules.simulate.random_game`):
        ``counted`` (pips and tiles left, as the entry form sends them) or
        ``tiles`` (the tiles themselves, the engine's quickest full check).
    """
    from companion.rules.simulate import random_game

    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rec = random_game(rng, set_n=12, players=4, style=style)
        names = rng.sample(NAMES, 4)
        rename = dict(zip(rec["players"], names))
        rec["players"] = names
        rec["first_starter"] = names[0]
        for rnd in rec["rounds"]:
            rnd["hands"] = {rename[p]: h for p, h in rnd["hands"].items()}
        out.append(rec)
    return out


class Client:
    """One keep-alive connection with the token."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method: str, path: str, body=None, headers=None) -> tuple[int, bytes, dict]:
        h = {"Authorization": f"Bearer {TOKEN}"}
        h.update(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=h)
        r = self.conn.getresponse()
        raw = r.read()
        return r.status, raw, dict(r.getheaders())


def timed(client: Client, method: str, path, body=None, expect=(200,)) -> float:
    """Seconds for one request (``path`` and ``body`` may be callables)."""
    p = path() if callable(path) else path
    b = body() if callable(body) else body
    t = time.perf_counter()
    status, raw, _ = client.request(method, p, b)
    dt = time.perf_counter() - t
    if status not in expect:
        raise SystemExit(f"{method} {p}: {status} {raw[:300]!r}")
    return dt


def p99(values: list[float]) -> float:
    """The 99th percentile (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, int(round(0.99 * (len(s) - 1))))]


def measure(client: Client, kinds: dict, samples: int) -> dict[str, tuple[float, float]]:
    """Median and p99 (seconds) of each kind, each request followed by a ``/healthz``."""
    out: dict[str, tuple[float, float]] = {}
    health: list[float] = []
    for name, (method, path, body, expect, n) in kinds.items():
        times = []
        for _ in range(n or samples):
            times.append(timed(client, method, path, body, expect))
            health.append(timed(client, "GET", "/healthz"))
        out[name] = (statistics.median(times), p99(times))
    out["/healthz"] = (statistics.median(health), p99(health))
    return out


def serve(app):
    from werkzeug.serving import make_server

    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


HEALTHZ = ("/healthz is the baseline: a bare endpoint on the same server and app (the same WSGI "
           "middleware and request hooks: security headers, limiter, session cookie) that checks no "
           "token, reads no database and renders no template; it answers 'ok'.")

Route = tuple[str, Any, Any, tuple[int, ...], int]
"""One kind of request to time: method, path, body (either may be a callable
giving the next one), the statuses expected, and how many samples (0: ``--samples``)."""


@dataclass
class Seeded:
    """What a size's seeding left for the routes to use.

    :ivar size: finished games stored.
    :ivar samples: ``--samples``.
    :ivar some: a finished game (the one the read routes show).
    :ivar finished_ids: other finished games (each laid out once for the first PDF).
    :ivar open_games: games in play, to save rounds into.
    :ivar own: those games' own records (their rounds, in order).
    """

    size: int
    samples: int
    some: Any
    finished_ids: list[int]
    open_games: list[int]
    own: list[dict]


def game_routes(seeded: Seeded) -> dict[str, Route]:
    """The issue's requests: the lists, a game (page and JSON), a round save, the sheet PDF."""
    some, ids, games, own = seeded.some, seeded.finished_ids, seeded.open_games, seeded.own
    saves, bodies, first_pdf = iter(range(10**9)), iter(range(10**9)), iter(range(10**9))

    def next_save() -> str:
        return f"/api/games/{games[next(saves) % len(games)]}/rounds"

    def own_body() -> dict:
        i = next(bodies)
        return own[i % len(games)]["rounds"][(i // len(games)) % 13]

    def next_pdf() -> str:
        return f"/games/{ids[next(first_pdf) % len(ids)]}/sheet.pdf"

    filtered = f"/api/games?player={quote(some.players[0])}&status=finished&kind=mexican_train"
    return {
        "/ (first page)": ("GET", "/", None, (200,), 0),
        "/api/games (first page)": ("GET", "/api/games", None, (200,), 0),
        "/api/games (filtered)": ("GET", filtered, None, (200,), 0),
        "game page": ("GET", f"/games/{some.id}", None, (200,), 0),
        "game JSON": ("GET", f"/api/games/{some.id}", None, (200,), 0),
        "round save": ("POST", next_save, own_body, (201,), 0),
        "sheet PDF, first": ("GET", next_pdf, None, (200,), min(10, len(ids))),
        "sheet PDF, repeat": ("GET", f"/games/{some.id}/sheet.pdf", None, (200,), 0),
    }


ROUTE_SETS: list[Callable[[Seeded], dict[str, Route]]] = [game_routes]
"""Every set of requests measured at each size; another benchmark may append
its own (each gets the :class:`Seeded` of the size, after the games are seeded)."""

SEEDERS: list[Callable[[Any, int, int], None]] = []
"""Extra seeding run after the games of a size: ``seeder(app, size, seeded_before)``."""


def _seed(app, size: int, seeded: int, samples: int) -> Seeded:
    from companion import services

    t = time.perf_counter()
    with app.app_context():
        services.create_games(records(size - seeded, seed=size, style="tiles"), confirm=True)
        # games in progress to save rounds into (round 1, then the next ones)
        open_games = services.create_games(
            [{**r, "rounds": []} for r in records(samples, seed=size + 1)], confirm=True)
    for seeder in SEEDERS:
        seeder(app, size, seeded)
    print(f"  seeded {size:,} finished games (+{samples} to play) in {time.perf_counter() - t:.0f} s",
          flush=True)
    with app.app_context():
        listed = services.list_games(services.GameQuery(per_page=40, status="finished")).items
    return Seeded(size, samples, listed[0], [g.id for g in listed[1:]], open_games,
                  records(samples, seed=size + 1))


def run(url: str | None, sizes: list[int], samples: int) -> list[tuple[int, dict]]:
    from flask_migrate import upgrade
    from sqlalchemy import text

    from companion import create_app
    from companion.db import database_url, db

    tmp = tempfile.mkdtemp(prefix="companion-scale-")
    config = {"INSTANCE_PATH": tmp, "COMPANION_TOKEN": TOKEN, "SECRET_KEY": "scale-bench",
              "RATELIMIT_ENABLED": False}
    if url:
        config["SQLALCHEMY_DATABASE_URI"] = database_url(url, tmp)
    app = create_app(config)
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            with db.engine.begin() as conn:
                conn.execute(text("DROP SCHEMA public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
        upgrade()
    srv = serve(app)
    client = Client(srv.server_port)
    results = []
    seeded = 0
    for size in sizes:
        state = _seed(app, size, seeded, samples)
        seeded = size
        kinds: dict[str, Route] = {}
        for routes in ROUTE_SETS:
            kinds.update(routes(state))
        client.request("GET", f"/games/{state.some.id}/sheet.pdf")  # laid out once before "repeat"
        for _ in range(20):  # warm up
            client.request("GET", "/healthz")
            client.request("GET", "/api/games")
        results.append((size, measure(client, kinds, samples)))
        report(results[-1])
    srv.shutdown()
    return results


TARGETS = {"round save": 5.0}


def report(result: tuple[int, dict]) -> None:
    size, figures = result
    hm, hp = figures["/healthz"]
    print(f"  {size:,} games   median ms   p99 ms   × healthz (median / p99)   target")
    for name, (m, p) in figures.items():
        target = "" if name in ("/healthz", "sheet PDF, first") else f"≤ {TARGETS.get(name, 3.0):g}×"
        print(f"  {name:<26} {m * 1000:9.2f} {p * 1000:8.2f}   {m / hm:6.1f} / {p / hp:5.1f}   {target}",
              flush=True)


def compare(results: list[tuple[int, dict]]) -> None:
    if len(results) < 2:
        return
    (a, fa), (b, fb) = results[0], results[-1]
    print(f"  {b:,} vs {a:,} games (median ratios to /healthz; target within 20%)")
    for name in fa:
        if name == "/healthz":
            continue
        ra = fa[name][0] / fa["/healthz"][0]
        rb = fb[name][0] / fb["/healthz"][0]
        print(f"  {name:<26} {ra:6.2f} → {rb:6.2f}   ({(rb / ra - 1) * 100:+.0f}%)")


def _players_and_club_nights() -> None:
    """About 200 players, 50 club nights and their pages (benchmarks/players_scale.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import players_scale

    players_scale.register(sys.modules[__name__])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--postgres", help="a PostgreSQL URL (its public schema is dropped!); else SQLite")
    ap.add_argument("--sizes", default="1000,10000", help="stored finished games, comma-separated")
    ap.add_argument("--samples", type=int, default=200, help="requests per kind")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    _players_and_club_nights()
    print(f"Database: {'PostgreSQL' if args.postgres else 'SQLite'}", flush=True)
    print(HEALTHZ, flush=True)
    compare(run(args.postgres, sizes, args.samples))


if __name__ == "__main__":
    main()
