"""Fuzzing every form route (every POST outside ``/api``) with random and
malformed fields, and the command line's ``import`` and ``restore`` with
random and malformed files: never a 5xx (or a traceback), and never a partial
write: a refused request or file leaves every stored row as it was, and an
accepted one leaves only whole games (every game reads back, its rounds
numbered 1..n).

Hypothesis runs derandomized with a fixed number of examples per test (about
700 form requests and 320 files in all, well within a minute);
``COMPANION_FUZZ_EXAMPLES=2000`` (shared with ``test_fuzz.py``) runs a deeper
search. CSRF is switched off in this module's app (``test_security.py``
checks it on every form route), so the fuzz reaches the views.
"""

from __future__ import annotations

import gzip
import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import (
    FIXTURES,
    TOKEN,
    bearer_client,
    dispose_app,
    make_app,
    stored_rows,
    three_games,
)
from tests.helpers import assert_stored_results_fresh, mutated_json

DEEP = os.environ.get("COMPANION_FUZZ_EXAMPLES")
FUZZ = settings(
    max_examples=int(DEEP) if DEEP else 160,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)

RECORD = json.loads((FIXTURES / "full_game.json").read_text())["record"]
ROUNDS = RECORD["rounds"]
COUNTS = {"requests": 0, "files": 0}


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    """After the module: how many requests and files were sent (``pytest -s`` shows it)."""
    yield
    print(f"\nform fuzz: {COUNTS['requests']} requests; file fuzz: {COUNTS['files']} files")


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """One app (CSRF off) with three games: four players after three rounds,
    finished, and a new two-player double-6 game; a client signed in by Bearer
    (so signing devices out never signs the fuzzer out)."""
    app = make_app(tmp_path_factory.mktemp("fuzzforms"), WTF_CSRF_ENABLED=False, LOGIN_MAX_FAILURES=0)
    c = bearer_client(app)
    ids = three_games(c, RECORD)
    yield app, c, ids
    dispose_app(app)


def snapshot(app) -> str:
    """Every stored value of every table that holds games, players and club
    nights (canonical JSON)."""
    from companion.clubs.models import EventGameRow, EventPlayerRow, EventRow
    from companion.games.models import GameRow, PlayerRow, RoundRequest, RoundRow
    from companion.players.models import PlayerGameRow, PlayerTallyRow

    return stored_rows(app, GameRow, RoundRow, PlayerRow, RoundRequest, EventRow, EventPlayerRow,
                       EventGameRow, PlayerGameRow, PlayerTallyRow)


def whole_games(app) -> None:
    """Every stored game reads back through the rules engine, rounds 1..n, and
    its stored results are what the engine derives from scratch."""
    assert_stored_results_fresh(app)


def post(app, c, url: str, data, **kwargs) -> int:
    """One form POST: no 5xx; a refusal (4xx) changed nothing; anything else left whole games."""
    before = app.extensions.get("fuzz_forms_snapshot") or snapshot(app)
    r = c.post(url, data=data, **kwargs)
    COUNTS["requests"] += 1
    assert r.status_code < 500, (url, data, r.get_data(as_text=True)[:400])
    after = snapshot(app)
    app.extensions["fuzz_forms_snapshot"] = after
    if r.status_code >= 400:
        assert after == before, (url, data, r.status_code)
    elif after != before:
        whole_games(app)
    return r.status_code


# -- strategies ---------------------------------------------------------------------------

odd_text = st.sampled_from([
    "", " ", "0", "1", "2", "3", "5", "6", "12", "23", "-3", "−4", "+7", "50", "99999999999",
    "2147483648", "1e3", "1.5", " 12 ", "²", "①", "٣", "１２", "0x10", "\x00", "a\x00b", "\t",
    "<script>alert(1)</script>", "'; DROP TABLE game; --", "é" * 60, "blocked", "domino", "on",
    "6-5 2-1", "12-12", "0-0", "6-5,2-1", "99-99", "x" * 500, "\ud7ff", "\u202e", "Ana", "Ben",
])
field_value = odd_text | st.text(max_size=12)
seat = st.integers(min_value=-1, max_value=5)


