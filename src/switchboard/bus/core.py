"""`BusCore`: the wiring every part of the bus shares.

`MessageBus` is a façade over parts that each own one step of a message's life: `checks`
(contract, schema and size), `sending` (a `MessageSpec` becomes a `Message`), `admission` (loops →
mission/budget → throttle), `routing` (circuit breaker, fallback, retry, accounting), `roundtrip`
(deliver and wait under the timeout) and `fast_path` (the in-memory shortcuts). They all read the
same clock, state, transport, contract cache and shared monitors: this object, built once per bus,
so no part reaches into another's attributes and the façade holds no logic.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time as _time
from collections import deque
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from switchboard.bus.contracts import AgentContract
from switchboard.bus.envelope import (
    Message,
    MessageType,
    Payload,
    Priority,
    Response,
    Tracing,
    rank,
)
from switchboard.bus.mailbox import Delivery, Mailbox
from switchboard.bus.notices import BUS_SENDER, Notice
from switchboard.bus.safety.budget import BudgetGuard
from switchboard.bus.safety.health import HealthMonitor
from switchboard.bus.safety.progress import ProgressWatch
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.memory import MemoryState
from switchboard.bus.timers import Timers
from switchboard.bus.transports.base import Link, Transport
from switchboard.bus.transports.in_process import InProcessLink
from switchboard.core.clock import Clock, SystemClock

if TYPE_CHECKING:
    from switchboard.bus.dispatcher import AgentWorker

log = logging.getLogger(__name__)


class BusCore:
    """Shared by the parts of one bus: configuration, clock reads, state, transport, the contract
    cache, the agents served here, and the monitors more than one part feeds (health, budget,
    progress, notices). It is also the transport's `Host`: the link it opens receives it in its
    constructor."""

    def __init__(
        self, transport: Transport, settings: BusSettings, clock: Clock, instance_id: str
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.instance_id = instance_id
        self.transport: Link = transport.connect(self, settings)
        self.state = self.transport.state
        # Shared state needs one time base across hosts: wall clock; alone, the monotonic clock.
        # With the system clock, the same functions bound directly (one call less per read).
        system = type(clock) is SystemClock
        self.now: Callable[[], datetime] = partial(datetime.now, UTC) if system else clock.now
        """`sent_at` / `responded_at` timestamps."""
        self.monotonic: Callable[[], float] = _time.monotonic if system else clock.monotonic
        """Deadlines and elapsed times."""
        self.time: Callable[[], float]
        """The safety rules' time base (windows, progress, breaker cool-downs)."""
        if self.state.shared:
            self.time = _time.time if system else (lambda: clock.now().timestamp())
        else:
            self.time = _time.monotonic if system else clock.monotonic
        # In-memory state and transport answer synchronously: the fast paths need no round trip.
        self.mem: MemoryState | None = self.state if type(self.state) is MemoryState else None
        self.local: InProcessLink | None = (
            self.transport if type(self.transport) is InProcessLink else None
        )
        # Requests may start their handler directly (no mailbox, no worker hop) when both are in
        # memory and the internal deadline comes before the message timeout (`dispatcher`).
        self.direct = (
            self.mem is not None and self.local is not None and settings.executor_deadline_ratio < 1
        )
        # Settings read per message, as plain attributes: a Pydantic field read costs ten times
        # a plain attribute read (its `__getattr__` hook).
        self.executor_timeout = settings.executor_timeout
        self.coordinator_timeout = settings.coordinator_timeout
        self.default_retries = settings.default_retries
        self.breaker_window = settings.breaker_window
        self.deadline_ratio = settings.executor_deadline_ratio
        self.timers = Timers(clock)
        self.health = HealthMonitor(settings.health_window)
        self.budget_guard = BudgetGuard(settings, self.state, self.notify)
        self.progress = ProgressWatch(settings, self.state, clock, self.time, self.notify)
        self.notices: deque[Notice] = deque(maxlen=1000)
        self.observers: list[Callable[[Notice], None]] = []
        self.request_observers: list[Callable[[Message], None]] = []
        self.contracts: dict[str, AgentContract] = {}
        """Contracts seen by this process (registered here or read from the state)."""
        self.workers: dict[str, AgentWorker] = {}
        self.mailboxes: dict[str, Mailbox] = {}
        self.pending: dict[str, asyncio.Future[Response]] = {}
        """Requests sent by this bus instance and not answered yet, by message id."""
        self.ids = itertools.count(1)
        self._background: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ the transport's host
    def mailbox(self, agent: str) -> Mailbox | None:
        """The mailbox of `agent` if this process serves it."""
        return self.mailboxes.get(agent)

    def resolve(self, response: Response) -> None:
        """A response arrived (from any transport): wake its waiter, or drop it if nobody waits."""
        future = self.pending.get(response.original_message_id)
        if future is not None and not future.done():
            future.set_result(response)

    async def reject(
        self, raw: bytes | str, error: Exception, reply_to: str | None, message_id: str | None
    ) -> None:
        """A malformed delivery (the transport answered its sender if it could): logged."""
        log.warning("bus: rejected malformed delivery %r: %s", raw[:200], error)

    # ------------------------------------------------------------------ serving
    async def serve(self, worker: AgentWorker) -> None:
        """Serve `worker.agent` in this process: its mailbox, its workers, its transport feed."""
        self.workers[worker.agent] = worker
        self.mailboxes[worker.agent] = worker.mailbox
        worker.start()
        await self.transport.serve(worker.agent)

    async def close(self) -> None:
        """Stop serving, then close the timers, the transport and the state."""
        for worker in self.workers.values():
            await worker.stop()
        await self.timers.close()
        await self.transport.close()
        await self.state.close()

    def new_id(self) -> str:
        """A message or response id unique across bus instances."""
        return f"{self.instance_id}-{next(self.ids)}"

    async def contract(self, name: str) -> AgentContract | None:
        """An agent's contract, from the cache or the (possibly shared) state."""
        found = self.contracts.get(name)
        if found is None:
            found = await self.state.get_contract(name)
            if found is not None:
                self.contracts[name] = found
        return found

    def rank(self, message: Message) -> int:
        """Queue order of `message` (priority, then coordinators before executors)."""
        contract = self.contracts.get(message.sender)
        return rank(message.priority, contract is None or contract.is_coordinator)

    def observe(self, message: Message) -> None:
        """Tell the `on_request` observers about a request this process sends."""
        for observer in list(self.request_observers):
            observer(message)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run bus bookkeeping in the background (a reference is kept until it finishes)."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def notify(self, notice: Notice, lead: str | None) -> None:
        """Record a safety notice, tell the observers and, unless it is internal, send it to the
        mission's lead coordinator as a CRITICAL notification (spec §4: the lead decides)."""
        self.notices.append(notice)
        for observer in self.observers:
            observer(notice)
        log.info("bus notice %s mission=%s: %s", notice.kind, notice.mission_id, notice.text)
        if notice.internal or lead is None or await self.contract(lead) is None:
            return
        message_id = self.new_id()
        message = Message(
            message_id=message_id,
            sent_at=self.now(),
            priority=Priority.CRITICAL,
            sender=BUS_SENDER,
            recipient=lead,
            type=MessageType.NOTIFICATION,
            payload=Payload(
                objective=notice.kind.value,
                context=notice.model_dump(mode="json"),
                expects_callback=False,
                allow_fallback=False,
            ),
            tracing=Tracing(mission_id=notice.mission_id, depth=1, call_path=[BUS_SENDER]),
            idempotency_key=message_id,
            reply_to=self.instance_id,
        )
        try:
            await self.transport.deliver(
                lead, Delivery(message, rank(Priority.CRITICAL, True), self.time())
            )
        except Exception:
            log.exception("bus: could not deliver %s notice to %s", notice.kind, lead)
