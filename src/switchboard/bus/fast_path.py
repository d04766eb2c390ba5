"""The bus's fast path: the one module allowed positional builders and hand-inlined steps.

Everything here exists for a measured reason, and each shortcut has a plain counterpart elsewhere
that states the rule (`sending`, `admission`, `routing`): same checks, same order, same outcome.

- **Builders set slots directly** (`build_message`, `response_for`): calling a dataclass with
  keywords costs about three times as much (measured 2.2 µs against 0.76 µs for a `Message` with
  its `Payload` and `Tracing`), several times per request.
- **One-way sends on in-memory state** (`FastPath.send`): admission inlined and synchronous, and
  the `Message` built only if the handler reads it (`LazyDelivery`: one small tuple per queued
  message instead of six objects for the garbage collector). `bench/bus/bench_bus.py`, in-process
  one-way: 8.7 → 4.0 µs per message (114,605 → 248,230 msg/s; `bench/bus/RESULTS_bus.md`). It takes
  the caller's arguments positionally and builds no `MessageSpec` (about 1 µs, a quarter of the
  message's whole cost here).
- **`request` from the caller's arguments** (`FastPath.request`): `Sending.request` without the
  `MessageSpec` between the façade and the message (9k instructions a request, the whole of the
  split's +5%; `bench/bus/bench_instructions.py`).
- **`request_soon` started directly** (`FastPath.request_soon`): checks and admission in the
  caller's step and the handler's task answering the future after the sender's accounting, with
  no task of its own: about half the cost of a request round trip (`bench/bus`, in-process
  request/response 9–10k → 16–19k rt/s) and, with the rest of the missions CPU pass, mission CPU
  4.6 → 1.2 ms (`bench/finance/bench_missions.py`, `bench/finance/RESULTS_missions.md`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from datetime import datetime
from functools import partial
from typing import Any

from switchboard.bus.admission import Admission
from switchboard.bus.checks import ContractChecks
from switchboard.bus.context import Reply
from switchboard.bus.core import BusCore
from switchboard.bus.envelope import (
    ErrorInfo,
    Message,
    MessageType,
    Payload,
    Priority,
    ResourceEstimate,
    ResourceUsage,
    Response,
    ResponsePayload,
    ResponseStatus,
    Tracing,
)
from switchboard.bus.errors import LoopDetectedError, UnknownMissionError
from switchboard.bus.mailbox import Delivery
from switchboard.bus.mission import MissionRecord
from switchboard.bus.routing import Routing
from switchboard.bus.safety.breaker import Route
from switchboard.bus.spec import MessageSpec
from switchboard.bus.state.base import BreakerState
from switchboard.telemetry import spans as telemetry

_new = object.__new__
_EMPTY_ESTIMATE = ResourceEstimate()

MessageParts = tuple[
    str,  # message_id
    datetime,  # sent_at
    Priority,
    str,  # sender
    str,  # recipient
    MessageType,
    str | None,  # operation
    str,  # objective
    dict[str, Any],  # parameters (slot 8: `LazyDelivery.parameters`)
    dict[str, Any],  # context
    bool,  # expects_callback
    bool,  # allow_fallback
    str | None,  # mission_id
    int,  # depth
    list[str],  # call_path
    float | None,  # timeout
    int,  # retries
    ResourceEstimate,
    str | None,  # reply_to
    list[str],  # flags
]
"""`build_message`'s arguments, as a lazy delivery keeps them."""


def build_message(
    message_id: str,
    sent_at: datetime,
    priority: Priority,
    sender: str,
    recipient: str,
    type_: MessageType,
    operation: str | None,
    objective: str,
    parameters: dict[str, Any],
    context: dict[str, Any],
    expects_callback: bool,
    allow_fallback: bool,
    mission_id: str | None,
    depth: int,
    call_path: list[str],
    timeout: float | None,
    retries: int,
    estimated: ResourceEstimate,
    reply_to: str | None,
    flags: list[str],
) -> Message:
    """One `Message` with its `Payload` and `Tracing`, from values the bus produced: every field
    set directly (see the module docstring)."""
    payload: Payload = _new(Payload)
    payload.objective = objective
    payload.parameters = parameters
    payload.context = context
    payload.expects_callback = expects_callback
    payload.allow_fallback = allow_fallback
    tracing: Tracing = _new(Tracing)
    tracing.mission_id = mission_id
    tracing.depth = depth
    tracing.call_path = call_path
    tracing.traceparent = None
    message: Message = _new(Message)
    message.message_id = message_id
    message.sent_at = sent_at
    message.priority = priority
    message.sender = sender
    message.recipient = recipient
    message.type = type_
    message.operation = operation
    message.payload = payload
    message.timeout = timeout
    message.retries_left = retries
    message.tracing = tracing
    message.estimated = estimated
    message.flags = flags
    message.idempotency_key = message_id
    message.attempt = 1
    message.reply_to = reply_to
    return message


