"""A round the engine cannot decide within its budget (issue 11): a warning
the table confirms, saved as not verified and shown on the scoreboard and the
sheet; never a silent accept."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from companion.rules import RecordError, read_game
from companion.rules.joint import decision as joint_decision

# double-12, 8 players dealt 11 (88 of the 89 tiles left: the boneyard holds 2),
# a blocked round whose hands (pips only) hold 1258 pips: all 89 tiles but the
# 0-1 (a sorted deal, 3 pips moved from the second hand to the third). No quick
# bound decides it; only the search could.
NAMES = [f"P{i + 1}" for i in range(8)]
PIPS = [38, 73, 104, 122, 140, 161, 186, 244]
HEAD = {"kind": "mexican_train", "set": 12, "players": NAMES, "first_starter": "P1"}
ROUND = {"engine": 12, "ended": "blocked", "dealt": 11,
         "hands": {n: {"pips": p} for n, p in zip(NAMES, PIPS)}}


@pytest.fixture
def tiny_budget(monkeypatch):
    """A search budget of one step: the search gives up at once."""
    monkeypatch.setattr(joint_decision, "DEFAULT_BUDGET", 1)


def test_out_of_budget_is_a_warning_then_a_round_marked_unverified(tiny_budget):
    with pytest.raises(RecordError) as exc:
        read_game({**HEAD, "rounds": [ROUND]})
    assert not exc.value.errors
    # the house deal of 11 is a warning of its own; so is P8's 244 pips, more
    # than the 11 heaviest tiles hold (226: P8 drew) (issue 27, unusual_hand)
    assert [p.code for p in exc.value.warnings] == ["deal_off_table", "unusual_hand", "unverified"]
    game = read_game({**HEAD, "rounds": [ROUND]}, confirm=True)
    assert game.rounds[0].unverified
    assert game.as_record()["rounds"][0]["unverified"] is True
    # the scores are still the pips typed
    assert game.scores()[0] == dict(zip(NAMES, PIPS))


def test_the_api_asks_then_saves_and_shows_it(api, client, tiny_budget):
    r = api.post("/api/games", json=HEAD)
    assert r.status_code == 201
    gid = r.get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json=ROUND)
    assert r.status_code == 422
    assert [w["code"] for w in r.get_json()["warnings"]] == ["deal_off_table", "unusual_hand", "unverified"]
    r = api.post(f"/api/games/{gid}/rounds", json={**ROUND, "confirm": True})
    assert r.status_code == 201
    got = api.get(f"/api/games/{gid}").get_json()
    assert got["rounds"][0]["unverified"] is True
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "not verified" in page
    pdf = client.get(f"/games/{gid}/sheet.pdf")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
    assert "not verified" in " ".join(text.split()).lower()  # capitals, maybe wrapped
