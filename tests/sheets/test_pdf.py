"""The score sheet PDF (companion/sheets/pdf.py): text read back out with pypdf.

Every expected number here is worked out by hand from the records below (see
the comments), not by the rules engine.
"""

from __future__ import annotations

import datetime
import io
import re
import socket

import pypdf
import pytest

from companion.rules import read_game
from companion.sheets import pdf
from companion.sheets.pdf import ResourceRefused, fetch_static, score_sheet_pdf

DAY = datetime.date(2025, 6, 14)  # a Saturday

# Four players, Ben starts round 1; the double-blank counts 50 (the default).
#   round 1, 12-12, domino:  Ana out 0 · Ben 23 · Chen 6-5 + 2-1 = 14 · Dee 7 + 0-0 = 7 + 50 = 57
#   round 2, 11-11, domino:  Ana 31 · Ben out 0 · Chen 12 · Dee 45
#   round 3, 10-10, blocked: Ana 8 · Ben 19 · Chen 27 · Dee 3
# Running totals:
#   Ana   0  31  39
#   Ben  23  23  42
#   Chen 14  26  53
#   Dee  57 102 105
# Standings: 1st Ana 39, 2nd Ben 42, 3rd Chen 53, 4th Dee 105.
# Starters (one seat clockwise from Ben): Ben, Chen, Dee, Ana, Ben, …
RECORD = {
    "format": "domino-game-record",
    "version": 1,
    "kind": "mexican_train",
    "set": 12,
    "players": ["Ana", "Ben", "Chen", "Dee"],
    "first_starter": "Ben",
    "rounds": [
        {
            "engine": 12,
            "ended": "domino",
            "hands": {
                "Ana": {"pips": 0, "tiles_left": 0},
                "Ben": {"pips": 23, "tiles_left": 3},
                "Chen": {"tiles": ["6-5", "2-1"]},
                "Dee": {"pips": 7, "double_blank": True},
            },
        },
        {
            "engine": 11,
            "ended": "domino",
            "hands": {
                "Ana": {"pips": 31},
                "Ben": {"pips": 0},
                "Chen": {"pips": 12},
                "Dee": {"pips": 45},
            },
        },
        {
            "engine": 10,
            "ended": "blocked",
            "hands": {
                "Ana": {"pips": 8},
                "Ben": {"pips": 19},
                "Chen": {"pips": 27},
                "Dee": {"pips": 3},
            },
        },
    ],
}

ENGINES_DOWN = [f"{n}-{n}" for n in range(12, -1, -1)]  # 12-12 … 0-0

ROW = re.compile(r"^(\d+) (\d+-\d+)(?:BLOCKED)?\s*(.*)$", re.IGNORECASE)


def pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)


def grid_rows(text: str) -> dict[int, tuple[str, list[str]]]:
    """Round number → (engine, the numbers written after it on that line)."""
    rows: dict[int, tuple[str, list[str]]] = {}
    for line in text.splitlines():
        m = ROW.match(line.strip())
        if m and int(m.group(1)) not in rows:
            rows[int(m.group(1))] = (m.group(2), re.findall(r"\d+\*?", m.group(3)))
    return rows


def totals_line(text: str) -> list[str]:
    """The numbers of the grid's totals row ("TOTAL 39 42 53 80")."""
    for line in text.splitlines():
        if line.strip().upper().startswith("TOTAL") and "PTS" not in line.upper():
            return re.findall(r"\d+", line)
    raise AssertionError(f"no totals row in:\n{text}")


def page_sizes(data: bytes) -> list[tuple[float, float]]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]


@pytest.fixture(scope="module")
def filled() -> bytes:
    return score_sheet_pdf(read_game(RECORD), played_on=DAY)


@pytest.fixture(scope="module")
def filled_text(filled) -> str:
    return pdf_text(filled)


@pytest.fixture(scope="module")
def blank_text() -> str:
    return pdf_text(score_sheet_pdf(read_game(RECORD), played_on=DAY, blank=True))


# ---------------------------------------------------------------- filled sheet


def test_filled_sheet_is_one_a4_page(filled):
    assert filled.startswith(b"%PDF-")
    assert len(page_sizes(filled)) == 1


