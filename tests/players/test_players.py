"""The roster and players' records through the API and the pages
(companion/players/roster.py, companion/players/views.py), on games played through
the API; every figure worked out by hand.

History (short Mexican Train: ``start_engine`` 1, two rounds, 1-1 then 0-0):

* G1 Mexican Train, Ana Ben Chen. R1 (1-1): Ana out, Ben 10, Chen 20 pips with
  the 0-0 (20 + 50 = 70). R2 (0-0): Ana 5, Ben out, Chen 7.
  Totals Ana 5, Ben 10, Chen 77: Ana 1st, Ben 2nd, Chen 3rd.
* G2 block game to 50, Ana Ben. R1 Ana out, Ben holds 30: Ana +30. R2 Ben
  out, Ana holds 25: Ben +25. R3 Ana out, Ben holds 25: Ana +25.
  Totals Ana 55, Ben 25: the highest wins, Ana.
* G3 Mexican Train, Ana Ben. R1 Ana out, Ben 10; R2 Ana 10, Ben out.
  Totals 10 and 10: a shared first place.
"""

from __future__ import annotations

import html
import re

import pytest

from companion.clubs import people
from tests.conftest import csrf_token

SHORT = {"start_engine": 1}


def _record(kind, players, rules, rounds, set_n=None):
    return {"format": "domino-game-record", "version": 1, "kind": kind,
            "set": set_n or (12 if kind == "mexican_train" else 6), "rules": rules,
            "players": players, "first_starter": players[0], "rounds": rounds}


def _mt_round(hands):
    return {"ended": "domino", "hands": {n: ({"pips": p} if isinstance(p, int) else p) for n, p in hands.items()}}


def _play(api, record):
    r = api.post("/api/games", json=record)
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"]


@pytest.fixture
def history(api):
    g1 = _play(api, _record("mexican_train", ["Ana", "Ben", "Chen"], SHORT, [
        _mt_round({"Ana": 0, "Ben": 10, "Chen": {"pips": 20, "double_blank": True}}),
        _mt_round({"Ana": 5, "Ben": 0, "Chen": 7}),
    ]))
    g2 = _play(api, _record("block", ["Ana", "Ben"], {"target_score": 50}, [
        _mt_round({"Ana": 0, "Ben": 30}),
        _mt_round({"Ana": 25, "Ben": 0}),
        _mt_round({"Ana": 0, "Ben": 25}),
    ]))
    g3 = _play(api, _record("mexican_train", ["Ana", "Ben"], SHORT, [
        _mt_round({"Ana": 0, "Ben": 10}),
        _mt_round({"Ana": 10, "Ben": 0}),
    ]))
    players = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    return {"games": (g1, g2, g3), "ids": players}


def test_stored_games_are_finished_with_the_hand_worked_totals(api, history):
    g1, g2, g3 = history["games"]
    one = api.get(f"/api/games/{g1}").get_json()
    assert one["status"] == "finished"
    assert {s["player"]: (s["total"], s["rank"]) for s in one["standings"]} == {
        "Ana": (5, 1), "Ben": (10, 2), "Chen": (77, 3)}
    two = api.get(f"/api/games/{g2}").get_json()
    assert {s["player"]: s["total"] for s in two["standings"]} == {"Ana": 55, "Ben": 25}
    assert api.get(f"/api/games/{g3}").get_json()["winners"] == ["Ana", "Ben"]


def test_player_stats_by_hand(api, history):
    ana = history["ids"]["Ana"]
    body = api.get(f"/api/players/{ana}").get_json()
    s = body["stats"]
    assert body["player"]["name"] == "Ana"
    assert (s["games"], s["wins"], s["shared_wins"], s["left"]) == (3, 3, 1, 0)
    assert s["share_won"] == pytest.approx(1.0)
    assert (s["rounds"], s["points"]) == (7, 70)
    assert s["points_per_round"] == pytest.approx(10.0)
    assert (s["rounds_out"], s["rounds_blocked"], s["double_blank"]) == (4, 0, 0)
    assert s["places"] == {"1": 3}
    engines = {e["engine"]: (e["average"], e["rounds"]) for e in s["per_engine"]}
    assert engines[1] == (pytest.approx(0.0), 2)
    assert engines[0] == (pytest.approx(7.5), 2)
    assert list(engines) == [1, 0]  # the highest engine played first
    assert (s["current_streak"], s["longest_streak"]) == (3, 3)
    ben = api.get(f"/api/players/{history['ids']['Ben']}").get_json()["stats"]
    assert (ben["games"], ben["wins"], ben["shared_wins"]) == (3, 1, 1)
    assert ben["places"] == {"1": 1, "2": 2}
    chen = api.get(f"/api/players/{history['ids']['Chen']}").get_json()["stats"]
    assert (chen["games"], chen["wins"], chen["double_blank"], chen["points"]) == (1, 0, 1, 77)


