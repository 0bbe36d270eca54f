"""A player joins a game under way, leaves the table, comes back (issue 14).

The game worked by hand: Mexican Train on a double-12 set (91 tiles), Ana, Ben,
Cy and Dee, Ana starts, late joiners start at the average.
Round 1: Ana 0, Ben 10, Cy 20, Dee 30 (totals 0, 10, 20, 30), Ana starts.
Round 2: Ana 5, Ben 0, Cy 15, Dee 20 (totals 5, 10, 35, 50), Ben starts.
Eve then sits down between Ana and Ben: she starts from (5+10+35+50)/4 = 25.
Round 3 at five: 14 tiles each, 91 - 1 - 70 = 20 in the boneyard; the start
passes from Ben to Cy. Ana 8, Eve 0, Ben 12, Cy 3, Dee 9: totals 13, 25, 22,
38, 59. Dee leaves: round 4 at four, 15 tiles each, 91 - 1 - 60 = 30 in the
boneyard, Ana starts (Dee's seat is skipped). When Dee comes back round 5 is
at five again and the start passes from Ana to Eve.
"""

from __future__ import annotations

import pytest

from companion.rules import RecordError, joining, read_game
from tests.conftest import csrf_token

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]


def _hands(**pips):
    return {name: {"pips": p} for name, p in pips.items()}


ROUND_1 = {"ended": "domino", "hands": _hands(Ana=0, Ben=10, Cy=20, Dee=30)}
ROUND_2 = {"ended": "domino", "hands": _hands(Ana=5, Ben=0, Cy=15, Dee=20)}
ROUND_3 = {"ended": "domino", "hands": _hands(Ana=8, Eve=0, Ben=12, Cy=3, Dee=9)}


def _record(rounds=(ROUND_1, ROUND_2), **extra):
    return {"set": 12, "players": list(PLAYERS), "first_starter": "Ana",
            "rules": {"late_join": "average"}, "rounds": list(rounds), **extra}


# -- the engine ---------------------------------------------------------------------------------


def test_a_newcomer_sits_between_two_players_and_starts_from_the_average():
    record = joining.join(_record(), "Eve", after="Ana")
    assert record["players"] == ["Ana", "Eve", "Ben", "Cy", "Dee"]
    assert [r["absent"] for r in record["rounds"]] == [["Eve"], ["Eve"]]
    game = read_game(record)
    assert [r.starter for r in game.results] == ["Ana", "Ben"]  # the rounds played keep their starters
    plan = game.next_round()
    assert (plan.number, plan.engine, plan.starter, plan.dealt, plan.boneyard) == (3, 10, "Cy", 14, 20)
    game = read_game({**record, "rounds": record["rounds"] + [ROUND_3]})
    assert game.totals() == {"Ana": 13, "Eve": 25, "Ben": 22, "Cy": 38, "Dee": 59}
    assert [r.starter for r in game.results] == ["Ana", "Ben", "Cy"]


def test_a_player_who_leaves_is_neither_dealt_nor_starts_until_they_come_back():
    three = joining.join(_record(), "Eve", after="Ana")
    three["rounds"].append(ROUND_3)
    gone = joining.leave(three, "Dee")
    assert gone["away"] == ["Dee"]
    plan = read_game(gone).next_round()
    assert (plan.number, plan.starter, plan.dealt, plan.boneyard) == (4, "Ana", 15, 30)
    # round 4 without Dee: Ana 0, Eve 7, Ben 4, Cy 11
    gone["rounds"].append({"ended": "domino", "absent": ["Dee"], "hands": _hands(Ana=0, Eve=7, Ben=4, Cy=11)})
    game = read_game(gone)
    assert game.results[-1].starter == "Ana"
    assert game.totals() == {"Ana": 13, "Eve": 32, "Ben": 26, "Cy": 49, "Dee": 59}
    back = joining.come_back(gone, "Dee")
    assert "away" not in back
    plan = read_game(back).next_round()
    assert (plan.number, plan.starter, plan.dealt, plan.boneyard) == (5, "Eve", 14, 20)


