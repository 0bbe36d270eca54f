"""Serve the app on the local network with Waitress and print the address to open.

A database nobody migrated yet is migrated before serving (one process at a
time: :func:`companion.db.migrate_at_start`).

``python -m companion.serve [--host 0.0.0.0] [--port 5000]``
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess

from waitress import serve

from companion import create_app
from companion.web.heap import settle_heap


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (may be empty).

    Asks ``ip -4 -o addr show scope global`` where the ``ip`` tool exists,
    then the host name's addresses.
    """
    found: list[str] = []
    try:
        out = subprocess.run(
            ["ip", "-4", "-o", "addr", "show", "scope", "global"],
            capture_output=True, text=True, timeout=2, check=False,
        ).stdout
        for line in out.splitlines():
            parts = line.split()
            if "inet" in parts:
                addr = parts[parts.index("inet") + 1].split("/")[0]
                if addr not in found:
                    found.append(addr)
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not addr.startswith("127.") and addr not in found:
                found.append(addr)
    except OSError:
        pass
    return found


def main(argv: list[str] | None = None) -> None:
    """Parse the options, print the addresses with the token, serve until stopped."""
    parser = argparse.ArgumentParser(description="Serve Domino Table Companion")
    parser.add_argument("--host", default=os.environ.get("COMPANION_HOST", "0.0.0.0"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("COMPANION_PORT", "5000")))
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)
    app = create_app()
    from companion.photo.gate import set_threads
    from companion.store.db import migrate_at_start

    set_threads(app, args.threads)  # photos read at once follow the threads (issue 25)

    if migrate_at_start(app):  # a new database: made ready before the first request
        print("The database was upgraded to the newest schema.", flush=True)
    token = app.config["COMPANION_TOKEN"]
    hosts = lan_addresses() if args.host in ("0.0.0.0", "") else [args.host]
    print("\nDomino Table Companion is running. Open this on the tablet:\n", flush=True)
    for host in hosts or ["127.0.0.1"]:
        print(f"    http://{host}:{args.port}/?token={token}", flush=True)
    print(f"\nOn this computer: http://127.0.0.1:{args.port}/?token={token}", flush=True)
    if app.config.get("PUBLIC_URL"):
        print(f"Public address (spectator links): {app.config['PUBLIC_URL']}", flush=True)
    print("Stop with Ctrl+C.\n", flush=True)
    settle_heap()
    serve(app, host=args.host, port=args.port, threads=args.threads, ident="companion")


if __name__ == "__main__":
    main()