def test_player_stats_filtered_by_kind(api, history):
    ana = history["ids"]["Ana"]
    mt = api.get(f"/api/players/{ana}?kind=mexican_train").get_json()["stats"]
    assert (mt["games"], mt["wins"], mt["points"], mt["rounds"]) == (2, 2, 15, 4)
    block = api.get(f"/api/players/{ana}?kind=block").get_json()["stats"]
    assert (block["games"], block["wins"], block["points"], block["per_engine"]) == (1, 1, 55, [])


def test_head_to_head_by_hand(api, history):
    ids = history["ids"]
    body = api.get(f"/api/players/head-to-head?ids={ids['Ana']},{ids['Ben']}").get_json()
    assert body["games"] == 3
    assert body["wins"] == {"Ana": 3, "Ben": 1}
    pair = next(p for p in body["pairs"] if p["player"] == "Ana")
    # G1 Ana 5 better (lowest wins), G2 30 better (highest wins), G3 level.
    assert (pair["ahead"], pair["behind"], pair["level"]) == (2, 0, 1)
    assert pair["average_margin"] == pytest.approx(35 / 3)
    three = api.get(f"/api/players/head-to-head?ids={ids['Ana']},{ids['Ben']},{ids['Chen']}").get_json()
    assert three["games"] == 1
    assert api.get(f"/api/players/head-to-head?ids={ids['Ana']}").status_code == 422


def test_leaderboard_minimum_games(api, history):
    rows = api.get("/api/players/leaderboard?min_games=1").get_json()["leaderboard"]
    assert [(r["place"], r["player"], r["games"], r["wins"]) for r in rows] == [
        (1, "Ana", 3, 3), (2, "Ben", 3, 1), (3, "Chen", 1, 0)]
    rows = api.get("/api/players/leaderboard?min_games=2").get_json()["leaderboard"]
    assert [r["player"] for r in rows] == ["Ana", "Ben"]


def test_a_name_in_another_case_is_the_same_player(api, history):
    _play(api, _record("mexican_train", ["ANA", "Chen"], SHORT, []))
    names = [p["name"] for p in api.get("/api/players").get_json()["players"]]
    assert names == ["Ana", "Ben", "Chen"]
    # "Zoë" typed precomposed and decomposed is one player.
    _play(api, _record("mexican_train", ["Zo\u00eb", "Ben"], SHORT, []))
    _play(api, _record("mexican_train", ["zoe\u0308", "Ben"], SHORT, []))
    names = [p["name"] for p in api.get("/api/players").get_json()["players"]]
    assert names.count("Zo\u00eb") == 1 and len(names) == 4


def test_rename_every_game_follows(api, history):
    ben = history["ids"]["Ben"]
    r = api.patch(f"/api/players/{ben}", json={"name": "Benjamin"})
    assert r.status_code == 200 and r.get_json()["name"] == "Benjamin"
    for gid in history["games"]:
        game = api.get(f"/api/games/{gid}").get_json()
        assert "Benjamin" in game["players"] and "Ben" not in game["players"]
        assert any(s["player"] == "Benjamin" for s in game["standings"])
        assert all("Ben" not in rnd.get("hands", {}) for rnd in game["rounds"])
    g1 = api.get(f"/api/games/{history['games'][0]}").get_json()
    assert g1["rounds"][0]["scores"] == {"Ana": 0, "Benjamin": 10, "Chen": 70}
    # A round can still be added to a renamed game's record: the engine reads it.
    stats = api.get(f"/api/players/{ben}").get_json()["stats"]
    assert (stats["games"], stats["wins"]) == (3, 1)
    again = api.get(f"/api/players/head-to-head?ids={history['ids']['Ana']},{ben}").get_json()
    assert again["wins"] == {"Ana": 3, "Benjamin": 1}


