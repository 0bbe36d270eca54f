"""Issue 13, what a break-in attempt found: each class of hole tried with
several of its members (open redirects, 500s that should be 4xx)."""

from __future__ import annotations

import json
import re
from urllib.parse import quote, urlsplit

import pytest

from companion.web import security
from tests.conftest import TOKEN, count_rows, csrf_token

HEAD = {"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben"], "first_starter": "Ana"}
ROUND1 = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 23}}}

# Addresses that lead off this site once a browser or a server reads them.
OFF_SITE = [
    "//evil.example/",
    "/\t/evil.example/",
    "/\n/evil.example/",
    "/\r\n/evil.example/",
    "/\\evil.example/",
    "/\\/evil.example/",
    "\\\\evil.example/",
    " //evil.example/",
    "http://evil.example/",
    "https:evil.example",
    "javascript:alert(1)",
    "/\x0b/evil.example",
    "/\x7f/evil.example",
    "evil.example",
    "http://[::1",
]


def _new_game(api) -> int:
    r = api.post("/api/games", json=HEAD)
    assert r.status_code == 201
    return r.get_json()["id"]


def _stays_here(location: str) -> bool:
    parts = urlsplit(location)
    return (parts.scheme in ("", "http") and parts.netloc in ("", "localhost")
            and location.lstrip()[:2] not in ("//", "\\\\", "/\\")
            and not any(ord(c) < 0x20 for c in location) and "\\" not in location)


@pytest.mark.parametrize("bad", OFF_SITE)
def test_the_url_check_refuses_every_off_site_address(bad):
    assert security.local_target(bad) is None


@pytest.mark.parametrize("good", ["/", "/games/3", "/games/3?x=1#round-2", "/rules?lang=ko"])
def test_the_url_check_keeps_paths_of_this_site(good):
    assert security.local_target(good) == good


@pytest.mark.parametrize("bad", OFF_SITE)
def test_next_after_sign_in_never_leaves_the_site(app, bad):
    c = app.test_client()
    token = csrf_token(c, "/login")
    r = c.post("/login", data={"csrf_token": token, "token": TOKEN, "next": bad})
    assert r.status_code == 302
    assert r.headers["Location"] == "/"


@pytest.mark.parametrize("bad", OFF_SITE)
def test_next_on_the_login_page_is_never_offered(anon, bad):
    r = anon.get("/login?next=" + quote(bad, safe=""))
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    m = re.search(r'name="next" value="([^"]*)"', page)
    assert m is None or m.group(1) == "/"


@pytest.mark.parametrize("setting", ["/lang/ru", "/theme/dark"])
@pytest.mark.parametrize("bad", OFF_SITE)
def test_next_and_referer_of_device_settings_never_leave_the_site(client, setting, bad):
    r = client.get(setting + "?next=" + quote(bad, safe=""))
    assert r.status_code == 302 and r.headers["Location"] == "/"
    if "\n" in bad or "\r" in bad:
        return  # a header cannot carry a line break
    r = client.get(setting, headers={"Referer": "http://localhost" + bad})
    assert r.status_code == 302 and _stays_here(r.headers["Location"]), r.headers["Location"]
    r = client.get(setting, headers={"Referer": bad})
    assert r.status_code == 302 and r.headers["Location"] == "/"


def test_referer_of_this_site_is_followed_back(client):
    r = client.get("/lang/ru", headers={"Referer": "http://localhost/rules?x=1"})
    assert r.headers["Location"] == "/rules?x=1"


@pytest.mark.parametrize("path", ["//evil.example/", "/%09/evil.example/", "/%5Cevil.example/",
                                  "/%0d%0a/evil.example/", "/%5C%5Cevil.example"])
def test_a_token_link_on_any_path_stays_on_the_site(app, path):
    r = app.test_client().get(f"{path}?token={TOKEN}")
    assert r.status_code == 302
    assert _stays_here(r.headers["Location"]), r.headers["Location"]


def test_a_token_link_keeps_the_other_parameters(app):
    r = app.test_client().get(f"/rules?a=1&token={TOKEN}&a=2")
    assert r.status_code == 302 and r.headers["Location"] == "/rules?a=1&a=2"


# -- ids beyond what the database holds ------------------------------------------------------

BIG_IDS = [2**31, 2**31 + 1, 2**63 - 1, 2**63, 2**64, 10**30]


def _routes_with_ids(app):
    for rule in app.url_map.iter_rules():
        if "<int:game_id>" in rule.rule:
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                yield rule.rule, method


