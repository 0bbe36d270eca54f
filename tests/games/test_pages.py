"""The pages: starting a game, entering rounds, wrong input kept and explained,
corrections, the table view, the rules page, signing in."""

from __future__ import annotations

import re

from tests.conftest import TOKEN, count_rows, csrf_token


def start_game(client, players=("Ana", "Ben", "Chen", "Dee"), starter="0", set_n="12", dbp="50"):
    token = csrf_token(client, "/")
    data = {"csrf_token": token, "player": list(players), "starter": starter, "set": set_n,
            "rule-double_blank_points": dbp}
    return client.post("/games", data=data)


def game_id(response) -> int:
    return int(re.search(r"/games/(\d+)", response.headers["Location"]).group(1))


def cell(html: str, ident: str) -> str:
    m = re.search(rf'id="{ident}"[^>]*>(.*?)</td>', html, re.S)
    assert m, ident
    return re.sub(r"<[^>]+>", " ", m.group(1)).split()


def enter_round(client, gid, pips: dict[int, str], out=None, number=None, extra=None):
    token = csrf_token(client, f"/games/{gid}")
    data = {"csrf_token": token}
    for seat, value in pips.items():
        data[f"pips-{seat}"] = value
    if out is not None:
        data["out"] = str(out)
    if number is not None:
        data["number"] = str(number)
    data.update(extra or {})
    return client.post(f"/games/{gid}/rounds", data=data)


def test_start_a_game_and_see_the_next_round_card(client):
    r = start_game(client, starter="1")
    assert r.status_code == 302
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Round 1 of 13" in html
    assert "12-12" in html
    # Ben starts (row 1 was marked), 4 players are dealt 15 each, 30 stay in the boneyard
    assert re.search(r"Starts</dt><dd>Ben<", html)
    assert "15 tiles" in html and "30 tiles" in html
    # the next page offers earlier players by name
    assert '<option value="Chen">' in client.get("/").get_data(as_text=True)


def test_start_game_errors_keep_what_was_typed(client, app):
    r = start_game(client, players=("Ana", "", "ana"), dbp="fifty")
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "“fifty” is not a whole number." in html
    assert 'value="fifty"' in html
    assert count_rows(app) == (0, 0)
    r = start_game(client, players=("Ana", "", "ana"))
    html = r.get_data(as_text=True)
    assert r.status_code == 422
    assert "ana is seated twice." in html
    assert 'value="Ana"' in html and 'value="ana"' in html
    r = start_game(client, players=("Solo",))
    assert "at least 2 players" in r.get_data(as_text=True)
    assert count_rows(app) == (0, 0)


def test_unusual_player_count_asks_for_confirmation(client, app):
    r = start_game(client, players=("A", "B", "C", "D", "E"), set_n="9")
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "usually played by 2 to 4 players" in html
    assert 'name="confirm"' in html
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": list("ABCDE"), "starter": "0",
                                    "set": "9", "rule-double_blank_points": "50", "confirm": "1"})
    assert r.status_code == 302
    assert count_rows(app) == (1, 0)


def test_enter_rounds_and_running_totals(client):
    gid = game_id(start_game(client))
    r = enter_round(client, gid, {1: "23", 2: "41", 3: "12"}, out=0, number=1)
    assert r.status_code == 302
    r = enter_round(client, gid, {0: "35", 1: "0", 2: "8", 3: "19"}, number=2)  # typed 0: Ben out
    assert r.status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert cell(html, "cell-2-0") == ["35", "35"]
    assert cell(html, "cell-2-1") == ["0", "23"]
    assert cell(html, "total-2") == ["49"]
    # totals Ana 35, Ben 23, Chen 49, Dee 31: Ben 1st, Dee 2nd, Ana 3rd, Chen 4th
    assert [cell(html, f"rank-{s}")[0] for s in range(4)] == ["3", "1", "4", "2"]
    assert "Round 3 of 13" in html


