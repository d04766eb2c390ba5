"""Redis Streams transport: several processes on several hosts serve and call agents.

Layout (all keys under one prefix): one stream per agent (`<prefix>stream:<agent>`) read by the
consumer group of that agent — every process serving the agent is a consumer, so each message goes
to one of them; one reply stream per bus instance (`<prefix>replies:<instance>`), named in the
message's `reply_to`. A delivery is acknowledged (XACK) only after its response is written, in the
same pipeline; if a consumer dies first, the entry stays pending and another consumer takes it
over with XAUTOCLAIM after `redis_reclaim_idle_ms`. Re-running it is safe: the bus stores each
finished request under its idempotency key and answers a redelivery from that record, and handlers
get `ctx.idempotency_key` to guard their own side effects. Budgets, breakers, windows and contracts
live in `RedisState` under the same prefix, so every process applies the same rules to the same
numbers.

A request is admitted and sent in one round trip (throttle window + breaker read + XADD in one
script, `admit_and_deliver`); a worker's result, reply and ack are one script as well.

Priority across processes: each consumer fetches at most `redis_read_count` entries it can start
soon, and its local mailbox orders them by priority (and applies the starvation rules).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from datetime import UTC
from typing import Any, cast

from pydantic import ValidationError
from redis.asyncio import BlockingConnectionPool, Redis
from redis.exceptions import ResponseError

from switchboard.bus.envelope import ErrorInfo, Message, Response, ResponseStatus
from switchboard.bus.errors import MalformedMessageError
from switchboard.bus.mailbox import Delivery
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import BreakerRecord
from switchboard.bus.state.redis import RedisState
from switchboard.bus.transports.base import Host

StreamBatches = list[tuple[bytes, list[tuple[bytes, dict[bytes, bytes]]]]]
"""What XREAD/XREADGROUP return on a bytes connection (redis-py types it loosely)."""

log = logging.getLogger(__name__)


class RedisStreamsTransport:
    """Messages travel over Redis Streams at `url`; every bus instance on the same `prefix` shares
    agents, budgets, breakers and windows (`RedisState`)."""

    def __init__(
        self,
        url: str = "redis://127.0.0.1:6379",
        *,
        prefix: str = "switchboard:bus:",
        redis: Redis | None = None,
        max_connections: int = 64,
    ) -> None:
        self.url = url
        self.prefix = prefix
        # Blocking pool: under load callers wait for a connection instead of failing.
        self.redis: Redis = redis or Redis(
            connection_pool=BlockingConnectionPool.from_url(
                url, max_connections=max_connections, timeout=None
            )
        )

    def connect(self, host: Host, settings: BusSettings) -> RedisStreamsLink:
        return RedisStreamsLink(host, settings, self.redis, self.prefix)


class RedisStreamsLink:
    """`RedisStreamsTransport` opened for one bus (see the module docstring)."""

    def __init__(self, host: Host, settings: BusSettings, redis: Redis, prefix: str) -> None:
        self._host = host
        self._settings = settings
        self.redis = redis
        self.prefix = prefix
        self.state = RedisState(redis, prefix, key_ttl=max(settings.idempotency_ttl, 86_400.0))
        self._tasks: list[asyncio.Task[None]] = []
        self._served: dict[str, str] = {}
        self._closing = False

    def stream(self, agent: str) -> str:
        return f"{self.prefix}stream:{agent}"

    def reply_stream(self, instance_id: str) -> str:
        return f"{self.prefix}replies:{instance_id}"

    async def start(self) -> None:
        self._tasks.append(asyncio.get_running_loop().create_task(self._read_replies()))

    async def serve(self, agent: str) -> None:
        stream = self.stream(agent)
        with contextlib.suppress(ResponseError):  # BUSYGROUP: the group exists already
            await self.redis.xgroup_create(stream, agent, id="0", mkstream=True)
        self._served[agent] = stream
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._consume(agent, stream)))
        self._tasks.append(loop.create_task(self._reclaim(agent, stream)))

    async def deliver(self, agent: str, delivery: Delivery) -> None:
        stream = self.stream(agent)
        fields = {
            "m": delivery.message.model_dump_json(),
            "r": delivery.rank,
            "t": repr(delivery.enqueued_at),
        }
        await self.state.batch.call(lambda pipe: pipe.xadd(stream, fields))

    async def admit_and_deliver(
        self, scope: str, bucket: int, buckets: int, limit: int | None, delivery: Delivery
    ) -> tuple[bool, int, BreakerRecord | None]:
        """Throttle-window hit, breaker read and XADD of a request in one round trip (see
        `RedisState.hit_window_and_xadd`): sent only if counted and the breaker is CLOSED."""
        message = delivery.message
        fields = (message.model_dump_json(), delivery.rank, repr(delivery.enqueued_at))
        return await self.state.hit_window_and_xadd(
            scope, bucket, buckets, limit, message.recipient, self.stream(message.recipient), fields
        )

    async def reply(
        self,
        request: Message,
        response: Response,
        delivery: Delivery,
        remember: float | None = None,
    ) -> None:
        state = self.state
        if remember is None and not request.reply_to and delivery.ack is None:
            return  # nothing to store, nobody to answer, nothing to acknowledge
        # Result (before the ack: a crash in between leaves it pending, not lost), reply and ack:
        # one script call, in that order.
        await state.reply(
            state.result_key(request.idempotency_key) if remember is not None else None,
            max(1, int(remember * 1000)) if remember is not None else None,
            response.model_dump_json(),
            self.reply_stream(request.reply_to) if request.reply_to else None,
            self.stream(request.recipient),
            request.recipient,
            delivery.ack,
        )

    async def ack(self, agent: str, delivery: Delivery) -> None:
        if delivery.ack is not None:
            await self.redis.xack(self.stream(agent), agent, delivery.ack)

    # ------------------------------------------------------------------ consuming
    async def _consume(self, agent: str, stream: str) -> None:
        host, settings = self._host, self._settings
        mailbox = host.mailbox(agent)
        assert mailbox is not None
        consumer = host.instance_id
        while not self._closing:
            room = settings.redis_read_count - len(mailbox)
            if room <= 0:  # leave the backlog in Redis, where other consumers can take it
                await asyncio.sleep(settings.redis_block_ms / 4000)
                continue
            try:
                batches = cast(
                    StreamBatches,
                    await self.redis.xreadgroup(
                        agent, consumer, {stream: ">"}, count=room, block=settings.redis_block_ms
                    ),
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bus: reading %s failed", stream)
                await asyncio.sleep(0.5)
                continue
            for _, entries in batches or ():
                for entry_id, fields in entries:
                    await self._accept(agent, stream, entry_id, fields)

    async def _reclaim(self, agent: str, stream: str) -> None:
        """Take over entries a dead (or stuck) consumer left pending for too long."""
        host, settings = self._host, self._settings
        while not self._closing:
            await asyncio.sleep(settings.redis_reclaim_interval)
            start = "0-0"
            try:
                while True:
                    result = await self.redis.xautoclaim(
                        stream,
                        agent,
                        host.instance_id,
                        min_idle_time=settings.redis_reclaim_idle_ms,
                        start_id=start,
                        count=settings.redis_read_count,
                    )
                    start, entries = result[0], result[1]
                    for entry_id, fields in entries:
                        if fields:  # None when the entry was trimmed away
                            log.info("bus: reclaimed %s from %s", entry_id, stream)
                            await self._accept(agent, stream, entry_id, fields, redelivered=True)
                    if start in (b"0-0", "0-0") or not entries:
                        break
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bus: reclaiming %s failed", stream)

    async def _accept(
        self,
        agent: str,
        stream: str,
        entry_id: bytes,
        fields: dict[bytes, bytes],
        redelivered: bool = False,
    ) -> None:
        host = self._host
        raw = fields.get(b"m", b"")
        try:
            message = Message.model_validate_json(raw)
            rank, enqueued_at = int(fields[b"r"]), float(fields[b"t"])
        except (ValidationError, KeyError, ValueError) as exc:
            await self._reject(agent, stream, entry_id, raw, exc)
            return
        mailbox = host.mailbox(agent)
        if mailbox is not None:
            mailbox.put(Delivery(message, rank, enqueued_at, ack=entry_id, redelivered=redelivered))

    async def _reject(
        self, agent: str, stream: str, entry_id: bytes, raw: bytes, exc: Exception
    ) -> None:
        """Garbage on an agent's stream: answer the sender if it can be identified, ack, move on."""
        reply_to = message_id = None
        with contextlib.suppress(Exception):
            data = json.loads(raw)
            reply_to, message_id = data.get("reply_to"), data.get("message_id")
        error = MalformedMessageError(f"malformed message on {agent}'s stream: {exc}")
        if reply_to and message_id:
            host = self._host
            response = Response(
                response_id=f"{host.instance_id}-reject-{entry_id.decode()}",
                original_message_id=str(message_id),
                responded_at=_now(),
                sender=agent,
                status=ResponseStatus.TOTAL_FAILURE,
                error=ErrorInfo(code=error.code, message=error.message),
            )
            await self.redis.xadd(
                self.reply_stream(str(reply_to)), {"r": response.model_dump_json()}
            )
        await self.redis.xack(stream, agent, entry_id)
        await self._host.reject(raw, error, reply_to, message_id)

    async def _read_replies(self) -> None:
        host, settings = self._host, self._settings
        stream = self.reply_stream(host.instance_id)
        last: bytes | str = "0-0"  # the stream is this instance's own and new: read all of it
        while not self._closing:
            try:
                batches = cast(
                    StreamBatches,
                    await self.redis.xread(
                        {stream: last}, count=512, block=settings.redis_block_ms
                    ),
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bus: reading replies failed")
                await asyncio.sleep(0.5)
                continue
            for _, entries in batches or ():
                for entry_id, fields in entries:
                    last = entry_id
                    try:
                        host.resolve(Response.model_validate_json(fields[b"r"]))
                    except (ValidationError, KeyError) as exc:
                        log.warning("bus: dropping malformed reply %s: %s", entry_id, exc)

    async def close(self) -> None:
        # Cancelling redis-py in the middle of a blocking read can wedge the connection: let the
        # readers see the flag when their block times out, and cancel only what is left after that.
        self._closing = True
        if self._tasks:
            block = self._settings.redis_block_ms / 1000
            _, pending = await asyncio.wait(self._tasks, timeout=block * 2 + 0.5)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        self._tasks.clear()
        with contextlib.suppress(Exception):
            await self.redis.delete(self.reply_stream(self._host.instance_id))
        await self.redis.aclose()


def _now() -> Any:
    from datetime import datetime

    return datetime.now(UTC)