@pytest.mark.parametrize("who", ["client", "api", "anon"])
def test_ids_beyond_the_database_range_are_404_on_every_game_route(request, app, who):
    c = request.getfixturevalue(who)
    gid = _new_game(request.getfixturevalue("api"))
    before = count_rows(app)
    routes = list(_routes_with_ids(app))
    assert len(routes) >= 10
    for rule, method in routes:
        for big in BIG_IDS:
            tries = [(big, 1), (gid, big)] if "<int:number>" in rule else [(big, 1)]
            for game_id, number in tries:
                url = rule.replace("<int:game_id>", str(game_id)).replace("<int:number>", str(number))
                r = c.open(url, method=method, json=ROUND1 if url.startswith("/api/") else None)
                # no route takes the id: 404 (Werkzeug's router may say 405 when another
                # method's rule shares the path); a stranger is sent to sign in first
                allowed = (302, 401, 404, 405) if who == "anon" else (404, 405)
                assert r.status_code in allowed, \
                    (who, method, url, r.status_code)
                assert r.status_code < 500
    # with a spectator key too
    for big in BIG_IDS:
        assert c.get(f"/games/{big}/table?view=abc").status_code in (302, 404)
        assert c.get(f"/api/games/{big}/revision?view=abc").status_code in (401, 404)
    assert count_rows(app) == before


def test_the_largest_id_the_database_holds_is_still_a_plain_404(client, api):
    assert client.get(f"/games/{2**31 - 1}").status_code == 404
    assert api.get(f"/api/games/{2**31 - 1}").status_code == 404


# -- digits that str.isdigit accepts and int refuses -------------------------------------------

ODD_DIGITS = ["²", "³", "¹", "①", "⑳", "2²", "⁵0", "₃", "❸", "⓪"]


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_odd_digits_in_the_round_form_are_a_message_not_a_500(app, client, api, odd):
    gid = _new_game(api)
    token = csrf_token(client, f"/games/{gid}")
    fields = ["pips-0", "pips-1", "left-1", "blanks-1", "drawn-0", "dealt", "out", "number"]
    statuses = {}
    for name in fields:
        data = {"csrf_token": token, "pips-0": "3", "pips-1": "12", "out": "blocked",
                "number": "1"}
        data[name] = odd
        statuses[name] = client.post(f"/games/{gid}/rounds", data=data).status_code
    # Each typed count is refused at its field, and an unreadable "out" asks who
    # went out; an unreadable "number" only loses the double-tap guard: saved.
    assert statuses == {"pips-0": 422, "pips-1": 422, "left-1": 422, "blanks-1": 422,
                        "drawn-0": 422, "dealt": 422, "out": 422, "number": 302}
    assert count_rows(app) == (1, 1)


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_odd_digits_in_the_start_form_and_planner_are_refused_politely(app, client, odd):
    token = csrf_token(client, "/")
    for name in ("set", "starter", "rule-double_blank_points", "rule-target"):
        data = {"csrf_token": token, "player": ["Ana", "Ben"], "starter": "0", "set": "12"}
        data[name] = odd
        r = client.post("/games", data=data)
        assert r.status_code in (302, 422), (name, r.status_code)
    for name in ("set", "open_end"):
        data = {"csrf_token": csrf_token(client, "/planner"), "set": "12", "open_end": "12",
                "hand": "6-5 5-5"}
        data[name] = odd
        r = client.post("/planner", data=data)
        assert r.status_code in (200, 422), (name, r.status_code)


def test_odd_digits_in_the_correction_form_keep_the_round(app, client, api):
    gid = _new_game(api)
    assert api.post(f"/api/games/{gid}/rounds", json=ROUND1).status_code == 201
    token = csrf_token(client, f"/games/{gid}/rounds/1/edit")
    for odd in ODD_DIGITS:
        data = {"csrf_token": token, "pips-0": "0", "pips-1": odd, "out": "0", "version": odd}
        r = client.post(f"/games/{gid}/rounds/1", data=data)
        assert r.status_code == 422
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["hands"]["Ben"]["pips"] == 23


# -- sessions end on the server --------------------------------------------------------------

def _signed_in(app, agent="Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Safari/537.36"):
    c = app.test_client()
    r = c.get(f"/?token={TOKEN}", headers={"User-Agent": agent})
    assert r.status_code == 302
    assert c.get("/").status_code == 200
    return c