def test_wrong_input_is_shown_at_the_field_and_kept(client, app):
    gid = game_id(start_game(client))
    r = enter_round(client, gid, {1: "2x3", 2: "41", 3: ""}, out=0, number=1)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "“2x3” is not a whole number." in html
    assert "Type Dee&#39;s pips, or tap Out." in html
    assert 'value="2x3"' in html and 'value="41"' in html
    assert re.search(r'name="out" value="0" checked', html)
    assert count_rows(app) == (1, 0)


def test_impossible_pips_are_caught(client, app):
    gid = game_id(start_game(client))
    r = enter_round(client, gid, {1: "24", 2: "41", 3: "12"}, out=0, number=1,
                    extra={"left-1": "1"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "1 tile can hold at most 23 pips in the 12-12 round, not 24." in html
    assert 'value="24"' in html and 'name="left-1" value="1"' in html
    assert count_rows(app) == (1, 0)
    r = enter_round(client, gid, {0: "5", 1: "3", 2: "41", 3: "12"}, number=1)
    assert "Tap the player who went out, or Blocked." in r.get_data(as_text=True)
    r = enter_round(client, gid, {0: "5", 1: "0", 2: "41", 3: "12"}, out="blocked", number=1)
    assert "A blocked round ends with tiles in every hand, but Ben has none left: tap Ben&#39;s Out" in r.get_data(as_text=True)
    assert count_rows(app) == (1, 0)


def test_a_form_sent_twice_saves_one_round(client, app):
    gid = game_id(start_game(client))
    first = enter_round(client, gid, {1: "23", 2: "41", 3: "12"}, out=0, number=1)
    again = enter_round(client, gid, {1: "23", 2: "41", 3: "12"}, out=0, number=1)
    assert first.status_code == 302 and again.status_code == 302
    assert count_rows(app) == (1, 1)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Round 1 is already recorded" in html


def test_house_deal_warns_then_saves_when_confirmed(client, app):
    gid = game_id(start_game(client))
    r = enter_round(client, gid, {1: "23", 2: "41", 3: "12"}, out=0, number=1, extra={"dealt": "12"})
    assert r.status_code == 422
    assert "The table deals 15 tiles each to 4 players." in r.get_data(as_text=True)
    assert count_rows(app) == (1, 0)
    r = enter_round(client, gid, {1: "23", 2: "41", 3: "12"}, out=0, number=1,
                    extra={"dealt": "12", "confirm": "1"})
    assert r.status_code == 302
    assert count_rows(app) == (1, 1)


def test_correct_a_past_round_and_delete_the_last(client):
    gid = game_id(start_game(client))
    enter_round(client, gid, {1: "23", 2: "41", 3: "12"}, out=0, number=1)
    enter_round(client, gid, {0: "35", 2: "8", 3: "19"}, out=1, number=2)
    edit = client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)
    assert 'name="pips-1" value="23"' in edit
    assert re.search(r'name="out" value="0" checked', edit)
    token = re.search(r'name="csrf_token" value="([^"]+)"', edit).group(1)
    form = {"csrf_token": token, "version": "1", "out": "0", "pips-1": "30", "pips-2": "41",
            "pips-3": "12", "dealt": "15"}
    r = client.post(f"/games/{gid}/rounds/1", data=form)
    assert r.status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert cell(html, "total-1") == ["30"]  # 30 + 0
    # the same old form again: the round changed since it was read
    r = client.post(f"/games/{gid}/rounds/1", data=form)
    assert r.status_code == 409
    assert "changed on another device" in r.get_data(as_text=True)
    # delete round 2: totals go back to round 1's
    r = client.post(f"/games/{gid}/rounds/2/delete", data={"csrf_token": token})
    assert r.status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert cell(html, "total-0") == ["0"] and "Round 2 of 13" in html


def test_full_game_through_the_forms(client, full_game):
    rec = full_game["record"]
    players = rec["players"]
    gid = game_id(start_game(client, players=players, starter=str(players.index(rec["first_starter"]))))
    for number, rnd in enumerate(rec["rounds"], start=1):
        pips, extra, out = {}, {}, None
        for seat, name in enumerate(players):
            hand = rnd["hands"][name]
            if rnd["ended"] == "domino" and hand["pips"] == 0 and not hand.get("double_blank"):
                out = seat
                continue
            pips[seat] = str(hand["pips"])
            if "tiles_left" in hand:
                extra[f"left-{seat}"] = str(hand["tiles_left"])
            if hand.get("double_blank"):
                extra[f"blank-{seat}"] = "1"
        r = enter_round(client, gid, pips, out="blocked" if out is None else out, number=number, extra=extra)
        assert r.status_code == 302, (number, r.get_data(as_text=True)[:300])
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    exp = full_game["expected"]
    for seat, name in enumerate(players):
        assert cell(html, f"total-{seat}") == [str(exp["totals"][name])]
    assert "Ana wins!" in html
    assert [cell(html, f"rank-{s}")[0] for s in range(4)] == ["1", "3", "2", "3"]
    assert cell(html, "cell-8-0") == ["50", "153", "0-0"]  # the 0-0 left in Ana's hand in round 8, marked
    assert 'id="round-form"' not in html
    table = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "Final standings" in table and "Winner: Ana" in table


def test_csrf_is_required_on_forms(client, app):
    r = client.post("/games", data={"player": ["A", "B"], "starter": "0", "set": "12"})
    assert r.status_code == 400
    assert count_rows(app) == (0, 0)


def test_login_page(anon):
    r = anon.post("/login", data={"token": "nope", "csrf_token": csrf_token(anon, "/login")})
    assert r.status_code == 401
    assert "That is not the access token." in r.get_data(as_text=True)
    r = anon.post("/login", data={"token": TOKEN, "csrf_token": csrf_token(anon, "/login"), "next": "/rules"})
    assert r.status_code == 302 and r.headers["Location"] == "/rules"
    assert anon.get("/rules").status_code == 200
    # the token in the address opens a session and is taken out of the address
    other = anon.application.test_client()
    r = other.get(f"/rules?token={TOKEN}")
    assert r.status_code == 302 and r.headers["Location"] == "/rules"


def test_login_refuses_an_outside_next(anon):
    r = anon.post("/login", data={"token": TOKEN, "csrf_token": csrf_token(anon, "/login"),
                                  "next": "//evil.example/x"})
    assert r.headers["Location"] == "/"


def test_rules_page_and_table_view(client):
    html = client.get("/rules").get_data(as_text=True)
    assert "Sources differ" in html and "Double-blank" in html and "double_blank_points" not in html
    gid = game_id(start_game(client))
    html = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "Round 1 of 13" in html and "<dt>Starts</dt><dd>Ana</dd>" in html
    assert f'data-poll="/api/games/{gid}/revision"' in html


def test_unknown_game_page_is_404(client):
    assert client.get("/games/42").status_code == 404
    assert client.get("/games/42/table").status_code == 404


def test_house_rules_from_the_form_change_the_score(client):
    token = csrf_token(client, "/")
    r = client.post("/games", data={
        "csrf_token": token, "player": ["Ana", "Ben", "Cy"], "starter": "0", "kind": "mexican_train",
        "set": "12", "preset": "league", "rule-double_blank_points": "50", "rule-blank_half_points": "25",
        "rule-marker_penalty": "10"})
    assert r.status_code == 302
    gid = game_id(r)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    # from the league preset, by its label (the key stays in the API)
    assert "Rules in play" in html and "<dt>Going out -10</dt>" in html and "going_out_bonus" not in html
    # Ben picked 0-5 and 0-0 in the tile picker: 5 + 25 + 50 = 80; Cy's marker: 7 + 10 = 17;
    # Ana went out: -10 (league preset)
    r = enter_round(client, gid, {2: "7"}, out=0, number=1,
                    extra={"tiles-1": "0-5 0-0", "marker-2": "1"})
    assert r.status_code == 302, r.get_data(as_text=True)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert cell(html, "cell-1-0") == ["-10", "-10"]
    assert cell(html, "cell-1-1") == ["80", "80", "0-0"]  # picked with the 0-0: marked
    assert cell(html, "cell-1-2") == ["17", "17"]


def test_more_rules_errors_are_shown_and_kept(client, app):
    token = csrf_token(client, "/")
    r = client.post("/games", data={
        "csrf_token": token, "player": ["Ana", "Ben"], "starter": "0", "kind": "mexican_train",
        "set": "12", "rule-marker_penalty": "ten", "rule-start_engine": "14"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "“ten” is not a whole number." in html and 'value="ten"' in html
    assert count_rows(app) == (0, 0)
    r = client.post("/games", data={
        "csrf_token": token, "player": ["Ana", "Ben"], "starter": "0", "kind": "mexican_train",
        "set": "12", "rule-start_engine": "14"})
    assert "A double-12 set has no 14-14." in r.get_data(as_text=True)


def test_tiles_in_two_hands_are_refused(client, app):
    gid = game_id(start_game(client))
    r = enter_round(client, gid, {3: "4"}, out=0, number=1,
                    extra={"tiles-1": "6-5 2-1", "tiles-2": "5-6"})
    assert r.status_code == 422
    assert "6-5 is already in Ben&#39;s hand." in r.get_data(as_text=True)
    assert 'name="tiles-2" value="5-6"' in r.get_data(as_text=True)
    assert count_rows(app) == (1, 0)


def test_a_player_sits_a_round_out(client):
    gid = game_id(start_game(client))
    r = enter_round(client, gid, {1: "23", 2: "41"}, out=0, number=1, extra={"absent-3": "1"})
    assert r.status_code == 302, r.get_data(as_text=True)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert cell(html, "cell-1-3") == ["away", "–"]
    assert cell(html, "rank-3") == ["–"]


def test_classic_draw_game_through_the_form(client):
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": ["Ana", "Ben", "Cy"], "starter": "0",
                                    "kind": "draw", "rule-target_score": "50"})
    assert r.status_code == 302
    gid = game_id(r)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Draw game" in html and "first to 50 points" in html and "6 tiles" in html
    # Ana out, Ben 12, Cy 7: Ana scores 19
    assert enter_round(client, gid, {1: "12", 2: "7"}, out=0, number=1).status_code == 302
    # blocked: Ana 5, Ben 3, Cy 9 → Ben 14
    assert enter_round(client, gid, {0: "5", 1: "3", 2: "9"}, out="blocked", number=2).status_code == 302
    # Ana out again, Ben 20, Cy 15: Ana 19 + 35 = 54 ≥ 50 wins
    assert enter_round(client, gid, {1: "20", 2: "15"}, out=0, number=3).status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert [cell(html, f"total-{s}")[0] for s in range(3)] == ["54", "14", "0"]
    assert "Ana wins!" in html


def test_picture_dominoes_through_the_form(client):
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": ["Mia", "Leo"], "starter": "0",
                                    "kind": "picture"})
    gid = game_id(r)
    for winner, number in (("1", 1), ("1", 2), ("0", 3)):
        token = csrf_token(client, f"/games/{gid}")
        r = client.post(f"/games/{gid}/rounds", data={"csrf_token": token, "winner": winner, "number": str(number)})
        assert r.status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert [cell(html, f"total-{s}")[0] for s in range(2)] == ["1", "2"]
    assert cell(html, "rank-1") == ["1"]


