"""Layering: the patterns are reusable by any app, so none of them imports an app
(DESIGN: apps → patterns → sessions, bus, ...). Read from the source, so a lazy import inside a
function counts too."""

from __future__ import annotations

import ast
from pathlib import Path

import switchboard.patterns

ROOT = Path(switchboard.patterns.__file__).parent


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_no_pattern_module_imports_an_app() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted(ROOT.rglob("*.py"))
        for name in _imports(path)
        if name == "switchboard.apps" or name.startswith("switchboard.apps.")
    ]
    assert offenders == []


def test_the_check_sees_the_moved_patterns() -> None:
    """The walk covers triage and missions (a moved package outside it would pass vacuously)."""
    seen = {path.parent.name for path in ROOT.rglob("*.py")}
    assert {"triage", "missions", "delegation", "workflows"} <= seen