def message_from_spec(
    spec: MessageSpec,
    message_id: str,
    sent_at: datetime,
    timeout: float | None,
    retries: int,
    reply_to: str | None,
) -> Message:
    """The `Message` a spec asks for, with what the bus adds (id, time, timeout, retries, reply
    address); a notification never expects a callback nor falls back."""
    request = spec.type is MessageType.REQUEST
    return message_from_args(
        message_id, sent_at, spec.priority, spec.sender, spec.recipient, spec.operation,
        spec.parameters, spec.mission_id, spec.parent, timeout, retries, spec.objective,
        spec.context, request and spec.allow_fallback, spec.estimated, reply_to,
        spec.type,
    )  # fmt: skip


def message_from_args(
    message_id: str,
    sent_at: datetime,
    priority: Priority,
    sender: str,
    recipient: str,
    operation: str | None,
    parameters: dict[str, Any] | None,
    mission_id: str | None,
    parent: Message | None,
    timeout: float | None,
    retries: int,
    objective: str,
    context: dict[str, Any] | None,
    allow_fallback: bool,
    estimated: ResourceEstimate | None,
    reply_to: str | None,
    kind: MessageType = MessageType.REQUEST,
) -> Message:
    """`message_from_spec` from the sender's choices themselves: the request paths here take
    their callers' arguments and build no `MessageSpec` (`MessageSpec.lineage`, inlined)."""
    if parent is None:
        depth, call_path = 1, [sender]
    else:
        tracing = parent.tracing
        mission_id = mission_id or tracing.mission_id
        depth, call_path = tracing.depth + 1, [*tracing.call_path, sender]
    return build_message(
        message_id,
        sent_at,
        priority,
        sender,
        recipient,
        kind,
        operation,
        objective,
        parameters if parameters is not None else {},
        context if context is not None else {},
        kind is MessageType.REQUEST,
        allow_fallback,
        mission_id,
        depth,
        call_path,
        timeout,
        retries,
        estimated or _EMPTY_ESTIMATE,
        reply_to,
        [],
    )


def response_for(
    response_id: str,
    responded_at: datetime,
    agent: str,
    message: Message,
    status: ResponseStatus,
    reply: Reply | None,
    elapsed: float,
    error: ErrorInfo | None,
) -> Response:
    """`agent`'s `Response` to `message` (its handler's `reply`, or none), with its
    `ResponsePayload` and `ResourceUsage`, every field set directly (as `build_message`)."""
    payload: ResponsePayload = _new(ResponsePayload)
    consumed: ResourceUsage = _new(ResourceUsage)
    if reply is None:
        payload.data, payload.metadata, payload.confidence = None, {}, None
        payload.sources, payload.warnings = [], []
        consumed.tokens = consumed.api_calls = consumed.db_calls = 0
    else:
        payload.data, payload.metadata, payload.confidence = (
            reply.data,
            reply.metadata,
            reply.confidence,
        )
        payload.sources, payload.warnings = reply.sources, reply.warnings
        consumed.tokens, consumed.api_calls, consumed.db_calls = (
            reply.tokens,
            reply.api_calls,
            reply.db_calls,
        )
    payload.fallback_used = None
    response: Response = _new(Response)
    response.response_id = response_id
    response.original_message_id = message.message_id
    response.responded_at = responded_at
    response.sender = agent
    response.status = status
    response.payload = payload
    response.processing_time = elapsed
    response.consumed = consumed
    response.error = error
    response.flags = list(message.flags)
    return response


class LazyDelivery(Delivery):
    """A local one-way delivery whose `Message` is built (by `build_message`) on first use."""

    __slots__ = ("_built", "_parts")

    def __init__(self, parts: MessageParts, rank: int, enqueued_at: float) -> None:
        self._parts = parts
        self._built: Message | None = None
        self.type = parts[5]
        self.rank = rank
        self.enqueued_at = enqueued_at
        self.ack = None
        self.forced = False
        self.redelivered = False

    @property
    def message(self) -> Message:
        built = self._built
        if built is None:
            built = self._built = build_message(*self._parts)
        return built

    @property
    def parameters(self) -> dict[str, Any]:
        built = self._built
        return self._parts[8] if built is None else built.payload.parameters


