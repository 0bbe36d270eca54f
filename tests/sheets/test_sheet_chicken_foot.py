"""The score sheet of a Chicken Foot game: one row per centre double from the
set's highest down to 0-0 (rules-families.md section 5), its column filled,
the "Starts" column saying the double's holder starts, the points and totals
of the brief's worked examples CF-1 and CF-2, the standings."""

from __future__ import annotations

import io
import re

import pypdf

from tests.games.test_api_chicken_foot import CF1, CF2, new_game, play


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def test_the_sheet_lists_the_centre_doubles_and_the_worked_examples(api):
    gid = new_game(api)
    play(api, gid, CF1)
    play(api, gid, CF2)
    r = api.get(f"/games/{gid}/sheet.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    text = _text(r.data)
    assert len(pypdf.PdfReader(io.BytesIO(r.data)).pages) == 1
    assert "Chicken Foot score sheet" in text and "Centre" in text
    # ten rows on a double-nine set: 9-9 down to 0-0, each started by the double's holder
    for n in range(9, -1, -1):
        assert re.search(rf"^{10 - n} {n}-{n}\b", text, re.M), n
    assert text.count("its holder") == 10
    # CF-1 then CF-2: Chen 55* (the 0-0 counted 50), totals 12, 30, 64, 12
    assert "55*" in text
    assert re.search(r"^Total 12 30 64 12$", text, re.M | re.I)
    assert "the start moves one seat clockwise" not in text


def test_a_blank_sheet_and_a_burnt_double(api):
    gid = new_game(api, unheld_double="burn")
    play(api, gid, CF1)
    play(api, gid, {**CF2, "engine": 7})
    text = _text(api.get(f"/games/{gid}/sheet.pdf").data)
    # 9-9, then 7-7 (the 8-8 burnt), then 6-6 … 0-0: nine rows
    # the 7-7 cell says the 8-8 was burnt under it (issue 28; the PDF's text runs them together)
    assert re.search(r"^2 7-7 ?8-8 burnt\b", text, re.M | re.I) and re.search(r"^9 0-0\b", text, re.M)
    assert not re.search(r"^10 ", text, re.M)
    blank = _text(api.get(f"/games/{gid}/sheet.pdf?blank=1").data)
    assert re.search(r"^10 0-0\b", blank, re.M) and "55*" not in blank


def test_a_game_ended_early_still_names_the_sets_ten_rounds(api):
    # walk of issue 28: ended after 2 rounds, the rules line said "2 rounds,
    # centre doubles 9-9 down to 0-0". A double-nine set has ten doubles,
    # so ten rounds (rules-families.md section 5, "rounds").
    gid = new_game(api)
    play(api, gid, CF1)
    play(api, gid, CF2)
    assert api.post(f"/api/games/{gid}/finish").status_code == 200
    text = _text(api.get(f"/games/{gid}/sheet.pdf").data)
    assert "10 rounds, centre doubles 9-9 down to 0-0" in " ".join(text.split())
    assert "2 rounds" not in text
