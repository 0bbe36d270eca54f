"""Reading an uploaded photo: refuse what is not a picture or is too large,
decode it small enough to be quick, and drop everything but the pixels.

Caps (documented in the README): at most :data:`MAX_BYTES` bytes and
:data:`MAX_PIXELS` pixels (a 12-megapixel phone photo is 3-8 MB and
12,000,000 pixels). The size is read from the file's header before anything
is decoded, so a small file claiming a huge picture is refused unread.

A budget in memory (issue 25): one photo, its file and its decoding, may
take at most :data:`BUDGET_BYTES`. What decoding will take is worked out from
the header alone (:func:`decode_cost`): a JPEG is decoded reduced by libjpeg itself
(OpenCV's ``IMREAD_REDUCED_COLOR_2/4/8``: a 49-megapixel JPEG is decoded as
3 megapixels, never at full size); other formats are decoded whole before
they are reduced, and so are JPEGs of several scans (progressive), whose
coefficients libjpeg keeps for the whole picture: those beyond the budget
are refused unread. A picture longer than :data:`MAX_ASPECT` times its width
(a strip, not a photo of tiles) is refused too.

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
"""Photos longer than this (pixels) are decoded reduced (half, a quarter or
an eighth of their size), until their long side is at most this: quicker,
and still 2,000 pixels across for a 12-megapixel photo."""

READ_PIXELS = 4_000_000
"""Photos are decoded reduced until they hold at most this many pixels
(4 megapixels: 12 MB of BGR pixels)."""

BUDGET_BYTES = 50_000_000
"""The most memory one photo may take while it is decoded, in bytes (about
50 MB): the file's bytes, the decoded pixels, and what the decoder holds at
full size on the way (the whole picture for PNG, WebP, BMP and TIFF; the
coefficients of a progressive JPEG)."""

MAX_ASPECT = 50
"""The longest side may be at most this many times the shorter one (a photo
of tiles from above is 1:1 to about 1:3; 1:50 is already a strip)."""

REDUCTIONS = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
              8: cv2.IMREAD_REDUCED_COLOR_8}
"""OpenCV's reads by reduction (1 = full size)."""

FORMATS = frozenset({"JPEG", "PNG", "WEBP", "BMP", "TIFF"})
"""Picture formats accepted (what phones and cameras send, and what OpenCV
decodes)."""


class IntakeError(ValueError):
    """The upload cannot be read as a photo.

    :ivar code: ``not_an_image``, ``image_too_large``, ``image_odd_shape``
        or ``image_unreadable``.
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


@dataclass(frozen=True)
class Header:
    """What a photo's header says, read before any pixel is decoded.

    :ivar format: ``"JPEG"``, ``"PNG"``, …
    :ivar width: in pixels.
    :ivar height: in pixels.
    :ivar samples: for a JPEG, the samples per pixel its components hold
        (3.0 for 4:4:4, 1.5 for 4:2:0, 1.0 for grey); else 3.0.
    :ivar several_scans: a JPEG in several scans (progressive, or one scan per
        component): libjpeg then keeps the coefficients of the whole picture.
    """

    format: str
    width: int
    height: int
    samples: float = 3.0
    several_scans: bool = False


def read_header(data: bytes) -> Header:
    """The format and size of a photo from its header (Pillow reads the
    header only; nothing is decoded).

    :param data: the file's bytes.
    :raises IntakeError: ``image_too_large`` (Pillow's own decompression-bomb
        refusal); ``not_an_image`` when the bytes are no picture of :data:`FORMATS`.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's decompression-bomb warning: we cap ourselves
            with Image.open(io.BytesIO(data)) as probe:
                fmt = str(probe.format or "")
                width, height = probe.size
                layers = list(getattr(probe, "layer", None) or []) if fmt == "JPEG" else []
    except Image.DecompressionBombError as exc:
        raise IntakeError("image_too_large", str(exc)) from exc
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise IntakeError("not_an_image", str(exc)) from exc
    if fmt not in FORMATS:
        raise IntakeError("not_an_image", fmt)
    if fmt != "JPEG":
        return Header(fmt, width, height)
    samples = 3.0
    if layers:
        h_max = max(layer[1] for layer in layers) or 1
        v_max = max(layer[2] for layer in layers) or 1
        samples = sum(layer[1] * layer[2] for layer in layers) / (h_max * v_max)
    return Header(fmt, width, height, samples, _several_scans(data))


