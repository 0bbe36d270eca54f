"""Flask CLI commands: ``flask --app companion export|import|token``."""

from __future__ import annotations

import json
import sys

import click
from flask import Flask, current_app

from . import services
from .rules import RecordError


def init_app(app: Flask) -> None:
    """Register the commands on ``app``."""
    app.cli.add_command(export_games)
    app.cli.add_command(import_games)
    app.cli.add_command(show_token)


@click.command("export")
@click.option("--game", "game_id", type=int, help="Only this game (its id).")
@click.option("-o", "--output", type=click.File("w"), default="-", help="File to write (default: stdout).")
def export_games(game_id: int | None, output) -> None:
    """Write games as game records (JSON): one record, or {"games": [...]}."""
    if game_id is not None:
        try:
            row, _ = services.load(game_id)
        except services.NotFound:
            raise click.ClickException(f"no game {game_id}") from None
        json.dump(row.record(), output, indent=2, ensure_ascii=False)
    else:
        json.dump(
            {"games": [row.record() for row in services.list_games()[::-1]]},
            output,
            indent=2,
            ensure_ascii=False,
        )
    output.write("\n")


@click.command("import")
@click.argument("source", type=click.File("r"))
def import_games(source) -> None:
    """Read game records (one record, or {"games": [...]}) and store each as a new game."""
    data = json.load(source)
    records = data["games"] if isinstance(data, dict) and "games" in data else [data]
    for i, record in enumerate(records):
        try:
            row = services.create_game(record, confirm=True)
        except RecordError as exc:
            for p in exc.errors:
                click.echo(f"record {i}: {p.path}: {p.code}: {p.message}", err=True)
            sys.exit(1)
        click.echo(f"imported game {row.id}")


@click.command("token")
def show_token() -> None:
    """Print the access token (to open the app on a new device)."""
    click.echo(current_app.config["COMPANION_TOKEN"])
