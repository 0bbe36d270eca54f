"""The overlay: the photo with each pip circled and each tile labelled.

A tile read cleanly is outlined in green; a tile in doubt in orange, so the
player knows where to look before confirming.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.photo.counter import Reading

OVERLAY_SIDE = 1200
"""The overlay's long side, in pixels (enough for a tablet, small to send)."""

_SURE = (60, 170, 40)  # BGR: green
_DOUBT = (0, 140, 255)  # BGR: orange


def draw(image: np.ndarray, reading: Reading, side: int = OVERLAY_SIDE, labels: bool = True) -> np.ndarray:
    """The picture with what was read drawn on it.

    :param image: the picture that was read (BGR ``uint8``).
    :param reading: what :func:`companion.photo.counter.read_hand` found in it.
    :param side: the long side of the result, in pixels (never enlarged).
    :param labels: write each tile's name by it; ``False`` when the page
        labels the tiles itself (its labels follow the player's fixes).
    :return: a new BGR ``uint8`` picture, at most ``side`` pixels long.
    """
    h, w = image.shape[:2]
    f = min(1.0, side / max(h, w))
    out = cv2.resize(image, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA) if f < 1 else image.copy()
    thick = max(2, round(max(out.shape[:2]) / 400))
    for tile in reading.tiles:
        colour = _SURE if tile.sure else _DOUBT
        box = (np.array(tile.corners) * f).round().astype(np.int32)
        cv2.polylines(out, [box], True, colour, thick, cv2.LINE_AA)
        for s in tile.spots:
            cv2.circle(out, (round(s.x * f), round(s.y * f)), max(3, round(s.r * f * 1.35)),
                       colour, max(1, thick - 1), cv2.LINE_AA)
    for tile in reading.tiles if labels else []:
        colour = _SURE if tile.sure else _DOUBT
        box = np.array(tile.corners) * f
        cx = float(box[:, 0].mean())
        label = tile.name if tile.sure else tile.name + " ?"
        # sized to the tile, and set just below it (above it at the bottom
        # of the picture), so that no pip is hidden
        short = min(np.linalg.norm(box[1] - box[0]), np.linalg.norm(box[2] - box[1]))
        scale = float(np.clip(short / 110, 0.5, 1.6))
        weight = max(1, round(scale * 2))
        (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, weight)
        pad = max(3, round(th / 3))
        x = int(np.clip(cx - tw / 2, pad, out.shape[1] - tw - pad))
        y = int(box[:, 1].max() + th + 2 * pad)
        if y + base + pad > out.shape[0]:
            y = int(box[:, 1].min() - base - 2 * pad)
        y = int(np.clip(y, th + pad, out.shape[0] - base - pad))
        cv2.rectangle(out, (x - pad, y - th - pad), (x + tw + pad, y + base + pad // 2), colour, -1)
        cv2.putText(out, label, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), weight, cv2.LINE_AA)
    return out


def png(image: np.ndarray, reading: Reading, side: int = OVERLAY_SIDE, labels: bool = True) -> bytes:
    """:func:`draw` (``labels`` as there), encoded as PNG bytes (no metadata of the photo kept).

    :raises RuntimeError: when the encoder fails.
    """
    ok, buf = cv2.imencode(".png", draw(image, reading, side, labels), [cv2.IMWRITE_PNG_COMPRESSION, 3])
    if not ok:
        raise RuntimeError("PNG encoding failed")
    return buf.tobytes()


__all__ = ["OVERLAY_SIDE", "draw", "png"]
