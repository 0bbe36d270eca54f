"""companion/rules runs on the standard library alone: every module of it
imports, and a game is read and scored, in a fresh interpreter where any other
import (Flask, SQLAlchemy, WeasyPrint...) fails."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_STDLIB_ONLY = """
import importlib, importlib.abc, pkgutil, sys

ALLOWED = set(sys.stdlib_module_names) | {"companion", "__future__"}

class StandardLibraryOnly(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in ALLOWED:
            raise ImportError(f"{name} is not in the standard library")
        return None

sys.meta_path.insert(0, StandardLibraryOnly())
before = set(sys.modules)
try:
    import flask  # noqa: F401
except ImportError:
    pass
else:
    raise SystemExit("flask was not blocked")

import companion.rules as rules
names = sorted(m.name for m in pkgutil.walk_packages(rules.__path__, "companion.rules."))
for name in names:
    importlib.import_module(name)
game = rules.read_game({"kind": "picture", "set": 6, "players": ["Ann", "Ben"],
                        "rounds": [{"winner": "Ben"}]})
outside = sorted({m.split(".")[0] for m in set(sys.modules) - before} - ALLOWED)
print(len(names), game.totals()["Ben"], outside)
"""


def test_the_rules_engine_imports_and_runs_on_the_standard_library_alone():
    done = subprocess.run(
        [sys.executable, "-c", _STDLIB_ONLY], cwd=ROOT,
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    modules, ben, outside = done.stdout.split(maxsplit=2)
    # every file of the package but its own __init__ (a subpackage counts by its __init__)
    expected = len(list((ROOT / "companion" / "rules").rglob("*.py"))) - 1
    assert int(modules) == expected
    assert ben == "1"
    assert outside.strip() == "[]"
