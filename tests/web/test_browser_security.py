"""In headless Chromium: the Content-Security-Policy breaks nothing on our
pages (no violation reported, the table view's script runs), and the spectator
link shows the table view and follows a new round without the token.

Needs Debian's ``chromium``; skipped where it is missing."""

from __future__ import annotations

import re

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser

HEAD = {"set": 12, "players": ["Ana", "<script>alert(1)</script>"], "first_starter": "Ana"}


def _watch(page) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("dialog", lambda d: (problems.append("dialog: " + d.message), d.dismiss()))
    return problems


def test_pages_run_under_the_csp_without_a_violation(live, browser, api):
    gid = api.post("/api/games", json=HEAD).get_json()["id"]
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    problems = _watch(page)
    page.goto(f"{live}/?token={TOKEN}")
    for url in ["/", f"/games/{gid}", f"/games/{gid}/table", "/rules", "/planner"]:
        page.goto(live + url)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.readyState") == "complete"
    # The hostile name is shown as text, and never ran.
    page.goto(f"{live}/games/{gid}")
    assert "<script>alert(1)</script>" in page.inner_text("body")
    assert [p for p in problems if "Content Security Policy" in p or "dialog" in p] == []
    assert problems == []
    ctx.close()


def test_spectator_link_follows_the_game_without_the_token(live, browser, app, api):
    gid = api.post("/api/games", json=HEAD).get_json()["id"]
    from companion.games.models import GameRow
    from companion.store.db import db

    with app.app_context():
        key = db.session.get(GameRow, gid).view_key
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    problems = _watch(page)
    page.goto(f"{live}/games/{gid}/table?view={key}")
    assert "Ana" in page.inner_text(".tv-standings")
    assert "12-12" in page.inner_text(".tv-next")
    # A round saved on the tablet: the table view reloads itself (table.js polls
    # the revision with the spectator's session) and shows the 11-11 engine.
    r = api.post(f"/api/games/{gid}/rounds", json={
        "number": 1, "ended": "domino",
        "hands": {"Ana": {"pips": 0}, "<script>alert(1)</script>": {"pips": 17}}})
    assert r.status_code == 201
    page.wait_for_selector("#tv-st:has-text('round 1')", timeout=10000)
    assert "11-11" in page.inner_text(".tv-next")
    text = page.inner_text(".tv-standings")
    assert "<script>alert(1)</script>" in text and re.search(r"17", text)
    # Nothing else opens from that device.
    page.goto(f"{live}/games/{gid}")
    assert "/login" in page.url
    assert problems == [] or all("401" in p or "Failed to load" in p for p in problems), problems
    ctx.close()
