"""Routing a request once it is built and checked (spec 001 §4, §7): admission, the circuit
breaker (the recipient while CLOSED or for the one HALF-OPEN trial, a fallback while OPEN), the
attempt itself (`roundtrip`), the accounting of its outcome (breaker, budget, progress) and the
retries with exponential backoff.

On Redis the admission's throttle window, the breaker read and the send go in one round trip
(`dispatch_fused`); elsewhere the breaker is read while admission runs (shared state) or without a
coroutine (in memory).
"""

from __future__ import annotations

import asyncio

from switchboard.bus.admission import Admission
from switchboard.bus.checks import ContractChecks
from switchboard.bus.contracts import AgentContract
from switchboard.bus.core import BusCore
from switchboard.bus.envelope import ErrorInfo, Flag, Message, Response, ResponseStatus
from switchboard.bus.errors import CircuitOpenError, LoopDetectedError
from switchboard.bus.mailbox import Delivery
from switchboard.bus.mission import MissionRecord
from switchboard.bus.notices import Notice, NoticeKind
from switchboard.bus.roundtrip import Roundtrip
from switchboard.bus.safety.breaker import CircuitBreaker, Route
from switchboard.bus.safety.throttle import GLOBAL_SCOPE
from switchboard.bus.state.base import BreakerRecord, BreakerState
from switchboard.telemetry import spans as telemetry


