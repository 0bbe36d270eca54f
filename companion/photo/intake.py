"""Reading an uploaded photo: refuse what is not a picture or is too large,
decode it small enough to be quick, and drop everything but the pixels.

Caps (documented in the README): at most :data:`MAX_BYTES` bytes and
:data:`MAX_PIXELS` pixels (a 12-megapixel phone photo is 3-8 MB and
12,000,000 pixels). The size is read from the file's header before anything
is decoded, so a small file claiming a huge picture is refused unread.

The decoded picture carries no metadata: the EXIF block of a phone photo
(place, time, camera) is never kept; a photo kept for review is the pixels
written again as a plain JPEG.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

MAX_BYTES = 20 * 1024 * 1024
"""The largest photo accepted, in bytes (20 MiB)."""

MAX_PIXELS = 50_000_000
"""The largest photo accepted, in pixels (50 megapixels: width × height)."""

MIN_SIDE = 64
"""The smallest photo read, in pixels on its shorter side."""

READ_SIDE = 2600
"""Photos longer than this (pixels) are decoded at half size: quicker, and
still 2,000 pixels across for a 12-megapixel photo."""

FORMATS = frozenset({"JPEG", "PNG", "WEBP", "BMP", "TIFF"})
"""Picture formats accepted (what phones and cameras send, and what OpenCV
decodes)."""


class IntakeError(ValueError):
    """The upload cannot be read as a photo.

    :ivar code: ``not_an_image``, ``image_too_large`` or ``image_unreadable``.
    """

    def __init__(self, code: str, detail: str = ""):
        super().__init__(detail or code)
        self.code = code


@dataclass(frozen=True)
class Intake:
    """A photo as read.

    :ivar image: the pixels, BGR ``uint8`` (height, width, 3), turned upright
        as the camera's orientation tag says.
    :ivar width: the photo's width as sent, in pixels.
    :ivar height: the photo's height as sent, in pixels.
    :ivar format: its format (``"JPEG"``, ``"PNG"``, …).
    """

    image: np.ndarray
    width: int
    height: int
    format: str


def read_photo(data: bytes) -> Intake:
    """Check and decode an uploaded photo.

    :param data: the file's bytes.
    :return: the decoded :class:`Intake`.
    :raises IntakeError: ``image_too_large`` over :data:`MAX_BYTES` or
        :data:`MAX_PIXELS`; ``not_an_image`` when the bytes are no picture of
        :data:`FORMATS`; ``image_unreadable`` when the picture is damaged or
        smaller than :data:`MIN_SIDE`.
    """
    if len(data) > MAX_BYTES:
        raise IntakeError("image_too_large", f"{len(data)} bytes")
    if not data:
        raise IntakeError("not_an_image", "empty file")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's decompression-bomb warning: we cap below
            with Image.open(io.BytesIO(data)) as probe:
                fmt = str(probe.format or "")
                width, height = probe.size
    except Image.DecompressionBombError as exc:
        raise IntakeError("image_too_large", str(exc)) from exc
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise IntakeError("not_an_image", str(exc)) from exc
    if fmt not in FORMATS:
        raise IntakeError("not_an_image", fmt)
    if width * height > MAX_PIXELS:
        raise IntakeError("image_too_large", f"{width}×{height}")
    if min(width, height) < MIN_SIDE:
        raise IntakeError("image_unreadable", f"{width}×{height}")
    flag = cv2.IMREAD_REDUCED_COLOR_2 if max(width, height) > READ_SIDE else cv2.IMREAD_COLOR
    image = cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    if image is None or image.ndim != 3 or min(image.shape[:2]) < MIN_SIDE // 2:
        raise IntakeError("image_unreadable", fmt)
    return Intake(image, width, height, fmt)


def plain_jpeg(image: np.ndarray, quality: int = 88) -> bytes:
    """The pixels as a JPEG with no metadata (no EXIF: no place, time or camera).

    :raises RuntimeError: when the encoder fails.
    """
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return buf.tobytes()


__all__ = ["FORMATS", "MAX_BYTES", "MAX_PIXELS", "MIN_SIDE", "READ_SIDE", "Intake", "IntakeError",
           "plain_jpeg", "read_photo"]