def test_filled_sheet_heads(filled_text):
    for name in ("Ana", "Ben", "Chen", "Dee"):
        assert name in filled_text
    assert "Saturday 14 June 2025" in filled_text
    assert "Mexican Train score sheet" in filled_text
    assert "Double-12" in filled_text
    assert "15 tiles each" in filled_text  # 4 players, double-12
    assert "50 points" in filled_text  # double-blank, the default


@pytest.mark.parametrize(
    ("number", "engine", "cells"),
    [
        # points, running total — Ana, Ben, Chen, Dee (the * marks the 0-0)
        (1, "12-12", ["0", "0", "23", "23", "14", "14", "57*", "57"]),
        (2, "11-11", ["31", "31", "0", "23", "12", "26", "45", "102"]),
        (3, "10-10", ["8", "39", "19", "42", "27", "53", "3", "105"]),
    ],
)
def test_played_rounds_show_points_and_running_totals(filled_text, number, engine, cells):
    assert grid_rows(filled_text)[number] == (engine, cells)


def test_blocked_round_is_marked(filled_text):
    assert re.search(r"^3 10-10\s*BLOCKED", filled_text, re.MULTILINE | re.IGNORECASE)


def test_rounds_to_play_are_listed_with_empty_cells(filled_text):
    rows = grid_rows(filled_text)
    assert [rows[n][0] for n in range(1, 14)] == ENGINES_DOWN
    for number in range(4, 14):
        assert rows[number][1] == [], f"round {number} should have empty cells"


def test_totals_row_and_standings(filled_text):
    assert totals_line(filled_text) == ["39", "42", "53", "105"]
    lower = filled_text.lower()
    assert "standings after round 3 of 13" in lower
    assert re.search(r"place\s+1st\s+2nd\s+3rd\s+4th", lower)
    assert re.search(r"player\s+ana\s+ben\s+chen\s+dee", lower)
    assert re.search(r"^total\s+39\s+42\s+53\s+105\s*$", lower, re.MULTILINE)
    assert "winner" not in lower.replace("lowest total", "")  # not finished yet


def test_starters_move_one_seat_clockwise():
    context = pdf.sheet_context(read_game(RECORD), played_on=DAY)
    starters = [row["starter"] for row in context["rounds"]]
    # Ben first, then clockwise: Chen, Dee, Ana, Ben, … for 13 rounds
    assert starters == ["Ben", "Chen", "Dee", "Ana"] * 3 + ["Ben"]


# ---------------------------------------------------------------- finished, tied


def tied_record() -> dict:
    # 13 rounds, three players. Odd rounds (1, 3, … 11): Ana out, Ben 10, Cy 20;
    # even rounds (2, … 12): Ben out, Ana 10, Cy 20; round 13 (0-0) blocked, 4 each.
    # Ana 6×10 + 4 = 64, Ben 6×10 + 4 = 64, Cy 12×20 + 4 = 244: Ana and Ben tie first.
    rounds = []
    for number in range(1, 13):
        out, other = ("Ana", "Ben") if number % 2 else ("Ben", "Ana")
        rounds.append(
            {
                "ended": "domino",
                "hands": {out: {"pips": 0}, other: {"pips": 10}, "Cy": {"pips": 20}},
            }
        )
    rounds.append({"ended": "blocked", "hands": {n: {"pips": 4} for n in ("Ana", "Ben", "Cy")}})
    return {"set": 12, "players": ["Ana", "Ben", "Cy"], "rounds": rounds}


def test_finished_game_names_tied_winners():
    text = pdf_text(score_sheet_pdf(read_game(tied_record()), played_on=DAY))
    lower = text.lower()
    assert "final standings" in lower
    assert re.search(r"place\s+1st\s+1st\s+3rd", lower)
    assert re.search(r"^total\s+64\s+64\s+244\s*$", lower, re.MULTILINE)
    assert "Tied winners: Ana and Ben with 64 points each." in text
    assert totals_line(text) == ["64", "64", "244"]
    # the last row: round 13, 0-0, 4 points each; totals 64, 64, 244
    assert grid_rows(text)[13] == ("0-0", ["4", "64", "4", "64", "4", "244"])


def test_finished_game_names_the_winner():
    record = tied_record()
    record["rounds"][-1]["hands"]["Ben"] = {"pips": 5}  # Ben 65: Ana alone wins
    text = pdf_text(score_sheet_pdf(read_game(record), played_on=DAY))
    assert "Winner: Ana with 64 points." in text


