"""Where overlays and (when the table asks for it) photos are kept.

- Overlays (the photo with each pip circled) are files in
  ``instance/photo-overlays/``, named by a random key, and removed after
  :data:`OVERLAY_SECONDS`; never in the database. Any app process can serve
  them (the server may run several). They are capped: at most
  :data:`OVERLAY_FILES` files and :data:`OVERLAY_BYTES` bytes in all, the
  oldest dropped first (settings ``PHOTO_OVERLAY_FILES``,
  ``PHOTO_OVERLAY_BYTES``), so a client sending photos without end keeps the
  folder's size fixed.
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

OVERLAY_FILES = 256
"""The most overlays kept at once (a club night of 16 tables of four sends
64 photos a round)."""

OVERLAY_BYTES = 128 * 1024 * 1024
"""The most bytes of overlays kept at once (128 MiB; an overlay is 0.2-2 MB)."""

_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def overlay_dir(instance: str | os.PathLike[str]) -> Path:
    """The folder of overlays inside the instance folder."""
    return Path(instance) / "photo-overlays"


def put_overlay(instance: str | os.PathLike[str], png: bytes, now: float | None = None, *,
                max_files: int = OVERLAY_FILES, max_bytes: int = OVERLAY_BYTES) -> str:
    """Keep an overlay and answer its key. On the way, overlays older than
    :data:`OVERLAY_SECONDS` are removed, then the oldest others until at most
    ``max_files`` overlays of at most ``max_bytes`` bytes in all are left
    (the new one always stays).

    :param instance: the instance folder.
    :param png: the overlay, PNG bytes.
    :param now: the time (seconds since the epoch; default: now).
    :param max_files: the most overlays kept (at least 1 counts).
    :param max_bytes: the most bytes of overlays kept.
    :return: the key to fetch it with :func:`get_overlay`.
    :raises OSError: the overlay cannot be written.
    """
    now = time.time() if now is None else now
    folder = overlay_dir(instance)
    key = secrets.token_urlsafe(18)
    path = folder / f"{key}.png"
    write_atomic(path, png)
    _prune(folder, now, keep=path, max_files=max(1, max_files), max_bytes=max_bytes)
    return key


def _prune(folder: Path, now: float, *, keep: Path, max_files: int, max_bytes: int) -> None:
    """Remove expired overlays, then the oldest (by time written, then name)
    until the caps hold; ``keep`` is never removed. Another process may be
    removing the same files: a file already gone is skipped."""
    found: list[tuple[int, str, int, Path]] = []
    for old in folder.glob("*.png"):
        try:
            stat = old.stat()
        except OSError:
            continue
        if old != keep and stat.st_mtime < now - OVERLAY_SECONDS:
            old.unlink(missing_ok=True)
            continue
        found.append((stat.st_mtime_ns, old.name, stat.st_size, old))
    found.sort()
    files, total = len(found), sum(size for _, _, size, _ in found)
    for _mtime, _name, size, old in found:
        if files <= max_files and total <= max_bytes:
            break
        if old == keep:
            continue
        try:
            old.unlink(missing_ok=True)
        except OSError:
            continue
        files, total = files - 1, total - size


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


__all__ = ["OVERLAY_BYTES", "OVERLAY_FILES", "OVERLAY_SECONDS", "get_overlay", "keep_photo", "overlay_dir", "photo_path", "put_overlay"]
