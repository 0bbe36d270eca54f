"""Charts read at arm's length (issue 27): every number and name in the
game's chart and the player's charts is at least 12 px as shown, on a tablet
(1024 px wide) and a phone (390 px); a line ends at its player's real total,
only the name beside it moves.

Needs Debian's ``chromium``; skipped with a message where it is missing.
"""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

SIZES = {"tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}

# Each shown text's size in CSS pixels: its font size in the SVG's units
# times the SVG's scale (its box on screen over its viewBox, the smaller of
# the two ratios: the drawing keeps its proportions inside the box).
SIZES_SHOWN = """() => [...document.querySelectorAll('figure.chart svg text')]
  .filter(t => t.getClientRects().length && getComputedStyle(t).display !== 'none')
  .map(t => {
    const svg = t.ownerSVGElement;
    const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
    const scale = Math.min(box.width / view.width, box.height / view.height);
    return [t.textContent.trim(), Math.round(parseFloat(getComputedStyle(t).fontSize) * scale * 10) / 10];
  })"""


@pytest.fixture
def api_client(app):
    c = app.test_client()
    c.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    return c


def _game(api_client, rounds):
    """A double-12 Mexican Train of four, ``rounds`` rounds played (Ana out each time)."""
    players = ["Ana", "Ben", "Chen", "Dee"]
    r = api_client.post("/api/games", json={"set": 12, "players": players, "first_starter": "Ana"})
    gid = r.get_json()["id"]
    for n in range(1, rounds + 1):
        hands = {"Ana": {"pips": 0}, "Ben": {"pips": 9 + n}, "Chen": {"pips": 20}, "Dee": {"pips": 21}}
        r = api_client.post(f"/api/games/{gid}/rounds", json={"number": n, "ended": "domino", "hands": hands})
        assert r.status_code == 201, r.get_data(as_text=True)
    return gid


def chart_in_sight(page):
    """The chart is fetched when its card nears the screen (issue 27, page weight): scroll to it."""
    page.locator(".chart-card").scroll_into_view_if_needed()
    page.locator("figure.chart > svg").wait_for(state="attached")


def _small(page):
    return [(text, px) for text, px in page.evaluate(SIZES_SHOWN) if px < 12]


def test_a_line_ends_at_its_real_total_and_only_its_name_moves(live, browser, api_client):
    """Totals 0, 100, 101 and 102 after one round (an axis of 0 to 120): the
    last three names would touch, so they are moved apart; each line's last
    point stays at its own total (the leader line goes from there to the name)."""
    players = ["Ana", "Ben", "Chen", "Dee"]
    gid = api_client.post("/api/games", json={"set": 12, "players": players, "first_starter": "Ana"}).get_json()["id"]
    hands = {"Ana": {"pips": 0}, "Ben": {"pips": 100}, "Chen": {"pips": 101}, "Dee": {"pips": 102}}
    assert api_client.post(f"/api/games/{gid}/rounds", json={"number": 1, "ended": "domino",
                                                             "hands": hands}).status_code == 201
    ctx = browser.new_context(viewport=SIZES["tablet"], has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/games/{gid}?token={TOKEN}")
    chart_in_sight(page)
    ends = page.evaluate("""() => [...document.querySelectorAll('figure.chart .series')].map(g => {
        const pts = g.querySelector('polyline').getAttribute('points').trim().split(/\\s+/);
        const last = pts[pts.length - 1].split(',').map(Number);
        const dot = g.querySelectorAll('circle');
        const c = dot[dot.length - 1];
        const leader = g.querySelector('line.leader');
        const label = g.querySelector('text');
        return {last, dot: [+c.getAttribute('cx'), +c.getAttribute('cy')],
                from: [+leader.getAttribute('x1'), +leader.getAttribute('y1')],
                to: +leader.getAttribute('y2'), label: +label.getAttribute('y')};
    })""")
    assert len(ends) == 4
    for e in ends:
        assert e["last"] == e["dot"] == e["from"]  # the line ends on its last total's dot
    # 100, 101 and 102 are a few units apart, their names at least 18 apart
    close = ends[1:]
    labels = sorted(e["to"] for e in close)
    assert all(b - a >= 18 for a, b in zip(labels, labels[1:]))
    ys = sorted(e["last"][1] for e in close)
    assert ys[-1] - ys[0] < 18
    ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_every_chart_text_is_at_least_12_px(live, browser, api_client, size):
    gid = _game(api_client, 13)  # a whole double-12 game: 13 rounds, 12-12 down to 0-0
    _game(api_client, 13)
    ben = {p["name"]: p["id"] for p in api_client.get("/api/players").get_json()["players"]}["Ben"]
    ctx = browser.new_context(viewport=SIZES[size], has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/games/{gid}?token={TOKEN}")
    chart_in_sight(page)
    page.wait_for_selector("figure.chart svg")
    page.locator("figure.chart").scroll_into_view_if_needed()
    shot(page, f"game-chart-{size}")
    assert page.evaluate(SIZES_SHOWN), "the game's chart shows no text"
    assert _small(page) == []
    page.goto(f"{live}/players/{ben}")
    page.wait_for_selector("figure.chart.bars svg")
    assert page.locator("figure.chart").count() == 2  # by engine, and over time
    shot(page, f"player-charts-{size}")
    assert _small(page) == []
    ctx.close()
