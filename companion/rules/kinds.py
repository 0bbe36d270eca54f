"""Game kinds and rule choices, and what each kind means at the table.

Every kind and every choice is an :class:`enum.StrEnum`: a member *is* its
string (``GameKind.PICTURE == "picture"``), so a game record's JSON keeps the
same words. What a kind means (an engine, a boneyard, who wins, how it ends)
is decided here once, as properties of :class:`GameKind`; the engine, the
pages and the score sheet ask these instead of comparing strings.

Sources (see ``docs/sources.md``): Mexican Train, one round per engine double,
lowest total wins (the Mexican Train rule documents); the classic double-six
block and draw games, first to the target score wins (the Russian rule
collection); children's picture dominoes, a tally of who went out first (the
same collection).
"""

from __future__ import annotations

from enum import StrEnum


class GameKind(StrEnum):
    """The games the app keeps the score of (a record's ``kind``)."""

    MEXICAN_TRAIN = "mexican_train"
    DRAW = "draw"
    BLOCK = "block"
    PICTURE = "picture"

    @property
    def has_engine(self) -> bool:
        """Each round starts from an engine double, one round per engine
        (Mexican Train); the others start from the highest double in a hand."""
        return self is GameKind.MEXICAN_TRAIN

    @property
    def first_player(self) -> FirstPlayer:
        """How the player who starts a round is found: chosen at the table for
        round 1 and passed one seat clockwise after (Mexican Train, [MT-HR]);
        the holder of the highest double in every round (the classic games,
        [RU]); the child holding a double picture (picture dominoes, [RU])."""
        if self is GameKind.MEXICAN_TRAIN:
            return FirstPlayer.CHOSEN
        if self.is_classic:
            return FirstPlayer.HIGHEST_DOUBLE
        return FirstPlayer.DOUBLE_PICTURE

    @property
    def starter_chosen(self) -> bool:
        """The table names who starts the first round (a record's
        ``first_starter`` decides who starts each round); for the other kinds
        the tiles dealt decide it, and ``first_starter`` is only a seat."""
        return self.first_player is FirstPlayer.CHOSEN

    @property
    def is_classic(self) -> bool:
        """The classic double-six block and draw games."""
        return self in (GameKind.DRAW, GameKind.BLOCK)

    @property
    def counts_pips(self) -> bool:
        """Hands are counted in pips at the end of a round (all but picture
        dominoes, which keep only who went out first)."""
        return self is not GameKind.PICTURE

    @property
    def has_boneyard(self) -> bool:
        """Players draw from a boneyard (Mexican Train, the draw game); in the
        block game the tiles not dealt stay out of play."""
        return self in (GameKind.MEXICAN_TRAIN, GameKind.DRAW)

    @property
    def highest_total_wins(self) -> bool:
        """The highest total ranks first (classic games, picture dominoes);
        in Mexican Train the lowest."""
        return self is not GameKind.MEXICAN_TRAIN

    @property
    def ends_at_target(self) -> bool:
        """The game ends when a total reaches the target score (classic games)."""
        return self.is_classic

    @property
    def ends_after_last_engine(self) -> bool:
        """The game ends after the round of the last engine (Mexican Train)."""
        return self.has_engine

    @property
    def default_set(self) -> int:
        """N of the double-N set when a record gives none: 12 for Mexican
        Train, 6 (double-six) for the others."""
        return 12 if self is GameKind.MEXICAN_TRAIN else 6

    @property
    def only_set(self) -> int | None:
        """The one set the kind is played with (double-six for the classic
        games), or ``None`` when any set of the app will do."""
        return 6 if self.is_classic else None

    @property
    def most_players(self) -> int:
        """Most players seated: 4 in the classic games, else 12."""
        return 4 if self.is_classic else 12


class FirstPlayer(StrEnum):
    """How the player who starts a round is found (:attr:`GameKind.first_player`)."""

    CHOSEN = "chosen"
    """The table chooses who starts round 1 (by lot, say); the start then
    passes one seat clockwise each round ([MT-HR])."""
    HIGHEST_DOUBLE = "highest_double"
    """The holder of the highest double leads, every round; when nobody holds
    a double, the holder of the heaviest tile ([RU], the classic games)."""
    DOUBLE_PICTURE = "double_picture"
    """A child holding a tile with the same picture on both halves lays it
    first ([RU], picture dominoes)."""


class Ending(StrEnum):
    """How a round ended (a round's ``ended``)."""

    DOMINO = "domino"
    BLOCKED = "blocked"


class EngineOrder(StrEnum):
    """Rule ``engine_order``: engines from the highest double down, or up."""

    DESCENDING = "descending"
    ASCENDING = "ascending"


class FirstTurn(StrEnum):
    """Rule ``first_turn``: one tile, or a whole train from the engine."""

    ONE_TILE = "one_tile"
    BUILD_TRAIN = "build_train"


class AfterDouble(StrEnum):
    """Rule ``after_double``: what a player does after laying a double."""

    PLAY_AGAIN = "play_again"
    ONE_NON_DOUBLE = "one_non_double"


class OpenDoublesOrder(StrEnum):
    """Rule ``open_doubles_order``: which open double is closed first."""

    AS_PLAYED = "as_played"
    REVERSE = "reverse"


class TieBreak(StrEnum):
    """Rule ``tie_break``: equal totals share a place, or rounds gone out decide."""

    NONE = "none"
    MOST_ROUNDS_OUT = "most_rounds_out"


class LateJoin(StrEnum):
    """Rule ``late_join``: the total a late joiner starts from."""

    ZERO = "zero"
    HIGHEST = "highest"
    AVERAGE = "average"


class WinnerScores(StrEnum):
    """Rule ``winner_scores`` (classic games): what the round's winner scores."""

    OTHERS_TOTAL = "others_total"
    DIFFERENCE = "difference"


class BlockedLowest(StrEnum):
    """Rule ``blocked_lowest`` (Mexican Train): what the lowest hand of a
    blocked round scores."""

    SCORES_PIPS = "scores_pips"
    SCORES_ZERO = "scores_zero"


class BlockedTie(StrEnum):
    """Rule ``blocked_tie`` (classic games): a tie for the lowest hand of a
    blocked round."""

    NOBODY = "nobody"
    LIGHTEST_TILE = "lightest_tile"


class BoneyardToWinner(StrEnum):
    """Rule ``boneyard_to_winner`` (draw game): the winner also scores the boneyard."""

    NO = "no"
    YES = "yes"


class EngineChoice(StrEnum):
    """Rule ``engine_choice`` (Mexican Train): the schedule's engine, or the
    highest double found in the hands."""

    SCHEDULE = "schedule"
    HIGHEST_DOUBLE = "highest_double"


class GameStatus(StrEnum):
    """A game's ``status`` in the derived record."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


class SeatingMethod(StrEnum):
    """How the first draw of a club night is made: a shuffle, or balanced (each
    table gets players from every part of the standings)."""

    RANDOM = "random"
    BALANCED = "balanced"


class Reseat(StrEnum):
    """How a club night reseats between games: nobody moves; the lowest *k* of
    each table move down a table (the highest *k* of the table below move up);
    by the evening's standing (the best at the first table); a fresh draw that
    avoids pairs who sat together."""

    KEEP = "keep"
    MOVE_DOWN = "move_down"
    BY_STANDING = "by_standing"
    DRAW = "draw"


class EventScoring(StrEnum):
    """How a club night's standings score a game (:mod:`.events`): place points
    by table size, points per round played, or wins."""

    PLACE_POINTS = "place_points"
    POINTS_PER_ROUND = "points_per_round"
    WINS = "wins"