@st.composite
def round_form(draw):
    """A round entry form: a few of its fields, with odd values."""
    data: dict[str, list[str]] = {}
    names = ["pips", "left", "blank", "tiles", "blanks", "drawn", "marker", "absent"]
    for _ in range(draw(st.integers(0, 14))):
        name = f"{draw(st.sampled_from(names))}-{draw(seat)}"
        data.setdefault(name, []).append(draw(field_value))
    for name in ("out", "dealt", "ended_on_double", "winner", "number", "version", "confirm"):
        if draw(st.booleans()):
            data[name] = [draw(field_value | st.sampled_from(["0", "1", "2", "3", "blocked"]))]
    if draw(st.integers(0, 3)) == 0:  # a plausible round now and then, so some are saved
        data.update({"pips-0": ["0"], "pips-1": [draw(st.sampled_from(["5", "12", "23"]))],
                     "pips-2": ["8"], "pips-3": ["9"], "out": ["0"]})
    return data


@st.composite
def game_form(draw):
    """The start-a-game form."""
    from companion.rules.profile import OPTIONS

    data: dict[str, list[str]] = {
        "player": draw(st.lists(field_value, max_size=10)),
    }
    for name in ("starter", "kind", "set", "preset", "draw_preset", "confirm"):
        if draw(st.booleans()):
            data[name] = [draw(field_value | st.sampled_from(
                ["mexican_train", "draw", "block", "picture", "chickenfoot", "9", "15", "18"]))]
    for opt in draw(st.lists(st.sampled_from(OPTIONS), max_size=4)):
        data[f"rule-{opt.key}"] = [draw(field_value | st.sampled_from(list(opt.choices or [])) if opt.choices
                                        else field_value)]
    return data


game_ref = st.sampled_from(["G0", "G1", "G2", "0", "999999", "2147483647"])
round_ref = st.sampled_from(["1", "2", "3", "4", "13", "14", "0", "2147483647"])


def _url(ids, template: str, gid: str, n: str = "1") -> str:
    if gid.startswith("G"):
        gid = str(ids[int(gid[1])])
    return template.format(g=gid, n=n)


# -- every form route -------------------------------------------------------------------------

COVERED = {
    "/games", "/games/<int:game_id>/rounds", "/games/<int:game_id>/rounds/<int:number>",
    "/games/<int:game_id>/rounds/<int:number>/delete", "/games/<int:game_id>/delete",
    "/planner", "/login", "/logout", "/devices/<int:device_id>/sign-out",
    "/j/<int:game_id>/<key>", "/s/<key>", "/games/<int:game_id>/phones/revoke/<int:seat>",
    "/games/<int:game_id>/phones/new-qr", "/games/<int:game_id>/phones/autosave",
    "/games/<int:game_id>/rematch",
    "/games/<int:game_id>/archive", "/games/<int:game_id>/restore", "/trash/empty",
    "/players", "/players/<int:player_id>/rename", "/players/<int:player_id>/merge",
    "/players/<int:player_id>/archive", "/events", "/events/<int:event_id>/players",
    "/events/<int:event_id>/players/<int:player_id>/leave", "/events/<int:event_id>/draw",
    "/events/<int:event_id>/undo-draw", "/events/<int:event_id>/evenings",
    "/games/<int:game_id>/undo", "/games/<int:game_id>/players", "/games/<int:game_id>/players/leave",
    "/games/<int:game_id>/players/back", "/games/<int:game_id>/finish",
    "/events/<int:event_id>/pairs", "/counts/start", "/games/<int:game_id>/pad", "/games/<int:game_id>/bids",
    "/games/<int:game_id>/pad/<int:number>", "/events/<int:event_id>/match/games",
    "/events/<int:event_id>/match/games/<int:number>/undo", "/events/<int:event_id>/match/players",
    "/games/<int:game_id>/bids/<int:number>",
}


