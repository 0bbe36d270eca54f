"""Per-device settings and the offline machinery: the theme cookie, the web app
manifest and the service worker (companion/web/device.py)."""

from __future__ import annotations

import json
import re

import pytest


@pytest.mark.parametrize("theme", ["light", "dark", "contrast", "auto"])
def test_the_theme_is_kept_per_device_and_drawn_from_the_first_paint(client, theme):
    r = client.get(f"/theme/{theme}?next=/rules")
    assert r.status_code == 302 and r.headers["Location"].endswith("/rules")
    assert f"theme={theme}" in r.headers["Set-Cookie"]
    html = client.get("/rules").get_data(as_text=True)
    assert f'data-theme="{theme}"' in html
    assert re.search(r'aria-current="true">[^<]+</a></li>', html)


def test_unknown_theme_and_foreign_next_are_ignored(client):
    r = client.get("/theme/neon?next=//evil.example/")
    assert r.status_code == 302 and "evil" not in r.headers["Location"]
    assert "Set-Cookie" not in r.headers or "theme=" not in r.headers["Set-Cookie"]
    assert 'data-theme="auto"' in client.get("/").get_data(as_text=True)


def test_manifest_and_icons_are_served_without_the_token(anon):
    with anon.get("/static/manifest.webmanifest") as r:
        assert r.status_code == 200 and r.mimetype == "application/manifest+json"
        manifest = json.loads(r.get_data(as_text=True))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with anon.get(icon["src"]) as r:
            assert r.status_code == 200


def test_the_service_worker_is_at_the_root_and_never_stores_writes_or_the_api(anon, client):
    r = anon.get("/sw.js")
    assert r.status_code == 200 and r.mimetype == "text/javascript"
    assert r.headers["Cache-Control"] == "no-cache"
    body = r.get_data(as_text=True)
    assert "__VERSION__" not in body and "__PRECACHE__" not in body
    assert '"/static/app.css"' in body
    assert 'req.method !== "GET"' in body and '"/api/"' in body
    assert "http://" not in body and "https://" not in body  # nothing leaves the machine
    html = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in html and 'data-sw="/sw.js"' in html


def test_the_service_worker_version_follows_the_static_files(app, anon, tmp_path):
    first = anon.get("/sw.js").get_data(as_text=True)
    assert first == anon.get("/sw.js").get_data(as_text=True)
    version = re.search(r'VERSION = "([0-9a-f]{12})"', first)
    assert version


def test_pages_and_files_are_gzipped_for_browsers_that_accept_it(client):
    import gzip

    # the rules page: the same bytes on every request (a form page carries a
    # CSRF token that changes with the second)
    plain = client.get("/rules")
    assert "Content-Encoding" not in plain.headers  # tests and scripts: as before
    r = client.get("/rules", headers={"Accept-Encoding": "gzip, deflate"})
    assert r.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in r.headers["Vary"]
    assert gzip.decompress(r.get_data()) == plain.get_data()
    with client.get("/static/app.css") as css_plain:
        plain_etag = css_plain.headers["ETag"]
        plain_css = css_plain.get_data()
    with client.get("/static/app.css", headers={"Accept-Encoding": "gzip"}) as css:
        assert css.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(css.get_data()) == plain_css
        etag = css.headers["ETag"]
        # the gzipped file has its own validator: a cache never mixes the two
        assert etag != plain_etag and etag.startswith(plain_etag[:-1])
    with client.get("/static/app.css", headers={"Accept-Encoding": "gzip", "If-None-Match": etag}) as again:
        assert again.status_code == 304
    with client.get("/static/icon-192.png", headers={"Accept-Encoding": "gzip"}) as png:
        assert "Content-Encoding" not in png.headers
