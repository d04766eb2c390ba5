"""Every third-party package the code imports is declared in pyproject.toml (issue 22: `httpx`
and `psycopg` were imported but installed only as someone else's dependency)."""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


def declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        requirements += extra
    return {canonicalize_name(Requirement(r).name) for r in requirements}


def imported_top_levels(folder: Path) -> set[str]:
    names: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
    return names


def test_every_imported_distribution_is_declared():
    distributions = packages_distributions()
    stdlib = set(sys.stdlib_module_names)
    missing = {}
    for folder in ("src", "deploy"):
        for name in imported_top_levels(ROOT / folder) - stdlib - {"switchboard"}:
            owners = {canonicalize_name(d) for d in distributions.get(name, [])}
            assert owners, f"{name} is imported but no installed distribution provides it"
            if not owners & declared():
                missing[name] = sorted(owners)
    assert missing == {}, f"imported but not declared in pyproject.toml: {missing}"
