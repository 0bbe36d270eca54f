"""Fuzzing every way a value reaches the app (issue 25): query strings on
every page and API read, forms sent with a valid CSRF token by a signed-in
tablet, the JSON of the players' and club nights' API, and photo uploads,
with unicode digits (``²``, ``①``, ``٣``), numbers beyond the database's
integer and other odd values: never a 5xx, and a refused write (4xx) changes
no stored row.

Normal mode: a few dozen examples per test (seconds). Deep mode, switched on
as for the other fuzz modules with ``COMPANION_FUZZ_EXAMPLES`` (say 2500):
that many examples per test, at least 10,000 requests in all (the last test
counts them), e.g. ``COMPANION_FUZZ_EXAMPLES=2500 pytest -s
tests/web/test_fuzz_inputs.py``.
"""

from __future__ import annotations

import io
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import TOKEN, bearer_client, dispose_app, make_app, stored_rows

DEEP = os.environ.get("COMPANION_FUZZ_EXAMPLES")
EXAMPLES = int(DEEP) if DEEP else 40
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)
SENT = {"query": 0, "form": 0, "json": 0, "upload": 0}

ODD_NUMBERS = ["²", "①", "٣", "１２", "⁵0", "𝟗", "2²", "-0", "+7", "−4", " 12 ", "1e3", "1.5", "0x10",
               str(2**31 - 1), str(2**31), str(-(2**31) - 1), str(2**63 - 1), str(2**63), str(-(2**63)),
               str(-(2**63) - 1), "9" * 30, "9" * 5000, "-1", "0", "1", "2", "6", "12", "\x00", ""]
odd_text = st.sampled_from(ODD_NUMBERS + ["Ana", "\u0410na", "x" * 300, "<b>", "'; --", "\u202e", "a,b;c"])
odd_json_number = st.sampled_from([0, 1, -1, 6, 12, 2**31 - 1, 2**31, -(2**31) - 1, 2**63 - 1, 2**63,
                                   -(2**63), -(2**63) - 1, 10**30, True, 1.5, None])
odd_json = odd_json_number | odd_text | st.lists(odd_json_number | odd_text, max_size=3)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """One app (CSRF on, sign-in limit off) with two games, a club night and
    its players; a Bearer client and a tablet signed in by cookie, with the
    form's CSRF token."""
    app = make_app(tmp_path_factory.mktemp("fuzzinputs"), LOGIN_MAX_FAILURES=0)
    api = bearer_client(app)
    games = [api.post("/api/games", json={
        "kind": "mexican_train", "set": 12, "rules": {"start_engine": 3}, "players": ["Ana", "Ben", "Chen"],
        "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 4}, "Chen": {"pips": 9}}}],
    }).get_json()["id"], api.post("/api/games", json={"set": 6, "players": ["Dee", "Eve"],
                                                      "first_starter": "Dee"}).get_json()["id"]]
    event = api.post("/api/events", json={"name": "Thursday", "held_on": "2026-11-26", "tables": 1,
                                          "players": ["Ana", "Ben", "Chen", "Dee"]}).get_json()["id"]
    players = [p["id"] for p in api.get("/api/players").get_json()["players"]]
    tablet = app.test_client()
    assert tablet.get(f"/?token={TOKEN}").status_code == 302
    token = re.search(r'name="csrf_token" value="([^"]+)"', tablet.get("/").get_data(as_text=True)).group(1)
    ids = {"game_id": games[0], "event_id": event, "player_id": players[0], "number": 1, "device_id": 1,
           "seat": 0, "key": "no-such-key"}
    yield {"app": app, "api": api, "tablet": tablet, "token": token, "ids": ids, "games": games}
    dispose_app(app)


def _snapshot(app) -> str:
    from companion.clubs.models import EventPlayerRow, EventRow
    from companion.games.models import GameRow, PlayerRow, RoundRow

    return stored_rows(app, GameRow, RoundRow, PlayerRow, EventRow, EventPlayerRow)


def _sent(w, kind: str, send) -> int:
    """Send one request (``send()``); no 5xx; a refusal changed nothing."""
    app = w["app"]
    before = app.extensions.get("fuzz_inputs_snapshot") or _snapshot(app)
    r = send()
    SENT[kind] += 1
    assert r.status_code < 500, (kind, r.status_code, r.get_data(as_text=True)[:400])
    if kind != "query":
        after = _snapshot(app)
        app.extensions["fuzz_inputs_snapshot"] = after
        if r.status_code >= 400:
            assert after == before, (kind, r.status_code)
    return r.status_code


# -- query strings --------------------------------------------------------------------------

QUERY_KEYS = ["page", "per_page", "open_page", "set", "id", "ids", "min_games", "game", "round", "kind",
              "since", "until", "archived", "trashed", "shelf", "q", "player", "rules", "status", "n"]
SLOW = ("sheet.pdf", "/sheet", ".pdf", "/photo/", "/static/", "/logout", "/sw.js")


def _get_routes(app):
    return sorted((r for r in app.url_map.iter_rules()
                   if "GET" in r.methods and not any(s in r.rule for s in SLOW)), key=lambda r: r.rule)


