"""Where overlays and (when the table asks for it) photos are kept.

- Overlays (the photo with each pip circled) are files in
  ``instance/photo-overlays/``, named by a random key, and removed after
  :data:`OVERLAY_SECONDS`; never in the database. Any app process can serve
  them (the server may run several).
- Photos are not kept. With the setting ``PHOTO_KEEP`` (``instance/config.py``
  or ``COMPANION_PHOTO_KEEP=1``), a photo sent for a hand of a stored game is
  kept for review as ``instance/photos/game-<id>/round-<n>-seat-<k>.jpg``,
  its pixels only (no EXIF). Backups and exports hold the games, not these
  files: copy the ``photos`` folder to keep them too.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from pathlib import Path

from companion.store.files import write_atomic

OVERLAY_SECONDS = 15 * 60
"""How long an overlay is kept, in seconds."""

_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def overlay_dir(instance: str | os.PathLike[str]) -> Path:
    """The folder of overlays inside the instance folder."""
    return Path(instance) / "photo-overlays"


def put_overlay(instance: str | os.PathLike[str], png: bytes, now: float | None = None) -> str:
    """Keep an overlay and answer its key; overlays older than
    :data:`OVERLAY_SECONDS` are removed on the way.

    :param instance: the instance folder.
    :param png: the overlay, PNG bytes.
    :param now: the time (seconds since the epoch; default: now).
    :return: the key to fetch it with :func:`get_overlay`.
    """
    now = time.time() if now is None else now
    folder = overlay_dir(instance)
    if folder.is_dir():
        for old in folder.glob("*.png"):
            try:
                if old.stat().st_mtime < now - OVERLAY_SECONDS:
                    old.unlink(missing_ok=True)
            except OSError:
                continue
    key = secrets.token_urlsafe(18)
    write_atomic(folder / f"{key}.png", png)
    return key


def get_overlay(instance: str | os.PathLike[str], key: str, now: float | None = None) -> bytes | None:
    """The overlay kept under ``key``, or ``None`` (unknown, malformed or expired)."""
    if not _KEY.match(key):
        return None
    path = overlay_dir(instance) / f"{key}.png"
    try:
        if path.stat().st_mtime < (time.time() if now is None else now) - OVERLAY_SECONDS:
            return None
        return path.read_bytes()
    except OSError:
        return None


def photo_path(instance: str | os.PathLike[str], game_id: int, round_number: int, seat: int) -> Path:
    """Where the photo of one hand is kept (``PHOTO_KEEP``): seats count from 1."""
    return Path(instance) / "photos" / f"game-{game_id}" / f"round-{round_number}-seat-{seat}.jpg"


def keep_photo(instance: str | os.PathLike[str], game_id: int, round_number: int, seat: int,
               jpeg: bytes) -> Path:
    """Keep the photo of one hand for review (replacing an earlier one).

    :param jpeg: the photo's pixels as a plain JPEG (no EXIF).
    :return: the file written.
    """
    path = photo_path(instance, game_id, round_number, seat)
    write_atomic(path, jpeg)
    return path


__all__ = ["OVERLAY_SECONDS", "get_overlay", "keep_photo", "overlay_dir", "photo_path", "put_overlay"]