def test_rename_refused_onto_another_player_and_kept_when_only_case_changes(api, history):
    ben = history["ids"]["Ben"]
    r = api.patch(f"/api/players/{ben}", json={"name": "ana"})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "duplicate_player"
    assert api.patch(f"/api/players/{ben}", json={"name": ""}).status_code == 422
    assert api.patch(f"/api/players/{ben}", json={"name": "x" * 41}).status_code == 422
    assert api.patch(f"/api/players/{ben}", json={"name": "BEN"}).get_json()["name"] == "BEN"
    assert api.get(f"/api/games/{history['games'][2]}").get_json()["players"] == ["Ana", "BEN"]
    assert api.patch("/api/players/9999", json={"name": "Q"}).status_code == 404


def test_merge_two_entries_of_one_person(api, history):
    solo = _play(api, _record("mexican_train", ["Benny", "Chen"], SHORT, [
        _mt_round({"Benny": 0, "Chen": 4}), _mt_round({"Benny": 0, "Chen": 4})]))
    ids = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    r = api.post(f"/api/players/{ids['Benny']}/merge", json={"into": ids["Ben"]})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json()["name"] == "Ben"
    assert api.get(f"/api/games/{solo}").get_json()["players"] == ["Ben", "Chen"]
    names = [p["name"] for p in api.get("/api/players").get_json()["players"]]
    assert "Benny" not in names
    ben = api.get(f"/api/players/{ids['Ben']}").get_json()["stats"]
    assert (ben["games"], ben["wins"]) == (4, 2)


def test_merge_refused_for_two_who_played_together(api, history):
    ids = history["ids"]
    r = api.post(f"/api/players/{ids['Ana']}/merge", json={"into": ids["Ben"]})
    assert r.status_code == 409  # issue 24: a merge refused by the games as they are
    assert r.get_json()["errors"][0]["code"] == "duplicate_player"
    assert api.get(f"/api/games/{history['games'][0]}").get_json()["players"] == ["Ana", "Ben", "Chen"]


def test_archive_hides_from_roster_and_leaderboard(api, history):
    chen = history["ids"]["Chen"]
    assert api.patch(f"/api/players/{chen}", json={"archived": True}).get_json()["archived"] is True
    assert "Chen" not in [p["name"] for p in api.get("/api/players").get_json()["players"]]
    assert "Chen" in [p["name"] for p in api.get("/api/players?archived=1").get_json()["players"]]
    rows = api.get("/api/players/leaderboard?min_games=1").get_json()["leaderboard"]
    assert [r["player"] for r in rows] == ["Ana", "Ben"]
    # His record stays.
    assert api.get(f"/api/players/{chen}").get_json()["stats"]["games"] == 1


def test_correcting_a_round_changes_the_record(api, history):
    g3 = history["games"][2]
    game = api.get(f"/api/games/{g3}").get_json()
    r = api.put(f"/api/games/{g3}/rounds/2", json={
        "ended": "domino", "hands": {"Ana": {"pips": 12}, "Ben": {"pips": 0}},
        "version": game["rounds"][1]["version"]})
    assert r.status_code == 200, r.get_data(as_text=True)
    # G3 now Ana 12, Ben 10: Ben wins it alone.
    ben = api.get(f"/api/players/{history['ids']['Ben']}").get_json()["stats"]
    assert (ben["wins"], ben["shared_wins"]) == (1, 0)
    ana = api.get(f"/api/players/{history['ids']['Ana']}").get_json()["stats"]
    assert (ana["wins"], ana["current_streak"]) == (2, 0)


