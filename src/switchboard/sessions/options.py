"""What every app is built from: one frozen `AppOptions`, and the `AppFactory` that takes it.

The server, the CLI, `switchboard mcp` and `switchboard eval` build apps through the
`switchboard.apps` entry-point group (`switchboard.apps.load_app`). They share one store, one
settings object, one clock and one model source; before this contract each app's `build(**kw)`
read them from loose keywords with its own defaults, and decided on its own whether it ran
"offline" (three definitions). Now the caller decides once, in `AppOptions`, and an app asks
`options.offline` (which is `options.models.offline`).

A factory is any object with `build(options) -> ChatApp` (a module with a `build` function
taking the options works too, see `switchboard.apps.load_app`). App-specific knobs (a market
feed, a demo user) stay keyword arguments of the app's own builder; the factory calls it with
its defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol, runtime_checkable

from switchboard.config import Settings
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.models.source import ModelChoice, ModelSource
from switchboard.sessions.app import ChatApp
from switchboard.store.base import Store


@dataclass(frozen=True, slots=True)
class AppOptions:
    """The shared resources an app is built on; frozen, so apps built from one options object
    cannot change what the others see."""

    store: Store
    """The opened store (not initialised: `ChatApp.start()` runs the migrations)."""
    settings: Settings
    """Environment-derived settings (database URL, Redis, limits)."""
    models: ModelSource
    """Which model serves which agent; its `offline` is the one definition of offline."""
    clock: Clock = SYSTEM_CLOCK
    """The clock every timestamp and timeout reads (a `ManualClock` in tests)."""

    @property
    def offline(self) -> bool:
        """True when the agents run on the embedded model: no hosted model is configured."""
        return self.models.offline

    @classmethod
    def create(
        cls,
        *,
        store: str | Store | None = None,
        settings: Settings | None = None,
        clock: Clock = SYSTEM_CLOCK,
        model: ModelChoice | ModelSource = None,
    ) -> AppOptions:
        """Options from the loose values callers have: `store` a URL or a store (default:
        `settings.database_url`), `model` an id, a `Model`, a per-agent callable or a source
        (default: `settings.model`, else what the environment's keys allow)."""
        from switchboard.store.factory import open_store

        settings = settings or Settings()
        opened = open_store(store if store is not None else settings.database_url, clock=clock)
        if model is None:
            model = settings.model
        models = model if isinstance(model, ModelSource) else ModelSource(model)
        return cls(store=opened, settings=settings, models=models, clock=clock)

    def with_model(self, model: ModelChoice | ModelSource) -> AppOptions:
        """The same options with another model source (each app gets its own source)."""
        models = model if isinstance(model, ModelSource) else ModelSource(model)
        return replace(self, models=models)


@runtime_checkable
class AppFactory(Protocol):
    """What a `switchboard.apps` entry point names: builds one app from the shared options."""

    def build(self, options: AppOptions) -> ChatApp:
        """A new, not yet started app on `options` (the caller starts and shuts it down)."""
        ...


__all__ = ["AppFactory", "AppOptions"]
