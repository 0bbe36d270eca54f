"""Modules and functions too long to read in one sitting (issue 9).

Lists every module of ``companion/`` above ``--module-lines`` lines (500) and
every function or method above ``--function-lines`` lines (60, from its
``def`` line, decorators excluded, to its last line). Migrations are left
out (Alembic writes them). Prints one line per violation; exits 1 on any
with ``--fail``, else 0 (report mode).

    python tools/sizes.py [--fail] [paths...]
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = ("migrations",)


def modules(paths: list[Path]) -> list[Path]:
    """Every ``.py`` file under ``paths`` (files kept as given), sorted."""
    found: set[Path] = set()
    for path in paths:
        candidates = [path] if path.is_file() else path.rglob("*.py")
        found.update(p for p in candidates if not any(part in SKIP for part in p.parts))
    return sorted(found)


def violations(path: Path, module_lines: int, function_lines: int) -> list[str]:
    """The lines to print for one module: ``path:line: what (n lines)``."""
    text = path.read_text(encoding="utf-8")
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    out = []
    count = len(text.splitlines())
    if count > module_lines:
        out.append(f"{shown}: module has {count} lines (limit {module_lines})")
    functions = [node for node in ast.walk(ast.parse(text, str(path)))
                 if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    for node in sorted(functions, key=lambda node: node.lineno):
        length = (node.end_lineno or node.lineno) - node.lineno + 1
        if length > function_lines:
            out.append(f"{shown}:{node.lineno}: {node.name}() has {length} lines "
                       f"(limit {function_lines})")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[ROOT / "companion"])
    parser.add_argument("--module-lines", type=int, default=500)
    parser.add_argument("--function-lines", type=int, default=60)
    parser.add_argument("--fail", action="store_true", help="exit 1 when anything is too long")
    args = parser.parse_args(argv)
    found = [line for path in modules([p.resolve() for p in args.paths])
             for line in violations(path, args.module_lines, args.function_lines)]
    for line in found:
        print(line)
    print(f"sizes: {len(found)} too long" + ("" if args.fail or not found else " (report only)"))
    return 1 if found and args.fail else 0


if __name__ == "__main__":
    sys.exit(main())