@FUZZ
@given(st.data())
def test_fuzz_query_strings(world, data):
    """Any GET route, with its ids filled in, and odd query strings."""
    rules = _get_routes(world["app"])
    for _ in range(2):
        rule = data.draw(st.sampled_from(rules))
        url = rule.build({k: world["ids"].get(k, 1) for k in rule.arguments}, append_unknown=False)[1]
        query = data.draw(st.lists(st.tuples(st.sampled_from(QUERY_KEYS), odd_text), max_size=4))
        client = world["api"] if data.draw(st.booleans()) else world["tablet"]
        _sent(world, "query", lambda c=client, u=url, q=query: c.get(u, query_string=q))


# -- forms with a valid CSRF token ------------------------------------------------------------

FORMS = {
    "/games": ["player", "player", "starter", "set", "kind", "rule-target", "confirm"],
    "/games/{game}/rounds": ["number", "pips-0", "pips-1", "pips-2", "out", "dealt", "confirm"],
    "/games/{game}/rounds/1": ["version", "pips-0", "pips-1", "pips-2", "out"],
    "/events": ["name", "held_on", "set", "tables", "move", "players", "kind"],
    "/events/{event}/players": ["name"],
    "/players": ["name", "confirm"],
    "/players/{player}/merge": ["into"],
    "/players/{player}/rename": ["name", "confirm"],
    "/planner": ["set", "open_end", "hand"],
    "/games/{game}/players": ["name", "after"],
    "/games/{game}/phones/autosave": ["autosave"],
}


@FUZZ
@given(st.sampled_from(sorted(FORMS)), st.data())
def test_fuzz_forms_with_a_valid_csrf_token(world, path, data):
    ids = world["ids"]
    url = path.format(game=ids["game_id"], event=ids["event_id"], player=ids["player_id"])
    form = {"csrf_token": world["token"]}
    for name in data.draw(st.lists(st.sampled_from(FORMS[path]), max_size=6)):
        form[name] = data.draw(odd_text)
    _sent(world, "form", lambda: world["tablet"].post(url, data=form))


# -- the JSON API beyond games and rounds (test_fuzz.py has those) ------------------------------

API_BODIES = {
    ("POST", "/api/players"): ["name", "confirm"],
    ("PATCH", "/api/players/{player}"): ["name", "archived", "confirm"],
    ("POST", "/api/players/{player}/merge"): ["into"],
    ("POST", "/api/events"): ["name", "held_on", "set", "tables", "move", "players", "kind", "rules",
                              "in_pairs", "match"],
    ("POST", "/api/events/{event}/match/games"): ["game", "home", "away", "table"],
    ("POST", "/api/events/{event}/match/players"): ["team", "name"],
    ("POST", "/api/events/{event}/match/games/1/undo"): ["x"],
    ("POST", "/api/events/{event}/players"): ["players", "names", "player"],
    ("POST", "/api/events/{event}/draw"): ["seed"],
    ("POST", "/api/events/{event}/evenings"): ["held_on"],
    ("POST", "/api/games/{game}/rounds"): ["number", "ended", "hands", "confirm"],
    ("PUT", "/api/games/{game}/rounds/1"): ["version", "ended", "hands"],
    ("POST", "/api/games/{game}/archive"): ["archived"],
    ("POST", "/api/planner"): ["set", "open_end", "hand"],
}


@FUZZ
@given(st.sampled_from(sorted(API_BODIES)), st.data())
def test_fuzz_api_json(world, route, data):
    method, path = route
    ids = world["ids"]
    url = path.format(game=ids["game_id"], event=ids["event_id"], player=ids["player_id"])
    body = {name: data.draw(odd_json) for name in data.draw(st.lists(st.sampled_from(API_BODIES[route]),
                                                                     max_size=5))}
    headers = {"Idempotency-Key": data.draw(st.sampled_from(["k1", "k2"]))} if "rounds" in path else {}
    _sent(world, "json", lambda: world["api"].open(url, method=method, json=body, headers=headers))


# -- uploads ----------------------------------------------------------------------------------

def _tiny_png() -> bytes:
    import cv2
    import numpy as np

    image = np.full((48, 64, 3), 255, np.uint8)
    cv2.circle(image, (20, 24), 4, (0, 0, 0), -1)
    return cv2.imencode(".png", image)[1].tobytes()


TINY = _tiny_png()


@settings(FUZZ, max_examples=max(20, EXAMPLES // 2))
@given(st.dictionaries(st.sampled_from(["set", "game", "round", "player", "taken"]), odd_text, max_size=5),
       st.sampled_from(["png", "junk", "none"]), st.booleans())
def test_fuzz_photo_uploads(world, fields, image, by_cookie):
    form = dict(fields)
    if image == "png":
        form["image"] = (io.BytesIO(TINY), "hand.png")
    elif image == "junk":
        form["image"] = (io.BytesIO(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40), "hand.png")
    client = world["tablet"] if by_cookie else world["api"]
    headers = {"X-CSRFToken": world["token"]} if by_cookie else {}
    _sent(world, "upload", lambda: client.post("/api/photo/hand", data=form, headers=headers,
                                               content_type="multipart/form-data"))


def test_the_count_of_inputs_sent(world):
    """Last: every class was sent; in deep mode at least 10,000 requests in all."""
    total = sum(SENT.values())
    print(f"\ninput fuzz: {total} requests ({SENT})")
    assert all(SENT.values()), SENT
    if DEEP and EXAMPLES >= 2300:
        assert total >= 10_000, SENT
