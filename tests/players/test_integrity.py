"""Merges and renames against the games as they are (issue 24, cases 1, 2
and 6): a merge of two who sit at one game, finished or not, is refused with
409 naming the game; a rename and a round save of that player's game never
interleave; renames and merges racing each other answer 409 (or the refusal
the data as it is gives), never 500, and leave every game's names on the
roster. Runs on SQLite and on PostgreSQL (``COMPANION_TEST_DATABASE_URL``).

Races: each device a thread with its own client; the first is held inside
its transaction until the second has started (tests/helpers_races.py).
"""

from __future__ import annotations

import html
import threading
import time

from sqlalchemy import select

from companion.games.models import GameRow, PlayerRow, RoundRow
from companion.players import roster
from companion.rules.stats.records import name_key
from companion.store.db import db
from tests.conftest import bearer_client, csrf_token
from tests.helpers_races import HOLD, Device, Hold, hold_first_save, race

SHORT = {"start_engine": 1}
"""Two rounds, 1-1 then 0-0: a game of one round saved is still under way."""


def _game(api, players, rounds=()):
    record = {"format": "domino-game-record", "version": 1, "kind": "mexican_train", "set": 12,
              "rules": SHORT, "players": players, "first_starter": players[0], "rounds": list(rounds)}
    r = api.post("/api/games", json=record)
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"]


def _round(pips):
    return {"ended": "domino", "hands": {n: {"pips": p} for n, p in pips.items()}}


def _ids(api):
    return {p["name"]: p["id"] for p in api.get("/api/players?archived=1").get_json()["players"]}


def _names_everywhere_on_the_roster(app):
    """Every name a game's seats or rounds hold is a roster entry (what a
    merge or rename racing another must never break)."""
    with app.app_context():
        roster_keys = set(db.session.execute(select(PlayerRow.key)).scalars())
        for gid, players in db.session.execute(select(GameRow.id, GameRow.players)):
            assert {name_key(n) for n in players} <= roster_keys, (gid, players)
            for data in db.session.execute(select(RoundRow.data).where(RoundRow.game_id == gid)).scalars():
                assert set(data.get("hands", {})) <= set(players), (gid, data)
        db.session.rollback()


# ---------------------------------------------------------------- case 1


def test_merge_refused_for_two_at_the_same_unfinished_game(app, api):
    """Ana and Benny sit at one game with one round played (not finished, so
    neither has a line of it yet): merging them would seat one name twice.
    Refused, 409, the message naming the game; the game still loads."""
    gid = _game(api, ["Ana", "Benny", "Chen"], [_round({"Ana": 0, "Benny": 8, "Chen": 12})])
    ids = _ids(api)
    r = api.post(f"/api/players/{ids['Benny']}/merge", json={"into": ids["Ana"]})
    assert r.status_code == 409, r.get_data(as_text=True)
    error = r.get_json()["errors"][0]
    assert error["code"] == "duplicate_player"
    assert f"(game {gid})" in error["message"] and "Benny" in error["message"]
    game = api.get(f"/api/games/{gid}")
    assert game.status_code == 200
    assert game.get_json()["players"] == ["Ana", "Benny", "Chen"]
    assert set(_ids(api)) == {"Ana", "Benny", "Chen"}
    # The game goes on: round 2 (0-0) is saved, Chen out.
    r = api.post(f"/api/games/{gid}/rounds", json={"number": 2, **_round({"Ana": 3, "Benny": 5, "Chen": 0})})
    assert r.status_code == 201, r.get_data(as_text=True)


def test_merge_refused_for_a_game_just_set_up(api):
    """A game with no round yet: the seats alone decide."""
    gid = _game(api, ["Ana", "Benny"])
    ids = _ids(api)
    r = api.post(f"/api/players/{ids['Ana']}/merge", json={"into": ids["Benny"]})
    assert r.status_code == 409
    assert f"(game {gid})" in r.get_json()["errors"][0]["message"]
    assert api.get(f"/api/games/{gid}").get_json()["players"] == ["Ana", "Benny"]


def test_merge_form_refused_for_two_at_the_same_unfinished_game(client, api):
    gid = _game(api, ["Ana", "Benny"], [_round({"Ana": 0, "Benny": 8})])
    ids = _ids(api)
    url = f"/players/{ids['Benny']}/manage"
    r = client.post(f"/players/{ids['Benny']}/merge",
                    data={"csrf_token": csrf_token(client, url), "into": str(ids["Ana"])})
    assert r.status_code == 409
    page = html.unescape(r.get_data(as_text=True))
    assert f"Benny and Ana played in the same game (game {gid})" in page
    assert api.get(f"/api/games/{gid}").get_json()["players"] == ["Ana", "Benny"]


# ---------------------------------------------------------------- case 2