def test_pages_and_csv(client, history):
    ana = history["ids"]["Ana"]
    page = client.get(f"/players/{ana}").get_data(as_text=True)
    assert "Ana" in page and "<svg" in page
    assert "1 of them shared" in page
    # places say what they count: Ana was 1st in her three games
    assert '<span class="place">1.</span> 3 games</li>' in page
    assert client.get("/players").status_code == 200
    board = client.get("/players/leaderboard?min=1").get_data(as_text=True)
    assert board.index("Ana") < board.index("Ben") < board.index("Chen")
    for name in ("Ana", "Ben", "Chen"):  # each row links to that player's own page
        assert f'<a href="/players/{history["ids"][name]}">{name}</a>' in board
    csv_text = client.get("/players/stats.csv").get_data(as_text=True)
    # a byte-order mark first, so a spreadsheet reads the file as UTF-8
    assert csv_text.splitlines()[0] == "\ufeffplayer,games,wins,shared_wins,share_won,average_place,rounds,rounds_out"
    assert "Ana,3,3,1,1.000,1.00,7,4" in csv_text.splitlines()
    games = client.get(f"/players/{ana}/games.csv?kind=block").get_data(as_text=True).splitlines()
    assert games[0].startswith("\ufeffdate,")
    # the kind by its name, as the pages say it
    assert len(games) == 2 and games[1].endswith(",Block game,6,55,1,1,0,3,55,2,0,0")
    games = client.get(f"/players/{ana}/games.csv?kind=block", headers={"Accept-Language": "ru"})
    assert games.get_data(as_text=True).splitlines()[1].endswith(",Игра «Блок»,6,55,1,1,0,3,55,2,0,0")
    compare = client.get(f"/players/compare?id={ana}&id={history['ids']['Ben']}")
    assert compare.status_code == 200 and "+11.7" in compare.get_data(as_text=True)


def test_csv_names_cannot_become_formulas(api, client):
    _play(api, _record("mexican_train", ["=SUM(A1)", "Ben"], SHORT, [
        _mt_round({"=SUM(A1)": 0, "Ben": 3}), _mt_round({"=SUM(A1)": 0, "Ben": 3})]))
    text = client.get("/players/stats.csv").get_data(as_text=True)
    assert "'=SUM(A1),1,1" in text


def test_forms_rename_and_refusal_keeps_what_was_typed(client, history):
    ben = history["ids"]["Ben"]
    token = csrf_token(client, f"/players/{ben}/manage")
    r = client.post(f"/players/{ben}/rename", data={"csrf_token": token, "name": "Ana"})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert 'value="Ana"' in page and "merge the two instead" in page
    r = client.post(f"/players/{ben}/rename", data={"csrf_token": token, "name": "Bertie"})
    assert r.status_code == 302
    assert "Bertie" in client.get(f"/players/{ben}").get_data(as_text=True)
    assert "Bertie" in client.get(f"/api/games/{history['games'][0]}").get_json()["players"]


def test_a_kept_page_follows_every_change_of_the_record(api, client, history):
    ana = history["ids"]["Ana"]
    first = client.get(f"/players/{ana}").get_data(as_text=True)
    assert client.get(f"/players/{ana}").get_data(as_text=True) == first  # kept
    board = client.get("/players/leaderboard?min=1").get_data(as_text=True)
    g3 = history["games"][2]
    game = api.get(f"/api/games/{g3}").get_json()
    api.put(f"/api/games/{g3}/rounds/2", json={
        "ended": "domino", "hands": {"Ana": {"pips": 12}, "Ben": {"pips": 0}},
        "version": game["rounds"][1]["version"]})
    after = client.get(f"/players/{ana}").get_data(as_text=True)
    assert after != first and "1 of them shared" not in after
    assert client.get("/players/leaderboard?min=1").get_data(as_text=True) != board
    api.patch(f"/api/players/{ana}", json={"name": "Anabel"})
    assert "Anabel" in client.get(f"/players/{ana}").get_data(as_text=True)


def test_regulars_are_the_most_frequent_recent_players(app, api, history):
    # Ana and Ben played three games each, Chen one; Zed is on the roster but
    # never played: by games, then name, then the most recently seen.
    from datetime import date, timedelta


    api.post("/api/players", json={"name": "Zed"})
    with app.app_context():
        assert people.regulars(limit=2) == ["Ana", "Ben"]
        assert people.regulars(limit=3) == ["Ana", "Ben", "Chen"]
        assert len(people.regulars(limit=4)) == 4
        # A year on, nobody played recently: only the most recently seen, still limited.
        later = date.today() + timedelta(days=365)
        assert len(people.regulars(limit=2, today=later)) == 2


