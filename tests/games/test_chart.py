"""The running-totals chart (companion/games/chart.py) and its place on the game page."""

from __future__ import annotations

import pytest

from companion.games.chart import nice_step, running_totals_chart, spread_labels
from companion.rules import read_game


@pytest.mark.parametrize(
    "span, step", [(0, 1), (5, 1), (12, 2), (60, 10), (143, 50), (480, 100), (1300, 500)]
)
def test_nice_steps(span, step):
    assert nice_step(span) == step


def test_labels_keep_apart_and_inside():
    placed = spread_labels([100, 101, 102, 290], 10, 290, gap=15)
    assert placed[0] == 100 and placed[1] == 115 and placed[2] == 130 and placed[3] == 290
    squeezed = spread_labels([285, 286, 287], 10, 290, gap=15)
    assert sorted(squeezed) == [260, 275, 290]


def test_no_chart_before_the_first_round():
    assert running_totals_chart(["Ana", "Ben"], []) is None


def test_lines_follow_the_running_totals(full_game):
    game = read_game(full_game["record"])
    chart = running_totals_chart(
        game.table.players, game.running_totals(), game.scores(), game.table.round_count
    )
    assert [s.player for s in chart.series] == list(game.table.players)
    left, top, right, bottom = chart.plot
    for s, name in zip(chart.series, game.table.players):
        points = [tuple(map(float, p.split(","))) for p in s.points.split()]
        assert len(points) == len(game.rounds) + 1  # from round 0
        assert points[0] == (left, bottom)  # everybody starts at 0
        assert points[-1][0] == right  # 13 rounds of 13
        assert s.total == full_game["expected"]["totals"][name]
        assert all(top <= y <= bottom for _, y in points)
    ys = sorted(s.label_y for s in chart.series)
    assert all(b - a >= 14.8 for a, b in zip(ys, ys[1:]))
    assert chart.x_ticks[0][1] == 0 and chart.x_ticks[-1][1] == 13


def test_a_late_joiner_starts_from_the_total_joined_with():
    running = [{"Ana": 10, "Ben": 20, "Cy": None}, {"Ana": 15, "Ben": 20, "Cy": 25}]
    scores = [{"Ana": 10, "Ben": 20, "Cy": None}, {"Ana": 5, "Ben": 0, "Cy": 5}]
    chart = running_totals_chart(["Ana", "Ben", "Cy"], running, scores)
    cy = chart.series[2]
    assert len(cy.points.split()) == 2 and cy.total == 25
    first_x = float(cy.points.split()[0].split(",")[0])
    assert first_x == chart.x_ticks[1][0]  # starts at round 1 (joined with 20)


def test_the_game_page_draws_the_chart(client, api, full_game):
    gid = api.post("/api/games", json=full_game["record"]).get_json()["id"]
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    # the game page's chart card fetches the chart from its own page when it nears the screen
    assert f'data-chart="/games/{gid}/chart"' in html and f'href="/games/{gid}/chart"' in html
    html = client.get(f"/games/{gid}/chart").get_data(as_text=True)
    assert 'class="chart"' in html and html.count("<polyline") == 4  # one line a player
    empty = api.post("/api/games", json={"set": 12, "players": ["A", "B"], "first_starter": "A"})
    html = client.get(f"/games/{empty.get_json()['id']}").get_data(as_text=True)
    assert "<polyline" not in html and "data-chart=" not in html


LONG_NAMES = ["Bartholomew", "Maximilian-Alexander", "Guinevere", "Александра",
              "김민준서연", "Zoë 🦊", "Wolfgang Amadeus", "Ш"]


def _label_boxes(chart):
    """Each end label's box (left, top, right, bottom) by the chart's own
    generous width estimate; the font is 15 units high."""
    from companion.games.chart import LABEL_SIZE, text_width

    right = chart.plot[2]
    return [(right + 12, s.label_y + 5 - LABEL_SIZE * 0.8, right + 12 + text_width(s.label),
             s.label_y + 5 + LABEL_SIZE * 0.25) for s in chart.series]


@pytest.mark.parametrize("totals", [
    [12, 12, 13, 13, 14, 14, 15, 15],          # all ends in one knot
    [0, 1, 2, 3, 400, 401, 402, 1203],          # two knots and a long total
    [-30, -29, 0, 0, 0, 0, 0, 5],              # negative totals (a bonus for going out)
])
def test_end_labels_never_overlap_or_clip(totals):
    running = [dict(zip(LONG_NAMES, totals))]
    chart = running_totals_chart(LONG_NAMES, running, None, 13)
    boxes = _label_boxes(chart)
    for (_left, t, r, b), s in zip(boxes, chart.series):
        assert 0 <= t and b <= chart.height, s.label  # inside, top to bottom
        assert r <= chart.width, s.label  # inside on the right
        assert s.label.endswith(f" {s.total}")  # the total is never cut
    ordered = sorted(boxes, key=lambda box: box[1])
    for above, below in zip(ordered, ordered[1:]):
        assert above[3] <= below[1]  # no two labels overlap
    # a name longer than 12 characters is shortened with "…"; shorter ones are whole
    labels = {s.player: s.label for s in chart.series}
    assert labels["Maximilian-Alexander"].startswith("Maximilian-…")
    assert labels["Bartholomew"].startswith("Bartholomew ")


def test_many_players_make_the_chart_taller_not_crowded():
    names = [f"Player {i}" for i in range(20)]
    chart = running_totals_chart(names, [{n: 10 for n in names}], None, 13)
    ys = sorted(s.label_y for s in chart.series)
    assert all(b - a >= 18 for a, b in zip(ys, ys[1:]))
    assert chart.height >= 12 + 4 + 30 + 19 * 18


def test_wide_totals_move_the_plot_right():
    chart = running_totals_chart(["A", "B"], [{"A": -12000, "B": 30}], None, 13)
    left = chart.plot[0]
    from companion.games.chart import TICK_SIZE, text_width

    assert left - 6 - text_width("-15000", TICK_SIZE) >= 0  # the widest tick fits


def test_up_to_sixteen_players_each_have_a_line_style_of_their_own():
    """Nine players (seen in a newcomer's walk: Bartholomew and the ninth
    player shared a solid blue line) up to sixteen: every seat its own style."""
    names = [f"Player {i}" for i in range(16)]
    chart = running_totals_chart(names, [{n: i for i, n in enumerate(names)}], None, 13)
    assert sorted(s.style for s in chart.series) == list(range(16))
