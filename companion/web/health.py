"""A bare endpoint for load balancers and the load test: no token, no database."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    """``ok`` (text/plain, 200) while the process serves requests; touches nothing else."""
    return "ok\n", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
