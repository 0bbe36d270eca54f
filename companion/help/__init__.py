"""What helps the table without keeping score: the rules reference and the train planner."""


def init_app(app, csrf) -> None:
    """Register the rules reference and the train planner (its JSON API is
    exempt from the form's CSRF check, like the rest of ``/api``)."""
    from companion.help import planner, reference

    app.register_blueprint(reference.bp)
    app.register_blueprint(planner.bp)
    csrf.exempt(planner.api_plan)
