"""An All Fives game played as Muggins, Sniff or Five Up is titled by that
name on the players' pages and in their CSV, as the pad, the games list and
the sheet title it (issue 29; rules-families.md section 2, presets named
All Fives, Muggins, Sniff, Five Up; the rules of each preset from
companion.rules.families.all_fives.PRESETS).

Games (two players, Ann and Bob, one hand each, its points made in play: a
hand stopped at the target, or blocked with equal pips left, so no bonus): Muggins (no spinner, pagat's deal) to 250, Ann makes 250 in
play and wins, Bob 20; plain All Fives (spinner first, the defaults) to 250,
Ann 250 and Bob 30; Five Up (in fives to 61) still in play, Ann on 10."""

from __future__ import annotations

MUGGINS = {"spinners": "none", "draw_counts": {"2": 7, "3": 5, "4": 5}}
FIVE_UP = {"spinners": "all", "score_unit": "fives", "target_score": 61, "draw_counts": {"2": 5, "3": 5, "4": 5}}


def _blocked(ann: int, bob: int) -> dict:
    if ann >= 250:  # the hand stops at the play that reaches the target
        return {"leader": "Ann", "in_play": {"Ann": ann, "Bob": bob}, "ended": "target"}
    return {"leader": "Ann", "in_play": {"Ann": ann, "Bob": bob}, "ended": "blocked",
            "hands": {"Ann": {"pips": 10}, "Bob": {"pips": 10}}}


def _game(api, rules: dict, ann: int, bob: int) -> int:
    r = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"], "rules": rules,
                                     "rounds": [_blocked(ann, bob)]})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"]


def test_the_players_pages_and_csv_title_muggins_and_five_up(api, client):
    muggins = _game(api, MUGGINS, 250, 20)
    plain = _game(api, {}, 250, 30)
    five_up = _game(api, FIVE_UP, 10, 0)  # 10 of 61: in play
    data = {g: api.get(f"/api/games/{g}").get_json()["status"] for g in (muggins, plain, five_up)}
    assert data == {muggins: "finished", plain: "finished", five_up: "in_progress"}
    ann = next(p for p in api.get("/api/players").get_json()["players"] if p["name"] == "Ann")["id"]
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    # the latest games: the Muggins game and the All Fives game, each by its own name
    assert f'/games/{muggins}">' in page and "<td>Muggins</td>" in page and "<td>All Fives</td>" in page
    # the game in play: Five Up
    in_play = page[page.index('id="in-play"'):page.index("</section>", page.index('id="in-play"'))]
    assert "Five Up" in in_play and "All Fives" not in in_play
    rows = client.get(f"/players/{ann}/games.csv").get_data(as_text=True).splitlines()
    assert [r.split(",")[1:3] for r in rows[1:]] == [[str(muggins), "Muggins"], [str(plain), "All Fives"]]
    ru = client.get(f"/players/{ann}/games.csv", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert [r.split(",")[2] for r in ru.splitlines()[1:]] == ["Маггинс", "Все пятёрки"]


def test_a_summary_stored_before_the_rule_set_was_kept_still_reads():
    from datetime import date

    from companion.players.summary import _ref, _ref_json
    from companion.rules.stats.records import GameRef

    old = [7, "2026-12-01", "all_fives", 250, 1]  # five values: the kind's name until rebuilt
    assert _ref(old) == GameRef(7, date(2026, 12, 1), "all_fives", 250, 1, "{}")
    ref = GameRef(7, date(2026, 12, 1), "all_fives", 250, 1, '{"spinners":"none"}')
    assert _ref(_ref_json(ref)) == ref