def _cookie_copy(app, c):
    """A second client holding a copy of ``c``'s session cookie (a stolen cookie)."""
    thief = app.test_client()
    cookie = c.get_cookie("session")
    thief.set_cookie("session", cookie.value)
    return thief


def test_signing_out_ends_the_session_even_for_a_copied_cookie(app):
    c = _signed_in(app)
    thief = _cookie_copy(app, c)
    assert thief.get("/").status_code == 200
    token = csrf_token(c, "/devices")
    r = c.post("/logout", data={"csrf_token": token})
    assert r.status_code == 302 and r.headers["Location"] == "/login"
    assert '"cache"' in r.headers["Clear-Site-Data"]
    for who in (c, thief):
        r = who.get("/")
        assert r.status_code == 302 and r.headers["Location"].startswith("/login")
        assert who.get("/api/games").status_code == 401
        assert who.get("/devices").status_code == 302


def test_a_new_token_ends_every_session_opened_with_the_old_one(app, tmp_path):
    """Three devices and a copied cookie; ``token --rotate`` signs them all out,
    the old token no longer opens anything, the new one does."""
    from companion.store.db import db

    app.config.pop("COMPANION_TOKEN", None)
    path = tmp_path / "token-file"
    path.write_text(TOKEN + "\n")
    app.config["COMPANION_TOKEN_FILE"] = str(path)
    app.config["COMPANION_TOKEN"] = TOKEN
    clients = [_signed_in(app) for _ in range(3)]
    clients.append(_cookie_copy(app, clients[0]))
    result = app.test_cli_runner().invoke(args=["token", "--rotate"])
    assert result.exit_code == 0, result.output
    new = result.stdout.strip()
    assert new and new != TOKEN and path.read_text().strip() == new
    assert "3 signed-in devices signed out" in result.stderr
    for c in clients:
        assert c.get("/").status_code == 302
    assert app.test_client().get(f"/?token={TOKEN}").headers["Location"].startswith("/login")
    assert app.test_client().get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 401
    fresh = app.test_client()
    assert fresh.get(f"/?token={new}").headers["Location"] == "/"
    assert fresh.get("/").status_code == 200
    assert app.test_client().get("/api/games", headers={"Authorization": f"Bearer {new}"}).status_code == 200
    # A session whose record says another token (changed in the environment) is over too.
    from companion.web.sessions import DeviceSession

    with app.app_context():
        for row in db.session.execute(db.select(DeviceSession)).scalars():
            row.token_mark = "0" * 64
        db.session.commit()
    assert fresh.get("/").status_code == 302


