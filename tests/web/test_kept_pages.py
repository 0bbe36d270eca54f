"""Pages kept once rendered (companion.pagecache): the game page and the games
list are rendered again only when what they show changed, and a kept page
carries the CSRF token of the session that reads it."""

from __future__ import annotations

import re
from contextlib import contextmanager

from flask import template_rendered

from tests.conftest import TOKEN


@contextmanager
def renders(app):
    """The names of the templates rendered inside the block."""
    names: list[str] = []

    def seen(sender, template, context, **extra):
        names.append(template.name)

    template_rendered.connect(seen, app)
    try:
        yield names
    finally:
        template_rendered.disconnect(seen, app)


TOKEN_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')


def _tokens(html: str) -> set[str]:
    return set(TOKEN_FIELD.findall(html))


def _without_tokens(response) -> str:
    """The page with its CSRF tokens blanked (a token is signed with the time
    it was made: two requests a second apart get two valid strings)."""
    return TOKEN_FIELD.sub('name="csrf_token" value=""', response.get_data(as_text=True))


def _tablet(app):
    c = app.test_client()
    assert c.get(f"/?token={TOKEN}").status_code == 302
    return c


def _finished_game(api, full_game) -> int:
    r = api.post("/api/games", json=full_game["record"])
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def test_a_finished_games_page_is_rendered_once_and_again_after_a_change(app, api, client, full_game):
    gid = _finished_game(api, full_game)
    with renders(app) as names:
        first = client.get(f"/games/{gid}")
    assert first.status_code == 200 and "games/game.html" in names
    with renders(app) as names:
        again = client.get(f"/games/{gid}")
    assert again.status_code == 200 and names == []
    assert _without_tokens(again) == _without_tokens(first)
    # the kept page's token is this session's: its archive form works
    (token,) = _tokens(again.get_data(as_text=True))
    r = client.post(f"/games/{gid}/archive", data={"csrf_token": token})
    assert r.status_code == 302
    with renders(app) as names:
        after = client.get(f"/games/{gid}")
    assert after.status_code == 200 and "games/game.html" in names
    assert _without_tokens(after) != _without_tokens(first)


def test_each_tablet_gets_its_own_token_in_a_kept_page(app, api, full_game):
    gid = _finished_game(api, full_game)
    ana, ben = _tablet(app), _tablet(app)
    ana_page = ana.get(f"/games/{gid}").get_data(as_text=True)
    with renders(app) as names:
        ben_page = ben.get(f"/games/{gid}").get_data(as_text=True)
    assert names == []
    (ana_token,), (ben_token,) = _tokens(ana_page), _tokens(ben_page)
    assert ana_token != ben_token
    # Ben's token is refused in Ana's session, accepted in his own
    assert ana.post(f"/games/{gid}/archive", data={"csrf_token": ben_token}).status_code == 400
    assert ben.post(f"/games/{gid}/archive", data={"csrf_token": ben_token}).status_code == 302


def test_a_game_in_play_shows_the_phones_each_time(app, api, client, full_game):
    record = full_game["record"]
    gid = api.post("/api/games", json={**record, "rounds": record["rounds"][:2]}).get_json()["id"]
    for _ in range(2):
        with renders(app) as names:
            assert client.get(f"/games/{gid}").status_code == 200
        assert "games/game.html" in names


def test_a_corrected_round_shows_on_the_kept_page_at_once(app, api, client, full_game):
    gid = _finished_game(api, full_game)
    before = client.get(f"/games/{gid}").get_data(as_text=True)
    assert ">218<" in before  # Ana's total, added up by hand (the fixture's comment)
    first = full_game["record"]["rounds"][0]
    corrected = {**first, "hands": {**first["hands"], "Ana": {"pips": 0}, "Ben": {"pips": 24}}}
    r = api.put(f"/api/games/{gid}/rounds/1", json=corrected)
    assert r.status_code == 200, r.get_json()
    after = client.get(f"/games/{gid}").get_data(as_text=True)
    # Ben's round 1 goes from 23 to 24: his total from 242 to 243
    assert ">243<" in after and ">243<" not in before


def test_the_games_list_is_rendered_again_only_when_its_games_change(app, api, client, full_game):
    _finished_game(api, full_game)
    with renders(app) as names:
        first = client.get("/")
    assert "games/index.html" in names
    with renders(app) as names:
        again = client.get("/")
    assert names == [] and _without_tokens(again) == _without_tokens(first)
    record = full_game["record"]
    api.post("/api/games", json={**record, "players": ["Zoë", *record["players"][1:]],
                                 "first_starter": "Zoë", "rounds": []})
    with renders(app) as names:
        after = client.get("/").get_data(as_text=True)
    assert "games/index.html" in names and "Zoë" in after and "Zoë" not in first.get_data(as_text=True)
