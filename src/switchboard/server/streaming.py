"""Streaming a run to the client: NDJSON, Server-Sent Events, or OpenAI chunks, from one loop.

`EventStreamResponse` owns the run's lifetime:
- a `RunGuard` cancels it when the per-request deadline passes (the client then gets an `error`
  event with code `deadline`) or when the client disconnects (nothing more is sent);
- an exception after the stream started becomes an `error` event, never a broken connection;
- the run's generator is always closed, so the turn pipeline persists what was completed and
releases
  the session lock.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import aclosing
from typing import Any, Protocol

from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from switchboard.core.clock import Clock, SystemClock
from switchboard.core.errors import SwitchboardError
from switchboard.core.events import ErrorEvent, Event
from switchboard.server.dependencies import UNAVAILABLE_MESSAGE, is_unavailable
from switchboard.server.metrics import Metrics

log = logging.getLogger(__name__)

NDJSON = "application/x-ndjson"
SSE = "text/event-stream"
DEADLINE_MESSAGE = "a resposta demorou mais que o limite e foi interrompida"
INTERNAL_MESSAGE = "ocorreu um erro interno; tente novamente"


class StreamFormat(Protocol):
    media_type: str

    def event(self, event: Event) -> bytes | None: ...

    def end(self) -> bytes | None: ...


class NdjsonFormat:
    media_type = NDJSON

    def event(self, event: Event) -> bytes | None:
        # `model_dump_json().encode()` without the str round trip (same bytes)
        return event.__pydantic_serializer__.to_json(event) + b"\n"

    def end(self) -> bytes | None:
        return None


class SseFormat:
    media_type = SSE

    def event(self, event: Event) -> bytes | None:
        return (
            b"event: "
            + event.type.encode()
            + b"\ndata: "
            + event.__pydantic_serializer__.to_json(event)
            + b"\n\n"
        )

    def end(self) -> bytes | None:
        return None


class RunGuard:
    """Cancels a task on deadline or client disconnect, and remembers which.

    Like `asyncio.timeout`, but on the injectable clock, and with a second trigger. With the
    system clock the timer is a plain `call_later` (no task). The disconnect watcher starts one
    loop step after `arm` (a `call_soon`, queued behind the guarded task's first step), and only
    if the guarded task is still running by then: a run that completes in its first step (a
    scripted or cached answer) costs no watcher task.
    """

    def __init__(self, clock: Clock, seconds: float, receive: Receive | None = None) -> None:
        self.clock = clock
        self.seconds = seconds
        self.receive = receive
        self.reason: str | None = None
        self._task: asyncio.Task[object] | None = None
        self._helpers: list[asyncio.Future[Any] | asyncio.Handle] = []
        self._armed = False

    def arm(self, task: asyncio.Task[object] | None = None) -> RunGuard:
        self._task = task or asyncio.current_task()
        self._armed = True
        seconds = max(0.0, self.seconds)
        if isinstance(self.clock, SystemClock):
            loop = asyncio.get_running_loop()
            self._helpers.append(loop.call_later(seconds, self._trip, "deadline", None))
        else:
            timer = asyncio.ensure_future(self.clock.sleep(seconds))
            timer.add_done_callback(lambda f: self._trip("deadline", f))
            self._helpers.append(timer)
        if self.receive is not None:
            self._helpers.append(asyncio.get_running_loop().call_soon(self._watch))
        return self

    def _watch(self) -> None:
        if (
            not self._armed
            or self.receive is None
            or (self._task is not None and self._task.done())
        ):
            return
        watcher = asyncio.ensure_future(_wait_disconnect(self.receive))
        watcher.add_done_callback(lambda f: self._trip("disconnect", f))
        self._helpers.append(watcher)

    def __enter__(self) -> RunGuard:
        return self.arm()

    def __exit__(self, *exc: object) -> None:
        self.disarm()

    def disarm(self) -> None:
        self._armed = False
        for helper in self._helpers:
            helper.cancel()
        self._helpers.clear()

    def absorb(self) -> str | None:
        """Call from `except CancelledError` in the guarded task: the reason if this guard
        caused it (and it is now fully handled), else None (re-raise)."""
        if self.reason is None or self._task is None:
            return None
        if self._task.uncancel() > 0:
            return None
        return self.reason

    def _trip(self, reason: str, future: asyncio.Future[Any] | None) -> None:
        if not self._armed or (
            future is not None and (future.cancelled() or future.exception() is not None)
        ):
            return
        self._armed = False
        self.reason = reason
        if self._task is not None:
            self._task.cancel()


async def _wait_disconnect(receive: Receive) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return


class EventStreamResponse(Response):
    """An ASGI response that streams a run's events in `fmt`, primed with the first event."""

    def __init__(
        self,
        first: Event,
        events: AsyncIterator[Event],
        fmt: StreamFormat,
        *,
        clock: Clock,
        deadline_seconds: float,
        metrics: Metrics,
        endpoint: str,
        started: float,
        headers: dict[str, str] | None = None,
        on_event: Callable[[Event], None] | None = None,
        session_shown_as: str | None = None,
    ) -> None:
        self.first = first
        self.events = events
        self.fmt = fmt
        self.clock = clock
        self.deadline_seconds = deadline_seconds
        self.metrics = metrics
        self.endpoint = endpoint
        self.started = started
        self.extra_headers = headers or {}
        self.on_event = on_event
        self.session_shown_as = session_shown_as
        """The client's own id for the session, when the run knows it by another (the stored
        one, `server/session_ids.py`): the `done` event names the session by it."""
        self.status_code = 200
        self.media_type = fmt.media_type
        self.background = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = [
            (b"content-type", self.fmt.media_type.encode()),
            (b"cache-control", b"no-cache"),
            (b"x-accel-buffering", b"no"),
        ]
        headers += [(k.lower().encode(), v.encode()) for k, v in self.extra_headers.items()]
        metrics = self.metrics
        metrics.streams_opened()
        # The run goes on in its own task and posts its events; this task sends whatever is
        # posted in one write. Events produced back to back (a whole scripted answer, a tool
        # call and its result) leave in one syscall; a slow step never holds earlier events back.
        mailbox = _Mailbox()
        producer = asyncio.create_task(_produce(self.events, mailbox))
        # `_produce` marks the end itself (so the last events and the end leave in one write);
        # the callback covers a task cancelled before it ever ran. A second `None` is harmless.
        producer.add_done_callback(lambda _: mailbox.put(None))
        remaining = self.deadline_seconds - (time.perf_counter() - self.started)
        guard = RunGuard(self.clock, remaining, receive).arm(producer)
        try:
            # One loop step for the run before anything is written: what it produces at once
            # (a scripted or cached answer, a whole turn up to its first model call) leaves with
            # the first event, so a short answer costs one body write, like a plain response.
            await asyncio.sleep(0)
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            batch: list[Event | None] = [self.first]
            first_sent = False
            while True:
                batch += mailbox.take()
                finished = batch[-1] is None
                events = [e for e in batch if e is not None]
                if finished:
                    guard.disarm()
                    if guard.reason == "disconnect":
                        log.info(
                            "client disconnected; run cancelled", extra={"endpoint": self.endpoint}
                        )
                        metrics.error("client_disconnected")
                        return
                    if guard.reason == "deadline":
                        events.append(ErrorEvent(code="deadline", message=DEADLINE_MESSAGE))
                    elif (
                        producer.done()
                        and not producer.cancelled()
                        and (exc := producer.exception()) is not None
                    ):
                        log.error("stream failed", exc_info=exc, extra={"endpoint": self.endpoint})
                        events.append(_error_event(exc))
                if events or finished:
                    await self._send(send, events, more=not finished)
                if not first_sent:
                    first_sent = True
                    metrics.child(metrics.first_event, self.endpoint).observe(
                        time.perf_counter() - self.started
                    )
                if finished:
                    break
                await mailbox.wait()
                batch = []
        except OSError:  # the socket went away while sending
            metrics.error("client_disconnected")
        finally:
            guard.disarm()
            if not producer.done():
                producer.cancel()
                await asyncio.gather(producer, return_exceptions=True)
            elif not producer.cancelled():
                producer.exception()  # retrieved: never "Task exception was never retrieved"
            await self.events.aclose()  # type: ignore[attr-defined]  # an async generator: AsyncIterator has no aclose
            metrics.streams_closed()
        if self.background is not None:
            await self.background()

    def _encode(self, event: Event) -> bytes | None:
        """The event in the wire format; one that cannot be encoded (a text with a lone
        surrogate from a tool or a model: user input never has one, see `server/text.py`)
        becomes an `error` event, so the stream still ends properly instead of breaking."""
        try:
            return self.fmt.event(event)
        except ValueError:  # UnicodeEncodeError, PydanticSerializationError
            log.error("event not encodable", exc_info=True, extra={"endpoint": self.endpoint})
            self.metrics.error("internal_error")
            return self.fmt.event(ErrorEvent(code="internal_error", message=INTERNAL_MESSAGE))

    async def _send(self, send: Send, events: list[Event], *, more: bool) -> None:
        chunks = []
        for event in events:
            if self.session_shown_as is not None and event.type == "done":
                event = event.model_copy(update={"session_id": self.session_shown_as})
            if self.on_event is not None:
                self.on_event(event)
            if event.type == "error":
                self.metrics.error(event.code)
            data = self._encode(event)
            if data:
                chunks.append(data)
        if not more:
            tail = self.fmt.end()
            if tail:
                chunks.append(tail)
        await send({"type": "http.response.body", "body": b"".join(chunks), "more_body": more})


class _Mailbox:
    """Events from the run's task to the sending task: `asyncio.Queue` without what this one
    consumer and one producer never use (counts of unfinished items, a `finished` event, a
    deque of getters): posting is an append, and wakes the sender only when it waits."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: list[Event | None] = []
        self._waiter: asyncio.Future[None] | None = None

    def put(self, item: Event | None) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def take(self) -> list[Event | None]:
        """Everything posted so far, oldest first."""
        items, self._items = self._items, []
        return items

    async def wait(self) -> None:
        """Until something is posted (at once if something is)."""
        if self._items:
            return
        self._waiter = asyncio.get_running_loop().create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None


async def _produce(events: AsyncIterator[Event], mailbox: _Mailbox) -> None:
    """Run the stream into the mailbox; `None` marks the end (normal, failed or cancelled)."""
    try:
        async with aclosing(events) as running:  # type: ignore[type-var]  # events are async generators, typed as AsyncIterator
            async for event in running:
                mailbox.put(event)
    finally:
        mailbox.put(None)


def _error_event(exc: BaseException) -> ErrorEvent:
    if isinstance(exc, SwitchboardError):
        return ErrorEvent(code=exc.code, message=exc.message)
    if is_unavailable(exc):
        return ErrorEvent(code="unavailable", message=UNAVAILABLE_MESSAGE)
    return ErrorEvent(code="internal_error", message=INTERNAL_MESSAGE)