def test_regulars_who_came_to_club_nights_come_before_a_familys_players(app, api, history):
    # Ana and Ben played three games each at home; Zoe and Chen came to last
    # week's club night (Chen also played one game). The club's own come
    # first (nights, then name), then the most games.
    from datetime import date, timedelta


    held_on = (date.today() - timedelta(days=7)).isoformat()
    r = api.post("/api/events", json={"name": "Friday", "kind": "mexican_train", "set": 12,
                                      "held_on": held_on, "players": ["Zoe", "Chen"]})
    assert r.status_code == 201, r.get_json()
    with app.app_context():
        assert people.regulars(limit=3) == ["Chen", "Zoe", "Ana"]
        assert people.regulars(limit=4) == ["Chen", "Zoe", "Ana", "Ben"]
        # seen from 8 days on with a 7-day reach, the night is too far back: games decide
        assert people.regulars(limit=2, days=7, today=date.today() + timedelta(days=1)) == ["Ana", "Ben"]


def test_event_desk_offers_only_the_regulars(app, api, client, history):
    for i in range(30):
        api.post("/api/players", json={"name": f"Guest {i:02d}"})
    ev = api.post("/api/events", json={"name": "Friday", "kind": "mexican_train", "set": 12}).get_json()
    page = client.get(f"/events/{ev['id']}").get_data(as_text=True)
    assert "+ Ana" in page and "+ Ben" in page and "+ Chen" in page
    assert page.count('class="chip"') == 12


def test_game_json_carries_player_ids_beside_names(api, history):
    g1 = history["games"][0]
    ids = history["ids"]
    one = api.get(f"/api/games/{g1}").get_json()
    assert one["players"] == ["Ana", "Ben", "Chen"]
    assert one["player_ids"] == {"Ana": ids["Ana"], "Ben": ids["Ben"], "Chen": ids["Chen"]}
    listed = {g["id"]: g for g in api.get("/api/games").get_json()["games"]}
    assert listed[g1]["player_ids"] == one["player_ids"]
    # A rename: the same id beside the new name.
    api.patch(f"/api/players/{ids['Chen']}", json={"name": "Chén"})
    again = api.get(f"/api/games/{g1}").get_json()
    assert again["player_ids"]["Chén"] == ids["Chen"]


def test_rename_follows_a_player_who_left_the_table(app, api):
    """Ben has left the table of a game still in play; renamed, he is away
    under his new name (not an unknown name in the record), the next round
    sits him out, and the stored results stay those of the record."""
    from tests.helpers import assert_stored_results_fresh

    record = _record("mexican_train", ["Ana", "Ben", "Chen"], {"start_engine": 3},
                     [_mt_round({"Ana": 0, "Ben": 10, "Chen": 20})])
    gid = _play(api, {**record, "away": ["Ben"]})
    ben = next(p["id"] for p in api.get("/api/players").get_json()["players"] if p["name"] == "Ben")
    assert api.patch(f"/api/players/{ben}", json={"name": "Benjamin"}).status_code == 200
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["away"] == ["Benjamin"] and game["players"] == ["Ana", "Benjamin", "Chen"]
    r = api.post(f"/api/games/{gid}/rounds", json={"number": 2, **_mt_round({"Ana": 6, "Chen": 0})})
    assert r.status_code == 201, r.get_data(as_text=True)
    assert r.get_json()["game"]["rounds"][1]["scores"] == {"Ana": 6, "Benjamin": None, "Chen": 0}
    assert_stored_results_fresh(app)


def test_dates_typed_the_wrong_way_round_read_as_their_range_in_the_api(api, history):
    """From after To through the API: the range between the two dates, not an
    empty record. The three games were played today, so a range of a year
    around today holds them all, whichever date comes first."""
    from datetime import date, timedelta

    ana = history["ids"]["Ana"]
    early, late = (date.today() - timedelta(days=200)).isoformat(), (date.today() + timedelta(days=200)).isoformat()
    right = api.get(f"/api/players/{ana}?since={early}&until={late}").get_json()["stats"]
    wrong = api.get(f"/api/players/{ana}?since={late}&until={early}").get_json()["stats"]
    assert right["games"] == wrong["games"] == 3