def test_rotate_refuses_when_the_token_comes_from_the_environment(app):
    app.config.pop("COMPANION_TOKEN_FILE", None)
    result = app.test_cli_runner().invoke(args=["token", "--rotate"])
    assert result.exit_code == 1
    assert "COMPANION_TOKEN" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_tablet_lists_the_devices_and_signs_one_out(app):
    tablet = _signed_in(app, "Mozilla/5.0 (Linux; Android 14; SM-X200) Chrome/120.0 Safari/537.36")
    phone = _signed_in(app, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1")
    laptop = _signed_in(app, "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
    page = tablet.get("/devices").get_data(as_text=True)
    assert len(re.findall(r'<li class="device[" ]', page)) == 3
    for label in ("Chrome · Android", "Safari · iPhone", "Firefox · Linux"):
        assert label in page
    assert page.count("This device") == 1
    ids = [int(x) for x in re.findall(r'/devices/(\d+)/sign-out', page)]
    assert len(ids) == 3
    from companion.store.db import db
    from companion.web.sessions import DeviceSession

    with app.app_context():
        phone_id = db.session.execute(
            db.select(DeviceSession.id).where(DeviceSession.label == "Safari · iPhone")).scalar_one()
    token = csrf_token(tablet, "/devices")
    r = tablet.post(f"/devices/{phone_id}/sign-out", data={"csrf_token": token})
    assert r.status_code == 302 and r.headers["Location"] == "/devices"
    assert phone.get("/").status_code == 302
    assert tablet.get("/").status_code == 200 and laptop.get("/").status_code == 200
    page = tablet.get("/devices").get_data(as_text=True)
    assert "Safari · iPhone" not in page and len(re.findall(r'<li class="device[" ]', page)) == 2
    # Signing out a device twice, or one that never was: 404, nothing else changes.
    assert tablet.post(f"/devices/{phone_id}/sign-out", data={"csrf_token": token}).status_code == 404
    assert tablet.post("/devices/999999/sign-out", data={"csrf_token": token}).status_code == 404
    assert laptop.get("/").status_code == 200


@pytest.mark.parametrize("language", ["en", "ru", "be", "hr", "mn", "ko"])
def test_the_devices_page_speaks_every_language(app, language):
    c = _signed_in(app)
    c.set_cookie("lang", language)
    page = c.get("/devices").get_data(as_text=True)
    assert f'lang="{language}"' in page
    if language != "en":
        for english in ("Signed-in devices", "This device", "Sign out"):
            assert english not in page, (language, english)


# -- caching -----------------------------------------------------------------------------------

def test_personal_answers_are_never_stored_by_a_shared_cache(app, client, api):
    gid = _new_game(api)
    assert api.post(f"/api/games/{gid}/rounds", json=ROUND1).status_code == 201
    from companion.games.models import GameRow
    from companion.store.db import db

    with app.app_context():
        key = db.session.get(GameRow, gid).view_key
    no_store = {
        "api list": api.get("/api/games"),
        "api game": api.get(f"/api/games/{gid}"),
        "api revision": api.get(f"/api/games/{gid}/revision"),
        "pdf": client.get(f"/games/{gid}/sheet.pdf"),
        "devices": client.get("/devices"),
        "login": app.test_client().get("/login"),
        "spectator": app.test_client().get(f"/games/{gid}/table?view={key}"),
        "401": app.test_client().get("/api/games"),
        "token redirect": app.test_client().get(f"/games/{gid}?token={TOKEN}"),
        "404": client.get("/games/999"),
    }
    for what, r in no_store.items():
        assert r.headers.get("Cache-Control") == "no-store", what
    private = {"index": client.get("/"), "game": client.get(f"/games/{gid}"),
               "edit": client.get(f"/games/{gid}/rounds/1/edit"), "rules": client.get("/rules"),
               "table": client.get(f"/games/{gid}/table")}
    for what, r in private.items():
        assert r.status_code == 200, what
        assert r.headers.get("Cache-Control") == "private, no-cache", what
    static = app.test_client().get("/static/app.css")
    assert "no-store" not in (static.headers.get("Cache-Control") or "")
    static.close()


def test_sqlite_file_is_created_readable_by_its_owner_only(tmp_path):
    import os
    import stat

    from companion import create_app

    old = os.umask(0o022)
    try:
        application = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "inst"),
                                  "COMPANION_TOKEN": TOKEN, "SECRET_KEY": "s",
                                  "COMPANION_MIGRATE_AT_START": "1"})
    finally:
        os.umask(old)
    from companion.store.db import db

    with application.app_context():
        db.engine.dispose()
    path = tmp_path / "inst" / "companion.sqlite3"
    for f in [path, *tmp_path.joinpath("inst").glob("companion.sqlite3-*")]:
        assert stat.S_IMODE(f.stat().st_mode) == 0o600, f


# -- a database nobody migrated ----------------------------------------------------------------

def _unmigrated_app(tmp_path, **config):
    from companion import create_app

    base = {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "inst"), "COMPANION_TOKEN": TOKEN,
            "SECRET_KEY": "s"}
    url = __import__("os").environ.get("COMPANION_TEST_DATABASE_URL")
    if url:
        from sqlalchemy import create_engine, text

        from companion.store.db import database_url

        uri = database_url(url, str(tmp_path))
        engine = create_engine(uri)
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        engine.dispose()
        base["SQLALCHEMY_DATABASE_URI"] = uri
    return create_app({**base, **config})


def test_a_database_nobody_migrated_answers_503_with_what_to_run(tmp_path):
    application = _unmigrated_app(tmp_path)
    c = application.test_client()
    for url in ["/", f"/?token={TOKEN}", "/login", "/api/games", "/games/1", "/devices"]:
        r = c.get(url, headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code == 503, url
        text = r.get_data(as_text=True)
        assert len(text.strip().splitlines()) == 1
        assert "flask --app companion db upgrade" in text
    assert c.get("/healthz").status_code == 200
    # Once migrated, the same process serves at once.
    from flask_migrate import upgrade

    from companion.store.db import db

    with application.app_context():
        upgrade()
    assert c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
    with application.app_context():
        db.engine.dispose()


def test_several_processes_starting_at_once_migrate_once(tmp_path):
    """Four app processes (here: apps in threads, each with its own engine)
    start together on one new database: one migrates, the others wait and find
    it done; every one then serves."""
    import threading

    from companion import create_app
    from companion.store.db import db, migrate_at_start

    first = _unmigrated_app(tmp_path)
    apps = [first] + [create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "inst"),
                                  "COMPANION_TOKEN": TOKEN, "SECRET_KEY": "s",
                                  "SQLALCHEMY_DATABASE_URI": first.config["SQLALCHEMY_DATABASE_URI"]})
                      for _ in range(3)]
    barrier = threading.Barrier(len(apps))
    ran, errors = [], []

    def start(application):
        try:
            barrier.wait()
            ran.append(migrate_at_start(application))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(repr(exc))

    threads = [threading.Thread(target=start, args=(a,)) for a in apps]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(ran) == [False, False, False, True]
    for application in apps:
        r = application.test_client().get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code == 200
        with application.app_context():
            versions = db.session.execute(db.text("SELECT version_num FROM alembic_version")).scalars().all()
            assert len(versions) == 1
            db.session.remove()
            db.engine.dispose()


