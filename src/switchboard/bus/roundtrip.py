"""One attempt of a request: deliver it and wait for its response, or for the message timeout.

Responses come back through the transport (`BusCore.resolve`), matched by the request's message
id. On an in-process bus with in-memory state, a first attempt to an agent served here with a
free slot and nothing queued starts the handler directly instead (`AgentWorker.start_request`):
the handler's internal deadline (< the message timeout) bounds the wait, so no sender timer is
needed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from switchboard.bus.core import BusCore
from switchboard.bus.envelope import Message, Response, timeout_response
from switchboard.bus.mailbox import Delivery
from switchboard.telemetry import spans as telemetry


class Roundtrip:
    def __init__(self, core: BusCore) -> None:
        self._core = core

    async def roundtrip(self, target: str, message: Message) -> Response:
        """Send `message` to `target` and wait for its response (a `timeout` one at the message
        timeout)."""
        core = self._core
        if core.direct and message.attempt == 1 and not telemetry.enabled:
            worker = core.workers.get(target)
            if worker is not None and worker.can_start():
                # Served here, a slot free, nothing queued: the handler's task starts now and
                # answers `future` itself (see the module docstring).
                future: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
                worker.start_request(message, future)
                return await future
        response = await self.exchange(target, message, None)
        assert response is not None  # without `deliver`, the message is always sent
        return response

    async def exchange(
        self,
        target: str,
        message: Message,
        deliver: Callable[[Delivery], Awaitable[bool]] | None,
    ) -> Response | None:
        """`roundtrip` through the transport. With `deliver` (a coroutine function that sends the
        delivery and says whether it did: Redis's admit-and-send script), None when it did not."""
        core = self._core
        future: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
        message_id = message.message_id
        pending = core.pending
        pending[message_id] = future

        def expire() -> None:
            if not future.done():
                future.set_result(
                    timeout_response(core.new_id(), message, target, core.clock.now())
                )

        timer = core.timers.call_at(core.clock.monotonic() + (message.timeout or 0.0), expire)
        try:
            delivery = Delivery(message, core.rank(message), core.time())
            if deliver is None:
                await core.transport.deliver(target, delivery)
            elif not await deliver(delivery):
                return None
            return await future
        finally:
            timer.cancel()
            pending.pop(message_id, None)
