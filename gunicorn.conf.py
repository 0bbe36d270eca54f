"""gunicorn's settings for Domino Table Companion, read by gunicorn from the
folder it is started in (the README's deployment and ``benchmarks/load.py``
start it here). Options given on the command line still apply."""


def post_worker_init(worker) -> None:
    """Once a worker has loaded the app: what loading made is put out of the
    garbage collector's reach (:func:`companion.web.heap.settle_heap`)."""
    from companion.web.heap import settle_heap

    settle_heap()