# -- spectator links from the public address ---------------------------------------------------

@pytest.mark.parametrize("public,expected", [
    ("https://scores.example.org", "https://scores.example.org/games/{gid}/table?view={key}"),
    ("https://example.org/domino/", "https://example.org/domino/games/{gid}/table?view={key}"),
    (None, "http://tablet.lan:5000/games/{gid}/table?view={key}"),
])
def test_spectator_links_use_the_public_address_when_set(app, api, public, expected):
    from companion.games.models import GameRow
    from companion.store.db import db

    app.config["PUBLIC_URL"] = public and public.rstrip("/")
    gid = _new_game(api)
    with app.app_context():
        key = db.session.get(GameRow, gid).view_key
    for host in ("tablet.lan:5000", "evil.example"):
        page = api.get(f"/games/{gid}", headers={"Host": host}).get_data(as_text=True)
        link = expected.format(gid=gid, key=key)
        if public is None:
            link = link.replace("tablet.lan:5000", host)
        assert f'href="{link}"' in page, host


@pytest.mark.parametrize("bad", ["scores.example.org", "ftp://x.org", "https://", "https://x.org/?a=1",
                                 "https://x.org/\\evil", "javascript:alert(1)"])
def test_a_wrong_public_address_stops_the_app_with_one_line(tmp_path, bad):
    from companion import create_app

    with pytest.raises(ValueError, match="PUBLIC_URL"):
        create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "i"), "COMPANION_TOKEN": TOKEN,
                    "SECRET_KEY": "s", "PUBLIC_URL": bad})


def test_the_public_address_comes_from_the_environment(tmp_path, monkeypatch):
    from companion import create_app

    monkeypatch.setenv("COMPANION_PUBLIC_URL", "https://scores.example.org/")
    application = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "i"),
                              "COMPANION_TOKEN": TOKEN, "SECRET_KEY": "s",
                              "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(tmp_path / "x.sqlite3")})
    assert application.config["PUBLIC_URL"] == "https://scores.example.org"


# -- Idempotency-Key on the API's round POST ---------------------------------------------------

ROUND2 = {"ended": "domino", "hands": {"Ana": {"pips": 7}, "Ben": {"pips": 0}}}


