"""The browser tests' server: a dropped connection leaves no file open.

The suite treats warnings as errors, so a static file left open by a dropped
connection used to fail whichever browser test the garbage collector ran in
(CI, December 2026: "unclosed file ... manifest.webmanifest").
"""

import gc
import socket
import struct
import sys
import time
from urllib.parse import urlsplit


def test_connections_dropped_mid_reply_leave_no_file_open(server, monkeypatch):
    """Thirty requests for a static file, each reset by the client at once.

    Without ``whole_bodies`` in the ``server`` fixture, werkzeug leaves the
    file open on most of them, and the collector reports each one.
    """
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: reported.append(repr(u.object)))
    where = urlsplit(server)
    for _ in range(30):
        sock = socket.create_connection((where.hostname, where.port))
        sock.sendall(b"GET /static/manifest.webmanifest HTTP/1.1\r\nHost: table\r\n\r\n")
        time.sleep(0.01)
        # linger 0: close sends a reset, as a browser tab closed mid-reply does
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
    time.sleep(0.3)
    gc.collect()
    assert reported == []
