"""A round the engine cannot decide within its budget (issue 11): a warning
the table confirms, saved as not verified and shown on the scoreboard and the
sheet; never a silent accept."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from companion.rules import RecordError, joint_decision, read_game

# double-6, engine 6-6: three hands of one tile and 9 pips each. Only 6-3 and 5-4
# hold 9 pips, so the round is impossible; no quick bound sees it, only the search.
HANDS = {"O": {"pips": 0}, "A": {"pips": 9, "tiles_left": 1}, "B": {"pips": 9, "tiles_left": 1},
         "C": {"pips": 9, "tiles_left": 1}}
HEAD = {"kind": "mexican_train", "set": 6, "players": list(HANDS), "first_starter": "O"}
ROUND = {"engine": 6, "ended": "domino", "hands": HANDS}


def test_the_search_proves_it_impossible():
    with pytest.raises(RecordError) as exc:
        read_game({**HEAD, "rounds": [ROUND]})
    assert [p.code for p in exc.value.errors] == ["hands_infeasible"]


@pytest.fixture
def tiny_budget(monkeypatch):
    """A search budget of one step: the search gives up at once."""
    monkeypatch.setattr(joint_decision, "DEFAULT_BUDGET", 1)


def test_out_of_budget_is_a_warning_then_a_round_marked_unverified(tiny_budget):
    with pytest.raises(RecordError) as exc:
        read_game({**HEAD, "rounds": [ROUND]})
    assert not exc.value.errors
    assert [p.code for p in exc.value.warnings] == ["unverified"]
    game = read_game({**HEAD, "rounds": [ROUND]}, confirm=True)
    assert game.rounds[0].unverified
    assert game.as_record()["rounds"][0]["unverified"] is True
    # the scores are still the pips typed
    assert game.scores()[0] == {"O": 0, "A": 9, "B": 9, "C": 9}


def test_the_api_asks_then_saves_and_shows_it(api, client, tiny_budget):
    r = api.post("/api/games", json=HEAD)
    assert r.status_code == 201
    gid = r.get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json=ROUND)
    assert r.status_code == 422
    assert [w["code"] for w in r.get_json()["warnings"]] == ["unverified"]
    r = api.post(f"/api/games/{gid}/rounds", json={**ROUND, "confirm": True})
    assert r.status_code == 201
    got = api.get(f"/api/games/{gid}").get_json()
    assert got["rounds"][0]["unverified"] is True
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "not verified" in page
    pdf = client.get(f"/games/{gid}/sheet.pdf")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
    assert "not verified" in " ".join(text.split()).lower()  # capitals, maybe wrapped
