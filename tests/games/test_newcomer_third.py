"""What a newcomer still stumbled on, third pass (issue 27): the smaller items,
through the pages and the API."""

from __future__ import annotations

import re

import pytest

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
