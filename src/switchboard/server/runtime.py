"""What the running server holds: the apps it serves, keys, limits, metrics, clock.

Sessions belong to apps through `SessionRecord.app`; the runtime finds a session in the apps'
stores (usually one shared store) and hands back the app that serves it. Apps are reached only
through the `ChatApp` protocol.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from switchboard.core.clock import Clock
from switchboard.core.errors import UnknownAppError
from switchboard.server.auth import ApiKeyStore
from switchboard.server.auth.cache import CachedKeyStore
from switchboard.server.auth.guard import KnownPrefixes
from switchboard.server.dependencies import DependencyProbe
from switchboard.server.metrics import Metrics, instrument
from switchboard.server.rate_limit import Buckets, MemoryBuckets, RateLimiter, RedisBuckets
from switchboard.server.session_ids import stored_id
from switchboard.server.settings import ServerSettings
from switchboard.sessions.app import ChatApp
from switchboard.store.base import SessionRecord, Store

log = logging.getLogger(__name__)

NOT_LEGACY_MAX = 50_000
"""Client session ids remembered as not being the caller's pre-namespace session (~100 bytes
each): a turn on one of them skips the legacy lookup."""


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.critical("warm-up failed; the process stays not ready", exc_info=exc)


def open_buckets(settings: ServerSettings, clock: Clock) -> Buckets:
    """Rate-limit buckets in Redis when `redis_url` is set (shared by processes, kept across
    restarts), else in this process."""
    if settings.redis_url:
        return RedisBuckets.from_url(
            settings.redis_url, clock=clock, prefix=settings.rate_limit_prefix
        )
    return MemoryBuckets(clock)


@dataclass(slots=True)
class SessionHandle:
    name: str
    """The name the app is served under."""
    app: ChatApp
    record: SessionRecord


class Runtime:
    def __init__(
        self,
        settings: ServerSettings,
        apps: Mapping[str, ChatApp],
        *,
        key_store: ApiKeyStore,
        clock: Clock,
        owns_apps: bool,
        owns_key_store: bool,
        buckets: Buckets | None = None,
    ) -> None:
        if not apps:
            raise ValueError("the server needs at least one app")
        self.settings = settings
        self.apps = dict(apps)
        self.default_app = settings.default_app or next(iter(self.apps))
        if self.default_app not in self.apps:
            raise ValueError(f"default app {self.default_app!r} is not served")
        self.key_store: ApiKeyStore = CachedKeyStore(
            key_store, clock, ttl=settings.auth_cache_seconds
        )
        self.clock = clock
        self.metrics = Metrics()
        self.buckets = buckets if buckets is not None else open_buckets(settings, clock)
        self.limiter = RateLimiter(
            self.buckets,
            per_second=settings.rate_limit_per_second,
            burst=settings.rate_limit_burst,
            scope="user",
        )
        self.auth_failures = RateLimiter(
            self.buckets,
            per_second=settings.auth_failure_per_second,
            burst=settings.auth_failure_burst,
            scope="addr",
        )
        self.known_keys = KnownPrefixes(self.key_store, clock)
        self.dependencies = DependencyProbe(self.stores(), settings.redis_url, clock)
        self._owns_apps = owns_apps
        self._owns_key_store = owns_key_store
        self._ready = False
        self._not_legacy: OrderedDict[tuple[str, str], None] = OrderedDict()
        self._ready_lock = asyncio.Lock()
        self._warm_task: asyncio.Task[None] | None = None
        for name, app in self.apps.items():
            instrument(app.models, app=name, metrics=self.metrics)

    @property
    def is_ready(self) -> bool:
        """True once every app's `start()` (schema migrated, models trained) has completed."""
        return self._ready

    async def ready(self) -> None:
        """Key store and apps ready once (lifespan starts it; requests wait for it)."""
        if self._ready:
            return
        async with self._ready_lock:
            if self._ready:
                return
            await self.key_store.init()
            for app in self.apps.values():
                await app.start()
            self._ready = True

    def warm_up(self) -> asyncio.Task[None]:
        """Start `ready()` in the background: the process answers `/health` (liveness) at once
        and `/ready` with 503 until the warm-up is over, so a load balancer sends traffic only
        to a warm process. A failed warm-up is logged and `/ready` stays 503."""
        if self._warm_task is None:
            self._warm_task = asyncio.create_task(self.ready(), name="switchboard-warm-up")
            self._warm_task.add_done_callback(_log_failure)
        return self._warm_task

    async def close(self) -> None:
        if self._warm_task is not None and not self._warm_task.done():
            self._warm_task.cancel()
            await asyncio.gather(self._warm_task, return_exceptions=True)
        self._warm_task = None
        if self._owns_apps:
            for app in self.apps.values():
                await app.shutdown()
        if self._owns_key_store:
            await self.key_store.close()
        await self.buckets.aclose()
        self._ready = False

    def app(self, name: str | None) -> tuple[str, ChatApp]:
        """The app served as `name` (the default app for None), with its served name."""
        served = name or self.default_app
        found = self.apps.get(served)
        if found is None:
            raise UnknownAppError(
                f"unknown app {served!r}; available: {', '.join(self.apps)}", app=served
            )
        return served, found

    def stores(self) -> list[Store]:
        seen: dict[int, Store] = {}
        for app in self.apps.values():
            seen.setdefault(id(app.store), app.store)
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
            return SessionHandle(name=name, app=self.apps[name], record=record)
        return None

    async def resolve(
        self, client_id: str, user_id: str, *, find: bool = True
    ) -> tuple[str, SessionHandle | None]:
        """The stored id for the user's `client_id` and, when `find` (or for an old raw id),
        the session: see `server/session_ids.py`. An id only someone else uses resolves like a
        free one, in the caller's own namespace."""
        if self.settings.legacy_session_ids and (user_id, client_id) not in self._not_legacy:
            legacy = await self.find_session(client_id, user_id)
            if legacy is not None:
                return client_id, legacy
            # No raw id is ever created again, so an id that is not the caller's old session
            # never becomes one: remembered, later turns skip this read.
            self._not_legacy[(user_id, client_id)] = None
            if len(self._not_legacy) > NOT_LEGACY_MAX:
                self._not_legacy.popitem(last=False)
        stored = stored_id(user_id, client_id)
        return stored, (await self.find_session(stored, user_id) if find else None)

    def resolves_in_memory(self, client_id: str, user_id: str, *, find: bool) -> bool:
        """Whether `resolve(client_id, user_id, find=find)` answers without reading a store."""
        if find:
            return False
        legacy = self.settings.legacy_session_ids
        return not legacy or (user_id, client_id) in self._not_legacy

    def app_of(self, record: SessionRecord, store: Store) -> str:
        """The served name of the app that serves `record` (found in `store`): the one the
        session was created by, else the first app on that store."""
        candidates = [name for name, app in self.apps.items() if app.store is store]
        for name in candidates:
            if record.app in (name, self.apps[name].name):
                return name
        return candidates[0] if candidates else self.default_app
