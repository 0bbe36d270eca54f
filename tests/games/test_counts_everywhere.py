"""Fives and Threes and Texas 42 where every game shows: the table view, the
phones (not used: these kinds do not count the pips left, which is what a
phone sends), the players' records. The hands are the brief's worked examples
(rules-families.md sections 3 and 4: F3-1, T42-1), the numbers worked out
there and restated here."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot
from tests.games import test_api_fives_threes as f3
from tests.games import test_api_texas42 as t42

F3_ANA_BEN = {**f3.F3_1, "leader": "Ana", "out": "Ana",
              "plays": [{**p, "player": {"A": "Ana", "B": "Ben"}[p["player"]]} for p in f3.F3_1["plays"]]}
"""F3-1 with A and B named Ana and Ben: Ana 17 in play + 1 for chipping out = 18, Ben 17."""


def t42_game(api, hands: int = 5) -> int:
    gid = t42.new_game(api)
    for hand in t42.T42_1[:hands]:
        t42.play(api, gid, hand)
    return gid


@pytest.mark.browser
def test_the_table_view_of_42_and_of_fives_and_threes(live, browser, api):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    # T42-1 after three hands: Ben & Dee 6 marks, Ana & Chen 0; Ben shook the third, Chen shakes next
    gid = t42_game(api, 3)
    page.goto(f"{live}/games/{gid}/table")
    pairs = page.locator(".tv-list li")
    assert [(li.locator(".who").inner_text(), li.locator(".total").inner_text()) for li in pairs.all()] == [
        ("Ben & Dee", "6"), ("Ana & Chen", "0")]
    assert "Shakes\nChen\nBids first\nDee" in page.locator(".tv-next").inner_text()  # the shaker's left bids first
    assert page.locator("#tv-st").inner_text() == "Standings after hand 3"
    # the marks as 42 players draw them: 6 = the A's three strokes, the first L's two, one of the second L
    tallies = {li.locator(".who").inner_text(): li.locator("svg.all-tally line").count()
               for li in page.locator(".tv-tally li").all()}
    assert tallies == {"Ana & Chen": 0, "Ben & Dee": 6}
    shot(page, "t42-table-view-1024x768")
    # the whole game: Ben & Dee win 7–1
    gid = t42_game(api)
    page.goto(f"{live}/games/{gid}/table")
    assert [li.locator(".total").inner_text() for li in pairs.all()] == ["7", "1"]
    assert "Ben & Dee" in page.locator("#tv-over").locator("xpath=..").inner_text()
    # F3-1: A 18, B 17, on the peg board (61)
    gid = f3.new_game(api)
    f3.play(api, gid, f3.F3_1)
    page.goto(f"{live}/games/{gid}/table")
    assert [(li.locator(".who").inner_text(), li.locator(".total").inner_text()) for li in pairs.all()] == [
        ("A", "18"), ("B", "17")]
    assert page.locator("figure.pegboard circle.peg.front").count() == 2
    shot(page, "f3-table-view-1024x768")
    ctx.close()


def test_no_phones_panel_for_the_games_scored_during_play_or_by_contract(api):
    from companion.rules.kinds import kind_spec

    # the kinds table: these games do not count the pips left, the one thing a phone sends
    assert not any(kind_spec(k).counts_pips for k in ("all_fives", "fives_threes", "texas42"))
    for gid in (t42_game(api, 1), f3.new_game(api)):
        page = api.get(f"/games/{gid}").get_data(as_text=True)
        assert 'id="phones"' not in page and "/from-phones" not in page
        assert "Spectator link" in page
    # 42's page: the game's links as every game page has them, the sheets on Letter too
    gid = t42_game(api, 1)
    assert f"/games/{gid}/sheet.pdf?paper=letter" in api.get(f"/games/{gid}").get_data(as_text=True)


@pytest.mark.db
def test_42_and_fives_and_threes_in_the_players_records(api):
    t42_id = t42_game(api)  # Ben & Dee win 7–1
    f3_id = f3.new_game(api, ["Ana", "Ben"], None, target_score=18)
    f3.play(api, f3_id, F3_ANA_BEN)  # Ana reaches 18 exactly and wins, Ben 17
    assert api.get(f"/api/games/{f3_id}").get_json()["status"] == "finished"
    listed = {p["name"]: (p["games"], p["wins"]) for p in api.get("/api/players").get_json()["players"]}
    assert listed == {"Ana": (2, 1), "Ben": (2, 1), "Chen": (1, 0), "Dee": (1, 1)}
    ids = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    ben = api.get(f"/api/players/{ids['Ben']}").get_json()
    assert [(h["game"], h["kind"], h["total"], h["rank"]) for h in ben["stats"]["history"]] == [
        (t42_id, "texas42", 7, 1), (f3_id, "fives_threes", 17, 2)]
    assert [(p["partner"], p["games"], p["wins"]) for p in ben["partners"]] == [("Dee", 1, 1)]
    page = api.get(f"/players/{ids['Ana']}").get_data(as_text=True)
    assert "Texas 42" in page and "Fives and Threes" in page


def test_the_rules_in_play_on_the_game_pages(api):
    import re

    def rules_in_play(gid: int, language: str = "en") -> str:
        page = api.get(f"/games/{gid}", headers={"Accept-Language": language}).get_data(as_text=True)
        found = re.search(r'<details class="card rules-in-play">(.*?)</details>', page, re.S)
        assert found, page[:2000]
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).replace("&#39;", "'").strip()

    # Fives and Threes twice round (Leek; Solihull & Warwickshire): the preset's name and 121
    text = rules_in_play(f3.new_game(api, target_score=121))
    assert text.startswith("Rules in play: Fives and Threes, twice round (121) · 121 points")
    # 42 with nello: the table's own rules, 7 marks, nello said in words
    gid = t42.new_game(api, nello=True)
    assert rules_in_play(gid) == ("Rules in play: the table's own · 7 marks Rules the table's own "
                                  "Game to 7 marks Nello yes")
    assert "Нелло да" in rules_in_play(gid, "ru")


def test_a_game_past_seven_marks_draws_another_all(api):
    import re

    # T42-1 at a table playing to 14 marks: Ben & Dee 7, Ana & Chen 1, and the game goes on;
    # hand 6 (Dee shook hand 5, so Ana shakes): Ben bids 2 marks and makes them → Ben & Dee 9
    gid = t42.new_game(api, target_marks=14)
    for hand in t42.T42_1:
        t42.play(api, gid, hand)
    t42.play(api, gid, {"bids": [{"player": "Ben", "bid": {"marks": 2}}, {"player": "Chen", "bid": "pass"},
                                 {"player": "Dee", "bid": "pass"}, {"player": "Ana", "bid": "pass"}],
                        "contract": {"player": "Ben", "bid": {"marks": 2}, "trump": "sixes", "type": "normal"},
                        "result": "made"})
    for url in (f"/games/{gid}", f"/games/{gid}/table"):
        page = api.get(url).get_data(as_text=True)
        rows = re.findall(r'<li><span class="who">([^<]+)</span>(.*?)</li>', page, re.S)
        drawn = {who: [w.count("<line ") for w in re.findall(r"<svg.*?</svg>", body, re.S)] for who, body in rows}
        # 9 marks: a whole ALL (3 + 2 + 2 strokes) and two strokes of the next A; 1 mark: one stroke
        assert drawn == {"Ana &amp; Chen": [1], "Ben &amp; Dee": [7, 2]}, url


@pytest.mark.parametrize("kind", ["texas42", "fives_threes"])
def test_a_club_night_of_42_or_fives_and_threes_seats_tables_and_plays(api, kind):
    eight = ["Ana", "Ben", "Chen", "Dee", "Eve", "Fay", "Gus", "Hal"]
    r = api.post("/api/events", json={"name": "Thursday", "held_on": "2026-12-03", "kind": kind, "tables": 2,
                                      "players": eight})
    assert r.status_code == 201, r.get_json()
    tables = api.post(f"/api/events/{r.get_json()['id']}/draw", json={}).get_json()["games"][0]
    assert sorted(p for t in tables for p in t["players"]) == sorted(eight) and len(tables) == 2
    game = tables[0]
    if kind == "texas42":
        # four a table in two pairs, partners opposite; seat 1 shakes, the shaker's left bids first
        seats = game["players"]
        assert game["teams"] == [[seats[0], seats[2]], [seats[1], seats[3]]]
        assert (game["next_round"]["shaker"], game["next_round"]["starter"]) == (seats[0], seats[1])
        page = api.get(f"/games/{game['game']}").get_data(as_text=True)
        assert f"{seats[0]} shakes" in page and 'name="bid-0"' in page
    else:
        page = api.get(f"/games/{game['game']}").get_data(as_text=True)
        assert 'id="pad"' in page and "first to 61" in page


def test_a_42_hand_corrected_and_the_marks_after_it_worked_out_again(client, api):
    import re

    from tests.conftest import csrf_token

    gid = t42_game(api)  # T42-1: Ben & Dee win 7–1
    page = client.get(f"/games/{gid}/bids/1/edit").get_data(as_text=True)
    # the form filled with hand 1 as saved: Dee shook; Ana pass, Ben 30, Chen 31, Dee pass; fives; set; 30 and 12
    assert "Correct hand 1" in page and "Dee shakes" in page
    checked = dict(re.findall(r'<input type="radio" name="([\w-]+)" value="(\w+)"[^>]*checked', page))
    assert checked == {"bid-0": "pass", "bid-1": "30", "bid-2": "31", "bid-3": "pass", "trump": "fives",
                       "result": "set"}
    assert 'name="points-Ana+Chen" value="30"' in page and 'name="points-Ben+Dee" value="12"' in page
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    # the table remembers better: Chen's pair took 31 (31 + 11 = 42), so the bid was made:
    # hand 1 gives Ana & Chen the mark instead (42-online): Ana & Chen 1 + 1 = 2, Ben & Dee 7 − 1 = 6
    form = {"bid-0": "pass", "bid-1": "30", "bid-2": "31", "bid-3": "pass", "trump": "fives", "type": "normal",
            "result": "made", "points-Ana+Chen": "31", "points-Ben+Dee": "11", "version": version,
            "csrf_token": csrf_token(client, f"/games/{gid}/bids/1/edit")}
    r = client.post(f"/games/{gid}/bids/1", data=form)
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    data = api.get(f"/api/games/{gid}").get_json()
    assert data["rounds"][0]["team_scores"] == {"Ana+Chen": 1, "Ben+Dee": 0}
    assert data["rounds"][-1]["team_totals"] == {"Ana+Chen": 2, "Ben+Dee": 6}
    assert data["status"] == "in_progress"  # 6 marks: no pair has 7, hand 6 is to be played
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 corrected." in page and "Hand 6" in page and "Ana shakes" in page
    # a second device still holding the old version: 409, what it tapped kept, nothing changed
    r = client.post(f"/games/{gid}/bids/1", data={**form, "result": "set", "points-Ana+Chen": "30",
                                                  "points-Ben+Dee": "12"})
    assert r.status_code == 409
    assert re.search(r'name="result" value="set"[^>]*checked', r.get_data(as_text=True))
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["result"] == "made"
    # a hand that does not exist
    assert client.get(f"/games/{gid}/bids/9/edit").status_code == 404
