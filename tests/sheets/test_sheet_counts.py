"""The score sheet of the games scored during play (All Fives, Fives and
Threes) and by contract (Texas 42): one row per hand with each side's points
in the hand and its running total, 42's bid, trumps and made or set, the
winner's line, and a blank sheet. The numbers are the worked examples of
rules-families.md (AF-1, AF-3, F3-1, T42-1), worked by hand there and
restated in each test's comments."""

from __future__ import annotations

import datetime
import io
import re

import pypdf

from companion.rules import read_game
from companion.sheets import counts
from companion.sheets.pdf import render_html
from tests.games import test_api_all_fives as af
from tests.games import test_api_fives_threes as f3
from tests.games import test_api_texas42 as t42


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def _sheet(api, gid: int, query: str = "", **headers: str) -> str:
    r = api.get(f"/games/{gid}/sheet.pdf{query}", headers=headers)
    assert r.status_code == 200 and r.mimetype == "application/pdf", r.data[:200]
    assert len(pypdf.PdfReader(io.BytesIO(r.data)).pages) == 1
    return _text(r.data)


def test_all_fives_af1_then_a_second_hand_and_the_winner(api):
    gid = af.new_game(api)
    af.play(api, gid, af.AF1)
    # the second hand: Ann pegs 5, goes out, Bob's 3 pips round to 5 (pagat) → Ann 10
    af.play(api, gid, {"plays": [af.p("Ann", 5)], "ended": "domino", "out": "Ann", "hands": {"Bob": {"pips": 3}}})
    text = _sheet(api, gid)
    assert "All Fives score sheet" in text and "Bonus" in text
    # AF-1: Ann 10+10 in play + 10 for Bob's 8 pips = 30; Bob 10+15+25+10 = 60
    assert re.search(r"^1 Ann Ann \+10 30 30 60 60$", text, re.M), text
    # hand 2: Ann 5 + 5 = 10 (total 40), Bob 0 (total 60)
    assert re.search(r"^2 Ann Ann \+5 10 40 0 60$", text, re.M), text
    assert re.search(r"^Total 40 60$", text, re.M | re.I)
    assert "Winner:" not in text
    assert api.post(f"/api/games/{gid}/finish").status_code == 200
    text = _sheet(api, gid)
    assert "Winner: Bob with 60 points." in text and "FINAL STANDINGS" in text.upper()


def test_all_fives_in_pairs_af3(api):
    gid = af.new_game(api, af.FOUR, [["Ann", "Cy"], ["Bob", "Dee"]])
    af.play(api, gid, {"leader": "Ann", "plays": [af.p("Ann", 10)], "ended": "domino", "out": "Ann",
                       "hands": {"Bob": {"pips": 13}, "Dee": {"pips": 13}}})
    text = _sheet(api, gid)
    # AF-3, opponents' pips together: 13 + 13 = 26 → 25; with Ann's 10 in play, 35
    assert "Ann & Cy" in text and "Bob & Dee" in text
    assert re.search(r"^1 Ann Ann & Cy \+25 35 35 0 0$", text, re.M), text


def test_fives_and_threes_f3_1_with_the_chip_out(api):
    gid = f3.new_game(api)
    f3.play(api, gid, f3.F3_1)
    text = _sheet(api, gid)
    assert "Fives and Threes score sheet" in text
    # F3-1: A 17 in play + 1 for chipping out = 18; B 17
    assert re.search(r"^1 A A \+1 18 18 17 17$", text, re.M), text


def test_texas42_t42_1_marks_bids_and_the_winners(api):
    gid = t42.new_game(api, target_marks=7, forced_bid=True)
    for hand in t42.T42_1:
        t42.play(api, gid, hand)
    text = _sheet(api, gid)
    assert "Texas 42 score sheet" in text and "Made or set" in text and "Shakes" in text
    # the sides' columns are headed as 42 players count: marks, not points
    assert re.search(r"^Hand Shakes Bid Trumps Made or set\sMARKS TOTAL MARKS TOTAL$", text, re.M), text
    assert "marks the side's marks this hand" in text and "pts" not in text
    # T42-1, hand by hand (the shake passes clockwise from Dee): set 31 → Ben & Dee 1
    # (A&C took 30, B&D 12); 2 marks made → 3; 3 marks set → 6; Chen's 35 made
    # → Ana & Chen 1 (took 36 and 6); Ben's 32 made → 7 (took 9 and 33), 7–1
    assert re.search(r"^1 Dee Chen 31 fives set 0 took 30 0 1 took 12 1$", text, re.M), text
    assert re.search(r"^2 Ana Ben 2 marks sixes made 0 0 2 3$", text, re.M), text
    assert re.search(r"^3 Ben Ana 3 marks doubles set 0 0 3 6$", text, re.M), text
    assert re.search(r"^4 Chen Chen 35 fours made 1 took 36 1 0 took 6 6$", text, re.M), text
    assert re.search(r"^5 Dee Ben 32 threes made 0 took 9 1 1 took 33 7$", text, re.M), text
    assert re.search(r"^Total 1 7$", text, re.M | re.I)
    assert "Winners: Ben & Dee." in text
    russian = _sheet(api, gid, **{"Accept-Language": "ru"})
    assert "Заявка" in russian and "выполнена" in russian and "взяли 30" in russian and "марки" in russian


DAY = datetime.date(2026, 12, 7)


def _shaded(kind: str, players: list[str], rounds: list[dict], **rules) -> list[list[bool]]:
    """Which sides' cells each played hand shades as "won the hand"."""
    game = read_game({"kind": kind, "set": 6, "players": players, "rules": rules, "rounds": rounds})
    rows = counts.sheet_context(game, played_on=DAY)["rounds"]
    return [[cell["won"] for cell in row["cells"]] for row in rows if row["played"]]


