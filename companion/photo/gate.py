"""How many photos one server process reads at once (issue 25).

Reading a photo takes a processor core and up to about
:data:`companion.photo.intake.BUDGET_BYTES` of memory for a second or so;
the tables' round saves need the same cores. So each process reads at most
:func:`readers` photos at once and answers the rest at once with 503 and
``Retry-After`` (the phone's page says so, and the player sends it again),
rather than queueing them behind the tables' saves.

The number comes from the setting ``PHOTO_READERS`` when given
(``instance/config.py`` or ``COMPANION_PHOTO_READERS``), else from the
server's threads (``SERVER_THREADS``: Waitress's ``--threads`` in
``make run``, each gunicorn worker's ``threads``): a quarter of them, at
least one and at most one per processor core.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app

RETRY_AFTER = 3
"""Seconds a phone is told to wait before sending a refused photo again."""

DEFAULT_THREADS = 8
"""The server's threads when nobody said (Waitress's count in ``make run``)."""

_KEY = "companion.photo_gate"


class Busy(Exception):
    """Every photo reader of this process is busy; try again in
    :data:`RETRY_AFTER` seconds."""


def readers(threads: int | None, setting: int | None = None, cores: int | None = None) -> int:
    """How many photos a process reads at once.

    :param threads: the threads that serve requests in this process (``None``:
        :data:`DEFAULT_THREADS`).
    :param setting: ``PHOTO_READERS`` when given (wins when it is at least 1).
    :param cores: processor cores (default: ``os.cpu_count()``).
    :return: at least 1.
    """
    if setting is not None and setting >= 1:
        return setting
    cores = cores or os.cpu_count() or 1
    return max(1, min((threads or DEFAULT_THREADS) // 4, cores))


def init_app(app: Flask) -> None:
    """Give ``app`` its gate: a semaphore of :func:`readers` places.
    ``PHOTO_READERS`` may also come from ``COMPANION_PHOTO_READERS``."""
    env = os.environ.get("COMPANION_PHOTO_READERS", "")
    if env.isascii() and env.isdigit():
        app.config.setdefault("PHOTO_READERS", int(env))
    setting = app.config.get("PHOTO_READERS")
    count = readers(app.config.get("SERVER_THREADS"), setting if isinstance(setting, int) else None)
    app.extensions[_KEY] = (count, threading.BoundedSemaphore(count))


def set_threads(app: Flask, threads: int) -> None:
    """The server tells the app how many threads serve it (before the first
    request): the gate is made again for that many.

    :param threads: request threads of this process (at least 1).
    """
    app.config["SERVER_THREADS"] = max(1, int(threads))
    init_app(app)


def places() -> tuple[int, threading.BoundedSemaphore]:
    """This app's gate: ``(how many photos at once, the semaphore)``."""
    return current_app.extensions[_KEY]


@contextmanager
def reading() -> Iterator[None]:
    """Hold one reader's place for the block (never waits).

    :raises Busy: every place is taken.
    """
    _count, semaphore = places()
    if not semaphore.acquire(blocking=False):
        raise Busy()
    try:
        yield
    finally:
        semaphore.release()


__all__ = ["DEFAULT_THREADS", "RETRY_AFTER", "Busy", "init_app", "places", "readers", "reading",
           "set_threads"]
