"""Keeping strangers out: security headers, secure cookies behind HTTPS, the
sign-in limit, the read-only spectator link, names escaped everywhere."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from companion import create_app
from companion.web import security
from tests.conftest import (
    TOKEN,
    _reset_database,
    count_rows,
    csrf_token,
    dispose_app,
    make_app,
    view_key,
)

ROOT = Path(__file__).resolve().parents[2]
HEAD = {"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben"], "first_starter": "Ana"}
ROUND1 = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 23}}}
EVIL = "<script>alert(1)</script>"


def new_game(api, players=("Ana", "Ben")) -> int:
    r = api.post("/api/games", json={**HEAD, "players": list(players), "first_starter": players[0]})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


# -- headers -------------------------------------------------------------------


EXPECTED_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)


@pytest.mark.parametrize(
    "who,url,status",
    [
        ("client", "/", 200),
        ("client", "/rules", 200),
        ("api", "/api/games", 200),
        ("anon", "/login", 200),
        ("anon", "/", 302),
        ("anon", "/api/games", 401),
        ("anon", "/static/app.css", 200),
        ("client", "/games/999", 404),
        ("anon", "/healthz", 200),
    ],
)
def test_every_answer_carries_the_security_headers(request, who, url, status):
    c = request.getfixturevalue(who)
    r = c.get(url)
    assert r.status_code == status
    assert r.headers["Content-Security-Policy"] == EXPECTED_CSP
    assert r.headers["X-Frame-Options"] == "DENY"
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "same-origin"
    assert "Strict-Transport-Security" not in r.headers
    r.close()


def _inline_code(name: str, html: str) -> list[str]:
    """What in a page the CSP would block: inline script, style or handlers."""
    found = []
    for m in re.finditer(r"<script\b[^>]*>", html):
        if "src=" not in m.group(0):
            found.append(f"{name}: inline <script>")
    if re.search(r"<style\b", html):
        found.append(f"{name}: <style> block")
    if re.search(r"\sstyle\s*=", html):
        found.append(f"{name}: style= attribute")
    for m in re.finditer(r"\son[a-z]+\s*=\s*[\"']", html):
        found.append(f"{name}: event handler attribute {m.group(0).strip()}")
    if "javascript:" in html:
        found.append(f"{name}: javascript: URL")
    return found


def test_pages_have_no_inline_script_or_style(app, client, anon, api):
    """The CSP forbids inline script and style: every page as served (a game
    played, a correction form, a form sent back with errors, the sign-in page)
    must not need them. The PDF sheet is laid out by WeasyPrint, not a browser."""
    record = {"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben"], "first_starter": "Ana"}
    gid = api.post("/api/games", json=record).get_json()["id"]
    api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 12}}})
    pages = {
        url: client.get(url)
        for url in ["/", f"/games/{gid}", f"/games/{gid}/rounds/1/edit", f"/games/{gid}/table",
                    "/rules", "/planner", "/devices"]
    }
    pages["/login"] = anon.get("/login")
    pages["/games (form refused)"] = client.post("/games", data={
        "csrf_token": csrf_token(client, "/"), "kind": "mexican_train", "set": "12",
        "player": ["Ana"]})
    offenders = []
    for name, r in pages.items():
        assert r.status_code in (200, 422) and r.mimetype == "text/html", (name, r.status_code)
        offenders += _inline_code(name, r.get_data(as_text=True))
    assert offenders == []


def test_healthz_needs_nothing(anon):
    r = anon.get("/healthz")
    assert r.status_code == 200
    assert r.get_data(as_text=True) == "ok\n"
    assert "Set-Cookie" not in r.headers


# -- cookies and HTTPS -----------------------------------------------------------


def _session_cookie(response) -> str:
    cookies = [v for v in response.headers.getlist("Set-Cookie") if v.startswith("session=")]
    assert len(cookies) == 1, response.headers.getlist("Set-Cookie")
    return cookies[0]


def test_session_cookie_is_secure_only_over_https(app):
    plain = app.test_client().get(f"/?token={TOKEN}")
    assert plain.status_code == 302
    cookie = _session_cookie(plain)
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Secure" not in cookie

    secure = app.test_client().get(f"/?token={TOKEN}", base_url="https://localhost")
    assert secure.status_code == 302
    assert "; Secure" in _session_cookie(secure)


def _other_app(tmp_path, **config):
    base = {
        "TESTING": True,
        "INSTANCE_PATH": str(tmp_path / "other"),
        "COMPANION_TOKEN": TOKEN,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(tmp_path / "other.sqlite3"),
    }
    application = create_app({**base, **config})
    _reset_database(application)
    return application


def test_https_setting_makes_the_cookie_secure_and_sends_hsts(tmp_path):
    application = _other_app(tmp_path, COMPANION_HTTPS="1")
    r = application.test_client().get(f"/?token={TOKEN}")
    assert "; Secure" in _session_cookie(r)
    # HSTS on answers over HTTPS (a browser ignores it on plain HTTP, RFC 6797 8.1).
    r = application.test_client().get("/login", base_url="https://localhost")
    assert r.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_behind_a_proxy_the_forwarded_scheme_and_address_count(tmp_path):
    application = _other_app(tmp_path, COMPANION_PROXY="1", LOGIN_MAX_FAILURES=2)
    c = application.test_client()
    r = c.get(f"/?token={TOKEN}", headers={"X-Forwarded-Proto": "https"})
    assert "; Secure" in _session_cookie(r)
    # Two wrong tokens from 203.0.113.7 (as the proxy says) block that address only.
    c = application.test_client()
    for _ in range(2):
        r = c.get("/api/games", headers={"Authorization": "Bearer nope", "X-Forwarded-For": "203.0.113.7"})
        assert r.status_code == 401
    r = c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}", "X-Forwarded-For": "203.0.113.7"})
    assert r.status_code == 429
    r = c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}", "X-Forwarded-For": "203.0.113.8"})
    assert r.status_code == 200


def test_without_the_proxy_setting_forwarded_headers_are_ignored(app):
    r = app.test_client().get(f"/?token={TOKEN}", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in _session_cookie(r)


# -- sign-in limit -----------------------------------------------------------------


def test_ten_wrong_bearer_tokens_then_429_even_for_the_right_one(app, api):
    c = app.test_client()
    for i in range(10):
        r = c.get("/api/games", headers={"Authorization": f"Bearer wrong-{i}"})
        assert r.status_code == 401, i
    r = c.get("/api/games", headers={"Authorization": "Bearer wrong-again"})
    assert r.status_code == 429
    assert r.get_json()["errors"][0]["code"] == "too_many_attempts"
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    r = c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 429
    # Another address is not affected.
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "127.0.0.2"
    assert other.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200


def test_a_session_already_open_is_not_limited(app, client):
    bad = app.test_client()
    for _ in range(12):
        bad.get("/api/games", headers={"Authorization": "Bearer wrong"})
    assert bad.get("/api/games", headers={"Authorization": "Bearer wrong"}).status_code == 429
    assert client.get("/").status_code == 200  # same address, session opened before
    assert client.get("/api/games").status_code == 200


def test_wrong_tokens_at_login_and_in_the_address_count_together(app):
    c = app.test_client()
    token = csrf_token(c, "/login")
    for i in range(5):
        r = c.post("/login", data={"csrf_token": token, "token": f"nope{i}"})
        assert r.status_code == 401
        assert "That is not the access token." in r.get_data(as_text=True)
    for i in range(5):
        r = c.get(f"/?token=nope{i}")
        assert r.status_code == 302 and "/login" in r.headers["Location"]
    r = c.post("/login", data={"csrf_token": token, "token": TOKEN})
    assert r.status_code == 429
    assert "Too many wrong tokens" in r.get_data(as_text=True)
    r = c.get(f"/?token={TOKEN}")
    assert r.status_code == 429
    assert c.get("/").status_code == 302  # still not signed in


class _Clock:
    """A stand-in for the ``time`` module inside the limiter's memory storage."""

    def __init__(self, now: float):
        self.now = now

    def time(self) -> float:
        return self.now


