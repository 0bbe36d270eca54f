"""Seat links and the QR code belong to the access token that made them
(issue 25, item 4): ``flask --app companion token --rotate`` ends them, the
phones say so in words a player understands, and the tablet gets a new QR code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import dispose_app, make_app

THREE = {"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana"}
TOKEN_ENDED = "The tablet's access key was changed, so every phone link and the old QR code have ended."


@pytest.fixture
def rotating_app(tmp_path):
    """An app whose token is kept in ``instance/token`` (as ``make run`` does),
    so ``token --rotate`` can change it."""
    application = make_app(tmp_path, COMPANION_TOKEN="")
    assert application.config["COMPANION_TOKEN_FILE"]
    yield application
    dispose_app(application)


def _token(app) -> str:
    return Path(app.config["COMPANION_TOKEN_FILE"]).read_text().strip()


def _tablet(app):
    tablet = app.test_client()
    assert tablet.get(f"/?token={_token(app)}").status_code == 302
    return tablet


def _csrf(client, url: str) -> str:
    m = re.search(r'name="csrf_token" value="([^"]+)"', client.get(url).get_data(as_text=True))
    assert m, url
    return m.group(1)


def _join_url(tablet, gid: int) -> str:
    html = tablet.get(f"/games/{gid}/phones/panel").get_data(as_text=True)  # the QR code's link
    return re.search(r'class="join-link" href="https?://[^/]+(/j/\d+/[^"]+)"', html).group(1)


def _seat(phone, join: str, seat: int) -> str:
    r = phone.post(join, data={"seat": str(seat), "csrf_token": _csrf(phone, join)})
    assert r.status_code == 302, r.get_data(as_text=True)[:300]
    return r.headers["Location"].split("?")[0]


def test_a_new_token_ends_the_seat_links_and_the_qr_code(rotating_app):
    app = rotating_app
    tablet = _tablet(app)
    gid = tablet.post("/api/games", json=THREE, headers={"Authorization": f"Bearer {_token(app)}"}).get_json()["id"]
    join = _join_url(tablet, gid)
    ana, ben = app.test_client(), app.test_client()
    ana_url = _seat(ana, join, 0)
    ben_csrf = _csrf(ben, join)  # Ben has the QR page open, not yet tapped
    assert ana.get(ana_url).status_code == 200

    result = app.test_cli_runner().invoke(args=["token", "--rotate"])
    assert result.exit_code == 0, result.output
    assert "seat links and QR codes made with the old token have ended" in result.output

    # Ana's seat page, its poll, its photo address: ended, and the page says why
    page = ana.get(ana_url)
    assert page.status_code == 410 and TOKEN_ENDED in page.get_data(as_text=True)
    assert ana.get(f"{ana_url}/status.json").get_json() == {"gone": "token"}
    # the old QR code's page and its seat picker: ended, no new seat link
    page = ben.get(join)
    assert page.status_code == 410 and TOKEN_ENDED in page.get_data(as_text=True)
    r = ben.post(join, data={"seat": "1", "csrf_token": ben_csrf})
    assert r.status_code == 410 and TOKEN_ENDED in r.get_data(as_text=True)

    # the tablet, signed in again with the new token, shows a new QR code
    assert tablet.get(f"/games/{gid}").status_code == 302  # its session ended with the old token
    tablet = _tablet(app)
    assert tablet.get(f"/games/{gid}/phones.json").get_json()["seats"][0]["linked"] is False
    new_join = _join_url(tablet, gid)
    assert new_join != join
    assert ben.get(join).status_code == 410  # the old QR code stays ended
    ben_url = _seat(ben, new_join, 1)
    assert ben.get(ben_url).status_code == 200
    assert ana.get(ana_url).status_code == 410
    assert [s["linked"] for s in tablet.get(f"/games/{gid}/phones.json").get_json()["seats"]] == [
        False, True, False]


def test_a_link_made_before_the_token_was_marked_ends(rotating_app):
    """Links stored before this version (no token mark) end once."""
    from companion.phones.models import PhoneAccessRow, SeatLinkRow
    from companion.store.db import db
    from companion.store.tx import transaction

    app = rotating_app
    tablet = _tablet(app)
    gid = tablet.post("/api/games", json=THREE, headers={"Authorization": f"Bearer {_token(app)}"}).get_json()["id"]
    join = _join_url(tablet, gid)
    ana = app.test_client()
    url = _seat(ana, join, 0)
    with app.app_context():
        with transaction():
            db.session.execute(db.update(SeatLinkRow).values(token_mark=None))
            db.session.execute(db.update(PhoneAccessRow).values(token_mark=None))
    assert ana.get(url).status_code == 410
    assert ana.get(join).status_code == 410
    assert _join_url(tablet, gid) != join
