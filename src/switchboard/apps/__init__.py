"""Reference assistants, and the registry through which every app is found.

Apps register in the `switchboard.apps` entry-point group: a name and a factory that takes the
shared options (`store`, `settings`, `clock`, `model`) and returns a `ChatApp`. Switchboard's
own apps are declared in its `pyproject.toml`; a team's package adds its apps the same way in
its own `pyproject.toml`, with no change here:

    [project.entry-points."switchboard.apps"]
    support = "switchboard.apps.support.app:build"
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from switchboard.core.errors import UnknownAppError
from switchboard.sessions.app import ChatApp

ENTRY_POINT_GROUP = "switchboard.apps"

AppFactory = Callable[..., ChatApp]


@cache
def _registered() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def available_apps() -> list[str]:
    """Names of the registered apps, in a stable order (Switchboard's own first)."""
    names = list(_registered())
    own = [name for name in ("support", "finance", "scholarships", "jobs") if name in names]
    return own + sorted(name for name in names if name not in own)


def load_app(name: str, **options: Any) -> ChatApp:
    """Build app `name`; options (`model`, `store`, `settings`, `clock`) go to its factory."""
    entry = _registered().get(name)
    if entry is None:
        raise UnknownAppError(
            f"unknown app {name!r}; available: {', '.join(available_apps())}", app=name
        )
    factory: AppFactory = entry.load()
    return factory(**options)


__all__ = ["ENTRY_POINT_GROUP", "AppFactory", "available_apps", "load_app"]
