"""Issue 13, files the command line reads: import is all or nothing and checks
as the API does; restore checks every field; a gzip file is unpacked within a
limit; every refusal is one clear line and changes nothing."""

from __future__ import annotations

import copy
import gzip
import json

import pytest

from tests.conftest import count_rows

GOOD = {"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben"], "first_starter": "Ana",
        "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 23}}}]}


def _one_line_refusal(result) -> str:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def _players(app) -> list[str]:
    from companion.games.models import PlayerRow
    from companion.store.db import db

    with app.app_context():
        return sorted(db.session.execute(db.select(PlayerRow.name)).scalars())


def test_import_is_all_or_nothing_and_can_be_run_again(app, tmp_path):
    bad = copy.deepcopy(GOOD)
    bad["rounds"][0]["hands"]["Ben"]["pips"] = 10_000
    path = tmp_path / "games.json"
    path.write_text(json.dumps({"games": [GOOD, {**GOOD, "players": ["Cy", "Di"], "first_starter": "Cy",
                                                 "rounds": []}, bad]}))
    line = _one_line_refusal(app.test_cli_runner().invoke(args=["import", str(path)]))
    assert line.startswith("Error: record 2: rounds[0].hands.Ben.pips: ")
    assert count_rows(app) == (0, 0) and _players(app) == []
    path.write_text(json.dumps({"games": [GOOD, {**GOOD, "players": ["Cy", "Di"], "first_starter": "Cy",
                                                 "rounds": []}]}))
    result = app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    assert count_rows(app) == (2, 1) and _players(app) == ["Ana", "Ben", "Cy", "Di"]


@pytest.mark.parametrize("text,says", [
    ('{"kind": "mexican_train", "set": 12, "players": ["A\\u0000na", "Ben"], "first_starter": "Ben"}', "NUL"),
    ('{"kind": "mexican_train", "set": 12, "players": ["\\ud800", "Ben"], "first_starter": "Ben"}', "surrogate"),
    ('{"kind": "mexican_train", "set": NaN, "players": ["Ana", "Ben"], "first_starter": "Ben"}', "NaN"),
    ("[" * 5000 + "]" * 5000, "nested"),
    ('{"games": {"a": 1}}', "not a list of game records"),
    ('{"games": [7]}', "record 0: "),
    ('"just text"', "record 0: "),
    ("", "not valid JSON"),
    ("\xff\xfe", "not valid JSON"),
    (json.dumps({**GOOD, "players": ["A" * 5000, "Ben"], "first_starter": "Ben"}), "players[0]"),
    (json.dumps({**GOOD, "players": ["Ana", "Ana"], "first_starter": "Ana"}), "record 0: players"),
    (json.dumps({**GOOD, "set": "12"}), "record 0: set"),
])
def test_import_checks_as_the_api_does(app, api, tmp_path, text, says):
    path = tmp_path / "bad.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass") if "\xff" not in text else b"\xff\xfe")
    line = _one_line_refusal(app.test_cli_runner().invoke(args=["import", str(path)]))
    assert says in line, line
    assert count_rows(app) == (0, 0)
    # The API refuses the same body (when it is one).
    if text.startswith("{") and '"games"' not in text:
        r = api.post("/api/games", data=text.encode("utf-8", "surrogatepass"),
                     content_type="application/json")
        assert r.status_code == 422
        assert count_rows(app) == (0, 0)


def _backup(app, api, tmp_path) -> dict:
    for players in (["Ana", "Ben"], ["Cy", "Di", "Ed"]):
        record = {**GOOD, "players": players, "first_starter": players[0],
                  "rounds": [{"ended": "blocked", "hands": {p: {"pips": 5} for p in players}}]}
        assert api.post("/api/games", json=record).status_code == 201
    path = tmp_path / "b.json"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    return json.loads(path.read_text())


def _empty(app):
    from companion.games.models import GameRow
    from companion.store.db import db

    with app.app_context():
        for row in db.session.execute(db.select(GameRow)).scalars():
            db.session.delete(row)
        db.session.execute(db.text("DELETE FROM player"))
        db.session.commit()
    assert count_rows(app) == (0, 0)


def _set(doc, path, value):
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is _DROP:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_DROP = object()

