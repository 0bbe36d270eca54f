"""Every player's own phone: seat links, the hands they send, the QR code.

The game page shows a QR code (made here, on the server, by ``segno``). A
player scans it, picks their seat, and gets a link of their own
(``/s/<key>``) that may write that seat's hand of the current round and
nothing else. The hand is checked alone by the rules engine as soon as it is
sent (:func:`companion.rules.seat.check_seat_hand`) and kept as a
:class:`~companion.models.SeatEntryRow` until the round is saved; the
scorekeeper fills the round form from the phones and saves it (the whole
round is checked then), or, when the game's ``autosave`` is on, the round
saves itself once every seat has entered and the engine accepts it.

The functions here hand back values (:class:`PhoneAccess`, :class:`SeatLink`,
:class:`SeatEntry`, :class:`Seat`), never the stored rows, and write through
the one transaction helper.

A seat link stops working when the tablet revokes it, when the tablet makes a
new QR code (every link of the game is revoked), when another phone takes the
seat over (after saying yes to "take it over?"), when the access token
changes (``token --rotate``: the links and the QR code belong to the token
that made them; the tablet's next look gets a new QR code), or when the game
ends. The phone's page says which.
Views stay thin (``companion/phones/views.py``); this module loads, checks,
stores.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup
from sqlalchemy.exc import IntegrityError

from companion.games import services
from companion.phones.models import PhoneAccessRow, SeatEntryRow, SeatLinkRow
from companion.rules import RecordError
from companion.rules.kinds import HandEntry
from companion.rules.seat import check_seat_hand, check_with_sent
from companion.rules.tiles import Tile
from companion.store.db import db
from companion.store.tx import transaction
from companion.web.access import token_mark
from companion.web.security import new_view_key, view_key_ok


class Gone(Exception):
    """The link no longer works: revoked, replaced, or the game has ended.

    :ivar reason: ``"revoked"`` (the tablet ended it), ``"new_qr"`` (the
        tablet made a new QR code), ``"taken_over"`` (another phone took the
        seat), ``"token"`` (the access token changed since it was made) or
        ``"finished"``.
    """

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class SeatHeld(Exception):
    """Another phone holds the seat: taking it over must be asked for
    (``take_over=True``).

    :ivar seat: the seat, 0 for the first player.
    :ivar name: its player.
    """

    def __init__(self, seat: int, name: str):
        self.seat, self.name = seat, name
        super().__init__(name)


@dataclass(frozen=True)
class PhoneAccess:
    """A game's phone settings.

    :ivar game_id: the game.
    :ivar join_key: the secret in the QR code's address.
    :ivar autosave: the round saves itself once every seat has entered.
    """

    game_id: int
    join_key: str
    autosave: bool


@dataclass(frozen=True)
class SeatLink:
    """One phone's link to one seat.

    :ivar game_id: the game.
    :ivar seat: the seat, 0 for the first player.
    :ivar key: the secret in the link's address (``/s/<key>``).
    """

    game_id: int
    seat: int
    key: str


@dataclass(frozen=True)
class SeatEntry:
    """A hand sent from a seat's phone for a round not yet saved.

    :ivar seat: the seat, 0 for the first player.
    :ivar hand: the hand object of a game record (``{"pips": 23, "tiles_left": 3}``…).
    :ivar out: the player went out (domino).
    :ivar led: in a game in pairs, the player led the hand.
    """

    seat: int
    hand: dict[str, Any]
    out: bool
    led: bool = False


def _access_row(game_id: int) -> PhoneAccessRow:
    """The game's phone settings row, made on first use. Two devices opening
    a new game's page at the same moment both find none and both make one;
    the second meets the first's row (one per game) and reads that one.

    A row whose QR secret was made under another access token (or before
    secrets were marked) gets a new secret for the token in force, and the
    game's seat links end (``"token"``): the tablet shows the new QR code."""
    mark = token_mark()
    row = db.session.get(PhoneAccessRow, game_id)
    if row is None:
        try:
            with transaction():
                row = PhoneAccessRow(game_id=game_id, join_key=new_view_key(), autosave=False,
                                     token_mark=mark)
                db.session.add(row)
        except IntegrityError:
            row = db.session.get(PhoneAccessRow, game_id)
            if row is None:
                raise
    if row.token_mark != mark:
        with transaction():
            row.join_key, row.token_mark = new_view_key(), mark
            _end_links(game_id, "token")
    return row


