"""Latin partnership dominoes on the pages (issue 28; rules-families.md
section 1): the start form's rule sets, pairs and rules, the hand form
(pips or tiles, who went out or Blocked, bonus taps), the live preview of the
pairs' points, refusals at their field, a hand corrected and the last one
deleted, the table view and the score sheet. The numbers are the brief's
worked examples (LP-1, LP-2, LP-5, LP-7), worked out by hand there."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from companion.rules.families.partnership import PRESETS
from tests.conftest import csrf_token

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]


def start(client, preset: str = "common", set_n: str = "6", **fields: str):
    data = {"csrf_token": csrf_token(client, "/"), "kind": "partnership", "player": PLAYERS,
            "set": set_n, "lp-preset": preset, **fields}
    return client.post("/games", data=data)


def new_game(client, preset: str = "common", **fields: str) -> int:
    r = start(client, preset, str(PRESETS[preset].set_n), **fields)
    assert r.status_code == 302, r.get_data(as_text=True)
    return int(r.headers["Location"].rsplit("/", 1)[1])


def save(client, gid: int, number: int, **fields: str):
    data = {"csrf_token": csrf_token(client, f"/games/{gid}"), "number": str(number), **fields}
    return client.post(f"/games/{gid}/rounds", data=data)


def errors_shown(html: str) -> list[str]:
    return [m.replace("&#39;", "'") for m in re.findall(r'class="(?:field|form)-error"[^>]*>([^<]*)', html)]


# LP-1: Ana led the 6-6, Chen went out; Ana 3-4, Ben 5-4 and 2-1, Dee 6-3.
LP1 = {"leader": "0", "out": "2", "tiles-0": "3-4", "tiles-1": "5-4 2-1", "tiles-3": "6-3"}


def test_the_start_page_offers_the_presets_the_table_and_every_rule(client):
    html = client.get("/").get_data(as_text=True)
    assert 'value="partnership"' in html
    for name, p in PRESETS.items():
        assert f'value="{name}"' in html and p.title in html
    for key in ("direction", "first_lead", "next_leader", "hand_points", "blocked_winner", "blocked_points",
                "blocked_tie", "target_score", "hand_bonuses", "capicua_points", "chuchazo_points",
                "pass_bonus", "blocked_bonus"):
        assert f'name="lp-{key}"' in html, key
    assert html.count('class="lp-chair ') == 4  # the table drawn, partners opposite


@pytest.mark.parametrize(("preset", "rules", "set_n"), [
    ("common", {"direction": "counterclockwise"}, 6),
    ("cuban", {"direction": "counterclockwise", "first_lead": "drawn", "next_leader": "winning_team"}, 9),
    ("dominican", {"direction": "counterclockwise", "target_score": 200, "capicua_points": 25,
                   "pass_bonus": "dominican"}, 6),
    ("puerto_rico_500", {"direction": "counterclockwise", "target_score": 500, "hand_points": "all_hands",
                         "blocked_points": "all_hands", "hand_bonuses": [100, 75, 50, 25],
                         "capicua_points": 100, "chuchazo_points": 100}, 6),
])
def test_each_preset_starts_a_game_in_pairs_with_its_rules(client, api, preset, rules, set_n):
    # the brief's presets: Cuban double-nine to 100, the winning pair leads;
    # Dominican to 200, capicúa 25 and the pass bonuses; Puerto Rican 500
    gid = new_game(client, preset)
    data = api.get(f"/api/games/{gid}").get_json()
    assert data["teams"] == [["Ana", "Chen"], ["Ben", "Dee"]]  # seats 1 and 3 against 2 and 4
    assert data["rules"] == rules and data["set"] == set_n


def test_a_rule_typed_beats_the_preset_and_a_bad_one_is_shown_at_its_field(client, api):
    gid = new_game(client, "dominican", **{"lp-target_score": "150", "lp-hand_bonuses": "50 25"})
    rules = api.get(f"/api/games/{gid}").get_json()["rules"]
    assert rules["target_score"] == 150 and rules["hand_bonuses"] == [50, 25]
    r = start(client, **{"lp-target_score": "lots"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "“lots” is not a whole number." in errors_shown(html) and 'value="lots"' in html
    r = start(client, set_n="12")
    assert r.status_code == 422
    assert "Partnership dominoes is played with a double-six or a double-nine set." in errors_shown(
        r.get_data(as_text=True))


def test_the_game_page_says_who_leads_and_the_hand_form_saves_lp1(client, api):
    gid = new_game(client)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "whoever holds the 6\u20116" in html and "Save hand 1" in html
    r = save(client, gid, 1, **LP1)
    assert r.status_code == 302
    data = api.get(f"/api/games/{gid}").get_json()
    assert data["rounds"][0]["team_scores"] == {"Ana+Chen": 21, "Ben+Dee": 0}  # 12 + 9
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    # the lead passes to the right: counter-clockwise, Ana's right is Dee
    assert re.search(r'class="lp-leads">\s*Dee', html)
    assert '<option value="3" selected>Dee</option>' in html


def test_lp5_dominican_bonus_taps_score_89(client, api):
    gid = new_game(client, "dominican")
    # Ana led 6-6, Dee could not answer (+25); Chen's play made the three pass
    # (+25); Chen went out with capicúa (+25); Ben 4-2 and Dee 5-3 (+14)
    hand = {"leader": "0", "out": "2", "tiles-0": "1-0", "tiles-1": "4-2", "tiles-3": "5-3",
            "lead_pass": "1", "pass-2": "1", "capicua": "1"}
    preview = client.get(f"/games/{gid}/hand-preview", query_string=hand).get_json()
    assert preview["ok"] and preview["scores"] == {"Ana+Chen": 89, "Ben+Dee": 0}
    assert sorted(i["points"] for i in preview["items"]) == [14, 25, 25, 25]
    assert save(client, gid, 1, **hand).status_code == 302
    assert api.get(f"/api/games/{gid}").get_json()["team_standings"][0]["total"] == 89


def test_lp2_blocked_hand_typed_in_pips(client, api):
    gid = new_game(client)
    # Ana 10, Chen 4 against Ben 8, Dee 11: Ana and Chen win and score 19
    hand = {"leader": "0", "out": "blocked", "pips-0": "10", "pips-1": "8", "pips-2": "4", "pips-3": "11"}
    assert client.get(f"/games/{gid}/hand-preview", query_string=hand).get_json()["scores"] == {
        "Ana+Chen": 19, "Ben+Dee": 0}
    assert save(client, gid, 1, **hand).status_code == 302
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["team_scores"] == {"Ana+Chen": 19, "Ben+Dee": 0}


def test_lp7_refusals_are_shown_at_their_field_and_nothing_is_saved(client, api):
    gid = new_game(client)
    # Ben's hand lists the 6-6 in the first hand: it was led
    r = save(client, gid, 1, **{**LP1, "tiles-1": "6-6 2-1"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert re.search(r'data-seat="1">.*?class="field-error"', html, re.S)
    assert 'value="6-6 2-1"' in html  # kept as typed
    # blocked, and Chen's hand is empty
    r = save(client, gid, 1, leader="0", out="blocked", **{"pips-0": "10", "pips-1": "8", "pips-2": "0",
                                                             "pips-3": "11"})
    assert r.status_code == 422
    assert any("Chen has no tiles left" in m for m in errors_shown(r.get_data(as_text=True)))
    # nobody out and not blocked; a pips box not a number
    r = save(client, gid, 1, leader="0", **{"pips-0": "1", "pips-1": "x", "pips-2": "3", "pips-3": "4"})
    shown = errors_shown(r.get_data(as_text=True))
    assert "Tap who went out, or Blocked when nobody could play." in shown and "“x” is not a whole number." in shown
    # a capicúa where the table does not play it
    r = save(client, gid, 1, **LP1, capicua="1")
    assert r.status_code == 422 and "This table does not play the capicúa." in errors_shown(r.get_data(as_text=True))
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []


def test_a_hand_corrected_and_the_last_deleted(client, api):
    gid = new_game(client)
    save(client, gid, 1, **LP1)
    save(client, gid, 2, leader="3", out="1", **{"pips-0": "5", "pips-2": "5", "pips-3": "7"})
    html = client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)
    assert "Correct hand 1" in html and 'value="5-4 2-1"' in html
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    # hand 1 corrected to LP-2's tranque: Ana and Chen 19
    r = client.post(f"/games/{gid}/rounds/1", data={
        "csrf_token": csrf_token(client, f"/games/{gid}"), "version": version, "leader": "0", "out": "blocked",
        "pips-0": "10", "pips-1": "8", "pips-2": "4", "pips-3": "11"})
    assert r.status_code == 302
    data = api.get(f"/api/games/{gid}").get_json()
    assert [h["team_scores"] for h in data["rounds"]] == [{"Ana+Chen": 19, "Ben+Dee": 0},
                                                          {"Ana+Chen": 0, "Ben+Dee": 10}]
    html = client.get(f"/games/{gid}/rounds/2/edit").get_data(as_text=True)
    assert "Delete hand 2" in html
    r = client.post(f"/games/{gid}/rounds/2/delete", data={
        "csrf_token": csrf_token(client, f"/games/{gid}"), "version": data["rounds"][1]["version"]})
    assert r.status_code == 302
    assert len(api.get(f"/api/games/{gid}").get_json()["rounds"]) == 1


def test_the_table_view_and_the_sheet_show_the_pairs(client, anon, api):
    gid = new_game(client)
    save(client, gid, 1, **LP1)
    html = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "Ana &amp; Chen" in html and "Ben &amp; Dee" in html and "+21" in html
    view_key = api.get(f"/api/games/{gid}").get_json().get("view_key")
    if view_key:
        assert anon.get(f"/games/{gid}/table?view={view_key}").status_code == 200
    r = client.get(f"/games/{gid}/sheet.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(r.data)).pages)
    assert "Ana & Chen" in text and "Ben & Dee" in text and "21" in text
    blank = client.get(f"/games/{gid}/sheet.pdf?blank=1")
    assert blank.status_code == 200


def test_the_rules_reference_has_partnership_in_our_words(client):
    html = client.get("/rules").get_data(as_text=True)
    assert 'href="#rules-partnership"' in html and 'id="rules-partnership"' in html
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    # the brief's facts: 7 each from a double-six, 10 from a double-nine; the 6-6 opens; game 100
    assert "each player takes 7 tiles and none are left over" in text
    assert "Whoever holds the 6-6 lays it to open the first hand." in text
    assert "100 points in the common rules" in text


def test_end_the_game_now_from_the_page(client, api):
    # LP-1 played: Ana and Chen 21, Ben and Dee 0; ended there, Ana and Chen win
    gid = new_game(client)
    save(client, gid, 1, **LP1)
    assert "End the game now" in client.get(f"/games/{gid}").get_data(as_text=True)
    r = client.post(f"/games/{gid}/finish", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    assert r.status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Ana &amp; Chen win!" in html and 'id="round-form"' not in html
    assert api.get(f"/api/games/{gid}").get_json()["winners"] == ["Ana", "Chen"]


def test_a_tranque_decided_by_the_locker_against_the_next_player(client, api):
    # LP-2's hands (Ana 10, Chen 4 against Ben 8, Dee 11) with the Dominican
    # table rule: Ben made the last play; the next player counter-clockwise is
    # Ana (10); Ben's 8 is lower, so Ben and Dee win and score 10 + 4 = 14
    # (by pair totals Ana and Chen would have won)
    gid = new_game(client, **{"lp-blocked_winner": "locker_vs_next"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'name="locked_by"' in html
    hand = {"leader": "0", "out": "blocked", "locked_by": "1",
            "pips-0": "10", "pips-1": "8", "pips-2": "4", "pips-3": "11"}
    assert save(client, gid, 1, **hand).status_code == 302
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["team_scores"] == {"Ana+Chen": 0, "Ben+Dee": 14}


def test_cuban_the_pairs_draw_then_the_winners_choose(client):
    gid = new_game(client, "cuban")
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "one of each pair draws a tile; the higher pair chooses its leader" in html
    # LP-6: Ben led; Dee went out; Ana 9-9 and 9-8 (35), Chen 7-6 (13): Ben and Dee 48
    hand = {"leader": "1", "out": "3", "tiles-0": "9-9 9-8", "tiles-1": "2-1", "tiles-2": "7-6"}
    assert save(client, gid, 1, **hand).status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Ben &amp; Dee: the pair that won chooses who" in html


def test_a_new_game_with_these_players_keeps_the_pairs_and_rules(client, api):
    gid = new_game(client, "dominican")
    save(client, gid, 1, **LP1)
    client.post(f"/games/{gid}/finish", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    r = client.post(f"/games/{gid}/rematch", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    assert r.status_code == 302
    new = int(r.headers["Location"].rsplit("/", 1)[1])
    data = api.get(f"/api/games/{new}").get_json()
    assert new != gid and data["status"] == "in_progress" and data["rounds"] == []
    assert data["teams"] == [["Ana", "Chen"], ["Ben", "Dee"]] and data["rules"]["target_score"] == 200


@pytest.mark.parametrize(("preset", "name"), [
    ("common", "Partnership, to 100"), ("cuban", "Cuban double-nine, to 100"),
    ("dominican", "Dominican, to 200"), ("puerto_rico_500", "Puerto Rican 500")])
def test_rules_in_play_name_the_rule_set_the_table_chose(client, preset, name):
    gid = new_game(client, preset)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f"Rules in play: {name}" in " ".join(html.replace("</summary>", " ").split())


def test_a_table_s_own_mix_of_rules_is_listed_rule_by_rule(client):
    # Dominican with the target moved to 150 is no longer the Dominican rule set
    gid = new_game(client, "dominican", **{"lp-target_score": "150"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Rules in play: Dominican" not in html
    start = html.index('class="card rules-in-play"')
    assert "150" in html[start:html.index("</details>", start)]
