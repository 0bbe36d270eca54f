"""A club night's draw against the evening as it is (issue 24, cases 3 and
4): a second *Draw the tables* of the same evening never seats a second set
of tables (409; the page shows the first draw's tables); undoing a draw once
a table has a saved round is refused (409), decided inside the transaction
that would delete the games, so a round answered 201 is never deleted. A
late arrival joins a running table through the game's own service. Runs on
SQLite and on PostgreSQL (``COMPANION_TEST_DATABASE_URL``).
"""

from __future__ import annotations

import html
import threading

from sqlalchemy import func, select

from companion.games import services
from companion.games.models import GameRow
from companion.store.db import db
from tests.conftest import TOKEN, bearer_client, csrf_token
from tests.helpers_races import HOLD, Device, Hold, hold_first_save, race

SHORT = {"start_engine": 1}
PEOPLE = ["Ana", "Ben", "Chen", "Dee", "Eve", "Finn", "Gus"]
"""Seven players at two tables: one of four, one of three."""


def _event(api):
    r = api.post("/api/events", json={"name": "Thursday club", "held_on": "2026-11-26", "rules": SHORT,
                                      "tables": 2, "players": PEOPLE})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"]


def _games_stored(app) -> int:
    with app.app_context():
        n = db.session.execute(select(func.count()).select_from(GameRow)).scalar()
        db.session.rollback()
        return n


def _draw_is_held(monkeypatch):
    """Hold the first draw while it stores its tables' games (the old code
    stored them after committing its claim; the new one inside its turn)."""
    hold = Hold(monkeypatch, services, "store_games", after=False)
    real_create = services.create_game
    monkeypatch.setattr(services, "create_game", lambda *a, **k: _held_create(hold, real_create, *a, **k))
    return hold


def _held_create(hold, real, *args, **kwargs):
    if not hold.reached.is_set():
        hold.reached.set()
        hold.released.wait(10)
    return real(*args, **kwargs)


# ---------------------------------------------------------------- case 3


def test_two_draws_at_once_seat_the_evening_once(app, api, monkeypatch):
    """Two tablets tap *Draw the tables* while the first draw is still
    storing its games: one draw seats seven players at two tables; the
    other answers 409 with a message; two games stored, not four."""
    eid = _event(api)
    hold = _draw_is_held(monkeypatch)
    one, two = bearer_client(app), bearer_client(app)
    first, second = race(lambda: one.post(f"/api/events/{eid}/draw", json={}),
                         lambda: two.post(f"/api/events/{eid}/draw", json={}), hold)
    assert first.status_code == 201, first.get_data(as_text=True)
    assert second.status_code == 409, second.get_data(as_text=True)
    assert second.get_json()["errors"][0]["code"] == "edit_conflict"
    assert second.get_json()["errors"][0]["message"] == "The tables were just drawn on another device."
    ev = api.get(f"/api/events/{eid}").get_json()
    assert len(ev["games"]) == 1
    seated = sorted(p for t in ev["games"][0] for p in t["players"])
    assert seated == sorted(PEOPLE)
    assert sorted(len(t["players"]) for t in ev["games"][0]) == [3, 4]
    assert _games_stored(app) == 2


def test_a_double_tap_on_the_page_shows_the_first_draws_tables(app, client, monkeypatch):
    """The page's form tapped twice at once: the second tap comes back to
    the evening's page with the tables the first drew, and a message."""
    api = bearer_client(app)
    eid = _event(api)
    token = csrf_token(client, f"/events/{eid}")
    other = app.test_client()  # a second tablet
    assert other.get(f"/?token={TOKEN}").status_code == 302
    other_token = csrf_token(other, f"/events/{eid}")
    hold = _draw_is_held(monkeypatch)
    first, second = race(lambda: client.post(f"/events/{eid}/draw", data={"csrf_token": token}),
                         lambda: other.post(f"/events/{eid}/draw", data={"csrf_token": other_token}), hold)
    assert first.status_code == 302
    assert second.status_code == 303 and second.headers["Location"].endswith(f"/events/{eid}#tables")
    page = html.unescape(other.get(f"/events/{eid}").get_data(as_text=True))
    assert "The tables were just drawn on another device." in page
    assert "Table 1" in page and "Table 2" in page and "Table 3" not in page
    assert _games_stored(app) == 2


# ---------------------------------------------------------------- case 4


def _round_one(api, game_id):
    seats = api.get(f"/api/games/{game_id}").get_json()["players"]
    hands = {n: {"pips": 0 if i == 0 else 5 * i} for i, n in enumerate(seats)}
    return {"number": 1, "ended": "domino", "hands": hands}


