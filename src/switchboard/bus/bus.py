"""`MessageBus`: the API agents use to register, talk and ask about budgets (spec 001 §4).

A façade: each step of a message's life is a part of its own, sharing one `BusCore` — `checks`
(contract, schema, size), `sending` (a `MessageSpec` becomes a `Message`), `admission` (loops →
mission/budget → throttle), `routing` (circuit breaker, fallback, retry, accounting), `roundtrip`
(deliver and wait under the timeout) and `fast_path` (the in-memory shortcuts, with the
benchmarks that justify them). The serving side is `dispatcher`.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Coroutine
from typing import Any

from switchboard.bus.admission import Admission
from switchboard.bus.checks import ContractChecks
from switchboard.bus.contracts import AgentContract
from switchboard.bus.core import BusCore
from switchboard.bus.dispatcher import AgentWorker, Handler
from switchboard.bus.envelope import Message, MessageType, Priority, ResourceEstimate, Response
from switchboard.bus.fast_path import FastPath
from switchboard.bus.mailbox import Mailbox
from switchboard.bus.mission import BudgetStatus, MissionRecord
from switchboard.bus.missions import Missions
from switchboard.bus.notices import Notice
from switchboard.bus.roundtrip import Roundtrip
from switchboard.bus.routing import Routing
from switchboard.bus.safety.health import AgentHealth
from switchboard.bus.sending import Sending
from switchboard.bus.settings import BusSettings
from switchboard.bus.spec import MessageSpec
from switchboard.bus.state.base import BreakerState
from switchboard.bus.transports.base import Transport
from switchboard.bus.transports.in_process import InProcessTransport
from switchboard.core.clock import SYSTEM_CLOCK, Clock


class MessageBus:
    """The agents' message bus: contracts, request/response with timeouts and retries, missions
    with budgets, and the safety systems, over any `Transport` (in-process by default)."""

    def __init__(
        self,
        transport: Transport | None = None,
        *,
        settings: BusSettings | None = None,
        clock: Clock | None = None,
        instance_id: str | None = None,
    ) -> None:
        core = self._core = BusCore(
            transport or InProcessTransport(),
            settings or BusSettings(),
            clock or SYSTEM_CLOCK,
            instance_id or uuid.uuid4().hex[:12],
        )
        self._checks = ContractChecks(core)
        self._admission = Admission(core)
        self._roundtrip = Roundtrip(core)
        self._routing = Routing(core, self._admission, self._checks, self._roundtrip)
        self._sending = Sending(core, self._checks, self._routing)
        self._fast = FastPath(
            core, self._checks, self._admission, self._routing, self._sending.request
        )
        # What agents, transports and dashboards read, as before the split.
        self.settings, self.clock, self.instance_id = core.settings, core.clock, core.instance_id
        self.transport, self.state, self.timers = core.transport, core.state, core.timers
        self.monotonic, self.time, self.notices = core.monotonic, core.time, core.notices
        self.health, self.budget_guard, self.progress = (
            core.health,
            core.budget_guard,
            core.progress,
        )
        self.loops, self.throttle = self._admission.loops, self._admission.throttle
        self.breaker = self._routing.breaker
        self._missions = Missions(core, self._admission)
        # Internals the behavioural tests probe.
        self._workers, self._pending, self._direct = core.workers, core.pending, core.direct
        self._observers, self._request_observers = core.observers, core.request_observers
        self._started = False

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> MessageBus:
        if not self._started:
            self._started = True
            await self._core.transport.start()
        return self

    async def close(self) -> None:
        await self._missions.stop_watching()
        await self._core.close()

    async def __aenter__(self) -> MessageBus:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def new_id(self) -> str:
        return self._core.new_id()

    # ------------------------------------------------------------------ registry
    async def register(self, contract: AgentContract, handler: Handler | None = None) -> None:
        """Publish an agent's contract; with a handler, this process also serves it."""
        await self.start()
        core = self._core
        core.contracts[contract.name] = contract
        self._checks.forget(contract.name)
        await core.state.put_contract(contract)
        if handler is not None and contract.name not in core.workers:
            concurrency = contract.max_concurrency or core.settings.default_concurrency
            await core.serve(AgentWorker(core, self, contract.name, handler, concurrency))

    async def contract(self, name: str) -> AgentContract | None:
        return await self._core.contract(name)

    def mailbox(self, agent: str) -> Mailbox | None:
        worker = self._core.workers.get(agent)
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
        return await self._missions.open(
            mission_id, lead_coordinator, token_budget, api_call_budget, global_timeout
        )

    async def close_mission(self, mission_id: str) -> None:
        await self._missions.close(mission_id)

    async def mission(self, mission_id: str) -> MissionRecord:
        return await self._admission.mission(mission_id)

    async def charge(self, mission_id: str, *, tokens: int = 0, api_calls: int = 0) -> None:
        """Add resources an agent consumed itself (a coordinator's own model calls) to the
        mission's consumption, as responses' `consumed` is: the budget flags and the exhausted
        notice see them."""
        await self._missions.charge(mission_id, tokens, api_calls)

    async def budget(self, mission_id: str) -> BudgetStatus:
        """Remaining budget of a mission; any agent may ask."""
        return await self._missions.budget(mission_id)

    # ------------------------------------------------------------------ observability
    def on_notice(self, callback: Callable[[Notice], None]) -> Callable[[], None]:
        """Call `callback` with every notice; returns the function that stops it."""
        self._core.observers.append(callback)
        return lambda: self._core.observers.remove(callback)

    def on_request(self, callback: Callable[[Message], None]) -> Callable[[], None]:
        """Call `callback` with every request this process sends (progress lines, tracing);
        returns the function that stops it."""
        self._core.request_observers.append(callback)
        return lambda: self._core.request_observers.remove(callback)

    def agent_health(self) -> dict[str, AgentHealth]:
        """Passive per-agent metrics (latency, success rate, load, fallback use) for dashboards."""
        for name in self._core.workers:
            self._core.health.snapshot(name)  # agents served here appear before any request
        return self._core.health.all()

    async def breaker_state(self, agent: str) -> BreakerState:
        return await self._routing.breaker.state(agent)

    # ------------------------------------------------------------------ sending
    def send(
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
    ) -> Coroutine[Any, Any, str]:
        """One-way notification (callback_esperado = false); awaited, the message id.

        A plain function returning the sending coroutine, not a coroutine of its own: awaiting a
        façade coroutine that awaits the part's added a frame to every message (+3k instructions
        a request, `bench/bus/RESULTS_bus.md`). Callers `await bus.send(...)` as before."""
        if self._core.mem is not None:  # positional: see `fast_path`
            return self._fast.send(
                sender, recipient, operation, parameters, priority, mission_id, parent,
                objective, context,
            )  # fmt: skip
        spec = MessageSpec(
            type=MessageType.NOTIFICATION,
            sender=sender,
            recipient=recipient,
            operation=operation,
            parameters=parameters,
            priority=priority,
            mission_id=mission_id,
            parent=parent,
            objective=objective,
            context=context,
        )
        return self._sending.send(spec)

    def request(
        self,
        sender: str,
        recipient: str,
        operation: str,
        parameters: dict[str, Any] | None = None,
        *,
        priority: Priority = Priority.NORMAL,
        mission_id: str | None = None,
        parent: Message | None = None,
        timeout: float | None = None,  # the message's own timeout (spec §7)
        retries: int | None = None,
        objective: str = "",
        context: dict[str, Any] | None = None,
        allow_fallback: bool = True,
        estimated: ResourceEstimate | None = None,
    ) -> Coroutine[Any, Any, Response]:
        """Ask `recipient` to run `operation`; awaited, its response.

        Refusals before delivery raise typed errors (`UnknownRecipientError`, `SchemaMismatchError`,
        `LoopDetectedError`, `BudgetExhaustedError`, `CircuitOpenError`...). Once delivered, the
        outcome is the returned `Response`: its `status` says success, fallback, partial/total
        failure or timeout. The options are `MessageSpec`'s. Like `send`, a plain function
        returning the part's coroutine (one frame less per request).
        """
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
        return self._sending.request(spec)

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
        """`request`, started now, for callers that run several at once (a coordinator's wave):
        same rules, same outcome. The future gets the response or the error; `on_done()` is
        called once it has, in the step that resolves it (a caller waiting for a whole wave needs
        no callback per future, each a hop through the event loop). See `fast_path`."""
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
        return self._fast.request_soon(spec, on_done)

    def _request_soon(
        self, spec: MessageSpec, on_done: Callable[[], None] | None
    ) -> asyncio.Future[Response]:
        """`request_soon` for a spec already built (`RequestContext.request_soon`)."""
        return self._fast.request_soon(spec, on_done)

    async def submit(self, raw: Message | dict[str, Any] | str | bytes) -> Response | str:
        """Boundary entry for messages built outside the bus (JSON, other systems): validated
        fully."""
        return await self._sending.submit(raw)
