"""Club nights in backups: every event (a single evening or a season), who
came and which games were its tables; put back by a restore with their ids."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import aliased

from companion.clubs.models import EventGameRow, EventPlayerRow, EventRow
from companion.games.models import PlayerRow
from companion.players import roster
from companion.store.db import db


def dump_events() -> list[dict[str, Any]]:
    """Every event for a backup: its settings (``pairs`` at a night of
    doubles, ``match`` at a league match), who came (by name; at a night
    in pairs with the ``partner`` checked in with) and its games (by game
    id, with the evening's game number and the table)."""
    out: list[dict[str, Any]] = []
    for row in db.session.execute(select(EventRow).order_by(EventRow.id)).scalars():
        partner = aliased(PlayerRow)
        people = db.session.execute(
            select(PlayerRow.name, EventPlayerRow.present, EventPlayerRow.arrived_at, partner.name)
            .select_from(EventPlayerRow)
            .join(PlayerRow, EventPlayerRow.player_id == PlayerRow.id)
            .outerjoin(partner, partner.id == EventPlayerRow.partner_id)
            .where(EventPlayerRow.event_id == row.id).order_by(EventPlayerRow.arrived_at, PlayerRow.name)
        ).all()
        games = db.session.execute(
            select(EventGameRow.game_id, EventGameRow.number, EventGameRow.table_no, EventGameRow.evening)
            .where(EventGameRow.event_id == row.id).order_by(EventGameRow.number, EventGameRow.table_no)
        ).all()
        out.append({
            "id": row.id, "name": row.name, "held_on": row.held_on.isoformat(), "kind": row.kind,
            "set": row.set_n, "rules": dict(row.rules or {}), "scoring": row.scoring,
            "seating": row.seating, "reseat": row.reseat, "move": row.move, "tables": row.tables,
            "revision": row.revision, "evenings": list(row.evenings or []),
            **({"pairs": True} if row.pairs else {}),  # doubles of Fives and Threes, All Fives
            **({"match": dict(row.match)} if row.match else {}),  # a league match
            "players": [{"name": n, "present": bool(p), "arrived_at": a.isoformat() if a else None,
                         **({"partner": mate} if mate else {})}
                        for n, p, a, mate in people],
            "games": [{"game": g, "number": n, "table": t, "evening": ev} for g, n, t, ev in games],
        })
    return out


def restore_events(events: Sequence[Mapping[str, Any]]) -> int:
    """Put a backup's events back (inside the restore's transaction; the games
    and players are already there). Ids are kept.

    :return: the number of events restored.
    :raises KeyError: a field is missing from an event.
    """
    from datetime import datetime

    for e in events:
        db.session.add(EventRow(
            id=e["id"], name=e["name"], held_on=date.fromisoformat(e["held_on"]), kind=e["kind"],
            set_n=e["set"], rules=dict(e.get("rules") or {}), scoring=e["scoring"], seating=e["seating"],
            reseat=e["reseat"], move=e["move"], tables=e["tables"], revision=e.get("revision") or 1,
            evenings=[date.fromisoformat(d).isoformat() for d in e.get("evenings") or []] or None,
            pairs=bool(e.get("pairs")), match=dict(e["match"]) if e.get("match") else None,
        ))
        db.session.flush()
        ids = roster.remember([p["name"] for p in e.get("players", [])])
        for p in e.get("players", []):
            arrived = datetime.fromisoformat(p["arrived_at"]) if p.get("arrived_at") else None
            db.session.add(EventPlayerRow(event_id=e["id"], player_id=ids[p["name"]],
                                          present=bool(p.get("present", True)),
                                          partner_id=ids.get(p.get("partner") or ""),  # a night in pairs
                                          **({"arrived_at": arrived} if arrived else {})))
        for g in e.get("games", []):
            db.session.add(EventGameRow(game_id=g["game"], event_id=e["id"], number=g["number"],
                                        table_no=g["table"], evening=g.get("evening") or 1))
    db.session.flush()
    return len(events)


__all__ = ["dump_events", "restore_events"]
