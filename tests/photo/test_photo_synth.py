"""The photo-like renders (``companion.photo.synth.render_photo``): what is
drawn matches the truth they give, and the same seed draws the same picture.

Each property is checked on the picture or on the geometry it was drawn
from, not on the truth alone: pips counted as dark (or light) spots on a
drawn face, pips of a heap's lower tiles outside every tile laid over them,
tiles apart not overlapping, tiles of a row touching."""

from __future__ import annotations

import itertools

import cv2
import numpy as np
import pytest

from companion.photo import synth
from companion.photo.synth import camera, layout, tiles
from companion.photo.synth.surfaces import surface

SIZE = (800, 600)


def _spots(bgr: np.ndarray, alpha: np.ndarray, look: tiles.Look) -> int:
    """Round spots on a drawn face: pixels nearer the pip colour than the
    face colour (the bar, long and thin, is left out)."""
    pip = np.float32(look.pip if look.pip is not None else (0, 0, 0))
    on = np.linalg.norm(bgr - pip, axis=2) < np.linalg.norm(bgr - np.float32(look.face), axis=2)
    on &= cv2.erode((alpha > 0.5).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    n, _, stats, _ = cv2.connectedComponentsWithStats(on.astype(np.uint8))
    return sum(1 for x, y, w, h, area in stats[1:] if max(w, h) < 2 * min(w, h) and area > 4)


@pytest.mark.parametrize(("left", "right"), [(0, 0), (1, 6), (5, 3), (9, 7), (12, 0), (18, 15)])
@pytest.mark.parametrize("colour", ["ivory", "black", "pink"])
def test_a_drawn_face_shows_as_many_pips_as_its_two_halves(left, right, colour):
    look = tiles.look(colour, np.random.default_rng(0))
    bgr, alpha = tiles.face_sprite(left, right, 320, look, (0.6, -0.8))
    assert _spots(bgr, alpha, look) == left + right


def test_a_face_down_tile_and_a_standing_tile_show_no_pips():
    look = tiles.look("ivory", np.random.default_rng(0))
    bgr, alpha = tiles.face_sprite(6, 6, 320, look, (1.0, 0.0), face_down=True)
    assert _spots(bgr, alpha, look) == 0
    bgr, alpha = tiles.edge_sprite(320, look, 50)
    assert _spots(bgr, alpha, look) == 0
    assert alpha.shape[0] < alpha.shape[1] / 4  # seen from above: a thin strip


def test_tile_colours_are_the_sets_sold():
    rng = np.random.default_rng(1)
    b, g, r = tiles.look("ivory", rng).face
    assert r > g > b  # cream, slightly yellow
    b, g, r = tiles.look("pink", rng).face
    assert r > b and r > g
    pb, pg, pr = tiles.look("pink", rng).pip or (0, 0, 0)
    assert pr > pb and pg > pb  # yellow pips
    assert max(tiles.look("black", rng).face) < 60
    assert tiles.look("coloured", rng).pip is None  # by suit


def test_the_same_seed_draws_the_same_photo():
    a = synth.render_photo(7, 6, size=SIZE)
    b = synth.render_photo(7, 6, size=SIZE)
    c = synth.render_photo(8, 6, size=SIZE)
    assert np.array_equal(a.image, b.image)
    assert a.tiles == b.tiles
    assert not np.array_equal(a.image, c.image)


def test_the_truth_is_the_tiles_face_up_and_never_one_standing_or_face_down():
    seen = 0
    for seed in range(40):
        photo = synth.render_photo(seed, 6, arrangement="apart", count=5, size=SIZE)
        if not photo.hidden:
            continue
        seen += 1
        assert photo.pips == sum(p.left + p.right for p in photo.placed)
        assert sorted(photo.tiles) == sorted(p.tile for p in photo.placed)
        # a set holds each tile once: a hidden tile is none of the hand's
        assert not {p.tile for p in photo.hidden} & set(photo.tiles)
        if seen == 3:
            break
    assert seen == 3


def test_a_hand_of_twelve_to_twenty_tiles_fits_apart():
    for count in (12, 16, 20):
        photo = synth.render_photo(count, 9, arrangement="apart", count=count, size=(1400, 1050))
        assert len(photo.tiles) == count
        assert len(set(photo.tiles)) == count


def _overlap(p, q) -> float:
    area, _ = cv2.intersectConvexConvex(layout.corners(p), layout.corners(q))
    return float(area)


def test_tiles_apart_never_overlap_and_stay_clear_of_the_edges_the_slant_cuts():
    w, h = 1200, 900
    for seed in range(3):
        photo = synth.render_photo(seed, 12, arrangement="apart", count=14, size=(w, h))
        for p, q in itertools.combinations(photo.placed + photo.hidden, 2):
            assert _overlap(p, q) == 0
        keep = camera.SLANT_LOSS * min(w, h)
        for p in photo.placed:
            c = layout.corners(p)
            assert c[:, 0].min() > keep and c[:, 0].max() < w - keep
            assert c[:, 1].min() > keep and c[:, 1].max() < h - keep


def test_tiles_in_rows_touch_a_neighbour():
    photo = synth.render_photo(3, 6, arrangement="rows", count=12, size=(1400, 1050))
    assert len(photo.tiles) == 12
    length = photo.placed[0].length
    touching = 0
    for p in photo.placed:
        near = min(np.hypot(p.centre[0] - q.centre[0], p.centre[1] - q.centre[1])
                   for q in photo.placed if q is not p)
        # long sides together: centres half a length apart; end to end: a length
        touching += near <= 0.53 * length or abs(near - length) <= 0.03 * length
    assert touching >= len(photo.placed) - 1  # a row's last tile may lie alone


def test_a_heap_never_hides_a_pip_of_the_tiles_under():
    for seed in range(3):
        photo = synth.render_photo(seed, 12, arrangement="heap", count=14, size=(1400, 1050))
        overlaps = 0
        for i, lower in enumerate(photo.placed):
            pips = [layout.to_picture(lower, ox + x, y) for n, ox in ((lower.left, 0), (lower.right, 40))
                    for x, y, _r in synth.drawn.layouts.layout(n)]
            for upper in photo.placed[i + 1:]:
                box = layout.corners(upper).reshape(-1, 1, 2)
                overlaps += _overlap(lower, upper) > 0
                for x, y in pips:
                    assert cv2.pointPolygonTest(box, (x, y), False) < 0
                assert _overlap(lower, upper) <= layout.HEAP_COVER * lower.length ** 2 / 2 + 1
        assert overlaps >= 1  # a heap, not tiles apart


def test_surfaces_look_like_what_they_are_named():
    rng = np.random.default_rng(3)
    leather = surface(rng, "leather", 400, 300)
    grey = surface(rng, "grey", 400, 300)
    felt = surface(rng, "felt", 400, 300)
    assert leather.mean() < 60  # black leather
    spread = grey.mean(axis=(0, 1))
    assert spread.max() - spread.min() < 10  # grey: no colour
    assert felt.std(axis=(0, 1)).min() > 2  # the weave shows
    with pytest.raises(ValueError):
        surface(rng, "marble", 400, 300)


def test_unknown_choices_are_refused():
    with pytest.raises(ValueError):
        synth.render_photo(1, 6, tiles="gold", size=SIZE)
    with pytest.raises(ValueError):
        synth.render_photo(1, 6, arrangement="tower", size=SIZE)


@pytest.mark.parametrize("name", sorted(synth.SCENES))
def test_the_product_owners_scenes_draw_what_they_say(name):
    scene = synth.SCENES[name]
    photo = synth.render_photo(1, size=SIZE, **scene)  # type: ignore[arg-type]
    assert photo.style == scene.get("tiles", photo.style)
    assert photo.surface == scene.get("surface_kind", photo.surface)
    if "count" in scene:
        assert len(photo.tiles) == scene["count"]
    if scene.get("arrangement") == "single":
        assert len(photo.tiles) == 1


def test_glare_is_stronger_on_glossy_faces_than_on_the_table():
    w, h = 400, 300
    glossy = np.zeros((h, w), np.float32)
    glossy[:, ::2] = 1.0  # every other column a glossy face: both halves see the same streak
    canvas = np.zeros((h, w, 3), np.float32)
    camera.glare(np.random.default_rng(4), canvas, glossy)
    lift = canvas[..., 1]
    assert lift.max() > 10  # a streak was laid
    assert lift[:, ::2].sum() > 4 * lift[:, 1::2].sum()  # faces 1 + 0.15 to the table's 0.15


def test_the_light_comes_from_one_side():
    field_ = camera.light_field(np.random.default_rng(5), 400, 300, (1.0, 0.0))
    middle = field_[100:200]
    assert middle[:, 300:].mean() > middle[:, :100].mean()  # brighter towards the right
