"""A finished game's picture to send to a family chat (issue 27, "Sharing"):
``GET /games/<id>/share.png`` is a real PNG made on our server (the final
standings and the running totals' chart), 409 with a line while the game is
in play; the winner's card offers it with the spectator link (browser test
at 390×844, the phone; screenshot ``test-artifacts/share-390x844.png``).

The game: the 13-round fixture (``tests/fixtures/full_game.json``, totals
worked by hand there: Ana 218, Chen 228, Ben 242, Dee 242; Ana wins).
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tests.conftest import TOKEN, shot

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _until(page, expression: str, seconds: float = 10) -> None:
    """Wait until ``expression`` is true in the page (polled with evaluate:
    the page's Content-Security-Policy refuses wait_for_function's eval)."""
    for _ in range(int(seconds * 20)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {expression}")


def _height_css(players: int) -> float:
    """The picture's height in CSS pixels, added up by hand from the fixed
    heights of companion/sheets/share.py: margins 2 × 28, band 44, gap 18,
    winner's line 58, a row of 40 per player, the chart (300 units tall drawn
    664 of its 720 units wide: 276.7) and its gap 18, gap 18, foot 34, 2 spare."""
    return 56 + 44 + 18 + 58 + 40 * players + 276.7 + 18 + 18 + 34 + 2


@pytest.fixture
def finished(api, full_game):
    r = api.post("/api/games", json=full_game["record"])
    assert r.status_code == 201, r.get_data(as_text=True)
    gid = r.get_json()["id"]
    assert api.get(f"/api/games/{gid}").get_json()["status"] == "finished"
    return gid


def test_the_picture_is_a_real_png_of_a_sensible_size(api, finished, app):
    r = api.get(f"/games/{finished}/share.png")
    assert r.status_code == 200 and r.mimetype == "image/png"
    assert r.data.startswith(PNG_SIGNATURE)
    assert 20_000 < len(r.data) < 1_000_000  # a picture, not an empty page nor a photo's weight
    image = Image.open(io.BytesIO(r.data))
    image.verify()
    image = Image.open(io.BytesIO(r.data))
    # 720 CSS pixels × 1.5 = 1080 pixels wide; as tall as its parts (to a pixel of rounding)
    assert image.size[0] == 1080
    assert abs(image.size[1] - 1.5 * _height_css(4)) <= 1
    rgb = image.convert("RGB")
    assert rgb.getpixel((5, 5)) == (246, 244, 238)  # the paper colour around it
    assert rgb.getpixel((540, 75)) == (20, 33, 61)  # the dark band with the game (#14213d)
    # Ana's line (the first colour, #1f77b4) is drawn in the chart's part
    chart = rgb.crop((0, int(1.5 * 400), 1080, image.size[1]))
    assert (31, 119, 180) in {c for _n, c in chart.getcolors(1 << 20)}
    # kept: a second ask is the same bytes, and the ETag answers 304
    again = api.get(f"/games/{finished}/share.png")
    assert again.data == r.data
    assert api.get(f"/games/{finished}/share.png",
                   headers={"If-None-Match": r.headers["ETag"]}).status_code == 304


def test_the_picture_is_in_the_reader_s_language(api, finished):
    english = api.get(f"/games/{finished}/share.png")
    korean = api.get(f"/games/{finished}/share.png", headers={"Accept-Language": "ko"})
    assert korean.status_code == 200 and korean.data.startswith(PNG_SIGNATURE)
    # the words differ ("Ana 승리!"), and so do the bytes and the validator
    assert korean.data != english.data and korean.headers["ETag"] != english.headers["ETag"]


def test_no_picture_while_the_game_is_in_play(api, full_game):
    record = {**full_game["record"], "rounds": full_game["record"]["rounds"][:3]}
    gid = api.post("/api/games", json=record).get_json()["id"]
    r = api.get(f"/games/{gid}/share.png")
    assert r.status_code == 409
    assert r.get_data(as_text=True) == ("The picture is made once the game is finished: "
                                        "end the game or play its last round first.")
    assert api.get("/games/999/share.png").status_code == 404


def test_eight_long_names_stay_on_one_picture(api):
    names = [f"Maximilian-Alexander-{c}-Bartholomew-Long" for c in "ABCDEFGH"]  # 39 characters
    rounds = [{"ended": "domino", "hands": {n: {"pips": 0 if i == 0 else 5 + i} for i, n in enumerate(names)}}]
    gid = api.post("/api/games", json={"set": 12, "players": names, "first_starter": names[0],
                                       "rules": {"start_engine": 1}, "rounds": rounds * 2}).get_json()["id"]
    assert api.get(f"/api/games/{gid}").get_json()["status"] == "finished"
    r = api.get(f"/games/{gid}/share.png")
    assert r.status_code == 200
    width, height = Image.open(io.BytesIO(r.data)).size
    assert width == 1080 and abs(height - 1.5 * _height_css(8)) <= 1


@pytest.mark.browser
def test_the_winner_s_card_offers_the_picture_and_the_link_on_a_phone(live, browser, api, finished):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{finished}")
    box = page.locator("#winner #share")
    assert box.is_visible()
    # no Web Share API in this browser: no share button, the download and the copy instead
    assert page.evaluate("typeof navigator.share") == "undefined"
    assert box.locator("[data-share]").is_hidden()
    download = box.get_by_role("link", name="Download the picture")
    assert download.get_attribute("href") == f"/games/{finished}/share.png"
    assert download.get_attribute("download") == f"domino-game-{finished}.png"
    link = box.get_by_label("Spectator link")
    assert re.fullmatch(rf"{re.escape(live)}/games/{finished}/table\?view=[\w-]+", link.input_value())
    box.get_by_role("button", name="Copy the spectator link").tap()
    _until(page, "document.querySelector('#share [data-said]').textContent !== ''")
    assert box.locator("[data-said]").inner_text() in ("Link copied.", "Hold the link and choose Copy.")
    # everything within the phone's width, the buttons big enough for a finger
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for control in (download, box.get_by_role("button", name="Copy the spectator link")):
        b = control.bounding_box()
        assert b["height"] >= 44 and b["x"] >= 0 and b["x"] + b["width"] <= 390
    box.scroll_into_view_if_needed()
    shot(page, "share-390x844")
    # the picture the link gives is the PNG
    got = page.request.get(f"{live}/games/{finished}/share.png")
    assert got.status == 200 and got.body().startswith(PNG_SIGNATURE)
    ctx.close()


@pytest.mark.browser
def test_where_the_browser_can_share_files_the_picture_goes_with_the_link(live, browser, api, finished):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    # a phone's browser: Web Share with files (recorded instead of opening a share sheet)
    ctx.add_init_script("""
      window.__shared = [];
      navigator.canShare = function (d) { return !!d && Array.isArray(d.files); };
      navigator.share = function (d) {
        window.__shared.push({title: d.title, text: d.text, url: d.url,
          files: (d.files || []).map(function (f) { return [f.name, f.type, f.size]; })});
        return Promise.resolve();
      };""")
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{finished}")
    button = page.locator("#share [data-share]")
    assert button.is_visible() and button.inner_text() == "Share the picture and the link"
    button.tap()
    _until(page, "window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["title"] == "Ana wins!"
    assert shared["url"].startswith(f"{live}/games/{finished}/table?view=")
    assert shared["text"] == "Ana wins!\n" + shared["url"]
    (name, kind, size), = shared["files"]
    assert (name, kind) == (f"domino-game-{finished}.png", "image/png") and size > 20_000
    ctx.close()


def test_a_game_in_pairs_is_drawn_by_pairs(api, client):
    """Latin partnership dominoes (rules-families.md, LP-1 and LP-2): LP-1 Chen
    out, the other pair holds 12 + 9 = 21; LP-2 blocked, Ana and Chen hold 14
    against 19, so they score 19: Ana & Chen 40, Ben & Dee 0, ended there."""
    from tests.games.test_api_partnership import LP1, LP2, PLAYERS, TEAMS

    gid = api.post("/api/games", json={"kind": "partnership", "set": 6, "players": PLAYERS,
                                       "teams": TEAMS}).get_json()["id"]
    for hand in (LP1, LP2):
        assert api.post(f"/api/games/{gid}/rounds", json=hand).status_code == 201
    assert api.post(f"/api/games/{gid}/finish").status_code == 200
    pairs = api.get(f"/api/games/{gid}").get_json()["team_standings"]
    assert [(p["name"], p["total"], p["rank"]) for p in pairs] == [("Ana+Chen", 40, 1), ("Ben+Dee", 0, 2)]
    r = api.get(f"/games/{gid}/share.png")
    assert r.status_code == 200 and r.data.startswith(PNG_SIGNATURE)
    width, height = Image.open(io.BytesIO(r.data)).size
    assert width == 1080 and abs(height - 1.5 * _height_css(2)) <= 1  # two rows: the pairs
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="share"' in page and f'href="/games/{gid}/share.png"' in page