def test_dates_from_after_to_are_pointed_out_on_the_player_page(client, history):
    """A tester typed From after To on a player's page and the page silently
    swapped them: it says so, as the games list does, keeps the dates as typed
    (marked as the ones to fix) and counts no record until they are put right."""
    from datetime import date, timedelta

    ana = history["ids"]["Ana"]
    early, late = (date.today() - timedelta(days=200)).isoformat(), (date.today() + timedelta(days=200)).isoformat()
    page = client.get(f"/players/{ana}?kind=mexican_train&since={late}&until={early}").get_data(as_text=True)
    assert '<p id="dates-error" class="form-error" role="alert">' \
           "The From date is after the To date: put the earlier day in From.</p>" in page
    assert f'name="since" value="{late}" aria-invalid="true" aria-describedby="dates-error"' in page
    assert f'name="until" value="{early}" aria-invalid="true" aria-describedby="dates-error"' in page
    assert '<option value="mexican_train" selected>' in page  # the other choices are kept too
    assert "Games played" not in page and "No finished game counts" not in page
    ru = client.get(f"/players/{ana}?since={late}&until={early}", headers={"Accept-Language": "ru"})
    assert "Дата «С» позже даты «По»: укажите в «С» более ранний день." in ru.get_data(as_text=True)
    # the dates in order: the record, and no message
    page = client.get(f"/players/{ana}?since={early}&until={late}").get_data(as_text=True)
    assert "dates-error" not in page and "Games played" in page
    assert f'name="since" value="{early}">' in page and f'name="until" value="{late}">' in page


def _seven_rounds():
    """Ana out, Ben 10 pips: the seven rounds of a double-6 Mexican Train (6-6 down to 0-0)."""
    return [_mt_round({"Ana": 0, "Ben": 10}) for _ in range(7)]


@pytest.mark.parametrize(("lang", "names"), [
    ("en", ["This app's defaults", "Quick game: 6-6 down to 0-0",
            "House rules (First engine: 6-6; Late joiners: start at the table's least favourable total)",
            "House rules (Target score: 50 points)"]),
    ("ru", ["По умолчанию в приложении", "Короткая партия: от 6-6 до 0-0",
            "Домашние правила (Первый стартовый дубль: 6-6; Опоздавшие: начать с самого невыгодного счёта за столом)",
            "Домашние правила (Счёт до победы: 50 очк.)"]),
])
def test_rule_set_filter_names_each_rule_set_as_the_start_form_does(api, client, lang, names):
    """Defaults by the start form's name, a preset by its name, other rules in
    words; never the stored key or a raw value ("late_join", "highest")."""
    _play(api, _record("mexican_train", ["Ana", "Ben"], {}, _seven_rounds(), set_n=6))
    _play(api, _record("mexican_train", ["Ana", "Ben"], {"start_engine": 6}, _seven_rounds(), set_n=6))
    _play(api, _record("mexican_train", ["Ana", "Ben"], {"start_engine": 6, "late_join": "highest"},
                       _seven_rounds(), set_n=6))
    _play(api, _record("block", ["Ana", "Ben"], {"target_score": 50}, [
        _mt_round({"Ana": 0, "Ben": 30}), _mt_round({"Ana": 0, "Ben": 25})]))
    ana = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}["Ana"]
    page = client.get(f"/players/{ana}", headers={"Accept-Language": lang}).get_data(as_text=True)
    select = page[page.index('<select id="f-rules"'):]
    select = select[:select.index("</select>")]
    shown = [html.unescape(text) for text in re.findall(r'<option value="[^"]+"[^>]*>([^<]*)</option>', select)]
    assert sorted(shown) == sorted(names)


def test_two_players_seated_in_a_game_in_progress_cannot_be_merged(api):
    """The players' lines know finished games only; the seats of a game in
    progress count too (found by tests/web/test_fuzz_inputs.py: a 500 after)."""
    gid = _play(api, _record("mexican_train", ["Ana", "Ben", "Chen"], SHORT, [_mt_round({"Ana": 0, "Ben": 4, "Chen": 9})]))
    ids = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    r = api.post(f"/api/players/{ids['Ana']}/merge", json={"into": ids["Ben"]})
    assert r.status_code == 409  # issue 24: refused as a conflict, naming the game
    assert r.get_json()["errors"][0]["code"] == "duplicate_player"
    assert f"game {gid}" in r.get_json()["errors"][0]["message"]
    assert api.get(f"/api/games/{gid}").get_json()["players"] == ["Ana", "Ben", "Chen"]