def test_the_start_passes_to_the_next_player_at_the_table_after_a_round_sat_out():
    # Ben sits round 2 out: Cy starts it, and round 3 passes on to Dee (not Cy again)
    rounds = [ROUND_1, {"ended": "domino", "absent": ["Ben"], "hands": _hands(Ana=5, Cy=0, Dee=20)}, ROUND_1]
    game = read_game(_record(rounds))
    assert [r.starter for r in game.results] == ["Ana", "Cy", "Dee"]
    assert game.next_round().starter == "Ana"


@pytest.mark.parametrize("name, after, code", [
    ("", None, "bad_value"),
    ("   ", None, "bad_value"),
    ("Ben", None, "duplicate_player"),
    ("Eve", "Zed", "unknown_player"),
])
def test_a_newcomer_refused_before_the_engine(name, after, code):
    with pytest.raises(RecordError) as exc:
        joining.join(_record(), name, after)
    assert exc.value.codes == [code]


def test_a_thirteenth_player_at_a_double_12_table_is_too_many():
    names = [f"P{i}" for i in range(12)]
    record = joining.join({"set": 12, "players": names, "rounds": []}, "Newcomer")
    with pytest.raises(RecordError) as exc:
        read_game(record)
    assert "too_many_players" in exc.value.codes


def test_leaving_and_coming_back_refusals():
    with pytest.raises(RecordError) as exc:
        joining.leave(_record(away=["Dee"]), "Dee")
    assert exc.value.codes == ["bad_value"]
    with pytest.raises(RecordError) as exc:
        joining.come_back(_record(), "Dee")
    assert exc.value.codes == ["bad_value"]
    with pytest.raises(RecordError) as exc:
        joining.leave(_record(), "Zed")
    assert exc.value.codes == ["unknown_player"]
    # two at the table is the fewest: the third may not leave
    with pytest.raises(RecordError) as exc:
        read_game(_record(away=["Ana", "Ben", "Cy"]))
    assert exc.value.codes == ["too_few_players"]


# -- the tablet ---------------------------------------------------------------------------------


def _game(api) -> int:
    r = api.post("/api/games", json=_record())
    assert r.status_code == 201
    return r.get_json()["id"]


def _post(client, gid, path, **fields):
    return client.post(f"/games/{gid}/players{path}",
                       data={"csrf_token": csrf_token(client, f"/games/{gid}"), **fields})


def test_the_tablet_seats_a_newcomer_and_the_game_goes_on(client, api):
    gid = _game(api)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Players: someone joins or leaves" in html
    # the panel comes closed, its forms fetched when it opens (issue 27, page weight)
    assert "They play from round 3" not in html
    assert f'<div class="seats-body" data-body="/games/{gid}/seats/panel" data-style="/static/panels.css' in html
    html = client.get(f"/games/{gid}/seats/panel").get_data(as_text=True)
    assert "They play from round 3 and start with 25" in html
    assert f'action="/games/{gid}/players"' in html and f'formaction="/games/{gid}/players/back"' not in html
    r = _post(client, gid, "", name="  Eve ", after="Ana")
    assert r.status_code == 302
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Eve joins the game: they play from round 3." in page
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["players"] == ["Ana", "Eve", "Ben", "Cy", "Dee"]
    assert game["next_round"] == {"number": 3, "engine": 10, "starter": "Cy", "dealt": 14, "boneyard": 20}
    assert [r["starter"] for r in game["rounds"]] == ["Ana", "Ben"]
    assert [r["scores"]["Eve"] for r in game["rounds"]] == [None, None]
    # round 3 from the round form: Eve is seat 1
    data = {"csrf_token": csrf_token(client, f"/games/{gid}"), "number": "3", "out": "1",
            "pips-0": "8", "pips-2": "12", "pips-3": "3", "pips-4": "9"}
    assert client.post(f"/games/{gid}/rounds", data=data).status_code == 302
    totals = {s["player"]: s["total"] for s in api.get(f"/api/games/{gid}").get_json()["standings"]}
    assert totals == {"Ana": 13, "Eve": 25, "Ben": 22, "Cy": 38, "Dee": 59}


