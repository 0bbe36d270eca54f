"""companion/rules imports nothing but the standard library and itself."""

import ast
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
