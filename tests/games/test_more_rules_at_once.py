"""The common start form's *More rules*: every bad box told at once, each at
its own box, with what was typed kept (issue 27: letters in one box hid the
range of another until the form was sent again)."""

from __future__ import annotations

import re

from tests.conftest import count_rows, csrf_token


def field_error(html: str, field: str) -> str:
    m = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', html)
    return m.group(1) if m else ""


def test_letters_in_one_rule_box_no_longer_hide_the_others(client, app):
    token = csrf_token(client, "/")
    r = client.post("/games", data={
        "csrf_token": token, "player": ["Ana", "Ben", "Chen"], "starter": "0", "kind": "mexican_train",
        "set": "12", "rule-marker_penalty": "ten", "rule-start_engine": "25", "rule-end_engine": "-3",
        "rule-going_out_bonus": "5000"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert field_error(html, "rule-marker_penalty") == "“ten” is not a whole number."
    assert field_error(html, "rule-start_engine") == "A double-12 set has no 25-25."
    assert field_error(html, "rule-end_engine") == "Give a whole number from 0 to 12."
    assert field_error(html, "rule-going_out_bonus") == "Give a whole number from -1000 to 1000."
    for name, typed in (("marker_penalty", "ten"), ("start_engine", "25"), ("end_engine", "-3"),
                        ("going_out_bonus", "5000")):
        assert re.search(rf'name="rule-{name}" inputmode="numeric" value="{typed}"', html), name
    assert '<details class="more-rules"' in html and re.search(r'<details class="more-rules"[^>]* open>', html)
    assert count_rows(app) == (0, 0)


def test_a_bad_rule_beside_a_bad_set_choice_on_a_double_9(client):
    token = csrf_token(client, "/")
    r = client.post("/games", data={
        "csrf_token": token, "player": ["Ana", "Ben"], "starter": "0", "kind": "mexican_train",
        "set": "9", "rule-marker_penalty": "1.5", "rule-end_engine": "10"})
    html = r.get_data(as_text=True)
    assert field_error(html, "rule-marker_penalty") != ""
    assert field_error(html, "rule-end_engine") == "A double-9 set has no 10-10."
