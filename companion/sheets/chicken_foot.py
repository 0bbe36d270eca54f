"""The score sheet of a Chicken Foot game: the same page as every kind's
(``templates/sheets/sheet.html``), its rows the rounds of the centre doubles
from the set's highest down to 0-0, the "Starts" column saying the double's
holder starts.

Everything shown comes from the engine's derived record
(:meth:`companion.rules.family_game.FamilyGame.derived`: each round's centre
double, points and running totals, the standings, the next round); nothing is
scored here. Rule sources: the rules brief of the domino families, section 5
(``docs/sources.md``, "Chicken Foot").
"""

from __future__ import annotations

import datetime
from typing import Any

from companion.games import chicken_foot as words
from companion.rules.errors import N_, tr, trn
from companion.rules.family_game import FamilyGame
from companion.rules.kinds import GameStatus
from companion.sheets.context import STYLESHEET
from companion.sheets.layout import PAPERS, geometry, with_row
from companion.sheets.words import format_date, names_text, ordinal
from companion.web.i18n import in_language

HOLDER = N_("its holder")
"""The "Starts" cell of a round: whoever holds the round's centre double."""


def sheet_context(game: FamilyGame, *, played_on: datetime.date, paper: str = "a4", blank: bool = False,
                  language: str | None = None) -> dict[str, Any]:
    """The plain data ``sheets/sheet.html`` needs for a Chicken Foot game (the
    keys of :func:`companion.sheets.context.sheet_context`).

    :param game: the checked game (kind ``chicken_foot``).
    :param paper: a paper of :data:`~companion.sheets.layout.PAPERS`.
    :param blank: leave every score cell empty (a sheet to play on paper).
    :raises ValueError: for an unknown ``paper``.
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    with in_language(language):
        context = _context(game, played_on=played_on, paper=paper, blank=blank)
    return {**context, "language": language or "en"}


def _context(game: FamilyGame, *, played_on: datetime.date, paper: str, blank: bool) -> dict[str, Any]:
    derived = game.derived()
    inner = game.table.inner
    players = list(inner.players)
    played = [] if blank else derived["rounds"]
    plan = derived.get("next_round") if not blank else {"engine": inner.set_n}
    doubles = [r["engine"] for r in played] + words.doubles_left(plan)
    status = "blank" if blank else derived["status"] if played else "not_started"
    spec = game.table.kind.spec
    rows = [_row(i, d, played, len(players), blank, status) for i, d in enumerate(doubles)]
    standings = [] if status in ("blank", "not_started") else derived["standings"]
    winners = list(derived["winners"]) if status == GameStatus.FINISHED else []
    by_player = {s["player"]: s["total"] for s in standings}
    # the set's plan (one round a double, 9-9 … 0-0), not the rows: a game
    # ended early has fewer rows than its set has rounds
    rule_lines = _rules(inner, inner.set_n + 1)
    context: dict[str, Any] = {
        "title": tr("%(game)s score sheet", game=tr(spec.words.name)),
        "game_name": tr(spec.words.name), "unit": tr(spec.words.unit), "wins": tr(spec.words.wins),
        "progress_hint": tr(spec.words.hint), "played_on": format_date(played_on),
        "played_on_iso": played_on.isoformat(), "blank": blank, "status": status,
        "set_label": tr("Double-%(n)s", n=inner.set_n), "has_engines": True, "start_moves": False,
        "engine_heading": tr(words.CENTRE_SHORT), "rules": rule_lines,
        "double_blank_points": inner.rules.double_blank_points, "players": players, "rounds": rows,
        "round_count": len(doubles), "rounds_played": len(played),
        "totals": [by_player.get(p) for p in players] if standings else [None] * len(players),
        "standings": [{"rank": s["rank"], "place": ordinal(s["rank"]), "player": s["player"],
                       "total": s["total"], "winner": s["player"] in winners} for s in standings],
        "winners": winners, "winners_text": names_text(winners),
        "winning_total": standings[0]["total"] if standings else None,
        "winning_score": trn("%(n)s point", "%(n)s points", standings[0]["total"]) if standings else "",
        "any_absent": False, "stylesheet": STYLESHEET,
    }
    numbers = [c["points"] for r in rows for c in r["cells"] if c["points"] is not None]
    context["digits"] = {
        "points": max((len(str(n)) for n in numbers), default=2),
        "totals": max((len(str(n)) for n in context["totals"] if n is not None), default=2),
        "marked": any(c["double_blank"] for r in rows for c in r["cells"]),
    }
    page = geometry(paper, len(players), len(rows), len(rule_lines), True)
    return with_row(context | page, page["row_mm"])


def _row(i: int, double: int, played: list[dict[str, Any]], seats: int, blank: bool,
         status: str) -> dict[str, Any]:
    """One round's row: its number, centre double, who starts, each player's cell."""
    rnd = played[i] if i < len(played) else None
    row: dict[str, Any] = {
        "number": i + 1, "engine": f"{double}-{double}", "starter": tr(HOLDER), "played": rnd is not None,
        "next": not blank and i == len(played) and status == GameStatus.IN_PROGRESS,
        "ended": rnd["ended"] if rnd else None, "unverified": False,
        # the doubles nobody held before this round (the engine's rounds[].burnt)
        "burnt": [tr("%(a)s-%(a)s burnt", a=b) for b in (rnd or {}).get("burnt", [])],
        "cells": [{"points": None, "total": None, "out": False, "double_blank": False, "absent": False}
                  for _ in range(seats)],
    }
    if rnd is not None:
        hands = rnd["hands"]
        row["cells"] = [{"points": rnd["scores"][name], "total": rnd["totals"][name],
                         "out": hands[name].get("pips") == 0 and rnd["ended"] == "domino"
                         and not hands[name].get("double_blank"),
                         "double_blank": bool(hands[name].get("double_blank")),
                         "absent": False} for name in hands]
    return row


def _rules(inner: Any, rounds: int) -> list[dict[str, Any]]:
    """The rule lines: the set and its rounds, the deal, the 0-0, an unheld
    centre double, then every other rule changed from the defaults."""
    rules = inner.rules
    lines = [
        {"label": tr("Set"), "value": tr("Double-%(n)s", n=inner.set_n),
         "explain": tr(words.SET_EXPLAIN, size=inner.set.size, rounds=rounds, first=inner.set_n)},
        {"label": tr("Deal"), "value": trn("%(n)s tile each", "%(n)s tiles each", inner.dealt),
         "explain": tr("%(players)s players; a round's own deal may differ.", players=len(inner.players))},
        {"label": tr(words.RULE_WORDS["double_blank_points"]),
         "value": trn("%(n)s point", "%(n)s points", rules.double_blank_points), "explain": ""},
        {"label": tr(words.RULE_WORDS["unheld_double"]), "value": tr(words.UNHELD_WORDS[rules.unheld_double]),
         "explain": ""},
    ]
    shown = {"double_blank_points", "unheld_double"}
    for key, value in rules.changed().items():
        if key not in shown:
            lines.append({"label": tr(words.RULE_WORDS.get(key, key)), "value": words.rule_value(key, value),
                          "explain": ""})
    for line in lines:
        line.update(changed=False, default=None)
    return lines


def sheet_pdf(game: FamilyGame, *, played_on: datetime.date, paper: str = "a4", blank: bool = False,
              language: str | None = None) -> bytes:
    """The score sheet of a Chicken Foot game as a one-page PDF, laid out as
    :func:`companion.sheets.pdf.score_sheet_pdf` lays out every kind's.

    :raises ValueError: for an unknown ``paper``.
    """
    from companion.sheets.pdf import fit_one_page

    context = sheet_context(game, played_on=played_on, paper=paper, blank=blank, language=language)
    return bytes(fit_one_page(context).write_pdf())