def test_the_fuzz_covers_every_form_route(world):
    app, _, _ = world
    routes = {r.rule for r in app.url_map.iter_rules()
              if "POST" in r.methods and not r.rule.startswith("/api/")}
    assert routes == COVERED


referers = st.none() | st.sampled_from([
    "https://localhost/", "http://localhost/", "https://[::1", "http://[", "https://evil.example/",
    "", "/", "//evil.example", "https://localhost:99999/", "javascript:alert(1)",
]) | st.text(max_size=20).map(lambda t: "".join(c for c in t if c not in "\r\n"))


@FUZZ
@given(game_form(), referers, st.booleans())
def test_fuzz_start_a_game(world, data, referer, https):
    """Over HTTP and HTTPS, with any Referer (the CSRF check of it is in test_hardening)."""
    app, c, _ = world
    headers = {"Referer": referer} if referer is not None else {}
    post(app, c, "/games", data, headers=headers,
         base_url="https://localhost" if https else "http://localhost")


@FUZZ
@given(round_form(), game_ref, round_ref)
def test_fuzz_add_and_correct_a_round(world, data, gid, n):
    app, c, ids = world
    post(app, c, _url(ids, "/games/{g}/rounds", gid), data)
    # also a correction of a round the game does not have (yet, or any more)
    post(app, c, _url(ids, "/games/{g}/rounds/{n}", gid, n), data)