def test_two_tablets_save_the_same_round_and_nothing_typed_is_lost(client, app):
    gid = game_id(start_game(client))
    other = app.test_client()
    other.get("/?token=test-token-4f9c")
    # both tablets opened the page for round 1; the other one saves first
    token_here = csrf_token(client, f"/games/{gid}")
    r = enter_round(other, gid, {1: "23", 2: "41", 3: "12"}, out=0, number=1)
    assert r.status_code == 302
    r = client.post(f"/games/{gid}/rounds", data={"csrf_token": token_here, "number": "1", "out": "1",
                                                 "pips-0": "7", "pips-2": "8", "pips-3": "3"})
    assert r.status_code == 409
    html = r.get_data(as_text=True)
    assert "Round 1 was just saved on another device with other numbers" in html
    assert 'value="7"' in html and 'value="8"' in html and 'value="3"' in html
    assert count_rows(app) == (1, 1)
    # the form now corrects round 1 with what was typed here
    assert f'action="/games/{gid}/rounds/1"' in html
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    r = client.post(f"/games/{gid}/rounds/1", data={"csrf_token": token, "version": "1", "out": "1",
                                                   "pips-0": "7", "pips-2": "8", "pips-3": "3", "dealt": "15"})
    assert r.status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert cell(html, "cell-1-0") == ["7", "7"] and count_rows(app) == (1, 1)


