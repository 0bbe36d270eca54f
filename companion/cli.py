"""Flask CLI commands: ``flask --app companion export|import|backup|restore|recheck|token``."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.exc import SQLAlchemyError

from companion.backup import archive as backup
from companion.backup import check as backup_check
from companion.games import services
from companion.store.files import write_atomic


def _one_line(text: str) -> str:
    """``text`` as one printable line: control and other unprintable characters
    (a name may hold them) written as escapes, so a refusal is always one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def init_app(app: Flask) -> None:
    """Register the commands on ``app``."""
    app.cli.add_command(export_games)
    app.cli.add_command(import_games)
    app.cli.add_command(show_token)
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
    app.cli.add_command(recheck_command)


@click.command("export")
@click.option("--game", "game_id", type=int, help="Only this game (its id).")
@click.option(
    "--format", "fmt", type=click.Choice(["json", "csv"]), default="json", show_default=True,
    help="json: game records (docs/design.md); csv: one row per round per player.",
)
@click.option("-o", "--output", type=click.File("w", encoding="utf-8"), default="-",
              help="File to write (default: stdout).")
@with_appcontext
def export_games(game_id: int | None, fmt: str, output) -> None:
    """Write games as game records (JSON: one record, or {"games": [...]}) or as CSV
    (game, played_on, round, engine, player, pips, points, total)."""
    if game_id is not None:
        try:
            game = services.get_game(game_id, include_trash=True)
        except services.NotFound:
            raise click.ClickException(f"no game {game_id}") from None
    _photos_note()
    if fmt == "csv":
        backup.write_csv(output, None if game_id is None else [game_id])
        return
    if game_id is not None:
        json.dump(game.record(), output, indent=2, ensure_ascii=False)
    else:
        json.dump(
            {"games": [services.get_game(gid).record() for gid in services.game_ids()]},
            output,
            indent=2,
            ensure_ascii=False,
        )
    output.write("\n")


@click.command("import")
@click.argument("source", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def import_games(source: str) -> None:
    """Read game records (one record, or {"games": [...]}; plain or gzip; - for
    standard input) and store each as a new game: every record is checked as the
    API checks a new game, and either all are stored or none."""
    try:
        ids = backup.import_records(backup_check.read_document(source), source)
    except backup_check.BackupError as exc:
        raise click.ClickException(_one_line(str(exc))) from None
    for gid in ids:
        click.echo(f"imported game {gid}")
    click.echo(f"imported {len(ids)} games from {source}", err=True)


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
@with_appcontext
def backup_command(path: str) -> None:
    """Write every game, round and player name to PATH (JSON; gzip if PATH ends in .gz)."""
    counts = backup.write_backup(path)
    click.echo(f"backed up {counts['games']} games, {counts['rounds']} rounds, "
               f"{counts['players']} player names to {path}")
    _photos_note(always=True)


def _photos_note(always: bool = False) -> None:
    """Say that photos of hands are not in a backup or an export (they are
    kept, with PHOTO_KEEP on, as files in the instance folder)."""
    photos = Path(current_app.instance_path) / "photos"
    kept = sum(1 for _ in photos.rglob("*.jpg")) if photos.is_dir() else 0
    if not (kept or (always and current_app.config.get("PHOTO_KEEP"))):
        return
    click.echo("contains: games, rounds, player names; no photos"
               + (f" ({kept} photos of hands are kept in {photos}: copy that folder too)" if kept else ""),
               err=True)


@click.command("restore")
@click.argument("path", type=click.Path(dir_okay=False))
@with_appcontext
def restore_command(path: str) -> None:
    """Read a backup from PATH into an EMPTY database (upgraded to the newest schema first)."""
    from flask_migrate import upgrade

    try:
        doc = backup_check.read_backup(path)
        heads = backup_check.check_backup(doc)
        upgrade()
        counts = backup.restore(doc, heads)
    except backup_check.BackupError as exc:
        raise click.ClickException(_one_line(str(exc))) from None
    except SQLAlchemyError as exc:  # checked first, so only a database that fails itself
        first = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise click.ClickException(_one_line(f"the database refused the backup: {first}")) from None
    click.echo(f"restored {counts['games']} games, {counts['rounds']} rounds, "
               f"{counts['players']} player names from {path}")


@click.command("recheck")
@click.option("--if-needed", is_flag=True,
              help="Only games derived by another engine version (as `make run` does).")
@with_appcontext
def recheck_command(if_needed: bool) -> None:
    """Derive every stored game's results again with the current rules engine;
    list any game it refuses (such a game keeps its results and stays readable)."""
    report = services.recheck(stale_only=if_needed)
    for game_id, reason in report.refused:
        click.echo(f"game {game_id} is refused by the current engine: {reason}", err=True)
    click.echo(f"rechecked {report.checked} games with engine scoring version "
               f"{services.SCORING_VERSION}; {len(report.refused)} refused")


@click.command("token")
@click.option("--rotate", is_flag=True,
              help="Make a new token: every device signed in with the old one is signed out, "
                   "and the phones' seat links and QR codes made with it end.")
@with_appcontext
def show_token(rotate: bool) -> None:
    """Print the access token (to open the app on a new device), or make a new one."""
    from companion.web import sessions as devices
    from companion.web.access import current_token

    if not rotate:
        click.echo(current_token())
        return
    path = current_app.config.get("COMPANION_TOKEN_FILE")
    if not path:
        raise click.ClickException(
            "the token is set by COMPANION_TOKEN (environment or instance/config.py): "
            "change it there and restart the app; devices signed in with the old one "
            "are then signed out")
    token = secrets.token_urlsafe(18)
    write_atomic(path, (token + "\n").encode(), mode=0o600)
    ended = devices.end_all_sessions()
    click.echo(token)
    click.echo(f"new access token written to {path}; {ended} signed-in devices signed out; "
               "the phones' seat links and QR codes made with the old token have ended "
               "(each game's page shows a new QR code)", err=True)