# ---------------------------------------------------------------- rules in play


def test_changed_rules_are_listed_with_their_explanation():
    record = {
        "set": 9,
        "players": ["Ana", "Ben", "Chen"],
        "rules": {"engine_order": "ascending", "double_blank_points": 0},
        "rounds": [
            # 0-0 engine first (ascending). Ana out; Ben 12; Chen 30.
            {
                "ended": "domino",
                "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}, "Chen": {"pips": 30}},
            },
        ],
    }
    text = pdf_text(score_sheet_pdf(read_game(record), played_on=DAY))
    flat = " ".join(text.split())
    assert "Double-9" in flat
    assert "13 tiles each" in flat  # double-9, 3 players
    assert "face value (0 points)" in flat
    assert "Engine order" in flat and "0-0 first" in flat
    assert "Engines run from the highest double down to 0-0, or from 0-0 up." in flat
    rows = grid_rows(text)
    assert [rows[n][0] for n in range(1, 11)] == [f"{n}-{n}" for n in range(10)]
    assert rows[1][1] == ["0", "0", "12", "12", "30", "30"]


def test_classic_block_game_has_no_engine_column():
    # Block game, double-6, seed 003: the round's winner scores the others' pips.
    #   round 1, domino:  Ana out → Ana scores Ben 12 + Chen 9 = 21
    #   round 2, blocked: lowest hand Ben 5 → Ben scores Ana 14 + Chen 20 = 34
    # Totals Ana 21, Ben 34, Chen 0; highest first: Ben, Ana, Chen.
    record = {
        "kind": "block",
        "set": 6,
        "players": ["Ana", "Ben", "Chen"],
        "rounds": [
            {
                "ended": "domino",
                "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}, "Chen": {"pips": 9}},
            },
            {
                "ended": "blocked",
                "hands": {"Ana": {"pips": 14}, "Ben": {"pips": 5}, "Chen": {"pips": 20}},
            },
        ],
    }
    text = pdf_text(score_sheet_pdf(read_game(record, confirm=True), played_on=DAY))
    assert "Block game score sheet" in text  # the name the app gives the kind
    assert "6-6" not in text and "Engine" not in text
    assert totals_line(text) == ["21", "34", "0"]
    assert re.search(r"player\s+ben\s+ana\s+chen", text.lower())
    assert "first to 100 points wins" in " ".join(text.split())


# ---------------------------------------------------------------- blank sheet


def test_blank_sheet_has_names_and_every_engine(blank_text):
    for name in ("Ana", "Ben", "Chen", "Dee"):
        assert name in blank_text
    rows = grid_rows(blank_text)
    assert [rows[n][0] for n in range(1, 14)] == ENGINES_DOWN


def test_blank_sheet_has_no_scores(blank_text):
    rows = grid_rows(blank_text)
    assert all(cells == [] for _, cells in rows.values())
    assert totals_line(blank_text) == []
    for total in ("39", "42", "53", "105", "57", "102"):
        assert not re.search(rf"\b{total}\b", blank_text)
    assert "standings" not in blank_text.lower()


# ---------------------------------------------------------------- paper


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.3, 841.9)), ("letter", (612.0, 792.0))])
def test_paper_size(paper, size):
    data = score_sheet_pdf(read_game(RECORD), played_on=DAY, paper=paper, blank=True)
    [(width, height)] = page_sizes(data)
    assert width == pytest.approx(size[0], abs=1)
    assert height == pytest.approx(size[1], abs=1)


def test_unknown_paper_is_refused():
    with pytest.raises(ValueError, match="paper"):
        score_sheet_pdf(read_game(RECORD), played_on=DAY, paper="legal")


def full_game(names: list[str], set_n: int, played: int) -> dict:
    """``played`` blocked rounds of 10 pips each for every player."""
    return {
        "set": set_n,
        "players": names,
        "rounds": [
            {"ended": "blocked", "hands": {n: {"pips": 10} for n in names}} for _ in range(played)
        ],
    }


