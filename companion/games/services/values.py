"""What the service layer hands back: plain values, never database rows.

A :class:`GameView` is a stored game with what the engine derived when it was
written; building one runs no engine (only the game's head is read into a
:class:`~companion.rules.Table`, cached). The outcomes of a change
(:class:`Saved`, :class:`AlreadySaved`, :class:`Conflicted`) let a page or the
API answer without knowing how the change was made.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from companion.rules import Standing, Table
from companion.rules.errors import Problem, Problems
from companion.rules.family_game import FamilyTable
from companion.rules.game import read_head
from companion.rules.schedule import RoundPlan
from companion.rules.state import RoundResult

RECORD_FORMAT = "domino-game-record"
RECORD_VERSION = 1


@lru_cache(maxsize=512)
def _table(head_json: str) -> Table | FamilyTable | None:
    problems = Problems()
    return read_head(json.loads(head_json), problems)


def table_of(head: Mapping[str, Any]) -> Table | FamilyTable:
    """The :class:`Table` of a stored head (kept per distinct head); a
    :class:`~companion.rules.family_game.FamilyTable` for a kind read by its
    own module.

    :raises ValueError: when the current engine cannot read the head at all.
    """
    table = _table(json.dumps(head, sort_keys=True))
    if table is None:
        raise ValueError("the stored game's head cannot be read")
    return table


@dataclass(frozen=True)
class RoundView:
    """A stored round with its derived result.

    :ivar number: 1-based.
    :ivar version: raised on every correction (edit conflicts).
    :ivar data: the round as in a game record (docs/design.md).
    :ivar result: points, running totals, starter, who went out.
    """

    number: int
    version: int
    data: Mapping[str, Any]
    result: RoundResult

    @property
    def scores(self) -> Mapping[str, int | None]:
        """Points by player that round (``None``: sat out)."""
        return self.result.scores

    @property
    def totals(self) -> Mapping[str, int | None]:
        """Running totals after the round (``None``: not joined yet)."""
        return self.result.totals

    @property
    def went_out(self) -> tuple[str, ...]:
        """Players whose hand was empty (picture dominoes: the winner)."""
        return self.result.went_out

    @property
    def ended(self) -> str | None:
        """``domino`` or ``blocked`` (``None`` for picture dominoes)."""
        return self.data.get("ended")

    @property
    def hands(self) -> Mapping[str, Any]:
        """Each present player's hand as in the record, by name."""
        return self.data.get("hands") or {}

    @property
    def dealt_each(self) -> int | None:
        """Tiles dealt each, when the same for all (else the first seat's count)."""
        dealt = self.data.get("dealt")
        if isinstance(dealt, Mapping):
            return next(iter(dealt.values()), None)
        return dealt

    def as_json(self) -> dict[str, Any]:
        """The round as ``GET /api/games/<id>`` shows it: the record's round
        plus ``number``, ``starter`` (Mexican Train), ``scores``, ``totals``
        and ``version``."""
        out = dict(self.data)
        out["number"] = self.number
        if self.result.starter is not None:
            out["starter"] = self.result.starter
        if "team_scores" in self.result.extra:
            out.update(self.result.extra)  # a game in pairs: the pairs' points (design.md, "Teams")
        else:
            out["scores"] = dict(self.result.scores)
            out["totals"] = dict(self.result.totals)
            out.update(self.result.extra)
        out["version"] = self.version
        return out


@dataclass(frozen=True)
class GameView:
    """A stored game and its derived results (no engine run to build it).
    It answers as :class:`companion.rules.Game` does (``table``, ``rounds``,
    ``finished``, ``standings()``, ``winners()``, ``next_round()``,
    ``scores()``, ``running_totals()``), from what was stored.

    :ivar id: the game's id.
    :ivar created_at: when it was started (the sheet's "played on").
    :ivar revision: raised on every change.
    :ivar view_key: the spectator link's secret.
    :ivar shelf: ``games``, ``archive`` or ``trash``.
    :ivar table: kind, set, rules and seats.
    :ivar rounds: the rounds played, in order.
    :ivar summary: standings, winners, leaders, rounds gone out, next round
        (see :meth:`companion.rules.state.GameState.summary`).
    :ivar engine_version: the scoring version that derived the results.
    :ivar recheck_problem: why the current engine refuses the game, if it does.
    """

    id: int
    created_at: datetime
    revision: int
    view_key: str
    shelf: str
    table: Table | FamilyTable
    rounds: tuple[RoundView, ...]
    summary: Mapping[str, Any]
    engine_version: int | None = None
    recheck_problem: str | None = None

    @property
    def status(self) -> str:
        """``in_progress`` or ``finished``."""
        return str(self.summary["status"])

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.status == "finished"

    @property
    def ended_by_table(self) -> bool:
        """True when the table ended the game where it stood (the record's
        ``ended_by_players``; ``POST /api/games/<id>/finish``) and it is over:
        the winner's card says so, beside the standings."""
        return self.finished and bool(getattr(self.table, "ended_by_players", False))

    def standings(self) -> list[Standing]:
        """Players in order (see :meth:`companion.rules.Game.standings`)."""
        return [Standing(s["player"], s["total"], s["rank"]) for s in self.summary["standings"]]

    def winners(self) -> list[str]:
        """Players ranked first once the game is finished; ``[]`` before."""
        return list(self.summary["winners"])

    def next_round(self) -> RoundPlan | None:
        """The plan of the next round, ``None`` once finished."""
        nxt = self.summary.get("next_round")
        if nxt is None:
            return None
        return RoundPlan(nxt["number"], nxt["engine"], nxt["starter"], nxt["dealt"], nxt["boneyard"])

    def scores(self) -> list[Mapping[str, int | None]]:
        """Each round's points by player."""
        return [r.scores for r in self.rounds]

    def running_totals(self) -> list[Mapping[str, int | None]]:
        """Totals after each round."""
        return [r.totals for r in self.rounds]

    def record(self) -> dict[str, Any]:
        """The plain game record (docs/design.md), as stored."""
        d = self.table.as_dict()
        d["rounds"] = [dict(r.data) for r in self.rounds]
        return d

    def as_json(self) -> dict[str, Any]:
        """``GET /api/games/<id>``: the record with the derived fields of
        docs/design.md (``rounds[].scores``, ``totals``, ``starter``, ``version``,
        ``standings``, ``status``, ``winners``, ``rounds_out``, ``next_round``
        while in progress) and ``id``, ``revision``, ``created_at``."""
        d = self.table.as_dict()
        d["rounds"] = [r.as_json() for r in self.rounds]
        if "team_standings" in self.summary:
            d["team_standings"] = list(self.summary["team_standings"])  # design.md, "Teams"
        else:
            d["standings"] = list(self.summary["standings"])
        d["status"] = self.status
        d["winners"] = self.winners()
        d["rounds_out"] = dict(self.summary["rounds_out"])
        if self.summary.get("next_round") is not None:
            d["next_round"] = dict(self.summary["next_round"])
        d["id"] = self.id
        d["revision"] = self.revision
        d["created_at"] = self.created_at.isoformat()
        if self.shelf != "games":
            d["shelf"] = self.shelf
        return d