def _several_scans(data: bytes) -> bool:
    """True when a JPEG holds more than one scan (a second SOS marker after
    the first scan's data), or when its markers cannot be followed (counted as
    the costlier case). The markers before the first scan are stepped over by
    their lengths, so an EXIF thumbnail (a JPEG inside APP1) is not counted."""
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            return True
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker == 0xC2 or marker == 0xC6 or marker == 0xCA:  # progressive frames
            return True
        length = int.from_bytes(data[i + 2:i + 4], "big")
        if marker == 0xDA:  # the first scan: another SOS after it is a second scan
            return data.find(b"\xff\xda", i + 2 + length) >= 0
        i += 2 + length
    return True


def reduction(width: int, height: int) -> int:
    """How much a photo is reduced when decoded: 1, 2, 4 or 8, the least that
    brings its long side within :data:`READ_SIDE` and its pixels within
    :data:`READ_PIXELS` (8 at most).

    :param width: in pixels.
    :param height: in pixels.
    """
    for scale in (1, 2, 4):
        w, h = -(-width // scale), -(-height // scale)
        if max(w, h) <= READ_SIDE and w * h <= READ_PIXELS:
            return scale
    return 8


def decode_cost(header: Header, scale: int) -> int:
    """The memory that decoding a photo takes at its peak, in bytes: the
    decoded BGR pixels at ``1/scale`` of the size, plus what the decoder holds
    at full size on the way (the whole picture, 3 bytes a pixel, for formats
    OpenCV decodes whole and then reduces; 2 bytes a sample of coefficients
    for a JPEG of several scans). A JPEG of one scan is reduced by libjpeg
    while it is decoded, row by row.

    :param header: the photo's header (:func:`read_header`).
    :param scale: the reduction (:func:`reduction`).
    """
    full = header.width * header.height
    out = 3 * -(-header.width // scale) * -(-header.height // scale)
    if header.format != "JPEG":
        return 3 * full + (out if scale > 1 else 0)
    if header.several_scans:
        return int(2 * header.samples * full) + out
    return out


def read_photo(data: bytes) -> Intake:
    """Check and decode an uploaded photo within :data:`BUDGET_BYTES` of memory.

    :param data: the file's bytes.
    :return: the decoded :class:`Intake`, reduced as :func:`reduction` says.
    :raises IntakeError: ``image_too_large`` over :data:`MAX_BYTES`,
        :data:`MAX_PIXELS`; ``image_too_costly`` when the file and its
        decoding (:func:`decode_cost`) would take more than :data:`BUDGET_BYTES`; ``image_odd_shape`` when one
        side is more than :data:`MAX_ASPECT` times the other; ``not_an_image``
        when the bytes are no picture of :data:`FORMATS`; ``image_unreadable``
        when the picture is damaged or smaller than :data:`MIN_SIDE`.
    """
    if len(data) > MAX_BYTES:
        raise IntakeError("image_too_large", f"{len(data)} bytes")
    if not data:
        raise IntakeError("not_an_image", "empty file")
    header = read_header(data)
    width, height, fmt = header.width, header.height, header.format
    if width * height > MAX_PIXELS:
        raise IntakeError("image_too_large", f"{width}×{height}")
    if min(width, height) < MIN_SIDE:
        raise IntakeError("image_unreadable", f"{width}×{height}")
    if max(width, height) > MAX_ASPECT * min(width, height):
        raise IntakeError("image_odd_shape", f"{width}×{height}")
    scale = reduction(width, height)
    if len(data) + decode_cost(header, scale) > BUDGET_BYTES:
        raise IntakeError("image_too_costly", f"{fmt} {width}×{height}")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), REDUCTIONS[scale])
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


__all__ = ["BUDGET_BYTES", "FORMATS", "MAX_ASPECT", "MAX_BYTES", "MAX_PIXELS", "MIN_SIDE", "READ_PIXELS",
           "READ_SIDE", "Header", "Intake", "IntakeError", "decode_cost", "plain_jpeg", "read_header",
           "read_photo", "reduction"]