@pytest.mark.parametrize(
    ("players", "set_n", "paper", "landscape"),
    [
        (8, 12, "a4", False),
        (8, 12, "letter", False),
        (8, 18, "letter", False),  # 19 rounds, portrait
        (9, 12, "a4", True),
        (12, 18, "letter", True),  # the largest table: 12 players, 19 rounds
    ],
)
def test_large_tables_fit_one_page(players, set_n, paper, landscape):
    names = [f"Player {i}" for i in range(1, players + 1)]
    game = read_game(full_game(names, set_n, played=set_n + 1), confirm=True)
    data = score_sheet_pdf(game, played_on=DAY, paper=paper)
    [(width, height)] = page_sizes(data)
    assert (width > height) is landscape
    text = pdf_text(data)
    # 19 rounds × 10 points = 190 for everybody (set 18); 13 × 10 = 130 (set 12)
    assert totals_line(text) == [str((set_n + 1) * 10)] * players
    assert grid_rows(text)[set_n + 1][0] == "0-0"


# ---------------------------------------------------------------- escaping


def test_names_are_text_not_markup():
    record = dict(RECORD, players=["<b>Bo</b>", "<script>", "Chen", "Dee"], first_starter="Chen")
    record["rounds"] = [
        {
            "ended": "domino",
            "hands": {
                "<b>Bo</b>": {"pips": 0},
                "<script>": {"pips": 9},
                "Chen": {"pips": 14},
                "Dee": {"pips": 21},
            },
        }
    ]
    game = read_game(record)
    html = pdf.render_html(pdf.sheet_context(game, played_on=DAY))
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html
    assert "<script>" not in html
    text = pdf_text(score_sheet_pdf(game, played_on=DAY))
    assert "<b>Bo</b>" in text
    assert "<script>" in text


# ---------------------------------------------------------------- resources


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com/x.png",
        "https://example.com/sheet.css",
        "ftp://example.com/x.png",
        "file:///etc/passwd",
        "file://example.com/static/pdf/sheet.css",
        (pdf.STATIC.resolve().as_uri() + "/../companion/sheets/pdf.py"),
        (pdf.STATIC.resolve().as_uri() + "/pdf/no-such-file.css"),
        "data:text/css,body{color:red}",
    ],
)
def test_url_fetcher_refuses_everything_but_static(url):
    with pytest.raises(ResourceRefused):
        fetch_static(url)


def test_url_fetcher_serves_static_files():
    body = fetch_static(pdf.STATIC.resolve().as_uri() + "/pdf/sheet.css")
    assert b"table.grid" in body


def test_rendering_never_opens_a_connection(monkeypatch, caplog):
    opened = []

    def no_network(*args, **kwargs):
        opened.append(args)
        raise OSError("network is off in this test")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    html = (
        '<link rel="stylesheet" href="pdf/sheet.css">'
        '<img src="http://example.com/x.png"><img src="file:///etc/passwd">'
        "<p>sheet</p>"
    )
    data = pdf.render_pdf(html)
    assert data.startswith(b"%PDF-")
    assert opened == []
    refused = " ".join(r.getMessage() for r in caplog.records)
    assert "example.com" in refused and "/etc/passwd" in refused


def test_fonts_are_embedded(filled):
    reader = pypdf.PdfReader(io.BytesIO(filled))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        if "/DescendantFonts" in font:
            font = font["/DescendantFonts"][0].get_object()
        descriptor = font["/FontDescriptor"].get_object()
        assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.keys()), font["/BaseFont"]


def test_works_inside_a_flask_request_too():
    flask = pytest.importorskip("flask")
    app = flask.Flask(__name__)
    with app.test_request_context("/games/1/sheet.pdf?paper=letter&blank=1"):
        data = score_sheet_pdf(read_game(RECORD), played_on=DAY, paper="letter", blank=True)
    assert page_sizes(data) == [(612, 792)]


def test_half_page_sheets_through_the_route(api):
    rec = {"set": 12, "players": ["Ana", "Ben", "Cy", "Dee"], "first_starter": "Ana",
           "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 23},
                                                    "Cy": {"pips": 41}, "Dee": {"pips": 12}}}]}
    gid = api.post("/api/games", json=rec).get_json()["id"]
    for query, size in (("size=half", (420, 595)), ("size=half&paper=letter", (396, 612))):
        r = api.get(f"/games/{gid}/sheet.pdf?{query}")
        assert r.status_code == 200
        reader = pypdf.PdfReader(io.BytesIO(r.data))
        assert len(reader.pages) == 1
        box = reader.pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == size
        text = reader.pages[0].extract_text()
        assert "41" in text and "23" in text and "Dee" in text
    assert api.get(f"/games/{gid}/sheet.pdf?paper=a3").status_code == 400


