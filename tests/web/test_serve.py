"""Serving: what starting made is put out of the garbage collector's reach,
by ``python -m companion.serve`` and by gunicorn's workers (``gunicorn.conf.py``)."""

from __future__ import annotations

import gc
import runpy
from pathlib import Path

import pytest

from companion import serve

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def unfreeze():
    """Give the frozen objects back to the collector after the test."""
    yield
    gc.unfreeze()


def _walked(obj) -> bool:
    """Whether the collector's passes still walk ``obj``."""
    return any(o is obj for o in gc.get_objects())


def test_settle_heap_puts_what_exists_out_of_reach_and_not_what_comes_after(unfreeze):
    before = [object()]  # a list is tracked by the collector
    assert _walked(before)
    frozen = serve.settle_heap()
    assert frozen == gc.get_freeze_count() > 0
    assert not _walked(before)
    after = [object()]
    assert _walked(after)
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    assert _walked(before)


def test_gunicorn_workers_settle_their_heap_once_the_app_is_loaded(unfreeze):
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert gc.get_freeze_count() == 0
    conf["post_worker_init"](object())
    assert gc.get_freeze_count() > 0


def test_serve_settles_the_heap_before_it_serves(app, monkeypatch, unfreeze, capsys):
    seen = {}

    def fake_serve(application, **options):
        seen["frozen"] = gc.get_freeze_count()
        seen["options"] = options

    monkeypatch.setattr(serve, "create_app", lambda: app)
    monkeypatch.setattr(serve, "serve", fake_serve)
    serve.main(["--host", "127.0.0.1", "--port", "5071"])
    assert seen["frozen"] > 0
    assert seen["options"]["port"] == 5071 and seen["options"]["host"] == "127.0.0.1"
    assert "http://127.0.0.1:5071/?token=" in capsys.readouterr().out
