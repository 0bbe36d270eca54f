"""The kinds table (companion/rules/kinds.py): every row consistent, the
values of each row as the rule sources give them, and no kind compared by
name anywhere else in the code or the templates."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from companion.rules.kinds import (
    DEFAULT_KIND,
    KINDS,
    GameEnd,
    GameKind,
    HandEntry,
    KindSpec,
    RankOrder,
    RoundScoring,
    ScoredBy,
    kind_spec,
    kinds_on_pages,
    kinds_where,
)
from companion.rules.options import OPTIONS_BY_KEY
from companion.rules.record.document import ROUND_KEYS
from companion.rules.tiles import SET_SIZES

ROOT = Path(__file__).resolve().parents[2]
SPECS = list(KINDS.values())


def test_every_game_kind_has_one_row_and_only_those():
    assert list(KINDS) == ["mexican_train", "draw", "block", "picture", "partnership", "chicken_foot",
                          "all_fives", "fives_threes", "texas42"]
    assert set(KINDS) == set(GameKind)
    assert DEFAULT_KIND in KINDS


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.kind)
def test_each_row_is_consistent(spec: KindSpec):
    assert KINDS[spec.kind] is spec and kind_spec(spec.kind) is spec
    assert spec.default_set in spec.sets
    assert set(spec.sets) <= set(SET_SIZES)
    assert 2 <= spec.least_players <= spec.most_players
    if spec.club_table_most is not None:
        assert spec.least_players <= spec.club_table_most <= spec.most_players
    if spec.rules_module is None:  # the founding engine's keys and round fields
        assert spec.rule_keys <= set(OPTIONS_BY_KEY), spec.rule_keys - set(OPTIONS_BY_KEY)
        assert {"tie_break", "late_join"} <= spec.rule_keys
        assert spec.round_fields <= ROUND_KEYS, spec.round_fields - ROUND_KEYS
        assert "absent" in spec.round_fields
    else:  # a module of its own keeps its keys
        module = importlib.import_module(f"companion.rules.families.{spec.rules_module}")
        # the counting games keep theirs as RuleKey records (their names here)
        names = {getattr(key, "key", key) for key in module.RULE_KEYS}
        assert spec.rule_keys == names and spec.kind == module.KIND
    assert spec.words.name and spec.words.unit and spec.words.wins and spec.words.hint
    # a row's deal covers its own players; the set decides only with an engine schedule
    if spec.deal is None:
        assert spec.engine_schedule
    else:
        for players in range(spec.least_players, spec.most_players + 1):
            assert 1 <= spec.dealt(players) <= (9 if spec.scores_during_play else 7)  # All Fives: 9 to two
    # an end by the schedule needs one; a cap on rounds otherwise
    assert (spec.ends is GameEnd.LAST_ENGINE) == spec.engine_schedule
    assert (spec.most_rounds is None) == (spec.ends is GameEnd.LAST_ENGINE)
    # the end's own rule is a key of the kind
    if spec.ends is GameEnd.TARGET_SCORE:  # 42 counts marks (rules-families.md section 4)
        assert ("target_marks" if spec.scoring is RoundScoring.CONTRACT else "target_score") in spec.rule_keys
    if spec.ends is GameEnd.TARGET_WINS:
        assert "target_wins" in spec.rule_keys
    # the round form asks what the round scores from
    assert (spec.form.entry is HandEntry.PIPS) == spec.counts_pips
    assert spec.form.who_out == (spec.scoring is RoundScoring.WIN_TALLY)
    if spec.form.tiles_drawn:
        assert spec.has_boneyard
    if spec.form.double_blank_toggle or spec.form.tiles_picker:
        assert spec.counts_pips
    # games in pairs are the only ones scored by team
    assert (spec.scored_by is ScoredBy.TEAM) == (spec.team_size == 2)
    if spec.team_size:
        assert "teams" in spec.record_fields and spec.least_players == spec.most_players == 4


def test_the_rows_say_what_the_rule_sources_say():
    """Mexican Train: double-12 by default, any set, 2-12 players, engines from
    a schedule, lowest total wins ([MT-BE] [MT-HR] [MT-MN] [MT-KO]); the
    classic games: double-six only, 2-4 players, 7 tiles for two and 6 for
    three or four, first to the target ([RU]); picture dominoes: 6 tiles each,
    5 to five children and more, a tally of wins ([RU])."""
    mt, draw, block, picture = (KINDS[k] for k in ("mexican_train", "draw", "block", "picture"))
    assert (mt.default_set, mt.sets, mt.most_players) == (12, (6, 9, 12, 15, 18), 12)
    assert (mt.rank, mt.ends, mt.scoring) == (RankOrder.LOWEST_TOTAL, GameEnd.LAST_ENGINE, RoundScoring.PIPS_LEFT)
    for classic in (draw, block):
        assert (classic.sets, classic.default_set, classic.most_players) == ((6,), 6, 4)
        assert [classic.dealt(n) for n in (2, 3, 4)] == [7, 6, 6]
        assert (classic.rank, classic.ends) == (RankOrder.HIGHEST_TOTAL, GameEnd.TARGET_SCORE)
    assert (draw.has_boneyard, block.has_boneyard) == (True, False)
    assert "boneyard_to_winner" in draw.rule_keys and "boneyard_to_winner" not in block.rule_keys
    assert [picture.dealt(n) for n in (2, 4, 5, 12)] == [6, 6, 5, 5]
    assert (picture.rank, picture.ends, picture.counts_pips) == (RankOrder.MOST_WINS, GameEnd.TARGET_WINS, False)
    assert picture.rule_keys == {"tie_break", "late_join", "target_wins"}
    # the games scored while the tiles are laid or bid (rules-families.md sections 2-4)
    assert kinds_where(lambda s: s.scores_during_play) == ("all_fives", "fives_threes", "texas42")
    assert kinds_where(lambda s: s.engine_schedule) == ("mexican_train", "chicken_foot")
    assert kinds_where(lambda s: s.club_table_most == 4) == ("draw", "block", "partnership", "all_fives",
                                                             "fives_threes", "texas42")


def test_the_kinds_read_by_their_own_module_say_what_the_brief_says():
    """Partnership: four players in two pairs, double-six (7 each) or
    double-nine, first pair to the target; Chicken Foot: double-nine usual,
    a centre double per round from the highest down to 0-0, lowest total
    wins (rules-families.md sections 1 and 5)."""
    pairs, foot = KINDS["partnership"], KINDS["chicken_foot"]
    assert (pairs.sets, pairs.default_set, pairs.least_players, pairs.most_players) == ((6, 9), 6, 4, 4)
    assert (pairs.scored_by, pairs.team_size, pairs.dealt(4), pairs.has_boneyard) == (ScoredBy.TEAM, 2, 7, False)
    assert (pairs.rank, pairs.ends) == (RankOrder.HIGHEST_TOTAL, GameEnd.TARGET_SCORE)
    assert (foot.default_set, foot.rank, foot.ends) == (9, RankOrder.LOWEST_TOTAL, GameEnd.LAST_ENGINE)
    assert (pairs.rules_module, foot.rules_module) == ("partnership", "chicken_foot")
    # the pages offer the kinds of the pairs issue and the games scored during play (their own pages)
    assert kinds_on_pages() == ("mexican_train", "draw", "block", "picture", "partnership", "chicken_foot",
                                "all_fives", "fives_threes", "texas42")


def test_the_games_scored_during_play_say_what_the_brief_says():
    """All Fives: 2-4 players, double-six, 9 / 7 / 5 tiles (pagat); Fives and
    Threes: 7 / 5 / 5, no drawing (pagat); 42: four in two pairs, 7 each, marks
    (rules-families.md sections 2-4)."""
    af, f3, t42 = KINDS["all_fives"], KINDS["fives_threes"], KINDS["texas42"]
    assert [af.dealt(n) for n in (2, 3, 4)] == [9, 7, 5] and af.has_boneyard
    assert [f3.dealt(n) for n in (2, 3, 4)] == [7, 5, 5] and not f3.has_boneyard
    assert (t42.dealt(4), t42.scored_by, t42.team_size, t42.scoring) == (7, ScoredBy.TEAM, 2, RoundScoring.CONTRACT)
    assert (af.form.entry, f3.form.entry, t42.form.entry) == (HandEntry.PLAYS, HandEntry.PLAYS, HandEntry.BIDS)
    assert "first_shaker" in t42.record_fields and "muggins_claims" in af.rule_keys


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        kind_spec("dominoes_in_space")


# ---------------------------------------------------------------- no kind compared by name

_NAMES = "|".join(sorted({*KINDS, "partnership", "chicken_foot", "all_fives", "fives_threes", "texas42"}))
_KIND_VALUE = rf"""(?:GameKind\.[A-Z_]+|["'](?:{_NAMES})["'])"""
_COMPARISONS = [
    # kind == GameKind.DRAW, kind != "picture", kind is GameKind.BLOCK (and the other way round)
    re.compile(rf"""\bkind\b\s*(?:==|!=|\bis\b(?:\s+not)?)\s*{_KIND_VALUE}"""),
    re.compile(rf"""{_KIND_VALUE}\s*(?:==|!=|\bis\b(?:\s+not)?)\s*[\w.]*\bkind\b"""),
    # kind in (GameKind.DRAW, ...), kind not in ["draw", ...]
    re.compile(rf"""\bkind\b\s+(?:not\s+)?in\s*[(\[{{]\s*{_KIND_VALUE}"""),
    # a kind named by its member anywhere (data-kinds="{{ GameKind.DRAW }}", defaults)
    re.compile(r"\bGameKind\.(?:MEXICAN_TRAIN|DRAW|BLOCK|PICTURE)\b"),
]
_SKIPPED = (
    "companion/rules/kinds.py",  # the table itself
    # each family module checks that a record is of its own kind before reading it
    # (``kind != KIND``); the table will choose the module once the kind is wired
    "companion/rules/families/",
    "companion/translations/",
)


def _sources():
    for folder, suffixes in (("companion", {".py", ".html"}), ("templates", {".html", ".txt", ".xml"}),
                             ("static", {".js"})):
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in suffixes and not rel.startswith(_SKIPPED):
                yield rel, path


def test_the_pattern_finds_what_it_is_meant_to_find():
    found = [line for line in (
        'if t.kind == GameKind.PICTURE and x:',
        "elif table.kind != 'draw':",
        "if kind in (GameKind.DRAW, GameKind.BLOCK):",
        'if kind not in ["mexican_train"]:',
        '<p data-kinds="{{ GameKind.DRAW }}">',
        'if GameKind.BLOCK == game.kind:',
        'if table.kind is GameKind.MEXICAN_TRAIN:',
    ) if any(p.search(line) for p in _COMPARISONS)]
    assert len(found) == 7
    # comparing a kind with another variable (a filter) is no branch on a kind
    assert not any(p.search(line) for p in _COMPARISONS for line in (
        "q = q.where(T.kind == filters.kind)", "if change.kind == ADDED:",
        "{% if filters.kind == k %}selected{% endif %}", "if kind.first_player == how",
    ))


def test_no_kind_is_compared_by_name_outside_the_kinds_table():
    hits = []
    for rel, path in _sources():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(p.search(line) for p in _COMPARISONS):
                hits.append(f"{rel}:{number}: {line.strip()}")
    assert hits == [], "read the kind's row of companion/rules/kinds.py KINDS instead:\n" + "\n".join(hits)
