"""In headless Chromium: what the service worker keeps of a family's pages,
and that signing out empties it (issue 13, caching).

Needs Debian's ``chromium``; skipped where it is missing."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser

HEAD = {"set": 12, "players": ["Ana", "Ben"], "first_starter": "Ana"}

KEPT = """async () => {
  const names = await caches.keys();
  if (!names.includes("dtc-pages")) return null;
  const cache = await caches.open("dtc-pages");
  return (await cache.keys()).map(r => new URL(r.url).pathname + new URL(r.url).search);
}"""


def test_the_offline_copy_keeps_no_key_and_is_emptied_on_sign_out(live, browser, app, api):
    gid = api.post("/api/games", json=HEAD).get_json()["id"]
    from companion.games.models import GameRow
    from companion.store.db import db

    with app.app_context():
        key = db.session.get(GameRow, gid).view_key
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    for url in ["/", f"/games/{gid}", "/rules", f"/games/{gid}/table?view={key}", "/devices"]:
        page.goto(live + url)
        page.wait_for_load_state("networkidle")
    page.wait_for_function("(" + KEPT + ")().then(k => k !== null && k.length >= 3)")
    kept = page.evaluate(KEPT)
    assert set(kept) == {"/", f"/games/{gid}", "/rules"}, kept  # no key, no devices page
    # Sign this device out from the devices page: the kept pages are gone.
    page.goto(f"{live}/devices")
    page.click("li.this-device button")
    page.wait_for_url("**/login")
    page.wait_for_function("(" + KEPT + ")().then(k => k === null || k.length === 0)")
    assert page.evaluate(KEPT) in (None, [])
    # ... and the session is over on the server: the game page asks to sign in.
    page.goto(f"{live}/games/{gid}")
    assert "/login" in page.url
    ctx.close()