def test_a_refused_newcomer_keeps_what_was_typed(client, api):
    gid = _game(api)
    r = _post(client, gid, "", name="Ben", after="Cy")
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "Ben is already at the table." in html
    assert '<details class="card seat-panel" id="table-seats" open>' in html
    assert 'name="name" value="Ben"' in html and '<option value="Cy" selected>' in html
    r = _post(client, gid, "", name="", after="Cy")
    assert r.status_code == 422 and "Type the new player&#39;s name." in r.get_data(as_text=True)
    assert api.get(f"/api/games/{gid}").get_json()["players"] == PLAYERS


def test_a_player_leaves_the_table_and_the_next_round_is_dealt_without_them(client, api):
    gid = _game(api)
    r = _post(client, gid, "/leave", player="Dee")
    assert r.status_code == 302
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Dee has left the table: they sit out the rounds to come." in page
    # the round form starts with Dee ticked as sitting the round out; 16 tiles each for three
    assert 'name="absent-3" value="1" class="absent-box" checked' in page
    assert 'Dee <small class="away-note">left the table</small></label>' in page
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["away"] == ["Dee"]
    assert game["next_round"] == {"number": 3, "engine": 10, "starter": "Cy", "dealt": 16, "boneyard": 42}
    # a second tap is refused with a message, nothing changes
    r = _post(client, gid, "/leave", player="Dee")
    assert "Dee has already left the table." in client.get(r.headers["Location"]).get_data(as_text=True)
    r = _post(client, gid, "/back", player="Dee")
    assert "Dee is back at the table from the next round." in client.get(r.headers["Location"]).get_data(as_text=True)
    game = api.get(f"/api/games/{gid}").get_json()
    assert "away" not in game and game["next_round"]["dealt"] == 15


def test_no_one_joins_a_finished_game(client, api):
    record = _record(rounds=[ROUND_1] * 13)
    gid = api.post("/api/games", json=record).get_json()["id"]
    assert "Players: someone joins or leaves" not in client.get(f"/games/{gid}").get_data(as_text=True)
    r = client.get(f"/games/{gid}/seats/panel")  # its forms' page too: back to the game
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/games/{gid}")
    r = client.post(f"/games/{gid}/players", data={"csrf_token": csrf_token(client, f"/games/{gid}"),
                                                  "name": "Eve"})
    assert r.status_code == 302
    assert "This game is over." in client.get(r.headers["Location"]).get_data(as_text=True)
    assert len(api.get(f"/api/games/{gid}").get_json()["players"]) == 4


def test_a_phone_keeps_its_player_when_a_newcomer_sits_before_them(app, client, api):
    from companion.phones import links as phones

    gid = _game(api)
    with app.test_request_context():
        link = phones.link_seat(gid, phones.access(gid).join_key, 3)  # Dee's phone
        key = link.key
    _post(client, gid, "", name="Eve", after="Ana")
    with app.test_request_context():
        assert phones.open_seat(key).name == "Dee"


def test_the_away_list_survives_a_backup(app, client, api):
    from companion.backup import archive as backup

    gid = _game(api)
    _post(client, gid, "/leave", player="Cy")
    with app.app_context():
        doc = backup.dump()
        assert [g["away"] for g in doc["games"]] == [["Cy"]]
        heads = backup.check_backup(doc)
        assert heads[gid]["away"] == ["Cy"]
        assert backup._game_row(doc["games"][0], heads[gid]).away == ["Cy"]


def test_the_sheet_does_not_call_a_newcomer_or_a_player_away_gone():
    """On the score sheet of a game under way, a newcomer who has not played
    yet and a player away from the table have no place yet ("–"); "left" is
    for a finished game's player who was gone at its end."""
    from datetime import date

    from companion.sheets import pdf

    record = joining.leave(joining.join(_record(), "Eve", after="Ana"), "Dee")
    context = pdf.sheet_context(read_game(record), played_on=date(2026, 12, 2))
    places = {s["player"]: s["place"] for s in context["standings"]}
    assert places["Eve"] == "–"
    assert "left" not in places.values()