def test_a_repeated_idempotency_key_answers_the_same_round_and_adds_nothing(app, api):
    gid = _new_game(api)
    other = _new_game(api)
    first = api.post(f"/api/games/{gid}/rounds", json=ROUND1, headers={"Idempotency-Key": "tab-1"})
    assert first.status_code == 201
    for _ in range(3):
        again = api.post(f"/api/games/{gid}/rounds", json=ROUND1, headers={"Idempotency-Key": "tab-1"})
        assert again.status_code == 201
        assert again.headers["Idempotent-Replayed"] == "true"
        assert again.get_json()["round"] == first.get_json()["round"]
        assert again.get_json()["round"]["number"] == 1
    # The same values written in another order and spacing are the same body.
    again = api.post(f"/api/games/{gid}/rounds", data=json.dumps(ROUND1, indent=3, sort_keys=True),
                     content_type="application/json", headers={"Idempotency-Key": "tab-1"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert len(api.get(f"/api/games/{gid}").get_json()["rounds"]) == 1
    # Another key is another round; the same key in another game is that game's own.
    r = api.post(f"/api/games/{gid}/rounds", json=ROUND2, headers={"Idempotency-Key": "tab-2"})
    assert r.status_code == 201 and r.get_json()["round"]["number"] == 2
    r = api.post(f"/api/games/{other}/rounds", json=ROUND1, headers={"Idempotency-Key": "tab-1"})
    assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
    assert count_rows(app) == (2, 3)


def test_an_idempotency_key_sent_again_with_another_body_is_refused(app, api):
    gid = _new_game(api)
    first = api.post(f"/api/games/{gid}/rounds", json=ROUND1, headers={"Idempotency-Key": "tab-1"})
    assert first.status_code == 201
    for body in (ROUND2, {**ROUND1, "confirm": True}, {**ROUND1, "number": 1}):
        r = api.post(f"/api/games/{gid}/rounds", json=body, headers={"Idempotency-Key": "tab-1"})
        assert r.status_code == 422
        (error,) = r.get_json()["errors"]
        assert (error["path"], error["code"]) == ("Idempotency-Key", "idempotency_key_reused")
        assert "round 1" in error["message"]
    game = api.get(f"/api/games/{gid}").get_json()
    assert [rnd["hands"]["Ben"]["pips"] for rnd in game["rounds"]] == [23]
    assert count_rows(app) == (1, 1)
    # A new key adds the new round.
    r = api.post(f"/api/games/{gid}/rounds", json=ROUND2, headers={"Idempotency-Key": "tab-2"})
    assert r.status_code == 201 and r.get_json()["round"]["number"] == 2


@pytest.mark.parametrize("bad", ["", " ", "x" * 201, "ключ", "a\x7fb"])
def test_a_malformed_idempotency_key_is_refused(app, api, bad):
    gid = _new_game(api)
    r = api.post(f"/api/games/{gid}/rounds", json=ROUND1, headers={"Idempotency-Key": bad.encode().decode("latin-1")})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["path"] == "Idempotency-Key"
    assert count_rows(app) == (1, 0)


def test_two_sends_of_one_request_at_once_store_one_round(app, api, server):
    """The same POST sent twice at the same moment (a retry racing the first):
    one round, and both answers name it."""
    import json as jsonlib
    import threading
    import urllib.request

    gid = _new_game(api)
    barrier = threading.Barrier(2)
    answers = []

    def send():
        req = urllib.request.Request(
            f"{server}/api/games/{gid}/rounds", data=jsonlib.dumps(ROUND1).encode(), method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}",
                     "Idempotency-Key": "retry-7"})
        barrier.wait()
        with urllib.request.urlopen(req) as res:
            answers.append((res.status, jsonlib.loads(res.read())["round"]["number"]))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [(201, 1), (201, 1)]
    assert count_rows(app) == (1, 1)


@pytest.mark.parametrize("kind", [" ", "chess", "MEXICAN_TRAIN", "\u202e", "x" * 300])
def test_an_unknown_game_kind_in_the_start_form_is_a_message(app, client, kind):
    """Found by the form fuzz: an unknown kind with a rule field was a 500."""
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": ["Ana", "Ben"], "starter": "0",
                                    "set": "12", "kind": kind, "rule-double_blank_points": "0"})
    assert r.status_code == 422
    assert count_rows(app) == (0, 0)


@pytest.mark.parametrize("referer", ["http://[::1", "https://[", "https://[::1/games", "http://]"])
def test_an_unreadable_referer_on_a_form_over_https_is_400(app, api, referer):
    """Flask-WTF checks the Referer of forms sent over HTTPS; one that is not an
    address at all was a 500. Dropped before the app: the form is refused (400)."""
    gid = _new_game(api)
    c = app.test_client()
    c.get(f"/?token={TOKEN}", base_url="https://localhost")
    token = csrf_token(c, "https://localhost/")
    posts = [("/games", {"player": ["Ana", "Ben"], "set": "12", "starter": "0"}),
             (f"/games/{gid}/rounds", {"pips-0": "0", "pips-1": "5", "out": "0"}),
             ("/login", {"token": TOKEN}), ("/planner", {"set": "12", "open_end": "12"})]
    for url, data in posts:
        r = c.post(url, data={"csrf_token": token, **data}, base_url="https://localhost",
                   headers={"Referer": referer})
        assert r.status_code == 400, (url, r.status_code)
    assert count_rows(app) == (1, 0)
    # The same form with a good Referer is taken.
    r = c.post("/games", data={"csrf_token": token, "player": ["Ana", "Ben"], "set": "12", "starter": "0"},
               base_url="https://localhost", headers={"Referer": "https://localhost/"})
    assert r.status_code == 302
    # On a plain page the unreadable Referer is just ignored.
    r = c.get("/lang/ru", base_url="https://localhost", headers={"Referer": referer})
    assert r.status_code == 302 and r.headers["Location"] == "/"
