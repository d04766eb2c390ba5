"""Switchboard's own entry points as `pyproject.toml` declares them.

The venv's installed metadata is written at install time and may predate a group or a value
added since (`pip install -e .` refreshes it); tests that check what the project declares read
the declaration itself.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def declared_entry_points(group: str) -> dict[str, EntryPoint]:
    table = tomllib.loads(PYPROJECT.read_text())["project"]["entry-points"].get(group, {})
    return {name: EntryPoint(name, value, group) for name, value in table.items()}
