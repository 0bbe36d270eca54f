"""The kinds read by their own rules module, seen as the founding games are.

A kind whose row of :data:`~companion.rules.kinds.KINDS` names a
``rules_module`` (Latin partnership dominoes, Chicken Foot: the packages of
:mod:`companion.rules.families`) is read, checked and scored by that module.
This adapter hands it a record and gives back what the games service stores
and shows for every game: a table (:class:`FamilyTable`), checked rounds
(:class:`FamilyRound`), the state after some rounds (:class:`FamilyState`,
answering as :class:`~companion.rules.state.GameState`: ``advance``,
``summary``, ``standings``, ``finished``…) and each round's
:class:`~companion.rules.state.RoundResult`, team fields included
(``team_scores``, ``team_totals``, ``team_standings``: docs/design.md,
"Teams"). No rule lives here: every number comes from the kind's module.

Rule sources: those of each module (``rules-families.md`` sections 1 and 5;
``docs/sources.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from companion.rules.errors import Problems, RecordError, tr
from companion.rules.families import chicken_foot, partnership
from companion.rules.family_counts import COUNTS_MODULES
from companion.rules.kinds import KINDS, GameKind, GameStatus, KindSpec
from companion.rules.record.document import RECORD_FORMAT, RECORD_VERSION, Round, Standing
from companion.rules.state import GameState, RoundResult


@dataclass(frozen=True)
class _Module:
    """What the adapter calls in one kind's rules module.

    :ivar read_table: ``(record, problems) -> table | None``.
    :ivar read_game: ``(record, confirm) -> game``.
    :ivar check: ``(game, data, number, confirm) -> round``: one round (a hand).
    :ivar new_game: ``(table, rounds) -> game``.
    :ivar rounds_of: the rounds (hands) of a game.
    :ivar round_dict: a round as stored in a record, given the table.
    """

    read_table: Callable[[Any, Problems], Any]
    read_game: Callable[[Any, bool], Any]
    check: Callable[[Any, Any, int, bool], Any]
    new_game: Callable[[Any, tuple[Any, ...]], Any]
    rounds_of: Callable[[Any], tuple[Any, ...]]
    round_dict: Callable[[Any, Any], dict[str, Any]]


_MODULES: Mapping[str, _Module] = {
    "partnership": _Module(
        read_table=partnership.read_table,
        read_game=partnership.read_game,
        check=partnership.check_hand,
        new_game=partnership.PartnershipGame,
        rounds_of=lambda game: game.hands,
        round_dict=lambda table, hand: hand.as_dict(table.teams),
    ),
    "chicken_foot": _Module(
        read_table=chicken_foot.read_table,
        read_game=chicken_foot.read_game,
        check=chicken_foot.check_round,
        new_game=chicken_foot.ChickenFootGame,
        rounds_of=lambda game: game.rounds,
        round_dict=lambda table, rnd: rnd.as_dict(),
    ),
    **{kind: _Module(**calls) for kind, calls in COUNTS_MODULES.items()},  # the counting games
}
"""Each ``rules_module`` a row of the kinds table may name."""


def family_spec(record: Any) -> KindSpec | None:
    """The row of the kind ``record`` names when a module of its own reads it
    (:attr:`KindSpec.rules_module`); ``None`` for the founding kinds, a record
    of no known kind, or no object (the founding reader refuses those)."""
    if not isinstance(record, Mapping):
        return None
    kind = record.get("kind")
    spec = KINDS.get(kind) if isinstance(kind, str) else None
    return spec if spec is not None and spec.rules_module is not None else None


def _module(spec: KindSpec) -> _Module:
    assert spec.rules_module is not None
    return _MODULES[spec.rules_module]


@dataclass(frozen=True)
class FamilyTable:
    """A game's table as its kind's module read it.

    :ivar kind: the game's kind (its row has a ``rules_module``).
    :ivar inner: the module's table (players, set, rules; ``teams`` in pairs).
    :ivar ended_by_players: the table ended the game where it stood (the
        record's ``ended_by_players: true``; ``POST /api/games/<id>/finish``).
    """

    kind: GameKind
    inner: Any
    ended_by_players: bool = False

    @property
    def players(self) -> tuple[str, ...]:
        """Names in seat order, clockwise."""
        return tuple(self.inner.players)

    @property
    def at_table(self) -> tuple[str, ...]:
        """Players dealt the next round: everyone (nobody leaves these games)."""
        return self.players

    @property
    def away(self) -> tuple[str, ...]:
        """Players away from the table: nobody (these games seat everyone)."""
        return ()

    @property
    def first_starter(self) -> str:
        """A seat kept in the game's row: the module's own (who shook the
        first hand in 42), else the first (the module decides who leads or
        starts)."""
        return getattr(self.inner, "first_starter", None) or self.players[0]

    @property
    def set_n(self) -> int:
        """N of the double-N set."""
        return int(self.inner.set_n)

    @property
    def teams(self) -> tuple[tuple[str, ...], ...]:
        """The pairs (partners), or ``()`` in a game of single players."""
        teams = getattr(self.inner, "teams", None)
        return () if teams is None else tuple(tuple(p) for p in teams.pairs)

    @property
    def round_count(self) -> int | None:
        """Rounds of a game with a schedule of doubles (one per double, the
        highest down to 0-0); ``None`` for a game to a target."""
        return self.set_n + 1 if self.kind.spec.engine_schedule else None

    @property
    def most_rounds(self) -> int:
        """The cap on rounds (:attr:`KindSpec.most_rounds`, or the schedule's)."""
        return self.kind.spec.most_rounds or self.set_n + 1

    def as_dict(self) -> dict[str, Any]:
        """The record's head (docs/design.md): format, version, and what the
        module keeps (kind, set, players, rules, ``teams`` in pairs), and
        ``ended_by_players: true`` when the table ended the game."""
        head = {"format": RECORD_FORMAT, "version": RECORD_VERSION, **self.inner.as_dict()}
        if self.ended_by_players:
            head["ended_by_players"] = True
        return head


@dataclass(frozen=True)
class FamilyRound:
    """One checked round (a hand) of a family game.

    :ivar number: 1-based.
    :ivar inner: the module's round.
    :ivar data: the round as stored in a record.
    """

    number: int
    inner: Any
    data: Mapping[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The round as stored in a record."""
        return dict(self.data)


def read_table(record: Any, problems: Problems) -> FamilyTable | None:
    """Read a record's head with its kind's module.

    :param record: a record whose kind has a ``rules_module`` (:func:`family_spec`).
    :param problems: where refusals go (the module's codes: ``team_shape``…).
    """
    spec = family_spec(record)
    assert spec is not None
    inner = _module(spec).read_table(record, problems)
    ended = _ended_by_players(record, problems)
    return None if inner is None else FamilyTable(GameKind(spec.kind), inner, ended)


def _ended_by_players(record: Mapping[str, Any], problems: Problems) -> bool:
    """The record's ``ended_by_players`` (``false`` when absent); a value
    other than true or false is refused (``bad_value``)."""
    ended = record.get("ended_by_players", False)
    if not isinstance(ended, bool):
        problems.error("ended_by_players", "bad_value", tr("ended_by_players must be true or false."))
        return False
    return ended


@dataclass(frozen=True)
class FamilyState:
    """A family game after ``played`` rounds, as the games service sees a
    :class:`~companion.rules.state.GameState`.

    :ivar table: the game's table.
    :ivar game: the module's game after those rounds.
    """

    table: FamilyTable
    game: Any

    @classmethod
    def of(cls, table: FamilyTable, rounds: list[Mapping[str, Any]]) -> FamilyState:
        """The state after ``rounds`` (stored rounds, read again by the module).

        :raises RecordError: the module refuses them now.
        """
        module = _module(table.kind.spec)
        game = module.read_game({**table.as_dict(), "rounds": list(rounds)}, True)
        return cls(table, game)

    @cached_property
    def _derived(self) -> dict[str, Any]:
        derived: dict[str, Any] = self.game.derived()
        if self.ended_early:
            derived = _ended(derived)
        return derived

    @property
    def _module(self) -> _Module:
        return _module(self.table.kind.spec)

    @property
    def played(self) -> int:
        """Rounds recorded so far."""
        return len(self._module.rounds_of(self.game))

    @property
    def finished(self) -> bool:
        """As the module says (a pair reached the target; the 0-0 round
        played), or the table ended the game after a round at least
        (:attr:`FamilyTable.ended_by_players`)."""
        return bool(self.game.finished) or self.ended_early

    @property
    def ended_early(self) -> bool:
        """The table ended the game where it stood, before the module's own
        end (after a round at least)."""
        return self.table.ended_by_players and self.played > 0 and not self.game.finished

    @property
    def status(self) -> GameStatus:
        """``finished`` or ``in_progress``."""
        return GameStatus.FINISHED if self.finished else GameStatus.IN_PROGRESS

    def check_round(self, data: Any, number: int, confirm: bool = False, rounds_after: int = 0) -> FamilyRound:
        """Check round ``number`` (``played + 1``) against the game as it
        stands before it, by the module; ``rounds_after`` rounds follow it
        when it corrects a round.

        :raises RecordError: the module's refusals; ``game_finished`` when a
            correction ends the game before the rounds after it.
        """
        if self.ended_early and number > self.played and not rounds_after:
            problems = Problems()
            problems.error(f"rounds[{number - 1}]", "game_finished", tr("The game is finished already."))
            problems.raise_if_any()
        return self._check(data, number, confirm, rounds_after)

    def _check(self, data: Any, number: int, confirm: bool, rounds_after: int) -> FamilyRound:
        rnd = self._module.check(self.game, data, number, confirm)
        checked = FamilyRound(number, rnd, self._module.round_dict(self.table.inner, rnd))
        if rounds_after and self.advance(checked)[0].finished:
            problems = Problems()
            problems.error(f"rounds[{number - 1}]", "game_finished",
                           tr("With this round the game is over, but more rounds were played after it."))
            problems.raise_if_any()
        return checked

    def advance(self, rnd: Any) -> tuple[FamilyState, RoundResult]:
        """The state after ``rnd`` (the next round, a :class:`FamilyRound`
        checked by :meth:`check_round`) and that round's result."""
        assert isinstance(rnd, FamilyRound)
        game = self._module.new_game(self.table.inner, (*self._module.rounds_of(self.game), rnd.inner))
        after = FamilyState(self.table, game)
        return after, after.results()[-1]

    def replay(self, result: RoundResult, absent: tuple[str, ...],
               data: Mapping[str, Any] | None = None) -> tuple[FamilyState, RoundResult]:
        """The state after a stored round that follows a corrected one: the
        module checks it again (who leads it, its centre double and its
        bonuses follow from the rounds before).

        :param data: the stored round.
        :raises RecordError: the stored round no longer fits after the correction.
        """
        return self.advance(self._check(data, self.played + 1, True, 0))

    def results(self) -> list[RoundResult]:
        """Each round's result, in order."""
        derived = self._derived
        rounds = self._module.rounds_of(self.game)
        return [self._result(out, rnd) for out, rnd in zip(derived["rounds"], rounds)]

    def _result(self, out: Mapping[str, Any], rnd: Any) -> RoundResult:
        went_out = _went_out(rnd)
        counted = {k: out[k] for k in _COUNT_EXTRAS if k in out}
        if "team_scores" not in out:
            return RoundResult(out["scores"], out["totals"], None, went_out, went_out, counted)
        by_player = self._team_of_player()
        scores = {p: out["team_scores"][by_player[p]] for p in self.table.players}
        totals = {p: out["team_totals"][by_player[p]] for p in self.table.players}
        winner = out.get("winner")
        credited = tuple(p for p in self.table.players if winner is not None and by_player[p] == winner)
        extra = {k: out[k] for k in ("team_scores", "team_totals", "winner", "items", "replay") if k in out}
        extra.update(counted)
        return RoundResult(scores, totals, None, went_out, credited, extra)

    def _team_of_player(self) -> dict[str, str]:
        return {p: "+".join(pair) for pair in self.table.teams for p in pair}

    def plain_totals(self) -> dict[str, int]:
        """Each player's total (a pair's total for each of its players), points."""
        results = self.results()
        if not results:
            return dict.fromkeys(self.table.players, 0)
        return {p: int(v or 0) for p, v in results[-1].totals.items()}

    def standings(self) -> list[Standing]:
        """Players in order; in pairs each player has the pair's total and rank."""
        derived = self._derived
        if "team_standings" in derived:
            return [Standing(p, s["total"], s["rank"]) for s in derived["team_standings"] for p in s["team"]]
        return [Standing(s["player"], s["total"], s["rank"]) for s in derived["standings"]]

    def winners(self) -> list[str]:
        """Players ranked first once the game is finished; ``[]`` before."""
        return [s.player for s in self.standings() if s.rank == 1] if self.finished else []

    def next_round(self) -> dict[str, Any] | None:
        """The next-round card (``number``, ``engine``, ``starter``, ``dealt``,
        ``boneyard`` and what the module adds: the centre double's rules in
        Chicken Foot, who leads in pairs), or ``None`` once finished."""
        derived = self._derived
        if "next_round" in derived:
            return dict(derived["next_round"])
        lead = derived.get("next_hand")
        if lead is None:
            return None
        return {"number": lead["number"], "engine": None, "starter": lead["leader"],
                "dealt": self.table.inner.dealt, "boneyard": 0, "how": lead["how"], "team": lead["team"]}

    def summary(self) -> dict[str, Any]:
        """The game-wide results, as stored on the game's row (see
        :meth:`companion.rules.state.GameState.summary`), plus
        ``team_standings`` in a game in pairs."""
        standings = self.standings()
        rounds_out = dict.fromkeys(self.table.players, 0)
        for result in self.results():
            for name in result.credited:
                rounds_out[name] += 1
        summary = {
            "status": str(self.status),
            "standings": [s.as_dict() for s in standings],
            "winners": self.winners(),
            "leaders": [s.player for s in standings if s.rank == 1],
            "rounds_out": rounds_out,
            "next_round": self.next_round(),
            "rounds_played": self.played,
        }
        if "team_standings" in self._derived:
            summary["team_standings"] = list(self._derived["team_standings"])
        return summary


_COUNT_EXTRAS = ("pegs", "bonus", "chip_out", "shaker", "won_by", "burnt")
"""What a round derives besides its scores: of a game scored during play
(:mod:`.family_counts`) its pegs, the winner's bonus, the chip-out point, who
shook, the sides that won the hand; of Chicken Foot the doubles burnt before
it (nobody held them)."""


def _ended(derived: dict[str, Any]) -> dict[str, Any]:
    """The module's derived record of a game the table ended where it stood:
    finished, no next hand or round, ``winners`` the first-ranked (pairs'
    names in pairs, else players), ``ended_by_players: true``."""
    out = {k: v for k, v in derived.items() if k not in ("next_hand", "next_round")}
    out["status"] = GameStatus.FINISHED.value
    out["ended_by_players"] = True
    if "team_standings" in out:
        out["winners"] = [s["name"] for s in out["team_standings"] if s["rank"] == 1]
    else:
        out["winners"] = [s["player"] for s in out.get("standings", []) if s["rank"] == 1]
    return out


def _went_out(rnd: Any) -> tuple[str, ...]:
    out = rnd.out if hasattr(rnd, "out") else rnd.went_out
    return () if out is None else (out,)


@dataclass(frozen=True)
class FamilyGame:
    """A checked family game, as the services see a :class:`~companion.rules.Game`.

    :ivar state: the game after its last round.
    """

    state: FamilyState

    @property
    def table(self) -> FamilyTable:
        """The game's table."""
        return self.state.table

    @cached_property
    def rounds(self) -> tuple[FamilyRound, ...]:
        """The rounds played, checked."""
        rounds = self.state._module.rounds_of(self.state.game)
        return tuple(FamilyRound(i + 1, r, self.state._module.round_dict(self.table.inner, r))
                     for i, r in enumerate(rounds))

    @property
    def results(self) -> list[RoundResult]:
        """Each round's result, in order."""
        return self.state.results()

    @property
    def finished(self) -> bool:
        """The game is over by its own end."""
        return self.state.finished

    def derived(self) -> dict[str, Any]:
        """The record with the module's derived fields."""
        return dict(self.state._derived)


def read_family_game(record: Any, confirm: bool = False) -> FamilyGame:
    """Read and check a whole record of a kind with its own module.

    :param record: a record whose kind has a ``rules_module`` (:func:`family_spec`).
    :param confirm: accept the module's warnings (partners side by side).
    :raises RecordError: with the module's problems (paths such as
        ``rounds[2].hands.Ben.pips``).
    """
    spec = family_spec(record)
    assert spec is not None
    module = _module(spec)
    problems = Problems()
    ended = _ended_by_players(record, problems)
    problems.raise_if_any()
    game = module.read_game(record, confirm)
    table = FamilyTable(GameKind(spec.kind), game.table, ended)
    return FamilyGame(FamilyState(table, game))


def end_family_now(game: FamilyGame) -> FamilyGame:
    """A family game ended by the table where it stands (design.md, "Ending a
    game now"), as :func:`companion.rules.game.end_now` ends the founding
    kinds: finished after its last round, ranked as the module ranks it (pairs
    by total, highest first, in partnership; lowest total first in Chicken Foot).

    :param game: the game as stored.
    :return: the same rounds on a table marked ``ended_by_players``.
    :raises RecordError: ``game_finished`` when the game is over already;
        ``nothing_played`` before its first round.
    """
    problems = Problems()
    if game.finished:
        problems.error("", "game_finished", tr("The game is finished already."))
    elif not game.rounds:
        problems.error("rounds", "nothing_played",
                       tr("No round has been played yet: play a round before ending the game."))
    problems.raise_if_any()
    table = replace(game.table, ended_by_players=True)
    return FamilyGame(FamilyState(table, game.state.game))


def advance(state: GameState | FamilyState,
            rnd: Round | FamilyRound) -> tuple[GameState | FamilyState, RoundResult]:
    """The state after ``rnd`` and its result, for a founding game's state or a
    family game's (``rnd`` checked by that state's ``check_round``)."""
    if isinstance(state, FamilyState):
        return state.advance(rnd)
    assert isinstance(rnd, Round)
    return state.advance(rnd)


__all__ = ["FamilyGame", "FamilyRound", "FamilyState", "FamilyTable", "RecordError", "advance", "end_family_now",
           "family_spec", "read_family_game", "read_table"]
