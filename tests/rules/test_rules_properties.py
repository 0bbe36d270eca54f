"""Property tests: every record a real table could produce is accepted; one
impossible value makes it refused with the right code (issue 3)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import RecordError, read_game
from companion.rules.simulate import random_game, random_round
from companion.rules.tiles import DominoSet

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
TABLES = st.sampled_from([(9, 2), (9, 4), (12, 2), (12, 4), (12, 6), (12, 8), (15, 8), (18, 10)])


def one_round_record(seed: int, set_n: int, players: int, style="mixed"):
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    rnd = random_round(rng, set_n, names, set_n, style=style)
    return {"kind": "mexican_train", "set": set_n, "players": names, "first_starter": names[0],
            "rounds": [rnd]}


def codes(record):
    try:
        read_game(record, confirm=True)
    except RecordError as exc:
        return [p.code for p in exc.errors]
    return []


@SETTINGS
@given(seed=st.integers(0, 10**9), table=TABLES)
def test_every_real_round_is_accepted(seed, table):
    set_n, players = table
    record = one_round_record(seed, set_n, players)
    game = read_game(record, confirm=True)
    # the points are the pips left, plus 50 for the 0-0 (default rules)
    rnd = record["rounds"][0]
    for name, pts in game.scores()[0].items():
        hand = rnd["hands"][name]
        if "tiles" in hand:
            pips = sum(int(a) + int(b) for a, b in (t.split("-") for t in hand["tiles"]))
            blank = "0-0" in hand["tiles"]
        else:
            pips, blank = hand["pips"], hand.get("double_blank", False)
        assert pts == pips + (50 if blank else 0)


@settings(max_examples=8, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**9))
def test_every_real_game_is_accepted(seed):
    game = read_game(random_game(random.Random(seed), 12, 8), confirm=True)
    assert game.finished and len(game.rounds) == 13


def _victim(record):
    """A hand that is not out, written as pips."""
    for name, hand in record["rounds"][0]["hands"].items():
        if hand.get("pips", 1) != 0 or hand.get("double_blank") or hand.get("tiles"):
            return name
    raise AssertionError("every hand is out")


@SETTINGS
@given(seed=st.integers(0, 10**9), table=TABLES,
       change=st.sampled_from(["too_many_pips", "negative", "engine", "unknown", "missing",
                               "repeat", "engine_tile", "not_in_set", "too_many_tiles", "blocked_out",
                               "second_out"]))
def test_one_impossible_value_is_refused(seed, table, change):
    set_n, players = table
    record = one_round_record(seed, set_n, players, style="pips")
    rnd = record["rounds"][0]
    hands = rnd["hands"]
    name = _victim(record)
    total = DominoSet(set_n).total_pips
    expected = {
        "too_many_pips": "pips_infeasible",
        "negative": "pips_negative",
        "engine": "engine_out_of_sequence",
        "unknown": "unknown_player",
        "missing": "missing_hand",
        "repeat": "tile_repeated",
        "engine_tile": "engine_in_hand",
        "not_in_set": "tiles_not_in_set",
        "too_many_tiles": "too_many_tiles",
        "blocked_out": None,
        "second_out": None,
    }[change]
    if change == "too_many_pips":
        hands[name] = {"pips": total + 1}  # more than the whole set holds
    elif change == "negative":
        hands[name]["pips"] = -1
    elif change == "engine":
        rnd["engine"] = set_n - 1
    elif change == "unknown":
        hands["Stranger"] = {"pips": 3}
    elif change == "missing":
        del hands[name]
    elif change == "repeat":
        others = [n for n in hands if n != name]
        hands[name] = {"tiles": ["1-0"]}
        hands[others[0]] = {"tiles": ["0-1"], "drawn": hands[others[0]].get("drawn", 0)}
        rnd["ended"] = "blocked"
        for n in others[1:]:
            if hands[n].get("pips") == 0:
                hands[n] = {"pips": 5}
    elif change == "engine_tile":
        hands[name] = {"tiles": [f"{set_n}-{set_n}"]}
    elif change == "not_in_set":
        hands[name] = {"tiles": [f"{set_n + 1}-0"]}
    elif change == "too_many_tiles":
        hands[name] = {"pips": 10, "tiles_left": DominoSet(set_n).size}
    elif change == "blocked_out":
        out = [n for n, h in hands.items() if h.get("pips") == 0 and not h.get("double_blank")]
        if not out:
            rnd["ended"] = "domino"
            expected = "nobody_out"
        else:
            rnd["ended"] = "blocked"
            expected = "out_but_blocked"
    elif change == "second_out":
        out = [n for n, h in hands.items() if h.get("pips") == 0 and not h.get("double_blank")]
        hands[name] = {"pips": 0, "drawn": hands[name].get("drawn", 0)}
        expected = "several_out" if rnd["ended"] == "domino" and out else (
            "out_but_blocked" if rnd["ended"] == "blocked" else None)
        if expected is None:
            return
    got = codes(record)
    assert expected in got, (change, got)


def test_joint_check_never_refuses_real_hands():
    # many pips-and-count hands at once: the strictest joint check still accepts them
    for seed in range(40):
        record = one_round_record(seed, 12, 8, style="counted")
        assert "hands_infeasible" not in codes(record), seed
        assert codes(record) == []
