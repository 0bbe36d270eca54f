"""What a new player's walk through the score pad asked for (issue 29): the
peg board moving with the plays tapped (the server pegs them by the rules),
an earlier hand corrected from the pad (the totals after it worked out again,
409 when another device changed it first), and games of a named rule set
titled by its name (Muggins, Five Up) on every page that names the game.
Values worked out by hand from rules-families.md section 2 (AF-1, AF-2)."""

from __future__ import annotations

import io
import json
import re

import pypdf

from tests.conftest import csrf_token

FIVE_UP = {"spinners": "all", "score_unit": "fives", "target_score": 61, "exact_target": True}
ON_55_20 = {"leader": "Ann", "in_play": {"Ann": 55, "Bob": 20}, "ended": "blocked",
            "hands": {"Ann": {"pips": 10}, "Bob": {"pips": 10}}}
AF1 = {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}, {"player": "Bob", "count": 10},
                                  {"player": "Ann", "count": 10}, {"player": "Bob", "count": 15},
                                  {"player": "Bob", "count": 25}, {"player": "Bob", "count": 10}],
       "ended": "domino", "out": "Ann", "hands": {"Ann": {"pips": 0}, "Bob": {"pips": 8}}}
SECOND = {"leader": "Ann", "plays": [{"player": "Ann", "count": 15}, {"player": "Bob", "count": 10}],
          "ended": "domino", "out": "Bob", "hands": {"Ann": {"pips": 12}, "Bob": {"pips": 0}}}


def new_game(api, rules, rounds=()):
    r = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"], "rules": rules,
                                     "rounds": list(rounds)})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def board(client, gid, hand):
    return client.get(f"/games/{gid}/pad/board", query_string={"hand": json.dumps(hand)})


def test_the_live_board_pegs_the_plays_so_far(client, api):
    gid = new_game(api, FIVE_UP, [ON_55_20])
    # Bob 10 = 2 fives (22), Ann 35 = 7: 62 would pass 61, struck, Ann stays on 55
    r = board(client, gid, {"leader": "Bob", "plays": [{"player": "Bob", "count": 10},
                                                        {"player": "Ann", "count": 35}]})
    assert r.status_code == 200 and r.get_json()["struck"] == [1]  # the second play
    html = r.get_json()["board"]
    assert html.strip().startswith('<figure class="pegboard')
    assert re.search(r'class="last-points struck"[^>]*>\+7<', html)
    assert "Ann: <strong>55</strong>" in html and "Bob: <strong>22</strong>" in html
    assert "would pass 61" in html
    # Ann 30 = 6: on 61 exactly
    r = board(client, gid, {"leader": "Bob", "plays": [{"player": "Bob", "count": 10}, {"player": "Ann", "count": 30}]})
    html = r.get_json()["board"]
    assert r.get_json()["struck"] == [] and "Ann: <strong>61</strong>" in html
    assert re.search(r'class="last-points"[^>]*>\+6<', html)


def test_the_live_board_says_why_a_play_is_refused(client, api):
    gid = new_game(api, FIVE_UP, [ON_55_20])
    r = board(client, gid, {"leader": "Bob", "plays": [{"player": "Bob", "count": 10},
                                                        {"player": "Ann", "count": 30},
                                                        {"player": "Bob", "count": 5}]})
    assert r.status_code == 422 and "the game was over" in r.get_json()["error"]
    assert board(client, gid, "not a hand").status_code == 422
    assert client.get(f"/games/{gid}/pad/board?hand=%7B").status_code == 422  # unreadable JSON
    # All Fives to 250 in points: no board
    r = board(client, new_game(api, {}), {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}]})
    assert r.status_code == 200 and r.get_json() == {"board": None, "struck": [], "down": []}


def correct(client, gid, number, hand, version):
    form = {"hand": json.dumps(hand), "version": str(version),
            "csrf_token": csrf_token(client, f"/games/{gid}/pad/{number}/edit")}
    return client.post(f"/games/{gid}/pad/{number}", data=form)


def test_an_earlier_hand_is_corrected_from_the_pad_and_the_totals_after_it_follow(client, api):
    gid = new_game(api, {}, [AF1, SECOND])
    game = api.get(f"/api/games/{gid}").get_json()
    # AF-1: Ann 20 + bonus 10 (Bob's 8 pips), Bob 60; hand 2: Ann 15, Bob 10 + 10 (Ann's 12 pips)
    assert game["rounds"][1]["totals"] == {"Ann": 45, "Bob": 80}
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f'href="/games/{gid}/pad/1/edit#pad"' in page and f'href="/games/{gid}/pad/2/edit#pad"' in page
    edit = client.get(f"/games/{gid}/pad/1/edit").get_data(as_text=True)
    assert "Correct hand 1" in edit and 'name="version" value="1"' in edit
    shown = json.loads(re.search(r'data-hand="([^"]*)"', edit).group(1).replace("&#34;", '"'))
    assert shown["plays"] == AF1["plays"] and shown["out"] == ["Ann"] and shown["hands"]["Bob"] == {"pips": 8}
    # Bob's 25 was a 20, and he held 13 pips, not 8 (AF-2: 13 → 15)
    fixed = {**AF1, "out": ["Ann"], "hands": {"Ann": {"pips": 0}, "Bob": {"pips": 13}},
             "plays": [p if p["count"] != 25 else {"player": "Bob", "count": 20} for p in AF1["plays"]]}
    r = correct(client, gid, 1, fixed, 1)
    assert r.status_code == 302 and r.headers["Location"].endswith("#round-1")
    rounds = api.get(f"/api/games/{gid}").get_json()["rounds"]
    assert rounds[0]["scores"] == {"Ann": 35, "Bob": 55} and rounds[0]["bonus"]["rounded"] == 15
    assert rounds[1]["totals"] == {"Ann": 50, "Bob": 75}  # hand 2 unchanged, added to the new hand 1
    # another device still holding version 1: 409, what was typed kept
    r = correct(client, gid, 1, AF1, 1)
    page = r.get_data(as_text=True)
    assert r.status_code == 409 and "changed on another device" in page and 'name="version" value="2"' in page
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][1]["totals"] == {"Ann": 50, "Bob": 75}