@settings(FUZZ, max_examples=max(40, FUZZ.max_examples // 4))
@given(game_ref, round_ref, st.dictionaries(st.sampled_from(["confirm", "number", "x"]), field_value))
def test_fuzz_delete_a_round(world, gid, n, data):
    app, c, ids = world
    post(app, c, _url(ids, "/games/{g}/rounds/{n}/delete", gid, n), data)


@settings(FUZZ, max_examples=max(40, FUZZ.max_examples // 2))
@given(st.dictionaries(st.sampled_from(["set", "open_end", "hand", "objective", "avoid_double_end",
                                        "from_engine"]), field_value | st.just("12-5 5-3 3-3 3-9")))
def test_fuzz_planner(world, data):
    app, c, _ = world
    post(app, c, "/planner", data)


@settings(FUZZ, max_examples=max(40, FUZZ.max_examples // 2))
@given(st.dictionaries(st.sampled_from(["token", "next"]), field_value | st.just(TOKEN)
                       | st.sampled_from(["//evil.example", "/\t/evil.example", "/\\evil", "/games/1"])))
def test_fuzz_sign_in_and_out(world, data):
    app, _, _ = world
    c = app.test_client()
    status = post(app, c, "/login", data)
    if status == 302:
        location = c.post("/login", data=data).headers.get("Location", "")
        assert location.startswith("/") and not location.startswith(("//", "/\\"))
    post(app, c, "/logout", data)


@settings(FUZZ, max_examples=max(40, FUZZ.max_examples // 4))
@given(st.sampled_from(["0", "1", "2", "3", "999999", "2147483647"]), st.booleans())
def test_fuzz_sign_a_device_out(world, device, own):
    app, c, _ = world
    tablet = app.test_client()
    tablet.get(f"/?token={TOKEN}")
    if own:
        page = tablet.get("/devices").get_data(as_text=True)
        device = re.findall(r"/devices/(\d+)/sign-out", page)[0]
    post(app, tablet, f"/devices/{device}/sign-out", {})
    post(app, c, f"/devices/{device}/sign-out", {})


def _join_key(app, gid: int) -> str:
    from companion.phones import links as phones
    from companion.store.db import db

    with app.app_context():
        key = phones.access(gid).join_key
        db.session.remove()
    return key


@settings(FUZZ, max_examples=max(40, FUZZ.max_examples // 2))
@given(game_ref, st.booleans(), field_value | st.sampled_from(["0", "1", "2", "3"]), round_form(),
       st.sampled_from(["0", "1", "3", "7", "2147483647"]), field_value)
def test_fuzz_players_phones(world, gid, real_key, seat_value, hand, seat_no, autosave):
    """A phone joins (the QR code's page) with a seat, sends its hand; the
    tablet revokes a seat and turns the automatic save on or off."""
    from urllib.parse import quote

    app, c, ids = world
    url_gid = _url(ids, "{g}", gid)
    key = _join_key(app, int(url_gid)) if real_key and gid.startswith("G") else "not-a-key"
    phone = app.test_client()
    status = post(app, phone, f"/j/{url_gid}/{quote(key, safe='')}", {"seat": seat_value})
    if status == 302:
        link = phone.post(f"/j/{url_gid}/{quote(key, safe='')}", data={"seat": seat_value})
        seat_url = link.headers["Location"]
        post(app, phone, seat_url, hand)
        post(app, phone, seat_url + "x", hand)
    post(app, c, _url(ids, "/games/{g}/phones/revoke/" + seat_no, gid), {})
    post(app, c, _url(ids, "/games/{g}/phones/autosave", gid), {"autosave": autosave})


@settings(FUZZ, max_examples=max(10, FUZZ.max_examples // 16))
@given(game_ref)
def test_fuzz_new_qr_code(world, gid):
    app, c, ids = world
    post(app, c, _url(ids, "/games/{g}/phones/new-qr", gid), {})


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 8))
@given(st.sampled_from(["G2", "0", "999999", "2147483647"]),
       st.dictionaries(st.sampled_from(["archived", "x"]), field_value))
def test_fuzz_archive_trash_restore(world, gid, data):
    """Archive, bring back, trash, restore, and empty an empty trash: never a 500."""
    app, c, ids = world
    for path in ("/games/{g}/archive", "/games/{g}/archive", "/games/{g}/restore"):
        post(app, c, _url(ids, path, gid), data)
    post(app, c, "/trash/empty", data)


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 8))
@given(game_ref, st.dictionaries(st.sampled_from(["confirm", "x"]), field_value))
def test_fuzz_end_the_game_now(world, gid, data):
    """End a game where it stands, twice, with any fields: never a 500."""
    app, c, ids = world
    for _ in range(2):
        post(app, c, _url(ids, "/games/{g}/finish", gid), data)


# -- players and club nights ---------------------------------------------------------------

event_value = field_value | st.sampled_from([
    "mexican_train", "draw", "block", "picture", "12", "9", "6", "place_points", "wins", "points_per_round",
    "random", "balanced", "move_down", "by_standing", "draw", "keep", "highest", "average", "zero",
    "quick", "league", "2026-11-26", "2026-02-30", "Ana\nBen\nChen", "Ana, Ben, Chen, Dee, Eve",
    "fives_threes", "all_fives", "texas42", "solihull", "leek", "northallerton", "teesdale", "muggins", "1",
])


@st.composite
def event_form(draw):
    """The open-an-evening form: a few of its fields, with odd values."""
    data: dict[str, list[str]] = {}
    for name in ("name", "held_on", "kind", "set", "preset", "late_join", "scoring", "seating", "reseat",
                 "move", "tables", "players", "preset-fives_threes", "preset-all_fives", "in_pairs", "match",
                 "team-0", "team-1", "team-0-players", "team-1-players", "singles", "doubles"):
        if draw(st.booleans()):
            data[name] = [draw(event_value)]
    if draw(st.integers(0, 3)) == 0:  # a plausible evening now and then
        data.update({"name": ["Club"], "tables": ["2"], "players": ["Ana\nBen\nChen\nDee\nEve"]})
    return data


@FUZZ
@given(event_form())
def test_fuzz_open_an_evening(world, data):
    app, c, _ = world
    post(app, c, "/events", data)


@settings(FUZZ, max_examples=max(40, FUZZ.max_examples // 2))
@given(st.sampled_from(["1", "2", "0", "999999", "2147483647"]),
       st.sampled_from(["players", "draw", "undo-draw", "evenings", "players/1/leave", "players/4/leave",
                        "players/2147483647/leave"]),
       st.dictionaries(st.sampled_from(["name", "held_on", "x"]), event_value))
def test_fuzz_an_evening(world, ev, action, data):
    app, c, _ = world
    post(app, c, f"/events/{ev}/{action}", data)


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 4))
@given(st.sampled_from(["1", "2", "0", "999999", "2147483647"]),
       st.dictionaries(st.sampled_from(["game", "home-0", "home-1", "away-0", "away-1", "table", "x"]),
                       event_value | st.sampled_from(["Ana", "Ben", "Chen", "Dee", "7", "-1", "99"])))
def test_fuzz_start_a_game_of_a_match(world, ev, data):
    """A game of a league match started from its row, at a match night (one
    made here, Ana and Ben against Chen and Dee) or not, with any fields:
    never a 5xx."""
    app, c, _ = world
    if "fuzz_match" not in app.extensions:
        r = c.post("/api/events", json={"name": "Match", "kind": "fives_threes", "match": {
            "format": "solihull", "teams": [{"name": "A", "players": ["Ana", "Ben"]},
                                            {"name": "B", "players": ["Chen", "Dee"]}]}})
        assert r.status_code == 201, r.get_json()
        app.extensions["fuzz_match"] = str(r.get_json()["id"])
        app.extensions.pop("fuzz_forms_snapshot", None)
    event = ev if ev != "2" else app.extensions["fuzz_match"]
    post(app, c, f"/events/{event}/match/games", data)
    post(app, c, f"/events/{event}/match/players", {"team": data.get("game", "0"), "name": data.get("home-0", "")})
    post(app, c, f"/events/{event}/match/games/{data.get('table', '1') if str(data.get('table', '1')).isdigit() else '1'}/undo", {})


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 4))
@given(st.sampled_from(["1", "2", "0", "999999", "2147483647"]),
       st.dictionaries(st.sampled_from(["pair_a", "pair_b", "x"]),
                       event_value | st.sampled_from(["Ana", "Ben", "ana", "Chen"])))
def test_fuzz_check_in_a_pair(world, ev, data):
    """Two players checked in as a pair, at a night in pairs or not: never a 5xx."""
    app, c, _ = world
    post(app, c, f"/events/{ev}/pairs", data)


count_value = field_value | st.sampled_from([
    "all_fives:all_fives", "all_fives:muggins", "fives_threes:", "texas42:", "texas42:x", ":", "x:y",
    "Ana", "Ben", "Chen", "Dee", "1", "0", "5 10 15", "15 x 5", "-5", "30", "41", "2 marks", "pass",
    "made", "set", "fives", "doubles", "normal", "nello"])


@settings(FUZZ, max_examples=max(40, FUZZ.max_examples // 2))
@given(st.dictionaries(st.sampled_from(["choice", "player-0", "player-1", "player-2", "player-3", "pairs",
                                        "target", "x"]), count_value),
       game_ref,
       st.dictionaries(st.sampled_from(["hand", "number", "version", "bid-0", "bid-1", "bid-2", "bid-3",
                                        "result", "trump", "type", "points", "x"]), count_value),
       st.sampled_from(["1", "2", "0", "999999"]))
def test_fuzz_the_games_scored_during_play(world, start, gid, hand, number):
    """The counting games' start form, score pad (a new hand, a hand
    corrected) and 42's bids (a new hand, a hand corrected), with any fields, on games of any kind: a
    refusal or a whole game, never a 5xx."""
    app, c, ids = world
    post(app, c, "/counts/start", start)
    post(app, c, _url(ids, "/games/{g}/pad", gid), hand)
    post(app, c, _url(ids, "/games/{g}/pad/" + number, gid), hand)
    post(app, c, _url(ids, "/games/{g}/bids", gid), hand)
    post(app, c, _url(ids, "/games/{g}/bids/" + number, gid), hand)


@settings(FUZZ, max_examples=max(40, FUZZ.max_examples // 2))
@given(st.sampled_from(["1", "2", "3", "5", "0", "999999", "2147483647"]),
       st.sampled_from(["rename", "merge", "archive"]),
       st.dictionaries(st.sampled_from(["name", "into", "archived"]),
                       field_value | st.sampled_from(["1", "2", "3", "0", "99999999999", "Ana", "ana"])))
def test_fuzz_the_roster(world, pid, action, data):
    app, c, _ = world
    post(app, c, f"/players/{pid}/{action}", data)


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 4))
@given(st.dictionaries(st.sampled_from(["name", "x"]), field_value))
def test_fuzz_add_a_player(world, data):
    app, c, _ = world
    post(app, c, "/players", data)

@settings(FUZZ, max_examples=max(10, FUZZ.max_examples // 16))
@given(game_ref, st.dictionaries(st.sampled_from(["x", "first_starter", "players"]), field_value))
def test_fuzz_rematch(world, gid, data):
    """A new game with the same players: the posted fields are never read."""
    app, c, ids = world
    post(app, c, _url(ids, "/games/{g}/rematch", gid), data)


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 4))
@given(game_ref, st.sampled_from(["", "/leave", "/back"]),
       st.dictionaries(st.sampled_from(["name", "after", "player", "x"]),
                       field_value | st.sampled_from(["Ana", "Ben", "Cy", "Dee", "Eve", "ana"])))
def test_fuzz_who_sits_at_the_table(world, gid, action, data):
    """A newcomer seated, a player leaving or coming back, with any fields: a
    refusal or a whole game, never a 5xx."""
    app, c, ids = world
    post(app, c, _url(ids, "/games/{g}/players", gid) + action, data)


undo_change = st.fixed_dictionaries({
    "kind": st.sampled_from(["added", "corrected", "deleted", "", "x"]) | field_value,
    "number": st.sampled_from([0, 1, 3, 4, -1, 2**31, "1", None]),
    "revision": st.sampled_from([0, 1, 3, 4, 99, -1, "x", None]),
    "previous": st.none() | st.just(ROUNDS[0]) | st.just(ROUNDS[-1]) | mutated_json(
        ROUNDS[0], st.none() | st.integers(-5, 2**40) | st.text(max_size=5),
        st.sampled_from(["x", "pips", "out"])),
})


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 4))
@given(game_ref, st.booleans(), undo_change, field_value)
def test_fuzz_undo(world, gid, signed, change, raw):
    """Undo with a token signed by the app (any change inside it, for this game
    or another) or with any text: a refusal or a whole game, never a 5xx."""
    from itsdangerous import URLSafeSerializer

    from companion.games.views.undo import SALT
    app, c, ids = world
    url = _url(ids, "/games/{g}/undo", gid)
    token = raw
    if signed:
        game = ids[int(gid[1])] if gid.startswith("G") else int(gid)
        token = URLSafeSerializer(app.secret_key, salt=SALT).dumps({"game": game, **change})
    post(app, c, url, {"token": token})


@settings(FUZZ, max_examples=max(20, FUZZ.max_examples // 8))
@given(st.sampled_from(["G2", "0", "999999", "2147483647"]), st.dictionaries(st.just("x"), field_value))
def test_fuzz_delete_a_game(world, gid, data):
    """Last: may delete the new game (G2), never the others."""
    app, c, ids = world
    post(app, c, _url(ids, "/games/{g}/delete", gid), data)


# -- files for import and restore ---------------------------------------------------------------

json_leaf = (st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
             | st.sampled_from([0, 1, -1, 2**31, 2**63, "", "x", "\u0000", "Ana", "é" * 300, 1.5])
             | st.text(max_size=20))


def mutated(base):
    """``base`` with one to three random changes somewhere inside."""
    keys = st.text(max_size=8) | st.sampled_from(["id", "version", "view_key", "number"])
    return mutated_json(base, json_leaf, keys, depth=5)


raw_files = st.sampled_from([
    b"", b"{", b"null", b"[]", b"\xff\xfe", b"[" * 3000 + b"]" * 3000, b"{\"games\": NaN}",
    b"\x1f\x8b", b"\x1f\x8b\x08\x00garbage", b"{\"format\": \"domino-companion-backup\", \"version\": 1}",
]) | st.binary(max_size=120)


def _encode(draw, doc) -> bytes:
    raw = json.dumps(doc, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    return gzip.compress(raw) if draw(st.booleans()) else raw


def _run(app, tmp_path, command: str, raw: bytes):
    """Run ``flask <command> FILE``: exit 0, or 1 with one line; never a traceback."""
    path = tmp_path / ("in.json.gz" if raw[:2] == b"\x1f\x8b" else "in.json")
    path.write_bytes(raw)
    result = app.test_cli_runner().invoke(args=[command, str(path)])
    COUNTS["files"] += 1
    assert result.exit_code in (0, 1), (command, raw[:200], result.output[-500:], result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 1:
        lines = [x for x in result.output.splitlines() if not x.startswith("INFO ")]
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.output[-500:]
    return result.exit_code


def _empty(app) -> None:
    from companion.games.models import GameRow, PlayerRow
    from companion.store.db import db
    from companion.web.sessions import DeviceSession

    with app.app_context():
        for model in (GameRow, PlayerRow, DeviceSession):
            db.session.execute(db.delete(model))
        db.session.commit()
        db.session.remove()


@pytest.fixture(scope="module")
def files_world(tmp_path_factory):
    """An app with an empty database, a backup of three games to damage, and a folder."""
    tmp = tmp_path_factory.mktemp("fuzzfiles")
    app = make_app(tmp)
    c = bearer_client(app)
    c.post("/api/games", json={**RECORD, "rounds": ROUNDS[:2]})
    c.post("/api/games", json={"set": 6, "players": ["Ana", "Ben"], "first_starter": "Ben",
                               "rounds": [{"ended": "blocked", "hands": {"Ana": {"pips": 4}, "Ben": {"pips": 9}}}]})
    assert app.test_cli_runner().invoke(args=["backup", str(tmp / "b.json")]).exit_code == 0
    doc = json.loads((tmp / "b.json").read_text())
    _empty(app)
    yield app, doc, tmp
    dispose_app(app)


@FUZZ
@given(st.data())
def test_fuzz_import(files_world, data):
    app, doc, tmp = files_world
    records = [{k: g[k] for k in ("kind", "set", "rules", "players", "first_starter")}
               | {"rounds": [r["data"] for r in g["rounds"]]} for g in doc["games"]]
    shape = data.draw(st.sampled_from(["many", "one", "raw"]))
    if shape == "raw":
        raw = data.draw(raw_files)
    else:
        base = {"games": records} if shape == "many" else records[0]
        raw = _encode(data.draw, data.draw(mutated(base)))
    before = snapshot(app)
    code = _run(app, tmp, "import", raw)
    after = snapshot(app)
    if code == 1:
        assert after == before
    else:
        whole_games(app)
        _empty(app)


@FUZZ
@given(st.data())
def test_fuzz_restore(files_world, data):
    app, doc, tmp = files_world
    raw = data.draw(raw_files) if data.draw(st.integers(0, 4)) == 0 else _encode(data.draw, data.draw(mutated(doc)))
    before = snapshot(app)
    code = _run(app, tmp, "restore", raw)
    if code == 1:
        assert snapshot(app) == before
    else:
        whole_games(app)
        _empty(app)
