"""Club nights: an evening's players, its tables drawn and their games, the standings, the season; pages and API."""


def init_app(app, csrf) -> None:
    """Register the club nights' pages and their JSON API (CSRF-exempt, JSON
    only); listen to the players' changes; tell the game page which club night
    a game is a table of (the template global ``club_table_of``) and the start
    page which games are a night's tables."""
    from companion.clubs import match_views, nights, people, views
    from companion.games.signals import games_seated_by_others
    from companion.players.signals import event_of_game, players_merged

    _ = match_views  # imported for its routes, on the club nights' blueprints
    app.register_blueprint(views.bp)
    app.register_blueprint(views.api)
    csrf.exempt(views.api)
    players_merged.connect(people.on_players_merged)
    event_of_game.connect(people.event_of_game)
    games_seated_by_others.connect(people.club_games_among)  # not offered as a group to seat again
    # The game page names the club night a game is a table of.
    app.jinja_env.globals["club_table_of"] = nights.table_of_game
