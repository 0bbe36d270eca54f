"""``POST /api/photo/hand`` answers where each tile lies in the photo
(``marks``), so the page can mark each tile on the photo for a fix with one
tap (issue 26); ``labels=0`` asks for the overlay without the tiles' names
(the page writes them, and its names follow the player's fixes)."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from PIL import Image

from companion.photo import synth

SIZE = (1600, 1200)
PHOTOS = Path(__file__).parents[1] / "fixtures" / "photos"


def _post(client, data: bytes, **fields):
    return client.post("/api/photo/hand", data={"image": (io.BytesIO(data), "hand.jpg"), **fields},
                       content_type="multipart/form-data")


def _centre(corners):
    return np.mean(np.array(corners, float), axis=0)


def _sides(corners):
    c = np.array(corners, float)
    return sorted(float(np.linalg.norm(c[(i + 1) % 4] - c[i])) for i in range(4))


def test_each_tile_read_is_marked_where_it_lies(api):
    photo = synth.render(1, 12, "apart", size=SIZE, count=4)
    body = _post(api, photo.jpeg(), set="12").get_json()
    assert (body["width"], body["height"]) == SIZE
    marks = body["marks"]
    assert [m["tile"] for m in marks] == body["tiles"]
    assert sorted(m["tile"] for m in marks) == sorted(photo.tiles)
    for placed in photo.placed:
        mark = next(m for m in marks if m["tile"] == placed.tile)
        assert len(mark["corners"]) == 4
        # the face's centre within a tenth of a tile's length of where the tile was drawn
        assert np.linalg.norm(_centre(mark["corners"]) - np.array(placed.centre)) < placed.length / 10
        # a face is twice as long as it is wide (80 x 40 units): the long sides about its length
        short, _, _, long = _sides(mark["corners"])
        assert abs(long - placed.length) < placed.length * 0.15
        assert abs(short - placed.length / 2) < placed.length * 0.15
        assert mark["sure"] is True and mark["problems"] == []


def test_a_tile_the_engine_refuses_is_marked_with_the_reason(api):
    game = api.post("/api/games", json={"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben"],
                                        "first_starter": "Ana"}).get_json()["id"]
    photo = next(p for p in (synth.render(s, 12, "apart", size=SIZE, count=3) for s in range(200))
                 if "12-12" in p.tiles)
    body = _post(api, photo.jpeg(), game=str(game), round="1", player="Ana").get_json()
    marks = {m["tile"]: m for m in body["marks"]}
    assert marks["12-12"]["sure"] is False
    # round 1 of a double-12 Mexican Train: the engine is the 12-12
    assert marks["12-12"]["problems"] == ["12-12 is the engine of this round: it cannot be in a hand."]
    for tile in photo.tiles:
        if tile != "12-12":
            assert marks[tile]["sure"] is True and marks[tile]["problems"] == []


def test_a_real_photo_is_marked_tile_by_tile(api):
    # tests/fixtures/photos: three flat tiles of a double-6 set, 0-4, 2-3 and 2-6
    # (test_photo_real.TRUTH, hand-checked), in a picture of 1500 x 540 pixels
    # as read (the photo's long side as intake leaves it)
    body = _post(api, (PHOTOS / "jr_T-3-NC-S.jpg").read_bytes(), set="6").get_json()
    assert (body["width"], body["height"]) == (1500, 540)
    assert sorted(m["tile"] for m in body["marks"]) == ["3-2", "4-0", "6-2"]
    for mark in body["marks"]:
        for x, y in mark["corners"]:
            assert 0 <= x <= 1500 and 0 <= y <= 540
        assert mark["sure"] is (not mark["problems"])


def _label_green(png: bytes) -> int:
    """Pixels of the overlay's green exactly (RGB 40, 170, 60): the outlines,
    and the filled box behind each name when names are written."""
    with Image.open(io.BytesIO(png)) as picture:
        rgb = np.asarray(picture.convert("RGB"))
    return int(np.all(rgb == (40, 170, 60), axis=-1).sum())


def test_the_overlay_without_names_when_the_page_writes_them(api):
    photo = synth.render(1, 12, "apart", size=SIZE, count=4)
    named = _post(api, photo.jpeg(), set="12").get_json()
    bare = _post(api, photo.jpeg(), set="12", labels="0").get_json()
    assert bare["tiles"] == named["tiles"]
    with_names = _label_green(api.get(named["overlay"]).data)
    without = _label_green(api.get(bare["overlay"]).data)
    # each of the 4 names sits on a filled green box: at the smallest type
    # (scale 0.5) a box is at least 3 characters of ~10 px by ~12 px, with padding
    assert with_names - without > 4 * 30 * 12
    assert without > 0  # the outlines are still drawn
