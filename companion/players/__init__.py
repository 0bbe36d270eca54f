"""Players: the roster (one player per name), their lines from finished games, records, head to head, the leaderboard, their pages and API."""


def init_app(app, csrf) -> None:
    """Register the players' pages and their JSON API (CSRF-exempt, JSON only)."""
    from companion.games.signals import games_changed
    from companion.players import lines, views

    app.register_blueprint(views.bp)
    games_changed.connect(lines.on_games_changed)
    app.register_blueprint(views.api)
    csrf.exempt(views.api)
