"""Every rule option of a game's rule profile: its key, default, allowed
values, the line that explains it to the table and its source.

The rules page, the game page's "Rules in play" and the score sheet read
their words from here; :mod:`.profile` reads a record's ``rules`` with it.
Sources are named as in docs/sources.md (``[MT-BE]``, ``[RU]``…) or by a
public rule page's address; rules no document gives are house rules, off by
default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.errors import N_
from companion.rules.kinds import (
    AfterDouble,
    BlockedLowest,
    BlockedTie,
    BoneyardToWinner,
    EngineChoice,
    EngineOrder,
    FirstTurn,
    LateJoin,
    OpenDoublesOrder,
    TieBreak,
    WinnerScores,
)


@dataclass(frozen=True)
class Option:
    """How one rule key is read and explained.

    :ivar key: the key in the record's ``rules``.
    :ivar default: the value when the key is absent.
    :ivar choices: the allowed values for a choice (members of a
        :class:`enum.StrEnum` of :mod:`.kinds`, equal to their strings), or
        ``None`` for a number.
    :ivar minimum: for a number, the smallest allowed value.
    :ivar maximum: for a number, the largest allowed value.
    :ivar explain: one line for the table, in our own words.
    :ivar source: where the rule comes from, for the rules page (a document of
        ``docs/sources.md`` or a public page).
    :ivar pages: the addresses of the public rule pages ``source`` speaks of
        (shown beside it on the rules page, so every source is named).
    :ivar up_to_set: a suit of the game's set (an engine): its largest value
        is the set's top double (12 in a double-12 set) once the set is known;
        ``maximum`` (18, the largest set) holds only where it is not.
    """

    key: str
    default: Any
    explain: str
    source: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    pages: tuple[str, ...] = ()
    up_to_set: bool = False


OPTIONS: tuple[Option, ...] = (
    Option(
        "double_blank_points",
        50,
        N_("Points for the double-blank (0-0) left in a hand; 0 counts it at face value."),
        N_("the Belarusian, Mongolian and Korean rule pages: 50 points; the Croatian page and the "
           "Russian collection give no such rule (it counts 0)"),
        minimum=0,
        maximum=500,
    ),
    Option(
        "engine_order",
        EngineOrder.DESCENDING,
        N_("Engines run from the highest double down to 0-0, or from 0-0 up."),
        N_("the Mexican Train rule pages: from the highest double down; counting up is a house rule"),
        choices=tuple(EngineOrder),
    ),
    Option(
        "first_turn",
        FirstTurn.ONE_TILE,
        N_("First turn: one tile on your own train or the Mexican train, or a whole train from the engine."),
        N_("the Belarusian, Mongolian and Korean rule pages: one tile; the Russian collection: a "
           "whole train"),
        choices=tuple(FirstTurn),
    ),
    Option(
        "after_double",
        AfterDouble.PLAY_AGAIN,
        N_("After laying a double, play one more tile (which may itself be a double, and so on)."),
        N_("the Belarusian, Mongolian and Korean rule pages and the Russian collection: play again; "
           "the Croatian page: one more tile, not a double"),
        choices=tuple(AfterDouble),
    ),
    Option(
        "open_doubles_order",
        OpenDoublesOrder.AS_PLAYED,
        N_("Several open doubles are closed in the order they were laid, or in reverse."),
        N_("the Belarusian, Mongolian and Korean rule pages: in the order laid, or in reverse as "
           "a variant"),
        choices=tuple(OpenDoublesOrder),
    ),
    Option(
        "target_score",
        100,
        N_("Classic games: the game ends when a player reaches this many points."),
        N_("the Russian collection: 100 points, or 50 for a quicker game"),
        minimum=1,
        maximum=10000,
    ),
    Option(
        "min_round_score",
        0,
        N_("Classic games: a round's points count only from this many upward (house rule: 15)."),
        N_("the Russian collection (a house variant)"),
        minimum=0,
        maximum=1000,
    ),
    Option(
        "draw_counts",
        None,
        N_("Tiles dealt to each player, by number of players (replaces the dealing table)."),
        N_("the Belarusian, Mongolian and Korean rule pages (the dealing table above); other "
           "published tables differ"),
        pages=("htfbw.com/games-cards/Games/76098.shtml",
               "shop.owlshollow.com",
               "idahogoodsam.org/gamerules/9"),
    ),
    Option(
        "blank_half_points",
        0,
        N_("Each tile with a blank half left in a hand adds this many points (the 0-0 counts its "
           "double-blank points instead)."),
        N_("a house rule; no rule page we have gives it"),
        minimum=0,
        maximum=100,
    ),
    Option(
        "start_engine",
        None,
        N_("The engine of the first round, for a shorter game (for example 5 to play 5-5 down to 0-0)."),
        N_("a house rule for a shorter game; no rule page we have gives it"),
        minimum=0,
        maximum=18,
        up_to_set=True,
    ),
    Option(
        "end_engine",
        None,
        N_("The engine of the last round (0 for 0-0 when descending; the set's top double when ascending)."),
        N_("a house rule for a shorter game; no rule page we have gives it"),
        minimum=0,
        maximum=18,
        up_to_set=True,
    ),
    Option(
        "going_out_bonus",
        0,
        N_("Points added to whoever went out (a negative number is a reward, e.g. -10)."),
        N_("a house rule; no rule page we have gives it"),
        minimum=-1000,
        maximum=1000,
    ),
    Option(
        "out_on_double_multiplier",
        1,
        N_("When the last tile played is a double, the others' points are multiplied by this."),
        N_("a house rule; no rule page we have gives it"),
        minimum=1,
        maximum=10,
    ),
    Option(
        "marker_penalty",
        0,
        N_("Points added for a marker still on a player's train when the round ends."),
        N_("a house rule; no rule page we have gives it"),
        minimum=0,
        maximum=1000,
    ),
    Option(
        "tie_break",
        TieBreak.NONE,
        N_("Equal totals share a place, or whoever went out more often ranks first."),
        N_("a house rule; the rule pages only say that the lowest total wins"),
        choices=tuple(TieBreak),
    ),
    Option(
        "late_join",
        LateJoin.ZERO,
        N_("A player who joins late starts at zero, at the table's least favourable total (the highest where "
          "fewer points win, the lowest where more points win), or at the others' average."),
        N_("a house rule; no rule page we have gives it"),
        choices=tuple(LateJoin),
    ),
    Option(
        "winner_scores",
        WinnerScores.OTHERS_TOTAL,
        N_("Classic games: the round's winner scores the others' pips, or the others' pips less their own."),
        N_("the Russian collection: the others' pips; a public block-game rule page: less the "
           "winner's own"),
        choices=tuple(WinnerScores),
        pages=("onlinedominogames.com/block-dominoes",),
    ),
    Option(
        "round_to",
        1,
        N_("Classic games: round each round's points to the nearest 1 or 5."),
        N_("a public rule page (points rounded to the nearest five); the Russian collection does "
           "not round"),
        minimum=1,
        maximum=5,
        pages=("dominoed.tripod.com/HowToPlayDominoes.htm",),
    ),
    # Options that real tables play (issue 11); each names its source.
    Option(
        "blocked_lowest",
        BlockedLowest.SCORES_PIPS,
        N_("Mexican Train, blocked round: the player with the lowest hand scores their pips like "
           "everyone else, or scores 0 as if they had gone out (ties for lowest all score 0)."),
        N_("a house rule: no rule page we have gives it (the source pages count every hand)"),
        choices=tuple(BlockedLowest),
    ),
    Option(
        "blocked_tie",
        BlockedTie.NOBODY,
        N_("Classic games, blocked round with a tie for the lowest hand: nobody scores, or the "
           "player holding the lightest single tile wins the round."),
        N_("a public block-game rule page (a tie wins with the lightest single tile); "
           "another public page: nobody scores"),
        choices=tuple(BlockedTie),
        pages=("attiabaslia453.amebaownd.com/posts/30520676",
               "gambiter.com/domino/western/double_draw.html",
               "onlinedominogames.com/block-dominoes"),
    ),
    Option(
        "target_wins",
        0,
        N_("Picture dominoes: the game ends when a child has won this many rounds; 0 plays on "
           "until the table stops (at most 100 rounds)."),
        N_("a house rule (the rule pages give picture dominoes no end)"),
        minimum=0,
        maximum=100,
    ),
    Option(
        "boneyard_to_winner",
        BoneyardToWinner.NO,
        N_("Draw game: the round's winner also scores the pips of the tiles left in the boneyard."),
        N_("a public rule page for the draw game (the stock's pips count for the winner)"),
        choices=tuple(BoneyardToWinner),
        pages=("lawngames.co.za/games_dominoes.php",),
    ),
    Option(
        "boneyard_kept",
        0,
        N_("Tiles that stay in the boneyard and are never drawn (many tables keep the last 2)."),
        N_("public rule pages for the draw game: the last two tiles are never drawn"),
        minimum=0,
        maximum=4,
        pages=("onlinedominogames.com/draw-dominoes", "lawngames.co.za/games_dominoes.php"),
    ),
    Option(
        "engine_choice",
        EngineChoice.SCHEDULE,
        N_("Mexican Train: each round's engine is the next double of the schedule, or the "
           "highest double anyone finds in their hand (the table says which)."),
        N_("a set maker's leaflet: the holder of the highest double starts; if nobody has the "
           "12-12, the 11-11 starts, and so on"),
        choices=tuple(EngineChoice),
        pages=("behar.co.com/en/blogs/news/how-to-play-mexican-train",),
    ),
)

OPTIONS_BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}
