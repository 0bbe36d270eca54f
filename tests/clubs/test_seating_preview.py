"""Club night: *Seat the next game* moves players one table at a time, "how
many move" fits the tables, and the next seating is shown, and may be
changed, before it is made (issue 27, major 2).

Ten players at three tables of 4, 3 and 3; every table plays a short Mexican
Train (rounds 1-1 and 0-0) and finishes in seat order: at a table of four
s0..s3 hold R1 0, 5, 10, 15 and R2 3, 0, 10, 20 (totals 3, 5, 20, 35); at a
table of three t0..t2 hold R1 0, 4, 9 and R2 2, 0, 9 (totals 2, 4, 18).
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.conftest import csrf_token

TEN = ["Ana", "Ben", "Chen", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo"]
FOUR = ([0, 5, 10, 15], [3, 0, 10, 20])
THREE = ([0, 4, 9], [2, 0, 9])


def _evening(api, **extra) -> tuple[int, list[list[str]]]:
    r = api.post("/api/events", json={"name": "Thursday club", "held_on": "2026-11-26",
                                      "rules": {"start_engine": 1}, "tables": 3, "players": TEN, **extra})
    assert r.status_code == 201, r.get_data(as_text=True)
    eid = r.get_json()["id"]
    tables = api.post(f"/api/events/{eid}/draw", json={}).get_json()["games"][0]
    assert [len(t["players"]) for t in tables] == [4, 3, 3]
    for t in tables:
        seats = t["players"]
        for number, pips in enumerate(FOUR if len(seats) == 4 else THREE, 1):
            hands = {name: {"pips": p} for name, p in zip(seats, pips)}
            r = api.post(f"/api/games/{t['game']}/rounds", json={"number": number, "ended": "domino", "hands": hands})
            assert r.status_code == 201, r.get_data(as_text=True)
    return eid, [t["players"] for t in tables]


def _by_hand(first: list[list[str]]) -> list[list[str]]:
    """One moves (worked by hand): table 2's best up to table 1 and table 1's
    last down to table 2; table 3's best up to table 2 and table 2's last down to 3."""
    (a0, a1, a2, a3), (b0, b1, b2), (c0, c1, c2) = first
    return [[b0, a0, a1, a2], [c0, b1, a3], [c1, c2, b2]]


def _shown(html: str) -> list[list[str]]:
    """The tables of the preview page: each table's players with their table chosen."""
    seats: dict[int, list[str]] = {}
    for name, table in re.findall(
            r'name="name-\d+" value="([^"]+)"><input type="hidden" name="shown-\d+" value="\d+">\s*<select[^>]*>.*?<option value="(\d+)" selected', html, re.S):
        seats.setdefault(int(table), []).append(unescape(name))
    return [seats[n] for n in sorted(seats)]


def test_a_new_evening_moves_one_by_default(api):
    r = api.post("/api/events", json={"name": "Friday", "players": TEN})
    assert r.get_json()["move"] == 1


@pytest.mark.parametrize("move", [None, 3], ids=["default", "three"])
def test_the_next_seating_is_previewed_then_made_one_table_at_a_time(client, api, move):
    eid, first = _evening(api, **({} if move is None else {"move": move}))
    expected = _by_hand(first)
    page = client.get(f"/events/{eid}")
    assert f'href="/events/{eid}/seating"' in page.get_data(as_text=True)
    html = client.get(f"/events/{eid}/seating").get_data(as_text=True)
    assert _shown(html) == expected
    hint = " ".join(re.search(r'<p class="hint" id="seating-hint">(.*?)</p>', html, re.S).group(1).split())
    assert "The last of each table moves down one table; the best of the table below moves up." in hint
    if move == 3:
        assert ("The evening asks for 3; with tables of 4, 3, and 3 at most 1 can move, so that nobody "
                "moves two tables and every table keeps some of its players.") in hint
    else:
        assert "asks for" not in hint
    # nothing is made by looking
    assert len(api.get(f"/api/events/{eid}").get_json()["games"]) == 1
    form = {"csrf_token": csrf_token(client, f"/events/{eid}/seating")}
    for i, name in enumerate(n for t in expected for n in t):
        form[f"name-{i}"] = name
        form[f"table-{i}"] = str(next(k for k, t in enumerate(expected, 1) if name in t))
    r = client.post(f"/events/{eid}/draw", data=form)
    assert r.status_code == 302
    second = api.get(f"/api/events/{eid}").get_json()["games"][1]
    assert [t["players"] for t in second] == expected


