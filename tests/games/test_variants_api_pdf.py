"""House rules and the classic games through the API and on the score sheet,
with values worked out by hand."""

from __future__ import annotations

import io

from pypdf import PdfReader

HOUSE = {
    "kind": "mexican_train", "set": 12, "players": ["Ana", "Ben", "Cy"], "first_starter": "Ana",
    "rules": {"going_out_bonus": -10, "blank_half_points": 25, "out_on_double_multiplier": 2,
              "marker_penalty": 10, "tie_break": "most_rounds_out"},
}
# Ana went out on a double: -10. Ben holds 0-5 and 0-0: (5 + 25 + 50) x 2 = 160.
# Cy holds 7 pips with his marker still out: 7 x 2 + 10 = 24.
ROUND = {"ended": "domino", "ended_on_double": True, "hands": {
    "Ana": {"pips": 0}, "Ben": {"tiles": ["0-5", "0-0"]}, "Cy": {"pips": 7, "marker": True}}}


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_house_rules_through_the_api_and_the_sheet(api):
    gid = api.post("/api/games", json=HOUSE).get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json=ROUND)
    assert r.status_code == 201, r.get_json()
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["rounds"][0]["scores"] == {"Ana": -10, "Ben": 160, "Cy": 24}
    assert game["rules"]["going_out_bonus"] == -10
    assert game["standings"][0] == {"player": "Ana", "total": -10, "rank": 1}
    text = pdf_text(api.get(f"/games/{gid}/sheet.pdf").data)
    for figure in ("-10", "160", "24"):
        assert figure in text
    assert "Going out -10 points" in text
    assert "Marker left 10 points" in text
    assert "Out on a double ×2" in text
    assert "Blank halves 25 points" in text


def test_classic_game_through_the_api_and_the_sheet(api):
    rec = {"kind": "draw", "players": ["Ana", "Ben", "Cy"], "first_starter": "Ana",
           "rules": {"target_score": 50},
           "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}, "Cy": {"pips": 7}}},
                      {"ended": "blocked", "hands": {"Ana": {"pips": 5}, "Ben": {"pips": 3}, "Cy": {"pips": 9}}}]}
    gid = api.post("/api/games", json=rec).get_json()["id"]
    game = api.get(f"/api/games/{gid}").get_json()
    # Ana 12 + 7 = 19; blocked: Ben lowest, 5 + 9 = 14
    assert [s["total"] for s in game["standings"]] == [19, 14, 0]
    assert game["next_round"]["engine"] is None and game["next_round"]["dealt"] == 6
    # Ana out again, Ben 20, Cy 15: 19 + 35 = 54 reaches 50
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 20}, "Cy": {"pips": 15}}})
    assert r.status_code == 201
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["status"] == "finished" and game["winners"] == ["Ana"]
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 1}, "Cy": {"pips": 2}}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "game_finished"
    text = pdf_text(api.get(f"/games/{gid}/sheet.pdf").data)
    assert "54" in text and "Ana" in text


def test_late_joiner_and_leaver_through_the_api(api):
    rec = {"players": ["Ana", "Ben", "Cy"], "first_starter": "Ana", "rules": {"late_join": "average"},
           "rounds": [{"ended": "domino", "absent": ["Cy"], "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 30}}},
                      {"ended": "domino", "hands": {"Ana": {"pips": 10}, "Ben": {"pips": 0}, "Cy": {"pips": 20}}},
                      {"ended": "domino", "absent": ["Ben"], "hands": {"Ana": {"pips": 0}, "Cy": {"pips": 4}}}]}
    gid = api.post("/api/games", json=rec).get_json()["id"]
    game = api.get(f"/api/games/{gid}").get_json()
    # Cy joins at (0 + 30) / 2 = 15, then 20 and 4: 39; Ben sits round 3 out and
    # keeps his place while the game goes on
    assert game["standings"] == [
        {"player": "Ana", "total": 10, "rank": 1},
        {"player": "Ben", "total": 30, "rank": 2},
        {"player": "Cy", "total": 39, "rank": 3},
    ]
    assert game["next_round"]["dealt"] == 16
