"""Domino Table Companion: a Flask app that keeps the score beside a real domino table."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Flask is imported by create_app: companion.rules runs without it
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def _instance_secret(instance: Path, filename: str, nbytes: int = 24) -> str:
    """Read a secret kept in the instance folder, making it on first start."""
    path = instance / filename
    if path.exists():
        value = path.read_text().strip()
        if value:
            return value
    value = secrets.token_urlsafe(nbytes)
    path.write_text(value + "\n")
    os.chmod(path, 0o600)
    return value


def _close_after_compression(response: Any) -> Any:
    """Close a streamed file when its answer closes, also when Flask-Compress
    has replaced the stream by its compressing generator (which does not close
    the file it reads)."""
    if response.is_streamed and hasattr(response.response, "close"):
        response.call_on_close(response.response.close)
    return response


_DEFAULTS: dict[str, Any] = dict(
    WTF_CSRF_TIME_LIMIT=None,
    BABEL_DEFAULT_LOCALE="en",
    SESSION_COOKIE_SAMESITE="Lax",
    SESSION_COOKIE_HTTPONLY=True,
    PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
    MAX_CONTENT_LENGTH=1024 * 1024,
    # Flask-Compress: text answers over 1 KB, for clients that accept it
    # (PDFs and PNGs are compressed already).
    COMPRESS_MIMETYPES=[
        "text/html", "text/css", "text/javascript", "text/plain", "application/javascript",
        "application/json", "application/manifest+json", "image/svg+xml",
    ],
    COMPRESS_MIN_SIZE=1024,
    COMPRESS_ALGORITHM_STREAMING=["zstd", "br", "gzip", "deflate"],  # our static files
)
"""The app's settings before ``instance/config.py`` and the environment."""


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app.

    Configuration, later wins: the defaults; ``instance/config.py``;
    environment variables ``COMPANION_*`` and ``DATABASE_URL``; ``test_config``.

    :param test_config: settings for tests (``INSTANCE_PATH`` picks the folder).
    :return: the Flask application.
    """
    from flask import Flask

    instance = Path(
        (test_config or {}).get("INSTANCE_PATH")
        or os.environ.get("COMPANION_INSTANCE_PATH")
        or ROOT / "instance"
    )
    instance.mkdir(parents=True, exist_ok=True)
    app = Flask(
        __name__,
        instance_path=str(instance),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    _configure(app, instance, test_config)
    _init_extensions(app, instance)
    return app


def _configure(app: Flask, instance: Path, test_config: Mapping[str, Any] | None) -> None:
    """The settings, later wins: defaults, ``instance/config.py``, environment, tests."""
    app.config.from_mapping(_DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    env = os.environ
    if env.get("DATABASE_URL") or env.get("COMPANION_DATABASE_URL"):
        app.config["DATABASE_URL"] = env.get("COMPANION_DATABASE_URL") or env["DATABASE_URL"]
    if env.get("COMPANION_TOKEN"):
        app.config["COMPANION_TOKEN"] = env["COMPANION_TOKEN"]
    if env.get("COMPANION_SECRET_KEY"):
        app.config["SECRET_KEY"] = env["COMPANION_SECRET_KEY"]
    if test_config:
        app.config.update(test_config)

    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(instance, "secret_key", 32)
    if not app.config.get("COMPANION_TOKEN"):
        app.config["COMPANION_TOKEN"] = _instance_secret(instance, "token", 18)
        app.config["COMPANION_TOKEN_FILE"] = str(instance / "token")  # token --rotate


def _init_extensions(app: Flask, instance: Path) -> None:
    """The database, languages, CSRF, security headers, compression, sign-in."""
    from companion.store import db as database

    app.config.setdefault(
        "SQLALCHEMY_DATABASE_URI",
        database.database_url(app.config.get("DATABASE_URL"), str(instance)),
    )
    from companion.web import sessions as devices

    _import_every_table()

    database.init_app(app)  # a 0600 SQLite file; migrate at start, or 503 until migrated

    from companion.web.i18n import init_babel
    from companion.web.labels import template_globals

    init_babel(app)
    app.jinja_env.globals.update(template_globals())

    from flask_compress import Compress
    from flask_wtf.csrf import CSRFProtect

    from companion.web import access as auth
    from companion.web import assets, numbers, security
    from companion.web import errors as web_errors

    csrf = CSRFProtect(app)
    security.init_app(app)
    web_errors.init_app(app)
    Compress(app)
    assets.init_app(app)  # our scripts and styles served minified
    app.after_request(_close_after_compression)  # runs before Flask-Compress's hook
    auth.init_app(app)
    numbers.init_app(app)  # a number that is none, or too large: 422 bad_value at its field
    app.register_blueprint(auth.bp)
    devices.init_app(app)
    _register_views(app, csrf)


def _import_every_table() -> None:
    """Every feature's tables, known to SQLAlchemy's metadata (and so to
    Flask-Migrate and the backups) before the first request."""
    from companion.clubs import models as clubs  # noqa: F401
    from companion.games import models as games  # noqa: F401
    from companion.phones import models as phones  # noqa: F401
    from companion.players import models as players  # noqa: F401
    from companion.web import (
        sessions,  # noqa: F401
        signin_count,  # noqa: F401
    )


def _register_views(app: Flask, csrf: Any) -> None:
    """Every feature's blueprints (each feature registers its own), the
    shared pages (health, device), the commands."""
    from companion import cli, clubs, games, help, phones, players
    from companion.photo import views as photo
    from companion.sheets import views as sheets
    from companion.web import device, health

    app.register_blueprint(health.bp)
    app.register_blueprint(device.bp)
    for feature in (games, help, players, clubs, phones):
        feature.init_app(app, csrf)
    sheets.init_app(app)
    photo.init_app(app, csrf)  # POST /api/photo/hand: pips from a photo
    cli.init_app(app)