def test_the_limit_lifts_after_the_window(app, monkeypatch):
    from companion.web import signin_count

    clock = _Clock(1_000_000.0)
    monkeypatch.setattr(signin_count, "time", clock)
    monkeypatch.setattr(security, "time", clock)
    c = app.test_client()
    for _ in range(10):
        assert c.get("/api/games", headers={"Authorization": "Bearer x"}).status_code == 401
        clock.now += 1.0
    r = c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 429
    # The first failure (t=0) leaves the 60 s window at t=60: 50 s from now (t=10).
    assert r.headers["Retry-After"] == "50"
    clock.now += 49.0
    assert c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 429
    clock.now += 1.5
    assert c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
    # ... and only one failure has left: one more wrong token blocks again.
    assert c.get("/api/games", headers={"Authorization": "Bearer y"}).status_code == 401
    assert c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 429


def test_two_processes_on_one_database_share_one_sign_in_limit(tmp_path):
    """gunicorn's workers are separate apps on one database: ten wrong tokens
    in all, whichever worker they reach, block the address in every one."""
    first = make_app(tmp_path / "first")  # SQLite, or the PostgreSQL of the test run
    second = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "second"),
                         "COMPANION_TOKEN": TOKEN, "SECRET_KEY": "test-secret",
                         "SQLALCHEMY_DATABASE_URI": first.config["SQLALCHEMY_DATABASE_URI"]})
    try:
        workers = [first.test_client(), second.test_client()]
        for n in range(10):
            r = workers[n % 2].get("/api/games", headers={"Authorization": f"Bearer wrong-{n}"})
            assert r.status_code == 401, n
        for c in workers:
            r = c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"})
            assert r.status_code == 429
            assert r.get_json()["errors"][0]["code"] == "too_many_attempts"
    finally:
        dispose_app(second)
        dispose_app(first)


