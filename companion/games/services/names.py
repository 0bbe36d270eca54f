"""The names a game seats: one roster entry per player (:class:`PlayerRow`),
names matched ignoring case and Unicode form
(:func:`companion.rules.stats.records.name_key`).

A game only needs each seat's player id; the roster's pages, renames and
merges are the players feature's (:mod:`companion.players.roster`).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import bindparam, func, select

from companion.games.models import PlayerRow
from companion.rules.confusable import look_alike
from companion.rules.errors import Problem
from companion.rules.stats.records import clean_name, name_key
from companion.store.db import db
from companion.web.i18n import gettext


def remember(names: Iterable[str], touch: bool = True) -> dict[str, int]:
    """The roster ids of ``names``, adding the names not yet known.

    A name that differs from a known one only by case or Unicode form is that
    player (the roster keeps its first spelling). Safe against another process
    adding the same name at once (an insert that skips a known key, in key
    order). Runs inside the caller's transaction (no commit).

    :param touch: mark the players as just played (offered first for a new game).
    :return: ``{name as given: player id}``.
    """
    wanted = {n: name_key(n) for n in names}
    if not wanted:
        return {}
    first: dict[str, str] = {}
    for name, key in wanted.items():
        first.setdefault(key, clean_name(name))
    values = [{"name": first[k], "key": k, "last_played": func.now()} for k in sorted(first)]
    dialect = db.session.get_bind().dialect.name
    if dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import insert as upsert
    elif dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as upsert  # type: ignore[assignment]
    else:  # pragma: no cover - the app runs on SQLite or PostgreSQL
        upsert = None  # type: ignore[assignment]
    if upsert is not None:
        stmt = upsert(PlayerRow).values(values)
        if touch:
            db.session.execute(stmt.on_conflict_do_update(
                index_elements=[PlayerRow.key], set_={"last_played": func.now()}))
        else:
            db.session.execute(stmt.on_conflict_do_nothing(index_elements=[PlayerRow.key]))
    else:  # pragma: no cover
        known_keys = set(db.session.execute(
            select(PlayerRow.key).where(PlayerRow.key.in_(first))).scalars())
        for v in values:
            if v["key"] not in known_keys:
                db.session.add(PlayerRow(name=v["name"], key=v["key"]))
        db.session.flush()
    known = dict(db.session.execute(
        select(PlayerRow.key, PlayerRow.id).where(PlayerRow.key.in_(first))).all())
    return {name: known[key] for name, key in wanted.items()}


def ids_by_name(names: Iterable[str]) -> dict[str, int]:
    """Roster ids of names (case and Unicode form ignored); unknown names left out.

    :return: ``{name as given: player id}``.
    """
    wanted = {name_key(n): n for n in names}
    rows = db.session.execute(_IDS_BY_KEY, {"keys": list(wanted)})
    return {wanted[k]: pid for pid, k in rows}


_P = PlayerRow.__table__.c
_IDS_BY_KEY = select(_P.id, _P.key).where(_P.key.in_(bindparam("keys", expanding=True)))
"""Roster ids by name key, built once (``keys`` bound per read)."""


def look_alikes(names: Iterable[tuple[str, str]], exclude_id: int | None = None) -> list[Problem]:
    """A warning per new name drawn like a stored player's but written with
    other letters ("Ana" with a Cyrillic А beside the stored Ana), naming
    that player (:func:`companion.rules.confusable.look_alike`, UTS #39's
    skeleton).

    A name that is a stored player's (case and Unicode form aside) is that
    player, not a look-alike.

    Names typed together (one start form: "Ana" and a Cyrillic "Аna", neither
    stored yet) are compared with each other too: the later one is warned of,
    naming the earlier as typed in the same form (issue 27).

    :param names: ``(path, name)`` pairs: where each name was given and the name.
    :param exclude_id: a player not to compare with (the one being renamed).
    :return: ``confusable_name`` warnings (empty: nothing looks alike), at most
        one per name.
    """
    query = select(PlayerRow.name)
    if exclude_id is not None:
        query = query.where(PlayerRow.id != exclude_id)
    stored = list(db.session.execute(query).scalars())
    known = {name_key(n) for n in stored}
    warnings = []
    typed: list[str] = []
    for path, name in names:
        earlier, typed = list(typed), typed + [name]
        if name_key(name) in known:
            continue
        other = look_alike(name, stored)
        if other is not None:
            warnings.append(Problem(path, "confusable_name", gettext(
                "%(name)s looks like %(other)s, who is already on the roster, but is written "
                "with other letters. Confirm to keep them as two players.", name=name, other=other)))
            continue
        other = look_alike(name, earlier)
        if other is not None:
            warnings.append(Problem(path, "confusable_name", gettext(
                "%(name)s looks like %(other)s, also typed here, but is written with other letters. "
                "Confirm to keep them as two players, or correct one of them.",
                name=name, other=other)))
    return warnings
