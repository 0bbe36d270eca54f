"""What a newcomer still stumbled on, third pass (issue 27): the smaller items,
through the pages and the API."""

from __future__ import annotations

import re

import pytest

from tests.conftest import bearer_client
from tests.phones.test_phones import _join_url, _seat


def _game(api, **record) -> int:
    r = api.post("/api/games", json={"players": ["Ana", "Ben", "Cy"], "first_starter": "Ana", **record})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


@pytest.mark.parametrize(("record", "toggles"), [
    ({"kind": "draw", "set": 6}, 0),
    ({"kind": "block", "set": 6}, 0),
    ({"set": 12, "rules": {"double_blank_points": 0}}, 0),  # the 0-0 counts nothing here either
    ({"set": 12}, 3),
])
def test_the_0_0_toggle_only_where_it_changes_the_points(client, api, record, toggles):
    gid = _game(api, **record)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert len(re.findall(r'<label class="dbl-tap"', html)) == toggles
    assert ("<span>0-0</span></div>" in html) is bool(toggles)


@pytest.mark.parametrize(("record", "shown"), [({"kind": "draw", "set": 6}, False), ({"set": 12}, True)])
def test_the_phone_offers_the_0_0_only_where_it_counts(app, client, api, record, shown):
    gid = _game(api, **record)
    phone = app.test_client()
    url = _seat(phone, _join_url(client, gid), 1)
    assert ('name="blank-1"' in phone.get(url).get_data(as_text=True)) is shown


@pytest.mark.parametrize(("lang", "title", "back"), [
    ("en", "This page is not here", "Back to the games"),
    ("ru", "Такой страницы здесь нет", "Назад к партиям"),
    ("ko", "이 페이지는 여기에 없습니다", "게임 목록으로"),
])
def test_a_missing_page_is_the_apps_own_in_the_readers_language(client, lang, title, back):
    for path in ("/games/999", "/no/such/page"):
        r = client.get(path, headers={"Accept-Language": lang})
        html = r.get_data(as_text=True)
        assert r.status_code == 404
        assert f'<html lang="{lang}"' in html and f'<h1 id="error-h">{title}</h1>' in html
        assert f'<a class="button primary big" href="/">{back}</a>' in html
        assert "Not Found" not in html
    # the API keeps its JSON envelope
    assert client.get("/api/games/999").get_json()["errors"][0]["code"] == "not_found"


def test_a_fault_on_a_page_is_the_apps_own_page(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/__boom")
    def boom():
        raise RuntimeError("a fault")

    client = bearer_client(app)
    r = client.get("/__boom", headers={"Accept-Language": "ru"})
    html = r.get_data(as_text=True)
    assert r.status_code == 500
    assert '<h1 id="error-h">У нас что-то пошло не так</h1>' in html and "Назад к партиям" in html
    assert "Internal Server Error" not in html
