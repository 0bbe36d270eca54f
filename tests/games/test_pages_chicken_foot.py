"""Chicken Foot on the pages (rules-families.md section 5): the start page's
choices and deal table, the next-round card (the centre double from the set's
highest down to 0-0, who starts, the deal, an unheld double), the worked
examples CF-1 … CF-4 played through the round form, a correction, the last
round deleted, the chart's rounds and the table view. The numbers are the
brief's worked examples (CF-1 … CF-4) and gamerules.com's deal (42 tiles
shared: 11 each to four players of a double-nine set)."""

from __future__ import annotations

import html
import re

from tests.conftest import csrf_token

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]


def start(client, **rules: str):
    token = csrf_token(client, "/")
    data = {"csrf_token": token, "player": PLAYERS, "kind": "chicken_foot", "set": "9", "starter": "0"}
    data.update({f"chicken_foot-{k}": v for k, v in rules.items()})
    r = client.post("/games", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    return int(re.search(r"/games/(\d+)", r.headers["Location"]).group(1))


def post_round(client, gid: int, fields: dict[str, str], number: int | None = None):
    token = csrf_token(client, f"/games/{gid}")
    data = {"csrf_token": token, **fields}
    if number is not None:
        data["number"] = str(number)
    return client.post(f"/games/{gid}/rounds", data=data)


def text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


# CF-1: centre 9-9, Ana out; Ben 9-8 7-6 (30); Chen 0-0 3-2 (5 + 50); Dee 4-4 (8)
CF1 = {"out": "0", "tiles-1": "9-8 7-6", "tiles-2": "0-0 3-2", "tiles-3": "4-4"}
# CF-2: centre 8-8, Ben out; Ana 6-6 (12); Chen 9-0 (9); Dee 1-0 2-1 (4)
CF2 = {"out": "1", "pips-0": "12", "pips-2": "9", "pips-3": "4"}


def test_the_start_page_offers_chicken_foot_its_rules_and_deal_table(client):
    html = client.get("/").get_data(as_text=True)
    assert '<option value="chicken_foot"' in html
    assert 'name="chicken_foot-double_blank_points"' in html
    for n in ("50", "25", "0"):
        assert f'<option value="{n}"' in html
    assert 'name="chicken_foot-unheld_double" value="burn"' in html
    # the deal table, double-nine (gamerules.com: 2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5)
    table = text(html[html.index('id="cf-deal-table"'):html.index("</table>", html.index('id="cf-deal-table"'))])
    for players, tiles in ((2, 21), (3, 14), (4, 11), (5, 8), (6, 7), (7, 6), (8, 5)):
        assert re.search(rf"\b{players} {tiles} ", table), (players, tiles)


def test_the_start_form_keeps_its_choices(client):
    gid = start(client, double_blank_points="25", unheld_double="burn", end_on_double_points="50")
    data = client.get(f"/api/games/{gid}").get_json()
    assert data["kind"] == "chicken_foot" and data["set"] == 9
    assert data["rules"] == {"double_blank_points": 25, "unheld_double": "burn", "end_on_double_points": 50}


def test_a_refused_rule_is_shown_at_its_field(client, app):
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": PLAYERS, "kind": "chicken_foot", "set": "9",
                                    "chicken_foot-end_on_double_points": "5000"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert 'id="cf-end_on_double_points-error"' in html and 'value="5000"' in html


def test_the_next_round_card_and_cf1_cf2_through_the_form(client):
    gid = start(client)
    html = text(client.get(f"/games/{gid}").get_data(as_text=True))
    # round 1 of 10 on a double-nine set: 9-9 in the centre, 11 each, 55 - 1 - 44 = 10 in the boneyard
    assert "Round 1 of 10" in html and "Centre double 9-9" in html
    assert "whoever holds the 9\u20119" in html and "11 tiles" in html and "10 tiles" in html
    assert "drawn for" in html
    assert post_round(client, gid, CF1, number=1).status_code == 302
    assert post_round(client, gid, CF2, number=2).status_code == 302
    data = client.get(f"/api/games/{gid}").get_json()
    assert [r["scores"] for r in data["rounds"]] == [
        {"Ana": 0, "Ben": 30, "Chen": 55, "Dee": 8}, {"Ana": 12, "Ben": 0, "Chen": 9, "Dee": 4}]
    assert [(s["player"], s["total"], s["rank"]) for s in data["standings"]] == [
        ("Ana", 12, 1), ("Dee", 12, 1), ("Ben", 30, 3), ("Chen", 64, 4)]
    html = text(client.get(f"/games/{gid}").get_data(as_text=True))
    assert "Round 3 of 10" in html and "whoever holds the 7\u20117" in html


def test_cf3_through_the_form(client):
    for value, chen in (("25", 30), ("0", 5)):
        gid = start(client, double_blank_points=value)
        assert post_round(client, gid, CF1).status_code == 302
        assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["scores"]["Chen"] == chen
    gid = start(client, end_on_double_points="50")
    assert "went out on a double (+50)" in client.get(f"/games/{gid}").get_data(as_text=True)
    assert post_round(client, gid, {**CF1, "ended_on_double": "1"}).status_code == 302
    assert client.get(f"/api/games/{gid}").get_json()["rounds"][0]["scores"]["Ana"] == 50


def test_cf4_refusals_at_their_fields_keep_what_was_typed(client):
    gid = start(client)
    # round 1 (centre 9-9): two tiles hold at most 9-8 and 9-7, 33 pips
    r = post_round(client, gid, {**CF1, "tiles-1": "", "pips-1": "34", "left-1": "2"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert 'id="pips-1" name="pips-1" value="34"' in html and 'aria-describedby="err-1"' in html
    assert re.search(r'id="err-1">[^<]*add up to 34 pips', html)
    assert post_round(client, gid, CF1).status_code == 302
    # round 2 (centre 8-8): nobody holds the 8-8
    r = post_round(client, gid, {**CF2, "pips-0": "", "tiles-0": "8-8"})
    assert r.status_code == 422 and 'id="err-0"' in r.get_data(as_text=True)
    assert "8-8" in text(r.get_data(as_text=True).split('id="err-0">')[1].split("</p>")[0])
    # the centre double out of sequence, at its field
    r = post_round(client, gid, {**CF2, "engine": "7"})
    assert r.status_code == 422 and 'id="engine-error"' in r.get_data(as_text=True)
    assert len(client.get(f"/api/games/{gid}").get_json()["rounds"]) == 1


def test_cf4_burnt_doubles_the_0_0_round_and_the_game_end(client):
    gid = start(client, unheld_double="burn")
    assert post_round(client, gid, CF1).status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'name="engine"' in html and '<option value="8" selected>' in html
    seven = {"engine": "7", "out": "1", "pips-0": "12", "pips-2": "9", "pips-3": "4"}
    assert post_round(client, gid, seven).status_code == 302  # 7-7 after 9-9: the 8-8 was burnt
    # the chart and the scoreboard stop at 0-0: 2 played and 7 doubles left
    html = text(client.get(f"/games/{gid}").get_data(as_text=True))
    assert "Round 3 of 9" in html and "Rounds played: 2 of 9" in html
    # the round 3 card says the 8-8 was burnt (issue 28); the hyphen is a non-breaking one
    assert "8‑8 was burnt: nobody held it." in html
    # and the scoreboard's round 2 row, beside its 7-7
    assert "7-7 8‑8 burnt" in html
    # and the table view's next-round card, for the table to read at a glance
    tv = text(client.get(f"/games/{gid}/table").get_data(as_text=True))
    assert "Centre double 6-6" in tv and "8‑8 was burnt: nobody held it." in tv
    r = post_round(client, gid, {**seven, "engine": "8"})
    assert r.status_code == 422 and 'id="engine-error"' in r.get_data(as_text=True)
    # the 0-0 round: no 0-0 toggle (it is in the centre); posted anyway it is refused
    r = post_round(client, gid, {**seven, "engine": "0", "blank-3": "1"})
    assert r.status_code == 422 and 'id="err-3"' in r.get_data(as_text=True)
    assert post_round(client, gid, {**seven, "engine": "0"}).status_code == 302
    data = client.get(f"/api/games/{gid}").get_json()
    # totals: Ana 0 + 12 + 12, Ben 30 + 0 + 0, Chen 55 + 9 + 9, Dee 8 + 4 + 4
    assert data["status"] == "finished" and data["winners"] == ["Dee"]
    html = text(client.get(f"/games/{gid}").get_data(as_text=True))
    assert "Dee wins!" in html and "Save round" not in html


def test_a_round_corrected_and_the_last_round_deleted(client):
    gid = start(client)
    post_round(client, gid, CF1)
    post_round(client, gid, CF2)
    html = client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)
    assert "Correct round 1" in html and "centre double 9-9" in html and 'value="0-0 3-2"' in html
    token = csrf_token(client, f"/games/{gid}/rounds/1/edit")
    r = client.post(f"/games/{gid}/rounds/1", data={"csrf_token": token, "version": "1", **CF1, "tiles-2": "3-2"})
    assert r.status_code == 302
    data = client.get(f"/api/games/{gid}").get_json()
    assert data["rounds"][0]["scores"]["Chen"] == 5
    assert data["rounds"][1]["totals"] == {"Ana": 12, "Ben": 30, "Chen": 14, "Dee": 12}
    token = csrf_token(client, f"/games/{gid}/rounds/2/edit")
    r = client.post(f"/games/{gid}/rounds/2/delete", data={"csrf_token": token, "version": "1"})
    assert r.status_code == 302
    data = client.get(f"/api/games/{gid}").get_json()
    assert len(data["rounds"]) == 1 and data["next_round"]["engine"] == 8


def test_the_table_view_shows_the_centre_double(client):
    gid = start(client)
    post_round(client, gid, CF1)
    html = text(client.get(f"/games/{gid}/table").get_data(as_text=True))
    assert "Round 2 of 10" in html and "Centre double 8-8" in html and "whoever holds the 8-8" in html
    assert "Ana out" in html and "Chen +55 55" in html


def test_ending_the_game_now_shows_the_winner_and_plans_no_more_rounds(client):
    gid = start(client)
    post_round(client, gid, CF1)
    post_round(client, gid, CF2)
    token = csrf_token(client, f"/games/{gid}")
    assert client.post(f"/games/{gid}/finish", data={"csrf_token": token}).status_code == 302
    html = text(client.get(f"/games/{gid}").get_data(as_text=True))
    # Ana and Dee share the lowest total, 12 (CF-2)
    assert "Tied winners: Ana & Dee" in html and "Save round" not in html
    assert "Rounds played: 2 of 2" in html and "7-7" not in html


def test_a_new_game_with_these_players_after_ending_one(client):
    gid = start(client, double_blank_points="25")
    post_round(client, gid, CF1)
    token = csrf_token(client, f"/games/{gid}")
    client.post(f"/games/{gid}/finish", data={"csrf_token": token})
    token = csrf_token(client, f"/games/{gid}")
    r = client.post(f"/games/{gid}/rematch", data={"csrf_token": token})
    assert r.status_code == 302
    new = int(re.search(r"/games/(\d+)", r.headers["Location"]).group(1))
    data = client.get(f"/api/games/{new}").get_json()
    assert new != gid and data["status"] == "in_progress" and data["rounds"] == []
    assert data["rules"] == {"double_blank_points": 25} and data["next_round"]["engine"] == 9