def _end_links(game_id: int, why: str, seat: int | None = None) -> None:
    """End the game's live seat links (of ``seat`` only, when given), saying
    ``why`` (:class:`Gone`'s reasons); inside the caller's transaction."""
    where = [SeatLinkRow.game_id == game_id, SeatLinkRow.revoked.is_(False)]
    if seat is not None:
        where.append(SeatLinkRow.seat == seat)
    db.session.execute(db.update(SeatLinkRow).where(*where).values(revoked=True, ended_by=why))


def access(game_id: int) -> PhoneAccess:
    """The game's phone settings, made on first use (a fresh QR secret).

    :raises services.NotFound: no such game.
    """
    services.game_revision(game_id)
    row = _access_row(game_id)
    return PhoneAccess(row.game_id, row.join_key, bool(row.autosave))


def qr_svg(url: str) -> Markup:
    """The QR code of ``url`` as inline SVG (segno; dark modules on a light box).
    A game's join link stays the same until a new QR secret is made, so the
    drawing is made once per link in a process and remembered.

    :param url: the address to encode (the game's join link).
    :return: safe markup: an ``<svg class="qr">`` that scales to its box.
    """
    return Markup(_qr_svg(url))


@functools.lru_cache(maxsize=256)
def _qr_svg(url: str) -> str:
    import segno

    code = segno.make(url, error="m")
    return code.svg_inline(scale=1, border=2, svgclass="qr", lineclass="qr-line", omitsize=True,
                           dark="#000", light="#fff")


def new_qr(game_id: int) -> None:
    """A new QR secret for the game; every seat link made so far stops working."""
    services.game_revision(game_id)
    row = _access_row(game_id)
    with transaction():
        row.join_key = new_view_key()
        _end_links(game_id, "new_qr")


def set_autosave(game_id: int, on: bool) -> None:
    """Save the round by itself once every seat has entered (``on``), or not."""
    services.game_revision(game_id)
    row = _access_row(game_id)
    with transaction():
        row.autosave = on


def revoke(game_id: int, seat: int) -> None:
    """The seat's links stop working (its phone gets a "link ended" page)."""
    with transaction():
        _end_links(game_id, "revoked", seat)


def join_ok(game_id: int, key: str) -> bool:
    """True when ``key`` is the game's current QR secret (constant-time
    compare), made under the access token in force."""
    try:
        check_join(game_id, key)
    except Gone:
        return False
    return True


def check_join(game_id: int, key: str) -> None:
    """Check a QR secret.

    :raises Gone: ``"revoked"`` when ``key`` is not the game's QR secret (a
        made-up key, or an older QR code); ``"token"`` when it is, but the
        access token changed since it was made.
    """
    row = db.session.get(PhoneAccessRow, game_id)
    if row is None or not view_key_ok(key, row.join_key):
        raise Gone("revoked")
    if row.token_mark != token_mark():
        raise Gone("token")


def held_seats(game_id: int) -> set[int]:
    """The seats a phone holds now (a live link made under the token in force)."""
    mark = token_mark()
    return {
        s for (s,) in db.session.execute(
            db.select(SeatLinkRow.seat).where(SeatLinkRow.game_id == game_id, SeatLinkRow.revoked.is_(False),
                                              SeatLinkRow.token_mark == mark))
    }


def link_seat(game_id: int, key: str, seat: int, take_over: bool = False) -> SeatLink:
    """A new link for ``seat``. When another phone holds the seat, only with
    ``take_over`` (the new phone was asked); that phone's link then ends, and
    its page says the seat was taken over by another phone.

    :param game_id: the game.
    :param key: the QR secret the phone came with.
    :param seat: the seat picked, 0 for the first player.
    :param take_over: the player said yes to taking over a seat another phone holds.
    :raises Gone: the QR secret is not the game's current one (``"revoked"``),
        the access token changed since it was made (``"token"``), or the game
        has ended (``"finished"``).
    :raises SeatHeld: another phone holds the seat and ``take_over`` is false.
    :raises ValueError: no such seat.
    """
    game = services.get_game(game_id)
    check_join(game_id, key)
    if game.finished:
        raise Gone("finished")
    if not 0 <= seat < len(game.table.players):
        raise ValueError(seat)
    if not take_over and seat in held_seats(game_id):
        raise SeatHeld(seat, game.table.players[seat])
    link = SeatLink(game_id, seat, new_view_key())
    with transaction():
        _end_links(game_id, "taken_over", seat)
        db.session.add(SeatLinkRow(game_id=game_id, seat=seat, key=link.key, revoked=False,
                                   token_mark=token_mark()))
    return link


