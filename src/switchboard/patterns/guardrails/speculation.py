"""Speculation: an inner pattern's first model call, overlapped with a hosted guard's.

A hosted guard is a model round trip, and so is the first thing most turns do after it (a
router's decision). Waiting for one and then the other costs their sum; the issue asks for the
first step to run alongside the guard and be cancelled on UNSAFE.

Running the inner pattern itself during the guard is not safe: patterns write as they go (a
profile, a signal, a ledger entry, the turn's state and messages), events could be buffered but a
store write cannot be taken back once the verdict is UNSAFE. So the overlap is narrower, and safe
by construction. An inner pattern that implements `Speculative` starts, before the verdict, only
work that nobody can observe: store *reads* and model calls, nothing written, nothing said, the
turn not touched. It keeps that work in `Speculations`, one entry per turn:

- SAFE: `Guarded` runs the inner pattern as usual and its `route` picks the result up with
  `Speculations.take` instead of calling the model again — the turn waits max(guard, call), not
  their sum;
- UNSAFE, or a guard that failed: `Guarded` calls `abandon`, which cancels the work and waits for
  it to stop before the refusal is written. The work did nothing observable, so nothing leaks:
  no event, no message, no state change, no store write. (A provider bills the tokens of a call
  it had started; that is the price of the overlap.)

Whatever `route` did not take (a path that never needed it) is abandoned when the turn ends.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from switchboard.sessions.turn import Turn

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Prefetch(Generic[T]):
    """The name of one piece of speculative work, typed by its result."""

    name: str


@runtime_checkable
class Speculative(Protocol):
    """An inner pattern that can start part of its turn before the guard's verdict."""

    def speculate(self, turn: Turn) -> None:
        """Start (not await) the work `route(turn)` begins with that is safe before a verdict:
        reads and model calls only — no writes, no events, `turn` left as it is."""
        ...

    async def abandon(self, turn: Turn) -> None:
        """Cancel what `speculate(turn)` started and `route` did not take, and wait for it to
        stop. Idempotent."""
        ...


class Speculations:
    """A pattern's speculative work, per turn: started by `speculate`, taken by `route`.

    Entries are found again by the turn object itself (held while registered, so its id is not
    reused); two turns never share an entry, even with the same text."""

    __slots__ = ("_running",)

    def __init__(self) -> None:
        self._running: dict[int, tuple[Turn, dict[str, asyncio.Task[Any]]]] = {}

    def start(self, turn: Turn, key: Prefetch[T], work: Coroutine[Any, Any, T]) -> None:
        """Run `work` in its own task for `turn` (replacing nothing: a second start of the same
        key for the same turn is ignored and `work` closed)."""
        _, tasks = self._running.setdefault(id(turn), (turn, {}))
        if key.name in tasks:
            work.close()
            return
        tasks[key.name] = asyncio.create_task(work, name=f"speculation:{key.name}")

    def __len__(self) -> int:
        """Turns with work still registered (0 once every turn has taken or abandoned it)."""
        return len(self._running)

    async def take(self, turn: Turn, key: Prefetch[T]) -> T | None:
        """The result of `key`'s work for `turn` (waiting for it if it still runs), or None when
        nothing was started or the work failed: the caller then does the work itself."""
        entry = self._running.get(id(turn))
        if entry is None or key.name not in entry[1]:
            return None
        task = entry[1].pop(key.name)
        if not entry[1]:
            del self._running[id(turn)]
        try:
            return cast(T, await task)
        except asyncio.CancelledError:
            if task.cancelled() and not _cancelling():
                return None  # the work was cancelled, not this turn: do it again
            raise
        except Exception:
            log.warning("speculative %s failed; running it again", key.name, exc_info=True)
            return None

    async def abandon(self, turn: Turn) -> None:
        """Cancel `turn`'s remaining work and wait until it has stopped."""
        entry = self._running.pop(id(turn), None)
        if entry is None:
            return
        tasks = list(entry[1].values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _cancelling() -> bool:
    """Whether the current task itself is being cancelled."""
    current = asyncio.current_task()
    return current is not None and current.cancelling() > 0


__all__ = ["Prefetch", "Speculations", "Speculative"]
