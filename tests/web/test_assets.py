"""Our scripts and styles are served minified (companion/web/assets.py):
the same rules and code without comments and blank space, a 304 on a
repeat visit, other files as they are, and nothing outside static/."""

from __future__ import annotations

from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static"


@pytest.mark.parametrize(("name", "kind"), [("app.css", "text/css"), ("app.js", "text/javascript"),
                                            ("photo.js", "text/javascript")])
def test_a_style_or_script_comes_without_its_comments(anon, name, kind):
    r = anon.get(f"/static/{name}")
    assert r.status_code == 200 and r.mimetype == kind
    body = r.get_data(as_text=True)
    source = (STATIC / name).read_text(encoding="utf-8")
    assert len(body) < 0.8 * len(source)  # the comments are a third of them (measured: 25-37 % off)
    assert "/*" not in body if name.endswith(".css") else "\n  //" not in body
    again = anon.get(f"/static/{name}", headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304


def test_the_rules_stay_whole(anon):
    body = anon.get("/static/app.css").get_data(as_text=True)
    # a rule from static/app.css, only its spaces gone
    assert ".flash.settled,.undo-notice.settled{position:static;box-shadow:none}" in body
    assert body.count("{") == body.count("}")


def test_other_files_as_they_are_and_nothing_outside(anon):
    with anon.get("/static/icon.svg") as r:  # a file answer: closed when read
        assert r.get_data() == (STATIC / "icon.svg").read_bytes()
    assert anon.get("/static/nothing.css").status_code == 404
    assert anon.get("/static/../companion/__init__.js").status_code == 404
