"""``POST /api/photo/hand`` with good and bad files: the reading, the overlay,
the engine's check against the round, and nothing kept by a refused upload."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from companion.photo import intake, synth
from tests.conftest import count_rows, csrf_token

SIZE = (1600, 1200)


def _post(client, data: bytes, name: str = "hand.jpg", **fields):
    return client.post("/api/photo/hand", data={"image": (io.BytesIO(data), name), **fields},
                       content_type="multipart/form-data")


def _game(api, set_n: int = 12) -> int:
    r = api.post("/api/games", json={"kind": "mexican_train", "set": set_n,
                                     "players": ["Ana", "Ben"], "first_starter": "Ana"})
    assert r.status_code == 201
    return r.get_json()["id"]


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height`` (the pixels are not there)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64))


def _instance_files(app) -> list[str]:
    from pathlib import Path
    root = Path(app.instance_path)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.is_file() and ("photo" in str(p.relative_to(root))))


def test_a_photo_is_read_with_its_overlay(api):
    photo = synth.render(1, 12, "apart", size=SIZE, count=4)
    r = _post(api, photo.jpeg(), set="12")
    assert r.status_code == 200
    body = r.get_json()
    assert sorted(body["tiles"]) == sorted(photo.tiles)
    assert body["pips"] == photo.pips
    assert body["double_blank"] is ("0-0" in photo.tiles)
    assert body["uncertain"] is False
    assert body["problems"] == []
    overlay = api.get(body["overlay"])
    assert overlay.status_code == 200
    assert overlay.mimetype == "image/png"
    with Image.open(io.BytesIO(overlay.data)) as picture:
        assert picture.format == "PNG" and max(picture.size) <= 1200


def test_the_engine_and_other_hands_are_checked(api):
    game = _game(api, 12)
    # round 1 of a double-12 game: the engine is 12-12
    for seed in range(200):
        photo = synth.render(seed, 12, "apart", size=SIZE, count=3)
        if "12-12" in photo.tiles:
            break
    assert "12-12" in photo.tiles
    other = next(t for t in photo.tiles if t != "12-12")
    r = _post(api, photo.jpeg(), game=str(game), round="1", player="Ana", taken=other)
    assert r.status_code == 200
    body = r.get_json()
    assert sorted(body["tiles"]) == sorted(photo.tiles)
    codes = {(p["code"], p["path"]) for p in body["problems"]}
    assert ("engine_in_hand", f"tiles[{body['tiles'].index('12-12')}]") in codes
    assert ("tile_repeated", f"tiles[{body['tiles'].index(other)}]") in codes
    assert body["uncertain"] is True


def test_a_half_beyond_the_set_is_not_in_the_set(api):
    photo = synth.render(2, 12, "apart", style="ivory", size=SIZE, count=3)
    r = _post(api, photo.jpeg(), set="9")
    body = r.get_json()
    assert r.status_code == 200
    assert any(p["code"] == "tiles_not_in_set" for p in body["problems"])
    assert body["uncertain"] is True


@pytest.mark.parametrize(
    "data, name, code",
    [
        (b"these are not pixels", "hand.jpg", "not_an_image"),
        (b"", "hand.jpg", "not_an_image"),
        (b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n", "hand.pdf", "not_an_image"),
        (_png_header(10_000, 10_000), "huge.png", "image_too_large"),  # 100 megapixels
        (_png_header(1200, 900), "broken.png", "image_unreadable"),  # pixels missing
    ],
)
def test_bad_files_are_refused_and_nothing_is_kept(api, app, data, name, code):
    before = count_rows(app)
    r = _post(api, data, name)
    assert r.status_code == 422
    assert r.get_json() == {"errors": [{"path": "image", "code": code,
                                        "message": r.get_json()["errors"][0]["message"]}]}
    assert r.get_json()["errors"][0]["message"]
    assert count_rows(app) == before
    assert _instance_files(app) == []


def test_a_tiny_picture_is_unreadable(api):
    buf = io.BytesIO()
    Image.new("RGB", (20, 20), "white").save(buf, "PNG")
    r = _post(api, buf.getvalue(), "tiny.png")
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "image_unreadable"


def test_too_many_bytes(api, app, monkeypatch):
    monkeypatch.setattr(intake, "MAX_BYTES", 50_000)
    photo = synth.render(1, 6, "apart", size=SIZE, count=2)
    data = photo.jpeg()
    assert len(data) > 50_000
    r = _post(api, data)
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "image_too_large"
    # far over the cap: refused by the upload limit itself, same answer
    body = b"--x\r\nContent-Disposition: form-data; name=image; filename=h.jpg\r\n\r\n"
    r = api.post("/api/photo/hand", data=body + data + b"\0" * 400_000 + b"\r\n--x--\r\n",
                 content_type="multipart/form-data; boundary=x")
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "image_too_large"
    assert _instance_files(app) == []


@pytest.mark.parametrize(
    "fields, code, path",
    [({"set": "7"}, "unknown_set", "set"), ({"set": "x"}, "bad_value", "set"),
     ({"round": "-1"}, "bad_value", "round")],
)
def test_bad_fields(api, fields, code, path):
    photo = synth.render(1, 6, "apart", size=SIZE, count=2)
    r = _post(api, photo.jpeg(), **fields)
    assert r.status_code == 422
    assert {"code": code, "path": path} == {k: r.get_json()["errors"][0][k] for k in ("code", "path")}


def test_no_image_field(api):
    r = api.post("/api/photo/hand", data={"set": "6"}, content_type="multipart/form-data")
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["path"] == "image"


def test_unknown_game_is_404(api):
    photo = synth.render(1, 6, "apart", size=SIZE, count=2)
    assert _post(api, photo.jpeg(), game="999").status_code == 404


def test_the_token_is_needed(anon):
    photo = synth.render(1, 6, "apart", size=SIZE, count=2)
    assert _post(anon, photo.jpeg()).status_code in (302, 401)


def test_a_browser_session_sends_the_csrf_token(client):
    photo = synth.render(1, 6, "apart", size=SIZE, count=2)
    assert _post(client, photo.jpeg()).status_code == 400
    token = csrf_token(client, "/")
    r = client.post("/api/photo/hand", data={"image": (io.BytesIO(photo.jpeg()), "h.jpg")},
                    headers={"X-CSRFToken": token}, content_type="multipart/form-data")
    assert r.status_code == 200
    assert sorted(r.get_json()["tiles"]) == sorted(photo.tiles)


def _jpeg_with_exif(photo) -> bytes:
    rgb = Image.fromarray(photo.image[..., ::-1])
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x0132] = "2026:11:30 21:00:00"  # DateTime
    buf = io.BytesIO()
    rgb.save(buf, "JPEG", quality=90, exif=exif.tobytes())
    assert Image.open(io.BytesIO(buf.getvalue())).getexif()[0x010F] == "PhoneMaker"
    return buf.getvalue()


def test_photos_are_not_kept_by_default(api, app):
    game = _game(api, 6)
    photo = synth.render(1, 6, "apart", size=SIZE, count=2)
    r = _post(api, _jpeg_with_exif(photo), game=str(game), round="1", player="Ben")
    assert r.status_code == 200
    assert [p for p in _instance_files(app) if p.startswith("photos")] == []


def test_a_setting_keeps_photos_with_the_round_without_exif(api, app):
    app.config["PHOTO_KEEP"] = True
    game = _game(api, 6)
    photo = synth.render(1, 6, "apart", size=SIZE, count=2)
    r = _post(api, _jpeg_with_exif(photo), game=str(game), round="1", player="Ben")
    assert r.status_code == 200
    kept = [p for p in _instance_files(app) if p.startswith("photos")]
    assert kept == [f"photos/game-{game}/round-1-seat-2.jpg"]
    from pathlib import Path
    with Image.open(Path(app.instance_path) / kept[0]) as picture:
        assert picture.size == SIZE
        assert dict(picture.getexif()) == {}


def test_a_seat_s_own_phone_sends_a_photo_without_the_token(app, client, api):
    import re

    game = _game(api, 12)
    html = client.get(f"/games/{game}/phones/panel").get_data(as_text=True)  # the QR code's link
    join = re.search(r'class="join-link" href="https?://[^/]+(/j/\d+/[^"]+)"', html).group(1)
    phone = app.test_client()  # no access token
    token = re.search(r'name="csrf_token" value="([^"]+)"', phone.get(join).get_data(as_text=True)).group(1)
    r = phone.post(join, data={"seat": "1", "csrf_token": token})
    seat_url = r.headers["Location"].split("?")[0]
    page = phone.get(seat_url).get_data(as_text=True)
    assert 'class="photo-input"' in page
    url = re.search(r'data-url="([^"]+)"', page).group(1)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    for seed in range(200):
        photo = synth.render(seed, 12, "apart", size=SIZE, count=3)
        if "12-12" in photo.tiles:
            break
    r = phone.post(url, data={"image": (io.BytesIO(photo.jpeg()), "h.jpg")},
                   headers={"X-CSRFToken": token}, content_type="multipart/form-data")
    assert r.status_code == 200
    body = r.get_json()
    assert sorted(body["tiles"]) == sorted(photo.tiles)
    # the seat's round is round 1 of a double-12 game: 12-12 is its engine
    assert any(p["code"] == "engine_in_hand" for p in body["problems"])
    assert phone.get(body["overlay"]).status_code == 200
    # a made-up seat key opens nothing
    bad = url.replace(url.split("/")[-2], "x" * 22)
    assert phone.post(bad, data={"image": (io.BytesIO(photo.jpeg()), "h.jpg")},
                      headers={"X-CSRFToken": token}, content_type="multipart/form-data").status_code == 404
    # the tablet's own route still needs the token
    assert phone.post("/api/photo/hand", data={"image": (io.BytesIO(photo.jpeg()), "h.jpg")},
                      headers={"X-CSRFToken": token},
                      content_type="multipart/form-data").status_code in (302, 401)


def test_backup_says_photos_are_not_in_it(app, api):
    app.config["PHOTO_KEEP"] = True
    game = _game(api, 6)
    photo = synth.render(1, 6, "apart", size=SIZE, count=2)
    assert _post(api, photo.jpeg(), game=str(game), round="1", player="Ana").status_code == 200
    result = app.test_cli_runner().invoke(args=["backup", str(app.instance_path) + "/b.json"])
    assert result.exit_code == 0
    assert "no photos" in result.output and "1 photos of hands are kept" in result.output


def test_a_photo_with_no_tile_face_up_says_so_first(api):
    # jr_G-7-NC-F.jpg: seven tiles all face down on the green sheet (the
    # development set's ground truth: 0 tiles, 0 pips). Whatever else the
    # reader noticed, the player reads "no tile was found" first.
    from pathlib import Path
    data = (Path(__file__).resolve().parent.parent / "fixtures" / "photos" / "jr_G-7-NC-F.jpg").read_bytes()
    r = _post(api, data, name="jr_G-7-NC-F.jpg", set="6")
    assert r.status_code == 200
    body = r.get_json()
    assert body["tiles"] == [] and body["pips"] == 0
    assert body["problems"][0]["code"] == "no_tiles"
    assert body["problems"][0]["message"].startswith("No tile was found.")


def test_the_dialog_s_words_come_in_the_page_s_language(client):
    # fetched by the page with the photo's script, not written into every game
    # page (issue 27's page weight); a seat's phone has no token, and gets them
    r = client.get("/api/photo/words")
    assert r.status_code == 200
    words = r.get_json()
    assert words["reading"] == "Reading the photo…"
    assert words["markTile"] == "Tile {n}: {tile}."
    assert words["readingOf"] == "Reading {name}'s photo…" and words["cancel"] == "Cancel"
    assert set(words) == {"reading", "readingOf", "cancel", "failed", "sure", "doubt", "doubtUnmarked", "unread", "overlayAlt",
                          "marksLabel", "markTile", "markFixed", "markRemoved", "fix", "remove", "howto"}
    # the guide's four pictures, a hand laid well first, each a view of the one drawing
    assert words["howto"].count("<figure") == 4 and 'src="/static/photo-howto.svg#good"' in words["howto"]
    client.set_cookie("lang", "ru")
    ru = client.get("/api/photo/words").get_json()
    assert ru["reading"] != words["reading"] and "{n}" in ru["markTile"] and "{tile}" in ru["markTile"]
    assert ru["readingOf"] == "Читаю фото игрока {name}…" and ru["cancel"] == "Отмена"
