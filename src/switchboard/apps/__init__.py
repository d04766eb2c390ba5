"""Reference assistants built only from Switchboard's public API."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from switchboard.patterns.delegation.manager import RoutingChatManager

_APPS = {
    "support": "switchboard.apps.support.app",
}


def available_apps() -> list[str]:
    return list(_APPS)


def load_app(name: str, **options: Any) -> RoutingChatManager:
    """Build app `name`; options (`model`, `store`, `settings`, `clock`) go to its manager."""
    if name not in _APPS:
        from switchboard.core.errors import UnknownAgentError

        raise UnknownAgentError(f"unknown app {name!r}; available: {', '.join(_APPS)}", app=name)
    module = import_module(_APPS[name])
    manager: RoutingChatManager = module.build(**options)
    return manager
