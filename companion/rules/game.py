"""The game: a checked table and its rounds, and what they add up to.

:class:`Game` derives what the table needs from its rounds: each round's
points (:mod:`.scoring`), running totals, standings, whether the game is
finished, its winners and the plan of the next round. :func:`read_game` and
:func:`check_round` are the engine's entry points: they read a record (or one
round) with :mod:`.read_table` and :mod:`.read_round` and raise
:class:`~.errors.RecordError` with every problem found. Nothing here knows
about the web or the database.

Rule sources: lowest total wins in Mexican Train (all the documents of docs/sources.md), highest in
the classic games and picture dominoes; a Mexican Train game ends after the
last engine's round; a classic game when a total reaches the target score
(100; [RU], docs/sources.md); picture dominoes never end by themselves
(§4). Late joiners start as the rule profile's ``late_join`` says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from companion.rules.errors import Problems, tr
from companion.rules.family_game import FamilyGame, FamilyTable, family_spec, read_family_game
from companion.rules.family_game import read_table as read_family_table
from companion.rules.kinds import GameStatus
from companion.rules.record.document import Round, Standing, Table
from companion.rules.record.read_round import parse_round
from companion.rules.record.read_table import parse_table
from companion.rules.schedule import RoundPlan
from companion.rules.state import GameState, RoundResult, check_round_at, derive_all


@dataclass(frozen=True)
class Game:
    """A checked game: its :class:`Table` and the rounds played so far.

    Everything it derives comes from one path, :func:`.state.derive_all`
    (the :class:`~.state.GameState` reached round by round from round 1), the
    same the services use to store results; it is worked out once per
    ``Game`` and kept.
    """

    table: Table
    rounds: tuple[Round, ...] = field(default_factory=tuple)

    @cached_property
    def _derivation(self) -> tuple[GameState, list[RoundResult]]:
        return derive_all(self.table, self.rounds)

    @property
    def state(self) -> GameState:
        """The state after the last round (:class:`~.state.GameState`)."""
        return self._derivation[0]

    @property
    def results(self) -> list[RoundResult]:
        """Each round's :class:`~.state.RoundResult` (points, running totals,
        starter, who went out), in round order."""
        return self._derivation[1]

    def scores(self) -> list[dict[str, int | None]]:
        """Each round's points by player (``None`` when absent)."""
        return [dict(r.scores) for r in self.results]

    def running_totals(self) -> list[dict[str, int | None]]:
        """Totals after each round (points); ``None`` for a player not yet joined.

        A player absent from the first rounds joins with ``late_join``: 0, the
        highest total of those playing, or their average (rounded half up;
        :func:`.state.joining_total`).
        """
        return [dict(r.totals) for r in self.results]

    @property
    def ranks_highest(self) -> bool:
        """True where the highest total wins (classic games, picture dominoes)."""
        return self.table.kind.highest_total_wins

    def totals(self) -> dict[str, int]:
        """Each player's total after the last round (points; 0 before joining)."""
        return self.state.plain_totals()

    def rounds_out(self) -> dict[str, int]:
        """How many rounds each player went out in (won, for classic games)."""
        return dict(self.state.rounds_out)

    def standings(self) -> list[Standing]:
        """Players in order; equal totals share a rank (A 143, B 143, C 201 → 1, 1, 3).
        Lowest total first in Mexican Train (all the documents), highest first otherwise.
        Listed last with ``rank`` ``None``: once the game is finished, a player
        who left before the last round (absent from it); before that, a late
        joiner who has not played a round yet. Sitting out one round in the
        middle of a game keeps a player's place (:meth:`.state.GameState.standings`)."""
        return self.state.standings()

    @property
    def finished(self) -> bool:
        """Mexican Train: once the last engine's round is recorded. Classic
        games: once a total reaches ``target_score``. Picture dominoes: once a
        child has won ``target_wins`` rounds (never when 0)."""
        return self.state.finished

    @property
    def status(self) -> GameStatus:
        """``finished`` or ``in_progress`` (see :attr:`finished`)."""
        return self.state.status

    def winners(self) -> list[str]:
        """Players ranked first once the game is finished; ``[]`` before."""
        return self.state.winners()

    def next_round(self) -> RoundPlan | None:
        """The plan of the next round, or ``None`` when the game is finished.
        Classic games and picture dominoes have no engine and no fixed starter
        (the highest double starts, [RU]): both ``None``."""
        return self.state.next_round()

    def as_record(self) -> dict[str, Any]:
        """The plain game record (docs/design.md), without derived fields."""
        d = self.table.as_dict()
        d["rounds"] = [r.as_dict() for r in self.rounds]
        return d

    def derived(self) -> dict[str, Any]:
        """The record plus the derived fields of docs/design.md: ``rounds[].scores``,
        ``rounds[].totals``, ``rounds[].starter``, ``standings``, ``status``,
        ``winners``, ``rounds_out`` and, while in progress, ``next_round``."""
        d = self.as_record()
        for out, rnd, result in zip(d["rounds"], self.rounds, self.results):
            out["number"] = rnd.number
            if result.starter is not None:
                out["starter"] = result.starter
            out["scores"] = dict(result.scores)
            out["totals"] = dict(result.totals)
        d["standings"] = [s.as_dict() for s in self.standings()]
        d["status"] = self.status
        d["winners"] = self.winners()
        d["rounds_out"] = self.rounds_out()
        nxt = self.next_round()
        if nxt is not None:
            d["next_round"] = nxt.as_dict()
        return d