def test_the_desk_changes_a_table_before_it_is_made(client, api):
    eid, first = _evening(api)
    expected = _by_hand(first)
    names = [n for t in expected for n in t]
    tables = [k for k, t in enumerate(expected, 1) for _ in t]
    # the desk swaps table 1's last (a2) and table 3's last (b2)
    a2, b2 = expected[0][3], expected[2][2]
    form = {"csrf_token": csrf_token(client, f"/events/{eid}/seating")}
    for i, name in enumerate(names):
        form[f"name-{i}"], form[f"shown-{i}"] = name, str(tables[i])
        form[f"table-{i}"] = {a2: "3", b2: "1"}.get(name, str(tables[i]))
    assert client.post(f"/events/{eid}/draw", data=form).status_code == 302
    second = api.get(f"/api/events/{eid}").get_json()["games"][1]
    assert [t["players"] for t in second] == [expected[0][:3] + [b2], expected[1], [*expected[2][:2], a2]]


def test_a_table_left_too_small_is_refused_and_the_preview_stays(client, api):
    eid, first = _evening(api)
    expected = _by_hand(first)
    names = [n for t in expected for n in t]
    form = {"csrf_token": csrf_token(client, f"/events/{eid}/seating"), "tables": "3"}
    for i, name in enumerate(names):  # eight at table 1, two at table 2, none at table 3
        form[f"name-{i}"] = name
        form[f"table-{i}"] = "2" if i in (0, 1) else "1"
    r = client.post(f"/events/{eid}/draw", data=form)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "Table 3 would have 0 players: a table takes 2 to 8." in html
    # the preview again, as the desk left it: Ana's choice kept
    moved = names[0]
    assert _shown(html)[1] == [moved, names[1]]
    assert len(api.get(f"/api/events/{eid}").get_json()["games"]) == 1


@pytest.mark.parametrize(("field", "value"), [("table-0", "999999999"), ("tables", "999999999"), ("tables", "²")])
def test_a_tampered_table_count_is_refused_not_laid_out(client, api, field, value):
    """A table number or count far beyond the ten players (or in other digits)
    never lays out that many tables: it is refused, or read as the tables chosen."""
    eid, first = _evening(api)
    expected = _by_hand(first)
    names = [n for t in expected for n in t]
    tables = [k for k, t in enumerate(expected, 1) for _ in t]
    form = {"csrf_token": csrf_token(client, f"/events/{eid}/seating"), "tables": "3"}
    for i, name in enumerate(names):
        form[f"name-{i}"], form[f"shown-{i}"], form[f"table-{i}"] = name, str(tables[i]), str(tables[i])
    form[field] = value
    r = client.post(f"/events/{eid}/draw", data=form)
    games = api.get(f"/api/events/{eid}").get_json()["games"]
    if value == "²":  # the count read from the tables chosen: 3, the seating as shown
        assert r.status_code == 302 and [t["players"] for t in games[1]] == expected
    else:
        assert r.status_code == 422 and len(games) == 1


@pytest.mark.parametrize(("rules", "named"), [
    ({}, "This app&#39;s defaults"),
    ({"start_engine": 6}, "Quick game: 6-6 down to 0-0"),
    ({"late_join": "highest"}, "This app&#39;s defaults"),  # the late arrival is said beside the draw
])
def test_the_evening_header_names_the_rule_set(client, api, rules, named):
    eid = api.post("/api/events", json={"name": "Friday", "held_on": "2026-11-27", "rules": rules}).get_json()["id"]
    html = client.get(f"/events/{eid}").get_data(as_text=True)
    head = re.search(r"<h1>.*?</h1>", html, re.S).group(0)
    assert head.endswith(f"Mexican Train · Double-12 · {named}</span></h1>")
