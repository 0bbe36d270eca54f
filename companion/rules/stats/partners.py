"""A player's record with each partner: the games two players played as one
pair (partnership dominoes, docs/design.md "Teams"), folded from the
player's lines of games in pairs. Pure: plain values in, plain values out.

A pair wins a game when it ranks first (the first pair to the target, pagat
Partnership; rules-families.md section 1); both partners share that place,
so a pair's games, wins and points are the same on either partner's page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class PairGame:
    """One finished game a player played with one partner.

    :ivar partner: the partner's name (as the roster names him now).
    :ivar partner_id: the partner's roster id (``None``: not on the roster).
    :ivar won: the pair ranked first.
    :ivar rank: the pair's place (``None``: left before the end).
    :ivar rounds: hands the player played.
    :ivar points: the pair's points over those hands.
    """

    partner: str
    partner_id: int | None
    won: bool
    rank: int | None
    rounds: int
    points: int


@dataclass(frozen=True)
class PartnerRecord:
    """A pair's record: what one player and one partner did together.

    :ivar partner: the partner's name.
    :ivar partner_id: the partner's roster id, or ``None``.
    :ivar games: finished games played together.
    :ivar wins: of those, games the pair won.
    :ivar rounds: hands played together.
    :ivar points: points the pair scored over those hands.
    """

    partner: str
    partner_id: int | None
    games: int
    wins: int
    rounds: int
    points: int

    @property
    def losses(self) -> int:
        """Games played together and not won."""
        return self.games - self.wins

    @property
    def win_rate(self) -> float | None:
        """Games won ÷ games played together (0.0-1.0); ``None`` without games."""
        return self.wins / self.games if self.games else None

    def as_json(self) -> dict[str, object]:
        """``{"partner", "partner_id", "games", "wins", "losses", "win_rate", "rounds", "points"}``."""
        return {"partner": self.partner, "partner_id": self.partner_id, "games": self.games,
                "wins": self.wins, "losses": self.losses, "win_rate": self.win_rate,
                "rounds": self.rounds, "points": self.points}


def partner_records(games: Iterable[PairGame]) -> list[PartnerRecord]:
    """Fold a player's games in pairs by partner.

    :param games: one :class:`PairGame` per finished game played in a pair.
    :return: one :class:`PartnerRecord` per partner: the most games together
        first, then the most wins, then the partner's name (case ignored).
    """
    acc: dict[object, list[int]] = {}
    names: dict[object, tuple[str, int | None]] = {}
    for g in games:
        key: object = g.partner_id if g.partner_id is not None else ("name", g.partner)
        names[key] = (g.partner, g.partner_id)
        row = acc.setdefault(key, [0, 0, 0, 0])
        row[0] += 1
        row[1] += int(g.won)
        row[2] += g.rounds
        row[3] += g.points
    out = [PartnerRecord(*names[key], *values) for key, values in acc.items()]
    return sorted(out, key=lambda r: (-r.games, -r.wins, r.partner.casefold(), r.partner))


def partner_in(teams: Iterable[Iterable[str]], player: str) -> str | None:
    """The partner of ``player`` in a game's ``teams`` (two lists of two
    names), or ``None`` when the player sits in no pair of two."""
    for pair in teams:
        names = list(pair)
        if player in names and len(names) == 2:
            return names[1 - names.index(player)]
    return None
