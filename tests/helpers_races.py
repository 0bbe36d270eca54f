"""Racing two requests for certain (issue 24's integrity cases): each device
runs in a thread of its own, with its own test client (its own app context
and database session) against the same app; a hook holds the first device
inside its transaction until the second one has started, so the two overlap
every time instead of now and then."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from companion.games.services import change

HOLD = 10.0
"""Seconds a held device waits at most (a test that hangs fails instead)."""

HEAD_START = 0.5
"""Seconds the second device gets to reach the held one's lock before the
first is let go (enough on this machine for a request to reach its first
statement; when it is slower the race is only less sharp, never wrong)."""


class Device(threading.Thread):
    """One device's request in a thread of its own: ``result`` is what
    ``work`` returned, ``error`` what it raised."""

    def __init__(self, work: Callable[[], Any]) -> None:
        super().__init__(daemon=True)
        self.work = work
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self.work()
        except BaseException as exc:  # reported by the test
            self.error = exc

    def answer(self) -> Any:
        """Wait for the request to end and return its answer (re-raising
        what it raised)."""
        self.join(HOLD * 3)
        assert not self.is_alive(), "the request did not end"
        if self.error is not None:
            raise self.error
        return self.result


class Hold:
    """Holds the first call of ``module.name`` after (or before) the real
    call until :meth:`let_go`; later calls run straight through."""

    def __init__(self, monkeypatch: Any, module: Any, name: str, after: bool = True) -> None:
        self.reached = threading.Event()
        self.released = threading.Event()
        self._first = threading.Lock()
        self._done = False
        real = getattr(module, name)

        def held(*args: Any, **kwargs: Any) -> Any:
            first = False
            with self._first:
                if not self._done:
                    self._done = first = True
            if first and not after:
                self._wait()
            out = real(*args, **kwargs)
            if first and after:
                self._wait()
            return out

        monkeypatch.setattr(module, name, held)

    def _wait(self) -> None:
        self.reached.set()
        self.released.wait(HOLD)

    def wait_reached(self) -> None:
        assert self.reached.wait(HOLD), "the first device never reached the hold"

    def let_go(self) -> None:
        time.sleep(HEAD_START)
        self.released.set()


def hold_first_save(monkeypatch: Any) -> Hold:
    """Hold the first change of a game (a round save) inside its transaction,
    after its rows are written and before it commits."""
    return Hold(monkeypatch, change, "_apply")


def race(first: Callable[[], Any], second: Callable[[], Any], hold: Hold) -> tuple[Any, Any]:
    """Run ``first`` until it is held, start ``second``, let ``first`` go;
    both answers, in that order."""
    one = Device(first)
    one.start()
    hold.wait_reached()
    two = Device(second)
    two.start()
    hold.let_go()
    return one.answer(), two.answer()