def test_undo_draw_while_a_table_saves_its_first_round_is_refused(app, api, client, monkeypatch):
    """Table 1 saves its first round (held inside its transaction) while the
    desk takes the draw back: the undo waits, sees the round and is refused
    (409, with a message); the round answered 201 stays, and so do the
    tables."""
    eid = _event(api)
    tables = api.post(f"/api/events/{eid}/draw", json={}).get_json()["games"][0]
    game_id = tables[0]["game"]
    body = _round_one(api, game_id)
    token = csrf_token(client, f"/events/{eid}")
    hold = hold_first_save(monkeypatch)
    tablet = bearer_client(app)
    saved, undone = race(lambda: tablet.post(f"/api/games/{game_id}/rounds", json=body),
                         lambda: client.post(f"/events/{eid}/undo-draw", data={"csrf_token": token}), hold)
    assert saved.status_code == 201, saved.get_data(as_text=True)
    assert undone.status_code == 409
    assert "A table has already played a round: the draw stays." in html.unescape(undone.get_data(as_text=True))
    game = api.get(f"/api/games/{game_id}")
    assert game.status_code == 200 and len(game.get_json()["rounds"]) == 1
    assert len(api.get(f"/api/events/{eid}").get_json()["games"]) == 1
    assert _games_stored(app) == 2


def test_undo_draw_after_a_saved_round_is_refused_409(app, api, client):
    eid = _event(api)
    tables = api.post(f"/api/events/{eid}/draw", json={}).get_json()["games"][0]
    game_id = tables[1]["game"]
    assert api.post(f"/api/games/{game_id}/rounds", json=_round_one(api, game_id)).status_code == 201
    token = csrf_token(client, f"/events/{eid}")
    r = client.post(f"/events/{eid}/undo-draw", data={"csrf_token": token})
    assert r.status_code == 409
    assert _games_stored(app) == 2
    # With no round saved anywhere, the draw is taken back: both games go.
    eid2 = _event(api)
    api.post(f"/api/events/{eid2}/draw", json={})
    r = client.post(f"/events/{eid2}/undo-draw", data={"csrf_token": csrf_token(client, f"/events/{eid2}")})
    assert r.status_code == 302
    assert api.get(f"/api/events/{eid2}").get_json()["games"] == []
    assert _games_stored(app) == 2


# ---------------------------------------------------------------- a late arrival


def test_a_late_arrival_joins_through_the_games_service(app, api, monkeypatch):
    """Hal checks in while the tables play: he joins the table of three
    through the game's own service (its checks, its revision, its signals),
    absent from the round already played."""
    from companion.games.services import seats

    eid = _event(api)
    tables = api.post(f"/api/events/{eid}/draw", json={}).get_json()["games"][0]
    three = next(t for t in tables if len(t["players"]) == 3)
    assert api.post(f"/api/games/{three['game']}/rounds", json=_round_one(api, three["game"])).status_code == 201
    calls = []
    real = seats.add_player
    monkeypatch.setattr(seats, "add_player", lambda *a, **k: calls.append(a) or real(*a, **k))
    revision = api.get(f"/api/games/{three['game']}").get_json()["revision"]
    r = api.post(f"/api/events/{eid}/players", json={"players": ["Hal"]})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert calls == [(three["game"], "Hal")]
    game = api.get(f"/api/games/{three['game']}").get_json()
    assert game["players"] == [*three["players"], "Hal"]
    assert game["rounds"][0]["absent"] == ["Hal"]
    assert game["revision"] > revision


def test_draw_taps_released_together_never_seat_twice(app, api):
    """No hold: three evenings, each drawn by two tablets released at the
    same instant. Every evening has one set of tables; the second tap
    answers 409 (drawn while it waited) or 422 (it saw the tables)."""
    for _ in range(3):
        eid = _event(api)
        start = threading.Barrier(2, timeout=HOLD)
        tablets = [bearer_client(app), bearer_client(app)]

        def tap(c, eid=eid, start=start):
            start.wait()
            return c.post(f"/api/events/{eid}/draw", json={})

        devices = [Device(lambda c=c: tap(c)) for c in tablets]
        for d in devices:
            d.start()
        codes = sorted(d.answer().status_code for d in devices)
        assert codes in ([201, 409], [201, 422]), codes
        assert len(api.get(f"/api/events/{eid}").get_json()["games"]) == 1
    assert _games_stored(app) == 6
