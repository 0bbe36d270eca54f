"""The club night's pages as a newcomer saw them (issue 27): the form's
choices read whole at 1024×768 and 390×844, and the big screen of three
tables fits a 4:3 screen (1024×768) without scrolling.

Needs Debian's ``chromium``; skipped with a message where it is missing.
"""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}

# Every choice of the form, each option as if chosen: the text's width (the
# select's own font, measured on a canvas) against the room the closed select
# gives it (its width less its padding, where the arrow is drawn).
CLIPPED = """() => {
  const out = [];
  const ctx = document.createElement("canvas").getContext("2d");
  for (const s of document.querySelectorAll("form select")) {
    if (!s.offsetParent) continue;  // hidden for this kind of game
    const cs = getComputedStyle(s);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    for (const o of s.options) {
      const w = ctx.measureText(o.text).width;
      if (w > room) out.push(`${s.id}: "${o.text}" ${Math.round(w)} px in ${Math.round(room)} px`);
    }
  }
  for (const el of document.querySelectorAll("form label, form legend, form .hint")) {
    if (el.offsetParent && !el.classList.contains("visually-hidden") && el.scrollWidth > el.clientWidth + 1) out.push(`${el.textContent.trim()}: overflows`);
  }
  return out;
}"""


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_no_choice_of_the_club_night_form_is_clipped(live, browser, size):
    ctx = browser.new_context(viewport=size, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/events?token={TOKEN}")
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    # "How many move" says what it means, tied to its box
    assert page.get_attribute("#ev-move", "aria-describedby") == "ev-move-hint"
    assert page.is_visible("#ev-move-hint")
    assert page.inner_text("#ev-move-hint").startswith("How many of each table move down one table")
    shot(page, f"club-form-{size['width']}")
    ctx.close()


TEN = ["Ana", "Ben", "Chen", "Dee", "Eli", "Fatima", "Gus", "Hyun-woo", "Ines", "Jon"]


@pytest.fixture
def api_client(app):
    c = app.test_client()
    c.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    return c


def test_the_big_screen_of_three_tables_fits_a_4_3_screen(live, browser, api_client):
    """Issue 27: with ten players at three tables (4/3/3) the big screen was
    825 px tall at 1024×768. Every table and the standings fit 768 px, a
    round played at each table (its standings and next round shown)."""
    r = api_client.post("/api/events", json={"name": "Thursday club night", "held_on": "2026-12-03",
                                              "tables": 3, "players": TEN})
    assert r.status_code == 201, r.get_data(as_text=True)
    eid = r.get_json()["id"]
    tables = api_client.post(f"/api/events/{eid}/draw", json={}).get_json()["games"][0]
    assert sorted(len(t["players"]) for t in tables) == [3, 3, 4]
    for t in tables:
        hands = {name: {"pips": 0 if i == 0 else 7 * i} for i, name in enumerate(t["players"])}
        r = api_client.post(f"/api/games/{t['game']}/rounds", json={"number": 1, "ended": "domino", "hands": hands})
        assert r.status_code == 201, r.get_data(as_text=True)
    ctx = browser.new_context(viewport=TABLET)
    page = ctx.new_page()
    page.goto(f"{live}/events/{eid}/screen?token={TOKEN}")
    page.wait_for_selector("#tbl-3")
    shot(page, "club-big-screen-1024x768")
    assert page.evaluate("document.documentElement.scrollHeight") <= TABLET["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
    # every player's name in full on a table (none cut to "Hyun-…")
    cut = page.evaluate("""() => [...document.querySelectorAll('.ev-table .who')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)""")
    assert cut == []
    # each table's card says the deal at that table's size: double-12 by the
    # [MT-BE] dealing table, 4 players 15 tiles each, 3 players 16
    size = {t["table"]: len(t["players"]) for t in tables}
    for n in (1, 2, 3):
        deal = page.inner_text(f"#tbl-{n} ~ .next-deal .deal")
        assert deal == {4: "Deal: 15 tiles each", 3: "Deal: 16 tiles each"}[size[n]]
    # and the same on the evening's own page
    page.goto(f"{live}/events/{eid}?token={TOKEN}")
    for n in (1, 2, 3):
        deal = page.inner_text(f"#tbl-{n} ~ .next-deal .deal")
        assert deal == {4: "Deal: 15 tiles each", 3: "Deal: 16 tiles each"}[size[n]]
    shot(page, "club-evening-tables-1024x768")
    ctx.close()


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_no_choice_of_the_start_form_is_clipped_for_any_game(live, browser, size):
    """The same class of fault on the start form: a rule's choice cut short
    in its select ("start with no round wor…"), for every game offered."""
    ctx = browser.new_context(viewport=size, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.locator(".more-rules[data-kinds] > summary").tap()
    kinds = page.eval_on_selector_all("#kind option", "os => os.map(o => o.value)")
    clipped = []
    for kind in kinds:
        page.select_option("#kind", kind)
        clipped += [f"{kind}: {c}" for c in page.evaluate(CLIPPED)]
    assert clipped == [], "\n".join(clipped)
    ctx.close()


def test_a_picture_club_night_says_a_late_childs_start_in_rounds_won(live, browser, api_client):
    """Issue 27 (picture words everywhere): the club night's late-arrival
    choice for picture dominoes is said in rounds won, and the chosen copy
    is the one stored."""
    ctx = browser.new_context(viewport=TABLET, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/events?token={TOKEN}")
    page.select_option("#ev-kind", "picture")
    shown = page.locator(".kind-variant:not([hidden]) .choice").all_inner_texts()
    assert shown == ["Start with no round won", "Start with the fewest rounds won at the table",
                     "Start with the others' average"]
    page.locator(".kind-variant:not([hidden]) input[value=average]").check()
    page.fill("#ev-name", "Children's afternoon")
    page.click("text=Open the evening")
    page.wait_for_url("**/events/*")
    event_id = int(page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1])
    ev = api_client.get(f"/api/events/{event_id}").get_json()
    assert (ev["kind"], ev["rules"].get("late_join")) == ("picture", "average")
    ctx.close()


# Every element of the standings' section that is wider than its box, or
# reaches past the screen's right edge.
OVERFLOW = """(sel) => {
  const out = [];
  for (const el of document.querySelectorAll(sel + ', ' + sel + ' *')) {
    if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
    let hidden = false;  // kept for screen readers only (clipped to nothing)
    for (let a = el; a; a = a.parentElement) if (getComputedStyle(a).clip === 'rect(0px, 0px, 0px, 0px)') hidden = true;
    if (hidden) continue;
    const r = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName}.${el.className}: ${el.scrollWidth} px in ${el.clientWidth} px`);
    if (r.right > window.innerWidth + 0.5 || r.left < -0.5) out.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" at ${Math.round(r.left)}..${Math.round(r.right)} px`);
  }
  return out;
}"""


@pytest.mark.parametrize("in_pairs", [False, True], ids=["singles", "pairs"])
def test_the_standings_read_whole_on_a_phone(live, browser, api_client, in_pairs):
    """Issue 27 follow-up: at 390×844 the club night's standings cut off
    their "Points per round" column inside a box scrolled sideways. Every
    measure that ranks shows, with its name, without sideways scrolling."""
    players = TEN[:8]
    body = {"name": "Thursday club night", "held_on": "2026-12-03", "tables": 2, "players": players}
    if in_pairs:  # a night in pairs: its own table of pairs too
        body |= {"kind": "partnership", "set": 6, "rules": {"target_score": 15}}
    r = api_client.post("/api/events", json=body)
    assert r.status_code == 201, r.get_data(as_text=True)
    eid = r.get_json()["id"]
    tie_breaks = r.get_json()["tie_breaks"]
    assert len(tie_breaks) >= 2
    api_client.post(f"/api/events/{eid}/draw", json={})
    ctx = browser.new_context(viewport=PHONE, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/events/{eid}?token={TOKEN}")
    section = "section[aria-labelledby=st-h]"
    page.locator(section).scroll_into_view_if_needed()
    shot(page, f"club-standings-390x844-{'pairs' if in_pairs else 'singles'}")
    assert page.evaluate(OVERFLOW, section) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    names = {"place_points": "Place points", "wins": "Won", "points_per_round": "Points per round",
             "rounds_out": "Rounds out"}
    first = page.locator(f"{section} table.standings tbody tr").first
    for m in tie_breaks:  # each measure named beside its number, on the player's own row
        cell = first.locator(f"td[data-label='{names[m]}']")
        assert cell.is_visible()
        said = cell.evaluate("e => getComputedStyle(e, '::before').content")
        assert said == f'"{names[m]}: "', said
    # the name on a line of its own, the measures below it
    name_box, measure_box = first.locator("td.who").bounding_box(), first.locator("td").nth(2).bounding_box()
    assert measure_box["y"] >= name_box["y"] + name_box["height"] - 1
    ctx.close()
