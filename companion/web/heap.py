"""The server's heap once the app is loaded (waitress in ``make run``,
each gunicorn worker through ``gunicorn.conf.py``)."""

from __future__ import annotations

import gc


def settle_heap() -> int:
    """Put what starting the server made (modules, the app, its settings) out
    of the cyclic garbage collector's reach, once the app is loaded.

    A full collection walks every tracked object, and the imports and the app
    (PDF layout, photo reading, the database layer, the templates) leave about
    130,000 of them: under ``benchmarks/load.py`` each full pass stopped every
    request of a gunicorn worker for 60 to 320 ms, and 10 to 40 ms once they
    were put out of reach. Called by :func:`companion.serve.main` before serving and by
    gunicorn for each worker (``gunicorn.conf.py``).

    :return: objects now out of reach (``gc.get_freeze_count()``).
    """
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