# ---------------------------------------------------------------- entry points


def read_game(record: Any, confirm: bool = False) -> Game | FamilyGame:
    """Read and check a whole game record.

    A record of a kind whose row names a rules module of its own
    (:attr:`~.kinds.KindSpec.rules_module`: partnership, Chicken Foot) is
    handed to that module (:func:`.family_game.read_family_game`).

    :param record: a game record (docs/design.md), as parsed JSON.
    :param confirm: accept soft-rule warnings (house deals, unusual player counts).
    :return: the checked :class:`Game` (a :class:`~.family_game.FamilyGame`
        for a kind with its own module).
    :raises RecordError: with every error found (paths like
        ``rounds[2].hands.Ben.pips``), or only warnings when ``confirm`` is false.
    """
    if family_spec(record) is not None:
        return read_family_game(record, confirm)
    problems = Problems()
    table = parse_table(record, problems)
    rounds: list[Round] = []
    raw_rounds = record.get("rounds", []) if isinstance(record, Mapping) else []
    if not isinstance(raw_rounds, list):
        problems.error("rounds", "bad_value", tr("The rounds must be a list of rounds."))
        raw_rounds = []
    if table is not None and len(raw_rounds) > table.most_rounds:
        # checked before any round is read: the work stays bounded
        most = table.most_rounds
        if table.kind.ends_after_last_engine:
            problems.error(f"rounds[{most}]", "game_finished", tr("The game was already won."))
            raw_rounds = raw_rounds[:most]
        else:
            problems.error("rounds", "too_many_rounds", tr(
                "A game has at most %(most)s rounds, not %(count)s.", most=most, count=len(raw_rounds)))
            raw_rounds = []
    if table is not None:
        state = GameState.start(table)
        for i, data in enumerate(raw_rounds):
            if not table.kind.ends_after_last_engine and state.reached_end:
                problems.error(f"rounds[{i}]", "game_finished", tr("The game was already won."))
                break
            rnd = parse_round(table, data, i + 1, problems)
            if rnd is not None:
                rounds.append(rnd)
                state = state.advance(rnd)[0]
    problems.raise_if_any(confirm)
    assert table is not None
    return Game(table, tuple(rounds))


def read_head(record: Any, problems: Problems) -> Table | FamilyTable | None:
    """A record's head read by its kind's reader: the founding one
    (:func:`.read_table.parse_table`) or the kind's own module.

    :param problems: where refusals go.
    :return: the table, or ``None`` when it cannot be read.
    """
    if family_spec(record) is not None:
        return read_family_table(record, problems)
    return parse_table(record, problems)


def end_now(game: Game) -> Game:
    """The game ended by the table where it stands (design.md, "Ending a game
    now"): finished after its last round, ranked by the kind's own order
    (lowest total first in Mexican Train, highest in the classic games, most
    rounds won in picture dominoes; :meth:`Game.standings`). Any kind may be
    ended so, picture dominoes played without a number of wins to reach too.

    :param game: the game as stored.
    :return: the same rounds on a table marked ``ended_by_players``.
    :raises RecordError: ``game_finished`` when the game is over already;
        ``nothing_played`` before its first round (there is nothing to rank).
    """
    problems = Problems()
    if game.finished:
        problems.error("", "game_finished", tr("The game is finished already."))
    elif not game.rounds:
        problems.error("rounds", "nothing_played",
                       tr("No round has been played yet: play a round before ending the game."))
    problems.raise_if_any()
    return Game(replace(game.table, ended_by_players=True), game.rounds)


def check_round(game: Game, data: Any, number: int, confirm: bool = False) -> Round:
    """Check round ``number`` of ``game`` (a new round or a replacement).

    :param game: the game as stored.
    :param data: the round object.
    :param number: 1-based; ``len(game.rounds) + 1`` to add a round.
    :param confirm: accept soft-rule warnings.
    :return: the checked :class:`Round`.
    :raises RecordError: as :func:`read_game`; ``too_many_rounds`` past the
        kind's cap; ``game_finished`` when the game is over (all rounds played,
        or the target reached), or when a correction reaches the target before
        the rounds after it (:func:`.state.check_round_at`).
    """
    state = GameState.start(game.table)
    for rnd in game.rounds[: number - 1]:
        state = state.advance(rnd)[0]
    return check_round_at(state, data, number, confirm=confirm,
                          rounds_after=max(len(game.rounds) - number, 0))