DAMAGE = [
    (("games", 0, "view_key"), "x", "games[0].view_key"),
    (("games", 0, "view_key"), "a b c d e f g h i j k", "games[0].view_key"),
    (("games", 0, "view_key"), 12345678901234567890, "games[0].view_key"),
    (("games", 0, "revision"), "7", "games[0].revision"),
    (("games", 0, "revision"), -1, "games[0].revision"),
    (("games", 0, "revision"), 2**40, "games[0].revision"),
    (("games", 0, "revision"), True, "games[0].revision"),
    (("games", 0, "id"), -3, "games[0].id"),
    (("games", 0, "id"), "1", "games[0].id"),
    (("games", 0, "id"), 1.5, "games[0].id"),
    (("games", 0, "id"), None, "games[0].id"),
    (("games", 1, "id"), "DUP", "appears twice"),
    (("games", 0, "rounds", 0, "version"), -1, "rounds[0].version"),
    (("games", 0, "rounds", 0, "version"), "a", "rounds[0].version"),
    (("games", 0, "rounds", 0, "number"), 0, "rounds[0].number"),
    (("games", 0, "rounds", 0, "number"), 2, "numbered 1..n"),
    (("games", 0, "rounds", 0, "data"), [], "rounds[0].data"),
    (("games", 0, "rounds", 0), "round", "games[0].rounds[0]"),
    (("games", 0, "rounds"), {"a": 1}, "games[0].rounds"),
    (("games", 0, "rounds"), _DROP, "games[0].rounds"),
    (("games", 0, "created_at"), "yesterday", "games[0].created_at"),
    (("games", 0, "created_at"), 5, "games[0].created_at"),
    (("games", 0, "kind"), 5, "not a valid game"),
    (("games", 0, "kind"), "chess", "not a valid game"),
    (("games", 0, "set"), "12", "not a valid game"),
    (("games", 0, "players"), ["A" * 5000, "Ben"], "not a valid game"),
    (("games", 0), "game", "games[0]"),
    (("games",), {"a": 1}, "games"),
    (("players", 0, "name"), "P" * 5000, "players[0].name"),
    (("players", 0, "name"), "", "players[0].name"),
    (("players", 0, "name"), 7, "players[0].name"),
    (("players", 0, "name"), "tab\there", "players[0].name"),
    (("players", 1, "name"), "DUP", "appears twice"),
    (("players", 0, "last_played"), "soon", "players[0].last_played"),
    (("players", 0), ["Ana"], "players[0]"),
    (("players",), "Ana", "players"),
]


def _event(gid: int) -> dict:
    return {"id": 1, "name": "Club night", "held_on": "2026-11-30", "kind": "mexican_train", "set": 12,
            "rules": {}, "scoring": "place_points", "seating": "random", "reseat": "move_down",
            "move": 3, "tables": 1, "revision": 2,
            "players": [{"name": "Ana", "present": True, "arrived_at": "2026-11-30T19:00:00+00:00"},
                        {"name": "Ben", "present": True, "arrived_at": None}],
            "games": [{"game": gid, "number": 1, "table": 1}]}


EVENT_DAMAGE = [
    (("id",), -1, "events[0].id"), (("id",), "1", "events[0].id"), (("name",), "N" * 500, "events[0].name"),
    (("name",), "", "events[0].name"), (("held_on",), "soon", "events[0].held_on"),
    (("held_on",), 20261130, "events[0].held_on"), (("kind",), 7, "events[0].kind"),
    (("kind",), "k" * 21, "events[0].kind"), (("set",), "12", "events[0].set"),
    (("move",), -3, "events[0].move"), (("tables",), None, "events[0].tables"),
    (("revision",), 0, "events[0].revision"), (("rules",), [1], "events[0].rules"),
    (("scoring",), _DROP, "events[0].scoring"), (("players",), "Ana", "events[0].players"),
    (("players", 0), "Ana", "events[0].players[0]"), (("players", 0, "name"), 5, "players[0].name"),
    (("players", 1, "name"), "Ana", "appears twice"), (("players", 0, "present"), "yes", "present"),
    (("players", 0, "arrived_at"), "then", "arrived_at"), (("games", 0, "game"), 999, "not in the backup"),
    (("games", 0, "game"), "1", "events[0].games[0].game"), (("games", 0, "table"), -1, "games[0].table"),
    (("games", 0), [], "events[0].games[0]"), (("games",), {"a": 1}, "events[0].games"),
]


def test_a_backup_with_a_club_night_restores(app, api, tmp_path):
    doc = _backup(app, api, tmp_path)
    doc["events"] = [_event(doc["games"][0]["id"])]
    _empty(app)
    path = tmp_path / "e.json"
    path.write_text(json.dumps(doc))
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    assert count_rows(app) == (2, 2)


