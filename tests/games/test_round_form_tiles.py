"""A hand given by its tiles (the tile picker, a photo, a player's phone)
shown again in the round form: its pips and tiles left are in their boxes, as
the picker puts them there. Before, the boxes stayed empty: the tablet's
"Fill the round from the phones" and the phone's page after sending showed a
hand of 7 tiles with no pips."""

from __future__ import annotations

from companion.games.forms import round_to_form


def test_a_hand_of_tiles_shows_its_pips_and_its_count():
    # Ana holds 6-5 and 2-1: 6 + 5 + 2 + 1 = 14 pips in 2 tiles; Ben typed 23 pips, 3 tiles
    values = round_to_form({"hands": {"Ana": {"tiles": ["6-5", "2-1"]}, "Ben": {"pips": 23, "tiles_left": 3}}},
                           ["Ana", "Ben"])
    assert (values["tiles-0"], values["pips-0"], values["left-0"]) == ("6-5 2-1", "14", "2")
    assert (values["pips-1"], values["left-1"]) == ("23", "3")
    assert "tiles-1" not in values


def test_the_photo_s_seven_tiles_make_41_pips():
    # tests/fixtures/photos/jr_P-7-NC.jpg's hand: 5 + 9 + 4 + 5 + 8 + 6 + 4 = 41
    tiles = ["5-0", "6-3", "4-0", "3-2", "6-2", "4-2", "3-1"]
    values = round_to_form({"hands": {"Ben": {"tiles": tiles}}}, ["Ana", "Ben"])
    assert (values["pips-1"], values["left-1"]) == ("41", "7")


def test_a_hand_with_no_pips_and_no_tiles_leaves_the_box_empty():
    # (the old form wrote the word "None" when a stored hand had pips: null)
    values = round_to_form({"hands": {"Ana": {"pips": None}, "Ben": {}}}, ["Ana", "Ben"])
    assert values["pips-0"] == "" and values["pips-1"] == ""


def test_a_hand_in_pairs_given_by_its_tiles_shows_its_pips():
    # Latin pairs: Ben went out; Ana holds 6-5 and 2-1 (14 pips), Chen typed 9, Dan holds 4-4 (8)
    from companion.games.partnership_form import hand_to_form

    values = hand_to_form({"out": "Ben", "hands": {"Ana": {"tiles": ["6-5", "2-1"]}, "Ben": {"pips": 0},
                                                   "Chen": {"pips": 9}, "Dan": {"tiles": ["4-4"]}}},
                          ["Ana", "Ben", "Chen", "Dan"])
    assert (values["tiles-0"], values["pips-0"]) == ("6-5 2-1", "14")
    assert values["pips-2"] == "9"
    assert (values["tiles-3"], values["pips-3"]) == ("4-4", "8")
    assert values["out"] == "1" and "pips-1" not in values
