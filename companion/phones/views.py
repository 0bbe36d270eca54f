"""Every player's own phone: the QR code's join page, a seat's own page, and
the tablet's view of the phones (companion/phones/links.py does the work).

The join page and the seat pages are open without the access token (the
secret is in their address); each checks its own key. Everything else here
is the tablet's, behind the token like every other route.
"""

from __future__ import annotations

import json
import zlib

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request, url_for

from companion.games import services
from companion.games.forms import round_from_form, round_to_form
from companion.games.partnership_form import hand_to_form, pairs_by_pips
from companion.games.views.pages import render_game
from companion.phones import links as phones
from companion.photo import views as photo
from companion.rules import RecordError
from companion.rules.errors import addressing
from companion.rules.scoring import double_blank_changes_points
from companion.web import numbers
from companion.web.access import open_to_phones
from companion.web.i18n import gettext
from companion.web.security import public_url_for

bp = Blueprint("phones", __name__)



def panel(row) -> dict:
    """What the game page's "Players' phones" panel shows (a template global):
    the join address, its QR code, and each seat's state."""
    settings, status = phones.tablet_view(row)
    url = public_url_for("phones.join", game_id=row.id, key=settings.join_key)
    return {"url": url, "qr": phones.qr_svg(url), "status": status}


bp.add_app_template_global(panel, "phones_panel")


def sent_pips(row) -> dict[str, int]:
    """The pips left each player's phone sent for the hand being played, by
    player's name (in pips; a hand sent as tiles, their sum; 0 for a player
    out): the score pad's pips-left boxes start with them (a template global)."""
    return {s["name"]: s["pips"] for s in phones.status(row)["seats"] if s["entered"] and s["pips"] is not None}


bp.add_app_template_global(sent_pips, "phones_pips")


@bp.get("/games/<int:game_id>/phones/panel")
def panel_body(game_id: int) -> str:
    """The "Players' phones" panel's body on a page of its own: the game page
    fetches it when its closed panel opens (issue 27, page weight: the QR code
    and a form a seat are about 7 KB of an eight-player game's page)."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    return render_template("phones/panel_body.html", game=game)


def _gone(reason: str):
    return render_template("phones/gone.html", reason=reason), 410


@bp.route("/j/<int:game_id>/<key>", methods=["GET"])
@open_to_phones
def join(game_id: int, key: str):
    """The QR code's page: pick your seat (410 when the QR code has ended:
    a new one, a new access token, or the game is over)."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    try:
        phones.check_join(game_id, key)
    except phones.Gone as exc:
        return _gone(exc.reason)
    if game.finished:
        return _gone("finished")
    return _render_join(game, key)


def _render_join(game, key: str, held=None, status: int = 200):
    """The seat picker; with ``held`` (:class:`~companion.phones.links.SeatHeld`),
    the question whether to take over the seat another phone holds."""
    return render_template("phones/join.html", row=game, game=game, key=key, held=held,
                           holding=phones.held_seats(game.id)), status


@bp.route("/j/<int:game_id>/<key>", methods=["POST"])
@open_to_phones
def pick(game_id: int, key: str):
    """A seat picked: this phone gets its own link for that seat. When another
    phone holds it, this phone is asked first (409, "take it over?"); with
    ``take_over=1`` the other phone's link ends and its page says so."""
    seat = numbers.parse(request.form.get("seat"), 0)
    try:
        link = phones.link_seat(game_id, key, seat if seat is not None else -1,
                                take_over=request.form.get("take_over") == "1")
    except services.NotFound:
        abort(404)
    except phones.Gone as exc:
        return _gone(exc.reason)
    except phones.SeatHeld as held:
        return _render_join(services.get_game(game_id), key, held=held, status=409)
    except ValueError:
        abort(400)
    return redirect(url_for("phones.seat", key=link.key))


def _open(key: str):
    try:
        return phones.open_seat(key)
    except services.NotFound:
        abort(404)


def _render_seat(seat, values=None, errors=None, status=200):
    number = len(seat.game.rounds) + 1
    sent = phones.entries(seat.game.id, number).get(seat.link.seat)
    if values is None:
        values = {}
        if sent is not None:
            values = round_to_form({"hands": {seat.name: sent.hand}, "ended": "domino" if sent.out else None},
                                   list(seat.game.table.players))
            if sent.led:
                values["led"] = str(seat.link.seat)
    plan = seat.game.next_round()
    # this phone's draft of the hand (static/app.js): the seat, the round, and what was
    # sent (a draft is forgotten once sent, or once the round moves on)
    drafts = f"s{seat.game.id}-{seat.link.seat}"
    sent_as = json.dumps([sent.hand, sent.out, sent.led], sort_keys=True) if sent else ""
    draft_key = f"{drafts}:{number}:{zlib.crc32(sent_as.encode()):x}"
    return render_template("phones/seat.html", seat=seat, plan=plan, number=number, sent=sent,
                           drafts=drafts, draft_key=draft_key,
                           values=values, errors=errors or [],
                           blank_counts=double_blank_changes_points(seat.game.table)), status


@bp.get("/s/<key>")
@open_to_phones
def seat(key: str):
    """A seat's own page: this player's hand of the current round."""
    try:
        s = _open(key)
    except phones.Gone as exc:
        return _gone(exc.reason)
    return _render_seat(s)


