"""HTTP helpers shared by the pages and the API."""

from __future__ import annotations

from collections.abc import Callable

from flask import Response, request


def etag_or_304(tag: str, build: Callable[[], Response]) -> Response:
    """Answer 304 Not Modified when the request's ``If-None-Match`` names
    ``tag``; otherwise the response ``build()`` makes, carrying ``ETag: tag``.

    :param tag: a strong validator for the exact bytes (without quotes).
    :param build: makes the full response (called only when needed).

    ``Cache-Control`` is left to :mod:`companion.security` (personal answers:
    ``no-store``); a client that keeps the answer itself (a script, the table
    view) revalidates with ``If-None-Match``.
    """
    if tag in request.if_none_match:
        response = Response(status=304)
    else:
        response = build()
    response.set_etag(tag)
    return response


def csv_download(text: str, filename: str) -> Response:
    """A CSV file to download, starting with a byte-order mark so that a
    spreadsheet opens it as UTF-8 (names in Hangul or Cyrillic stay readable).

    :param text: the CSV (lines ending in CRLF).
    :param filename: what the browser saves it as.
    """
    return Response("\ufeff" + text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})