def test_the_limit_is_configurable(tmp_path):
    application = _other_app(tmp_path, LOGIN_MAX_FAILURES=2)
    c = application.test_client()
    assert c.get("/api/games", headers={"Authorization": "Bearer a"}).status_code == 401
    assert c.get("/api/games", headers={"Authorization": "Bearer b"}).status_code == 401
    assert c.get("/api/games", headers={"Authorization": "Bearer c"}).status_code == 429
    off = _other_app(tmp_path / "off", LOGIN_MAX_FAILURES=0)
    c = off.test_client()
    for _ in range(30):
        assert c.get("/api/games", headers={"Authorization": "Bearer a"}).status_code == 401


def test_right_tokens_and_pages_without_a_token_are_not_counted(app):
    """Only wrong tokens count: many right ones, and pages asked without any
    token (sent to sign in), leave the address free."""
    c = app.test_client()
    for _ in range(25):
        assert c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
        assert app.test_client().get("/rules").status_code == 302
    for i in range(9):
        assert c.get("/api/games", headers={"Authorization": f"Bearer no{i}"}).status_code == 401
    assert c.get("/api/games", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200


# -- spectator link ----------------------------------------------------------------


def test_the_game_page_shows_the_spectator_link(app, client, api):
    gid = new_game(api)
    key = view_key(app, gid)
    assert len(key) >= 20
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f"/games/{gid}/table?view={key}" in page


def test_every_game_has_its_own_key(app, api):
    keys = {view_key(app, new_game(api)) for _ in range(5)}
    assert len(keys) == 5


def test_spectator_link_opens_the_table_view_and_its_revision_only(app, api):
    gid = new_game(api, players=("Zoë", "Yann"))
    other = new_game(api, players=("Xavi", "Wen"))
    key = view_key(app, gid)
    tv = app.test_client()
    r = tv.get(f"/games/{gid}/table?view={key}")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert "Zoë" in page and "Yann" in page
    assert r.headers["Content-Security-Policy"] == EXPECTED_CSP
    # The page's refresh asks the revision without the key: the session remembers it.
    poll = tv.get(f"/api/games/{gid}/revision", headers={"Accept": "application/json"})
    assert poll.status_code == 200
    assert poll.get_json() == {"id": gid, "revision": 1}
    assert tv.get(f"/games/{gid}/table").status_code == 200
    # Nothing else: not the game page, the API, the sheet, the list, another game.
    for url in ["/", f"/games/{gid}", f"/games/{gid}/sheet.pdf", f"/games/{other}/table",
                f"/games/{gid}/rounds/1/edit", "/rules"]:
        r = tv.get(url)
        assert r.status_code == 302 and "/login" in r.headers["Location"], url
    for url in ["/api/games", f"/api/games/{gid}", f"/api/games/{other}/revision"]:
        assert tv.get(url).status_code == 401, url
    # The key in the address opens nothing but the table view either.
    assert tv.get(f"/api/games/{gid}?view={key}").status_code == 401
    assert tv.get(f"/games/{other}/table?view={key}").status_code == 302


def test_spectator_cannot_change_anything(app, api):
    gid = new_game(api)
    api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    key = view_key(app, gid)
    tv = app.test_client()
    assert tv.get(f"/games/{gid}/table?view={key}").status_code == 200
    before = count_rows(app), api.get(f"/api/games/{gid}").get_json()
    attempts = [
        ("post", f"/api/games/{gid}/rounds?view={key}", {"json": ROUND1}),
        ("put", f"/api/games/{gid}/rounds/1?view={key}", {"json": ROUND1}),
        ("delete", f"/api/games/{gid}/rounds/1?view={key}", {}),
        ("post", f"/api/games?view={key}", {"json": HEAD}),
        ("post", f"/games/{gid}/table?view={key}", {}),
        ("post", f"/games/{gid}/rounds/1/delete?view={key}", {}),
        ("post", f"/games/{gid}/delete?view={key}", {}),
        ("post", f"/games/{gid}/rounds?view={key}", {"data": {"pips-0": "0", "pips-1": "5"}}),
    ]
    for method, url, kwargs in attempts:
        r = getattr(tv, method)(url, **kwargs)
        assert r.status_code in (302, 400, 401, 405), (method, url, r.status_code)
        assert r.status_code != 200
    assert (count_rows(app), api.get(f"/api/games/{gid}").get_json()) == before


def test_wrong_or_missing_key_is_refused(app, api):
    gid = new_game(api)
    key = view_key(app, gid)
    tv = app.test_client()
    for bad in ["", "x", key[:-1], key + "x", key.upper() if key.upper() != key else key.lower()]:
        r = tv.get(f"/games/{gid}/table?view={bad}")
        assert r.status_code == 302 and "/login" in r.headers["Location"], bad
    assert tv.get(f"/api/games/{gid}/revision").status_code == 401


# -- names escaped everywhere ------------------------------------------------------------


def test_a_player_called_script_is_just_a_name_in_pages_and_api(app, client, api):
    gid = new_game(api, players=(EVIL, "Ben"))
    r = api.post(f"/api/games/{gid}/rounds", json={
        "ended": "domino", "hands": {EVIL: {"pips": 0}, "Ben": {"pips": 23}}})
    assert r.status_code == 201, r.get_json()
    key = view_key(app, gid)
    pages = {
        "game": client.get(f"/games/{gid}").get_data(as_text=True),
        "index": client.get("/").get_data(as_text=True),
        "edit": client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True),
        "table": app.test_client().get(f"/games/{gid}/table?view={key}").get_data(as_text=True),
    }
    for name, page in pages.items():
        assert EVIL not in page, name
        assert "<script>alert" not in page, name
        assert html.escape(EVIL, quote=False) in page or html.escape(EVIL) in page, name
        # The only scripts on the page are our own files.
        scripts = re.findall(r"<script\b[^>]*>", page)
        assert scripts and all('src="/static/' in s for s in scripts), (name, scripts)

    # The API gives the name back exactly, as JSON (never sniffed as HTML).
    r = api.get(f"/api/games/{gid}")
    assert r.mimetype == "application/json"
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    data = r.get_json()
    assert data["players"] == [EVIL, "Ben"]
    assert data["first_starter"] == EVIL
    assert data["rounds"][0]["hands"][EVIL]["pips"] == 0
    assert {s["player"] for s in data["standings"]} == {EVIL, "Ben"}
    listing = api.get("/api/games").get_json()["games"]
    assert listing[0]["players"] == [EVIL, "Ben"]


