"""Reference assistants, and the registry through which every app is found.

Apps register in the `switchboard.apps` entry-point group: a name and an `AppFactory` — an
object (or module) with `build(options: AppOptions) -> ChatApp`. Switchboard's own apps are
declared in its `pyproject.toml`; a team's package adds its apps the same way in its own
`pyproject.toml`, with no change here:

    [project.entry-points."switchboard.apps"]
    support = "switchboard.apps.support.app:factory"

An entry point naming a plain function is still accepted (the contract before `AppOptions`):
it is called with keywords `store`, `settings`, `clock`, `model`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from switchboard import AppFactory, AppOptions, ChatApp, UnknownAppError

ENTRY_POINT_GROUP = "switchboard.apps"

_SHARED = ("store", "settings", "clock", "model")

LegacyFactory = Callable[..., ChatApp]
"""`build(**options) -> ChatApp`: the keyword contract, kept for entry points that still use it."""


@cache
def _registered() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def available_apps() -> list[str]:
    """Names of the registered apps, in a stable order (Switchboard's own first)."""
    names = list(_registered())
    own = [name for name in ("support", "finance", "scholarships", "jobs") if name in names]
    return own + sorted(name for name in names if name not in own)


def load_app(name: str, options: AppOptions | None = None, **legacy: Any) -> ChatApp:
    """Build app `name` from `options`.

    Without `options`, the keywords (`store`, `settings`, `clock`, `model`) make them
    (`AppOptions.create`); other keywords go only to an entry point that is a plain function.
    """
    entry = _registered().get(name)
    if entry is None:
        raise UnknownAppError(
            f"unknown app {name!r}; available: {', '.join(available_apps())}", app=name
        )
    factory: AppFactory | LegacyFactory = entry.load()
    if isinstance(factory, AppFactory):
        if unknown := sorted(set(legacy) - set(_SHARED)):
            raise TypeError(f"app {name!r} takes AppOptions; unexpected options {unknown}")
        if options is None:
            options = AppOptions.create(**legacy)
        return factory.build(options)
    if options is not None:
        legacy = {
            "store": options.store,
            "settings": options.settings,
            "clock": options.clock,
            "model": options.models.choice,
            **legacy,
        }
    return factory(**legacy)


def build_apps(options: AppOptions, names: list[str] | None = None) -> dict[str, ChatApp]:
    """The apps `names` (default: every registered one), all on `options`' store; each gets
    its own model source (caches and wrappers are per app) with the same choice."""
    return {
        name: load_app(name, options.with_model(options.models.choice))
        for name in (names or available_apps())
    }


__all__ = [
    "ENTRY_POINT_GROUP",
    "AppFactory",
    "AppOptions",
    "LegacyFactory",
    "available_apps",
    "build_apps",
    "load_app",
]
