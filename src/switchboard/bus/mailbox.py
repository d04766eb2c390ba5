"""An agent's local queue: priority order plus the starvation escape hatch.

Both transports feed deliveries into one `Mailbox` per locally served agent, so ordering and
starvation behave the same whether messages come from memory or from a Redis stream.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections import deque
from collections.abc import Callable
from typing import Any

from switchboard.bus.envelope import Message, MessageType


class Delivery:
    """One message handed to a mailbox, with what is needed to order, age and acknowledge it."""

    __slots__ = ("_message", "ack", "enqueued_at", "forced", "rank", "redelivered", "type")

    def __init__(
        self,
        message: Message,
        rank: int,
        enqueued_at: float,
        ack: Any = None,
        redelivered: bool = False,
    ) -> None:
        self._message = message
        self.type: MessageType = message.type
        self.rank = rank
        self.enqueued_at = enqueued_at
        self.ack = ack
        """Transport token to acknowledge after handling (Redis: stream entry id)."""
        self.forced = False
        self.redelivered = redelivered
        """The transport handed this message out before (a dead consumer's, reclaimed)."""

    @property
    def message(self) -> Message:
        """The message (a `fast_path.LazyDelivery` builds it on first use)."""
        return self._message

    @property
    def parameters(self) -> dict[str, Any]:
        """`message.payload.parameters` (without building the message, when it is lazy)."""
        return self._message.payload.parameters


class Mailbox:
    __slots__ = ("_heap", "_seq", "_waiters")

    def __init__(self) -> None:
        self._heap: list[tuple[int, int, Delivery]] = []
        self._seq = itertools.count()
        self._waiters: deque[asyncio.Future[None]] = deque()

    def __len__(self) -> int:
        return len(self._heap)

    def put(self, delivery: Delivery) -> None:
        heapq.heappush(self._heap, (delivery.rank, next(self._seq), delivery))
        if self._waiters:
            self._wake()

    def pop_now(self) -> Delivery | None:
        """The next delivery if one is waiting (no await), else None."""
        heap = self._heap
        return heapq.heappop(heap)[2] if heap else None

    async def get(self) -> Delivery:
        await self.wait()
        return heapq.heappop(self._heap)[2]

    async def wait(self) -> None:
        """Until a delivery is waiting (without taking it)."""
        heap = self._heap
        while not heap:
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled() and heap:
                    self._wake()  # pass the wake-up on
                raise

    def _wake(self) -> None:
        waiters = self._waiters
        while waiters:
            waiter = waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                break

    def take(self, select: Callable[[Delivery], bool]) -> list[Delivery]:
        """Remove and return the waiting deliveries `select` picks (used by the starvation scan)."""
        picked = [entry for entry in self._heap if select(entry[2])]
        if picked:
            chosen = {id(entry) for entry in picked}
            self._heap = [entry for entry in self._heap if id(entry) not in chosen]
            heapq.heapify(self._heap)
        return [entry[2] for entry in picked]