@dataclass(frozen=True)
class GameSummary:
    """One line of the games list (no rounds).

    :ivar leaders: players ranked first now; ``winners`` once finished.
    """

    id: int
    created_at: datetime
    kind: str
    set_n: int
    players: tuple[str, ...]
    rounds_played: int
    rounds_total: int | None
    status: str
    leaders: tuple[str, ...]
    winners: tuple[str, ...]
    shelf: str
    rules: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The rules as given (the list titles a game by the named game they play).
    Left out of the hash (a dict has none; equal summaries still compare their
    rules): a player's page keys its cache by its games in play."""

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.status == "finished"

    def as_json(self) -> dict[str, Any]:
        """An item of ``GET /api/games``."""
        return {
            "id": self.id,
            "kind": self.kind,
            "set": self.set_n,
            "players": list(self.players),
            "rounds_played": self.rounds_played,
            "rounds_total": self.rounds_total,
            "status": self.status,
            "leaders": list(self.leaders),
            "created_at": self.created_at.isoformat(),
        }


@dataclass(frozen=True)
class Page:
    """One page of games, newest first.

    :ivar items: the games on this page.
    :ivar page: 1-based page number.
    :ivar per_page: games per page.
    :ivar has_next: a later page exists.
    """

    items: list[GameSummary]
    page: int
    per_page: int
    has_next: bool


# -- outcomes of a change ------------------------------------------------------


@dataclass(frozen=True)
class Saved:
    """The round was saved (added or corrected).

    :ivar round: the round as saved (the game may change again at once).
    :ivar revision: the game's revision this change gave it (an undo is only
        done while the game still is at it); ``None`` where not known.
    :ivar previous: a correction: the round's data as it was before.
    :ivar game: the game as this change left it, when the change had it at
        hand (an added round): what an answer shows without reading the game
        again; ``None`` otherwise.
    :ivar player_ids: the game's players' roster ids (``{name: id}``), read
        with ``game``.
    """

    round: RoundView
    revision: int | None = None
    previous: dict[str, Any] | None = None
    game: GameView | None = None
    player_ids: dict[str, int] | None = None


@dataclass(frozen=True)
class Deleted:
    """The last round was deleted.

    :ivar number: the round deleted.
    :ivar data: what it held (to put it back).
    :ivar revision: the game's revision this change gave it.
    """

    number: int
    data: dict[str, Any]
    revision: int


@dataclass(frozen=True)
class AlreadySaved:
    """The same round was sent again (a double tap, a reload): it is saved
    already and nothing changed.

    :ivar problem: the ``edit_conflict`` to report where a repeat is an error (API).
    """

    number: int
    problem: Problem


@dataclass(frozen=True)
class Conflicted:
    """Another device changed the game first; nothing was saved.

    :ivar problem: the ``edit_conflict`` problem.
    :ivar number: the round it is about.
    :ivar taken_by_other: another device saved this very round with other
        numbers (a page offers what was typed as a correction of it).
    :ivar version: the stored round's version then (to send with a correction).
    """

    problem: Problem
    number: int | None = None
    taken_by_other: bool = False
    version: int | None = None


@dataclass(frozen=True)
class Recheck:
    """What ``flask recheck`` found.

    :ivar checked: games derived again.
    :ivar refused: ``(game id, reason)`` of each game the engine refuses (kept readable).
    """

    checked: int = 0
    refused: list[tuple[int, str]] = field(default_factory=list)
