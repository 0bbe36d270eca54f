"""Check once, remember forever: what the engine derives is stored at write and
read back without running it; the stored results always equal a derivation
from scratch; lists come a page at a time with filters; archive and trash;
ETag/304. Runs on SQLite and on PostgreSQL (``COMPANION_TEST_DATABASE_URL``)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules.schedule import engines
from companion.rules.simulate import random_round
from companion.rules.tiles import DominoSet
from tests.conftest import count_rows, csrf_token
from tests.helpers import fresh_game_json, stored_game_json

NAMES = ["Ana", "Ben", "Chen", "Dee", "Eve"]


# -- random real rounds of every kind ----------------------------------------------------------


def classic_round(rng: random.Random, kind: str, players: list[str]) -> dict:
    """A classic double-six round real tiles could leave (no draws)."""
    tiles = list(DominoSet(6).tiles)
    rng.shuffle(tiles)
    dealt = 7 if len(players) == 2 else 6
    held = {p: [tiles.pop() for _ in range(dealt)] for p in players}
    out = rng.choice(players) if rng.random() < 0.8 else None
    hands = {}
    for p in players:
        left = [] if p == out else rng.sample(held[p], rng.randint(1, dealt))
        hands[p] = {"tiles": [str(t) for t in left]} if left else {"pips": 0, "tiles_left": 0}
    return {"ended": "domino" if out else "blocked", "hands": hands}


def any_round(rng: random.Random, head: dict, number: int) -> dict:
    """Round ``number`` of the game ``head``: sometimes a player sits it out."""
    players = head["players"]
    if head["kind"] == "picture":
        return {"winner": rng.choice(players)}
    absent = [rng.choice(players)] if len(players) > 2 and rng.random() < 0.25 else []
    present = [p for p in players if p not in absent]
    if head["kind"] == "mexican_train":
        rnd = random_round(rng, head["set"], present, engines(head["set"])[number - 1], style="mixed")
    else:
        rnd = classic_round(rng, head["kind"], present)
    if absent:
        rnd["absent"] = absent
    return rnd


@st.composite
def games_and_changes(draw):
    kind = draw(st.sampled_from(["mexican_train", "draw", "block", "picture"]))
    n = draw(st.integers(2, 4 if kind != "mexican_train" else 5))
    rules = {}
    if kind != "picture":
        rules["late_join"] = draw(st.sampled_from(["zero", "highest", "average"]))
        rules["tie_break"] = draw(st.sampled_from(["none", "most_rounds_out"]))
    if kind in ("draw", "block"):
        rules["target_score"] = draw(st.sampled_from([30, 60, 100]))
    head = {"kind": kind, "set": 9 if kind == "mexican_train" else 6, "players": NAMES[:n],
            "first_starter": NAMES[draw(st.integers(0, n - 1))], "rules": rules}
    changes = draw(st.lists(st.tuples(st.sampled_from(["add", "add", "add", "fix", "delete"]),
                                       st.integers(1, 12), st.integers(0, 10**6)),
                            min_size=3, max_size=14))
    return head, changes


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(games_and_changes())
def test_stored_results_equal_a_derivation_from_scratch(app, api, case):
    """Random games, random rounds added, corrected and deleted through the API:
    after every change the stored results are what the engine derives from the
    stored record from scratch, and an added round's answer shows the game
    exactly as it is then read back."""
    from companion.games import services

    head, changes = case
    gid = api.post("/api/games", json={**head, "confirm": True}).get_json()["id"]
    for op, k, seed in changes:
        rng = random.Random(seed)
        game = api.get(f"/api/games/{gid}").get_json()
        played = len(game["rounds"])
        if op == "add" and game["status"] == "in_progress":
            r = api.post(f"/api/games/{gid}/rounds",
                         json={**any_round(rng, head, played + 1), "confirm": True})
        elif op == "fix" and played:
            k = 1 + (k - 1) % played
            r = api.put(f"/api/games/{gid}/rounds/{k}", json={**any_round(rng, head, k), "confirm": True})
        elif op == "delete" and played:
            r = api.delete(f"/api/games/{gid}/rounds/{played}")
        else:
            continue
        assert r.status_code in (200, 201, 204, 422), r.get_json()
        with app.app_context():
            view = services.get_game(gid)
        assert stored_game_json(view) == fresh_game_json(view.record())
        read = api.get(f"/api/games/{gid}").get_json()
        assert read["rounds"] == [
            {**rnd, "version": v.version} for rnd, v in zip(fresh_game_json(view.record())["rounds"], view.rounds)]
        if r.status_code == 201:  # an added round's answer: the game built from the save, not read again
            assert r.get_json()["game"] == read
            assert r.get_json()["round"] == read["rounds"][-1]


# -- engine runs counted -----------------------------------------------------------------------


@pytest.fixture
def engine_calls(monkeypatch):
    """Counts of the engine's per-round work: reading a round (``parse_round``),
    scoring one (``round_scores``) and reading a whole game (``read_game``),
    wherever the app calls them."""
    import companion.games.services.games as games_mod
    import companion.games.services.rounds as rounds_mod
    import companion.games.services.store as store_mod
    import companion.rules.game as game_mod
    import companion.rules.state as state_mod
    import companion.sheets.kept as sheets_mod

    counts = {"parse_round": 0, "round_scores": 0, "read_game": 0}

    def counted(name, real):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return wrapper

    for module in (game_mod, state_mod, games_mod, rounds_mod, store_mod):
        for name in counts:
            if hasattr(module, name):
                monkeypatch.setattr(module, name, counted(name, getattr(module, name)))
    monkeypatch.setattr(sheets_mod, "read_game", counted("read_game", sheets_mod.read_game))
    return counts


def test_a_read_runs_no_engine_and_a_save_checks_only_its_round(app, api, client, full_game, engine_calls):
    record = full_game["record"]
    gid = api.post("/api/games", json={**record, "rounds": []}).get_json()["id"]
    per_save = []
    for i, rnd in enumerate(record["rounds"]):
        before = dict(engine_calls)
        assert api.post(f"/api/games/{gid}/rounds", json={**rnd, "number": i + 1}).status_code == 201
        per_save.append({k: engine_calls[k] - before[k] for k in engine_calls})
    # round 1 and round 13 cost the same: one round read and scored, no game read
    assert per_save == [{"parse_round": 1, "round_scores": 1, "read_game": 0}] * 13
    # a correction of round 2 of 13: that round read and scored again, the 11
    # after it replayed from their stored points
    before = dict(engine_calls)
    game = api.get(f"/api/games/{gid}").get_json()
    r = api.put(f"/api/games/{gid}/rounds/2", json={**record["rounds"][1], "version": game["rounds"][1]["version"]})
    assert r.status_code == 200
    assert {k: engine_calls[k] - before[k] for k in engine_calls} == {
        "parse_round": 1, "round_scores": 1, "read_game": 0}
    # reads: the API, the pages, the list, the table view, the revision
    before = dict(engine_calls)
    for url in (f"/api/games/{gid}", "/api/games", f"/api/games/{gid}/revision"):
        assert api.get(url).status_code == 200
    for url in ("/", f"/games/{gid}", f"/games/{gid}/table", f"/games/{gid}/rounds/3/edit"):
        assert client.get(url).status_code == 200
    assert engine_calls == before
    # the totals read back are the hand-worked ones
    assert api.get(f"/api/games/{gid}").get_json()["standings"] == full_game["expected"]["standings"]


# -- lists: pages, filters, archive, trash -----------------------------------------------------


def _game(api, players, kind="mexican_train", rounds=()):
    head = {"kind": kind, "players": players, "first_starter": players[0]}
    if kind == "mexican_train":
        head["set"] = 12
    r = api.post("/api/games", json={**head, "rounds": list(rounds), "confirm": True})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def _ids(r):
    return [g["id"] for g in r.get_json()["games"]]


def test_the_list_comes_a_page_at_a_time_newest_first_with_a_link_to_the_next(api):
    ids = [_game(api, ["Ana", "Ben", f"P{i}"]) for i in range(7)]
    r = api.get("/api/games?per_page=3")
    assert _ids(r) == ids[::-1][:3]
    link = r.headers["Link"]
    nxt = re.search(r'<([^>]+)>; rel="next"', link).group(1)
    r2 = api.get(nxt)
    assert _ids(r2) == ids[::-1][3:6]
    assert 'rel="prev"' in r2.headers["Link"]
    r3 = api.get(re.search(r'<([^>]+)>; rel="next"', r2.headers["Link"]).group(1))
    assert _ids(r3) == ids[:1]
    assert "Link" not in r3.headers or 'rel="next"' not in r3.headers["Link"]
    assert _ids(api.get("/api/games")) == ids[::-1]  # 20 a page by default
    assert api.get("/api/games?per_page=1000").status_code == 200


@pytest.mark.parametrize("query", [
    "page=2147483647", "open_page=2147483647", "shelf=archive&page=2147483647",
    "shelf=trash&page=2147483647",
])
def test_a_page_number_past_any_history_is_an_empty_page_not_a_500(client, api, query):
    _game(api, ["Ana", "Ben"])
    r = client.get(f"/?{query}")
    assert r.status_code == 200
    answer = api.get(f"/api/games?{query}")
    assert answer.status_code == 200
    if "open_page" not in query:  # the API pages with ``page`` alone
        assert answer.get_json()["games"] == []


@pytest.mark.parametrize("query", [
    "page=99999999999999999999", "open_page=99999999999999999999",
    "open_page=9223372036854775807", "shelf=archive&page=99999999999999999999",
    "shelf=trash&page=99999999999999999999",
])
def test_a_page_number_beyond_any_stored_number_is_refused_not_a_500(client, api, query):
    # Numbers are read one way (companion/web/numbers.py): past the range a
    # page number could ever reach (2^31 - 1) is a typed mistake, refused.
    _game(api, ["Ana", "Ben"])
    assert client.get(f"/?{query}").status_code == 422
    if "open_page" not in query:  # the API pages with ``page`` alone
        answer = api.get(f"/api/games?{query}")
        assert answer.status_code == 422
        assert answer.get_json()["errors"][0]["code"] == "bad_value"


def test_filters_by_player_kind_status_date_and_text(api, full_game):
    finished = api.post("/api/games", json=full_game["record"]).get_json()["id"]  # Ana Ben Chen Dee
    zoe = _game(api, ["Zoë", "Ben"], kind="draw")
    ann = _game(api, ["Anna", "Bob"], kind="picture")
    assert _ids(api.get("/api/games?player=ana")) == [finished]  # the exact name, any case
    assert _ids(api.get("/api/games?q=an")) == [ann, finished]  # a part of a name
    assert _ids(api.get("/api/games?q=ZOË")) == [zoe]
    assert _ids(api.get("/api/games?kind=draw")) == [zoe]
    assert _ids(api.get("/api/games?status=finished")) == [finished]
    assert _ids(api.get("/api/games?status=in_progress")) == [ann, zoe]
    listed = api.get("/api/games?status=finished").get_json()["games"][0]
    assert listed["leaders"] == [s["player"] for s in full_game["expected"]["standings"] if s["rank"] == 1]
    assert listed["rounds_played"] == 13 and listed["rounds_total"] == 13
    today = api.get(f"/api/games/{zoe}").get_json()["created_at"][:10]
    assert _ids(api.get(f"/api/games?since={today}&until={today}")) == [ann, zoe, finished]
    assert _ids(api.get("/api/games?until=2000-01-01")) == []
    r = api.get("/api/games?since=yesterday")
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "since"


def test_dates_from_after_to_are_pointed_out_on_the_page(client, api):
    gid = _game(api, ["Ana", "Ben"])
    html = client.get("/?q=ana&since=2026-12-05&until=2026-12-01").get_data(as_text=True)
    assert '<p id="dates-error" class="form-error" role="alert">' \
           "The From date is after the To date: put the earlier day in From.</p>" in html
    assert "No games here." not in html and f'href="/games/{gid}"' not in html
    # what was typed stays in the form, the dates marked as the ones to fix
    assert 'name="q" type="search" value="ana"' in html
    assert 'name="since" type="date" value="2026-12-05" aria-invalid="true" aria-describedby="dates-error"' in html
    assert 'name="until" type="date" value="2026-12-01" aria-invalid="true" aria-describedby="dates-error"' in html
    ru = client.get("/?since=2026-12-05&until=2026-12-01", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Дата «С» позже даты «По»: укажите в «С» более ранний день." in ru
    trash = client.get("/?shelf=trash&since=2026-12-05&until=2026-12-01")
    assert trash.status_code == 200 and "The From date is after the To date" in trash.get_data(as_text=True)
    # the same day twice is a range of one day: no message
    today = api.get(f"/api/games/{gid}").get_json()["created_at"][:10]
    html = client.get(f"/?since={today}&until={today}").get_data(as_text=True)
    assert "dates-error" not in html and f'href="/games/{gid}"' in html


def test_the_lists_forms_and_links_open_the_page_on_the_list(client, api):
    """On a phone the list is below the new-game form: its filters, pages and
    shelves, and what a change from it answers, land on it (``#games``)."""
    for n in range(21):  # a second page of games in play
        _game(api, ["Ana", f"P{n}"])
    html = client.get("/?q=ana").get_data(as_text=True)
    assert '<section class="card" id="games" aria-labelledby="games-heading">' in html
    assert '<form method="get" action="/#games" class="game-filters" role="search">' in html
    assert 'rel="next" href="/?q=ana&amp;open_page=2#games"' in html
    assert '<a href="/?shelf=archive#games">' in html and '<a href="/?shelf=trash#games">' in html
    token = csrf_token(client, "/")
    r = client.post("/trash/empty", data={"csrf_token": token})
    assert r.status_code == 302 and r.headers["Location"] == "/?shelf=trash#games"


def test_dates_from_after_to_are_refused_by_the_api_as_a_bad_date_is(api):
    _game(api, ["Ana", "Ben"])
    r = api.get("/api/games?since=2026-12-05&until=2026-12-01")
    assert r.status_code == 422
    assert r.get_json() == {"errors": [{
        "path": "since", "code": "bad_value",
        "message": "since (2026-12-05) is after until (2026-12-01): no day lies between them."}]}


@pytest.mark.parametrize("query", ["celine", "CÉLINE", "Céline", "Ce\u0301line", "cel", "  céline  "])
def test_the_name_search_ignores_case_and_accents(client, api, query):
    celine = _game(api, ["Céline", "Ben"])
    _game(api, ["Ana", "Ben"])
    assert _ids(api.get("/api/games", query_string={"q": query})) == [celine]
    html = client.get("/", query_string={"q": query}).get_data(as_text=True)
    assert html.count('href="/games/') == 1 and f'href="/games/{celine}"' in html


def test_the_name_search_finds_no_other_name_and_follows_a_rename(client, api):
    celine = _game(api, ["Céline", "Ben"])
    durda = _game(api, ["Đurđa", "Zoë"], kind="draw")
    assert _ids(api.get("/api/games?q=celina")) == []  # not a part of "celine"
    assert _ids(api.get("/api/games?q=durda")) == [durda]  # Croatian Đ has no accent to drop: read as D
    assert _ids(api.get("/api/games?q=zoe")) == [durda]
    assert "No games here." in client.get("/?q=celina").get_data(as_text=True)
    # ``player`` still means the exact name, in any case: accents count there
    assert _ids(api.get("/api/games?player=celine")) == []
    assert _ids(api.get("/api/games?player=CÉLINE")) == [celine]
    ids = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    assert api.patch(f"/api/players/{ids['Céline']}", json={"name": "Élodie"}).status_code == 200
    assert _ids(api.get("/api/games?q=elodie")) == [celine]
    assert _ids(api.get("/api/games?q=celine")) == []


def test_archive_hides_a_game_and_trash_can_be_undone_or_emptied(app, api):
    a, b, c = (_game(api, ["Ana", "Ben", n]) for n in ("Cy", "Di", "Ed"))
    assert api.post(f"/api/games/{a}/archive").status_code == 204
    assert _ids(api.get("/api/games")) == [c, b]
    assert _ids(api.get("/api/games?shelf=archive")) == [a]
    assert api.get(f"/api/games/{a}").status_code == 200  # still readable
    assert api.post(f"/api/games/{a}/archive", json={"archived": False}).status_code == 204
    assert _ids(api.get("/api/games")) == [c, b, a]
    # delete → trash: gone from the list and from reading, back with restore
    assert api.delete(f"/api/games/{b}").status_code == 204
    assert _ids(api.get("/api/games")) == [c, a]
    assert api.get(f"/api/games/{b}").status_code == 404
    assert api.post(f"/api/games/{b}/rounds", json={"ended": "blocked"}).status_code == 404
    assert _ids(api.get("/api/games?shelf=trash")) == [b]
    assert api.post(f"/api/games/{b}/restore").status_code == 204
    assert _ids(api.get("/api/games")) == [c, b, a]
    # emptied: gone for good
    api.delete(f"/api/games/{c}")
    assert count_rows(app)[0] == 3
    assert api.delete("/api/trash").get_json() == {"deleted": 1}
    assert count_rows(app)[0] == 2
    assert api.post(f"/api/games/{c}/restore").status_code == 404


def test_an_archived_game_is_taken_out_of_the_archive_from_its_page_or_the_archived_list(client, api):
    """The game page's button says what it does; the archived list offers the
    same per game and, after it, shows the list that was on screen again."""
    a, b, c = (_game(api, ["Ana", "Ben", n]) for n in ("Cy", "Di", "Ed"))
    for gid in (a, b):
        api.post(f"/api/games/{gid}/archive")
    page = client.get(f"/games/{a}").get_data(as_text=True)
    assert "Take out of the archive" in page and "Back to the list of games" not in page
    ru = client.get(f"/games/{a}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Достать из архива" in ru

    shown = "/?shelf=archive&q=an"  # "Ana" sat at both: a and b, filtered, are what is on screen
    html = client.get(shown).get_data(as_text=True)
    for gid in (a, b):
        form = re.search(rf'<form method="post" action="/games/{gid}/archive" class="unarchive-game">(.*?)</form>',
                         html, re.S)
        assert form, gid
        assert re.search(r'name="csrf_token" value="[^"]+"', form.group(1))
        assert '<input type="hidden" name="archived" value="0">' in form.group(1)
        # back to the list on screen, opened on it (a phone: not on the new-game form above it)
        assert '<input type="hidden" name="next" value="/?shelf=archive&amp;q=an#games">' in form.group(1)
        assert "Take out of the archive" in form.group(1)
    assert 'class="unarchive-game"' not in client.get("/").get_data(as_text=True)  # only on the archived list

    token = csrf_token(client, shown)
    r = client.post(f"/games/{b}/archive", data={"csrf_token": token, "archived": "0", "next": shown + "#games"})
    assert r.status_code == 302 and r.headers["Location"] == shown + "#games"
    html = client.get(shown).get_data(as_text=True)
    assert "The game is out of the archive: the list of games shows it again." in html
    assert f'action="/games/{a}/archive"' in html and f'action="/games/{b}/archive"' not in html
    assert _ids(api.get("/api/games")) == [c, b]
    assert _ids(api.get("/api/games?shelf=archive")) == [a]
    # from the game's page (no list to go back to), or asked to leave the site: the game's page
    r = client.post(f"/games/{a}/archive", data={"csrf_token": token, "archived": "0", "next": "//evil.example/"})
    assert r.status_code == 302 and r.headers["Location"] == f"/games/{a}"
    assert _ids(api.get("/api/games?shelf=archive")) == []


def test_archiving_a_game_says_so_and_offers_to_take_it_out_again(client, api):
    """Archiving answered with no word at all (a deleted game's notice offers
    its undo): the list says where the game went and takes it out in a tap."""
    a, b = _game(api, ["Ana", "Ben", "Cy"]), _game(api, ["Ana", "Ben", "Di"])
    token = csrf_token(client, f"/games/{b}")
    r = client.post(f"/games/{b}/archive", data={"csrf_token": token})
    assert r.status_code == 302 and r.headers["Location"] == f"/?archived={b}#games"
    assert _ids(api.get("/api/games?shelf=archive")) == [b]
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    notice = re.search(r'<form method="post" action="/games/(\d+)/archive" class="flash flash-info undo" '
                       r'role="status">(.*?)</form>', html, re.S)
    assert notice and notice.group(1) == str(b)
    assert "The game was moved to the archive." in notice.group(2)
    assert '<input type="hidden" name="archived" value="0">' in notice.group(2)
    assert '<input type="hidden" name="next" value="/#games">' in notice.group(2)
    assert "Take out of the archive</button>" in notice.group(2)
    assert f'href="/games/{b}"' not in html and f'href="/games/{a}"' in html
    r = client.post(f"/games/{b}/archive", data={"csrf_token": token, "archived": "0", "next": "/#games"})
    assert r.status_code == 302 and r.headers["Location"] == "/#games"
    html = client.get("/").get_data(as_text=True)
    assert "The game is out of the archive: the list of games shows it again." in html
    assert "The game was moved to the archive." not in html and f'href="/games/{b}"' in html
    assert _ids(api.get("/api/games")) == [b, a]


def test_pages_list_in_progress_and_finished_apart_and_undo_a_delete(client, api, full_game):
    done = api.post("/api/games", json=full_game["record"]).get_json()["id"]
    going = _game(api, ["Zoë", "Ben"], kind="draw")
    html = client.get("/").get_data(as_text=True)
    assert html.index("In progress") < html.index(f"/games/{going}") < html.index("Finished") \
        < html.index(f"/games/{done}")
    token = csrf_token(client, f"/games/{going}")
    r = client.post(f"/games/{going}/delete", data={"csrf_token": token})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/?trashed={going}#games")
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "The game was moved to the trash." in html and f'action="/games/{going}/restore"' in html
    assert client.get(f"/games/{going}").status_code == 404
    assert client.post(f"/games/{going}/restore", data={"csrf_token": token}).status_code == 302
    assert client.get(f"/games/{going}").status_code == 200
    html = client.get("/?q=zo").get_data(as_text=True)
    assert f"/games/{going}" in html and f"/games/{done}\"" not in html


# -- ETag / 304 and the kept sheet ---------------------------------------------------------------


def test_game_json_answers_304_until_it_changes(api, full_game):
    gid = api.post("/api/games", json={**full_game["record"], "rounds": full_game["record"]["rounds"][:2]}).get_json()["id"]
    r = api.get(f"/api/games/{gid}")
    tag = r.headers["ETag"]
    again = api.get(f"/api/games/{gid}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    api.post(f"/api/games/{gid}/rounds", json=full_game["record"]["rounds"][2])
    changed = api.get(f"/api/games/{gid}", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert len(changed.get_json()["rounds"]) == 3


def test_the_sheet_is_laid_out_once_per_revision_and_answers_304(app, client, api, full_game, monkeypatch):
    import companion.sheets.pdf as pdf

    gid = api.post("/api/games", json={**full_game["record"], "rounds": full_game["record"]["rounds"][:3]}).get_json()["id"]
    layouts = []
    real = pdf.score_sheet_pdf
    monkeypatch.setattr(pdf, "score_sheet_pdf", lambda *a, **k: layouts.append(1) or real(*a, **k))
    first = client.get(f"/games/{gid}/sheet.pdf")
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    again = client.get(f"/games/{gid}/sheet.pdf")
    assert again.data == first.data and len(layouts) == 1  # kept, not laid out again
    assert client.get(f"/games/{gid}/sheet.pdf",
                      headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    client.get(f"/games/{gid}/sheet.pdf?paper=letter")
    assert len(layouts) == 2  # another paper: another sheet
    api.post(f"/api/games/{gid}/rounds", json=full_game["record"]["rounds"][3])
    changed = client.get(f"/games/{gid}/sheet.pdf", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and len(layouts) == 3 and changed.headers["ETag"] != first.headers["ETag"]


# -- the write races of issue 13 ---------------------------------------------------------------


def test_a_correction_of_a_round_deleted_meanwhile_with_a_typo_is_no_500(client, api, full_game):
    record = full_game["record"]
    gid = api.post("/api/games", json={**record, "rounds": record["rounds"][:2]}).get_json()["id"]
    token = csrf_token(client, f"/games/{gid}/rounds/2/edit")
    assert api.delete(f"/api/games/{gid}/rounds/2").status_code == 204  # another device
    r = client.post(f"/games/{gid}/rounds/2", data={"csrf_token": token, "version": "1", "out": "0",
                                                    "pips-1": "2x3", "pips-2": "4", "pips-3": "5"})
    assert r.status_code == 409
    html = r.get_data(as_text=True)
    assert "Round 2 was deleted on another device. What you typed is kept below." in html
    assert 'value="2x3"' in html
    # without the typo: the same answer, nothing saved
    r = client.post(f"/games/{gid}/rounds/2", data={"csrf_token": token, "version": "1", "out": "0",
                                                    "pips-1": "23", "pips-2": "4", "pips-3": "5"})
    assert r.status_code == 409 and len(api.get(f"/api/games/{gid}").get_json()["rounds"]) == 1


def test_saving_a_round_of_a_game_deleted_meanwhile_is_404(client, api, full_game):
    record = full_game["record"]
    gid = api.post("/api/games", json={**record, "rounds": []}).get_json()["id"]
    token = csrf_token(client, f"/games/{gid}")
    assert api.delete(f"/api/games/{gid}").status_code == 204  # another device
    r = api.post(f"/api/games/{gid}/rounds", json=record["rounds"][0])
    assert r.status_code == 404 and r.get_json()["errors"][0]["code"] == "not_found"
    r = client.post(f"/games/{gid}/rounds", data={"csrf_token": token, "number": "1", "out": "0",
                                                  "pips-1": "23", "pips-2": "41", "pips-3": "12"})
    assert r.status_code == 404


def test_recheck_derives_every_game_again_and_keeps_a_refused_one_readable(app, api, full_game):
    from companion.games.models import GameRow
    from companion.store.db import db

    good = api.post("/api/games", json=full_game["record"]).get_json()["id"]
    bad = api.post("/api/games", json={**full_game["record"], "rounds": full_game["record"]["rounds"][:2]}).get_json()["id"]
    with app.app_context():
        # an older engine's results, and a round the current engine refuses
        db.session.execute(db.update(GameRow).values(engine_version=0))
        from companion.games.models import RoundRow
        row = db.session.execute(db.select(RoundRow).where(RoundRow.game_id == bad, RoundRow.number == 2)).scalar_one()
        row.data = {**row.data, "engine": 3}
        db.session.commit()
    result = app.test_cli_runner().invoke(args=["recheck", "--if-needed"])
    assert result.exit_code == 0, result.output
    assert "rechecked 2 games" in result.output and "1 refused" in result.output
    assert f"game {bad} is refused by the current engine: rounds[1].engine: engine_out_of_sequence" in result.output
    with app.app_context():
        versions = dict(db.session.execute(db.select(GameRow.id, GameRow.engine_version)).all())
    from companion.rules.state import SCORING_VERSION
    assert versions[good] == SCORING_VERSION and versions[bad] == 0  # the refused one keeps its old results
    assert api.get(f"/api/games/{bad}").status_code == 200
    assert api.get(f"/api/games/{good}").get_json()["standings"] == full_game["expected"]["standings"]


# -- caps --------------------------------------------------------------------------------------


def test_caps_are_refused_with_their_codes_before_any_round_is_read(app, api, engine_calls):
    picture = {"kind": "picture", "players": ["Ana", "Ben"], "first_starter": "Ana"}
    r = api.post("/api/games", json={**picture, "rounds": [{"winner": "Ana"}] * 101})
    assert r.status_code == 422
    assert [(e["path"], e["code"]) for e in r.get_json()["errors"]] == [("rounds", "too_many_rounds")]
    assert "at most 100 rounds" in r.get_json()["errors"][0]["message"]
    tie = {"ended": "blocked", "hands": {"Ana": {"pips": 5}, "Ben": {"pips": 5}}}  # nobody scores
    draw = {"kind": "draw", "players": ["Ana", "Ben"], "first_starter": "Ana"}
    r = api.post("/api/games", json={**draw, "rounds": [tie] * 201})
    assert r.get_json()["errors"][0]["code"] == "too_many_rounds"
    assert engine_calls["parse_round"] == 0  # refused before any round was read
    assert count_rows(app) == (0, 0)
    # a long name, too many players
    r = api.post("/api/games", json={**picture, "players": ["A" * 41, "Ben"], "first_starter": "Ben"})
    assert r.get_json()["errors"][0]["code"] == "name_too_long"
    r = api.post("/api/games", json={"set": 12, "players": [f"P{i}" for i in range(17)]})
    assert "too_many_players" in [e["code"] for e in r.get_json()["errors"]]
    assert count_rows(app) == (0, 0)
    # at the cap a round more is refused, and nothing is written
    gid = api.post("/api/games", json={**picture, "rounds": [{"winner": "Ben"}] * 100}).get_json()["id"]
    assert count_rows(app) == (1, 100)
    r = api.post(f"/api/games/{gid}/rounds", json={"winner": "Ana"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "too_many_rounds"
    assert count_rows(app) == (1, 100)
    gid = api.post("/api/games", json={**draw, "rounds": [tie] * 200}).get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json=tie)
    assert r.get_json()["errors"][0]["code"] == "too_many_rounds"
    assert api.get(f"/api/games/{gid}").get_json()["status"] == "in_progress"


def test_picture_dominoes_end_at_a_target_of_wins(api, client):
    head = {"kind": "picture", "players": ["Ana", "Ben"], "first_starter": "Ana", "rules": {"target_wins": 3}}
    gid = api.post("/api/games", json=head).get_json()["id"]
    for winner in ["Ana", "Ben", "Ana", "Ben"]:
        assert api.post(f"/api/games/{gid}/rounds", json={"winner": winner}).status_code == 201
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["status"] == "in_progress" and game["standings"][0]["total"] == 2
    assert api.post(f"/api/games/{gid}/rounds", json={"winner": "Ben"}).status_code == 201
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["status"] == "finished" and game["winners"] == ["Ben"] and "next_round" not in game
    r = api.post(f"/api/games/{gid}/rounds", json={"winner": "Ana"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "game_finished"
    # a correction that would end it before its last round is refused
    r = api.put(f"/api/games/{gid}/rounds/4", json={"winner": "Ana"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "game_finished"
    # a record past the target is refused; the rule belongs to picture dominoes only
    r = api.post("/api/games", json={**head, "rounds": [{"winner": "Ana"}] * 4})
    assert r.get_json()["errors"][0]["code"] == "game_finished"
    r = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben"], "rules": {"target_wins": 3}})
    assert r.status_code == 422
    assert "Wins to finish" in client.get("/").get_data(as_text=True)


def test_a_picture_game_for_six_children_is_confirmed_once_then_played(api, client):
    """Six children at 5 tiles each need 30 of a picture set's 28 tiles: the
    start asks to confirm (a second set, a smaller deal); the rounds do not."""
    head = {"kind": "picture", "players": ["Ana", "Ben", "Cy", "Dot", "Eve", "Fay"]}
    r = api.post("/api/games", json=head)
    assert r.status_code == 422 and "errors" not in r.get_json()
    assert [w["code"] for w in r.get_json()["warnings"]] == ["players_outside_range"]
    gid = api.post("/api/games", json={**head, "confirm": True}).get_json()["id"]
    for winner in ["Fay", "Ana", "Fay"]:
        assert api.post(f"/api/games/{gid}/rounds", json={"winner": winner}).status_code == 201
    game = api.get(f"/api/games/{gid}").get_json()
    assert [(s["player"], s["total"]) for s in game["standings"][:2]] == [("Fay", 2), ("Ana", 1)]
    assert client.get(f"/games/{gid}/sheet.pdf").status_code == 200


def test_a_save_answers_the_revision_it_stored(app, full_game):
    """The revision a save hands back (what undo checks the game against) is
    the game's revision as stored after it: one more per change, the first
    save and a correction alike."""
    from companion.games import services

    with app.app_context():
        head = {k: v for k, v in full_game["record"].items() if k != "rounds"}
        game = services.create_game(head)
        start = services.game_revision(game.id)
        first = services.add_round(game.id, full_game["record"]["rounds"][0], number=1)
        assert first.revision == services.game_revision(game.id) == start + 1
        second = services.add_round(game.id, full_game["record"]["rounds"][1], number=2)
        assert second.revision == services.game_revision(game.id) == start + 2
        fixed = services.replace_round(game.id, 1, full_game["record"]["rounds"][0], version=1)
        assert fixed.revision == services.game_revision(game.id) == start + 3


def test_a_change_that_loses_its_claims_is_made_on_its_last_try_under_the_lock(app, api, full_game, monkeypatch):
    """When another device changes the game between each read and write, the
    last try holds the game's lock from its read on: the round is saved once,
    the game's summary stored after the round is written, and the answer is the
    game as read back. (The first two claims are made to fail here, as a busy
    table would make them.)"""
    from companion.games import services
    from companion.games.services import change

    real = change._claim
    tries = []

    def busy(game_id, revision, plan):
        tries.append(revision)
        return None  # another device was quicker

    def locked(game_id, revision=None):
        tries.append(revision)
        return real(game_id, revision)

    monkeypatch.setattr(change, "_claim_at", busy)
    monkeypatch.setattr(change, "_claim", locked)
    head = {k: v for k, v in full_game["record"].items() if k != "rounds"}
    gid = api.post("/api/games", json=head).get_json()["id"]
    for n, rnd in enumerate(full_game["record"]["rounds"][:3], start=1):
        tries.clear()
        r = api.post(f"/api/games/{gid}/rounds", json={**rnd, "number": n})
        assert r.status_code == 201, r.get_json()
        assert len(tries) == change.ATTEMPTS and tries[-1] is None  # two lost claims, then the lock
        read = api.get(f"/api/games/{gid}").get_json()
        assert r.get_json()["game"] == read  # the players' ids too, read under the lock
        assert set(read["player_ids"]) == {"Ana", "Ben", "Chen", "Dee"}
        assert [x["number"] for x in read["rounds"]] == list(range(1, n + 1))
    # the fixture's hand-worked rounds: Ana 0+35+14, Ben 23+0+52, Chen 41+8+0, Dee 12+19+(7+50)
    assert read["rounds"][2]["totals"] == {"Ana": 49, "Ben": 75, "Chen": 49, "Dee": 88}
    r = api.put(f"/api/games/{gid}/rounds/2", json=full_game["record"]["rounds"][1])
    assert r.status_code == 200
    assert api.delete(f"/api/games/{gid}/rounds/3").status_code == 204
    with app.app_context():
        view = services.get_game(gid)
    assert stored_game_json(view) == fresh_game_json(view.record())
    # two rounds left: the lowest total leads
    assert api.get(f"/api/games/{gid}").get_json()["standings"] == [
        {"player": "Ben", "total": 23, "rank": 1}, {"player": "Dee", "total": 31, "rank": 2},
        {"player": "Ana", "total": 35, "rank": 3}, {"player": "Chen", "total": 49, "rank": 4}]
