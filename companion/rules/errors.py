"""The rule engine's errors: a problem has a path, a stable code and a message.

Codes are fixed by docs/design.md ("Error codes"); new ones are added, none renamed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------- translation
#
# The engine stays standard-library only: its messages are English templates
# with named fields in Flask-Babel's style (``"%(name)s is seated twice."``, ``%%``
# for a percent sign when there are fields). An application may install
# a translator (the web app installs Flask-Babel's) with :func:`set_translator`;
# without one a template is only formatted. Messages are marked for extraction
# with the keywords ``tr``, ``trn:1,2`` and ``N_`` (see babel.cfg / Makefile).


def _format(message: str, /, **params: Any) -> str:
    return message % params if params else message


def _format_plural(singular: str, plural: str, n: int, /, **params: Any) -> str:
    return (singular if n == 1 else plural) % {"n": n, **params}


_translate: Callable[..., str] = _format
_translate_plural: Callable[..., str] = _format_plural


def set_translator(
    translate: Callable[..., str] | None = None, translate_plural: Callable[..., str] | None = None
) -> None:
    """Install the functions that turn message templates into sentences.

    :param translate: ``translate(template, **params) -> str``; it should look
        the template up in a catalogue, then ``%``-format it with ``params``
        (as Flask-Babel's ``gettext``: no formatting without ``params``).
        ``None`` restores plain formatting (English).
    :param translate_plural: ``translate_plural(singular, plural, n, **params)``;
        ``n`` is also passed to the format as ``%(n)s``.
    """
    global _translate, _translate_plural
    _translate = translate or _format
    _translate_plural = translate_plural or _format_plural


def tr(message: str, /, **params: Any) -> str:
    """The message template ``message`` in the current language, formatted
    with ``params`` (``%(name)s`` fields, Flask-Babel's style; a template is
    left as it is when no ``params`` are given)."""
    return _translate(message, **params)


def trn(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """As :func:`tr`, choosing the plural form for the count ``n`` (``%(n)s``)."""
    return _translate_plural(singular, plural, n, **params)


def _join_plain(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_join: Callable[[Sequence[str]], str] = _join_plain


def set_list_joiner(join: Callable[[Sequence[str]], str] | None = None) -> None:
    """Install the function that joins names into one phrase in the current
    language (the web app installs Babel's ``format_list``); ``None`` restores
    English: ``"Ana"``, ``"Ana and Ben"``, ``"Ana, Ben and Chen"``."""
    global _join
    _join = join or _join_plain


def join_names(items: Sequence[str]) -> str:
    """``items`` (players' names, tiles) joined as the current language joins a
    list: ``"Ana and Ben"`` in English, ``"Ana и Ben"`` in Russian.

    :param items: the names, in the order they are to be read.
    """
    return _join([str(item) for item in items])


_reader: ContextVar[str | None] = ContextVar("reader", default=None)


@contextmanager
def addressing(name: str) -> Iterator[None]:
    """Within the block, messages about ``name``'s own hand speak to them
    ("You can hold at most 12 tiles", not "Chen can hold…"): the block runs
    on that player's own phone (issue 27). See :func:`addressed`.

    :param name: the player reading the messages, as seated.
    """
    token = _reader.set(name)
    try:
        yield
    finally:
        _reader.reset(token)


def addressed(name: str) -> bool:
    """Whether the messages being made are read by ``name`` themself (inside
    :func:`addressing` for that name): a message about their hand then takes
    its second-person form (each form its own template, for translation)."""
    return _reader.get() == name


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (module
    constants such as rule explanations; translated where they are shown)."""
    return message


# Hard errors (docs/design.md) and the few this engine adds.
ERROR_CODES: frozenset[str] = frozenset(
    {
        "unknown_kind",
        "unknown_set",
        "unknown_rule",
        "bad_value",
        "too_few_players",
        "too_many_players",
        "duplicate_player",
        "unknown_player",
        "missing_hand",
        "engine_out_of_sequence",
        "deal_exceeds_set",
        "pips_negative",
        "pips_infeasible",
        "tiles_not_in_set",
        "tile_repeated",
        "engine_in_hand",
        "double_blank_twice",
        "nobody_out",
        "several_out",
        "out_but_blocked",
        "game_finished",
        "edit_conflict",
        # added by this engine
        "too_many_tiles",
        "pips_mismatch",
        "hands_infeasible",
        "drawn_exceeds_boneyard",
        # caps (docs/design.md, README "Limits"): checked before expensive work
        "too_many_rounds",
        "name_too_long",
        # the 0-0 must be in one of several hands: the table says whose
        "double_blank_unknown",
        # a photo of a hand refused (POST /api/photo/hand)
        "not_an_image",
        "image_too_large",
        "image_unreadable",
        # the photo budget (issue 25): decoding would cost too much memory, a
        # strip rather than a photo, every photo reader busy (503)
        "image_too_costly",
        "image_odd_shape",
        "photo_busy",
        # refusals of the app around the engine (companion/web/errors.py answers them)
        "not_found",
        "unauthorized",
        "too_many_attempts",
        # an Idempotency-Key sent again with another body (issue 25)
        "idempotency_key_reused",
        # partnership games (the rules brief of the domino families): teams of
        # two, partners opposite; a bonus the rules in play do not allow here
        "team_shape",
        "bonus_not_allowed",
        # scoring during play and Texas 42 (issue 29; shared/rules-families.md section 0)
        "count_not_scoring",
        "count_impossible",
        "points_mismatch",
        "lead_count_mismatch",
        "bid_out_of_order",
        "bid_too_low",
        "bid_not_higher",
        "bid_raise_too_large",
        "contract_not_allowed",
        "trick_points_total",
        "result_inconsistent",
        # ending a game now (POST /api/games/<id>/finish) before its first round
        "nothing_played",
    }
)

# Soft rules: a warning, saved when the table confirms.
WARNING_CODES: frozenset[str] = frozenset(
    {"deal_off_table",
     # a new player's name drawn like a stored player's (UTS #39 skeleton; issue 25)
     "confusable_name", "players_outside_range", "left_before_end",
     # the hands could not be checked together within the time budget
     "unverified",
     # partnership games: partners seated side by side instead of opposite
     "partners_side_by_side",
     # a hand possible but unlikely (300 typed for 30): saved when confirmed
     "unusual_hand"}
)


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or, for a warning, unusual) in a game record or a
    planner request: the one problem model of the engine.

    :ivar path: where, in the request's own terms: ``"rounds[2].hands.Ben.pips"``
        for a record (``""`` for the whole record), the request field
        (``"hand"``, ``"open_end"``...) for the planner.
    :ivar code: a stable code from :data:`ERROR_CODES` or :data:`WARNING_CODES`.
    :ivar message: a sentence for a person at the table, in the language of
        the installed translator (English by default, see :func:`tr`).
    :ivar params: the values the message names (for translations).
    :ivar tiles: the planner's offending tiles as written (``"a-b"``), or
        ``None`` where a problem is not about listed tiles.
    """

    path: str
    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)
    tiles: tuple[str, ...] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of docs/design.md: ``{"path", "code", "message"}``, plus
        ``"tiles"`` (a list) when the problem names tiles."""
        out: dict[str, Any] = {"path": self.path, "code": self.code, "message": self.message}
        if self.tiles is not None:
            out["tiles"] = list(self.tiles)
        return out


class RulesError(ValueError):
    """The engine refused something: every refusal of ``companion.rules`` is one.

    :ivar problems: what was wrong, each a :class:`Problem` (at least one).
    """

    def __init__(self, problems: list[Problem], fallback: str = "refused") -> None:
        self.problems = list(problems)
        super().__init__(self.problems[0].message if self.problems else fallback)


class RecordError(RulesError):
    """A game record or round was refused.

    :ivar errors: the hard problems (each :class:`Problem`); empty when only
        soft rules were broken.
    :ivar warnings: soft-rule problems; the request succeeds when confirmed.
    """

    def __init__(self, errors: list[Problem], warnings: list[Problem] | None = None):
        self.errors = list(errors)
        self.warnings = list(warnings or [])
        super().__init__(self.errors or self.warnings, "record refused")

    @property
    def codes(self) -> list[str]:
        """The codes of the errors (or, when there are none, of the warnings)."""
        return [p.code for p in (self.errors or self.warnings)]


class Problems:
    """A collector used while checking a record: add problems, raise once."""

    def __init__(self) -> None:
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []

    def error(self, path: str, code: str, message: str, **params: Any) -> None:
        """Record a hard error at ``path``."""
        assert code in ERROR_CODES, code
        self.errors.append(Problem(path, code, message, params))

    def warn(self, path: str, code: str, message: str, **params: Any) -> None:
        """Record a soft-rule warning at ``path``."""
        assert code in WARNING_CODES, code
        self.warnings.append(Problem(path, code, message, params))

    def raise_if_any(self, confirm: bool = False) -> None:
        """Raise :class:`RecordError` for errors, or for warnings unless confirmed."""
        if self.errors or (self.warnings and not confirm):
            raise RecordError(self.errors, self.warnings)
