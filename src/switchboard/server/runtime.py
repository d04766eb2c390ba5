"""What the running server holds: the apps it serves, keys, limits, metrics, clock.

Sessions belong to apps through `SessionRecord.app`; the runtime finds a session in the apps'
stores (usually one shared store) and hands back the manager that serves it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass

from switchboard.core.clock import Clock
from switchboard.patterns.delegation.manager import RoutingChatManager
from switchboard.server.auth import ApiKeyStore
from switchboard.server.errors import UnknownAppError
from switchboard.server.limits import RateLimiter
from switchboard.server.metrics import Metrics, instrument
from switchboard.server.settings import ServerSettings
from switchboard.store.base import SessionRecord, Store


@dataclass(slots=True)
class SessionHandle:
    app: str
    manager: RoutingChatManager
    record: SessionRecord


class Runtime:
    def __init__(
        self,
        settings: ServerSettings,
        apps: Mapping[str, RoutingChatManager],
        *,
        key_store: ApiKeyStore,
        clock: Clock,
        owns_apps: bool,
        owns_key_store: bool,
    ) -> None:
        if not apps:
            raise ValueError("the server needs at least one app")
        self.settings = settings
        self.apps = dict(apps)
        self.default_app = settings.default_app or next(iter(self.apps))
        if self.default_app not in self.apps:
            raise ValueError(f"default app {self.default_app!r} is not served")
        self.key_store = key_store
        self.clock = clock
        self.metrics = Metrics()
        self.limiter = RateLimiter(
            per_second=settings.rate_limit_per_second, burst=settings.rate_limit_burst, clock=clock
        )
        self._owns_apps = owns_apps
        self._owns_key_store = owns_key_store
        self._ready = False
        self._ready_lock = asyncio.Lock()
        for name, manager in self.apps.items():
            instrument(manager, app=name, metrics=self.metrics)

    async def ready(self) -> None:
        """Initialize key store and app stores once (lifespan does it; tests may skip lifespan)."""
        if self._ready:
            return
        async with self._ready_lock:
            if self._ready:
                return
            await self.key_store.init()
            for store in self.stores():
                await store.init()
            self._ready = True

    async def close(self) -> None:
        if self._owns_apps:
            for manager in self.apps.values():
                await manager.shutdown()
        if self._owns_key_store:
            await self.key_store.close()
        self._ready = False

    def manager(self, app: str | None) -> tuple[str, RoutingChatManager]:
        name = app or self.default_app
        manager = self.apps.get(name)
        if manager is None:
            raise UnknownAppError(
                f"unknown app {name!r}; available: {', '.join(self.apps)}", app=name
            )
        return name, manager

    def stores(self) -> list[Store]:
        seen: dict[int, Store] = {}
        for manager in self.apps.values():
            seen.setdefault(id(manager.store), manager.store)
        return list(seen.values())

    async def find_session(self, session_id: str, user_id: str) -> SessionHandle | None:
        """The user's session and the app serving it; None if absent or someone else's."""
        if not session_id or len(session_id) > 200:
            return None
        for store in self.stores():
            record = await store.get_session(session_id)
            if record is None:
                continue
            if record.user_id != user_id:
                return None
            name = self.app_of(record, store)
            return SessionHandle(app=name, manager=self.apps[name], record=record)
        return None

    def app_of(self, record: SessionRecord, store: Store) -> str:
        candidates = [name for name, m in self.apps.items() if m.store is store]
        for name in candidates:
            if record.app in (name, self.apps[name].app):
                return name
        return candidates[0] if candidates else self.default_app
