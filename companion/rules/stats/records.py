"""Players' records: statistics over stored results, head to head, a leaderboard.

Everything here reads plain values that the game's stored results already
hold (points per round, totals, ranks, who went out, blocked rounds): nothing
re-runs the rules engine. :func:`summarize` turns one game's stored results
into one :class:`PlayerGame` per player, written once when the game changes;
:func:`player_stats` folds such lines into a player's record; head to head
(:mod:`.head_to_head`) and the leaderboard (:mod:`.leaderboard`) fold them too.

Who wins (docs/sources.md): Mexican Train, the lowest total after the last
round (all the documents of docs/sources.md); the classic block and draw games, the first to the
target score, i.e. the highest total ([RU]); picture dominoes, who went
out first most often, i.e. the highest tally ([RU]). A shared first place
is a shared win: it counts as a win and is also counted apart
(:attr:`PlayerStats.shared_wins`) so a page can say so. A player who left
before the end of a game (absent from its last round) played it, has no
place and did not win.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final

from companion.rules.kinds import GameKind
from companion.rules.record.read_table import clean_name as clean_name  # re-exported

KINDS: Final[tuple[str, ...]] = tuple(GameKind)
"""Game kinds (:class:`~.kinds.GameKind`)."""


def highest_wins(kind: str) -> bool:
    """True when the highest total wins a game of ``kind``: the classic draw
    and block games (first to the target, [RU]) and picture dominoes (a
    tally of wins, [RU]); False for Mexican Train (lowest total wins, all
    the documents of docs/sources.md).

    :raises ValueError: an unknown kind.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown game kind {kind!r}")
    return GameKind(kind).highest_total_wins


