"""Players' phones: seat links, the round a player sends from their own phone."""


def init_app(app, csrf) -> None:
    """Register the phones' pages (a seat's own page, the tablet's panel)."""
    from companion.games.signals import seats_moved
    from companion.phones import links, views

    app.register_blueprint(views.bp)
    seats_moved.connect(links.move_seats)