@dataclass(frozen=True)
class Seat:
    """What a seat link opens.

    :ivar link: the link.
    :ivar game: the game with what the engine derived when it was saved.
    :ivar name: the seat's player.
    """

    link: SeatLink
    game: services.GameView
    name: str


def open_seat(key: str) -> Seat:
    """The seat that ``key`` links to.

    :raises services.NotFound: no such link.
    :raises Gone: ended, with why (:class:`Gone`: ``"revoked"``, ``"new_qr"``,
        ``"taken_over"``, ``"token"`` when made under another access token),
        or the game has ended (``"finished"``).
    """
    link = db.session.execute(db.select(SeatLinkRow).where(SeatLinkRow.key == key)).scalar_one_or_none()
    if link is None or not view_key_ok(key, link.key):
        raise services.NotFound("no such seat link")
    if link.revoked:
        raise Gone(link.ended_by or "revoked")
    if link.token_mark != token_mark():
        raise Gone("token")
    game = services.get_game(link.game_id)
    if game.finished:
        raise Gone("finished")
    return Seat(SeatLink(link.game_id, link.seat, link.key), game, game.table.players[link.seat])


def entries(game_id: int, number: int) -> dict[int, SeatEntry]:
    """The hands sent from phones for round ``number``, by seat."""
    rows = db.session.execute(
        db.select(SeatEntryRow.seat, SeatEntryRow.hand, SeatEntryRow.out, SeatEntryRow.led)
        .where(SeatEntryRow.game_id == game_id, SeatEntryRow.number == number)
    )
    return {r.seat: SeatEntry(r.seat, dict(r.hand), bool(r.out), bool(r.led)) for r in rows}


def send_hand(seat: Seat, hand: dict[str, Any], out: bool, led: bool = False) -> SeatEntry:
    """Keep the seat's hand of the current round, once the engine accepts it alone.

    :param seat: the open seat (:func:`open_seat`).
    :param hand: the hand object of a game record (``{"pips": 23, "tiles_left": 3}``,
        ``{"tiles": ["6-5"]}``; ``{"pips": 0, "tiles_left": 0}`` with ``out``).
    :param out: the player went out (domino).
    :param led: in a game in pairs, the player led the hand.
    :raises RecordError: the engine refuses the hand (problems at
        ``hands.<name>…``), alone or with the hands the other seats sent for
        the round (a tile in two hands, a second 0-0…), as the tablet would.
    """
    check_seat_hand(seat.game, seat.name, hand)
    number = len(seat.game.rounds) + 1
    game_id = seat.game.id
    players = seat.game.table.players
    sent = {players[e.seat]: (e.hand, e.out) for e in entries(game_id, number).values() if e.seat < len(players)}
    check_with_sent(seat.game, seat.name, hand, out, sent)
    with transaction():
        row = db.session.execute(
            db.select(SeatEntryRow).where(SeatEntryRow.game_id == game_id, SeatEntryRow.number == number,
                                          SeatEntryRow.seat == seat.link.seat)
        ).scalar_one_or_none()
        if row is None:
            db.session.add(SeatEntryRow(game_id=game_id, number=number, seat=seat.link.seat, hand=hand, out=out,
                                        led=led))
        else:
            row.hand, row.out, row.led = hand, out, led
    _autosave(game_id)
    return SeatEntry(seat.link.seat, dict(hand), out, led)


def round_from_phones(game: services.GameView, sent: dict[int, SeatEntry]) -> dict[str, Any]:
    """The round object (docs/design.md) made of the hands sent, for the round form
    or for saving: ``ended`` is ``"domino"`` when a phone said "I went out";
    players away from the table (who sent nothing) sit the round out."""
    hands = {game.table.players[s]: dict(e.hand) for s, e in sorted(sent.items())}
    data: dict[str, Any] = {"hands": hands}
    away = [n for n in game.table.away if n not in hands]
    if away:
        data["absent"] = away
    if any(e.out for e in sent.values()):
        data["ended"] = "domino"
    if getattr(game.table, "teams", ()):  # in pairs the hand names who went out and who led
        _pairs_round(game, sent, data)
    return data


