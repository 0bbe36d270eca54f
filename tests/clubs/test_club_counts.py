"""Club nights of the games scored during play (rules-families.md sections 2–4):
All Fives, Fives and Threes (singles, or doubles: two pairs a table), Texas 42
(two pairs a table). Each table's game starts as the night's kind with the
night's rules, is played through the games' API, and its result feeds the
standings by player (and by pair where in pairs).

A game is won quickly with the quick ``in_play`` totals: hands in which the
winner makes 30 points, the last one the rest to the target exactly (61 in
Fives and Threes, pagat's exact 61; All Fives to the night's 150, the winner
out and the others left with 0 pips: no bonus). A 42 game is won 7 marks to 6
(pagat 42: 7 marks): 13 hands, each bid 30 by the first bidder and made, one
mark to each pair in turn.
"""

from __future__ import annotations

from typing import Any

import pytest

EIGHT = ["Ana", "Ben", "Chen", "Dee", "Eve", "Fay", "Gus", "Hal"]


def night(api, kind: str, **extra: Any) -> dict[str, Any]:
    r = api.post("/api/events", json={"name": "Pub night", "held_on": "2026-12-04", "kind": kind,
                                      "players": EIGHT, **extra})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def draw(api, eid: int) -> list[dict[str, Any]]:
    r = api.post(f"/api/events/{eid}/draw", json={"seed": 3})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["games"][-1]


def win(api, gid: int, winner: str, target: int | None) -> None:
    """Blocked hands in which ``winner`` makes 30 points each (at most 8 a
    tile in Fives and Threes: 30 fits five tiles), the last one the rest to
    ``target`` exactly; ``None``: 30 a hand until the game ends (All Fives)."""
    for _ in range(20):
        game = api.get(f"/api/games/{gid}").get_json()
        if game["status"] == "finished":
            return
        leader = game["next_round"].get("starter") or game["players"][0]
        made = next((s["total"] for s in game.get("standings", []) if s["player"] == winner), None)
        if made is None:  # in pairs: the pair's total
            made = next(s["total"] for s in game["team_standings"] if winner in s["name"].split("+"))
        points = 30 if target is None else min(30, target - made)
        hand = {"leader": leader, "in_play": {winner: points}, "ended": "blocked"}
        if game["kind"] == "all_fives":  # winner goes out; the others hold only the 0-0 (no bonus)
            hand.update(ended="domino", out=winner,
                        hands={p: {"pips": 0} for p in game["players"] if p != winner})
        r = api.post(f"/api/games/{gid}/rounds", json=hand)
        assert r.status_code == 201, r.get_json()
    raise AssertionError("the game did not end")


@pytest.mark.db
@pytest.mark.parametrize(("kind", "rules", "points"), [
    ("fives_threes", {"target_score": 61}, 61), ("all_fives", {"target_score": 150}, 150)])
def test_a_singles_night_seats_tables_of_four_and_counts_the_winners(api, client, kind, rules, points):
    ev = night(api, kind, rules=rules)
    assert (ev["kind"], ev["set"], ev["rules"], ev["in_pairs"]) == (kind, 6, rules, False)
    tables = draw(api, ev["id"])
    assert sorted(len(t["players"]) for t in tables) == [4, 4]
    for t in tables:
        game = api.get(f"/api/games/{t['game']}").get_json()
        assert (game["kind"], game.get("teams")) == (kind, None)
        assert client.get(f"/games/{t['game']}").status_code == 200  # its score pad
        assert game["next_round"]["dealt"] == 5  # 5 each to four (pagat), no drawing in F&3
    winners = [t["players"][1] for t in tables]
    for t, w in zip(tables, winners):
        win(api, t["game"], w, points)
    body = api.get(f"/api/events/{ev['id']}/standings").get_json()
    by = {s["player"]: s for s in body["standings"]}
    for w in winners:  # a table of four: 4 place points to the winner, 1 game won
        assert (by[w]["place"], by[w]["wins"], by[w]["place_points"], by[w]["points"]) == (1, 1, 4, points)
    assert sum(s["wins"] for s in body["standings"]) == 2
    assert client.get(f"/events/{ev['id']}").status_code == 200
    assert client.get(f"/events/{ev['id']}/standings").status_code == 200


@pytest.mark.db
def test_a_fives_and_threes_doubles_night_seats_two_pairs_partners_opposite(api, client):
    ev = night(api, "fives_threes", in_pairs=True, rules={"target_score": 121})
    assert ev["in_pairs"] is True and ev["pairs"] == []
    tables = draw(api, ev["id"])
    for t in tables:
        s = t["players"]
        assert t["teams"] == [[s[0], s[2]], [s[1], s[3]]]
        assert api.get(f"/api/games/{t['game']}").get_json()["teams"] == t["teams"]
    for t in tables:
        win(api, t["game"], t["players"][0], 121)  # seat 1's pair makes 121 exactly
    body = api.get(f"/api/events/{ev['id']}/standings").get_json()
    won = [t["teams"][0] for t in tables]
    assert [(p["place"], sorted(p["pair"]), p["wins"], p["points"]) for p in body["pairs"][:2]] == sorted(
        [(1, sorted(w), 1, 121) for w in won])
    assert [p["wins"] for p in body["pairs"][2:]] == [0, 0]
    assert client.get(f"/events/{ev['id']}").status_code == 200
    # the next game: drawn afresh in two pairs a table, new partners where a swap allows
    assert "two pairs a table" in client.get(f"/events/{ev['id']}/seating").get_data(as_text=True)
    second = api.post(f"/api/events/{ev['id']}/draw", json={"seed": 4}).get_json()["games"][-1]
    assert all(len(t["teams"]) == 2 for t in second)
    assert {frozenset(p) for t in second for p in t["teams"]} != {frozenset(p) for t in tables for p in t["teams"]}


