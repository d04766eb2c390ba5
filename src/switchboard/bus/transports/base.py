"""The transport port. Transports move messages and responses; they decide nothing.

Validation, safety rules, retries and timeouts all happen in the bus, once, whatever the
transport; a transport only delivers to an agent's queue, feeds locally served agents' mailboxes,
routes responses back to the waiting bus instance and acknowledges handled deliveries.

Two objects per transport: the `Transport` a caller chooses and configures
(`MessageBus(RedisStreamsTransport(url))`), and the `Link` it opens for one bus with `connect`,
which receives its `Host` (the bus) and the settings in its constructor, so it never holds a
host that may still be missing.
"""

from __future__ import annotations

from typing import Protocol

from switchboard.bus.envelope import Message, Response
from switchboard.bus.mailbox import Delivery, Mailbox
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import StateBackend


class Host(Protocol):
    """What a transport needs from the bus that owns it."""

    instance_id: str

    def mailbox(self, agent: str) -> Mailbox | None: ...
    def resolve(self, response: Response) -> None: ...
    async def reject(
        self, raw: bytes | str, error: Exception, reply_to: str | None, message_id: str | None
    ) -> None:
        """A delivery that is not a valid message: answer its sender if we can tell who it is."""
        ...


class Link(Protocol):
    """A transport opened for one bus."""

    @property
    def state(self) -> StateBackend:
        """Where the safety rules keep their numbers: shared when the transport is (Redis)."""
        ...

    async def start(self) -> None: ...
    async def serve(self, agent: str) -> None:
        """Start feeding `agent`'s mailbox in this process."""
        ...

    async def deliver(self, agent: str, delivery: Delivery) -> None: ...
    async def reply(
        self,
        request: Message,
        response: Response,
        delivery: Delivery,
        remember: float | None = None,
    ) -> None:
        """Send the response to whoever waits for it, then acknowledge the delivery.

        With `remember`, also store the response under the request's idempotency key for that many
        seconds (in the same round trip when the transport can), so a redelivery is answered from
        it.
        """
        ...

    async def ack(self, agent: str, delivery: Delivery) -> None: ...
    async def close(self) -> None: ...


class Transport(Protocol):
    """How messages travel, as chosen by whoever builds the bus."""

    def connect(self, host: Host, settings: BusSettings) -> Link:
        """Open this transport for `host` (not started yet: `Link.start`)."""
        ...
