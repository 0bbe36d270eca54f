"""Groups that played before (issue 27, "Saved groups"): the start page
offers the groups of the newest games, "Ana, Ben, Chen, Dee", and one tap
seats them. Derived from the stored games (no table of their own):
distinct sets of players, newest first, five at most, the trash left out.
The tap is tried in Chromium at 1024×768 (the tablet); screenshot
``test-artifacts/groups-1024x768.png``."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.conftest import TOKEN, shot


def _game(api, players):
    r = api.post("/api/games", json={"set": 12, "players": players, "first_starter": players[0]})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def _offered(client):
    page = client.get("/").get_data(as_text=True)
    return [json.loads(html.unescape(g)) for g in re.findall(r"data-group='([^']*)'", page)]


def test_groups_are_the_newest_distinct_sets_of_players(api, client):
    # stored oldest first; ids grow in this order
    _game(api, ["Ana", "Ben", "Chen", "Dee"])
    _game(api, ["Eve", "Fay"])
    _game(api, ["ben", "Ana", "Dee", "Chen"])   # the first group again, other seats and case
    gone = _game(api, ["Gus", "Hal"])
    assert api.delete(f"/api/games/{gone}").status_code == 204  # in the trash: not offered
    # newest first; the first group once, in the seats (and spelling) of its newest game
    assert _offered(client) == [["ben", "Ana", "Dee", "Chen"], ["Eve", "Fay"]]


def test_at_most_five_groups(api, client):
    for i in range(7):
        _game(api, ["Ana", f"P{i}"])
    assert _offered(client) == [["Ana", f"P{i}"] for i in (6, 5, 4, 3, 2)]


def test_a_club_nights_tables_are_not_offered(app, api, client):
    # a family at home, then a club night whose draw seated three tables
    _game(api, ["Mum", "Dad", "Zoe"])
    club = [_game(api, t) for t in (["Ana", "Ben", "Chen", "Dee"], ["Eve", "Fay", "Gus", "Hal"],
                                    ["Ivo", "Jan", "Kat", "Lin"])]
    from sqlalchemy import text

    from companion.store.db import db
    with app.app_context():
        event = db.session.execute(text(
            "insert into event (created_at, name, held_on, kind, set_n, rules, scoring, seating, reseat,"
            " move, tables, revision, pairs) values (current_timestamp, 'Club night', '2026-12-03',"
            " 'mexican_train', 12, '{}', 'place_points', 'random', 'move_down', 1, 3, 1, false)"
            " returning id")).scalar_one()
        for n, gid in enumerate(club, 1):
            db.session.execute(text("insert into event_game (game_id, event_id, number, table_no, evening)"
                                    " values (:g, :e, 1, :t, 1)"), {"g": gid, "e": event, "t": n})
        db.session.commit()
    _game(api, ["Ana", "Ben"])  # two of the club's players, later, at home
    # only the home groups, newest first: the club's tables left out
    assert _offered(client) == [["Ana", "Ben"], ["Mum", "Dad", "Zoe"]]


def test_no_games_no_groups(client):
    assert 'id="groups"' not in client.get("/").get_data(as_text=True)


@pytest.mark.browser
def test_one_tap_seats_a_group_on_the_tablet(live, browser, api):
    _game(api, ["Ana", "Ben", "Chen", "Dee", "Eve"])
    _game(api, ["Kim", "Lou"])
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    chips = page.locator("#groups [data-group]")
    assert chips.all_inner_texts() == ["Kim, Lou", "Ana, Ben, Chen, Dee, Eve"]
    names = page.locator("#seats input[name=player]")
    page.locator("#player-0").fill("Zed")  # typed names give way to the group
    chips.nth(1).tap()
    assert [names.nth(i).input_value() for i in range(names.count())] == ["Ana", "Ben", "Chen", "Dee", "Eve"]
    # every seat numbered for the screen reader, the first one starts
    assert page.locator("#seats li:nth-child(5) label.visually-hidden").inner_text() == "Player 5"
    assert page.locator("#seats input[name=starter]").first.is_checked()
    shot(page, "groups-1024x768")
    chips.nth(0).tap()  # a smaller group takes the seats it needs, no empty ones
    assert [names.nth(i).input_value() for i in range(names.count())] == ["Kim", "Lou"]
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    gid = int(page.url.rsplit("/", 1)[1])
    assert api.get(f"/api/games/{gid}").get_json()["players"] == ["Kim", "Lou"]
    ctx.close()