def test_sitting_out_takes_the_deal_for_the_players_present(client):
    gid = game_id(start_game(client))
    # the deal box still shows 15 (four players); with Dee away three are dealt 16
    r = enter_round(client, gid, {1: "23", 2: "41"}, out=0, number=1, extra={"absent-3": "1", "dealt": "15"})
    assert r.status_code == 302, r.get_data(as_text=True)[:500]


def test_a_player_away_from_the_last_round_is_warned_first(client, app):
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": ["Ana", "Ben", "Cy"], "starter": "0",
                                    "kind": "mexican_train", "set": "12", "rule-start_engine": "0"})
    gid = game_id(r)  # a one-round game: 0-0 only
    r = enter_round(client, gid, {2: "9"}, out=0, number=1, extra={"absent-1": "1"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "Ben sits out the last round" in html and "Yes, save it this way" in html
    assert count_rows(app) == (1, 0)
    r = enter_round(client, gid, {2: "9"}, out=0, number=1, extra={"absent-1": "1", "confirm": "1"})
    assert r.status_code == 302
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert cell(html, "rank-1") == ["–"] and "Ana wins!" in html


def test_a_starter_past_every_row_is_refused_with_the_names_kept(client, app):
    r = start_game(client, players=("Ana", "Ben", "Chen"), starter="99999999999999999999")
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "Tap “starts” beside the player who starts the first round." in html
    assert 'value="Ana"' in html and 'value="Chen"' in html
    assert count_rows(app) == (0, 0)
    # a row that exists, even a blank one, is no typing mistake: seat 1 starts
    assert start_game(client, players=("Ana", "Ben", "Chen", ""), starter="3").status_code == 302


def test_a_name_past_the_cap_is_refused_not_cut(client, app):
    long_name = "Bartholomew-Maximilian Alexandrovich Q"  # 38 characters: allowed
    assert len(long_name) == 38
    too_long = long_name + "uin"  # 41 characters, one past the cap of 40
    r = start_game(client, players=("Ana", too_long))
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "A name may have at most 40 characters." in html
    assert f'value="{too_long}"' in html  # kept whole, not cut to 40
    assert 'maxlength="40"' not in html  # the browser does not cut it either
    assert count_rows(app) == (0, 0)
    assert start_game(client, players=("Ana", long_name)).status_code == 302


# ------------------------------------------------ who starts: chosen, or the tiles

def _finished_page(client, api, record: dict) -> str:
    gid = api.post("/api/games", json=record).get_json()["id"]
    assert api.get(f"/api/games/{gid}").get_json()["status"] == "finished"
    return client.get(f"/games/{gid}").get_data(as_text=True)


def test_a_finished_draw_game_does_not_name_who_starts_the_next_one(client, api):
    # Draw game to 50: Ana out, Ben 12, Cy 7 → Ana 19; blocked, Ben lowest 3 →
    # Ben 5 + 9 = 14; Ana out, Ben 20, Cy 15 → Ana 19 + 35 = 54 ≥ 50: finished.
    # Ben was entered as "first starter", yet the highest double starts every round.
    html = _finished_page(client, api, {
        "kind": "draw", "players": ["Ana", "Ben", "Cy"], "first_starter": "Ben",
        "rules": {"target_score": 50},
        "rounds": [
            {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}, "Cy": {"pips": 7}}},
            {"ended": "blocked", "hands": {"Ana": {"pips": 5}, "Ben": {"pips": 3}, "Cy": {"pips": 9}}},
            {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 20}, "Cy": {"pips": 15}}},
        ]})
    assert "Ana wins!" in html and "New game with these players" in html
    assert "Same seats and rules; whoever holds the highest double starts each round." in html
    assert "starts the first round" not in html