def _pairs_round(game: services.GameView, sent: dict[int, SeatEntry], data: dict[str, Any]) -> None:
    """A hand in pairs from the phones (rules-families.md section 1): ``out``,
    the one player who went out; ``blocked`` when all four sent a hand and
    nobody went out; ``leader``, as the next-hand card names him, else the
    player whose phone said "I led"."""
    players = game.table.players
    out = [players[s] for s, e in sent.items() if e.out]
    if len(out) == 1:
        data["out"] = out[0]
    elif not out and len(sent) == len(players):
        data["ended"] = "blocked"
    plan = game.next_round()
    led = [players[s] for s, e in sorted(sent.items()) if e.led]
    leader = plan.starter if plan is not None and plan.starter else (led[0] if len(led) == 1 else None)
    if leader is not None:
        data["leader"] = leader


def _autosave(game_id: int) -> None:
    """With ``autosave`` on: save the round once every seat has entered, one of
    them went out, and the engine accepts the whole round without a warning.
    Anything else is left to the scorekeeper, who sees the same hands."""
    settings = db.session.get(PhoneAccessRow, game_id)
    if settings is None or not settings.autosave:
        return
    game = services.get_game(game_id)
    plan = game.next_round()
    if plan is None or game.table.kind.spec.form.entry is HandEntry.PLAYS:
        return  # the score pad's hand: its scoring plays are the scorekeeper's to save
    sent = entries(game_id, plan.number)
    here = {game.table.players.index(n) for n in game.table.at_table}
    if not here <= set(sent) or not any(e.out for e in sent.values()):
        return
    try:
        services.add_round(game_id, round_from_phones(game, sent), number=plan.number)
    except RecordError:
        return  # a refusal or a conflict: left to the scorekeeper


def tablet_view(game: services.GameView) -> tuple[PhoneAccess, dict[str, Any]]:
    """What the game page's phones panel shows: the game's phone settings
    (made on first use, as :func:`access`) and :func:`status`, in three reads
    (the settings, the hands sent, the links), the game being read already.

    :param game: the game as the caller read it (not read again here).
    :return: ``(settings, status)``.
    """
    row = _access_row(game.id)
    settings = PhoneAccess(row.game_id, row.join_key, bool(row.autosave))
    return settings, status(game, settings)


def status(game: services.GameView, settings: PhoneAccess | None = None) -> dict[str, Any]:
    """What the tablet shows of the phones: for each seat at the table (not a
    player who has left it), whether a phone is linked and whether it has
    entered the current round's hand.

    :param game: the game as the caller read it (not read again here).
    :param settings: the game's phone settings when the caller has them
        (else read here; a game never opened on a tablet has none: no autosave).

    :return: ``{"number", "revision", "autosave", "finished", "seats": [{"seat",
        "name", "linked", "entered", "out", "pips"}]}``; ``pips`` of a hand given
        by tiles is their sum.
    """
    game_id = game.id
    if settings is None:
        row = db.session.get(PhoneAccessRow, game_id)
        autosave = bool(row and row.autosave)
    else:
        autosave = settings.autosave
    number = len(game.rounds) + 1
    sent = entries(game_id, number)
    linked = held_seats(game_id)
    seats = []
    for s, name in enumerate(game.table.players):
        if name in game.table.away:
            continue  # left the table: no hand to wait for
        e = sent.get(s)
        pips = None
        if e is not None:
            pips = e.hand.get("pips")
            if pips is None and "tiles" in e.hand:
                pips = sum(Tile.parse(t).pips for t in e.hand["tiles"])
        seats.append({"seat": s, "name": name, "linked": s in linked, "entered": e is not None,
                      "out": bool(e and e.out), "pips": pips})
    return {"number": number, "revision": game.revision, "autosave": autosave,
            "finished": game.finished, "seats": seats}


__all__ = ["Gone", "Seat", "SeatHeld", "access", "check_join", "entries", "held_seats", "join_ok",
           "link_seat", "new_qr", "open_seat",
           "qr_svg", "revoke", "round_from_phones", "send_hand", "set_autosave",
           "status", "tablet_view"]


_SHIFT = 1000
"""Moves seats out of the way while they are renumbered (seats are unique
per game and round; there are never this many)."""


def move_seats(_sender: object, *, game_id: int, seat: int) -> None:
    """Phone links and entries of ``seat`` and after move one seat on: a
    player was seated before them (receiver of
    :data:`companion.games.signals.seats_moved`, inside that write)."""
    for model in (SeatLinkRow, SeatEntryRow):
        for by in (_SHIFT + 1, -_SHIFT):
            low = seat if by > 0 else seat + _SHIFT + 1
            db.session.execute(
                db.update(model).where(model.game_id == game_id, model.seat >= low)
                .values(seat=model.seat + by).execution_options(synchronize_session=False))