def test_a_rename_and_a_round_save_of_his_game_never_interleave(app, api, monkeypatch):
    """Ben is renamed Bert while round 1 of his game is being saved (held
    inside its transaction). The rename waits for the save and renames that
    round too: the record says Bert everywhere, the sheet prints, the game
    goes on under the new name."""
    gid = _game(api, ["Ana", "Ben"])
    ben = _ids(api)["Ben"]
    hold = hold_first_save(monkeypatch)
    # The save is let go once the rename has read the game (the old rename
    # read it without waiting, then waited to write what it had read), or
    # after 3 s when the rename waits for the save's turn before reading.
    rewriting = threading.Event()
    real = roster._rewrite_games
    monkeypatch.setattr(roster, "_rewrite_games", lambda *a, **k: rewriting.set() or real(*a, **k))
    tablet, desk = bearer_client(app), bearer_client(app)
    save = Device(lambda: tablet.post(f"/api/games/{gid}/rounds",
                                      json={"number": 1, **_round({"Ana": 0, "Ben": 9})}))
    save.start()
    hold.wait_reached()
    rename = Device(lambda: desk.patch(f"/api/players/{ben}", json={"name": "Bert"}))
    rename.start()
    rewriting.wait(3)
    time.sleep(0.3)  # its read of the game done, its write waiting for the save's lock
    hold.released.set()
    saved, renamed = save.answer(), rename.answer()
    assert saved.status_code == 201, saved.get_data(as_text=True)
    assert renamed.status_code == 200, renamed.get_data(as_text=True)
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["players"] == ["Ana", "Bert"]
    assert set(game["rounds"][0]["hands"]) == {"Ana", "Bert"}
    assert game["rounds"][0]["hands"]["Bert"]["pips"] == 9
    # The game's summary is round 1's (Ana out, Bert 9 pips), renamed, and
    # its revision went up once more than the save left it (pages refresh).
    assert {s["player"]: s["total"] for s in game["standings"]} == {"Ana": 0, "Bert": 9}
    assert game["revision"] == saved.get_json()["game"]["revision"] + 1
    assert api.get(f"/games/{gid}/sheet.pdf").status_code == 200
    r = api.post(f"/api/games/{gid}/rounds", json={"number": 2, **_round({"Ana": 4, "Bert": 0})})
    assert r.status_code == 201, r.get_data(as_text=True)
    assert {s["player"]: s["total"] for s in r.get_json()["game"]["standings"]} == {"Ana": 4, "Bert": 9}
    _names_everywhere_on_the_roster(app)


# ---------------------------------------------------------------- case 6


def test_two_renames_to_one_name_at_once(app, api, monkeypatch):
    """Ana and Ben are both renamed Zed at the same moment: one is renamed,
    the other answers 422 ``duplicate_player`` (it saw Zed) or 409
    ``edit_conflict`` (the name was taken while it wrote), never 500."""
    _game(api, ["Ana", "Chen"])
    _game(api, ["Ben", "Dee"])
    ids = _ids(api)
    hold = Hold(monkeypatch, roster, "_rewrite_games")
    one, two = bearer_client(app), bearer_client(app)
    first, second = race(lambda: one.patch(f"/api/players/{ids['Ana']}", json={"name": "Zed"}),
                         lambda: two.patch(f"/api/players/{ids['Ben']}", json={"name": "Zed"}),
                         hold)
    assert first.status_code == 200
    assert (second.status_code, second.get_json()["errors"][0]["code"]) in (
        (422, "duplicate_player"), (409, "edit_conflict"))
    assert set(_ids(api)) == {"Zed", "Ben", "Chen", "Dee"}
    _names_everywhere_on_the_roster(app)


def test_a_rename_and_a_merge_of_one_player_at_once(app, api, monkeypatch):
    """Benny is renamed Bertie while he is merged into Ben: the merge waits
    and merges Bertie; no game is left naming somebody off the roster."""
    gid = _game(api, ["Benny", "Chen"], [_round({"Benny": 0, "Chen": 5})])
    _game(api, ["Ben", "Dee"])
    ids = _ids(api)
    hold = Hold(monkeypatch, roster, "_rewrite_games")
    one, two = bearer_client(app), bearer_client(app)
    renamed, merged = race(lambda: one.patch(f"/api/players/{ids['Benny']}", json={"name": "Bertie"}),
                           lambda: two.post(f"/api/players/{ids['Benny']}/merge", json={"into": ids["Ben"]}),
                           hold)
    assert renamed.status_code == 200
    assert merged.status_code in (200, 409), merged.get_data(as_text=True)
    names = set(_ids(api))
    seated = api.get(f"/api/games/{gid}").get_json()["players"]
    if merged.status_code == 200:
        assert names == {"Ben", "Chen", "Dee"} and seated == ["Ben", "Chen"]
    else:
        assert names == {"Bertie", "Ben", "Chen", "Dee"} and seated == ["Bertie", "Chen"]
    _names_everywhere_on_the_roster(app)


def test_two_merges_crosswise_at_once(app, api, monkeypatch):
    """Ana is merged into Ben while Ben is merged into Ana (two tablets): on
    PostgreSQL the two used to lock each other's rows crosswise (a deadlock,
    500). One merge is done; the other answers 409 with a message; the games
    name only players on the roster."""
    _game(api, ["Ana", "Chen"])
    _game(api, ["Ben", "Dee"])
    ids = _ids(api)
    both = threading.Barrier(2, timeout=1.5)
    real = roster._rewrite_games

    def meet(*args, **kwargs):
        # Each merge waits here, inside its transaction, for the other one
        # (which, taking its turn, may never come: then it goes on alone).
        try:
            both.wait()
        except threading.BrokenBarrierError:
            pass
        return real(*args, **kwargs)

    monkeypatch.setattr(roster, "_rewrite_games", meet)
    one, two = bearer_client(app), bearer_client(app)
    start = threading.Barrier(2, timeout=HOLD)

    def merge(client, source, target):
        start.wait()
        return client.post(f"/api/players/{ids[source]}/merge", json={"into": ids[target]})

    a, b = Device(lambda: merge(one, "Ana", "Ben")), Device(lambda: merge(two, "Ben", "Ana"))
    a.start()
    b.start()
    answers = sorted([a.answer(), b.answer()], key=lambda r: r.status_code)
    assert [r.status_code for r in answers] == [200, 409], [r.get_data(as_text=True) for r in answers]
    assert answers[1].get_json()["errors"][0]["code"] == "edit_conflict"
    survivor = answers[0].get_json()["name"]
    assert set(_ids(api)) == {survivor, "Chen", "Dee"}
    _names_everywhere_on_the_roster(app)
