"""In-process transport (the default): deliveries go straight into mailboxes, replies straight
to the waiting future. Nothing is serialized; this is the 200k msg/s path."""

from __future__ import annotations

from switchboard.bus.envelope import Message, Response
from switchboard.bus.errors import UnknownRecipientError
from switchboard.bus.mailbox import Delivery
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.memory import MemoryState
from switchboard.bus.transports.base import Host


class InProcessTransport:
    """Messages stay in this process; the state is in memory (`MemoryState`)."""

    def connect(self, host: Host, settings: BusSettings) -> InProcessLink:
        return InProcessLink(host, settings)


class InProcessLink:
    def __init__(self, host: Host, settings: BusSettings) -> None:
        self._host = host
        self.state = MemoryState(settings.idempotency_cache_size)

    async def start(self) -> None:
        return None

    async def serve(self, agent: str) -> None:
        return None

    async def deliver(self, agent: str, delivery: Delivery) -> None:
        self.deliver_now(agent, delivery)

    def deliver_now(self, agent: str, delivery: Delivery) -> None:
        """Synchronous `deliver`: the bus's in-process fast path calls it without a coroutine."""
        mailbox = self._host.mailbox(agent)
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
            await self.state.put_result(request.idempotency_key, response, remember)
        self._host.resolve(response)

    async def ack(self, agent: str, delivery: Delivery) -> None:
        return None

    async def close(self) -> None:
        return None
