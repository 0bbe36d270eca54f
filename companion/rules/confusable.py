"""Names that look alike: the confusable skeleton of Unicode's security
mechanisms (UTS #39, "Unicode Security Mechanisms", section 4
"Confusable Detection": ``skeleton(X)`` = NFD, each character replaced by its
prototype, NFD again), with case ignored as the roster ignores it.

"Ana" typed with a Cyrillic ``А`` (U+0410) is another string than "Ana", so
the roster would make it another player; its skeleton is the same, so the
app asks first. Standard library only.

The prototypes are a small hand-checked extract of Unicode's
``confusables.txt`` (version 15.1) for what a domino table meets: the
Cyrillic and Greek letters that are drawn like Latin ones, and the digits
and marks drawn like letters (``0``/``O``, ``1``/``l``/``I``). Libraries
looked at: ``confusable-homoglyphs`` tells whether a string mixes scripts
(not whether two names look alike), ``confusables`` (last release 2021)
builds regular expressions of look-alikes; neither gives the skeleton of one
name to compare with a stored one, which is all that is needed here."""

from __future__ import annotations

import unicodedata

PROTOTYPES: dict[str, str] = {
    # Cyrillic capitals drawn as Latin capitals
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
    "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "l", "Ј": "J", "Ү": "Y",
    "Һ": "h", "Ԁ": "d", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "l", "Ꙇ": "l",
    # Cyrillic small letters drawn as Latin small letters
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s",
    "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
    "ɡ": "g",
    # Greek capitals drawn as Latin capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Greek small letters drawn as Latin small letters
    "ο": "o", "ν": "v", "α": "a", "ι": "i", "ρ": "p", "υ": "u", "χ": "x", "ϲ": "c",
    # Latin letters and digits drawn alike (confusables.txt: I, 1 and | are l; 0 is O)
    "I": "l", "1": "l", "|": "l", "0": "O", "ı": "i",
}
"""Character → its prototype (what it is drawn as)."""


def skeleton(name: str, fold_case: bool = True) -> str:
    """The name as it looks: NFKC (full-width and compatibility forms to
    their plain ones), case folded (unless ``fold_case`` is false), NFD,
    every character replaced by its prototype (:data:`PROTOTYPES`), NFD
    again, spaces squeezed.

    Two names with the same skeleton are drawn alike ("Ana" and "Аna" with
    a Cyrillic А; "Chloe" and "Chlοe" with a Greek ο). Folding the case first
    keeps "Ian" apart from "Lan"; the skeleton of the name as typed
    (``fold_case=False``) catches capitals whose small letter is drawn
    otherwise (the Greek ``Η`` is an ``H``, its ``η`` no ``h``).

    :param name: a player's name.
    :param fold_case: fold the case before the prototypes.
    :return: the skeleton, only to compare with other skeletons.
    """
    text = unicodedata.normalize("NFKC", name)
    if fold_case:
        text = text.casefold()
    mapped = "".join(PROTOTYPES.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    if fold_case:
        mapped = mapped.casefold()  # "0" is drawn as "O", folded with the rest
    return " ".join(unicodedata.normalize("NFD", mapped).split())


def look_alike(name: str, others: list[str] | tuple[str, ...]) -> str | None:
    """The first of ``others`` drawn like ``name`` but written with other
    letters (case and Unicode form aside), or ``None``.

    :param name: a new name (a new player, a rename).
    :param others: the names already stored.
    :return: the look-alike stored name, or ``None``.
    """
    plain = _plain(name)
    folded, typed = skeleton(name), skeleton(name, fold_case=False)
    for other in others:
        if _plain(other) == plain:
            continue
        if skeleton(other) == folded or skeleton(other, fold_case=False) == typed:
            return other
    return None


def _plain(name: str) -> str:
    """The name as the roster tells names apart: case and Unicode form ignored."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())
