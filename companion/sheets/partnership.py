"""The score sheet of a game played in pairs (Latin partnership dominoes,
``rules-families.md`` section 1): one column pair (points, running total) per
pair, who led each hand and how it ended, the pairs' totals and standings.

Every number comes from the game as stored (the rules module derived it:
:mod:`companion.rules.families.partnership`); this module only lays it out,
with the page geometry and one-page fitting of :mod:`companion.sheets.pdf`.
"""

from __future__ import annotations

from typing import Any

from companion.games.partnership_words import CHOICE_LABELS, RULE_LABELS
from companion.games.services import GameView
from companion.rules.errors import tr
from companion.rules.families import partnership as lp
from companion.sheets.layout import OPEN_ROWS, PAPERS, geometry, with_row
from companion.sheets.pdf import fit_one_page
from companion.sheets.words import format_date, names_text, ordinal
from companion.web.i18n import in_language

TEMPLATE = "sheets/partnership.html"
"""The pairs' sheet template (rendered by :func:`companion.sheets.pdf.render_html`)."""


def pairs_sheet_pdf(view: GameView, *, paper: str = "a4", blank: bool = False,
                    language: str | None = None) -> bytes:
    """The one-page PDF score sheet of the game in pairs ``view``.

    :param paper: a key of :data:`~companion.sheets.layout.PAPERS`.
    :param blank: leave every score cell empty (to play on paper).
    :param language: the sheet's language (a code of :data:`companion.web.i18n.LANGUAGES`).
    :raises ValueError: for an unknown ``paper``.
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    with in_language(language):
        context = pairs_sheet_context(view, paper=paper, blank=blank)
    context["language"] = language or "en"
    return bytes(fit_one_page(context).write_pdf())


def _rule_lines(rules: lp.PartnershipRules) -> list[dict[str, Any]]:
    lines = []
    for key, value in rules.changed().items():
        if key == "hand_bonuses":
            shown = " / ".join(str(v) for v in value)
        elif key in CHOICE_LABELS:
            shown = tr(CHOICE_LABELS[key].get(value, value))
        else:
            shown = str(value)
        lines.append({"label": tr(RULE_LABELS[key]), "value": shown})
    return lines


def pairs_sheet_context(view: GameView, *, paper: str, blank: bool) -> dict[str, Any]:
    """The plain data of the pairs' sheet (strings, numbers, lists, dicts),
    in the language in use."""
    derived = view.as_json()
    table = view.table.inner
    names = list(table.teams.names)
    words = [" & ".join(pair) for pair in table.teams.pairs]
    played = [] if blank else derived["rounds"]
    finished = view.finished and not blank
    row_count = len(played) if finished else max(len(played) + 3, OPEN_ROWS)
    rows = []
    for i in range(row_count):
        r = played[i] if i < len(played) else None
        row: dict[str, Any] = {"number": i + 1, "played": r is not None, "leader": "", "how": "",
                               "cells": [{"points": None, "total": None, "won": False} for _ in names]}
        if r is not None:
            row["leader"] = r.get("leader") or ""
            row["how"] = tr("blocked") if r.get("ended") == lp.Ended.BLOCKED else r.get("out") or ""
            row["cells"] = [{"points": r["team_scores"][n], "total": r["team_totals"][n],
                             "won": r.get("winner") == n} for n in names]
        rows.append(row)
    standings = [] if blank or not played else [
        {"place": ordinal(s["rank"]), "pair": " & ".join(s["team"]), "total": s["total"],
         "winner": finished and s["rank"] == 1} for s in derived["team_standings"]]
    totals = {s["name"]: s["total"] for s in derived["team_standings"]}
    winners = [s["pair"] for s in standings if s["winner"]]
    rule_lines = _rule_lines(table.rules)
    target = table.rules.target_score
    context: dict[str, Any] = {
        "title": tr("%(game)s score sheet", game=tr("Partnership dominoes")),
        "game_name": tr("Partnership dominoes"),
        "set_label": tr("Double-%(n)s", n=table.set_n),
        "played_on": format_date(view.created_at.date()),
        "played_on_iso": view.created_at.date().isoformat(),
        "status": "blank" if blank else "finished" if finished else "in_progress" if played else "not_started",
        "players": words, "pair_names": words, "pair_players": [list(p) for p in table.teams.pairs],
        "rounds": rows, "rounds_played": len(played),
        "totals": [None if blank or not played else totals[n] for n in names],
        "standings": standings, "winners_text": names_text(winners),
        "wins": tr("first pair to %(target)s points wins", target=target),
        "target": target, "rules": rule_lines, "stylesheet": "pdf/sheet.css",
        "digits": {"points": 3, "totals": 3, "marked": False}, "template": TEMPLATE,
    }
    page = geometry(paper, len(names), row_count, len(rule_lines) + 1, True)
    return with_row(context | page, page["row_mm"])
