"""`MessageBus`: the API agents use to register, talk and ask about budgets (spec 001 §4).

The sending side lives here: build and validate the message against the recipient's contract,
run the safety admission (loops → mission/budget → throttle), route through the circuit breaker
(fallback when OPEN), wait for the response under the message timeout, retry with exponential
backoff, and account the response (breaker, budget, progress). The serving side is `dispatcher`.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time as _time
import uuid
from collections import deque
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from functools import partial
from typing import Any

from switchboard.bus.boundary import check_payload_size, parse_message
from switchboard.bus.contracts import AgentContract
from switchboard.bus.dispatcher import AgentWorker, Handler
from switchboard.bus.envelope import (
    ErrorInfo,
    Flag,
    Message,
    MessageType,
    Payload,
    Priority,
    ResourceEstimate,
    Response,
    ResponseStatus,
    Tracing,
    build_message,
    rank,
    timeout_response,
)
from switchboard.bus.errors import (
    CircuitOpenError,
    LoopDetectedError,
    MalformedMessageError,
    MissionClosedError,
    SchemaMismatchError,
    UnknownMissionError,
    UnknownOperationError,
    UnknownRecipientError,
)
from switchboard.bus.mailbox import Delivery, Mailbox
from switchboard.bus.mission import BudgetStatus, MissionRecord, MissionStatus
from switchboard.bus.notices import BUS_SENDER, Notice, NoticeKind
from switchboard.bus.safety.breaker import CircuitBreaker, Route
from switchboard.bus.safety.budget import BudgetGuard
from switchboard.bus.safety.health import AgentHealth, HealthMonitor
from switchboard.bus.safety.loops import LoopDetector
from switchboard.bus.safety.progress import ProgressWatch
from switchboard.bus.safety.throttle import GLOBAL_SCOPE, Throttle
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import BreakerRecord, BreakerState
from switchboard.bus.state.memory import MemoryState
from switchboard.bus.timers import Timers
from switchboard.bus.transports.base import Transport
from switchboard.bus.transports.in_process import InProcessTransport
from switchboard.core.clock import SYSTEM_CLOCK, Clock, SystemClock
from switchboard.telemetry import spans as telemetry

log = logging.getLogger(__name__)

_EMPTY_ESTIMATE = ResourceEstimate()
_new = object.__new__


def _when_done(
    work: Coroutine[Any, Any, Response], on_done: Callable[[], None] | None
) -> asyncio.Future[Response]:
    """`work` in a task; `on_done()` once it has finished (`request_soon`'s full path)."""
    task = asyncio.ensure_future(work)
    if on_done is not None:
        task.add_done_callback(lambda _: on_done())
    return task


class MessageBus:
    def __init__(
        self,
        transport: Transport | None = None,
        *,
        settings: BusSettings | None = None,
        clock: Clock | None = None,
        instance_id: str | None = None,
    ) -> None:
        self.settings = settings or BusSettings()
        self.clock: Clock = clock or SYSTEM_CLOCK
        self.transport: Transport = transport or InProcessTransport()
        self.instance_id = instance_id or uuid.uuid4().hex[:12]
        self.state = self.transport.make_state(self.settings)
        # Shared state needs one time base across hosts: wall clock; alone, the monotonic clock.
        system = (
            type(self.clock) is SystemClock
        )  # cheap clock reads: the same functions, one call less
        self._now: Callable[[], datetime] = partial(datetime.now, UTC) if system else self.clock.now
        self.monotonic: Callable[[], float] = _time.monotonic if system else self.clock.monotonic
        """The clock's monotonic time, one call less with the system clock."""
        if self.state.shared:
            self.time: Callable[[], float] = (
                _time.time if system else (lambda: self.clock.now().timestamp())
            )
        else:
            self.time = _time.monotonic if system else self.clock.monotonic
        # Synchronous fast paths when nothing needs a round trip: in-memory state and transport.
        self._mem: MemoryState | None = self.state if type(self.state) is MemoryState else None
        self._local: InProcessTransport | None = (
            self.transport if type(self.transport) is InProcessTransport else None
        )
        # Requests may start their handler directly (no mailbox, no worker hop) when both are in
        # memory and the internal deadline comes before the message timeout (`dispatcher`).
        self._direct = (
            self._mem is not None
            and self._local is not None
            and self.settings.executor_deadline_ratio < 1
        )
        # Shared state with a transport that can admit and send in one round trip (Redis).
        self._fused: Callable[..., Any] | None = (
            getattr(self.transport, "admit_and_deliver", None) if self.state.shared else None
        )
        # Hot-path settings as plain attributes: reading a field of a Pydantic model (settings
        # included) costs ten times a plain attribute read (its `__getattr__` hook).
        s = self.settings
        self._executor_timeout = s.executor_timeout
        self._coordinator_timeout = s.coordinator_timeout
        self._default_retries = s.default_retries
        self._max_payload = s.max_payload_bytes
        self._breaker_window = s.breaker_window
        self._deadline_ratio = s.executor_deadline_ratio
        self.timers = Timers(self.clock)
        self.health = HealthMonitor(self.settings.health_window)
        self.loops = LoopDetector(self.settings)
        self.budget_guard = BudgetGuard(self.settings, self.state, self._notify)
        self.throttle = Throttle(self.settings, self.state, self.clock, self.time, self._notify)
        self.breaker = CircuitBreaker(self.settings, self.state, self.time)
        self.progress = ProgressWatch(
            self.settings, self.state, self.clock, self.time, self._notify
        )
        self.notices: deque[Notice] = deque(maxlen=1000)
        self._observers: list[Callable[[Notice], None]] = []
        self._request_observers: list[Callable[[Message], None]] = []
        self._contracts: dict[str, AgentContract] = {}
        self._workers: dict[str, AgentWorker] = {}
        self._mailboxes: dict[str, Mailbox] = {}
        self._validators: dict[tuple[str, str], Callable[[Any], list[str]]] = {}
        self._pending: dict[str, asyncio.Future[Response]] = {}
        self._watchers: dict[str, asyncio.Task[None]] = {}
        self._timer_watchers: dict[str, Callable[[], None]] = {}
        self._timeouts: dict[str, float] = {}
        self._ids = itertools.count(1)
        self._started = False
        self._background: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> MessageBus:
        if not self._started:
            self._started = True
            await self.transport.start(self)
        return self

    async def close(self) -> None:
        for task in self._watchers.values():
            task.cancel()
        for worker in self._workers.values():
            await worker.stop()
        await asyncio.gather(*self._watchers.values(), return_exceptions=True)
        await self.timers.close()
        await self.transport.close()
        await self.state.close()

    async def __aenter__(self) -> MessageBus:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def new_id(self) -> str:
        return f"{self.instance_id}-{next(self._ids)}"

    # ------------------------------------------------------------------ registry
    async def register(self, contract: AgentContract, handler: Handler | None = None) -> None:
        """Publish an agent's contract; with a handler, this process also serves it."""
        await self.start()
        self._contracts[contract.name] = contract
        self._validators = {k: v for k, v in self._validators.items() if k[0] != contract.name}
        self._timeouts.pop(contract.name, None)
        await self.state.put_contract(contract)
        if handler is not None and contract.name not in self._workers:
            worker = AgentWorker(
                self,
                contract.name,
                handler,
                contract.max_concurrency or self.settings.default_concurrency,
            )
            self._workers[contract.name] = worker
            self._mailboxes[contract.name] = worker.mailbox
            worker.start()
            await self.transport.serve(contract.name)

    async def contract(self, name: str) -> AgentContract | None:
        found = self._contracts.get(name)
        if found is None:
            found = await self.state.get_contract(name)
            if found is not None:
                self._contracts[name] = found
        return found

    def mailbox(self, agent: str) -> Mailbox | None:
        worker = self._workers.get(agent)
        return worker.mailbox if worker else None

    # ------------------------------------------------------------------ missions
    async def open_mission(
        self,
        mission_id: str,
        lead_coordinator: str,
        *,
        token_budget: int = 0,
        api_call_budget: int = 0,
        global_timeout: float | None = None,
    ) -> MissionRecord:
        """Start accounting a mission (budgets: 0 = unlimited) and watching it for progress."""
        await self.start()
        record = MissionRecord(
            mission_id=mission_id,
            lead_coordinator=lead_coordinator,
            token_budget=token_budget,
            api_call_budget=api_call_budget,
            global_timeout=global_timeout,
            started_at=self.time(),
        )
        await self.state.put_mission(record)
        mem = self._mem
        if mem is not None:  # in memory the watcher is a timer, not a task (`ProgressWatch`)
            mem.touch_now(mission_id, self.time())
            self._timer_watchers[mission_id] = self.progress.watch_now(mission_id, self.timers)
        else:
            await self.progress.touch(mission_id)
            self._watchers[mission_id] = asyncio.get_running_loop().create_task(
                self.progress.watch(mission_id)
            )
        return record

    async def close_mission(self, mission_id: str) -> None:
        await self.state.set_mission_status(mission_id, MissionStatus.CLOSED)
        task = self._watchers.pop(mission_id, None)
        if task is not None:
            task.cancel()
        stop = self._timer_watchers.pop(mission_id, None)
        if stop is not None:
            stop()
        self.loops.forget(mission_id)

    async def mission(self, mission_id: str) -> MissionRecord:
        mem = self._mem
        record = (
            mem.mission_now(mission_id)
            if mem is not None
            else await self.state.get_mission(mission_id)
        )
        if record is None:
            raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
        return record

    async def charge(self, mission_id: str, *, tokens: int = 0, api_calls: int = 0) -> None:
        """Add resources an agent consumed itself (a coordinator's own model calls) to the
        mission's consumption, as responses' `consumed` is: the budget flags and the exhausted
        notice see them."""
        if not tokens and not api_calls:
            return
        mem = self._mem
        if mem is not None:
            record = mem.mission_now(mission_id)
            if record is None:
                raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
            self.budget_guard.consume_now(record, tokens, api_calls)
            return
        await self.budget_guard.consume(await self.mission(mission_id), tokens, api_calls)

    async def budget(self, mission_id: str) -> BudgetStatus:
        """Remaining budget of a mission; any agent may ask."""
        return self.budget_guard.status(await self.mission(mission_id))

    # ------------------------------------------------------------------ observability
    def on_notice(self, callback: Callable[[Notice], None]) -> Callable[[], None]:
        """Call `callback` with every notice; returns the function that stops it."""
        self._observers.append(callback)
        return lambda: self._observers.remove(callback)

    def on_request(self, callback: Callable[[Message], None]) -> Callable[[], None]:
        """Call `callback` with every request this process sends (progress lines, tracing);
        returns the function that stops it."""
        self._request_observers.append(callback)
        return lambda: self._request_observers.remove(callback)

    def agent_health(self) -> dict[str, AgentHealth]:
        """Passive per-agent metrics (latency, success rate, load, fallback use) for dashboards."""
        for name in self._workers:
            self.health.snapshot(name)  # agents served here appear even before their first request
        return self.health.all()

    async def breaker_state(self, agent: str) -> BreakerState:
        return await self.breaker.state(agent)

    async def _notify(self, notice: Notice, lead: str | None) -> None:
        self.notices.append(notice)
        for observer in self._observers:
            observer(notice)
        log.info("bus notice %s mission=%s: %s", notice.kind, notice.mission_id, notice.text)
        if notice.internal or lead is None or await self.contract(lead) is None:
            return
        message = self._message(
            MessageType.NOTIFICATION,
            BUS_SENDER,
            lead,
            None,
            Payload(
                objective=notice.kind.value,
                parameters={},
                context=notice.model_dump(mode="json"),
                expects_callback=False,
                allow_fallback=False,
            ),
            Priority.CRITICAL,
            Tracing(mission_id=notice.mission_id, depth=1, call_path=[BUS_SENDER]),
            None,
            0,
            _EMPTY_ESTIMATE,
        )
        try:
            await self.transport.deliver(
                lead, Delivery(message, rank(Priority.CRITICAL, True), self.time())
            )
        except Exception:
            log.exception("bus: could not deliver %s notice to %s", notice.kind, lead)

    # ------------------------------------------------------------------ sending
    async def send(
        self,
        sender: str,
        recipient: str,
        operation: str | None = None,
        parameters: dict[str, Any] | None = None,
        *,
        priority: Priority = Priority.NORMAL,
        mission_id: str | None = None,
        parent: Message | None = None,
        objective: str = "",
        context: dict[str, Any] | None = None,
    ) -> str:
        """One-way notification (callback_esperado = false). Returns the message id."""
        contract = self._contracts.get(recipient)
        if contract is None:
            contract = await self._check(recipient, operation, parameters, context)
        else:
            self._check_now(contract, recipient, operation, parameters, context)
        if parent is None:
            depth, call_path = 1, [sender]
        else:
            tracing = parent.tracing
            mission_id = mission_id or tracing.mission_id
            depth, call_path = tracing.depth + 1, [*tracing.call_path, sender]
        message_id = f"{self.instance_id}-{next(self._ids)}"
        sent_at = self._now()
        flags: list[str] = []
        mem = self._mem
        if mem is None:
            message = build_message(
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
                self.instance_id,
                flags,
            )
            await self._admit(message)
        else:  # `_admit` inlined: in memory nothing needs an await unless a rule says wait
            record = None
            if mission_id is not None:
                record = mem.mission_now(mission_id)
                if record is None:
                    raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
            try:
                admitted = self._admit_now(
                    mission_id, call_path, depth, recipient, priority, flags, record
                )
            except LoopDetectedError as exc:
                await self._loop_blocked(exc, record)
                raise
            if not admitted:
                await self._admit_wait(mission_id, priority, flags, record)
        sender_contract = self._contracts.get(sender)
        rank_ = priority * 2 + (
            0 if sender_contract is None or sender_contract.is_coordinator else 1
        )
        mailbox = self._mailboxes.get(recipient) if self._local is not None else None
        if mailbox is not None:
            # The `Message` model is built only if the handler (or a rule) reads it: one small
            # record per queued message instead of six objects for the garbage collector.
            mailbox.put(
                Delivery.lazy(
                    (
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
                        self.instance_id,
                        flags,
                    ),
                    MessageType.NOTIFICATION,
                    rank_,
                    self.time(),
                )
            )
        else:
            if mem is not None:
                message = build_message(
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
                    self.instance_id,
                    flags,
                )
            await self.transport.deliver(recipient, Delivery(message, rank_, self.time()))
        return message_id

    async def request(
        self,
        sender: str,
        recipient: str,
        operation: str,
        parameters: dict[str, Any] | None = None,
        *,
        priority: Priority = Priority.NORMAL,
        mission_id: str | None = None,
        parent: Message | None = None,
        timeout: float | None = None,  # noqa: ASYNC109  (the message's own timeout, spec §7)
        retries: int | None = None,
        objective: str = "",
        context: dict[str, Any] | None = None,
        allow_fallback: bool = True,
        estimated: ResourceEstimate | None = None,
    ) -> Response:
        """Ask `recipient` to run `operation` and wait for its response.

        Refusals before delivery raise typed errors (`UnknownRecipientError`, `SchemaMismatchError`,
        `LoopDetectedError`, `BudgetExhaustedError`, `CircuitOpenError`...). Once delivered, the
        outcome is the returned `Response`: its `status` says success, fallback, partial/total
        failure or timeout.
        """
        contract = self._contracts.get(recipient)
        if contract is None:
            contract = await self._check(recipient, operation, parameters, context)
        else:
            self._check_now(contract, recipient, operation, parameters, context)
        if timeout is None:
            timeout = self._default_timeout(contract, recipient)
        message = self._message(
            MessageType.REQUEST,
            sender,
            recipient,
            operation,
            self._payload(objective, parameters, context, True, allow_fallback),
            priority,
            self._tracing(sender, mission_id, parent),
            timeout,
            self._default_retries if retries is None else retries,
            estimated or _EMPTY_ESTIMATE,
        )
        if self._request_observers:
            for observer in list(self._request_observers):
                observer(message)
        if telemetry.enabled:
            return await self._traced_dispatch(message, contract)
        return await self._dispatch(message, contract)  # type: ignore[return-value]

    def request_soon(
        self,
        sender: str,
        recipient: str,
        operation: str,
        parameters: dict[str, Any] | None = None,
        *,
        priority: Priority = Priority.NORMAL,
        mission_id: str | None = None,
        parent: Message | None = None,
        timeout: float | None = None,
        retries: int | None = None,
        objective: str = "",
        context: dict[str, Any] | None = None,
        allow_fallback: bool = True,
        estimated: ResourceEstimate | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> asyncio.Future[Response]:
        """`request`, started now: the returned future gets its response, or its error;
        `on_done()` is called once it has (right away for a refusal; in the same step that
        resolves it on the direct path: a caller waiting for a whole wave needs no callback per
        future then, each of which costs a hop through the event loop).

        For callers that run several requests at once (a coordinator's wave). On the in-process
        bus with in-memory state, a request without retries to an agent that can start at once
        needs no task of its own: the checks and the admission run here, and the handler's task
        answers the future after the sender's accounting (breaker, budget, progress;
        `_answered`). Anything else — retries, a remote or busy recipient, a throttle wait, a
        breaker not CLOSED, tracing — runs the rest of `request` in a task: same rules, same
        outcome."""
        return self._request_soon(
            sender,
            recipient,
            operation,
            parameters,
            priority,
            mission_id,
            parent,
            timeout,
            retries,
            objective,
            context,
            allow_fallback,
            estimated,
            on_done,
        )

    def _request_soon(
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
        """`request_soon` with positional arguments (keywords cost a dict per call on this path:
        `RequestContext.request_soon` calls this)."""
        contract = self._contracts.get(recipient)
        mem = self._mem
        effective_retries = self._default_retries if retries is None else retries
        if contract is None or not self._direct or effective_retries or telemetry.enabled:
            return _when_done(
                self.request(
                    sender,
                    recipient,
                    operation,
                    parameters,
                    priority=priority,
                    mission_id=mission_id,
                    parent=parent,
                    timeout=timeout,
                    retries=retries,
                    objective=objective,
                    context=context,
                    allow_fallback=allow_fallback,
                    estimated=estimated,
                ),
                on_done,
            )
        assert mem is not None
        future: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
        record: MissionRecord | None = None
        try:
            self._check_now(contract, recipient, operation, parameters, context)
            if timeout is None:
                timeout = self._default_timeout(contract, recipient)
            mid, depth, path = self._lineage(sender, mission_id, parent)
            message_id = f"{self.instance_id}-{next(self._ids)}"
            flags: list[str] = []
            message = build_message(
                message_id,
                self._now(),
                priority,
                sender,
                recipient,
                MessageType.REQUEST,
                operation,
                objective,
                parameters if parameters is not None else {},
                context if context is not None else {},
                True,
                allow_fallback,
                mid,
                depth,
                path,
                timeout,
                0,
                estimated or _EMPTY_ESTIMATE,
                self.instance_id,
                flags,
            )
            if self._request_observers:
                for observer in list(self._request_observers):
                    observer(message)
            if mid is not None:
                record = mem.mission_now(mid)
                if record is None:
                    raise UnknownMissionError(f"no mission {mid!r}", mission_id=mid)
            admitted = self._admit_now(mid, path, depth, recipient, priority, flags, record)
        except LoopDetectedError as exc:
            blocked = exc

            async def refuse() -> Response:
                await self._loop_blocked(blocked, record)
                raise blocked

            return _when_done(refuse(), on_done)
        except Exception as exc:
            future.set_exception(exc)
            if on_done is not None:
                on_done()
            return future
        if not admitted:  # the throttle must wait: the rest in a task

            async def later() -> Response:
                await self._admit_wait(mid, priority, flags, record)
                return await self._call(message, contract, record)

            return _when_done(later(), on_done)
        breaker = mem.breaker_now(recipient)
        worker = self._workers.get(recipient)
        if (
            (breaker is not None and breaker.state is not BreakerState.CLOSED)
            or worker is None
            or not worker.can_start()
        ):
            return _when_done(self._call(message, contract, record), on_done)
        worker.start_request(message, future, partial(self._answered, message, record, on_done))
        return future

    async def _traced_dispatch(self, message: Message, contract: AgentContract) -> Response:
        """A request inside its `send` span, whose context travels with the message
        (`tracing.traceparent`) so the recipient's `process` span joins the trace. Only with
        tracing on: otherwise `request` reads one flag and dispatches directly."""
        with telemetry.span_bus_message(
            message.operation or message.type.value,
            direction="send",
            sender=message.sender,
            recipient=message.recipient,
            message_id=message.message_id,
        ) as span:
            message.tracing.traceparent = telemetry.current_traceparent()
            response = await self._dispatch(message, contract)
            assert response is not None  # a request always gets one
            if not response.ok:
                span.fail(response.error.code if response.error else response.status.value)
            return response

    async def submit(self, raw: Message | dict[str, Any] | str | bytes) -> Response | str:
        """Boundary entry for messages built outside the bus (JSON, other systems): validated
        fully."""
        message = parse_message(raw)
        if message.type not in (MessageType.REQUEST, MessageType.NOTIFICATION):
            raise MalformedMessageError(
                f"agents may only submit requests and notifications, not {message.type}"
            )
        contract = await self._check(
            message.recipient,
            message.operation,
            message.payload.parameters,
            message.payload.context,
        )
        if message.type is MessageType.REQUEST and message.operation is None:
            raise MalformedMessageError("a request must name an operation")
        update: dict[str, Any] = {"message_id": self.new_id(), "reply_to": self.instance_id}
        if not message.idempotency_key:
            update["idempotency_key"] = update["message_id"]
        if message.type is MessageType.REQUEST and message.timeout is None:
            update["timeout"] = self._default_timeout(contract, message.recipient)
        message = message.model_copy(update=update)
        result = await self._dispatch(message, contract)
        return result if result is not None else message.message_id

    # ------------------------------------------------------------------ building blocks
    async def _check(
        self,
        recipient: str,
        operation: str | None,
        parameters: dict[str, Any] | None,
        context: dict[str, Any] | None,
    ) -> AgentContract:
        """Reject before delivery: unknown agent or operation, schema mismatch, oversized
        payload."""
        contract = self._contracts.get(recipient) or await self.contract(recipient)
        if contract is None:
            raise UnknownRecipientError(
                f"no agent named {recipient!r} is registered", recipient=recipient
            )
        self._check_now(contract, recipient, operation, parameters, context)
        return contract

    def _check_now(
        self,
        contract: AgentContract,
        recipient: str,
        operation: str | None,
        parameters: dict[str, Any] | None,
        context: dict[str, Any] | None,
    ) -> None:
        """`_check` once the contract is known: synchronous."""
        if operation is not None:
            validator = self._validators.get((recipient, operation))
            if validator is None:
                validator = self._validator(contract, operation)
            value = parameters if parameters is not None else {}
            if not validator.accepts(value) and (errors := validator(value)):  # type: ignore[attr-defined]
                raise SchemaMismatchError(
                    f"parameters of {recipient}.{operation} do not match its schema: "
                    + "; ".join(errors),
                    errors,
                    recipient=recipient,
                    operation=operation,
                )
        if parameters or context:
            check_payload_size(parameters, context, self._max_payload)

    def _validator(self, contract: AgentContract, operation: str) -> Callable[[Any], list[str]]:
        op = contract.operation(operation)
        if op is None:
            raise UnknownOperationError(
                f"{contract.name!r} has no operation {operation!r}",
                recipient=contract.name,
                operation=operation,
                available=[o.name for o in contract.operations],
            )
        validator = self._validators[(contract.name, operation)] = op.request_validator()
        return validator

    @staticmethod
    def _payload(
        objective: str,
        parameters: dict[str, Any] | None,
        context: dict[str, Any] | None,
        expects_callback: bool,
        allow_fallback: bool,
    ) -> Payload:
        payload: Payload = _new(Payload)  # fields set directly (see `build_message`)
        payload.objective = objective
        payload.parameters = parameters if parameters is not None else {}
        payload.context = context if context is not None else {}
        payload.expects_callback = expects_callback
        payload.allow_fallback = allow_fallback
        return payload

    @staticmethod
    def _lineage(
        sender: str, mission_id: str | None, parent: Message | None
    ) -> tuple[str | None, int, list[str]]:
        """(mission id, depth, call path) of a message `sender` sends, after `parent`."""
        if parent is None:
            return mission_id, 1, [sender]
        tracing = parent.tracing
        return mission_id or tracing.mission_id, tracing.depth + 1, [*tracing.call_path, sender]

    @classmethod
    def _tracing(cls, sender: str, mission_id: str | None, parent: Message | None) -> Tracing:
        tracing: Tracing = _new(Tracing)
        tracing.mission_id, tracing.depth, tracing.call_path = cls._lineage(
            sender, mission_id, parent
        )
        tracing.traceparent = None
        return tracing

    def _message(
        self,
        type_: MessageType,
        sender: str,
        recipient: str,
        operation: str | None,
        payload: Payload,
        priority: Priority,
        tracing: Tracing,
        timeout: float | None,
        retries: int,
        estimated: ResourceEstimate,
    ) -> Message:
        message_id = f"{self.instance_id}-{next(self._ids)}"
        message: Message = _new(Message)
        message.message_id = message_id
        message.sent_at = self._now()
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
        message.flags = []
        message.idempotency_key = message_id
        message.attempt = 1
        message.reply_to = self.instance_id
        return message

    def _default_timeout(self, contract: AgentContract, name: str) -> float:
        """The message timeout when the sender gives none, by the recipient's kind; cached per
        agent `name` (a Pydantic model's field reads are not cheap), as its contract is."""
        timeout = self._timeouts.get(name)
        if timeout is None:
            timeout = (
                self._coordinator_timeout if contract.is_coordinator else self._executor_timeout
            )
            self._timeouts[name] = timeout
        return timeout

    def _rank(self, message: Message) -> int:
        contract = self._contracts.get(message.sender)
        return rank(message.priority, contract is None or contract.is_coordinator)

    async def _admit(self, message: Message) -> MissionRecord | None:
        """The safety admission every message goes through, in the same order on every transport:
        loops → mission status and budget flags → throttle → progress touch."""
        mission_id = message.tracing.mission_id
        mem = self._mem
        record: MissionRecord | None = None
        if mission_id is not None:
            record = (
                mem.mission_now(mission_id)
                if mem is not None
                else await self.state.get_mission(mission_id)
            )
            if record is None:
                raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
        tracing = message.tracing
        try:
            admitted = self._admit_now(
                mission_id,
                tracing.call_path,
                tracing.depth,
                message.recipient,
                message.priority,
                message.flags,
                record,
            )
        except LoopDetectedError as exc:
            await self._loop_blocked(exc, record)
            raise
        if not admitted:
            await self._admit_wait(mission_id, message.priority, message.flags, record)
        return record

    def _admit_now(
        self,
        mission_id: str | None,
        call_path: list[str],
        depth: int,
        recipient: str,
        priority: Priority,
        flags: list[str],
        record: MissionRecord | None,
    ) -> bool:
        """The synchronous part of `_admit`. True: admitted (in memory the throttle window had room
        and progress was recorded). False: the throttle (and progress) must still be awaited."""
        self.loops.check(mission_id, call_path, depth, recipient)
        if record is not None:
            if record.status is not MissionStatus.RUNNING and priority > Priority.HIGH:
                raise MissionClosedError(
                    f"mission {mission_id!r} is {record.status.value}; "
                    "only HIGH and CRITICAL messages pass",
                    mission_id=mission_id,
                )
            self.budget_guard.admit(record, priority, flags)
        mem = self._mem
        # In memory, a window with room is counted without an await; otherwise (or on Redis) the
        # throttle decides, and waits, in `_admit_wait`.
        if mem is None or not self.throttle.admit_now(mission_id or GLOBAL_SCOPE, priority):
            return False
        if mission_id is not None:
            mem.touch_now(mission_id, self.time())
        return True

    async def _admit_wait(
        self,
        mission_id: str | None,
        priority: Priority,
        flags: list[str],
        record: MissionRecord | None,
    ) -> None:
        if await self.throttle.admit(
            mission_id or GLOBAL_SCOPE, priority, record.lead_coordinator if record else None
        ):
            flags.append(Flag.THROTTLED)
        if mission_id is not None:
            await self.progress.touch(mission_id)

    async def _loop_blocked(self, exc: LoopDetectedError, record: MissionRecord | None) -> None:
        if record is not None:
            await self._notify(
                Notice(
                    kind=NoticeKind.LOOP_DETECTED,
                    mission_id=record.mission_id,
                    text=f"loop detectado e bloqueado: {exc.message}",
                    detail={k: v for k, v in exc.context.items() if k != "mission_id"},
                ),
                record.lead_coordinator,
            )

    async def _dispatch(self, message: Message, contract: AgentContract) -> Response | None:
        if message.type is MessageType.NOTIFICATION:
            await self._admit(message)
            delivery = Delivery(message, self._rank(message), self.time())
            if self._local is not None:
                self._local.deliver_now(message.recipient, delivery)
            else:
                await self.transport.deliver(message.recipient, delivery)
            return None
        if self._fused is not None:
            return await self._dispatch_fused(message, contract)
        prefetch = None
        if (
            self.state.shared
        ):  # read the breaker while admission runs: one Redis round trip, not two
            prefetch = asyncio.ensure_future(self.state.get_breaker(message.recipient))
        try:
            record = await self._admit(message)
        except BaseException:
            if prefetch is not None:
                prefetch.cancel()
            raise
        return await self._call(message, contract, record, prefetch)

    async def _dispatch_fused(self, message: Message, contract: AgentContract) -> Response:
        """A request on Redis: the same admission as `_admit`, but the throttle window hit, the
        breaker read and the XADD go to Redis as one script call (sent only if the window counted
        it and the breaker is CLOSED); otherwise the usual path takes over from that point."""
        tracing = message.tracing
        mission_id = tracing.mission_id
        record: MissionRecord | None = None
        if mission_id is not None:
            record = await self.state.get_mission(mission_id)
            if record is None:
                raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
        try:
            self._admit_now(
                mission_id,
                tracing.call_path,
                tracing.depth,
                message.recipient,
                message.priority,
                message.flags,
                record,
            )  # loops, mission status, budget (no throttle: not in memory)
        except LoopDetectedError as exc:
            await self._loop_blocked(exc, record)
            raise
        scope = mission_id or GLOBAL_SCOPE
        bucket, buckets, limit = self.throttle.window_args(message.priority)
        fused = self._fused
        assert fused is not None
        outcome: tuple[bool, int, BreakerRecord | None] | None = None

        async def deliver(delivery: Delivery) -> bool:
            nonlocal outcome
            outcome = await fused(scope, bucket, buckets, limit, delivery)
            if not outcome[0] or outcome[2] is not None:
                return False
            self.throttle.counted(scope, limit)
            if mission_id is not None:
                await self.progress.touch(mission_id)
            return True

        response = await self._roundtrip(message.recipient, message, deliver)
        if response is not None:
            return await self._call(message, contract, record, first=response)
        assert outcome is not None
        counted, _, known = outcome
        if not counted:  # the window is full: the throttle waits as usual, then the usual route
            await self._admit_wait(mission_id, message.priority, message.flags, record)
            return await self._call(message, contract, record)
        self.throttle.counted(scope, limit)
        if mission_id is not None:
            await self.progress.touch(mission_id)
        return await self._call(message, contract, record, known=known)  # breaker not CLOSED

    async def _call(
        self,
        message: Message,
        contract: AgentContract,
        record: MissionRecord | None,
        prefetch: asyncio.Future[BreakerRecord] | None = None,
        *,
        known: BreakerRecord | None = None,
        first: Response | None = None,
    ) -> Response:
        """Route, send, account and retry. `first`: the response of a first attempt already sent
        to the recipient with the breaker CLOSED (`_dispatch_fused`)."""
        s = self.settings
        mem = self._mem
        while True:
            if first is not None:
                target, route, attempt, response, first = (
                    message.recipient,
                    Route.PASS,
                    message,
                    first,
                    None,
                )
            else:
                if prefetch is not None:
                    known = await prefetch
                    prefetch = None
                if (
                    mem is not None
                    and known is None
                    and (
                        (breaker := mem.breaker_now(message.recipient)) is None
                        or breaker.state is BreakerState.CLOSED
                    )
                ):  # in memory a CLOSED breaker is read without a coroutine
                    target, route, attempt = message.recipient, Route.PASS, message
                else:
                    target, route, attempt = await self._route(message, contract, record, known)
                known = None
                try:
                    response = await self._roundtrip(target, attempt)  # type: ignore[assignment]
                except BaseException:
                    if route is Route.TRIAL:  # never leave the single HALF-OPEN trial taken forever
                        await self.breaker.abandon(target)
                    raise
            await self._account(message, record, target, route, response)
            if target != message.recipient:
                response = self._via_fallback(response, target)
            if response.status.ok or message.retries_left <= 0:
                return response
            wait = min(
                s.retry_backoff_max,
                s.retry_backoff_base * s.retry_backoff_factor ** (message.attempt - 1),
            )
            await self.clock.sleep(wait)
            message = message.model_copy(
                update={
                    "message_id": self.new_id(),
                    "retries_left": message.retries_left - 1,
                    "attempt": message.attempt + 1,
                    "flags": list(message.flags),
                }
            )

    async def _account(
        self,
        message: Message,
        record: MissionRecord | None,
        target: str,
        route: Route,
        response: Response,
    ) -> None:
        """One attempt's outcome: circuit breaker (notice if it opened), the mission's budget and
        its progress."""
        mem = self._mem
        ok = response.status.ok
        if route is Route.PASS and ok and mem is not None:
            mem.record_success_now(target, self._breaker_window)
            opened = False
        elif route is Route.PASS and ok and self.breaker.record_success_soon(target):
            opened = False  # a success changes no breaker state: recorded without waiting
        else:
            opened = await self.breaker.record(target, ok, route)
        if opened:
            await self._notify(
                Notice(
                    kind=NoticeKind.CIRCUIT_OPENED,
                    mission_id=message.tracing.mission_id,
                    text=f"circuito aberto para {target}",
                    detail={"agent": target},
                ),
                record.lead_coordinator if record else None,
            )
        if record is not None:
            consumed = response.consumed
            if consumed.tokens or consumed.api_calls:
                await self.budget_guard.consume(record, consumed.tokens, consumed.api_calls)
            if mem is not None:
                mem.touch_now(record.mission_id, self.time())
            else:
                await self.progress.touch(record.mission_id)

    def _answered(
        self,
        message: Message,
        record: MissionRecord | None,
        on_done: Callable[[], None] | None,
        future: asyncio.Future[Response],
        response: Response,
    ) -> None:
        """A `request_soon` started directly got its response (from the handler's task, or its
        deadline): `_account`, synchronously for a success in memory; a failure (the breaker may
        open, a notice may go out) is accounted in a task, then answered."""
        mem = self._mem
        if response.status.ok and mem is not None:
            mem.record_success_now(message.recipient, self._breaker_window)
            if record is not None:
                consumed = response.consumed
                if consumed.tokens or consumed.api_calls:
                    self.budget_guard.consume_now(record, consumed.tokens, consumed.api_calls)
                mem.touch_now(record.mission_id, self.time())
            if not future.done():
                future.set_result(response)
            if on_done is not None:
                on_done()
            return

        async def account() -> None:
            try:
                await self._account(message, record, message.recipient, Route.PASS, response)
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

        self._spawn(account())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run bus bookkeeping in the background (a reference is kept until it finishes)."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _route(
        self,
        message: Message,
        contract: AgentContract,
        record: MissionRecord | None,
        known: BreakerRecord | None = None,
    ) -> tuple[str, Route, Message]:
        """Circuit breaker: the recipient if CLOSED (or this is the HALF-OPEN trial), else a
        fallback."""
        route = await self.breaker.route(
            message.recipient, message.timeout or self.settings.executor_timeout, known
        )
        if route is not Route.BLOCKED:
            if route is Route.TRIAL:
                message = message.model_copy(
                    update={"flags": [*message.flags, Flag.HALF_OPEN_TRIAL]}
                )
            return message.recipient, route, message
        if not message.payload.allow_fallback or not contract.fallbacks:
            raise CircuitOpenError(
                f"circuit of {message.recipient!r} is open and no fallback may be used",
                recipient=message.recipient,
            )
        for name in contract.fallbacks:
            fallback = await self.contract(name)
            if fallback is None or message.operation is None:
                continue
            op = fallback.operation(message.operation)
            if op is None or self._validator(fallback, op.name)(message.payload.parameters):
                continue
            fb_route = await self.breaker.route(
                name, message.timeout or self.settings.executor_timeout
            )
            if fb_route is Route.BLOCKED:
                continue
            self.health.fallback(message.recipient, name)
            await self._notify(
                Notice(
                    kind=NoticeKind.FALLBACK_USED,
                    mission_id=message.tracing.mission_id,
                    text=(
                        f"{message.recipient} indisponível (circuito aberto); "
                        f"usando fallback {name}"
                    ),
                    detail={
                        "agent": message.recipient,
                        "fallback": name,
                        "message_id": message.message_id,
                    },
                ),
                record.lead_coordinator if record else None,
            )
            redirected = message.model_copy(
                update={
                    "message_id": self.new_id(),
                    "recipient": name,
                    "flags": [*message.flags, Flag.FALLBACK_BY_BREAKER],
                    "idempotency_key": f"{message.idempotency_key}@{name}",
                }
            )
            return name, fb_route, redirected
        raise CircuitOpenError(
            f"circuit of {message.recipient!r} is open and every fallback is unavailable",
            recipient=message.recipient,
            fallbacks=contract.fallbacks,
        )

    @staticmethod
    def _via_fallback(response: Response, fallback: str) -> Response:
        payload = response.payload.model_copy(update={"fallback_used": fallback})
        if response.status.ok:
            return response.model_copy(
                update={"status": ResponseStatus.SUCCESS_VIA_FALLBACK, "payload": payload}
            )
        error = ErrorInfo(
            code="fallback_failed",
            message=(
                f"fallback {fallback} failed too: "
                f"{response.error.message if response.error else ''}"
            ),
        )
        return response.model_copy(update={"payload": payload, "error": error})

    async def _roundtrip(
        self, target: str, message: Message, deliver: Callable[[Delivery], Any] | None = None
    ) -> Response | None:
        """Send `message` to `target` and wait for its response (or the timeout). With `deliver`
        (a coroutine function sending the delivery), None when it reports it did not send."""
        future: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
        if deliver is None and self._direct and message.attempt == 1 and not telemetry.enabled:
            worker = self._workers.get(target)
            if worker is not None and worker.can_start():
                # Served here, a slot free, nothing queued: the handler's task starts now and
                # answers `future` itself; its internal deadline (< the message timeout) bounds
                # the wait, so no sender timer is needed (see `dispatcher`).
                worker.start_request(message, future)
                return await future
        message_id = message.message_id
        self._pending[message_id] = future

        def expire() -> None:
            if not future.done():
                future.set_result(
                    timeout_response(self.new_id(), message, target, self.clock.now())
                )

        timer = self.timers.call_at(self.clock.monotonic() + (message.timeout or 0.0), expire)
        try:
            delivery = Delivery(message, self._rank(message), self.time())
            if deliver is None:
                await self.transport.deliver(target, delivery)
            elif not await deliver(delivery):
                return None
            return await future
        finally:
            timer.cancel()
            self._pending.pop(message_id, None)

    def resolve(self, response: Response) -> None:
        """A response arrived (from any transport): wake its waiter, or drop it if nobody waits."""
        future = self._pending.get(response.original_message_id)
        if future is not None and not future.done():
            future.set_result(response)

    async def reject(
        self, raw: bytes | str, error: Exception, reply_to: str | None, message_id: str | None
    ) -> None:
        log.warning("bus: rejected malformed delivery %r: %s", raw[:200], error)