def test_the_hands_winner_is_who_went_out_or_won_the_block():
    # AF-1: Ann goes out and takes the bonus (30) though Bob made more (60): Ann is shaded
    assert _shaded("all_fives", af.TWO, [af.AF1]) == [[True, False]]
    # a block: Ann holds 4 pips, Bob 9 → Ann has fewest and wins it (pagat), +10 for Bob's 9
    block = {"leader": "Ann", "plays": [af.p("Bob", 10)], "ended": "blocked",
             "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 9}}}
    assert _shaded("all_fives", af.TWO, [block]) == [[True, False]]
    # AF-5, three players: Ann 4, Bob 4, Cy 20 → Ann and Bob share the block; tied two → nobody
    af5 = {"leader": "Ann", "ended": "blocked", "in_play": {"Ann": 0, "Bob": 0, "Cy": 0},
           "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 4}, "Cy": {"pips": 20}}}
    assert _shaded("all_fives", ["Ann", "Bob", "Cy"], [af5]) == [[True, True, False]]
    tie = {**block, "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 4}}}
    assert _shaded("all_fives", af.TWO, [tie]) == [[False, False]]
    # Fives and Threes: A chips out (F3-1) and is shaded; a blocked hand is nobody's
    assert _shaded("fives_threes", ["A", "B"], [f3.F3_1, f3.quick(6)]) == [[True, False], [False, False]]


def test_fives_and_threes_points_not_pegged_are_struck_through(api):
    # F3-2's rule: A on 59 makes 12 (4 points): 63 would pass 61, A stays on 59
    gid = f3.new_game(api)
    hands = [f3.quick(30), f3.quick(29), {"leader": "A", "plays": [f3.p("A", 12)], "ended": "blocked"}]
    for hand in hands:
        f3.play(api, gid, hand)
    text = _sheet(api, gid)
    # hand 3: A pegs 0, the 4 shown beside it, total still 59; B 0, total 0
    assert re.search(r"^3 A 0 \+4 59 0 0$", text, re.M), text
    assert "+4 not pegged" in text  # the legend says what the struck number means
    game = read_game({"kind": "fives_threes", "set": 6, "players": ["A", "B"], "rules": {}, "rounds": hands})
    html = render_html(counts.sheet_context(game, played_on=DAY))
    assert re.search(r'<td class="pts">0 <s class="struck">\+4</s></td>\s*<td class="total">59</td>', html), html


def test_a_blank_sheet(api):
    gid = t42.new_game(api)
    t42.play(api, gid, t42.T42_1[0])
    text = _sheet(api, gid, "?blank=1")
    assert "Texas 42 score sheet" in text and "Chen 31" not in text and "Winner" in text
    assert re.search(r"^13$", text, re.M)  # an empty grid of 13 hands


def test_the_pads_link_the_sheet_and_a_page_draws(api):
    import pypdfium2 as pdfium

    gid = f3.new_game(api)
    f3.play(api, gid, f3.F3_1)
    assert f'href="/games/{gid}/sheet.pdf"' in api.get(f"/games/{gid}").get_data(as_text=True)
    pdf = api.get(f"/games/{gid}/sheet.pdf").data
    picture = pdfium.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("L")
    # an A4 page at 72 dpi (210 mm = 595.3 points, rounded up; 297 mm = 842), with ink on it
    assert picture.size == (596, 842) and picture.getextrema()[0] < 64


def test_the_rules_in_play_in_players_words(api):
    # the Leek league's rules (Leek Domino League, rules-families.md section 3):
    # no point for the last tile, no win on the down, 9 tiles for two players
    gid = f3.new_game(api, chip_out_point=0, no_win_on_down=True, draw_counts={"2": 9, "4": 6})
    text = _sheet(api, gid)
    assert "RULES IN PLAY" in text.upper()
    assert re.search(r"^Rules Leek league$", text, re.M), text
    assert re.search(r"^Game to 61 points$", text, re.M)  # the default target, said all the same
    assert re.search(r"^Points for chipping out 0$", text, re.M)
    assert re.search(r"^No win on the first tile of a hand yes$", text, re.M)
    assert "2 players: 9 tiles each, 4 players: 6 tiles each" in text
    assert "chip_out" not in text and "draw_counts" not in text  # no rule keys
    # Fives and Threes twice round: the preset's name and 121
    text = _sheet(api, f3.new_game(api, target_score=121))
    assert "Fives and Threes, twice round (121)" in text and re.search(r"^Game to 121 points$", text, re.M)
    # All Fives with its defaults for two players: 250 (pagat); Muggins' one line with two ends
    text = _sheet(api, af.new_game(api))
    assert re.search(r"^Rules All Fives$", text, re.M) and re.search(r"^Game to 250 points$", text, re.M)
    text = _sheet(api, af.new_game(api, af.TWO, None, spinners="none", score_unit="fives", target_score=61))
    assert re.search(r"^Rules the table's own$", text, re.M), text
    assert re.search(r"^Spinners none \(Muggins\)$", text, re.M)
    assert re.search(r"^Scores kept in fives, on a cribbage board$", text, re.M)
    # 42 with nello turned on and no forced bid: both said, in Russian too
    gid = t42.new_game(api, nello=True, forced_bid=False)
    text = _sheet(api, gid)
    assert re.search(r"^Game to 7 marks$", text, re.M)
    assert re.search(r"^When everyone passes the tiles are shaken again$", text, re.M)
    assert re.search(r"^Nello yes$", text, re.M)
    russian = _sheet(api, gid, **{"Accept-Language": "ru"})
    assert "Game to" not in russian and "Нелло" in russian and "7 марок" in russian