def test_a_player_called_script_in_the_start_form_is_kept_escaped(app, client):
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": [EVIL, EVIL],
                                    "starter": "0", "set": "12", "double_blank_points": "50"})
    assert r.status_code == 422  # a duplicate name: the form comes back as typed
    page = r.get_data(as_text=True)
    assert EVIL not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_a_player_called_script_is_just_text_in_the_pdf(app, client, api):
    import io

    import pypdf

    gid = new_game(api, players=(EVIL, "Ben"))
    r = api.post(f"/api/games/{gid}/rounds", json={
        "ended": "domino", "hands": {EVIL: {"pips": 0}, "Ben": {"pips": 23}}})
    assert r.status_code == 201
    r = client.get(f"/games/{gid}/sheet.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    data = r.get_data()
    assert b"/JavaScript" not in data and b"/JS " not in data and b"/OpenAction" not in data
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)
    flat = re.sub(r"\s+", "", text)
    assert "<script>alert(1)</script>" in flat
    assert "&lt;" not in text  # shown as the name, not as escaped markup


@pytest.mark.parametrize("field", ["player", "csrf_token", "set"])
def test_a_nul_character_in_a_form_is_refused_not_a_server_error(app, client, field):
    token = csrf_token(client, "/")
    data = {"csrf_token": token, "player": ["Ana", "Ben"], "starter": "0", "set": "12",
            "double_blank_points": "50"}
    data[field] = [v + "\x00" for v in data[field]] if isinstance(data[field], list) else data[field] + "\x00"
    r = client.post("/games", data=data)
    assert r.status_code == 400
    assert count_rows(app) == (0, 0)
    assert client.get("/?x=a%00b").status_code == 400


def test_every_form_route_refuses_a_post_without_the_csrf_token(app, client, api):
    """Every POST route outside the JSON API (whose bodies a browser form cannot
    send) needs the form's CSRF token, even from a signed-in tablet."""
    gid = new_game(api)
    assert api.post(f"/api/games/{gid}/rounds", json=ROUND1).status_code == 201
    before = count_rows(app)
    checked = []
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods or rule.rule.startswith("/api/"):
            continue
        if rule.endpoint in ("auth.login", "i18n.set_language"):
            continue  # opening a session / choosing a language: covered by their own tests
        url = rule.rule.replace("<int:game_id>", str(gid)).replace("<int:number>", "1")
        url = re.sub(r"<int:[^>]+>", "1", url)
        url = re.sub(r"<[^>]+>", "x", url)
        r = client.post(url, data={"player": ["A", "B"], "set": "12", "starter": "0"})
        assert r.status_code == 400, (rule.rule, r.status_code)
        checked.append(rule.rule)
    assert "/games" in checked and "/games/<int:game_id>/rounds" in checked
    assert "/games/<int:game_id>/delete" in checked and "/logout" in checked
    assert count_rows(app) == before
