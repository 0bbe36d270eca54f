"""Files written whole or not at all: the one atomic write of the app.

The access token, a kept score sheet, a backup and a photo's overlay are each
written to a temporary file in the same folder and then moved over the old
name (``os.replace``), so a crash or a full disk mid-write never leaves half a
file under the real name.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes, *, mode: int | None = None,
                 durable: bool = False) -> None:
    """Write ``data`` to ``path`` in one step: readers see the old file or the
    new one, never a part.

    :param path: the file to write; its folder is made if missing.
    :param data: the whole content.
    :param mode: permission bits given to the file before it takes the name
        (``0o600`` for a secret), or ``None`` for the default.
    :param durable: flush the content to the disk (``fsync``) before the move,
        for a file that must survive a power cut (a backup).
    :raises OSError: when the folder cannot be written; the temporary file is
        removed and the old file, if any, is untouched.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