@pytest.mark.db
def test_a_single_game_refuses_doubles(api):
    r = api.post("/api/events", json={"name": "x", "kind": "draw", "in_pairs": True})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "in_pairs"


@pytest.mark.db
def test_a_texas_42_night_plays_to_7_marks_and_ranks_the_pairs(api, client):
    ev = night(api, "texas42")
    assert ev["in_pairs"] is True
    tables = draw(api, ev["id"])
    assert [len(t["players"]) for t in tables] == [4, 4]
    bids = client.get(f"/games/{tables[0]['game']}").get_data(as_text=True)  # its bids page names the night
    assert "Pub night</a> · Table 1 · Game 1 of the evening" in bids and "Back to the evening" not in bids
    t = tables[0]
    for _ in range(13):  # the bid goes round: a mark to each pair in turn, 7-6 after 13 hands
        game = api.get(f"/api/games/{t['game']}").get_json()
        starter = game["next_round"]["starter"]
        seats = game["players"]
        order = seats[seats.index(starter):] + seats[:seats.index(starter)]
        hand = {"bids": [{"player": order[0], "bid": 30}] + [{"player": p, "bid": "pass"} for p in order[1:]],
                "contract": {"player": order[0], "bid": 30, "trump": "sixes"}, "result": "made"}
        r = api.post(f"/api/games/{t['game']}/rounds", json=hand)
        assert r.status_code == 201, r.get_json()
    game = api.get(f"/api/games/{t['game']}").get_json()
    assert game["status"] == "finished"
    assert "Back to the evening" in client.get(f"/games/{t['game']}").get_data(as_text=True)
    assert sorted(s["total"] for s in game["team_standings"]) == [6, 7]
    team = next(p for p in t["teams"] if game["winners"][0] in p)
    body = api.get(f"/api/events/{ev['id']}/standings").get_json()
    assert sorted(body["pairs"][0]["pair"]) == sorted(team) and body["pairs"][0]["wins"] == 1
    assert body["pairs"][0]["points"] == 7  # marks
    page = client.get(f"/events/{ev['id']}").get_data(as_text=True)
    assert "<th>Marks</th>" in page  # the pairs' standings count 42's marks, and say so
    assert client.get(f"/events/{ev['id']}/screen").status_code == 200


@pytest.mark.parametrize(("kind", "preset", "title", "rules"), [
    # pagat Sniff (US): the first double a spinner, 7 / 6 / 5 tiles
    ("all_fives", "sniff", "Sniff", {"spinners": "sniff_us", "draw_counts": {"2": 7, "3": 6, "4": 5}}),
    # Five Up: every double a spinner, scored in fives to 61, 5 tiles each
    ("all_fives", "five_up", "Five Up", {"spinners": "all", "score_unit": "fives", "target_score": 61,
                                         "draw_counts": {"2": 5, "3": 5, "4": 5}}),
    # Hearne Chamber: all four pass, the hand is shaken again (no forced bid)
    ("texas42", "hearne", "Texas 42, reshake when all pass", {"forced_bid": False}),
])
def test_a_night_from_the_form_takes_the_games_own_rule_set(client, api, kind, preset, title, rules):
    from .test_events_form import _open
    ev = _open(client, api, name="Club", kind=kind, **{f"preset-{kind}": preset})
    assert ev["rules"] == rules
    page = client.get(f"/events/{ev['id']}").get_data(as_text=True)
    header = page[page.index("<h1>"):page.index("</h1>")]
    assert title in header and "House rules" not in header


@pytest.mark.db
def test_table_cards_and_standings_sheet_of_a_teesdale_night(api, client):
    """The cards name the rule set (Teesdale: 6 tiles each to four) and not
    Mexican Train's rule lines nor a late arrival's start, which Fives and
    Threes has no rule for; the standings sheet lists the winners."""
    import io

    import pypdf

    ev = night(api, "fives_threes", rules={"no_win_on_down": True, "draw_counts": {"2": 9, "4": 6}})
    tables = draw(api, ev["id"])
    cards = client.get(f"/events/{ev['id']}/cards.pdf")
    pages = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(cards.data)).pages]
    assert len(pages) == 2
    for text in pages:
        assert "Fives and Threes · Double-6 · Deal: 6 tiles each · Teesdale league" in text, text
        assert "late arrival" not in text and "Classic games" not in text
    assert "A late arrival" not in client.get(f"/events/{ev['id']}").get_data(as_text=True)  # nor in the header
    for t in tables:
        win(api, t["game"], t["players"][2], 61)
    sheet = client.get(f"/events/{ev['id']}/standings.pdf")
    text = " ".join(pypdf.PdfReader(io.BytesIO(sheet.data)).pages[0].extract_text().split())
    assert all(t["players"][2] in text for t in tables)
