"""Fuzzing every API route that takes a body or changes something (POST, PUT,
DELETE) with thousands of random and malformed requests: never a 500, and a
refused request (4xx) leaves every stored row exactly as it was.

Hypothesis runs derandomized (the same examples on every run) with a fixed
number of examples per route (about 3,000 requests in all), so the time stays
bounded in ``make test``; ``COMPANION_FUZZ_EXAMPLES=5000`` runs a deeper search.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import FIXTURES, bearer_client, dispose_app, make_app, stored_rows, three_games
from tests.helpers import mutated_json

FUZZ = settings(
    max_examples=int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "800")),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)

RECORD = json.loads((FIXTURES / "full_game.json").read_text())["record"]
ROUNDS = RECORD["rounds"]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """One app and database for the module, with three games: in progress after
    three rounds, finished, and new (double-6, two players)."""
    app = make_app(tmp_path_factory.mktemp("fuzz"))
    c = bearer_client(app)
    ids = three_games(c, RECORD)
    yield app, c, ids
    dispose_app(app)


def snapshot(app) -> str:
    """Every stored value of every game, round and player (as canonical JSON)."""
    from companion.games.models import GameRow, PlayerRow, RoundRow

    return stored_rows(app, GameRow, RoundRow, PlayerRow)


def check(app, c, method: str, url: str, body, kind: str) -> int:
    """Send one request; assert no 5xx, and nothing changed unless it succeeded."""
    # The state after the previous request (a refused one changed nothing).
    before = app.extensions.get("fuzz_snapshot") or snapshot(app)
    kwargs = {}
    if kind == "json":
        kwargs = {"data": json.dumps(body, allow_nan=True), "content_type": "application/json"}
    elif kind == "bytes":
        raw = body if isinstance(body, bytes) else json.dumps(body, allow_nan=True).encode()
        kwargs = {"data": raw, "content_type": "application/json"}
    elif kind == "text/plain":
        kwargs = {"data": json.dumps(body, allow_nan=True), "content_type": "text/plain"}
    elif kind == "form":
        kwargs = {"data": {"body": json.dumps(body, allow_nan=True)[:500]}}
    r = c.open(url, method=method, **kwargs)
    assert r.status_code < 500, (method, url, body, r.get_data(as_text=True)[:500])
    after = snapshot(app)
    app.extensions["fuzz_snapshot"] = after
    if r.status_code >= 400:
        assert after == before, (method, url, body, r.status_code)
        if r.mimetype == "application/json" and r.status_code != 405:
            problems = r.get_json()
            assert problems.get("errors") or problems.get("warnings"), problems
    else:
        # A change that was accepted left whole games behind.
        for gid in {int(p) for p in url.split("/")[3:4] if p.isdigit()}:
            g = c.get(f"/api/games/{gid}")
            assert g.status_code in (200, 404), g.get_data(as_text=True)[:300]
    return r.status_code


# -- strategies ---------------------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([0, 1, -1, 6, 12, 13, 23, 50, 500, 501, 2**31, 2**63, 10**30])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(["", "Ana", "Ben", "domino", "blocked", "12-12", "6-5", "0-0", "mexican_train",
                       "<script>alert(1)</script>", "\x00", "'; DROP TABLE game; --", "é" * 50])
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=12) | st.sampled_from(["pips", "tiles", "hands", "engine", "number",
                                                            "version", "confirm", "ended", "dealt"]),
                      children, max_size=5),
    max_leaves=20,
)


def mutated(base):
    """``base`` with a few random changes deep inside: a value replaced, a key
    removed, a key added, a list emptied or doubled."""
    keys = st.text(max_size=10) | st.sampled_from(["pips", "tiles", "confirm", "version", "number",
                                                    "drawn", "engine"])
    return mutated_json(base, json_values, keys, depth=4)


malformed = st.sampled_from([
    b"", b"{", b"}", b"[", b"null", b"[]", b"\"x\"", b"1", b"{\"a\":}", b"\xff\xfe\x00",
    b"{\"set\": NaN}", b"{\"set\": Infinity}", b"[" * 5000 + b"]" * 5000, b"{\"a\":" * 3000 + b"1" + b"}" * 3000,
    b"{\"players\": [\"a\\u0000\", \"b\"], \"set\": 6, \"first_starter\": \"b\"}",
    b"{\"players\": [\"\\ud800\", \"b\"], \"set\": 6, \"first_starter\": \"b\"}",
    b"{\"set\": 6, \"set\": 9}", b"\xef\xbb\xbf{}", b" " * 10000,
]) | st.binary(max_size=200)

kinds = st.sampled_from(["json"] * 8 + ["bytes", "text/plain", "form", "none"])


def body_and_kind(structured):
    return st.one_of(
        st.tuples(structured, kinds),
        st.tuples(json_values, kinds),
        st.tuples(malformed, st.just("bytes")),
    )


game_records = mutated({**RECORD, "rounds": ROUNDS[:2]}) | mutated(
    {"set": 6, "players": ["Ana", "Ben"], "first_starter": "Ana", "confirm": False})
round_bodies = (
    mutated({**ROUNDS[3], "number": 4})
    | mutated({**ROUNDS[2], "version": 1})
    | mutated({"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"tiles": ["6-5", "2-1"]}}, "number": 1})
)
game_ids = st.sampled_from(["G0", "G1", "G2", "0", "999999", "-1", "abc", "1.5"])
round_numbers = st.sampled_from(["0", "1", "2", "3", "4", "13", "14", "99999999999999999999", "-1", "x"])


def _url(ids, template: str, gid: str, n: str = "1") -> str:
    if gid.startswith("G"):
        gid = str(ids[int(gid[1])])
    return template.format(g=gid, n=n)


# -- the routes ----------------------------------------------------------------------------


@FUZZ
@given(body_and_kind(game_records))
def test_fuzz_post_games(world, sent):
    app, c, _ = world
    body, kind = sent
    check(app, c, "POST", "/api/games", body, kind)


@FUZZ
@given(body_and_kind(round_bodies), game_ids, round_numbers)
def test_fuzz_post_and_put_rounds(world, sent, gid, n):
    """Each body goes to both round routes: adding the next round and replacing round n."""
    app, c, ids = world
    body, kind = sent
    check(app, c, "POST", _url(ids, "/api/games/{g}/rounds", gid), body, kind)
    check(app, c, "PUT", _url(ids, "/api/games/{g}/rounds/{n}", gid, n), body, kind)


@settings(FUZZ, max_examples=max(50, FUZZ.max_examples * 3 // 10))
@given(game_ids, round_numbers, st.one_of(st.none(), json_values))
def test_fuzz_delete_round(world, gid, n, body):
    app, c, ids = world
    check(app, c, "DELETE", _url(ids, "/api/games/{g}/rounds/{n}", gid, n), body,
          "json" if body is not None else "none")


planner_bodies = mutated({"set": 12, "open_end": 12, "hand": ["12-5", "5-3", "3-3", "3-9"],
                          "objective": "tiles", "avoid_double_end": False})


@settings(FUZZ, max_examples=max(50, FUZZ.max_examples * 4 // 10))
@given(body_and_kind(planner_bodies))
def test_fuzz_post_planner(world, sent):
    app, c, _ = world
    body, kind = sent
    check(app, c, "POST", "/api/planner", body, kind)


def test_the_world_is_still_whole_after_the_fuzzing(world):
    """Every stored game still reads back as a valid game."""
    app, c, ids = world
    listed = c.get("/api/games")
    assert listed.status_code == 200
    for g in listed.get_json()["games"]:
        r = c.get(f"/api/games/{g['id']}")
        assert r.status_code == 200, r.get_data(as_text=True)[:300]
        assert [x["number"] for x in r.get_json()["rounds"]] == list(range(1, len(r.get_json()["rounds"]) + 1))


@pytest.mark.parametrize("body", [
    b"[" * 100000 + b"]" * 100000,
    b"{\"set\": NaN, \"players\": [\"a\", \"b\"], \"first_starter\": \"a\"}",
    b"{\"set\": 12, \"players\": [\"a\\u0000\", \"b\"], \"first_starter\": \"b\"}",
    b"{\"set\": 12, \"players\": [\"a\\ud800\", \"b\"], \"first_starter\": \"b\"}",
    b"\xff\xfe{}",
])
def test_bodies_that_used_to_break_the_parser_are_422(api, app, body):
    from tests.conftest import count_rows

    for url in ["/api/games", "/api/planner"]:
        r = api.post(url, data=body, content_type="application/json")
        assert r.status_code == 422, (url, r.get_data(as_text=True)[:200])
        assert r.get_json()["errors"][0]["code"] == "bad_value"
    assert count_rows(app) == (0, 0)
