"""The one CSV writer (companion/web/csvfile.py): formula starts made inert,
cells with a separator, quote or line break quoted whatever the separator,
and every CSV download of the app written through it."""

from __future__ import annotations

import csv
import io

import pytest

from companion.web import csvfile


@pytest.mark.parametrize("value,written", [
    ("=1+1", "'=1+1"),
    ("+1", "'+1"),
    ("-1+1", "'-1+1"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("\tx", "'\tx"),
    ("\rx", '"\'\rx"'),
    ("Zoe;=1+1;", '"Zoe;=1+1;"'),
    ("a,b", '"a,b"'),
    ('say "hi"', '"say ""hi"""'),
    ("two\nlines", '"two\nlines"'),
    ("Ana", "Ana"),
    ("-1.50", "-1.50"),
    (-3, "-3"),
    (None, ""),
])
def test_cells_are_inert_and_quoted(value, written):
    assert csvfile.cell(value) == written


@pytest.mark.parametrize("separator", [",", ";"])
def test_a_semicolon_name_stays_one_inert_cell_whatever_the_separator(separator):
    text = csvfile.line(["Zoe;=1+1;", 3, "=2+2"])
    assert text == '"Zoe;=1+1;",3,\'=2+2\r\n'
    # A spreadsheet set to ";" splits at ";": the name stays one quoted cell
    # (the commas then sit inside cells that begin with a digit or a quote).
    cells = next(csv.reader(io.StringIO(text), delimiter=separator))
    assert all(not c.startswith(("=", "+", "-", "@")) for c in cells)
    assert "Zoe;=1+1;" in "".join(cells)


def _mt_record(players):
    return {"kind": "mexican_train", "set": 12, "rules": {"start_engine": 1}, "players": players,
            "rounds": [{"ended": "domino", "hands": {players[0]: {"pips": 0}, players[1]: {"pips": 3}}}] * 2}


def test_every_csv_download_quotes_a_semicolon_name(app, api, client):
    from companion.backup.archive import csv_text

    r = api.post("/api/games", json=_mt_record(["Zoe;=1+1;", "Ben"]))
    assert r.status_code == 201, r.get_json()
    stats = client.get("/players/stats.csv").get_data(as_text=True)
    assert '\r\n"Zoe;=1+1;",1,1,' in stats
    zoe = api.get("/api/players").get_json()
    zoe_id = next(p["id"] for p in zoe["players"] if p["name"] == "Zoe;=1+1;")
    games = client.get(f"/players/{zoe_id}/games.csv").get_data(as_text=True)
    assert games.splitlines()[1].split(",")[1] == str(r.get_json()["id"])
    with app.app_context():
        export = csv_text()
    assert export.splitlines()[1].split(",", 5)[4] == '"Zoe;=1+1;"'
