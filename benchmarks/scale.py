"""History that stays instant: the cost of reading and saving as the stored
history grows from 1,000 to 10,000 finished games (13 rounds each).

    .venv/bin/python benchmarks/scale.py                    # SQLite, 1,000 and 10,000 games
    .venv/bin/python benchmarks/scale.py --postgres postgresql://postgres@127.0.0.1:5432/test_x
    .venv/bin/python benchmarks/scale.py --sizes 200,2000 --samples 100

Each size has a database of its own, seeded through the service layer
(:func:`companion.services.create_games`: every record read and checked by the
rules engine, its results derived and stored, a batch of 500 per
transaction), not over HTTP. The history's hands are written as tiles (the
engine's quickest full check); the rounds saved while measuring are counted
hands (pips and tiles left), as the entry form sends them. ``ROUTE_SETS`` and
``SEEDERS`` take other benchmarks' requests and seeding (players, club
nights). Each size's app is served by a threaded server in this process on
127.0.0.1, and the sizes are measured side by side: every sample of a request
kind asks each size's server in turn (in alternating order), each request
followed by ``/healthz`` on the same server, so that a slow moment of the
machine weighs on both sizes alike. Printed: median and p99 in milliseconds
and as a ratio to ``/healthz``'s median and p99. Targets (issue 10): every read
≤ 3× ``/healthz``, a round save ≤ 5×, a repeat PDF ≤ 3×, and the 10,000-game
figures within 20% of the 1,000-game ones.

PostgreSQL: each size lives in a schema of its own (``scale_1000``,
``scale_10000``, …) of the database named by ``--postgres``, dropped and made
anew each run.
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


def measure(sides: list[tuple[Client, dict[str, Route]]], samples: int) -> list[dict[str, tuple[float, float]]]:
    """Median and p99 (seconds) of each kind on each side (a size's server and
    its routes, the same kinds on every side), and of ``/healthz`` on each.

    A sample of a kind asks every side in turn, the order reversed every other
    sample, each request followed by a ``/healthz`` on the same server: the
    sides share the machine's slow and quick moments alike.
    """
    outs: list[dict[str, tuple[float, float]]] = [{} for _ in sides]
    health: list[list[float]] = [[] for _ in sides]
    for name in sides[0][1]:
        times: list[list[float]] = [[] for _ in sides]
        for i in range(sides[0][1][name][4] or samples):
            order = list(range(len(sides)))
            for k in (order if i % 2 == 0 else order[::-1]):
                client, kinds = sides[k]
                method, path, body, expect, _ = kinds[name]
                times[k].append(timed(client, method, path, body, expect))
                health[k].append(timed(client, "GET", "/healthz"))
        for k, values in enumerate(times):
            outs[k][name] = (statistics.median(values), p99(values))
    for k, values in enumerate(health):
        outs[k]["/healthz"] = (statistics.median(values), p99(values))
    return outs


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

    :ivar app: the size's app (its own database).
    :ivar size: finished games stored.
    :ivar samples: ``--samples``.
    :ivar some: a finished game (the one the read routes show).
    :ivar finished_ids: other finished games (each laid out once for the first PDF).
    :ivar open_games: games in play, to save rounds into.
    :ivar own: those games' own records (their rounds, in order).
    """

    app: Any
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
        "sheet PDF, first": ("GET", next_pdf, None, (200,), min(30, len(ids))),
        "sheet PDF, repeat": ("GET", f"/games/{some.id}/sheet.pdf", None, (200,), 0),
    }


ROUTE_SETS: list[Callable[[Seeded], dict[str, Route]]] = [game_routes]
"""Every set of requests measured at each size; another benchmark may append
its own (each gets the :class:`Seeded` of the size, after the games are seeded)."""

SEEDERS: list[Callable[[Any, int], None]] = []
"""Extra seeding run after the games of a size, in its database: ``seeder(app, size)``."""


def _seed(app, size: int, samples: int) -> Seeded:
    from companion.games import services

    t = time.perf_counter()
    with app.app_context():
        for start in range(0, size, 2000):  # the records made a part at a time
            services.create_games(records(min(2000, size - start), seed=size + start, style="tiles"),
                                  confirm=True)
        # games in progress to save rounds into (round 1, then the next ones)
        open_games = services.create_games(
            [{**r, "rounds": []} for r in records(samples, seed=size + 1)], confirm=True)
    for seeder in SEEDERS:
        seeder(app, size)
    print(f"  seeded {size:,} finished games (+{samples} to play) in {time.perf_counter() - t:.0f} s",
          flush=True)
    with app.app_context():
        listed = services.list_games(services.GameQuery(per_page=40, status="finished")).items
    return Seeded(app, size, samples, listed[0], [g.id for g in listed[1:]], open_games,
                  records(samples, seed=size + 1))


def _app(url: str | None, size: int):
    """A migrated app with an empty database of its own for ``size`` games:
    a SQLite file in a new folder, or the PostgreSQL schema ``scale_<size>``
    (dropped and made anew) of ``url``'s database."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from companion import create_app
    from companion.store.db import database_url, db

    tmp = tempfile.mkdtemp(prefix=f"companion-scale-{size}-")
    config = {"INSTANCE_PATH": tmp, "COMPANION_TOKEN": TOKEN, "SECRET_KEY": "scale-bench",
              "RATELIMIT_ENABLED": False}
    schema = f"scale_{size}"
    if url:
        uri = database_url(url, tmp)
        config["SQLALCHEMY_DATABASE_URI"] = (uri + ("&" if "?" in uri else "?")
                                             + "options=" + quote(f"-csearch_path={schema}"))
    app = create_app(config)
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            with db.engine.begin() as conn:
                conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
                conn.execute(text(f"CREATE SCHEMA {schema}"))
        upgrade()
    return app


def run(url: str | None, sizes: list[int], samples: int) -> list[tuple[int, dict]]:
    """Seed a database for each size, then measure the sizes side by side
    (:func:`measure`). :return: ``(size, figures)`` for each size, in order."""
    servers, sides = [], []
    for size in sizes:
        app = _app(url, size)
        state = _seed(app, size, samples)
        srv = serve(app)
        servers.append(srv)
        client = Client(srv.server_port)
        kinds: dict[str, Route] = {}
        for routes in ROUTE_SETS:
            kinds.update(routes(state))
        client.request("GET", f"/games/{state.some.id}/sheet.pdf")  # laid out once before "repeat"
        for _ in range(20):  # warm up
            client.request("GET", "/healthz")
            client.request("GET", "/api/games")
        sides.append((client, kinds))
    print(f"  measuring {', '.join(f'{s:,}' for s in sizes)} games side by side", flush=True)
    results = list(zip(sizes, measure(sides, samples)))
    for srv in servers:
        srv.shutdown()
    for result in results:
        report(result)
    return results


TARGETS = {"round save": 5.0}


def report(result: tuple[int, dict]) -> None:
    size, figures = result
    hm, hp = figures["/healthz"]
    print(f"  {size:,} games   median ms   p99 ms   × healthz (median / p99)   target")
    for name, (m, p) in figures.items():
        untargeted = name in ("/healthz", "sheet PDF, first") or name.endswith("first view")
        target = "" if untargeted else f"≤ {TARGETS.get(name, 3.0):g}×"
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