@bp.post("/s/<key>")
@open_to_phones
def send(key: str):
    """The seat's hand sent: checked alone by the engine, then kept for the round."""
    try:
        s = _open(key)
    except phones.Gone as exc:
        return _gone(exc.reason)
    number = numbers.parse(request.form.get("number"), 1)
    current = len(s.game.rounds) + 1
    if number != current:
        return _render_seat(s, errors=[gettext("Round %(n)s was saved meanwhile; this is round %(m)s.",
                                         n=number or current - 1, m=current)], status=409)
    seat_no = s.link.seat
    form = {k: v for k, v in request.form.items()
            if k in (f"pips-{seat_no}", f"left-{seat_no}", f"blank-{seat_no}", f"tiles-{seat_no}", "out")}
    # read with the round form's own reader, every other seat left out
    players = list(s.game.table.players)
    form.update({f"absent-{i}": "1" for i in range(len(players)) if i != seat_no})
    with addressing(s.name):  # the player's own phone: "You can hold…", not their name
        parsed = round_from_form(form, players, s.game.table.kind)
    mine = f"hands.{s.name}"
    problems = [p for p in parsed.problems if p.path == mine or p.path.startswith(mine + ".")]
    if problems:
        return _render_seat(s, values=request.form, errors=[p.message for p in problems], status=422)
    out = request.form.get("out") == str(seat_no)
    led = request.form.get("led") == str(seat_no)  # in pairs: "I led this hand"
    hand = parsed.data["hands"][s.name]
    try:
        with addressing(s.name):
            phones.send_hand(s, hand, out, led)
    except RecordError as exc:
        return _render_seat(s, values=request.form, errors=[p.message for p in exc.errors], status=422)
    return redirect(url_for("phones.seat", key=key, _anchor="sent"))


@bp.get("/s/<key>/status.json")
@open_to_phones
def seat_status(key: str):
    """For the seat's page: the current round and whether this seat has entered it."""
    try:
        s = _open(key)
    except phones.Gone as exc:
        return jsonify(gone=exc.reason), 410
    number = len(s.game.rounds) + 1
    return jsonify(number=number, entered=s.link.seat in phones.entries(s.game.id, number))


def _game_or_404(game_id: int) -> services.GameView:
    try:
        return services.get_game(game_id)
    except services.NotFound:
        abort(404)


@bp.get("/games/<int:game_id>/phones.json")
def status(game_id: int):
    """For the tablet: who has a phone linked and who has entered (polled every second)."""
    return jsonify(phones.status(_game_or_404(game_id)))


@bp.post("/games/<int:game_id>/phones/revoke/<int:seat>")
def revoke(game_id: int, seat: int):
    """End a seat's phone link."""
    _game_or_404(game_id)
    phones.revoke(game_id, seat)
    return redirect(url_for("games.detail", game_id=game_id, _anchor="phones"))


@bp.post("/games/<int:game_id>/phones/new-qr")
def new_qr(game_id: int):
    """A new QR code: every phone link of this game ends."""
    _game_or_404(game_id)
    phones.new_qr(game_id)
    return redirect(url_for("games.detail", game_id=game_id, _anchor="phones"))


@bp.post("/games/<int:game_id>/phones/autosave")
def autosave(game_id: int):
    """Save the round by itself once every seat has entered (on or off)."""
    _game_or_404(game_id)
    phones.set_autosave(game_id, request.form.get("autosave") == "1")
    return redirect(url_for("games.detail", game_id=game_id, _anchor="phones"))


_TYPED_MOST = 12
"""Characters kept of a value typed on the tablet and carried to the form."""


@bp.get("/games/<int:game_id>/from-phones")
def from_phones(game_id: int):
    """The round form filled with the hands sent from the phones, to check and
    save. What the tablet had typed comes along in the address (``pips-<seat>``,
    ``out``: static/phones.js adds it) and stays for the seats no phone sent."""
    game = _game_or_404(game_id)
    if not game.table.kind.spec.on_pages:  # the game page of this kind is not ready yet
        abort(Response(gettext("The page of this kind of game is not ready yet."), status=409,
                       mimetype="text/plain"))
    plan = game.next_round()
    if plan is None:
        return redirect(url_for("games.detail", game_id=game_id))
    sent = phones.entries(game_id, plan.number)
    data = phones.round_from_phones(game, sent)
    players = list(game.table.players)
    to_form = hand_to_form if pairs_by_pips(game.table.kind.spec) else round_to_form  # a hand in pairs
    values = to_form(data, players) if sent else {}
    for s in range(len(players)):
        if s not in sent:
            values.pop(f"pips-{s}", None)
            kept = request.args.get(f"pips-{s}", "").strip()[:_TYPED_MOST]
            if kept:
                values[f"pips-{s}"] = kept
    kept_out = request.args.get("out", "").strip()[:_TYPED_MOST]
    if kept_out and not any(values.get(k) for k in ("out", "winner")):
        values["out"] = kept_out
    values["number"] = str(plan.number)
    values.setdefault("dealt", str(plan.dealt))
    return render_game(game, values=values)



@photo.bp.post("/seat/<key>/hand")
@open_to_phones
def seat_hand(key: str):
    """A photo of a hand from a player's own phone (the seat page), read as
    :func:`companion.photo.views.hand` reads one: the seat's key stands for
    the access token, and the game, the round (the one being played) and the
    player come from the seat. Field: ``image``; optional ``taken``.
    Registered on the photo blueprint as ``photo.seat_hand``, so its body cap
    and its CSRF check are the photo's."""
    try:
        seat = phones.open_seat(key)
    except (services.NotFound, phones.Gone):
        abort(404)
    number = len(seat.game.rounds) + 1
    game_set, engine, others, seat_no = photo.round_context(seat.game.id, number, seat.name)
    return photo.read_upload(game_set, engine, others, seat.game.id, number, seat_no)


__all__ = ["bp", "panel", "seat_hand"]