def test_a_player_away_with_no_hand_sits_the_round_out_in_the_engine_and_the_api(api):
    """The record's ``away`` is enough: a round that gives Dee (away) no hand
    has Dee sit it out; one that gives her a hand has her play; and the
    players left must still be two."""
    record = joining.leave(_record(), "Dee")
    game = read_game({**record, "rounds": record["rounds"] + [
        {"ended": "domino", "hands": _hands(Ana=0, Ben=4, Cy=6)}]})
    assert game.rounds[2].absent == ("Dee",)
    assert game.totals() == {"Ana": 5, "Ben": 14, "Cy": 41, "Dee": 50}
    played = read_game({**record, "rounds": record["rounds"] + [
        {"ended": "domino", "hands": _hands(Ana=0, Ben=4, Cy=6, Dee=2)}]})
    assert played.rounds[2].absent == ()
    two_away = joining.leave(record, "Cy")
    with pytest.raises(RecordError) as refused:
        read_game({**two_away, "rounds": two_away["rounds"] + [
            {"ended": "domino", "absent": ["Ben"], "hands": _hands(Ana=0)}]})
    assert [p.code for p in refused.value.errors] == ["too_few_players"]
    # over the API: round 3 without Dee's hand is saved with Dee sitting out
    r = api.post("/api/games", json={**record, "format": "domino-game-record", "version": 1,
                                     "kind": "mexican_train"})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": _hands(Ana=0, Ben=4, Cy=6)})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["round"]["absent"] == ["Dee"]
    assert r.get_json()["game"]["rounds"][2]["scores"] == {"Ana": 0, "Ben": 4, "Cy": 6, "Dee": None}


def test_a_newcomer_named_as_a_seated_player_in_another_case_is_refused_by_that_name():
    """"ana" is Ana, already at the table (seen in a newcomer's walk: the
    message used to say "ana is seated twice.")."""
    with pytest.raises(RecordError) as refused:
        joining.join(_record(), " ana ", after="Ben")
    assert [(p.code, p.message) for p in refused.value.errors] == [
        ("duplicate_player", "Ana is already at the table.")]


def test_the_late_joiner_rule_says_what_it_gives_in_a_draw_game(client, api):
    # Draw game: points are won, so the least favourable total is the lowest. Each round's
    # winner scores the others' pips: Ann 4 + 6 = 10, Bob 5 + 2 = 7, Cy 1 + 2 = 3. A
    # newcomer starts with 3, and the page must not call that "the highest total"
    rounds = [
        {"ended": "domino", "hands": {"Ann": {"pips": 0}, "Bob": {"pips": 4}, "Cy": {"pips": 6}}},
        {"ended": "domino", "hands": {"Ann": {"pips": 5}, "Bob": {"pips": 0}, "Cy": {"pips": 2}}},
        {"ended": "domino", "hands": {"Ann": {"pips": 1}, "Bob": {"pips": 2}, "Cy": {"pips": 0}}},
    ]
    r = api.post("/api/games", json={"kind": "draw", "set": 6, "players": ["Ann", "Bob", "Cy"],
                                     "rules": {"late_join": "highest"}, "rounds": rounds,
                                     "first_starter": "Ann"})
    assert r.status_code == 201, r.get_json()
    page = client.get(f"/games/{r.get_json()['id']}/seats/panel").get_data(as_text=True)
    assert "start with 3 (rule for late joiners: start at the table&#39;s least favourable total)" in page
    assert "highest total" not in page


def test_the_rules_reference_says_which_total_a_late_joiner_takes(client):
    # the highest total in Mexican Train (fewer points win), the lowest in Draw and Block
    page = " ".join(client.get("/rules").get_data(as_text=True).split())
    assert ("starts at zero, at the least favourable total at the table (the highest in "
            "Mexican Train, the lowest in Draw and Block), or at the average") in page
    assert "highest total at the table" not in page
    ru = " ".join(client.get("/rules", headers={"Accept-Language": "ru"}).get_data(as_text=True).split())
    assert "наименьшей в «С базаром» и «Блоке»" in ru