def name_key(name: str) -> str:
    """The key that makes a player one person across games: the name cleaned
    (:func:`clean_name`), case ignored (``str.casefold``), Unicode NFC again
    (casefolding may decompose). "Ana", "ANA" and "ana " share a key; "Zoë"
    typed as one code point or as e + combining diaeresis too."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


_PLAIN_LETTERS: Final = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ħ": "h", "ŧ": "t", "ı": "i",
                                        "æ": "ae", "œ": "oe"})
"""Letters with a stroke or joined that Unicode does not split into a base
letter and a mark (Croatian Đ among them), as their plain letters."""


def search_key(text: str) -> str:
    """A name, or text typed to find one, as the games list's search compares
    them: case and accents ignored, so "celine", "CÉLINE" and "Céline" read
    alike ("Đurđa" as "durda", "Zoë" as "zoe"; Cyrillic "ё" as "е", "й" as "и").

    :param text: a player's name or a search text.
    :return: :func:`clean_name` of ``text``, casefolded, its accents and other
        combining marks dropped (Unicode NFKD), the letters of
        :data:`_PLAIN_LETTERS` replaced, then composed again (NFC: Hangul
        syllables stay whole).
    """
    decomposed = unicodedata.normalize("NFKD", clean_name(text).casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", plain.translate(_PLAIN_LETTERS))


def rule_set_key(rules: Mapping[str, Any]) -> str:
    """A stable text key for a game's rule set, for filtering games that compare.

    :param rules: the rules that differ from the defaults (a record's ``rules``
        after the engine dropped default values), JSON values.
    :return: canonical JSON (sorted keys, no spaces); ``"{}"`` for the defaults.
    """
    return json.dumps(dict(rules), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------- input values


@dataclass(frozen=True)
class RoundResult:
    """One stored round, as the statistics read it.

    :ivar number: 1-based round number.
    :ivar engine: the engine double's suit (Mexican Train), else ``None``.
    :ivar points: each seated player's points that round (the game's scoring
        applied, e.g. the double-blank rule); ``None`` for a player who sat the
        round out or had not joined yet.
    :ivar went_out: who went out (dominoed); picture dominoes: the winner.
    :ivar blocked: the round ended blocked (nobody could play, boneyard empty).
    :ivar double_blank: who was left holding the 0-0.
    """

    number: int
    engine: int | None
    points: Mapping[str, int | None]
    went_out: tuple[str, ...] = ()
    blocked: bool = False
    double_blank: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameResult:
    """One stored game's results.

    :ivar game_id: the game's id.
    :ivar kind: one of :data:`KINDS`.
    :ivar set_n: N of the double-N set.
    :ivar rule_set: :func:`rule_set_key` of the game's rules.
    :ivar played_on: the day the game was played (its last round).
    :ivar finished: the game is over (status ``finished``).
    :ivar players: names in seat order.
    :ivar totals: each player's total after the last round (points).
    :ivar ranks: each player's stored rank (1, 1, 3 for a shared first place);
        ``None`` for a player who left before the end.
    :ivar rounds: the rounds in order.
    :ivar event_id: the club night the game belongs to, if any.
    :ivar teams: the pairs of a game played in pairs (partnership
        dominoes: ranks are the pairs' places, shared by partners); ``()``.
    """

    game_id: int
    kind: str
    set_n: int
    rule_set: str
    played_on: date
    finished: bool
    players: tuple[str, ...]
    totals: Mapping[str, int]
    ranks: Mapping[str, int | None]
    rounds: tuple[RoundResult, ...] = ()
    event_id: int | None = None
    teams: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class PlayerGame:
    """One player's line for one game: everything the statistics need.

    :ivar player: the name.
    :ivar game_id: the game's id.
    :ivar kind: one of :data:`KINDS`.
    :ivar set_n: N of the double-N set.
    :ivar rule_set: :func:`rule_set_key` of the game's rules.
    :ivar played_on: the day of the game.
    :ivar finished: the game is over.
    :ivar total: the player's total (points).
    :ivar rank: the player's place (shared places repeat); ``None``: left.
    :ivar ranked: how many players have a place in the game; in a game in
        pairs, how many pairs (partners share their pair's place).
    :ivar firsts: how many players share first place; in pairs, how many
        pairs (a pair's win is no shared win).
    :ivar rounds_played: rounds the player took part in.
    :ivar points: the sum of the player's round points over those rounds
        (without a late arrival's starting total).
    :ivar rounds_out: rounds the player went out in.
    :ivar rounds_blocked: rounds the player sat in that ended blocked.
    :ivar double_blank: rounds the player was left holding the 0-0.
    :ivar engines: Mexican Train: ``(engine suit, points)`` of each round played.
    :ivar event_id: the club night of the game, if any.
    """

    player: str
    game_id: int
    kind: str
    set_n: int
    rule_set: str
    played_on: date
    finished: bool
    total: int
    rank: int | None
    ranked: int
    firsts: int
    rounds_played: int
    points: int
    rounds_out: int
    rounds_blocked: int
    double_blank: int
    engines: tuple[tuple[int, int], ...] = ()
    event_id: int | None = None

    @property
    def won(self) -> bool:
        """First place of a finished game (alone or shared)."""
        return self.finished and self.rank == 1

    @property
    def shared_win(self) -> bool:
        """First place shared with another player."""
        return self.won and self.firsts > 1

    @property
    def left(self) -> bool:
        """The player left before the game's end (no place)."""
        return self.rank is None


def summarize(game: GameResult) -> list[PlayerGame]:
    """Each player's line of one stored game, in seat order.

    :param game: the stored results.
    :return: one :class:`PlayerGame` per seated player who played at least one
        round (a player listed but never present has no line).
    """
    if game.teams:  # in pairs each pair has one place, its partners share it
        places = [game.ranks.get(pair[0]) for pair in game.teams]
    else:
        places = list(game.ranks.values())
    firsts = sum(1 for r in places if r == 1)
    ranked = sum(1 for r in places if r is not None)
    lines: list[PlayerGame] = []
    for name in game.players:
        played = [r for r in game.rounds if r.points.get(name) is not None]
        if not played:
            continue
        lines.append(
            PlayerGame(
                player=name,
                game_id=game.game_id,
                kind=game.kind,
                set_n=game.set_n,
                rule_set=game.rule_set,
                played_on=game.played_on,
                finished=game.finished,
                total=game.totals.get(name, 0),
                rank=game.ranks.get(name),
                ranked=ranked,
                firsts=firsts,
                rounds_played=len(played),
                points=sum(r.points[name] or 0 for r in played),
                rounds_out=sum(1 for r in played if name in r.went_out),
                rounds_blocked=sum(1 for r in played if r.blocked),
                double_blank=sum(1 for r in played if name in r.double_blank),
                engines=tuple(
                    (r.engine, r.points[name] or 0)
                    for r in played
                    if GameKind(game.kind).has_engine and r.engine is not None
                ),
                event_id=game.event_id,
            )
        )
    return lines


@dataclass(frozen=True)
class Filters:
    """Which games count. ``None`` lets every value through.

    :ivar kind: one game kind.
    :ivar set_n: one set size.
    :ivar since: first day (inclusive).
    :ivar until: last day (inclusive).
    :ivar rule_set: one :func:`rule_set_key`.
    :ivar event_id: one club night.
    """

    kind: str | None = None
    set_n: int | None = None
    since: date | None = None
    until: date | None = None
    rule_set: str | None = None
    event_id: int | None = None

    def matches(self, line: PlayerGame) -> bool:
        """True when ``line``'s game passes every filter."""
        return (
            (self.kind is None or line.kind == self.kind)
            and (self.set_n is None or line.set_n == self.set_n)
            and (self.since is None or line.played_on >= self.since)
            and (self.until is None or line.played_on <= self.until)
            and (self.rule_set is None or line.rule_set == self.rule_set)
            and (self.event_id is None or line.event_id == self.event_id)
        )


NO_FILTERS: Final[Filters] = Filters()
"""Every game counts."""


# ---------------------------------------------------------------- one player


@dataclass(frozen=True)
class GameRef:
    """A game picked out on a player's page (best, worst, a point of a chart).

    :ivar game_id: the game.
    :ivar played_on: its day.
    :ivar kind: its kind.
    :ivar total: the player's total (points).
    :ivar rank: the player's place (``None``: left).
    :ivar rule_set: :func:`rule_set_key` of the game's rules (a page titles
        an All Fives game played as Muggins, Sniff or Five Up by that name).
    """

    game_id: int
    played_on: date
    kind: str
    total: int
    rank: int | None
    rule_set: str = "{}"


@dataclass(frozen=True)
class PlayerStats:
    """A player's record over the games that pass the filters.

    Games are counted once finished; rounds of unfinished games are not counted
    either, so every figure describes the same games.

    :ivar player: the name.
    :ivar games: finished games played (a game left early counts).
    :ivar wins: games won, shared first places included.
    :ivar shared_wins: of those, first places shared with someone.
    :ivar left: games the player left before the end.
    :ivar rounds: rounds played.
    :ivar points: points scored over those rounds.
    :ivar rounds_out: rounds gone out.
    :ivar rounds_blocked: rounds played that ended blocked.
    :ivar double_blank: rounds left holding the 0-0.
    :ivar places: how often each place: ``{1: n, 2: n, …}``.
    :ivar engine_rounds: Mexican Train: rounds played per engine suit.
    :ivar engine_points: Mexican Train: points per engine suit.
    :ivar best: the best game (:func:`player_stats`), ``None`` without games.
    :ivar worst: the worst game.
    :ivar current_streak: games won in a row up to the latest game.
    :ivar longest_streak: the longest run of games won in a row.
    :ivar history: every counted game, oldest first (totals over time).
    """

    player: str
    games: int = 0
    wins: int = 0
    shared_wins: int = 0
    left: int = 0
    rounds: int = 0
    points: int = 0
    rounds_out: int = 0
    rounds_blocked: int = 0
    double_blank: int = 0
    places: Mapping[int, int] = field(default_factory=dict)
    engine_rounds: Mapping[int, int] = field(default_factory=dict)
    engine_points: Mapping[int, int] = field(default_factory=dict)
    best: GameRef | None = None
    worst: GameRef | None = None
    current_streak: int = 0
    longest_streak: int = 0
    history: tuple[GameRef, ...] = ()

    @property
    def share_won(self) -> float | None:
        """Games won ÷ games played (0.0-1.0); ``None`` without games."""
        return self.wins / self.games if self.games else None

    @property
    def points_per_round(self) -> float | None:
        """Average points per round played; ``None`` without rounds."""
        return self.points / self.rounds if self.rounds else None

    def per_engine(self) -> list[tuple[int, float | None]]:
        """Mexican Train: average points per round by engine suit, from the
        highest engine played down to 0-0 (12-12 … 0-0 after a double-12
        game): ``[(suit, average or None)]``; ``None`` for an engine never
        played in between; empty when no Mexican Train round was played."""
        if not self.engine_rounds:
            return []
        top = max(self.engine_rounds)
        return [
            (suit, self.engine_points.get(suit, 0) / self.engine_rounds[suit]
             if self.engine_rounds.get(suit) else None)
            for suit in range(top, -1, -1)
        ]


def _game_order(line: PlayerGame) -> tuple[date, int]:
    return (line.played_on, line.game_id)


def _quality(line: PlayerGame) -> tuple[int, int]:
    """Smaller is better: the place (a game left counts after every place),
    then the total in the kind's direction (lower in Mexican Train, higher in
    the others)."""
    place = line.rank if line.rank is not None else 1_000_000
    return (place, -line.total if highest_wins(line.kind) else line.total)


def player_stats(player: str, lines: Iterable[PlayerGame], filters: Filters = NO_FILTERS) -> PlayerStats:
    """Fold a player's game lines into :class:`PlayerStats`.

    Best game: the best place, then the best total in the game's direction
    (lowest in Mexican Train, highest otherwise), then the earlier game.
    Worst game: a game left early, else the worst place, then the worst total,
    then the later game. Streaks run over finished games in date order (game
    id within a day); a shared first place continues a streak.

    :param player: the name (lines of other players are ignored).
    :param lines: :class:`PlayerGame` lines, any order.
    :param filters: which games count.
    :return: the player's statistics.
    """
    mine = sorted(
        (g for g in lines if g.player == player and g.finished and filters.matches(g)),
        key=_game_order,
    )
    places: dict[int, int] = {}
    engine_rounds: dict[int, int] = {}
    engine_points: dict[int, int] = {}
    streak = longest = 0
    for g in mine:
        if g.rank is not None:
            places[g.rank] = places.get(g.rank, 0) + 1
        for suit, pts in g.engines:
            engine_rounds[suit] = engine_rounds.get(suit, 0) + 1
            engine_points[suit] = engine_points.get(suit, 0) + pts
        streak = streak + 1 if g.won else 0
        longest = max(longest, streak)
    refs = tuple(GameRef(g.game_id, g.played_on, g.kind, g.total, g.rank, g.rule_set) for g in mine)
    best = min(mine, key=lambda g: (_quality(g), _game_order(g)), default=None)
    worst = max(mine, key=lambda g: (_quality(g), _game_order(g)), default=None)
    return PlayerStats(
        player=player,
        games=len(mine),
        wins=sum(1 for g in mine if g.won),
        shared_wins=sum(1 for g in mine if g.shared_win),
        left=sum(1 for g in mine if g.left),
        rounds=sum(g.rounds_played for g in mine),
        points=sum(g.points for g in mine),
        rounds_out=sum(g.rounds_out for g in mine),
        rounds_blocked=sum(g.rounds_blocked for g in mine),
        double_blank=sum(g.double_blank for g in mine),
        places=dict(sorted(places.items())),
        engine_rounds=engine_rounds,
        engine_points=engine_points,
        best=None if best is None else GameRef(best.game_id, best.played_on, best.kind, best.total, best.rank,
                                                 best.rule_set),
        worst=None if worst is None else GameRef(worst.game_id, worst.played_on, worst.kind, worst.total, worst.rank,
                                                 worst.rule_set),
        current_streak=streak,
        longest_streak=longest,
        history=refs,
    )

