"""Defects a new user's walk of Latin partnership dominoes found (issue 28):
passes beyond the deal refused at their box, a draft kept over a reload,
every refused box flagged at once, a bonus of a blocked hand named, the
preview of a corrected hand, the players' phones on the game page.

The numbers are the brief's (rules-families.md section 1): double-six deals
7 tiles each; LP-1 (Ana led the 6-6, Chen went out; Ana 3-4 = 7, Ben 5-4 and
2-1 = 12, Dee 6-3 = 9: Ana & Chen score Ben's and Dee's 21)."""

from __future__ import annotations

import re

from tests.games.test_pages_partnership import LP1, errors_shown, new_game, save, start


def form_tag(html: str) -> str:
    m = re.search(r'<form[^>]*id="round-form"[^>]*>', html)
    assert m, "no hand form"
    return m.group(0)


def test_a_new_hands_form_takes_back_its_draft_and_a_refused_one_does_not(client):
    gid = new_game(client)
    tag = form_tag(client.get(f"/games/{gid}").get_data(as_text=True))
    assert "data-draft=" in tag and "data-draft-restore" in tag
    refused = save(client, gid, 1, **{**LP1, "tiles-3": "", "pips-3": "x"})
    assert refused.status_code == 422
    tag = form_tag(refused.get_data(as_text=True))
    # the refused form shows what was typed: no draft over it, a reload shows it again
    assert "data-draft-restore" not in tag and f'data-reload="/games/{gid}#entry"' in tag


def test_a_correction_keeps_its_own_draft(client):
    gid = new_game(client)
    assert save(client, gid, 1, **LP1).status_code == 302
    tag = form_tag(client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True))
    assert re.search(rf'data-draft="{gid}:e1:\d+"', tag) and "data-draft-restore" in tag


def test_the_game_page_has_the_players_phones(client):
    gid = new_game(client)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    # the panel, closed, fetches its QR code and seats when it opens (issue 27, page weight)
    assert 'id="phones"' in html and f'data-body="/games/{gid}/phones/panel"' in html
    html = client.get(f"/games/{gid}/phones/panel").get_data(as_text=True)
    assert 'class="join-link"' in html
    assert f'href="/games/{gid}/from-phones#round-form"' in html
    for name in ("Ana", "Ben", "Chen", "Dee"):
        assert f'<span class="who">{name}</span>' in html
    # not while correcting a hand
    assert save(client, gid, 1, **LP1).status_code == 302
    assert 'id="phones"' not in client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)


def bars(html: str) -> dict[str, str]:
    return dict(re.findall(r'class="lp-bar[^"]*" data-pair="([^"]+)" data-total="(-?\d+)"', html))


def test_correcting_a_hand_leaves_it_out_of_the_bars(client):
    # the walk: hand 1's edit page showed "105 / 100 +21", the hand counted twice.
    # LP-1 gives Ana & Chen 21 (Ben 12 + Dee 9); a second hand where Ben goes out
    # with Ana 8 and Chen 6 left gives Ben & Dee 14. Correcting hand 1, the bars
    # show the totals without it (0 and 14); the preview adds it as typed.
    gid = new_game(client)
    assert save(client, gid, 1, **LP1).status_code == 302
    second = {"leader": "3", "out": "1", "pips-0": "8", "pips-2": "6", "pips-3": "5"}
    assert save(client, gid, 2, **second).status_code == 302
    assert bars(client.get(f"/games/{gid}").get_data(as_text=True)) == {"Ana+Chen": "21", "Ben+Dee": "14"}
    edit = client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)
    assert bars(edit) == {"Ana+Chen": "0", "Ben+Dee": "14"}
    assert "<strong>0</strong> / 100" in edit
    # the scoreboard still shows the hands as saved
    assert 'id="total-0">21<' in edit