def test_a_hand_kept_as_totals_is_corrected_as_totals(client, api):
    gid = new_game(api, FIVE_UP, [ON_55_20])
    edit = client.get(f"/games/{gid}/pad/1/edit").get_data(as_text=True)
    assert 'class="pad-inplay"' in edit and 'value="55"' in edit and 'class="pad-key"' not in edit
    r = correct(client, gid, 1, {**ON_55_20, "in_play": {"Ann": 50, "Bob": 20}}, 1)
    assert r.status_code == 302
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["totals"] == {"Ann": 50, "Bob": 20}


def test_a_refused_correction_shows_the_pad_again_as_typed(client, api):
    gid = new_game(api, {}, [AF1])
    r = correct(client, gid, 1, {**AF1, "plays": [{"player": "Ann", "count": 12}]}, 1)
    page = r.get_data(as_text=True)
    assert r.status_code == 422 and "Correct hand 1" in page and "&#34;count&#34;: 12" in page
    assert client.get(f"/games/{gid}/pad/2/edit").status_code == 404


MUGGINS = {"spinners": "none", "draw_counts": {"2": 7, "3": 5, "4": 5}}


def test_a_muggins_game_is_titled_muggins(client, api):
    gid = new_game(api, MUGGINS)
    assert "<h1>Muggins</h1>" in client.get(f"/games/{gid}").get_data(as_text=True)
    table = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "All Fives" not in table, re.findall(r".{80}All Fives.{80}", table)
    listed = client.get("/").get_data(as_text=True)
    assert re.search(rf'href="/games/{gid}">.*?Muggins', listed, re.S)
    pdf = client.get(f"/games/{gid}/sheet.pdf").data
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert "Muggins score sheet" in text and "All Fives" not in text
    five_up = new_game(api, {"spinners": "all", "score_unit": "fives", "target_score": 61,
                             "draw_counts": {"2": 5, "3": 5, "4": 5}})
    assert "<h1>Five Up</h1>" in client.get(f"/games/{five_up}").get_data(as_text=True)
    # Muggins played to 100 is not the named game: All Fives with its rules
    other = new_game(api, {**MUGGINS, "target_score": 100})
    assert "<h1>All Fives</h1>" in client.get(f"/games/{other}").get_data(as_text=True)


def test_fives_and_threes_f3_1_corrected_from_the_pad(client, api):
    plays = [{"player": p, "count": c} for p, c in
             [("A", 10), ("B", 10), ("A", 6), ("B", 9), ("A", 15), ("B", 12), ("A", 10), ("B", 6),
              ("A", 10), ("B", 12), ("A", 5)]]  # F3-1, with B's 18 (play 6) slipped in as a 12
    first = {"leader": "A", "plays": plays, "ended": "domino", "out": "A"}
    second = {"leader": "A", "in_play": {"A": 10, "B": 5}, "ended": "blocked"}
    r = api.post("/api/games", json={"kind": "fives_threes", "set": 6, "players": ["A", "B"], "rules": {},
                                     "rounds": [first, second]})
    gid = r.get_json()["id"]
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][1]["totals"] == {"A": 28, "B": 20}  # 18+10, 15+5
    fixed = {**first, "out": ["A"], "plays": [*plays[:5], {"player": "B", "count": 18}, *plays[6:]]}
    assert correct(client, gid, 1, fixed, 1).status_code == 302
    rounds = api.get(f"/api/games/{gid}").get_json()["rounds"]
    assert rounds[0]["scores"] == {"A": 18, "B": 17}  # F3-1: A 17 + the chip-out point, B 17
    assert rounds[1]["totals"] == {"A": 28, "B": 22}


def test_the_shared_picture_of_a_finished_muggins_game_is_titled_muggins(api, app):
    from companion.games import services
    from companion.sheets.share import share_context

    hand = {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}], "ended": "domino", "out": "Ann",
            "hands": {"Ann": {"pips": 0}, "Bob": {"pips": 8}}}
    gid = new_game(api, MUGGINS, [hand])
    assert api.post(f"/api/games/{gid}/finish").status_code == 200
    with app.test_request_context():
        assert share_context(services.get_game(gid))["title"] == "Muggins"


def test_a_correction_from_the_pad_can_be_undone(client, api):
    from urllib.parse import parse_qs, urlsplit

    gid = new_game(api, {}, [AF1, SECOND])
    fixed = {**AF1, "hands": {"Ann": {"pips": 0}, "Bob": {"pips": 13}}}  # 13 → 15: Ann 35
    r = correct(client, gid, 1, fixed, 1)
    assert "Hand 1 corrected." in client.get(r.headers["Location"]).get_data(as_text=True)
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][1]["totals"] == {"Ann": 50, "Bob": 80}
    token = parse_qs(urlsplit(r.headers["Location"]).query)["undo"][0]
    undone = client.post(f"/games/{gid}/undo", data={"token": token, "csrf_token": csrf_token(client, f"/games/{gid}")})
    assert undone.status_code == 302
    record = api.get(f"/api/games/{gid}").get_json()
    assert record["rounds"][0]["hands"]["Bob"]["pips"] == 8 and record["rounds"][1]["totals"] == {"Ann": 45, "Bob": 80}
