"""Games: their rows, the services that check rounds with the engine and store them, the forms, the pages and the JSON API."""


def init_app(app, csrf) -> None:
    """Register the games' pages and JSON API (JSON only, so exempt from the
    form's CSRF check: see :func:`companion.games.api.require_json`), and tell
    access how a spectator link's key is checked."""
    from companion.games import api
    from companion.games.services.games import view_key_of
    from companion.games.views import chart, counts, pages, partnership, rematch, seats, undo
    from companion.web.access import view_keys_from

    for blueprint in (pages.bp, partnership.bp, api.bp, rematch.bp, seats.bp, undo.bp, counts.bp, chart.bp):
        app.register_blueprint(blueprint)
    csrf.exempt(api.bp)
    view_keys_from(app, view_key_of)
