"""Choose the store from a URL: `memory://`, `sqlite:///path.db`, `postgresql://…`."""

from __future__ import annotations

from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.store.base import Store


def open_store(url: str | Store | None, *, clock: Clock = SYSTEM_CLOCK) -> Store:
    """The store a URL names (`memory://`, `sqlite:///…`, `postgresql://…`; a `Store` passes
    through): one call for the CLI, server and tests."""
    if url is None or url == "memory://" or url == ":memory:":
        from switchboard.store.in_memory import InMemoryStore

        return InMemoryStore(clock=clock)
    if not isinstance(url, str):
        return url
    from switchboard.store.sql.store import SqlStore

    return SqlStore(url, clock=clock)
