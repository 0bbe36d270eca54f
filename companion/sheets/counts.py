"""The score sheet of the games scored during play or by contract: All Fives,
Fives and Threes (``rules-families.md`` sections 2 and 3) and Texas 42
(section 4). One row per hand: who led it and the bonus it closed with (the
points for the pips left, the chip-out point), or 42's shaker, contract, trumps
and made or set; then each side's points in the hand (struck through when not
pegged; marks in 42, with the points taken where recorded) and its running
total, the hand's winner shaded; the standings and the winner's line once
finished.

Every number comes from the rules module's derived record
(:meth:`companion.rules.family_game.FamilyGame.derived`: each hand's
``scores``/``totals``, or ``team_scores``/``team_totals`` in pairs, its
``pegs``, the standings); nothing is scored here. Laid out with the pairs'
sheet geometry (:mod:`companion.sheets.layout`) and fitted to one page by
:func:`companion.sheets.pdf.fit_one_page`.
"""

from __future__ import annotations

import datetime
from typing import Any

from companion.games.counts_words import CONTRACT_WORDS, TRUMP_WORDS, rule_lines
from companion.rules.errors import N_, tr, trn
from companion.rules.family_game import FamilyGame
from companion.rules.kinds import GameStatus, RoundScoring
from companion.sheets.layout import OPEN_ROWS, PAPERS, geometry, with_row
from companion.sheets.words import format_date, names_text, ordinal
from companion.web.i18n import in_language
from companion.web.labels import kind_title

TEMPLATE = "sheets/counts.html"
"""The sheet's template (rendered by :func:`companion.sheets.pdf.render_html`)."""

BONUS = N_("Bonus")
"""Heading of the column naming the points a hand closed with (not in play)."""
BID = N_("Bid")
"""Heading of 42's column naming the winning bidder and the bid."""
RESHAKE = N_("all passed: shake again")
"""42's hand in which everyone passed (scores nobody)."""
TOOK = N_("took %(n)s")
"""42: the points (0–42) a side took in the hand, under its marks."""
INFO_MM = {True: (13.0, 22.0, 17.0, 20.0), False: (16.0, 26.0)}
"""Widths (mm) of the row's information columns: 42's shaker, bid, trumps,
made or set; or who led and the closing bonus."""


def sheet_pdf(game: FamilyGame, *, played_on: datetime.date, paper: str = "a4", blank: bool = False,
              language: str | None = None) -> bytes:
    """The one-page PDF score sheet of an All Fives, Fives and Threes or
    Texas 42 game (:data:`companion.sheets.kept.FAMILY_SHEETS`).

    :param game: the checked game.
    :param played_on: the game's date, printed on the sheet.
    :param paper: a key of :data:`~companion.sheets.layout.PAPERS`.
    :param blank: leave every cell empty (a sheet to play on paper).
    :param language: the sheet's language code (English when ``None``).
    :raises ValueError: for an unknown ``paper``.
    """
    from companion.sheets.pdf import fit_one_page

    context = sheet_context(game, played_on=played_on, paper=paper, blank=blank, language=language)
    return bytes(fit_one_page(context).write_pdf())


