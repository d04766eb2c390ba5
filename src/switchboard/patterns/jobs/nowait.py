"""The event loop never waits on a SQLite lock.

On SQLite the job store runs inline on the event loop (a statement is cheaper than a thread hop),
but a write must take the file's lock, which DBOS's own threads hold many times per second while
8 workflows run: SQLite's busy handler then *sleeps* (1, 2, 5, 10 ms…) and every workflow of the
process stalls with the loop (measured: each checkpoint of a no-op job took ~6 ms longer at
concurrency 8, while one job alone ran as fast as bare DBOS). So `AsyncJobStore.run` calls the
store inline in *no-wait* mode: reads go ahead (WAL readers never wait), a write that gets the
lock at once goes ahead, and anything that would wait — a busy lock, a colder SQLAlchemy write, a
DBOS enqueue — raises `WouldWait` before doing anything, and the whole call is re-run on a
worker thread (store calls are transactions, safe to run again).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class WouldWait(Exception):
    """Raised in no-wait mode instead of waiting on a lock: re-run the call on a thread."""


_state = threading.local()


def active() -> bool:
    """Whether this thread is in no-wait mode (the event loop, inside `AsyncJobStore.run`)."""
    return bool(getattr(_state, "on", False))


def refuse_to_wait() -> None:
    """Call before anything that may wait on a lock in no-wait mode."""
    if active():
        raise WouldWait


@contextmanager
def no_wait() -> Iterator[None]:
    previous = active()
    _state.on = True
    try:
        yield
    finally:
        _state.on = previous


__all__ = ["WouldWait", "active", "no_wait", "refuse_to_wait"]