def test_a_blocked_hand_names_each_bonus_for_going_out_once(client):
    # Puerto Rican 500 plays the capicúa and the chuchazo (100 each, rules-families.md
    # section 1); both are for the player who went out, and LP-2's hand was blocked
    gid = new_game(client, "puerto_rico_500")
    hand = {"leader": "0", "out": "blocked", "pips-0": "10", "pips-1": "8", "pips-2": "4", "pips-3": "11",
            "capicua": "1", "chuchazo": "1"}
    r = save(client, gid, 1, **hand)
    assert r.status_code == 422
    text = " ".join(errors_shown(r.get_data(as_text=True)))
    assert text.count("The capicúa is only for going out; the hand was blocked.") == 1
    assert text.count("The chuchazo is only for going out; the hand was blocked.") == 1
    assert "This bonus is only for going out" not in text


def seat_error(html: str, seat: int) -> str:
    m = re.search(rf'data-seat="{seat}">.*?<p class="field-error" id="err-{seat}">([^<]*)<', html, re.S)
    return m.group(1).replace("&#39;", "'") if m else ""


def pass_error(html: str, seat: int) -> str:
    m = re.search(rf'<span class="field-error" id="pass-err-{seat}">([^<]*)<', html)
    return m.group(1).replace("&#39;", "'") if m else ""


def test_every_bad_box_of_the_hand_is_flagged_at_once(client, api):
    # Chen went out; Ana "abc" (not a number), Ben -5 (no hand holds fewer than 0
    # pips), Dee 999 (7 double-six tiles hold at most 6-6 … 4-4: 12+11+10+10+9+9+8 = 69)
    gid = new_game(client)
    hand = {"leader": "0", "out": "2", "pips-0": "abc", "pips-1": "-5", "pips-3": "999"}
    r = save(client, gid, 1, **hand)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert seat_error(html, 0) == "“abc” is not a whole number."
    assert seat_error(html, 1) == "Pips cannot be negative."
    assert "999" in seat_error(html, 3)
    assert seat_error(html, 2) == ""
    assert 'value="abc"' in html and 'value="-5"' in html and 'value="999"' in html  # kept as typed
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []


def test_pass_counts_are_flagged_at_their_box(client, api):
    # Dominican 200 plays the pass bonuses; double-six deals 7 tiles each, so a
    # player's plays make the others pass at most 7 times (the walk saved 40)
    gid = new_game(client, "dominican")
    r = save(client, gid, 1, **LP1, **{"pass-2": "40"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert pass_error(html, 2) == ("Each player plays at most 7 tiles a hand, so Chen made the others pass "
                                   "at most 7 times, not 40.")
    assert 'name="pass-2" value="40"' in html
    # every pass box at once, beside a refused pips box: "abc", -5 and 999
    r = save(client, gid, 1, **{**LP1, "tiles-1": "", "pips-1": "x", "pass-0": "abc", "pass-1": "-5",
                                "pass-3": "999"})
    html = r.get_data(as_text=True)
    assert seat_error(html, 1) == "“x” is not a whole number."
    assert pass_error(html, 0) == "“abc” is not a whole number."
    assert pass_error(html, 1) == "Give how many times, a whole number from 1 to 7."
    assert pass_error(html, 3) == "Give how many times, a whole number from 1 to 7."
    assert pass_error(html, 2) == ""
    # seven is the most, and is saved: 7 × 25 = 175, plus Ben's and Dee's 21 pips
    assert save(client, gid, 1, **LP1, **{"pass-2": "7"}).status_code == 302
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["team_scores"] == {"Ana+Chen": 196, "Ben+Dee": 0}


def test_the_start_form_flags_every_bad_rule_once_at_its_box(client):
    # target "abc" is not a number; a capicúa of -5 points is refused by the rules
    # (points are 0 or more): both at their box of the pairs' part, each once
    r = start(client, **{"lp-target_score": "abc", "lp-capicua_points": "-5"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    shown = errors_shown(html)
    assert shown.count("“abc” is not a whole number.") == 1
    m = re.search(r'<p class="field-error" id="lp-capicua_points-error">([^<]+)<', html)
    assert m, shown
    assert 'id="lp-target_score-error">“abc” is not a whole number.<' in html
    assert 'value="abc"' in html and 'value="-5"' in html
    # a rule refused by the rules alone is shown at the pairs' box too, not at the common one
    r = start(client, **{"lp-capicua_points": "-5"})
    html = r.get_data(as_text=True)
    assert r.status_code == 422 and 'id="lp-capicua_points-error"' in html
