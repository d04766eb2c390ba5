"""Progress of background work (a bus mission, a job) streamed into a chat turn.

A mission can take a minute; the user watching the chat must see it move. The work runs as a
task and reports through a `Progress` channel (`status("Consultando cotações da PETR4…")`,
`agent("investimentos")`); `run_with_progress` yields those as `status` / `agent` events while
the task runs, then hands back the task's result. A client that goes away cancels the work.

`watch_bus` connects a mission on `switchboard.bus` to a channel: every request sent for that
mission becomes a status line (worded by the caller's `describe`), and bus notices for it
(fallback used, budget exhausted, …) become lines too.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Literal, TypeVar

from switchboard.core.events import AgentEvent, Event, StatusEvent

if TYPE_CHECKING:
    from collections.abc import Iterator

    from switchboard.bus.bus import MessageBus
    from switchboard.bus.envelope import Message as BusMessage
    from switchboard.bus.notices import Notice

T = TypeVar("T")

Reason = Literal["start", "delegation", "return", "switch", "workflow"]


class Progress:
    """A channel of progress events from background work to the turn that waits for it."""

    __slots__ = ("_queue", "lines")

    def __init__(self) -> None:
        self._queue: asyncio.Queue[Event] = asyncio.Queue()
        self.lines: list[str] = []
        """Every status line so far (for a timeline under the answer, telemetry)."""

    def status(self, message: str) -> None:
        self.lines.append(message)
        self._queue.put_nowait(StatusEvent(message=message))

    def agent(self, agent: str, reason: Reason = "delegation", previous: str | None = None) -> None:
        self._queue.put_nowait(AgentEvent(agent=agent, reason=reason, previous=previous))

    def _drain(self) -> list[Event]:
        events: list[Event] = []
        while not self._queue.empty():
            events.append(self._queue.get_nowait())
        return events


@dataclass(slots=True)
class Outcome(Generic[T]):
    """Where `run_with_progress` leaves the work's result once its events are all yielded."""

    value: T | None = None
    done: bool = field(default=False)


async def run_with_progress(
    work: Awaitable[T], progress: Progress, outcome: Outcome[T]
) -> AsyncIterator[Event]:
    """Yield `progress` events while `work` runs; then set `outcome` (or raise its error)."""
    task = asyncio.ensure_future(work)
    waiter: asyncio.Task[Event] | None = None
    try:
        while not task.done():
            waiter = asyncio.ensure_future(progress._queue.get())
            await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if waiter.done():
                yield waiter.result()
            else:
                waiter.cancel()
            waiter = None
        for event in progress._drain():
            yield event
        outcome.value = task.result()
        outcome.done = True
    finally:
        if waiter is not None:
            waiter.cancel()
        if not task.done():
            task.cancel()


@contextmanager
def watch_bus(
    bus: MessageBus,
    mission_id: str,
    progress: Progress,
    *,
    describe: Callable[[BusMessage], str | None],
    notice_text: Callable[[Notice], str | None] = lambda notice: None,
) -> Iterator[None]:
    """While the block runs, report `mission_id`'s requests and notices on `progress`."""

    def on_request(message: BusMessage) -> None:
        if message.tracing.mission_id == mission_id:
            line = describe(message)
            if line:
                progress.status(line)

    def on_notice(notice: Notice) -> None:
        if notice.mission_id == mission_id:
            line = notice_text(notice)
            if line:
                progress.status(line)

    stop_requests = bus.on_request(on_request)
    stop_notices = bus.on_notice(on_notice)
    try:
        yield
    finally:
        stop_requests()
        stop_notices()


__all__ = ["Outcome", "Progress", "run_with_progress", "watch_bus"]