def sheet_context(game: FamilyGame, *, played_on: datetime.date, paper: str = "a4", blank: bool = False,
                  language: str | None = None) -> dict[str, Any]:
    """The plain data of ``sheets/counts.html`` (strings, numbers, lists,
    dicts), in ``language``.

    :raises ValueError: for an unknown ``paper``.
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    with in_language(language):
        context = _context(game, played_on=played_on, paper=paper, blank=blank)
    return {**context, "language": language or "en"}


def _sides(game: FamilyGame) -> tuple[list[str], dict[str, str], str]:
    """The sides' keys in the derived record, their printed names, and the
    prefix of the derived keys (``team_`` in pairs, ``""`` alone)."""
    teams = game.table.teams
    if teams:
        keys = ["+".join(pair) for pair in teams]
        return keys, {k: " & ".join(pair) for k, pair in zip(keys, teams, strict=True)}, "team_"
    players = list(game.table.players)
    return players, {p: p for p in players}, ""


def _target(game: FamilyGame) -> int:
    """The game's target as its module keeps it (points or fives; 42's marks)."""
    inner = game.state.game.inner
    target = getattr(inner, "target", None)
    return int(target if target is not None else inner.rules.target_marks)


def _context(game: FamilyGame, *, played_on: datetime.date, paper: str, blank: bool) -> dict[str, Any]:
    derived = game.derived()
    spec = game.table.kind.spec
    contract = spec.scoring is RoundScoring.CONTRACT
    keys, names, prefix = _sides(game)
    played = [] if blank else list(derived["rounds"])
    finished = not blank and derived["status"] == GameStatus.FINISHED
    row_count = len(played) if finished else max(len(played) + 3, OPEN_ROWS)
    rows = [_row(i, played[i] if i < len(played) else None, keys, names, prefix, contract)
            for i in range(row_count)]
    standings_in = derived.get("team_standings" if prefix else "standings", [])
    standings = [] if blank or not played else [
        {"place": ordinal(s["rank"]), "side": names[s.get("name", s.get("player", ""))], "total": s["total"],
         "winner": finished and s["rank"] == 1} for s in standings_in]
    totals = {s.get("name", s.get("player")): s["total"] for s in standings_in}
    target = _target(game)
    unit = tr(spec.words.unit)
    name = kind_title(game.table.kind, game.table.as_dict().get("rules"))  # Muggins, Five Up…
    rules = rule_lines(str(spec.kind), game.table.as_dict().get("rules") or {}, target)
    context: dict[str, Any] = {
        "title": tr("%(game)s score sheet", game=tr(name)), "game_name": tr(name),
        "set_label": tr("Double-%(n)s", n=game.table.set_n), "played_on": format_date(played_on),
        "played_on_iso": played_on.isoformat(),
        "status": "blank" if blank else "finished" if finished else "in_progress" if played else "not_started",
        "players": [names[k] for k in keys], "pair_names": [names[k] for k in keys],
        "heads": _heads(contract), "rounds": rows, "rounds_played": len(played),
        "totals": [None if blank or not played else totals.get(k) for k in keys],
        "standings": standings, "winners_text": names_text([s["side"] for s in standings if s["winner"]]),
        "wins": tr(spec.words.wins, target=target), "unit": unit, "target": target, "rules": rules,
        "contract": contract, "pairs": bool(prefix),
        "winning_score": trn("%(n)s point", "%(n)s points", standings[0]["total"]) if standings else "",
        "stylesheet": "pdf/sheet.css",
        "digits": {"points": 3, "totals": 3, "marked": False}, "template": TEMPLATE,
        "struck": next((s for r in rows for c in r["cells"] for s in c["struck"]), None),
    }
    context["info_mm"] = INFO_MM[contract]
    page = _narrowed(geometry(paper, len(keys), row_count, len(rules) + 1, False), len(keys), sum(INFO_MM[contract]) + 1)
    return with_row(context | page, page["row_mm"])


def _narrowed(page: dict[str, Any], sides: int, info_mm: float) -> dict[str, Any]:
    """``page`` (laid out with the hand column alone) with each side's columns
    narrowed to leave ``info_mm`` for the information columns, split as the
    layout splits them (42 % points, the rest the running total)."""
    player_mm = page["player_mm"] - info_mm / sides
    points_mm = int(player_mm * 0.42 * 10) / 10
    return page | {"player_mm": round(player_mm, 1), "points_mm": points_mm,
                   "total_mm": int((player_mm - points_mm) * 10) / 10}


def _heads(contract: bool) -> list[str]:
    """The headings of the row's information columns."""
    if contract:
        return [tr("Shakes"), tr(BID), tr("Trumps"), tr("Made or set")]
    return [tr("Led by"), tr(BONUS)]


def _row(i: int, hand: dict[str, Any] | None, keys: list[str], names: dict[str, str], prefix: str,
         contract: bool) -> dict[str, Any]:
    """One hand's row: its number, its information cells, each side's cell:
    ``points`` (marks in 42), ``total``, ``won`` (shaded: the side that won the
    hand as the rules module derives it, ``won_by``; in 42 the side that got
    the marks), ``struck`` (points not pegged, shown struck through) and in
    42 ``took`` (the points the side took, where recorded)."""
    row: dict[str, Any] = {"number": i + 1, "played": hand is not None,
                           "info": ["", "", "", ""] if contract else ["", ""],
                           "cells": [{"points": None, "total": None, "won": False, "struck": [], "took": None}
                                     for _ in keys]}
    if hand is None:
        return row
    row["info"] = _contract_info(hand) if contract else _play_info(hand, names)
    scores, totals = hand[prefix + "scores"], hand[prefix + "totals"]
    best = max(scores.values(), default=0)
    won_by = hand.get("won_by")
    took = hand.get("points") if contract else None
    row["cells"] = [{"points": scores[k], "total": totals[k],
                     "won": k in won_by if won_by is not None else best > 0 and scores[k] == best,
                     "struck": [peg["points"] for peg in hand.get("pegs", []) if peg.get("struck") and peg["side"] == k],
                     "took": took.get(k) if isinstance(took, dict) else None}
                    for k in keys]
    return row


def _play_info(hand: dict[str, Any], names: dict[str, str]) -> list[str]:
    """Who led, and the points the hand closed with (its non-play pegs, as
    derived: the bonus for the pips left, the chip-out point)."""
    closing = [f"{names.get(peg['side'], peg['side'])} +{peg['points']}" for peg in hand.get("pegs", [])
               if peg.get("kind") != "play" and not peg.get("struck")]
    return [hand.get("leader") or "", ", ".join(closing)]


def _contract_info(hand: dict[str, Any]) -> list[str]:
    """42's shaker, bidder and bid, trumps, made or set."""
    contract = hand.get("contract")
    shaker = hand.get("shaker") or ""
    if not contract:
        return [shaker, tr(RESHAKE), "", ""]
    bid = contract["bid"]
    marks = bid["marks"] if isinstance(bid, dict) else None
    shown = str(bid) if marks is None else trn("%(num)s mark", "%(num)s marks", marks, num=marks)
    trump = contract.get("trump")
    kind = contract.get("type") or "normal"
    shown_trump = tr(TRUMP_WORDS[trump]) if trump in TRUMP_WORDS else ""
    if kind != "normal":  # a special contract says so: "Chen 1 mark, nello"
        shown = f"{shown}, {tr(CONTRACT_WORDS.get(kind, kind))}"
    return [shaker, f"{contract['player']} {shown}", shown_trump, tr(hand["result"])]
