"""The game page of a Chicken Foot game (``templates/games/chicken_foot/game.html``):
the next-round card with the centre double, the round form, the scoreboard
with each round's centre double, the chart up to the rounds the game can have.

:func:`companion.games.views.pages.render_game` hands a game of this kind
here; the round form is read and saved as every kind's is (``pages.py``).
"""

from __future__ import annotations

from typing import Any

from flask import render_template

from companion.games import chicken_foot, services
from companion.games.chart import running_totals_chart
from companion.games.forms import errors_for_hands, pips_box_wrong
from companion.games.views import undo as undo_views
from companion.web.labels import KIND_NAMES


def render(game: services.GameView, *, values: Any, draft_restore: bool, errors: dict[str, list[str]],
           warnings: list[Any], status: int, edit: int | None) -> tuple[str, int]:
    """The page of ``game`` (a Chicken Foot game), as :func:`pages.render_game` draws others.

    :param values: the round form's values (as typed, or a stored round's).
    :param edit: the round being corrected, or ``None`` for the next round.
    :return: the HTML and the status to answer with.
    """
    t = game.table
    derived = game.as_json()
    plan = derived.get("next_round")
    engines = chicken_foot.engines_played(derived["rounds"])
    number = edit or (plan["number"] if plan else None)
    engine = engines[edit - 1] if edit else (plan["engine"] if plan else None)
    before = engines[number - 2] if number and number > 1 else None
    planned = chicken_foot.rounds_planned(len(game.rounds), plan)
    # the doubles nobody held before the last round played (the rules' rounds[].burnt)
    burnt_last = derived["rounds"][-1].get("burnt", []) if plan and derived["rounds"] else []
    html = render_template(
        "games/chicken_foot/game.html",
        game=game,
        derived=derived,
        plan=plan,
        rules=t.inner.rules,
        values=values,
        draft_restore=draft_restore,
        errors=errors,
        hand_errors=errors_for_hands(errors, t.players),
        pips_wrong=pips_box_wrong(errors, t.players),
        warnings=warnings,
        edit=edit,
        number=number,
        engine=engine,
        engines=engines,
        future=chicken_foot.doubles_left(plan)[1:] if plan else [],
        engine_choices=chicken_foot.engine_choices(t.set_n, before),
        burn=t.inner.rules.unheld_double == chicken_foot.cf.UnheldDouble.BURN,
        burnt_last=burnt_last,
        unheld=chicken_foot.UNHELD_WORDS[t.inner.rules.unheld_double],
        planned=planned,
        kind_names=KIND_NAMES,
        rules_in_play=chicken_foot.rules_in_play(t.inner.rules),
        went_out=[rnd.went_out for rnd in game.rounds],
        chart=running_totals_chart(t.players, game.running_totals(), game.scores(), planned),
        undo=undo_views.notice(game),
    )
    return html, status
