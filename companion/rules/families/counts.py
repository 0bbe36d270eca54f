"""What the scoring-during-play families share: seats and teams, rule keys and
presets, the scoring plays of a hand, the lead's count, rounding to five, the
pips left in the hands.

Rules (``shared/rules-families.md`` section 0; public pages listed in its
section 7, to be carried into ``docs/sources.md``):

* **The count** after a play is the sum of the pips on the open ends of the
  layout; a double across an end shows both halves; a tile alone on the table
  is both ends, so the lead counts its pips (6-4 → 10, 5-5 → 10) — pagat,
  the Fives family, https://pagat.com/domino/fives_family.html.
* **Rounding to five**: a whole number of pips rounds to the nearest multiple
  of five; a remainder of 1 or 2 goes down, 3 or 4 up, so there is never a
  tie (pagat, All Fives, https://www.pagat.com/domino/cross/all_fives.html);
  or always down (bonesdomino,
  https://bonesdomino.com/how-do-you-play-fives-in-dominoes).
* **Teams**: two lists of two names, partners sitting opposite; a team's name
  is its players' names joined by ``+`` (design.md, "Teams").

Nothing here knows a game's own rules; :mod:`.all_fives`,
:mod:`.fives_threes` and :mod:`.texas42` use these helpers to read a record
and report problems with paths such as ``rounds[0].plays[3].count``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeGuard

from ..errors import N_, Problems, tr
from ..tiles import DominoSet, Tile, TileError

DOUBLE_SIX = DominoSet(6)
"""Every family here plays with a double-six set (28 tiles, 168 pips)."""


def is_whole(value: Any) -> TypeGuard[int]:
    """True for a JSON whole number (``True``/``False`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- rounding


class Rounding(StrEnum):
    """How a pip total is rounded to a multiple of five (rule key ``rounding``)."""

    NEAREST = "nearest"
    """Remainder 1 or 2 down, 3 or 4 up (pagat, All Fives): 12 → 10, 13 → 15."""
    DOWN = "down"
    """Always down (bonesdomino): 13 → 10, 28 → 25."""


def round_to_five(pips: int, rounding: Rounding = Rounding.NEAREST) -> int:
    """``pips`` rounded to a multiple of five, in pips.

    :param pips: a whole number of pips, 0 or more.
    :param rounding: nearest (3 → 5, 12 → 10, 27 → 25, 28 → 30) or down
        (13 → 10, 28 → 25). Pip totals are whole, so "nearest" never ties.
    :raises ValueError: for a negative number of pips.
    """
    if pips < 0:
        raise ValueError(f"pips cannot be negative: {pips}")
    low = pips - pips % 5
    if rounding is Rounding.DOWN:
        return low
    return low + 5 if pips % 5 >= 3 else low


def lead_count(tile: Tile) -> int:
    """The count a tile shows alone on the table: both its ends, in pips
    (6-4 → 10, 5-5 → 10, 6-6 → 12). A lone spinner counts both halves too
    (pagat; the rarepike reading of 6 for 6-6 is not offered, AF-4)."""
    return tile.pips


# ---------------------------------------------------------------- seats and teams


class Direction(StrEnum):
    """Which way play passes (rule key ``direction``); ``players`` always
    lists the seats clockwise (rules-families.md section 0)."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


def team_name(team: Sequence[str]) -> str:
    """A team's name: its players' names joined by ``+`` in the order given
    (``("Ana", "Chen")`` → ``"Ana+Chen"``; design.md, "Teams")."""
    return "+".join(team)


@dataclass(frozen=True)
class Seating:
    """Who sits where, and who scores together.

    A *side* is what a score belongs to: a player, or in a partnership game a
    team (named ``"Ana+Chen"``).

    :ivar players: the names in clockwise seat order.
    :ivar teams: two teams of two partners, or ``None`` when each plays alone.
    :ivar direction: the way play passes.
    """

    players: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...] | None = None
    direction: Direction = Direction.CLOCKWISE

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides in order: team names (first team first), else the players."""
        if self.teams is None:
            return self.players
        return tuple(team_name(t) for t in self.teams)

    def side_of(self, player: str) -> str:
        """The side ``player`` scores for: the team's name, or the player's own.

        :raises KeyError: for a name that is not at this table.
        """
        if player not in self.players:
            raise KeyError(player)
        if self.teams is None:
            return player
        return next(team_name(t) for t in self.teams if player in t)

    def members(self, side: str) -> tuple[str, ...]:
        """The players of ``side`` (one name for a player playing alone).

        :raises KeyError: for an unknown side.
        """
        if self.teams is None:
            if side not in self.players:
                raise KeyError(side)
            return (side,)
        for t in self.teams:
            if team_name(t) == side:
                return t
        raise KeyError(side)

    def next_player(self, player: str, steps: int = 1) -> str:
        """The player ``steps`` turns after ``player`` in the direction of play
        (clockwise: the next seat of ``players``)."""
        i = self.players.index(player)
        step = steps if self.direction is Direction.CLOCKWISE else -steps
        return self.players[(i + step) % len(self.players)]

    def opponents(self, side: str) -> tuple[str, ...]:
        """Every player not on ``side``, in seat order."""
        own = self.members(side)
        return tuple(p for p in self.players if p not in own)


def read_seating(
    record: Mapping[str, Any],
    problems: Problems,
    *,
    least: int,
    most: int,
    teams: str,
    direction: Direction = Direction.CLOCKWISE,
) -> Seating | None:
    """Read ``players`` and ``teams`` of a game record.

    :param least: fewest players (``too_few_players`` below it).
    :param most: most players (``too_many_players`` above it).
    :param teams: ``"required"`` (Texas 42), ``"optional"`` (four players may
        play in pairs) or ``"none"``.
    :return: the seating, or ``None`` when it cannot be read (problems added:
        ``bad_value``, ``duplicate_player``, ``unknown_player``; a team that is
        not two pairs of players at the table is ``bad_value`` here — the pairs
        issue's ``team_shape`` check is meant to run first when this is wired;
        partners side by side are accepted, see :func:`partners_opposite`).
    """
    players = _read_players(record.get("players"), problems, least=least, most=most)
    if players is None:
        return None
    raw_teams = record.get("teams")
    if raw_teams is None:
        if teams == "required":
            problems.error("teams", "bad_value",
                           tr("This game is played in two teams of two partners."))
            return None
        return Seating(players, None, direction)
    if teams == "none":
        problems.error("teams", "bad_value", tr("This game is not played in teams."))
        return None
    pairs = _read_teams(raw_teams, players, problems)
    if pairs is None:
        return None
    # Partners sitting side by side are a warning, not an error (brief section 0):
    # the pairs issue's team check gives it; see :func:`partners_opposite`.
    return Seating(players, pairs, direction)


def _read_players(raw: Any, problems: Problems, *, least: int, most: int) -> tuple[str, ...] | None:
    """``players`` of a game record: names, each seated once, ``least`` to
    ``most`` of them; ``None`` (a problem added) otherwise."""
    if not isinstance(raw, list) or not all(isinstance(n, str) and n.strip() for n in raw):
        problems.error("players", "bad_value", tr("List the players by name, in seat order."))
        return None
    players = tuple(raw)
    seen: set[str] = set()
    for i, name in enumerate(players):
        if name in seen:
            problems.error(f"players[{i}]", "duplicate_player",
                           tr("%(name)s is seated twice.", name=name), name=name)
            return None
        seen.add(name)
    if len(players) < least:
        problems.error("players", "too_few_players",
                       tr("This game needs at least %(least)s players.", least=least), least=least)
        return None
    if len(players) > most:
        problems.error("players", "too_many_players",
                       tr("This game takes at most %(most)s players.", most=most), most=most)
        return None
    return players


def _read_teams(raw_teams: Any, players: tuple[str, ...],
                problems: Problems) -> tuple[tuple[str, ...], ...] | None:
    """``teams`` of a game record: two pairs of the four ``players``, each
    player in one; ``None`` (a problem added) otherwise."""
    ok = (
        isinstance(raw_teams, list) and len(raw_teams) == 2 and len(players) == 4
        and all(isinstance(t, list) and len(t) == 2 for t in raw_teams)
    )
    if not ok:
        problems.error("teams", "bad_value",
                       tr("Teams are two pairs of partners, with four players at the table."))
        return None
    pairs = tuple(tuple(t) for t in raw_teams)
    named = [n for t in pairs for n in t]
    for i, t in enumerate(pairs):
        for j, name in enumerate(t):
            if name not in players:
                problems.error(f"teams[{i}][{j}]", "unknown_player" if isinstance(name, str) else "bad_value",
                               tr("%(name)s is not at this table.", name=name), name=name)
                return None
    if len(set(named)) != 4:
        problems.error("teams", "bad_value", tr("Each player belongs to one team."))
        return None
    return pairs


def partners_opposite(seating: Seating) -> bool:
    """True when each team's partners sit opposite (seats 1 and 3, 2 and 4),
    or when there are no teams; a record where they do not is still read
    (the warning belongs to the pairs issue's team check)."""
    return seating.teams is None or all(
        abs(seating.players.index(t[0]) - seating.players.index(t[1])) == 2 for t in seating.teams)


def read_player(value: Any, path: str, seating: Seating, problems: Problems) -> str | None:
    """A player's name at ``path``, or ``None`` with ``unknown_player``/``bad_value`` added."""
    if isinstance(value, str) and value in seating.players:
        return value
    problems.error(path, "unknown_player" if isinstance(value, str) else "bad_value",
                   tr("%(name)s is not at this table.", name=value), name=value)
    return None


# ---------------------------------------------------------------- rule keys and presets


@dataclass(frozen=True)
class RuleKey:
    """One key of a kind's ``rules`` object.

    :ivar key: the key as written in a record.
    :ivar default: the JSON default; ``None`` where the default depends on the
        table (for example on the number of players) and is worked out there.
    :ivar choices: the allowed values, or ``None`` for a whole number between
        ``minimum`` and ``maximum`` (or a dealing table for ``draw_counts``).
    :ivar label: what the rule means, for a rules page (marked for translation).
    :ivar source: where the rule comes from (a public page, or "house rule").
    """

    key: str
    default: Any
    choices: tuple[Any, ...] | None = None
    minimum: int = 0
    maximum: int = 10_000
    label: str = ""
    source: str = ""


@dataclass(frozen=True)
class Preset:
    """A named rule set a table can start from, then change.

    :ivar key: stable key (``"muggins"``).
    :ivar label: the name shown (marked for translation).
    :ivar source: the rule page the preset follows.
    :ivar rules: the rule values it sets (JSON), the others at their default.
    """

    key: str
    label: str
    source: str
    rules: Mapping[str, Any] = field(default_factory=dict)


def read_rule_values(
    data: Any, keys: Sequence[RuleKey], problems: Problems, path: str = "rules"
) -> dict[str, Any]:
    """A record's ``rules`` object checked against ``keys``: every key with its
    value, the default where absent or refused.

    :param data: the ``rules`` value (a mapping, or ``None`` for all defaults).
    :return: ``{key: JSON value}`` for every key of ``keys``; ``draw_counts``
        comes back as ``{players: tiles}`` with whole-number keys.
    :raises: nothing; problems added: ``unknown_rule`` for a key this kind does
        not have, ``bad_value`` for a value outside the key's choices or range.
    """
    by_key = {k.key: k for k in keys}
    values: dict[str, Any] = {k.key: k.default for k in keys}
    if data is None:
        return values
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("The rules must be an object of rule: value."))
        return values
    for key, value in data.items():
        rule = by_key.get(key)
        where = f"{path}.{key}"
        if rule is None:
            problems.error(where, "unknown_rule", tr("There is no rule called %(key)r in this game.",
                                                     key=key), rule=key)
            continue
        _read_rule_value(rule, value, where, problems, values)
    return values


def _read_rule_value(rule: RuleKey, value: Any, where: str, problems: Problems,
                     values: dict[str, Any]) -> None:
    """One rule's ``value`` into ``values`` when the rule takes it; else a
    ``bad_value`` problem (the default stays)."""
    key = rule.key
    if key == "draw_counts":
        counts = _read_draw_counts(value, where, problems)
        if counts is not None or value is None:
            values[key] = counts
        return
    if rule.choices is not None:
        if any(value == c and type(value) is type(c) for c in rule.choices):
            values[key] = value
        else:
            problems.error(where, "bad_value",
                           tr("This rule takes one of %(choices)s.",
                              choices=", ".join(str(c).lower() for c in rule.choices)), rule=key)
        return
    if value is None and rule.default is None:
        values[key] = None
    elif is_whole(value) and rule.minimum <= value <= rule.maximum:
        values[key] = value
    else:
        problems.error(where, "bad_value",
                       tr("Give a whole number from %(minimum)s to %(maximum)s.",
                          minimum=rule.minimum, maximum=rule.maximum), rule=key)


def _read_draw_counts(value: Any, path: str, problems: Problems) -> dict[int, int] | None:
    if value is None:
        return None
    out: dict[int, int] = {}
    if isinstance(value, Mapping) and value:
        for k, v in value.items():
            try:
                players = int(k)
            except (TypeError, ValueError):
                break
            if not (2 <= players <= 4 and is_whole(v) and 1 <= v <= DOUBLE_SIX.size // players):
                break
            out[players] = v
        else:
            return out
    problems.error(path, "bad_value",
                   tr("The dealing table gives, for 2 to 4 players, the tiles dealt to each "
                      "(all of them fitting in the double-six set)."))
    return None


DRAW_COUNTS_KEY = RuleKey(
    "draw_counts", None, label=N_("Tiles dealt to each player, by the number of players"),
    source="the rule pages differ; see each preset")
"""The shared ``draw_counts`` key (the existing engine's name for a dealing table)."""

DIRECTION_KEY = RuleKey(
    "direction", Direction.CLOCKWISE.value, tuple(d.value for d in Direction),
    label=N_("The way play passes round the table"), source="rules-families.md section 0")
"""The shared ``direction`` key."""


# ---------------------------------------------------------------- scoring plays


PLAY_KEYS = frozenset({"player", "count", "tile", "points", "claimed_by", "lead", "last_tile"})
"""The fields of one scoring play (``rounds[].plays[]``)."""


@dataclass(frozen=True)
class PlayEntry:
    """One scoring play as the scorekeeper entered it (before the game's rules
    are applied).

    :ivar index: its place in the hand's ``plays`` (0-based, as in the path).
    :ivar player: who laid the tile.
    :ivar count: the count after the play, in pips.
    :ivar tile: the tile laid, when given.
    :ivar points: the points typed with it, when given (checked, never trusted).
    :ivar claimed_by: the opponent who claimed the score the player missed
        (a muggins claim), or ``None``.
    :ivar lead: this play is the hand's first tile (only then is the count
        held to what one tile shows).
    :ivar last_tile: the player laid his last tile with this play (Fives and
        Threes pegs the chip-out point together with it).
    """

    index: int
    player: str
    count: int
    tile: Tile | None = None
    points: int | None = None
    claimed_by: str | None = None
    lead: bool = False
    last_tile: bool = False

    @property
    def scorer(self) -> str:
        """Who is credited with the play's points: the claimer, else the player."""
        return self.claimed_by or self.player


def read_plays(
    raw: Any, path: str, seating: Seating, leader: str | None, problems: Problems, *, claims: bool
) -> list[PlayEntry] | None:
    """Read a hand's ``plays`` (scoring events, in order).

    Checks the shape only; each family checks the counts. ``lead: true`` is
    allowed on the first listed play only, by the hand's leader.

    :param path: the path of the list (``"rounds[0].plays"``).
    :param leader: the hand's leader, when known.
    :param claims: muggins claims (``claimed_by``) are allowed at this table.
    :return: the plays, or ``None`` when the list itself is unreadable.
        Problems: ``bad_value``, ``unknown_player``, ``tiles_not_in_set``,
        ``tile_repeated``, ``count_impossible`` (a negative count).
    """
    if not isinstance(raw, list):
        problems.error(path, "bad_value", tr("List the scoring plays in the order they were made."))
        return None
    out: list[PlayEntry] = []
    tiles_seen: dict[Tile, int] = {}
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, Mapping):
            problems.error(where, "bad_value", tr("A scoring play is a player and a count."))
            continue
        entry = _read_play(item, i, where, seating, leader, problems, claims, tiles_seen)
        if entry is not None:
            out.append(entry)
    return out


def _read_play(item: Mapping[str, Any], i: int, where: str, seating: Seating, leader: str | None,
               problems: Problems, claims: bool, tiles_seen: dict[Tile, int]) -> PlayEntry | None:
    """One scoring play of :func:`read_plays` (``tiles_seen``: the tiles laid
    before it, this one added); ``None`` when its player or count is refused."""
    unknown = [k for k in item if k not in PLAY_KEYS]
    for k in unknown:
        problems.error(f"{where}.{k}", "bad_value", tr("A scoring play has no field %(key)r.", key=k))
    player = read_player(item.get("player"), f"{where}.player", seating, problems)
    raw_count = item.get("count")
    count: int | None = raw_count if is_whole(raw_count) else None
    if count is None:
        problems.error(f"{where}.count", "bad_value", tr("The count is a whole number of pips."))
    elif count < 0:
        problems.error(f"{where}.count", "count_impossible", tr("A count cannot be negative."))
        count = None
    tile: Tile | None = None
    if item.get("tile") is not None:
        tile = _read_tile(item["tile"], f"{where}.tile", problems)
        if tile is not None:
            if tile in tiles_seen:
                problems.error(f"{where}.tile", "tile_repeated",
                               tr("%(tile)s was already laid in this hand.", tile=str(tile)),
                               tile=str(tile))
            tiles_seen[tile] = i
    points = item.get("points")
    if points is not None and not (is_whole(points) and points >= 0):
        problems.error(f"{where}.points", "bad_value", tr("Points are a whole number, 0 or more."))
        points = None
    claimed_by = _read_claim(item.get("claimed_by"), where, seating, player, problems, claims)
    flags = _read_play_flags(item, i, where, leader, player, problems)
    if player is None or count is None:
        return None
    return PlayEntry(i, player, count, tile, points, claimed_by, flags["lead"], flags["last_tile"])


def _read_claim(claimed_by: Any, where: str, seating: Seating, player: str | None,
                problems: Problems, claims: bool) -> str | None:
    """A play's ``claimed_by``: an opponent of ``player`` claiming a score he
    missed, at a table that allows muggins claims; else ``None``."""
    if claimed_by is None:
        return None
    if not claims:
        problems.error(f"{where}.claimed_by", "bad_value",
                       tr("Muggins claims are off at this table."))
        return None
    claimant = read_player(claimed_by, f"{where}.claimed_by", seating, problems)
    if claimant is not None and player is not None and (
            seating.side_of(claimant) == seating.side_of(player)):
        problems.error(f"{where}.claimed_by", "bad_value",
                       tr("Only an opponent of %(player)s can claim a score %(player)s missed.",
                          player=player), player=player)
        return None
    return claimant


def _read_play_flags(item: Mapping[str, Any], i: int, where: str, leader: str | None,
                     player: str | None, problems: Problems) -> dict[str, bool]:
    """A play's ``lead`` and ``last_tile`` (``False`` when not given or
    refused); only the first play, by the hand's leader, may lead."""
    flags = {}
    for flag in ("lead", "last_tile"):
        value = item.get(flag, False)
        if not isinstance(value, bool):
            problems.error(f"{where}.{flag}", "bad_value", tr("Write true or false."))
            value = False
        flags[flag] = value
    if flags["lead"] and i != 0:
        problems.error(f"{where}.lead", "bad_value",
                       tr("Only the first play listed can be the hand's first tile."))
        flags["lead"] = False
    if flags["lead"] and leader is not None and player is not None and player != leader:
        problems.error(f"{where}.lead", "bad_value",
                       tr("%(leader)s led this hand, not %(player)s.", leader=leader, player=player),
                       leader=leader, player=player)
    return flags


def _read_tile(value: Any, path: str, problems: Problems) -> Tile | None:
    try:
        tile = Tile.parse(value) if isinstance(value, str) else None
    except TileError:
        tile = None
    if tile is None:
        problems.error(path, "bad_value", tr("Write a tile as 6-4."))
        return None
    if tile not in DOUBLE_SIX:
        problems.error(path, "tiles_not_in_set",
                       tr("%(tile)s is not in a double-six set.", tile=str(tile)), tile=str(tile))
        return None
    return tile


def read_in_play(raw: Any, path: str, seating: Seating, problems: Problems) -> dict[str, int] | None:
    """Read a hand's quick ``in_play`` totals: points each player scored during
    the hand, in the game's unit (a player left out scored 0).

    :return: ``{player: points}`` for every player, or ``None`` when unreadable.
        Problems: ``bad_value``, ``unknown_player``.
    """
    if not isinstance(raw, Mapping):
        problems.error(path, "bad_value", tr("Give each player's points made during the hand."))
        return None
    out = {p: 0 for p in seating.players}
    for name, value in raw.items():
        if read_player(name, f"{path}.{name}", seating, problems) is None:
            continue
        if not (is_whole(value) and value >= 0):
            problems.error(f"{path}.{name}", "bad_value", tr("Points are a whole number, 0 or more."))
            continue
        out[name] = value
    return out


# ---------------------------------------------------------------- the end of a hand


class Ending(StrEnum):
    """How a hand stopped (``rounds[].ended``)."""

    DOMINO = "domino"
    """Someone laid his last tile (in Fives and Threes pairs: both partners)."""
    BLOCKED = "blocked"
    """Nobody could play."""
    TARGET = "target"
    """The hand stopped at the play that reached the game's target."""


@dataclass(frozen=True)
class HandLeft:
    """What one player held when the hand ended.

    :ivar pips: the pips left, in pips.
    :ivar tiles: the tiles, when entered one by one.
    :ivar drawn: tiles taken from the boneyard during the hand, when given.
    """

    pips: int
    tiles: tuple[Tile, ...] | None = None
    drawn: int | None = None


HAND_KEYS = frozenset({"pips", "tiles", "tiles_left", "drawn"})


def read_hands(raw: Any, path: str, seating: Seating, problems: Problems,
               laid: Sequence[Tile] = ()) -> dict[str, HandLeft]:
    """Read ``hands`` (what each player held at the end) for a double-six set.

    :param laid: tiles the plays say were laid (none may be held as well).
    :return: ``{player: HandLeft}`` for the hands given (readable ones only).
        Problems: ``bad_value``, ``unknown_player``, ``pips_negative``,
        ``tiles_not_in_set``, ``tile_repeated``, ``pips_mismatch`` (pips and
        tiles that disagree), ``pips_infeasible`` (more pips than the tiles
        left can carry, or than a double-six set holds).
    """
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        problems.error(path, "bad_value", tr("Give what each player held at the end, by name."))
        return {}
    out: dict[str, HandLeft] = {}
    seen: set[Tile] = set(laid)
    for name, hand in raw.items():
        where = f"{path}.{name}"
        if read_player(name, where, seating, problems) is None:
            continue
        if not isinstance(hand, Mapping):
            problems.error(where, "bad_value", tr("Give the pips left, or the tiles."))
            continue
        left = _read_hand_left(hand, where, seen, problems)
        if left is not None:
            out[name] = left
    return out


def _read_hand_left(hand: Mapping[str, Any], where: str, seen: set[Tile],
                    problems: Problems) -> HandLeft | None:
    """One player's hand of :func:`read_hands` (``seen``: the tiles laid or
    held before it, its own added); ``None`` when it is refused."""
    for k in hand:
        if k not in HAND_KEYS:
            problems.error(f"{where}.{k}", "bad_value", tr("A hand has no field %(key)r.", key=k))
    ok, tiles = _read_held_tiles(hand, where, seen, problems)
    if not ok:
        return None
    pips = _read_hand_pips(hand, where, tiles, problems)
    if pips is None or not _pips_can_be_held(hand, where, pips, problems):
        return None
    drawn = hand.get("drawn")
    if drawn is not None and not (is_whole(drawn) and 0 <= drawn <= DOUBLE_SIX.size):
        problems.error(f"{where}.drawn", "bad_value", tr("Give how many tiles were drawn."))
        drawn = None
    return HandLeft(pips, tiles, drawn)


def _read_held_tiles(hand: Mapping[str, Any], where: str, seen: set[Tile],
                     problems: Problems) -> tuple[bool, tuple[Tile, ...] | None]:
    """A hand's ``tiles``: ``(True, None)`` when not given, ``(False, None)``
    when refused; a tile already counted is ``tile_repeated``."""
    if hand.get("tiles") is None:
        return True, None
    raw_tiles = hand["tiles"]
    if not isinstance(raw_tiles, list):
        problems.error(f"{where}.tiles", "bad_value", tr("List the tiles, as 6-4."))
        return False, None
    read = [_read_tile(t, f"{where}.tiles[{j}]", problems) for j, t in enumerate(raw_tiles)]
    if any(t is None for t in read):
        return False, None
    tiles = tuple(t for t in read if t is not None)
    for j, t in enumerate(tiles):
        if t in seen:
            problems.error(f"{where}.tiles[{j}]", "tile_repeated",
                           tr("%(tile)s is counted twice.", tile=str(t)), tile=str(t))
        seen.add(t)
    return True, tiles


def _read_hand_pips(hand: Mapping[str, Any], where: str, tiles: tuple[Tile, ...] | None,
                    problems: Problems) -> int | None:
    """A hand's pips: as given (matching its tiles when both are), else the
    tiles' pips; ``None`` when refused or when neither is given."""
    pips = hand.get("pips")
    if pips is not None:
        if not is_whole(pips):
            problems.error(f"{where}.pips", "bad_value", tr("Pips are a whole number."))
            return None
        if pips < 0:
            problems.error(f"{where}.pips", "pips_negative", tr("Pips cannot be negative."))
            return None
        if tiles is not None and pips != sum(t.pips for t in tiles):
            problems.error(f"{where}.pips", "pips_mismatch",
                           tr("These tiles carry %(tiles)s pips, not %(pips)s.",
                              tiles=sum(t.pips for t in tiles), pips=pips))
            return None
        whole: int = pips
        return whole
    if tiles is not None:
        return sum(t.pips for t in tiles)
    problems.error(where, "bad_value", tr("Give the pips left, or the tiles."))
    return None


def _pips_can_be_held(hand: Mapping[str, Any], where: str, pips: int, problems: Problems) -> bool:
    """The hand's ``tiles_left`` is a count of a double-six set that can carry
    ``pips``, and the set holds that many; ``False`` (a problem added) if not."""
    left = hand.get("tiles_left")
    if left is not None and not (is_whole(left) and 0 <= left <= DOUBLE_SIX.size):
        problems.error(f"{where}.tiles_left", "bad_value", tr("Give how many tiles were left."))
        return False
    if left is not None and pips > _most_pips(left):
        problems.error(f"{where}.pips", "pips_infeasible",
                       tr("%(n)s tiles cannot carry %(pips)s pips.", n=left, pips=pips))
        return False
    if pips > DOUBLE_SIX.total_pips:
        problems.error(f"{where}.pips", "pips_infeasible",
                       tr("A double-six set holds only %(most)s pips.", most=DOUBLE_SIX.total_pips))
        return False
    return True


def _most_pips(tiles: int) -> int:
    """The most pips ``tiles`` tiles of a double-six set can carry."""
    return sum(sorted((t.pips for t in DOUBLE_SIX.tiles), reverse=True)[:tiles])


def read_dealt(raw: Any, path: str, seating: Seating, default: Mapping[int, int],
               problems: Problems) -> dict[str, int]:
    """Tiles dealt to each player this hand: the round's ``dealt`` (a number,
    or an object by player), else ``default`` for this many players.

    :return: ``{player: tiles}``. Problems: ``bad_value``, ``unknown_player``,
        ``deal_exceeds_set`` (more tiles dealt than a double-six set holds).
    """
    n = len(seating.players)
    base = default.get(n, DOUBLE_SIX.size // n)
    out = {p: base for p in seating.players}
    if raw is None:
        return out
    if is_whole(raw) and raw >= 1:
        out = {p: raw for p in seating.players}
    elif isinstance(raw, Mapping):
        for name, v in raw.items():
            if read_player(name, f"{path}.{name}", seating, problems) is None:
                continue
            if not (is_whole(v) and v >= 1):
                problems.error(f"{path}.{name}", "bad_value", tr("Give how many tiles were dealt."))
                continue
            out[name] = v
    else:
        problems.error(path, "bad_value", tr("Give how many tiles were dealt to each player."))
        return out
    if sum(out.values()) > DOUBLE_SIX.size:
        problems.error(path, "deal_exceeds_set",
                       tr("A double-six set has only %(size)s tiles.", size=DOUBLE_SIX.size))
    return out


def read_out(raw: Any, path: str, seating: Seating, problems: Problems) -> tuple[str, ...] | None:
    """Who went out (``rounds[].out``): a name, or a list of names.

    :return: the names, or ``None`` with ``bad_value``/``unknown_player`` added.
    """
    names = raw if isinstance(raw, list) else [raw]
    if not names:
        problems.error(path, "bad_value", tr("Say who went out."))
        return None
    out: list[str] = []
    for i, name in enumerate(names):
        where = f"{path}[{i}]" if isinstance(raw, list) else path
        player = read_player(name, where, seating, problems)
        if player is None:
            return None
        if player in out:
            problems.error(where, "bad_value", tr("%(name)s is named twice.", name=player))
            return None
        out.append(player)
    return tuple(out)


def read_ending(raw: Any, path: str, problems: Problems) -> Ending | None:
    """``rounds[].ended`` as an :class:`Ending`, or ``None`` with ``bad_value``."""
    if isinstance(raw, str) and raw in {e.value for e in Ending}:
        return Ending(raw)
    problems.error(path, "bad_value",
                   tr("Say how the hand ended: domino (someone went out), blocked, or at the target."))
    return None


# ---------------------------------------------------------------- the score pad's keypad


@dataclass(frozen=True)
class CountKey:
    """One key of the score pad's keypad: a count that scores, and its points.

    :ivar count: the count on the open ends, in pips.
    :ivar points: what it scores, in the game's unit.
    """

    count: int
    points: int


@dataclass(frozen=True)
class Keypad:
    """The counts that score in a game, for the score pad.

    :ivar keys: every scoring count with its points, lowest first.
    :ivar more: higher counts can also score (Five Up, where every double is a
        spinner: the pad then needs a field for another count).
    """

    keys: tuple[CountKey, ...]
    more: bool = False


IGNORED_ROUND_KEYS = frozenset({"number", "confirm", "version", "scores", "team_scores", "totals",
                                "marks", "shaker", "pegs"})
"""Fields of a round that a ``GET`` derives or a request carries for the API:
accepted and ignored, so a record read back can be sent again."""