def test_a_finished_picture_game_does_not_name_who_starts_the_next_one(client, api):
    # Picture dominoes to 2 wins: Leo, then Leo again: finished after 2 rounds.
    html = _finished_page(client, api, {
        "kind": "picture", "players": ["Mia", "Leo"], "first_starter": "Mia",
        "rules": {"target_wins": 2},
        "rounds": [{"winner": "Leo"}, {"winner": "Leo"}]})
    assert "Leo wins!" in html
    assert ("Same seats and rules; whoever holds a tile with the same picture on both halves starts."
            in html)
    assert "starts the first round" not in html


def test_a_finished_mexican_train_names_the_next_first_starter(client, api):
    # One round (0-0 only), Dee started it: the seat after Dee, Ana, starts the next game.
    html = _finished_page(client, api, {
        "set": 12, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Dee",
        "rules": {"start_engine": 0},
        "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 9}, "Ben": {"pips": 0},
                                                 "Chen": {"pips": 4}, "Dee": {"pips": 12}}}]})
    assert "Same seats and rules; Ana starts the first round." in html
    assert "highest double starts" not in html


def test_the_start_form_offers_starts_only_for_mexican_train(client):
    html = client.get("/").get_data(as_text=True)
    # every "starts" button, the four rows and the row a new seat is made from
    kinds = re.findall(r'<label class="starter" data-kinds="([^"]*)"', html)
    assert len(kinds) == 5 and set(kinds) == {"mexican_train"}
    assert len(re.findall(r'<label class="starter"', html)) == 5
    assert re.search(r'<p class="hint" data-kinds="draw block">Draw and Block: whoever holds the '
                     r"highest double starts each round, so nobody is chosen here.</p>", html)
    assert re.search(r'<p class="hint" data-kinds="picture">Picture dominoes: whoever holds a tile '
                     r"with the same picture on both halves starts, so nobody is chosen here.</p>", html)


def test_a_draw_game_from_a_form_without_scripts_ignores_starts(client, api):
    # Without scripts the "starts" buttons stay on the page: a tap on Cy (row 2),
    # or a row past the list, changes nothing for the Draw game.
    token = csrf_token(client, "/")
    for starter in ("2", "99999999999999999999"):
        r = client.post("/games", data={"csrf_token": token, "player": ["Ana", "Ben", "Cy"],
                                        "starter": starter, "kind": "draw"})
        assert r.status_code == 302, r.get_data(as_text=True)[:300]
        game = api.get(f"/api/games/{game_id(r)}").get_json()
        assert game["first_starter"] == "Ana"  # a seat only: nobody was chosen
        assert game["next_round"]["starter"] is None
        html = client.get(f"/games/{game_id(r)}").get_data(as_text=True)
        assert re.search(r"Starts</dt><dd>highest double<", html)
