"""Seeded synthetic photos of dominoes, for the benchmark and the tests.

Two kinds of picture, each decided by one seed (a failing picture can be
drawn again):

* **Drawings** (:func:`render`, :mod:`.drawn`): flat tiles with the app's own
  pip layouts on a mat, each kind of :data:`DIFFICULTIES` changing one thing
  from tiles apart in even light. The reader's tests use them.
* **Photo-like renders** (:func:`render_photo`, :mod:`.scene`): thick
  bevelled tiles with drilled pips in the colours sets are sold in
  (:data:`TILE_COLOURS`), on wood, cloths, leather or a grey table
  (:data:`SURFACES`), apart, in rows of touching tiles, in a heap or alone
  (:data:`LAYOUTS`), lit and photographed as a phone does: what the real
  development photos lack.
"""

from companion.photo.synth.drawn import (
    DIFFICULTIES,
    SETS,
    STYLES,
    Photo,
    Placed,
    render,
    styles_for,
    tile_sprite,
)
from companion.photo.synth.layout import LAYOUTS
from companion.photo.synth.scene import SCENES, render_photo
from companion.photo.synth.surfaces import SURFACES
from companion.photo.synth.tiles import TILE_COLOURS

__all__ = ["DIFFICULTIES", "LAYOUTS", "SCENES", "SETS", "STYLES", "SURFACES", "TILE_COLOURS", "Photo",
           "Placed", "render", "render_photo", "styles_for", "tile_sprite"]
