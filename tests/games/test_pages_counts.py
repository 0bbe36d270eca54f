"""The pages of All Fives and Fives and Threes: the start form with its named
rule sets, the score pad as the game's page, a hand saved from the pad (the
bonus derived, never typed), a refused hand kept as typed, and the peg board
on the pad and on the table view (rules-families.md sections 2 and 3)."""

from __future__ import annotations

import json
import re

from tests.conftest import csrf_token


def start(client, choice: str, players: list[str], pairs: bool = False):
    form = {"choice": choice, "csrf_token": csrf_token(client, "/counts/start"),
            **{f"player-{i}": p for i, p in enumerate(players)}}
    if pairs:
        form["pairs"] = "1"
    return client.post("/counts/start", data=form)


def send(client, gid: int, hand: dict, number: int | None = None):
    form = {"hand": json.dumps(hand), "csrf_token": csrf_token(client, f"/games/{gid}")}
    if number is not None:
        form["number"] = str(number)
    return client.post(f"/games/{gid}/pad", data=form)


def game_id(response) -> int:
    return int(re.search(r"/games/(\d+)", response.headers["Location"]).group(1))


def test_the_start_form_offers_the_four_all_fives_sets_and_fives_and_threes(client):
    page = client.get("/counts/start").get_data(as_text=True)
    for value in ("all_fives:all_fives", "all_fives:muggins", "all_fives:sniff", "all_fives:five_up",
                  "fives_threes:fives_threes", "fives_threes:twice_round"):
        assert f'value="{value}"' in page
    start_page = client.get("/").get_data(as_text=True)  # the start page's choice of game offers them
    for kind in ("all_fives", "fives_threes", "texas42"):
        assert f'<option value="{kind}"' in start_page


def test_the_start_pages_choice_leads_to_this_form_with_the_players_typed(client):
    r = client.post("/games", data={"player": ["Ann", "", "Bob", "Cy", "Dee", "Eve"], "kind": "texas42",
                                    "set": "12", "csrf_token": csrf_token(client, "/")})
    assert r.status_code == 303
    assert r.headers["Location"] == "/counts/start?kind=texas42&player-0=Ann&player-1=Bob&player-2=Cy&player-3=Dee"
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert 'name="player-3" maxlength="40" value="Dee"' in page
    assert 'value="texas42:texas42" required checked' in page


def test_muggins_starts_with_its_rules_and_the_pad_offers_5_to_20(client, api):
    r = start(client, "all_fives:muggins", ["Ann", "Bob"])
    assert r.status_code == 302
    gid = game_id(r)
    data = api.get(f"/api/games/{gid}").get_json()
    assert data["rules"] == {"spinners": "none", "draw_counts": {"2": 7, "3": 5, "4": 5}}
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    keys = re.findall(r'class="pad-key" data-count="(\d+)"', page)
    assert keys == ["5", "10", "15", "20"]  # no spinner: 20 at most (Foster's Hoyle)


def test_a_hand_from_the_pad_is_saved_and_its_bonus_derived(client, api):
    gid = game_id(start(client, "all_fives:all_fives", ["Ann", "Bob"]))
    # AF-1: Ann out, Bob holds 8 pips → 10 (pagat rounding)
    hand = {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}, {"player": "Bob", "count": 10},
                                       {"player": "Ann", "count": 10}, {"player": "Bob", "count": 15},
                                       {"player": "Bob", "count": 25}, {"player": "Bob", "count": 10}],
            "ended": "domino", "out": ["Ann"], "hands": {"Ann": {"pips": 0}, "Bob": {"pips": 8}}}
    r = send(client, gid, hand, 1)
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    rnd = api.get(f"/api/games/{gid}").get_json()["rounds"][0]
    assert rnd["scores"] == {"Ann": 30, "Bob": 60} and rnd["bonus"]["rounded"] == 10
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Hand 2" in page and "+30" in page and "+60" in page


def test_a_refused_hand_is_shown_again_as_typed(client):
    gid = game_id(start(client, "fives_threes:fives_threes", ["A", "B"]))
    hand = {"leader": "A", "plays": [{"player": "A", "count": 21}], "ended": "blocked"}
    r = send(client, gid, hand, 1)
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert 'role="alert"' in page and "21" in page
    assert "&#34;count&#34;: 21" in page or '"count": 21' in page  # the hand kept for the pad


def test_the_peg_board_on_the_pad_and_the_table_view(client):
    gid = game_id(start(client, "fives_threes:fives_threes", ["A", "B"]))
    for hand in ({"leader": "A", "plays": [{"player": "A", "count": 15}], "ended": "blocked"},
                 {"leader": "B", "plays": [{"player": "A", "count": 10}], "ended": "blocked"}):
        r = send(client, gid, hand)
        assert r.status_code == 302
    for url in (f"/games/{gid}", f"/games/{gid}/table"):
        page = client.get(url).get_data(as_text=True)
        assert '<figure class="pegboard' in page
        assert page.count('class="peg front"') == 2  # both sides' pegs
        assert ">+2</text>" in page  # the last play: 10 scores 2 (pagat)


