"""The serving side: runs one agent's handler on the deliveries of its mailbox.

A fixed pool of worker coroutines per agent (its concurrency) pulls deliveries in priority order;
notifications are awaited inline (no task per message, no await for a delivery already waiting,
and on the in-memory path no `Message` built unless the handler reads it: the one-way fast path),
requests run under the internal deadline (80% of the message timeout) so the handler answers
`timeout` itself before the sender gives up. A starvation scan forces or fails messages that waited
too long while every worker was busy. Finished requests are stored under their idempotency key,
so a redelivered request is answered from the store instead of running again.

Direct start (in-process, in-memory state): a request whose recipient has a free slot and nothing
queued does not go through the mailbox at all. The sender starts the handler's task itself
(`AgentWorker.start_request`), and the task answers the sender's future when the handler returns;
the internal deadline is a timer that answers `timeout` and abandons the handler, exactly as when a
worker serves it. Same handler task, same deadline, same concurrency (the slot is counted in
`busy`, and workers take a queued delivery only when a slot is free), same idempotency record;
what it saves is the worker's wake-up, its `settled` future and the hop from the handler's
completion back to the worker (three loop turns and four callbacks per request).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from switchboard.bus.context import Reply, RequestContext
from switchboard.bus.envelope import (
    ErrorInfo,
    Flag,
    Message,
    MessageType,
    Priority,
    Response,
    ResponseStatus,
)
from switchboard.bus.errors import MessageStarvedError
from switchboard.bus.fast_path import response_for
from switchboard.bus.mailbox import Delivery, Mailbox
from switchboard.bus.safety.starvation import StarvationPolicy, Verdict
from switchboard.bus.timers import Timer
from switchboard.core.errors import SwitchboardError
from switchboard.telemetry import spans as telemetry

if TYPE_CHECKING:
    from switchboard.bus.bus import MessageBus
    from switchboard.bus.core import BusCore

log = logging.getLogger(__name__)

Handler = Callable[[RequestContext], Awaitable[Any]]


class _DirectRun:
    """One directly started request (see the module docstring)."""

    __slots__ = ("answer", "budget", "deliver", "message", "settled", "started", "task", "timer")

    def __init__(
        self,
        message: Message,
        answer: asyncio.Future[Response],
        started: float,
        budget: float,
        deliver: Callable[[asyncio.Future[Response], Response], None] | None,
    ) -> None:
        self.message = message
        self.answer = answer
        self.started = started
        self.budget = budget
        self.deliver = deliver
        self.settled = False
        """Answered already (by the handler or by the deadline): the other one does nothing."""
        self.task: asyncio.Task[None] | None = None
        self.timer: Timer | None = None

    def answered(self, response: Response) -> None:
        if self.deliver is not None:
            self.deliver(self.answer, response)
        elif not self.answer.done():
            self.answer.set_result(response)


class AgentWorker:
    def __init__(
        self, core: BusCore, bus: MessageBus, agent: str, handler: Handler, concurrency: int
    ) -> None:
        self.core = core
        """What the worker reads: clock, state, transport, timers, health, settings."""
        self.bus = bus
        """The façade handlers see in their `RequestContext`."""
        self.agent = agent
        self.handler = handler
        self.mailbox = Mailbox()
        self.concurrency = concurrency
        self.busy = 0
        """Handlers running now (started by a worker or directly): at most `concurrency`."""
        self._tasks: list[asyncio.Task[None]] = []
        self._forced: set[asyncio.Future[Any]] = set()
        self._direct: set[asyncio.Task[None]] = set()
        self._slot_waiters: deque[asyncio.Future[None]] = deque()
        self._starvation = StarvationPolicy(core.settings)
        self._stopping = False

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._work()) for _ in range(self.concurrency)]
        self._tasks.append(loop.create_task(self._scan()))

    async def stop(self) -> None:
        # A cancellation can be swallowed by a library call in flight (seen with redis-py), so
        # the workers also check `_stopping`, and stragglers are cancelled again.
        self._stopping = True
        pending = {*self._tasks, *self._forced, *self._direct}
        for _ in range(20):
            if not pending:
                return
            for task in pending:
                task.cancel()
            _, pending = await asyncio.wait(pending, timeout=0.25)
        log.warning("bus: %d task(s) of %s did not stop", len(pending), self.agent)

    async def _work(self) -> None:
        mailbox = self.mailbox
        wait, pop_now = mailbox.wait, mailbox.pop_now
        bus, agent, handler = self.bus, self.agent, self.handler
        request = MessageType.REQUEST
        while not self._stopping:
            if self.busy >= self.concurrency:  # directly started handlers hold every slot
                await self._slot()
                continue
            delivery = pop_now()  # a waiting delivery is taken without an await
            if delivery is None:
                await wait()
                continue
            self.busy += 1
            try:
                if delivery.type is not request and delivery.ack is None:
                    # `serve` inlined for the one-way in-memory path: nothing to acknowledge, and
                    # the message is built only if the handler reads it.
                    try:
                        await handler(RequestContext(bus, agent, None, None, delivery))
                    except Exception:
                        log.exception(
                            "bus: %s failed on notification %s", agent, delivery.message.message_id
                        )
                else:
                    await self.serve(delivery)
            except asyncio.CancelledError:
                raise
            except Exception:  # the worker must survive anything a delivery does
                log.exception("bus: serving %s failed", self.agent)
            finally:
                self.busy -= 1

    async def _slot(self) -> None:
        waiter = asyncio.get_running_loop().create_future()
        self._slot_waiters.append(waiter)
        try:
            await waiter
        finally:
            if not waiter.done():
                waiter.cancel()

    def _release(self) -> None:
        """A directly started handler gave its slot back: let a waiting worker take one."""
        self.busy -= 1
        waiters = self._slot_waiters
        while waiters:
            waiter = waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                break

    def can_start(self) -> bool:
        """A request may start at once, bypassing the mailbox: a slot is free and nothing waits
        (so no queued message of higher priority is overtaken)."""
        return self.busy < self.concurrency and not len(self.mailbox) and not self._stopping

    def start_request(
        self,
        message: Message,
        answer: asyncio.Future[Response],
        deliver: Callable[[asyncio.Future[Response], Response], None] | None = None,
    ) -> None:
        """Run `message`'s handler in its own task now; `answer` gets the response (or the
        `handler_timeout` one at the internal deadline), through `deliver(answer, response)` when
        given (the sender's accounting). Only for first attempts on in-process, in-memory buses
        (the caller checks `can_start`)."""
        core = self.core
        started = core.monotonic()
        budget = (message.timeout or core.executor_timeout) * core.deadline_ratio
        run = _DirectRun(message, answer, started, budget, deliver)
        self.busy += 1
        core.health.started(self.agent)
        task = asyncio.get_running_loop().create_task(self._drive(run, started + budget))
        run.task = task
        self._direct.add(task)
        run.timer = core.timers.call_at(started + budget, partial(self._expire, run))

    async def _drive(self, run: _DirectRun, deadline: float) -> None:
        message = run.message
        reply: Reply | None = None
        error: ErrorInfo | None = None
        status = ResponseStatus.SUCCESS
        try:
            try:
                result = await self.handler(RequestContext(self.bus, self.agent, message, deadline))
            except asyncio.CancelledError:
                if run.settled:  # abandoned at the deadline (or the bus is stopping)
                    raise
                self._finish(
                    run,
                    ResponseStatus.TOTAL_FAILURE,
                    None,
                    ErrorInfo(
                        code="handler_cancelled", message=f"{self.agent}'s handler was cancelled"
                    ),
                )
                raise
            except SwitchboardError as exc:
                status, error = (
                    ResponseStatus.TOTAL_FAILURE,
                    ErrorInfo(code=exc.code, message=exc.message),
                )
            except Exception as exc:  # a handler bug is the caller's failure, not the bus's
                log.warning("bus: %s raised on %s: %r", self.agent, message.message_id, exc)
                status = ResponseStatus.TOTAL_FAILURE
                error = ErrorInfo(code="handler_failed", message=f"{type(exc).__name__}: {exc}")
            else:
                reply = result if isinstance(result, Reply) else Reply(data=result)
                status = reply.status
            self._finish(run, status, reply, error)
        finally:
            self._direct.discard(run.task)

    def _finish(
        self,
        run: _DirectRun,
        status: ResponseStatus,
        reply: Reply | None,
        error: ErrorInfo | None,
    ) -> None:
        if run.settled:
            return
        run.settled = True
        if run.timer is not None:
            run.timer.cancel()
        core = self.core
        elapsed = core.monotonic() - run.started
        core.health.finished(self.agent, elapsed, status.ok)
        self._release()
        response = self._response(run.message, status, reply, elapsed, error)
        message = run.message
        mem = core.mem
        if (
            status.ok
            and mem is not None  # always: requests start directly on in-memory state only
            and (message.retries_left or message.idempotency_key != message.message_id)
        ):
            # Recorded for a retry (or a caller-chosen key) to find. A last attempt under the
            # bus's own key can never be asked for again: no record to keep then.
            mem.put_result_now(message.idempotency_key, response)
        run.answered(response)

    def _expire(self, run: _DirectRun) -> None:
        """The internal deadline passed: answer `timeout` now and abandon the handler (cancelled,
        and cancelled again when the worker stops if it ignores that)."""
        if run.settled:
            return
        run.settled = True
        task = run.task
        if task is not None and not task.done():
            task.cancel()
        core = self.core
        elapsed = core.monotonic() - run.started
        core.health.finished(self.agent, elapsed, False)
        self._release()
        error = ErrorInfo(
            code="handler_timeout",
            message=f"{self.agent} exceeded its internal deadline of {run.budget:g} s",
        )
        run.answered(self._response(run.message, ResponseStatus.TIMEOUT, None, elapsed, error))

    async def _scan(self) -> None:
        """Starvation: only matters when every worker is busy and messages wait."""
        clock, time = self.core.clock, self.core.time
        while True:
            await clock.sleep(self._starvation.interval)
            if not len(self.mailbox) or self.busy < self.concurrency:
                continue
            now = time()
            verdicts: dict[int, Verdict] = {}

            def starving(
                d: Delivery, now: float = now, verdicts: dict[int, Verdict] = verdicts
            ) -> bool:
                timeout = d.message.timeout
                gave_up = timeout is not None and now > d.enqueued_at + timeout
                verdict = self._starvation.judge(
                    Priority(d.rank // 2), now - d.enqueued_at, gave_up
                )
                verdicts[id(d)] = verdict
                return verdict is not Verdict.WAIT

            for delivery in self.mailbox.take(starving):
                if verdicts[id(delivery)] is Verdict.FAIL:
                    await self._fail_starved(delivery, now - delivery.enqueued_at)
                    continue
                delivery.forced = True
                delivery.message.flags.append(Flag.STARVATION_FORCED)
                task = asyncio.get_running_loop().create_task(self.serve(delivery))
                self._forced.add(task)
                task.add_done_callback(self._forced.discard)

    async def _fail_starved(self, delivery: Delivery, waited: float) -> None:
        message = delivery.message
        self.core.health.starved(self.agent)
        if message.type is not MessageType.REQUEST:
            log.warning(
                "bus: dropping starved notification %s after %.0f s", message.message_id, waited
            )
            await self.core.transport.ack(self.agent, delivery)
            return
        error = MessageStarvedError(
            f"waited {waited:.0f} s in {self.agent}'s queue; sender already timed out"
        )
        await self.core.transport.reply(
            message,
            self._response(
                message,
                ResponseStatus.TOTAL_FAILURE,
                None,
                0.0,
                ErrorInfo(code=error.code, message=error.message),
            ),
            delivery,
        )

    async def serve(self, delivery: Delivery) -> None:
        core = self.core
        message = delivery.message
        if message.type is not MessageType.REQUEST:
            try:
                await self.handler(RequestContext(self.bus, self.agent, message, None))
            except Exception:
                log.exception("bus: %s failed on notification %s", self.agent, message.message_id)
            if delivery.ack is not None:
                await core.transport.ack(self.agent, delivery)
            return
        # Only a message seen before (reclaimed from a dead consumer, or a sender's retry) can
        # have been done already; first deliveries skip the look-up.
        if delivery.redelivered or message.attempt > 1:
            stored = await core.state.get_result(message.idempotency_key)
            if stored is not None:  # work already done: answer from the record, do not redo
                replay = stored.model_copy(update={"original_message_id": message.message_id})
                await core.transport.reply(message, replay, delivery)
                return
        response = await (self._run_traced(message) if telemetry.enabled else self._run(message))
        await core.transport.reply(
            message,
            response,
            delivery,
            core.settings.idempotency_ttl if response.status.ok else None,
        )

    async def _run_traced(self, message: Any) -> Response:
        """`_run` inside a `process` span, a child of the sender's `send` span (its context came
        with the message); the handler's task starts inside it, so an agent's run nests here."""
        with telemetry.span_bus_message(
            message.operation or message.type.value,
            direction="process",
            sender=message.sender,
            recipient=self.agent,
            message_id=message.message_id,
            traceparent=message.tracing.traceparent,
        ) as span:
            response = await self._run(message)
            if not response.status.ok:
                span.fail(response.error.code if response.error else response.status.value)
            return response

    async def _run(self, message: Any) -> Response:
        core = self.core
        clock = core.clock
        started = clock.monotonic()
        budget = (message.timeout or core.executor_timeout) * core.deadline_ratio
        deadline = started + budget
        loop = asyncio.get_running_loop()
        task: asyncio.Future[Any] = asyncio.ensure_future(
            self.handler(RequestContext(self.bus, self.agent, message, deadline))
        )
        # Wait for the handler *or* its deadline: a handler that ignores cancellation must not hold
        # the answer (or this worker) hostage.
        settled: asyncio.Future[None] = loop.create_future()

        def settle(_: object = None) -> None:
            if not settled.done():
                settled.set_result(None)

        task.add_done_callback(settle)
        timer = core.timers.call_at(deadline, settle)
        core.health.started(self.agent)
        reply: Reply | None = None
        error: ErrorInfo | None = None
        status = ResponseStatus.SUCCESS
        try:
            await settled
        except asyncio.CancelledError:
            task.cancel()
            raise
        finally:
            timer.cancel()
        if not task.done():
            task.cancel()
            self._forced.add(task)  # abandoned: cancelled again when the worker stops
            task.add_done_callback(self._forced.discard)
            status = ResponseStatus.TIMEOUT
            error = ErrorInfo(
                code="handler_timeout",
                message=f"{self.agent} exceeded its internal deadline of {budget:g} s",
            )
        elif task.cancelled():
            status = ResponseStatus.TOTAL_FAILURE
            error = ErrorInfo(
                code="handler_cancelled", message=f"{self.agent}'s handler was cancelled"
            )
        elif (exc := task.exception()) is not None:
            if isinstance(exc, SwitchboardError):
                status, error = (
                    ResponseStatus.TOTAL_FAILURE,
                    ErrorInfo(code=exc.code, message=exc.message),
                )
            else:  # a handler bug is the caller's failure, not the bus's
                log.warning("bus: %s raised on %s: %r", self.agent, message.message_id, exc)
                status = ResponseStatus.TOTAL_FAILURE
                error = ErrorInfo(code="handler_failed", message=f"{type(exc).__name__}: {exc}")
        else:
            result = task.result()
            reply = result if isinstance(result, Reply) else Reply(data=result)
            status = reply.status
        elapsed = clock.monotonic() - started
        core.health.finished(self.agent, elapsed, status.ok)
        return self._response(message, status, reply, elapsed, error)

    def _response(
        self,
        message: Message,
        status: ResponseStatus,
        reply: Reply | None,
        elapsed: float,
        error: ErrorInfo | None,
    ) -> Response:
        core = self.core
        response_id = f"{core.instance_id}-{next(core.ids)}"
        return response_for(
            response_id, core.now(), self.agent, message, status, reply, elapsed, error
        )
