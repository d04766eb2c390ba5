"""In-process transport (the default): deliveries go straight into mailboxes, replies straight
to the waiting future. Nothing is serialized; this is the 200k msg/s path."""

from __future__ import annotations

from switchboard.bus.envelope import Message, Response
from switchboard.bus.errors import UnknownRecipientError
from switchboard.bus.mailbox import Delivery
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import StateBackend
from switchboard.bus.state.memory import MemoryState
from switchboard.bus.transports.base import Host


class InProcessTransport:
    def __init__(self) -> None:
        self._host: Host | None = None
        self._state: StateBackend | None = None

    def make_state(self, settings: BusSettings) -> StateBackend:
        self._state = MemoryState(settings.idempotency_cache_size)
        return self._state

    async def start(self, host: Host) -> None:
        self._host = host

    async def serve(self, agent: str) -> None:
        return None

    async def deliver(self, agent: str, delivery: Delivery) -> None:
        self.deliver_now(agent, delivery)

    def deliver_now(self, agent: str, delivery: Delivery) -> None:
        """Synchronous `deliver`: the bus's in-process fast path calls it without a coroutine."""
        mailbox = self._host.mailbox(agent)  # type: ignore[union-attr]
        if mailbox is None:
            raise UnknownRecipientError(
                f"agent {agent!r} has no handler in this process", recipient=agent
            )
        mailbox.put(delivery)

    async def reply(
        self,
        request: Message,
        response: Response,
        delivery: Delivery,
        remember: float | None = None,
    ) -> None:
        if remember is not None:
            await self._state.put_result(request.idempotency_key, response, remember)  # type: ignore[union-attr]
        self._host.resolve(response)  # type: ignore[union-attr]

    async def ack(self, agent: str, delivery: Delivery) -> None:
        return None

    async def close(self) -> None:
        return None
