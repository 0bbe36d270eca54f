"""companion/rules imports nothing but the standard library and itself."""

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "companion" / "rules"


def test_rules_import_only_the_standard_library():
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: inside companion.rules
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in allowed, f"{path.name} imports {name}"


_BLOCK_FLASK = """
import importlib.abc, sys

class BlockFlask(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "flask" or name.startswith(("flask.", "flask_")):
            raise ImportError(f"{name} is blocked for this test")
        return None

sys.meta_path.insert(0, BlockFlask())
try:
    import flask  # noqa: F401
except ImportError:
    pass
else:
    raise SystemExit("flask was not blocked")

import companion.rules as rules
game = rules.read_game({"kind": "picture", "set": 6, "players": ["Ann", "Ben"],
                        "rounds": [{"winner": "Ben"}]})
print(game.totals()["Ben"], "flask" in sys.modules)
"""


def test_the_rules_engine_imports_and_runs_without_flask():
    """A fresh interpreter that cannot import Flask still reads a game."""
    done = subprocess.run(
        [sys.executable, "-c", _BLOCK_FLASK], cwd=RULES.parent.parent,
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "False"]