def when_done(
    work: Coroutine[Any, Any, Response], on_done: Callable[[], None] | None
) -> asyncio.Future[Response]:
    """`work` in a task; `on_done()` once it has finished (`request_soon`'s full path)."""
    task = asyncio.ensure_future(work)
    if on_done is not None:
        task.add_done_callback(lambda _: on_done())
    return task


class FastPath:
    def __init__(
        self,
        core: BusCore,
        checks: ContractChecks,
        admission: Admission,
        routing: Routing,
        request: Callable[[MessageSpec], Coroutine[Any, Any, Response]],
    ) -> None:
        self._core = core
        self._checks = checks
        self._admission = admission
        self._routing = routing
        self._request = request
        """The full path of a request (`Sending.request`), for what the fast path does not take."""

    async def request(
        self,
        sender: str,
        recipient: str,
        operation: str,
        parameters: dict[str, Any] | None,
        priority: Priority,
        mission_id: str | None,
        parent: Message | None,
        timeout: float | None,  # noqa: ASYNC109  (the message's own timeout, spec §7)
        retries: int | None,
        objective: str,
        context: dict[str, Any] | None,
        allow_fallback: bool,
        estimated: ResourceEstimate | None,
    ) -> Response:
        """`MessageBus.request` from the caller's arguments, with no `MessageSpec` in between
        (`Sending.request` is the plain form: same checks, defaults, lineage and routing). The
        spec cost a request 9k instructions, +5% against the bus before the split
        (`bench/bus/bench_instructions.py`, `bench/bus/RESULTS_bus.md`)."""
        core, checks = self._core, self._checks
        contract = core.contracts.get(recipient)
        if contract is None:
            contract = await checks.check(recipient, operation, parameters, context)
        else:
            checks.check_now(contract, recipient, operation, parameters, context)
        if timeout is None:
            timeout = checks.default_timeout(contract, recipient)
        message = message_from_args(
            core.new_id(), core.now(), priority, sender, recipient, operation, parameters,
            mission_id, parent, timeout, core.default_retries if retries is None else retries,
            objective, context, allow_fallback, estimated, core.instance_id,
        )  # fmt: skip
        if core.request_observers:
            core.observe(message)
        if telemetry.enabled:
            return await self._routing.traced(message, contract)
        return await self._routing.dispatch(message, contract)

    async def send(
        self,
        sender: str,
        recipient: str,
        operation: str | None,
        parameters: dict[str, Any] | None,
        priority: Priority,
        mission_id: str | None,
        parent: Message | None,
        objective: str,
        context: dict[str, Any] | None,
    ) -> str:
        """`MessageBus.send` on in-memory state (`Sending.send` is the plain form)."""
        core, checks, admission = self._core, self._checks, self._admission
        mem = core.mem
        assert mem is not None
        contract = core.contracts.get(recipient)
        if contract is None:
            contract = await checks.check(recipient, operation, parameters, context)
        else:
            checks.check_now(contract, recipient, operation, parameters, context)
        if parent is None:
            depth, call_path = 1, [sender]
        else:
            tracing = parent.tracing
            mission_id = mission_id or tracing.mission_id
            depth, call_path = tracing.depth + 1, [*tracing.call_path, sender]
        message_id = f"{core.instance_id}-{next(core.ids)}"
        sent_at = core.now()
        flags: list[str] = []
        record = None
        if mission_id is not None:
            record = mem.mission_now(mission_id)
            if record is None:
                raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
        try:
            admitted = admission.admit_now(
                mission_id, call_path, depth, recipient, priority, flags, record
            )
        except LoopDetectedError as exc:
            await admission.loop_blocked(exc, record)
            raise
        if not admitted:
            await admission.admit_wait(mission_id, priority, flags, record)
        sender_contract = core.contracts.get(sender)
        rank = priority * 2 + (
            0 if sender_contract is None or sender_contract.is_coordinator else 1
        )
        parts: MessageParts = (
            message_id,
            sent_at,
            priority,
            sender,
            recipient,
            MessageType.NOTIFICATION,
            operation,
            objective,
            parameters if parameters is not None else {},
            context if context is not None else {},
            False,
            False,
            mission_id,
            depth,
            call_path,
            None,
            0,
            _EMPTY_ESTIMATE,
            core.instance_id,
            flags,
        )
        mailbox = core.mailboxes.get(recipient) if core.local is not None else None
        if mailbox is not None:
            mailbox.put(LazyDelivery(parts, rank, core.time()))
        else:
            delivery = Delivery(build_message(*parts), rank, core.time())
            await core.transport.deliver(recipient, delivery)
        return message_id

    def request_soon(
        self,
        sender: str,
        recipient: str,
        operation: str,
        parameters: dict[str, Any] | None,
        priority: Priority,
        mission_id: str | None,
        parent: Message | None,
        timeout: float | None,
        retries: int | None,
        objective: str,
        context: dict[str, Any] | None,
        allow_fallback: bool,
        estimated: ResourceEstimate | None,
        on_done: Callable[[], None] | None,
    ) -> asyncio.Future[Response]:
        """`MessageBus.request_soon`: started directly when it can be (see the module docstring),
        otherwise the full path (`Sending.request`, from a `MessageSpec`) in a task. Positional,
        with no spec on the direct path, like `request`."""
        core = self._core
        contract = core.contracts.get(recipient)
        if retries is None:
            retries = core.default_retries
        if contract is None or not core.direct or retries or telemetry.enabled:
            spec = MessageSpec(
                sender=sender,
                recipient=recipient,
                operation=operation,
                parameters=parameters,
                priority=priority,
                mission_id=mission_id,
                parent=parent,
                timeout=timeout,
                retries=retries,
                objective=objective,
                context=context,
                allow_fallback=allow_fallback,
                estimated=estimated,
            )
            return when_done(self._request(spec), on_done)
        mem = core.mem
        assert mem is not None
        future: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
        record: MissionRecord | None = None
        try:
            self._checks.check_now(contract, recipient, operation, parameters, context)
            if timeout is None:
                timeout = self._checks.default_timeout(contract, recipient)
            message = message_from_args(
                core.new_id(), core.now(), priority, sender, recipient, operation, parameters,
                mission_id, parent, timeout, 0, objective, context, allow_fallback, estimated,
                core.instance_id,
            )  # fmt: skip
            if core.request_observers:
                core.observe(message)
            tracing = message.tracing
            mission_id = tracing.mission_id
            if mission_id is not None:
                record = mem.mission_now(mission_id)
                if record is None:
                    raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
            admitted = self._admission.admit_now(
                mission_id,
                tracing.call_path,
                tracing.depth,
                recipient,
                priority,
                message.flags,
                record,
            )
        except LoopDetectedError as exc:
            blocked = exc

            async def refuse() -> Response:
                await self._admission.loop_blocked(blocked, record)
                raise blocked

            return when_done(refuse(), on_done)
        except Exception as exc:
            future.set_exception(exc)
            if on_done is not None:
                on_done()
            return future
        if not admitted:  # the throttle must wait: the rest in a task

            async def later() -> Response:
                await self._admission.admit_wait(mission_id, priority, message.flags, record)
                return await self._routing.call(message, contract, record)

            return when_done(later(), on_done)
        breaker = mem.breaker_now(recipient)
        worker = core.workers.get(recipient)
        if (
            (breaker is not None and breaker.state is not BreakerState.CLOSED)
            or worker is None
            or not worker.can_start()
        ):
            return when_done(self._routing.call(message, contract, record), on_done)
        worker.start_request(message, future, partial(self._answered, message, record, on_done))
        return future

    def _answered(
        self,
        message: Message,
        record: MissionRecord | None,
        on_done: Callable[[], None] | None,
        future: asyncio.Future[Response],
        response: Response,
    ) -> None:
        """A request started directly got its response (from the handler's task, or its
        deadline): `Routing.account`, synchronously for a success in memory; a failure (the
        breaker may open, a notice may go out) is accounted in a task, then answered."""
        core = self._core
        mem = core.mem
        if response.status.ok and mem is not None:
            mem.record_success_now(message.recipient, core.breaker_window)
            if record is not None:
                consumed = response.consumed
                if consumed.tokens or consumed.api_calls:
                    core.budget_guard.consume_now(record, consumed.tokens, consumed.api_calls)
                mem.touch_now(record.mission_id, core.time())
            if not future.done():
                future.set_result(response)
            if on_done is not None:
                on_done()
            return

        async def account() -> None:
            try:
                await self._routing.account(
                    message, record, message.recipient, Route.PASS, response
                )
            except BaseException as exc:
                if not future.done():
                    future.set_exception(exc)
                raise
            else:
                if not future.done():
                    future.set_result(response)
            finally:
                if on_done is not None:
                    on_done()

        core.spawn(account())