@pytest.mark.parametrize("paper", ["a5", "half-letter"])
def test_half_page_with_many_house_rules_stays_one_page(paper):
    from companion.rules import read_game

    rounds = [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 20}}} for _ in range(5)]
    rec = {"kind": "block", "players": ["Ana", "Ben"], "rounds": rounds,
           "rules": {"winner_scores": "difference", "round_to": 5, "min_round_score": 15}}
    for language in ("en", "ru", "ko"):
        pdf = score_sheet_pdf(read_game(rec), played_on=datetime.date(2026, 11, 29), paper=paper,
                              language=language)
        assert len(pypdf.PdfReader(io.BytesIO(pdf)).pages) == 1, language


# ---------------------------------------------------------------- open-ended games


def round_numbers(text: str) -> list[int]:
    """The round numbers down the grid, from its head to its totals row: a
    played round's line ("3 20 60 0 0") and an empty row's lone number ("7")."""
    lines = [line.strip() for line in text.splitlines()]
    head = next(i for i, line in enumerate(lines) if line.upper().startswith("PTS TOTAL"))
    foot = next(i for i, line in enumerate(lines) if i > head and line.upper().startswith("TOTAL"))
    return [int(line.split()[0]) for line in lines[head + 1:foot] if re.match(r"\d+( |$)", line)]


def _draw_game(rounds: int) -> dict:
    # Draw game, two players, first to 100: Ana goes out each round and Ben
    # keeps 20 pips, so Ana has 20, 40, 60, 80, 100 and wins after round 5.
    return {"kind": "draw", "players": ["Ana", "Ben"],
            "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 20}}}] * rounds}


def test_a_finished_draw_game_sheet_ends_at_its_last_round(api):
    gid = api.post("/api/games", json=_draw_game(5)).get_json()["id"]
    assert api.get(f"/api/games/{gid}").get_json()["status"] == "finished"
    text = pdf_text(api.get(f"/games/{gid}/sheet.pdf").data)
    # the five rounds played, then the totals: no empty rows 6 to 13
    assert round_numbers(text) == [1, 2, 3, 4, 5]
    assert "5 20 100 0 0" in text.splitlines()  # round 5: Ben's 20 give Ana 100, Ben 0
    assert totals_line(text) == ["100", "0"]
    html = pdf.render_html(pdf.sheet_context(read_game(_draw_game(5)), played_on=DAY))
    assert html.count('<tr class="played') == 5 and '<tr class="open' not in html


def test_a_draw_game_under_way_keeps_rows_to_write_on(api):
    # three rounds played (Ana 60): rows 4 to 13 stay empty for the rounds to come
    gid = api.post("/api/games", json=_draw_game(3)).get_json()["id"]
    text = pdf_text(api.get(f"/games/{gid}/sheet.pdf").data)
    assert round_numbers(text) == list(range(1, 14))
    assert totals_line(text) == ["60", "0"]


def test_a_finished_picture_game_sheet_ends_at_its_last_round():
    # picture dominoes to 2 wins: Mia, Leo, Leo: Leo wins after round 3
    record = {"kind": "picture", "players": ["Mia", "Leo"], "rules": {"target_wins": 2},
              "rounds": [{"winner": "Mia"}, {"winner": "Leo"}, {"winner": "Leo"}]}
    text = pdf_text(score_sheet_pdf(read_game(record), played_on=DAY))
    assert round_numbers(text) == [1, 2, 3]
    assert totals_line(text) == ["1", "2"]


def test_a_picture_sheet_says_a_late_childs_start_in_picture_words():
    """Issue 27: picture dominoes count rounds won, so the late-arrival rule is
    said in rounds won on the sheet (the kind's own words), not in points."""
    record = {"format": "domino-game-record", "version": 1, "kind": "picture", "set": 6,
              "rules": {"late_join": "average"}, "players": ["Mia", "Leo"], "first_starter": "Mia",
              "rounds": []}
    text = " ".join(pdf_text(score_sheet_pdf(read_game(record), played_on=DAY)).split())
    assert "start with the others' average" in text or "start with the others’ average" in text
    assert "A child who joins late starts with no round won" in text
    assert "least favourable total" not in text