class Routing:
    def __init__(
        self, core: BusCore, admission: Admission, checks: ContractChecks, roundtrip: Roundtrip
    ) -> None:
        self._core = core
        self._admission = admission
        self._checks = checks
        self._roundtrip = roundtrip
        self.breaker = CircuitBreaker(core.settings, core.state, core.time)
        # Shared state with a transport that can admit and send in one round trip (Redis).
        self._fused = (
            getattr(core.transport, "admit_and_deliver", None) if core.state.shared else None
        )

    # ------------------------------------------------------------------ entry points
    async def notify(self, message: Message) -> None:
        """Admit and deliver a one-way message (nobody waits for an answer)."""
        core = self._core
        await self._admission.admit(message)
        delivery = Delivery(message, core.rank(message), core.time())
        if core.local is not None:
            core.local.deliver_now(message.recipient, delivery)
        else:
            await core.transport.deliver(message.recipient, delivery)

    async def dispatch(self, message: Message, contract: AgentContract) -> Response:
        """Admit, route, send, account and retry a request; its final response."""
        if self._fused is not None:
            return await self._dispatch_fused(message, contract)
        prefetch = None
        if self._core.state.shared:  # read the breaker while admission runs: one round trip
            prefetch = asyncio.ensure_future(self._core.state.get_breaker(message.recipient))
        try:
            record = await self._admission.admit(message)
        except BaseException:
            if prefetch is not None:
                prefetch.cancel()
            raise
        return await self.call(message, contract, record, prefetch)

    async def traced(self, message: Message, contract: AgentContract) -> Response:
        """`dispatch` inside the request's `send` span, whose context travels with the message
        (`tracing.traceparent`) so the recipient's `process` span joins the trace. Only with
        tracing on: otherwise the sender reads one flag and dispatches directly."""
        with telemetry.span_bus_message(
            message.operation or message.type.value,
            direction="send",
            sender=message.sender,
            recipient=message.recipient,
            message_id=message.message_id,
        ) as span:
            message.tracing.traceparent = telemetry.current_traceparent()
            response = await self.dispatch(message, contract)
            if not response.ok:
                span.fail(response.error.code if response.error else response.status.value)
            return response

    async def _dispatch_fused(self, message: Message, contract: AgentContract) -> Response:
        """A request on Redis: the same admission as `Admission.admit`, but the throttle window
        hit, the breaker read and the XADD go to Redis as one script call (sent only if the window
        counted it and the breaker is CLOSED); otherwise the usual path takes over from there."""
        admission = self._admission
        throttle = admission.throttle
        progress = self._core.progress
        tracing = message.tracing
        mission_id = tracing.mission_id
        record = await admission.mission(mission_id) if mission_id is not None else None
        try:
            admission.admit_now(
                mission_id,
                tracing.call_path,
                tracing.depth,
                message.recipient,
                message.priority,
                message.flags,
                record,
            )  # loops, mission status, budget (no throttle: not in memory)
        except LoopDetectedError as exc:
            await admission.loop_blocked(exc, record)
            raise
        scope = mission_id or GLOBAL_SCOPE
        bucket, buckets, limit = throttle.window_args(message.priority)
        fused = self._fused
        assert fused is not None
        outcome: tuple[bool, int, BreakerRecord | None] | None = None

        async def deliver(delivery: Delivery) -> bool:
            nonlocal outcome
            outcome = await fused(scope, bucket, buckets, limit, delivery)
            if not outcome[0] or outcome[2] is not None:
                return False
            throttle.counted(scope, limit)
            if mission_id is not None:
                await progress.touch(mission_id)
            return True

        response = await self._roundtrip.exchange(message.recipient, message, deliver)
        if response is not None:
            return await self.call(message, contract, record, first=response)
        assert outcome is not None
        counted, _, known = outcome
        if not counted:  # the window is full: the throttle waits as usual, then the usual route
            await admission.admit_wait(mission_id, message.priority, message.flags, record)
            return await self.call(message, contract, record)
        throttle.counted(scope, limit)
        if mission_id is not None:
            await progress.touch(mission_id)
        return await self.call(message, contract, record, known=known)  # breaker not CLOSED

    # ------------------------------------------------------------------ attempts
    async def call(
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
        core = self._core
        s = core.settings
        mem = core.mem
        while True:
            if first is not None:
                target, route, response, first = message.recipient, Route.PASS, first, None
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
                    target, route, attempt = await self.route(message, contract, record, known)
                known = None
                try:
                    response = await self._roundtrip.roundtrip(target, attempt)
                except BaseException:
                    if route is Route.TRIAL:  # never leave the single HALF-OPEN trial taken forever
                        await self.breaker.abandon(target)
                    raise
            await self.account(message, record, target, route, response)
            if target != message.recipient:
                response = self.via_fallback(response, target)
            if response.status.ok or message.retries_left <= 0:
                return response
            wait = min(
                s.retry_backoff_max,
                s.retry_backoff_base * s.retry_backoff_factor ** (message.attempt - 1),
            )
            await core.clock.sleep(wait)
            message = message.model_copy(
                update={
                    "message_id": core.new_id(),
                    "retries_left": message.retries_left - 1,
                    "attempt": message.attempt + 1,
                    "flags": list(message.flags),
                }
            )

    async def account(
        self,
        message: Message,
        record: MissionRecord | None,
        target: str,
        route: Route,
        response: Response,
    ) -> None:
        """One attempt's outcome: circuit breaker (notice if it opened), the mission's budget and
        its progress."""
        core = self._core
        mem = core.mem
        ok = response.status.ok
        if route is Route.PASS and ok and mem is not None:
            mem.record_success_now(target, core.breaker_window)
            opened = False
        elif route is Route.PASS and ok and self.breaker.record_success_soon(target):
            opened = False  # a success changes no breaker state: recorded without waiting
        else:
            opened = await self.breaker.record(target, ok, route)
        if opened:
            await core.notify(
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
                await core.budget_guard.consume(record, consumed.tokens, consumed.api_calls)
            if mem is not None:
                mem.touch_now(record.mission_id, core.time())
            else:
                await core.progress.touch(record.mission_id)

    async def route(
        self,
        message: Message,
        contract: AgentContract,
        record: MissionRecord | None,
        known: BreakerRecord | None = None,
    ) -> tuple[str, Route, Message]:
        """Circuit breaker: the recipient if CLOSED (or this is the HALF-OPEN trial), else a
        fallback that takes the same operation and parameters and whose own circuit lets it."""
        core = self._core
        route = await self.breaker.route(
            message.recipient, message.timeout or core.executor_timeout, known
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
            fallback = await core.contract(name)
            if fallback is None or message.operation is None:
                continue
            op = fallback.operation(message.operation)
            if op is None or self._checks.validator(fallback, op.name)(message.payload.parameters):
                continue
            fb_route = await self.breaker.route(name, message.timeout or core.executor_timeout)
            if fb_route is Route.BLOCKED:
                continue
            core.health.fallback(message.recipient, name)
            await core.notify(
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
                    "message_id": core.new_id(),
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
    def via_fallback(response: Response, fallback: str) -> Response:
        """A fallback's response as the sender sees it: marked as coming from `fallback`."""
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
