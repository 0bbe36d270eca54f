"""The plain data a score sheet template needs, made from a checked game.

Strings, numbers, booleans, lists and dicts only: no domain objects reach the
template. Scores, running totals, standings and winners come from the game
(:class:`~companion.rules.game.Game`); nothing is scored here.
"""

from __future__ import annotations

import datetime
from typing import Any

from companion.rules.errors import tr, trn
from companion.rules.game import Game
from companion.rules.kinds import GameKind, GameStatus
from companion.rules.schedule import next_starter
from companion.sheets.layout import OPEN_ROWS, PAPERS, geometry, with_row
from companion.sheets.words import format_date, kind_words, names_text, ordinal, rules_in_play
from companion.web.i18n import in_language

STYLESHEET = "pdf/sheet.css"
"""The sheet's stylesheet, relative to ``static/`` (fetched through the PDF's URL fetcher)."""

def _blank_cells(count: int) -> list[dict[str, Any]]:
    return [
        {"points": None, "total": None, "out": False, "double_blank": False, "absent": False}
        for _ in range(count)
    ]


def sheet_context(
    game: Game,
    *,
    played_on: datetime.date,
    paper: str = "a4",
    blank: bool = False,
    title: str | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """The plain data a score sheet template needs (no domain objects).

    Scores, running totals, standings and winners come from the game
    (:meth:`Game.scores`, :meth:`Game.running_totals`, :meth:`Game.standings`,
    :meth:`Game.winners`); nothing is scored here.

    :param game: the checked game.
    :param played_on: the day the game is (or was) played.
    :param paper: ``"a4"`` or ``"letter"``, or the half pages ``"a5"`` and
        ``"half-letter"`` (:data:`PAPERS`).
    :param blank: leave every score cell empty (a sheet to play on paper).
    :param title: the sheet's heading; "<game> score sheet" by default.
    :param language: the language of the sheet's words (a code of
        :data:`companion.i18n.LANGUAGES`); English by default.
    :return: a dict of strings, numbers, booleans, lists and dicts. Points and
        totals are ints (points), ``None`` where a cell stays empty.
    :raises ValueError: for an unknown ``paper``.
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    with in_language(language):
        context = _sheet_context(game, played_on=played_on, paper=paper, blank=blank, title=title)
    return {**context, "language": language or "en"}


def _sheet_context(
    game: Game, *, played_on: datetime.date, paper: str, blank: bool, title: str | None
) -> dict[str, Any]:
    table = game.table
    players = list(table.players)
    rules = table.rules
    words = kind_words(game)
    has_engines = bool(table.engines)
    played = () if blank else game.rounds
    row_count = _row_count(game, len(played), blank)
    rounds = _round_rows(game, blank=blank, row_count=row_count)
    status = _status(game, blank)
    totals, standings, winners_list = _standings(game, status)
    rule_lines = rules_in_play(game)
    context: dict[str, Any] = {
        "title": title or tr("%(game)s score sheet", game=words["name"]),
        "game_name": words["name"],
        "unit": words["unit"],
        "wins": words["wins"],
        "progress_hint": words["hint"],
        "played_on": format_date(played_on),
        "played_on_iso": played_on.isoformat(),
        "blank": blank,
        "status": status,
        "set_label": tr("Double-%(n)s", n=table.set_n) if table.kind.counts_pips else tr("Picture tiles"),
        "has_engines": has_engines,
        "rules": rule_lines,
        "double_blank_points": rules.double_blank_points if table.kind.has_engine else 0,
        "players": players,
        "rounds": rounds,
        "round_count": table.round_count,
        "rounds_played": len(played),
        "totals": totals,
        "standings": standings,
        "winners": winners_list,
        "winners_text": names_text(winners_list),
        "winning_total": standings[0]["total"] if standings else None,
        "winning_score": _score_words(table.kind, standings[0]["total"]) if standings else "",
        "any_absent": any(c["absent"] for r in rounds for c in r["cells"]),
        "stylesheet": STYLESHEET,
    }
    numbers = [c["points"] for r in rounds for c in r["cells"] if c["points"] is not None]
    context["digits"] = {
        "points": max((len(str(n)) for n in numbers), default=2),
        "totals": max((len(str(n)) for n in totals if n is not None), default=2),
        "marked": any(c["double_blank"] for r in rounds for c in r["cells"]),
    }
    page = geometry(paper, len(players), row_count, len(rule_lines), has_engines)
    return with_row(context | page, page["row_mm"])


def _row_count(game: Game, played: int, blank: bool) -> int:
    """Rows of the sheet's grid: Mexican Train lists every round of its
    schedule; a game without one (classic games, picture dominoes) lists the
    ``played`` rounds, and while it goes on (or on a blank sheet) room to
    write more by hand: at least :data:`OPEN_ROWS`, three past the last
    round. A finished game's sheet ends at its last round."""
    if game.table.engines:
        return len(game.table.engines)
    if game.finished and not blank:
        return played
    return max(played + 3, OPEN_ROWS)


def _round_rows(game: Game, *, blank: bool, row_count: int) -> list[dict[str, Any]]:
    """One row per round: number, engine and starter (Mexican Train), and for
    a played round each player's cell (points, running total, out, 0-0, away)."""
    table = game.table
    players = list(table.players)
    has_engines = bool(table.engines)
    played = () if blank else game.rounds
    scores = game.scores() if played else []
    running = game.running_totals() if played else []
    starters = _starters(game, len(played), row_count) if has_engines else [""] * row_count
    rounds: list[dict[str, Any]] = []
    for i in range(row_count):
        number = i + 1
        rnd = played[i] if i < len(played) else None
        absent = set(rnd.absent) if rnd is not None else set()
        engine = table.engines[i] if has_engines else None
        row: dict[str, Any] = {
            "number": number,
            "engine": f"{engine}-{engine}" if engine is not None else "",
            "starter": starters[i],
            "played": rnd is not None,
            "next": not blank and i == len(played) and not game.finished,
            "ended": rnd.ended if rnd is not None else None,
            "unverified": rnd is not None and rnd.unverified,
            "cells": _blank_cells(len(players)),
        }
        if rnd is not None:
            went_out = set(rnd.went_out)
            row["cells"] = []
            for name in players:
                hand = rnd.hands.get(name)
                row["cells"].append(
                    {
                        "points": scores[i].get(name),
                        "total": running[i].get(name),
                        "out": name in went_out,
                        "double_blank": bool(
                            hand is not None
                            and hand.double_blank
                            and not hand.out
                            and table.rules.double_blank_points > 0
                        ),
                        "absent": name in absent,
                    }
                )
        rounds.append(row)
    return rounds


def _starters(game: Game, played: int, row_count: int) -> list[str]:
    """Who starts each round of a Mexican Train sheet: as recorded for the
    ``played`` rounds, then passing clockwise among the players at the table."""
    table = game.table
    names = [r.starter or "" for r in game.results[:played]]
    previous = names[-1] if names else None
    while len(names) < row_count:
        previous = next_starter(table.players, previous, table.first_starter, table.at_table)
        names.append(previous)
    return names


def _status(game: Game, blank: bool) -> str:
    """``blank``, ``finished``, ``in_progress`` or ``not_started``."""
    if blank:
        return "blank"
    if game.finished:
        return GameStatus.FINISHED
    if game.rounds:
        return GameStatus.IN_PROGRESS
    return "not_started"


def _standings(
    game: Game, status: str
) -> tuple[list[int | None], list[dict[str, Any]], list[str]]:
    """Totals in seat order, the standings and the winners (empty on a blank
    or unstarted sheet)."""
    players = list(game.table.players)
    if status not in (GameStatus.IN_PROGRESS, GameStatus.FINISHED):
        return [None] * len(players), [], []
    by_player = game.totals()
    totals: list[int | None] = [by_player[name] for name in players]
    winners_list = list(game.winners()) if status == GameStatus.FINISHED else []
    standings = [
        {
            "rank": s.rank,
            # unranked: gone before the end of a finished game; in a game
            # under way, away from the table or not yet played (a newcomer)
            "place": ordinal(s.rank) if s.rank is not None
            else tr("left") if status == GameStatus.FINISHED else "–",
            "player": s.player,
            "total": s.total,
            "winner": s.player in winners_list,
        }
        for s in game.standings()
    ]
    return totals, standings, winners_list


def _score_words(kind: GameKind, total: int) -> str:
    """A winner's total with its unit, in the plural form the count takes:
    ``1 point``, ``12 points``; picture dominoes ``1 round won``."""
    if kind.counts_pips:
        return trn("%(n)s point", "%(n)s points", total)
    return trn("%(n)s round won", "%(n)s rounds won", total)
