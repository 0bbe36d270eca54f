"""gunicorn's settings for Domino Table Companion, read by gunicorn from the
folder it is started in (the README's deployment and ``benchmarks/load.py``
start it here). Options given on the command line still apply."""


def post_worker_init(worker) -> None:
    """Once a worker has loaded the app: it is told how many threads serve it
    (the photos it reads at once follow, :mod:`companion.photo.gate`), and
    what loading made is put out of the garbage collector's reach
    (:func:`companion.web.heap.settle_heap`)."""
    from companion.web.heap import settle_heap

    app = getattr(worker, "wsgi", None)
    if hasattr(app, "config") and hasattr(app, "extensions"):  # photos read at once (issue 25)
        from companion.photo.gate import set_threads

        set_threads(app, worker.cfg.threads)
    settle_heap()
