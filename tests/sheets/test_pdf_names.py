"""The score sheet with long names, emoji in names, and a blocked round in a
classic game (issue 14). Text read back with pypdf; fonts from the PDF itself."""

from __future__ import annotations

import datetime
import io
import re
import shutil
import subprocess

import pypdf
import pytest

from companion.rules import read_game
from companion.sheets.layout import PT_MM, fit_name, word_em
from companion.sheets.pdf import score_sheet_pdf

DAY = datetime.date(2025, 6, 14)
EIGHT = ["Alexandra", "Guinevere", "Maximilian-Alexander", "Bartholomew", "Zoë 🦊",
         "Hyun-woo", "Konstantinopoulos", "Ana 🎲"]


def pdf_text(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages)


def font_names(data: bytes) -> set[str]:
    page = pypdf.PdfReader(io.BytesIO(data)).pages[0]
    return {str(ref.get_object()["/BaseFont"]) for ref in page["/Resources"]["/Font"].values()}


def test_a_name_that_fits_keeps_the_common_size():
    # 9 letters at 0.68 em in 8 pt: 9 × 0.68 × 8 × 0.3528 = 17.3 mm < 20 mm
    assert fit_name("Alexandra", 20.0, 8.0) == {"text": "Alexandra", "pt": 8.0}


def test_a_long_word_gets_a_smaller_size_of_its_own():
    # "Konstantinopoulos", 17 letters: 17 × 0.68 = 11.56 em; in 20 mm that is
    # at most 20 / (11.56 × 0.3528) = 4.9 pt → below 5 pt, so 5 pt and hyphens
    head = fit_name("Konstantinopoulos", 20.0, 8.0)
    assert head["pt"] == 5.0 and "\u00ad" in head["text"]
    # "Bartholomew", 11 letters = 7.48 em: at most 20 / (7.48 × 0.3528) = 7.58 pt
    head = fit_name("Bartholomew", 20.0, 8.0)
    assert head == {"text": "Bartholomew", "pt": 7.5}


def test_hyphenated_pieces_each_fit_the_column():
    name = "Alexandrakonstantinopoulou-Papadimitriou"
    head = fit_name(name, 17.0, 6.5)
    assert head["text"].replace("\u00ad", "") == name  # nothing lost, nothing added but soft hyphens
    room = 17.0 / (head["pt"] * PT_MM)
    for piece in re.split(r"[\u00ad\s]|(?<=-)", head["text"]):
        assert word_em(piece) + 0.5 <= room + 1e-9, piece  # the piece and its hyphen


def test_names_head_the_grid_whole_on_an_eight_player_sheet():
    record = {"set": 12, "players": EIGHT, "first_starter": EIGHT[0], "rounds": []}
    text = pdf_text(score_sheet_pdf(read_game(record), played_on=DAY))
    # the heads of the grid, read left to right on one text line
    head = next(line for line in text.splitlines() if "Guinevere" in line and "Hyun" in line)
    words = head.split()
    for whole in ("Alexandra", "Guinevere", "Bartholomew"):
        assert whole in words, head  # not "Alexandr" + "a" on two lines
    assert "Maximilian-" in words and "Alexander" in words
    # broken only where a hyphen shows it
    assert "Konstantinopoulos" in words or re.search(r"Konstantino?p?\S*[-\u2010] \S*oulos", head), head


def test_names_head_the_grid_whole_on_a_nine_player_sheet():
    # a walk-through's sheet printed "Bartholome" over "w" with nine columns
    nine = ["Bartholomew", "Maximilian-Alexander", "Guinevere", "Александра", "Hyun-woo", "Fatima",
            "Zoë", "Nadia", "Wolfgang"]
    record = {"set": 12, "players": nine, "first_starter": nine[0], "rounds": []}
    text = pdf_text(score_sheet_pdf(read_game(record, confirm=True), played_on=DAY))
    head = next(line for line in text.splitlines() if "Guinevere" in line and "Fatima" in line)
    for whole in ("Bartholomew", "Guinevere", "Александра", "Wolfgang"):
        assert whole in head.split(), head


@pytest.mark.skipif(not shutil.which("fc-list") or b"Symbola" not in subprocess.run(
    ["fc-list"], capture_output=True).stdout, reason="fonts-symbola is not installed (make fonts)")
def test_emoji_in_names_print_with_an_embedded_font():
    record = {"set": 12, "players": ["Zoë 🦊", "Ana 🎲", "Ben"], "first_starter": "Ben", "rounds": []}
    data = score_sheet_pdf(read_game(record), played_on=DAY)
    assert any("Symbola" in name for name in font_names(data))
    assert "🦊" in pdf_text(data)


def test_the_draw_game_sheet_marks_its_blocked_round():
    # Draw game, double-6: round 1 Ana out (Ben 8, Chen 9); round 2 blocked
    record = {"kind": "draw", "set": 6, "players": ["Ana", "Ben", "Chen"], "rounds": [
        {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 8}, "Chen": {"pips": 9}}},
        {"ended": "blocked", "hands": {"Ana": {"pips": 4}, "Ben": {"pips": 12}, "Chen": {"pips": 7}}},
    ]}
    text = pdf_text(score_sheet_pdf(read_game(record, confirm=True), played_on=DAY))
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^(\d+)\s*(BLOCKED)?", text, re.M | re.I)}
    assert rows.get("2", "").lower() == "blocked"
    assert not rows.get("1")


def test_the_starts_column_prints_a_long_starter_whole():
    """Eight players on a double-12: Bartholomew (seat 4) starts rounds 4 and
    12; with his name in the heading that is three times on the sheet. The
    Starts column used to cut him to "Bartholom…" (seen in a newcomer's walk);
    its type now shrinks until the longest starter fits."""
    players = ["Alexandra", "Guinevere", "Christopher", "Bartholomew", "Zoë", "Hyun-woo", "Maximilian", "Ana"]
    game = read_game({"set": 12, "players": players, "first_starter": "Alexandra", "rounds": []})
    text = pdf_text(score_sheet_pdf(game, played_on=DAY))
    assert text.count("Bartholomew") == 3
