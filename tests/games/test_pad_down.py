"""The down on the score pad (issue 29; rules-families.md section 3, key
``no_win_on_down``: "the winning points cannot come from the first tile of a
hand", Teesdale and Leek leagues). The pad sends the hand's first tile as the
play marked ``lead: true``; its winning points are struck on the live board
and in the saved hand, with the reason in players' words. Values by hand from
the count table: A stands on 57 (30 + 27, two blocked hands); A leads 6-6, a
count of 12, 4 points: 61. Teesdale: not pegged, A stays on 57; pagat's
rules: A wins on 61. F3-4 as in the brief: on 59, the 5-1 led (count 6,
2 points)."""

from __future__ import annotations

import json

import pytest

from companion.rules.families import fives_threes as f3
from companion.rules.families.score_pad import pad_of, read_pad_hand
from companion.rules.family_counts import live_board
from tests.games.test_pages_counts import game_id, send, start

DOWN_MSG = "not pegged: the first tile of a hand cannot win the game"
TEESDALE = {"no_win_on_down": True, "draw_counts": {"2": 9, "4": 6}}


def blocked(points: int) -> dict:
    return {"leader": "A", "in_play": {"A": points}, "ended": "blocked"}


def record_on_57(rules: dict) -> dict:
    return {"kind": "fives_threes", "set": 6, "players": ["A", "B"], "rules": rules,
            "rounds": [blocked(30), blocked(27)]}


DOWN_12 = {"leader": "A", "plays": [{"player": "A", "count": 12, "lead": True}]}


def test_the_pad_marks_the_down_only_where_the_table_plays_the_rule():
    teesdale = f3.read_game(record_on_57(TEESDALE))
    pagat = f3.read_game(record_on_57({}))
    assert pad_of(teesdale, f3.keypad(teesdale.rules)).as_dict()["down"] is True
    assert pad_of(pagat, f3.keypad(pagat.rules)).as_dict()["down"] is False


def test_the_pads_hand_keeps_the_lead_flag():
    hand, problems = read_pad_hand(json.dumps({**DOWN_12, "ended": "blocked"}), ["A", "B"])
    assert not problems.errors and hand["plays"] == [{"player": "A", "count": 12, "lead": True}]


@pytest.mark.parametrize(("rules", "struck", "front"), [(TEESDALE, (0,), 57), ({}, (), 61)])
def test_the_live_board_holds_a_winning_down(rules, struck, front):
    live = live_board(record_on_57(rules), DOWN_12)
    assert live is not None and live.board is not None
    assert live.struck == struck and live.down == struck
    assert [t.front.score for t in live.board.tracks] == [front, 0]


def test_the_down_is_only_the_play_marked_so():
    # the same 12 not marked as the first tile (the down scored nothing; A's later 6-6): A wins on 61
    live = live_board(record_on_57(TEESDALE), {"leader": "A", "plays": [{"player": "A", "count": 12}]})
    assert live is not None and live.struck == () and live.down == ()


def teesdale_on_57(client) -> int:
    gid = game_id(start(client, "fives_threes:teesdale", ["A", "B"]))
    for hand in (blocked(30), blocked(27)):
        assert send(client, gid, hand).status_code == 302
    return gid


def test_the_pad_page_offers_the_toggle_and_the_board_says_why(client):
    gid = teesdale_on_57(client)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'class="secondary pad-down"' in page and DOWN_MSG in page  # the list's note, for the script
    r = client.get(f"/games/{gid}/pad/board", query_string={"hand": json.dumps(DOWN_12)})
    assert r.status_code == 200 and r.get_json()["struck"] == [0] and r.get_json()["down"] == [0]
    assert "not pegged: the first tile of a hand cannot win the game." in r.get_json()["board"]
    pagat = game_id(start(client, "fives_threes:fives_threes", ["A", "B"]))
    assert 'pad-down' not in client.get(f"/games/{pagat}").get_data(as_text=True)


@pytest.mark.parametrize(("choice", "total", "status"),
                         [("fives_threes:teesdale", 57, "in_progress"), ("fives_threes:fives_threes", 61, "finished")])
def test_a_hand_saved_from_the_pad_with_the_down(client, api, choice, total, status):
    gid = game_id(start(client, choice, ["A", "B"]))
    for hand in (blocked(30), blocked(27)):
        assert send(client, gid, hand).status_code == 302
    r = send(client, gid, {**DOWN_12, "ended": "blocked"})
    assert r.status_code == 302, r.get_data(as_text=True)[:1500]
    data = api.get(f"/api/games/{gid}").get_json()
    assert (data["rounds"][-1]["totals"]["A"], data["status"]) == (total, status)
    if status == "in_progress":
        assert data["rounds"][-1]["plays"][0]["lead"] is True
        assert DOWN_MSG in client.get(f"/games/{gid}").get_data(as_text=True)


def test_f3_4_through_the_pad(client, api):
    gid = game_id(start(client, "fives_threes:teesdale", ["A", "B"]))
    for hand in (blocked(30), blocked(29)):
        assert send(client, gid, hand).status_code == 302
    hand = {"leader": "A", "plays": [{"player": "A", "count": 6, "lead": True}], "ended": "blocked"}
    assert send(client, gid, hand).status_code == 302
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][-1]["totals"]["A"] == 59


def test_only_the_leader_plays_the_down(client):
    gid = teesdale_on_57(client)
    r = send(client, gid, {"leader": "A", "plays": [{"player": "B", "count": 12, "lead": True}], "ended": "blocked"})
    assert r.status_code == 422 and "A led this hand, not B." in r.get_data(as_text=True)
