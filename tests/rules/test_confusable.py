"""Look-alike names (companion/rules/confusable.py): UTS #39's skeleton over a
hand-checked table of Cyrillic, Greek and Latin look-alikes."""

from __future__ import annotations

import pytest

from companion.rules.confusable import look_alike, skeleton

CYRILLIC_A = "\u0410"  # А
GREEK_OMICRON = "\u03bf"  # ο
GREEK_ETA = "\u0397"  # Η


@pytest.mark.parametrize("new,stored", [
    (CYRILLIC_A + "na", "Ana"),
    ("Ana", CYRILLIC_A + "na"),
    ("Chl" + GREEK_OMICRON + "e", "Chloe"),
    (GREEK_ETA + "ana", "Hana"),
    ("\u0421\u0435\u0441", "Cec"),  # Сес: Cyrillic capital es, small ie, small es
    ("Ivan", "lvan"),
    ("B0b", "Bob"),
    ("\uff21na", CYRILLIC_A + "na"),  # full-width Ａ
])
def test_names_drawn_alike_are_found(new, stored):
    assert look_alike(new, ["Ben", stored, "Dee"]) == stored


@pytest.mark.parametrize("new,stored", [
    ("Ana", "Ana"), ("ana", "ANA"), ("Ian", "Lan"), ("Anna", "Ana"), ("Zoë", "Zoe"), ("Дима", "Dima"),
])
def test_the_same_name_or_another_one_is_no_look_alike(new, stored):
    assert look_alike(new, [stored]) is None


def test_the_skeleton_of_a_cyrillic_a_is_the_latin_one():
    assert skeleton(CYRILLIC_A + "na") == skeleton("Ana") == "ana"
    assert skeleton(CYRILLIC_A + "na", fold_case=False) == "Ana"