@pytest.mark.parametrize("where,value,says", EVENT_DAMAGE,
                         ids=[f"{'.'.join(map(str, d[0]))}={'DROP' if d[1] is _DROP else repr(d[1])}"[:50]
                              for d in EVENT_DAMAGE])
def test_restore_checks_every_field_of_a_club_night(app, api, tmp_path, where, value, says):
    doc = _backup(app, api, tmp_path)
    doc["events"] = [_event(doc["games"][0]["id"])]
    _set(doc["events"][0], where, value)
    _empty(app)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(doc))
    line = _one_line_refusal(app.test_cli_runner().invoke(args=["restore", str(path)]))
    assert says in line, line
    assert count_rows(app) == (0, 0) and _players(app) == []


@pytest.mark.parametrize("where,value,says", DAMAGE, ids=[f"{'.'.join(map(str, d[0]))}={'DROP' if d[1] is _DROP else repr(d[1])}"[:60]
                                                         for d in DAMAGE])
def test_restore_checks_every_field_and_says_which_in_one_line(app, api, tmp_path, where, value, says):
    doc = _backup(app, api, tmp_path)
    if value == "DUP":
        value = doc[where[0]][0][where[-1]]
    _set(doc, where, value)
    _empty(app)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(doc))
    line = _one_line_refusal(app.test_cli_runner().invoke(args=["restore", str(path)]))
    assert says in line, line
    assert count_rows(app) == (0, 0) and _players(app) == []


def test_a_spectator_key_from_a_backup_is_kept_when_it_is_a_real_one(app, api, tmp_path):
    doc = _backup(app, api, tmp_path)
    key = doc["games"][0]["view_key"]
    _empty(app)
    path = tmp_path / "b.json"
    path.write_text(json.dumps(doc))
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    assert app.test_client().get(f"/games/{doc['games'][0]['id']}/table?view={key}").status_code == 200
    assert app.test_client().get(f"/games/{doc['games'][0]['id']}/table?view=x").status_code == 302


def test_a_gzip_bomb_is_refused_within_the_limit(app, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_MAX_FILE_MB", "1")
    # 8 MB of spaces around a valid backup packs into a few kilobytes.
    bomb = gzip.compress(b'{"format": "domino-companion-backup", "version": 1, "games": []' + b" " * (8 << 20) + b"}")
    assert len(bomb) < 64 * 1024
    for name in ("bomb.json.gz", "bomb.json"):
        path = tmp_path / name
        path.write_bytes(bomb)
        for command in ("restore", "import"):
            line = _one_line_refusal(app.test_cli_runner().invoke(args=[command, str(path)]))
            assert "unpacks to more than 1 MB" in line, line
    plain = tmp_path / "big.json"
    plain.write_bytes(b"[" + b" " * (2 << 20) + b"]")
    assert "larger than 1 MB" in _one_line_refusal(app.test_cli_runner().invoke(args=["import", str(plain)]))
    assert count_rows(app) == (0, 0)


@pytest.mark.parametrize("data,says", [
    (gzip.compress(json.dumps(GOOD).encode())[:-12], "cut short"),
    (b"\x1f\x8b" + b"not gzip at all", "not a readable gzip file"),
])
def test_a_damaged_gzip_file_is_one_line(app, tmp_path, data, says):
    path = tmp_path / "x.gz"
    path.write_bytes(data)
    for command in ("restore", "import"):
        assert says in _one_line_refusal(app.test_cli_runner().invoke(args=[command, str(path)]))
    assert count_rows(app) == (0, 0)


def test_gzip_files_of_several_members_and_standard_input_are_read(app, tmp_path):
    path = tmp_path / "two.json.gz"
    text = json.dumps({"games": [GOOD]}).encode()
    path.write_bytes(gzip.compress(text[:10]) + gzip.compress(text[10:]))
    result = app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    result = app.test_cli_runner().invoke(args=["import", "-"], input=json.dumps(GOOD))
    assert result.exit_code == 0, result.output
    assert count_rows(app) == (2, 2)


def test_a_missing_file_is_one_line(app, tmp_path):
    for command in ("restore", "import"):
        line = _one_line_refusal(app.test_cli_runner().invoke(args=[command, str(tmp_path / "nope.json")]))
        assert "nope.json: cannot be read" in line
