"""Gzip for pages and our own files, so a tablet on a slow LAN gets the game
page, its CSS and its script in a fraction of their size.

:func:`init_app` installs it (one line in the app factory). Only full (200)
answers of text types over 1 KB are compressed, and only for clients that say
they accept gzip; a file's ETag gets a ``-gz`` suffix, which is taken off again
when the client sends it back, so revalidation still answers 304.
"""

from __future__ import annotations

import gzip

from flask import Flask, request

COMPRESSIBLE = frozenset({
    "text/html", "text/css", "text/javascript", "text/plain", "application/javascript",
    "application/json", "application/manifest+json", "image/svg+xml",
})
"""Media types worth compressing (PDFs and PNGs are compressed already)."""
MIN_SIZE = 1024
"""Smaller answers are sent as they are (bytes)."""


def _strip_gz_etags() -> None:
    header = request.environ.get("HTTP_IF_NONE_MATCH")
    if header and '-gz"' in header:
        request.environ["HTTP_IF_NONE_MATCH"] = header.replace('-gz"', '"')


def _compress(response):
    if (
        response.status_code != 200
        or request.method == "HEAD"
        or "Content-Encoding" in response.headers
        or response.mimetype not in COMPRESSIBLE
        or not request.accept_encodings["gzip"]
    ):
        return response
    response.direct_passthrough = False
    data = response.get_data()
    if len(data) < MIN_SIZE:
        return response
    response.set_data(gzip.compress(data, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(etag + "-gz", weak=weak)
    return response


def init_app(app: Flask) -> None:
    """Compress the app's text answers for clients that accept gzip."""
    app.before_request(_strip_gz_etags)
    app.after_request(_compress)


__all__ = ["COMPRESSIBLE", "MIN_SIZE", "init_app"]