def test_texas42_from_the_start_form_bids_in_order_and_marks_as_all(client, api):
    r = start(client, "texas42:texas42", ["Ana", "Ben", "Chen", "Dee"])
    assert r.status_code == 302
    gid = game_id(r)
    data = api.get(f"/api/games/{gid}").get_json()
    assert data["teams"] == [["Ana", "Chen"], ["Ben", "Dee"]]  # partners opposite
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Ana shakes" in page  # seat 1 shakes first: Ben bids first
    assert re.findall(r'<div class="bid-row" role="radiogroup" aria-label="(\w+) bids">', page) == [
        "Ben", "Chen", "Dee", "Ana"]
    # T42-1's first hand one seat on (Ana shakes): Ben pass, Chen 30, Dee 31, Ana pass
    form = {"bid-0": "pass", "bid-1": "30", "bid-2": "31", "bid-3": "pass", "trump": "fives",
            "result": "set", "points-Ana+Chen": "12", "points-Ben+Dee": "30",
            "csrf_token": csrf_token(client, f"/games/{gid}")}
    r = client.post(f"/games/{gid}/bids", data=form)
    assert r.status_code == 302, r.get_data(as_text=True)[:3000]
    rnd = api.get(f"/api/games/{gid}").get_json()["rounds"][0]
    # Dee bid 31 and his pair took 30 < 31: set, the other pair scores one mark (42-online)
    assert rnd["contract"] == {"player": "Dee", "bid": 31, "trump": "fives", "type": "normal"}
    assert rnd["team_scores"] == {"Ana+Chen": 1, "Ben+Dee": 0}
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    tallies = re.findall(r'<svg class="all-tally".*?</svg>', page, re.S)
    assert [t.count("<line ") for t in tallies] == [1, 0]  # one mark: the first stroke of the A
    # a bid not higher than the last is refused, the form kept as typed
    form = {**form, "bid-0": "31", "bid-1": "31", "csrf_token": csrf_token(client, f"/games/{gid}")}
    r = client.post(f"/games/{gid}/bids", data=form)
    assert r.status_code == 422 and 'role="alert"' in r.get_data(as_text=True)


def test_the_table_view_of_a_42_game_and_of_all_fives_in_pairs(client, api):
    from tests.games.test_api_texas42 import T42_1
    gid = api.post("/api/games", json={"kind": "texas42", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
                                       "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "first_shaker": "Dee",
                                       "rounds": T42_1[:2]}).get_json()["id"]
    page = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "<figure class=\"pegboard" not in page
    assert "Ben" in page, page[page.find("tv-standings"):][:1500]
    pairs = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob", "Cy", "Dee"],
                                         "teams": [["Ann", "Cy"], ["Bob", "Dee"]],
                                         "rules": {"score_unit": "fives"}}).get_json()["id"]
    page = client.get(f"/games/{pairs}/table").get_data(as_text=True)
    assert "Ann &amp; Cy" in page and '<figure class="pegboard' in page  # 61 in fives: a board


def test_texas_42_with_two_players_asks_for_exactly_four(client, api):
    # 42 is four players in two pairs (pagat 42): two or five are refused, and the
    # message says "exactly 4", not "at least"
    page = start(client, "texas42:texas42", ["Ana", "Ben"])
    text = page.get_data(as_text=True)
    assert page.status_code == 422 and "This game needs exactly 4 players." in text and "at least" not in text
    assert 'value="Ana"' in text and 'value="Ben"' in text  # what was typed is kept
    five = api.post("/api/games", json={"kind": "texas42", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee", "Eve"]})
    assert five.status_code == 422
    assert [(e["code"], e["message"]) for e in five.get_json()["errors"]] == [
        ("too_many_players", "This game needs exactly 4 players.")]
    # Fives and Threes still says its range: 2 to 4 (pagat)
    one = api.post("/api/games", json={"kind": "fives_threes", "set": 6, "players": ["A"]})
    assert [e["message"] for e in one.get_json()["errors"]] == ["This game needs at least 2 players."]


def _box(page: str, n: int) -> tuple[str, str]:
    """The pips box of seat ``n`` and the message beside it ("" when none)."""
    box = re.search(rf'<input id="pips-{n}"[^>]*>', page).group(0)
    note = re.search(rf'<p class="field-error" id="pips-{n}-error">([^<]*)</p>', page)
    return box, note.group(1) if note else ""


def test_the_pips_refused_are_shown_beside_their_box(client):
    gid = game_id(start(client, "all_fives:all_fives", ["Ann", "Bob"]))
    out = {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}], "ended": "domino", "out": ["Ann"]}
    # -5 pips and 999 (a double-six set holds 168 pips in all, pagat): at Bob's box
    for pips, message in ((-5, "Pips cannot be negative."), (999, "A double-six set holds only 168 pips.")):
        r = send(client, gid, out | {"hands": {"Ann": {"pips": 0}, "Bob": {"pips": pips}}})
        page = r.get_data(as_text=True)
        assert r.status_code == 422
        box, note = _box(page, 2)
        assert note == message and 'aria-invalid="true"' in box and 'aria-describedby="pips-2-error"' in box
        assert _box(page, 1) == ('<input id="pips-1" type="number" inputmode="numeric" min="0" max="168" data-player="Ann">', "")
        assert 'class="form-error"' not in page  # not in a box at the top of the card
        assert f"&#34;pips&#34;: {pips}" in page  # what was typed goes back to the box
    # Bob's box left empty: Ann went out and scores his pips, so his box is asked for
    page = send(client, gid, out).get_data(as_text=True)
    assert _box(page, 2)[1] == "The winner scores the pips left: give the pips of Bob."
    # a blocked hand with both boxes empty: each box says it, the pad keeps no box at the top
    page = send(client, gid, {**out, "ended": "blocked", "out": []}).get_data(as_text=True)
    message = "A blocked hand is won by the fewest pips: give the pips of Ann, Bob."
    assert _box(page, 1)[1] == message and _box(page, 2)[1] == message
    # what is not about a box stays above the pad: a count of 40 with one spinner (AF-7)
    page = send(client, gid, out | {"plays": [{"player": "Ann", "count": 40}],
                                    "hands": {"Bob": {"pips": 8}}}).get_data(as_text=True)
    assert 'class="form-error" role="alert"' in page and _box(page, 2)[1] == ""
