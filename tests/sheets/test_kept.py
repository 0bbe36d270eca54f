"""Kept score sheets (companion/sheets/kept.py) are named by a random key
stored with the game: a second database on the same ``instance/`` never
serves the first one's sheet (issue 25, item 8)."""

from __future__ import annotations

import io

import pypdf

from companion import create_app
from tests.conftest import _reset_database, bearer_client, dispose_app

GAME = {"set": 6, "kind": "block", "first_starter": "Anastasia"}


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def test_a_second_database_on_the_same_instance_lays_out_its_own_sheet(app, api, tmp_path):
    r = api.post("/api/games", json={**GAME, "players": ["Anastasia", "Bartholomew"]})
    assert r.get_json()["id"] == 1
    first = api.get("/games/1/sheet.pdf")
    assert first.status_code == 200 and "Anastasia" in _text(first.data)
    kept = sorted((tmp_path / "instance" / "sheets" / "1").rglob("*.pdf"))
    assert len(kept) == 1

    # The same instance folder, another database (say a switch of DATABASE_URL).
    other = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"),
                        "COMPANION_TOKEN": "test-token-4f9c", "SECRET_KEY": "test-secret",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'second.sqlite'}"})
    _reset_database(other)
    try:
        api2 = bearer_client(other)
        r = api2.post("/api/games", json={**GAME, "first_starter": "Zebedee",
                                          "players": ["Zebedee", "Yolanda"]})
        assert r.get_json()["id"] == 1
        assert api2.get("/api/games/1").get_json()["players"] == ["Zebedee", "Yolanda"]
        second = api2.get("/games/1/sheet.pdf")
        assert second.status_code == 200
        text = _text(second.data)
        assert "Zebedee" in text and "Anastasia" not in text
        # The first database's browser cache cannot be confirmed by the second.
        again = api2.get("/games/1/sheet.pdf", headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 200 and "Zebedee" in _text(again.data)
    finally:
        dispose_app(other)
    # And back on the first database: its own sheet, laid out again or kept.
    assert "Anastasia" in _text(api.get("/games/1/sheet.pdf").data)


def test_each_game_gets_its_own_sheet_key(app, api):
    from companion.games.services import sheet_identity

    for players in (["Ana", "Ben"], ["Chen", "Dee"]):
        api.post("/api/games", json={**GAME, "first_starter": players[0], "players": players})
    with app.app_context():
        (r1, k1), (r2, k2) = sheet_identity(1), sheet_identity(2)
    assert (r1, r2) == (1, 1)
    assert k1 != k2 and len(k1) == len(k2) == 32 and int(k1, 16) >= 0


def test_the_migration_gives_every_stored_game_its_own_sheet_key(app, api):
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from companion.store.db import db

    for players in (["Ana", "Ben"], ["Chen", "Dee"]):
        api.post("/api/games", json={**GAME, "first_starter": players[0], "players": players})
    with app.app_context():
        downgrade(revision="a9c1e3f5b7d0")  # the games as stored before the key
        db.session.remove()
        upgrade()
        keys = [k for (k,) in db.session.execute(text("SELECT sheet_key FROM game ORDER BY id"))]
        db.session.remove()
    assert len(keys) == 2 and len(set(keys)) == 2
    assert all(len(k) == 32 and int(k, 16) >= 0 for k in keys)
    assert "Ana" in _text(api.get("/games/1/sheet.pdf").data)
