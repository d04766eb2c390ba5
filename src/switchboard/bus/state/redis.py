"""State shared by every process through Redis: same records as `MemoryState`, one key prefix.

Counters that must not race (window hits, breaker outcomes) are small Lua scripts, so one round
trip does read-and-update atomically; the *decisions* stay in the Python safety rules.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from redis.exceptions import NoScriptError

from switchboard.bus.contracts import AgentContract
from switchboard.bus.envelope import Response
from switchboard.bus.mission import MissionRecord, MissionStatus
from switchboard.bus.state.base import BreakerRecord, BreakerState

_WINDOW = """
local bucket = tonumber(ARGV[1]); local buckets = tonumber(ARGV[2]); local limit = tonumber(ARGV[3])
local vals = redis.call('HGETALL', KEYS[1]); local total = 0
for i = 1, #vals, 2 do
  local b = tonumber(vals[i])
  if b <= bucket - buckets then redis.call('HDEL', KEYS[1], vals[i]) else total = total + tonumber(vals[i + 1]) end
end
if limit >= 0 and total > limit then return {0, total} end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
"""

_HIT_WINDOW = (
    _WINDOW
    + """
return {1, total + 1}
"""
)

# Admission and delivery of a request in one round trip: count it in the throttle window (same
# rule as _HIT_WINDOW); then, only if the recipient's breaker is CLOSED (the one state in which the
# breaker routes to the recipient without doing anything), XADD it to the recipient's stream.
# Otherwise nothing is sent and the breaker record is returned for the Python rules to route.
_HIT_WINDOW_AND_XADD = (
    _WINDOW
    + """
local state = redis.call('HGET', KEYS[2], 'state')
if state and state ~= 'closed' then return {1, total + 1, state, redis.call('HGET', KEYS[2], 'opened_at')} end
redis.call('XADD', KEYS[3], '*', 'm', ARGV[5], 'r', ARGV[6], 't', ARGV[7])
return {1, total + 1}
"""
)

# The outcome list is only needed to judge a failure; a success returns just the counter.
_RECORD_OUTCOME = """
redis.call('LPUSH', KEYS[1], ARGV[1]); redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
if ARGV[1] == '1' then redis.call('SET', KEYS[2], 0); return {0, {}} end
local c = redis.call('INCR', KEYS[2])
return {c, redis.call('LRANGE', KEYS[1], 0, -1)}
"""

# `n` successes in a row (ARGV[2]): what `n` calls of _RECORD_OUTCOME with '1' leave behind.
_RECORD_SUCCESSES = """
local window = tonumber(ARGV[1])
for i = 1, math.min(tonumber(ARGV[2]), window) do redis.call('LPUSH', KEYS[1], '1') end
redis.call('LTRIM', KEYS[1], 0, window - 1)
redis.call('SET', KEYS[2], 0)
return 1
"""

# The worker's answer in one command: store the result (if asked), reply, then acknowledge.
_REPLY = """
if ARGV[2] ~= '' then redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2])) end
if KEYS[2] ~= '' then redis.call('XADD', KEYS[2], 'MAXLEN', '~', 10000, '*', 'r', ARGV[1]) end
if ARGV[3] ~= '' then redis.call('XACK', KEYS[3], ARGV[4], ARGV[3]) end
return 1
"""


class AutoPipeline:
    """Coalesce the commands that many coroutines issue in the same loop turn into one pipeline.

    Under concurrency the bus issues a few small commands per message from many tasks; sending
    them one by one costs a round trip and redis-py's per-call overhead each. Queued commands are
    flushed together on the next loop iteration (no added latency when alone).
    """

    def __init__(self, redis: Any) -> None:
        self._redis = redis
        self._queue: list[
            tuple[Callable[[Any], Any], asyncio.Future[Any], Callable[[], Awaitable[Any]] | None]
        ] = []
        self._flushing = False

    def call(
        self, add: Callable[[Any], Any], retry: Callable[[], Awaitable[Any]] | None = None
    ) -> asyncio.Future[Any]:
        """`add(pipe)` queues one command on the pipeline; the future gets its result.

        (`pipe` may also be the client itself, when the command is alone: `add` must return what
        the method returns, which the flush then awaits.)

        `retry`: for EVALSHA, run instead when Redis does not know the script (NOSCRIPT: nothing
        was executed), e.g. after a SCRIPT FLUSH or on a new server; it loads the script.
        """
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._queue.append((add, future, retry))
        if not self._flushing:
            # The flush task's first step runs on the next loop turn: whatever other tasks queue
            # until then goes in the same pipeline.
            self._flushing = True
            self._start_flush(loop)
        return future

    def _start_flush(self, loop: asyncio.AbstractEventLoop) -> None:
        task = loop.create_task(self._flush())
        _FLUSHES.add(task)
        task.add_done_callback(_FLUSHES.discard)

    async def _flush(self) -> None:
        batch, self._queue = self._queue, []
        self._flushing = False
        try:
            if len(batch) == 1:  # alone: the command itself, without a pipeline's extra work
                try:
                    results = [await batch[0][0](self._redis)]
                except Exception as exc:  # as `raise_on_error=False` would report it
                    results = [exc]
            else:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for add, _, _ in batch:
                        add(pipe)
                    results = await pipe.execute(raise_on_error=False)
        except BaseException as exc:
            for _, future, _ in batch:
                if not future.done():
                    future.set_exception(
                        exc if isinstance(exc, Exception) else RuntimeError("redis flush cancelled")
                    )
            if not isinstance(exc, Exception):
                raise
            return
        for (_, future, retry), result in zip(batch, results, strict=True):
            if future.done():
                continue
            if isinstance(result, NoScriptError) and retry is not None:
                task = asyncio.get_running_loop().create_task(_chain(retry(), future))
                _FLUSHES.add(task)
                task.add_done_callback(_FLUSHES.discard)
            elif isinstance(result, Exception):
                future.set_exception(result)
            else:
                future.set_result(result)


async def _chain(call: Awaitable[Any], future: asyncio.Future[Any]) -> None:
    try:
        result = await call
    except BaseException as exc:
        if not future.done():
            future.set_exception(
                exc if isinstance(exc, Exception) else RuntimeError("redis call cancelled")
            )
        if not isinstance(exc, Exception):
            raise
        return
    if not future.done():
        future.set_result(result)


_FLUSHES: set[asyncio.Task[None]] = set()


def _eval(pipe: Any, script: Any, keys: list[Any], args: list[Any]) -> Any:
    # Plain EVALSHA: registering the script on the pipeline would cost a SCRIPT EXISTS round trip
    # on every flush. An unknown script (NOSCRIPT) is run again by `_script_call`, which loads it.
    return pipe.evalsha(script.sha, len(keys), *keys, *args)


def _script_call(
    batch: AutoPipeline, script: Any, keys: list[Any], args: list[Any]
) -> asyncio.Future[Any]:
    return batch.call(
        lambda pipe: _eval(pipe, script, keys, args), lambda: script(keys=keys, args=args)
    )


_MISSION_INT = ("token_budget", "api_call_budget", "tokens_used", "api_calls_used")


class RedisState:
    shared = True

    def __init__(self, redis: Any, prefix: str, *, key_ttl: float = 86_400.0) -> None:
        self._r = redis
        self._p = prefix
        self._ttl = int(key_ttl)
        self._hit = redis.register_script(_HIT_WINDOW)
        self._outcome = redis.register_script(_RECORD_OUTCOME)
        self._hit_xadd = redis.register_script(_HIT_WINDOW_AND_XADD)
        self._reply = redis.register_script(_REPLY)
        self._successes_script = redis.register_script(_RECORD_SUCCESSES)
        self._successes: dict[str, list[Any]] = {}
        """Per agent: successes queued for the next flush, not yet sent ([count, future])."""
        self.batch = AutoPipeline(redis)

    def _k(self, *parts: str) -> str:
        return self._p + ":".join(parts)

    async def put_contract(self, contract: AgentContract) -> None:
        await self._r.hset(self._k("contracts"), contract.name, contract.model_dump_json())

    async def get_contract(self, name: str) -> AgentContract | None:
        raw = await self._r.hget(self._k("contracts"), name)
        return AgentContract.model_validate_json(raw) if raw else None

    async def put_mission(self, record: MissionRecord) -> None:
        data = {k: ("" if v is None else str(v)) for k, v in record.as_dict().items()}
        key = self._k("mission", record.mission_id)
        async with self._r.pipeline(transaction=True) as pipe:
            pipe.delete(key).hset(key, mapping=data).expire(key, self._ttl)
            await pipe.execute()

    async def get_mission(self, mission_id: str) -> MissionRecord | None:
        key = self._k("mission", mission_id)
        raw = await self.batch.call(lambda pipe: pipe.hgetall(key))
        if not raw:
            return None
        data: dict[str, Any] = {k.decode(): v.decode() for k, v in raw.items()}
        for name in _MISSION_INT:
            data[name] = int(data[name])
        data["started_at"] = float(data["started_at"])
        data["global_timeout"] = float(data["global_timeout"]) if data["global_timeout"] else None
        return MissionRecord(**data)

    async def add_consumption(
        self, mission_id: str, tokens: int, api_calls: int
    ) -> tuple[int, int]:
        key = self._k("mission", mission_id)
        async with self._r.pipeline(transaction=True) as pipe:
            pipe.hincrby(key, "tokens_used", tokens).hincrby(key, "api_calls_used", api_calls)
            used_tokens, used_calls = await pipe.execute()
        return int(used_tokens), int(used_calls)

    async def set_mission_status(self, mission_id: str, status: MissionStatus) -> None:
        await self._r.hset(self._k("mission", mission_id), "status", status.value)

    async def once(self, key: str) -> bool:
        return bool(await self._r.set(self._k("once", key), 1, nx=True, ex=self._ttl))

    async def touch(self, mission_id: str, at: float) -> None:
        key, value = self._k("activity", mission_id), repr(at)
        await self.batch.call(lambda pipe: pipe.set(key, value, ex=self._ttl))

    async def last_activity(self, mission_id: str) -> float | None:
        raw = await self._r.get(self._k("activity", mission_id))
        return float(raw) if raw is not None else None

    async def hit_window(
        self, scope: str, bucket: int, buckets: int, limit: int | None
    ) -> tuple[bool, int]:
        keys, args = (
            [self._k("window", scope)],
            [bucket, buckets, -1 if limit is None else limit, self._ttl],
        )
        counted, total = await _script_call(self.batch, self._hit, keys, args)
        return bool(counted), int(total)

    async def hit_window_and_xadd(
        self,
        scope: str,
        bucket: int,
        buckets: int,
        limit: int | None,
        agent: str,
        stream: str,
        fields: tuple[Any, Any, Any],
    ) -> tuple[bool, int, BreakerRecord | None]:
        """`hit_window`, then XADD `fields` (m, r, t) to `stream` if `agent`'s breaker is CLOSED, in
        one round trip. Returns (counted, window total, None if sent else the breaker record)."""
        keys = [self._k("window", scope), self._k("breaker", agent), stream]
        args = [bucket, buckets, -1 if limit is None else limit, self._ttl, *fields]
        result = await _script_call(self.batch, self._hit_xadd, keys, args)
        if len(result) == 2:
            return bool(result[0]), int(result[1]), None
        state, opened_at = result[2], result[3]
        return (
            True,
            int(result[1]),
            BreakerRecord(
                BreakerState(state.decode() if isinstance(state, bytes) else state),
                float(opened_at) if opened_at else 0.0,
            ),
        )

    def reply(
        self,
        result_key: str | None,
        ttl_ms: int | None,
        body: str,
        reply_stream: str | None,
        stream: str,
        group: str,
        entry: Any,
    ) -> asyncio.Future[Any]:
        """Store the result (if `result_key`), XADD the reply (if `reply_stream`) and XACK `entry`
        (if any) in this order, as one command."""
        keys = [result_key or "", reply_stream or "", stream]
        args = [
            body,
            "" if result_key is None or ttl_ms is None else ttl_ms,
            "" if entry is None else entry,
            group,
        ]
        return _script_call(self.batch, self._reply, keys, args)

    async def get_breaker(self, agent: str) -> BreakerRecord:
        key = self._k("breaker", agent)
        raw = await self.batch.call(lambda pipe: pipe.hgetall(key))
        if not raw:
            return BreakerRecord()
        return BreakerRecord(BreakerState(raw[b"state"].decode()), float(raw[b"opened_at"]))

    async def put_breaker(self, agent: str, record: BreakerRecord) -> None:
        await self._r.hset(
            self._k("breaker", agent),
            mapping={"state": record.state.value, "opened_at": repr(record.opened_at)},
        )

    async def record_outcome(self, agent: str, ok: bool, window: int) -> tuple[int, list[bool]]:
        self._successes.pop(agent, None)  # successes queued before stay before this outcome
        keys, args = (
            [self._k("outcomes", agent), self._k("consecutive", agent)],
            ["1" if ok else "0", window],
        )
        consecutive, outcomes = await _script_call(self.batch, self._outcome, keys, args)
        return int(consecutive), [o in (b"1", "1") for o in outcomes]

    def record_success_soon(self, agent: str, window: int) -> asyncio.Future[Any]:
        """`record_outcome(agent, True, window)` queued on the next pipeline, not awaited.

        Successes of one agent queued before that pipeline is sent (and after its last other
        outcome) become one command; the result is the same as recording them one by one."""
        pending = self._successes.get(agent)
        if pending is not None:
            pending[0] += 1
            return pending[1]  # type: ignore[no-any-return]  # slot 1 holds the future (list[Any])
        pending = [1, None]
        self._successes[agent] = pending
        keys = [self._k("outcomes", agent), self._k("consecutive", agent)]
        sent: list[Any] = []

        def add(pipe: Any) -> Any:
            if self._successes.get(agent) is pending:
                del self._successes[agent]
            sent[:] = [window, pending[0]]
            return _eval(pipe, self._successes_script, keys, sent)

        future = self.batch.call(add, lambda: self._successes_script(keys=keys, args=sent))
        pending[1] = future
        return future

    async def reset_outcomes(self, agent: str) -> None:
        await self._r.delete(self._k("outcomes", agent), self._k("consecutive", agent))

    async def claim(self, key: str, ttl: float) -> bool:
        return bool(
            await self._r.set(self._k("claim", key), 1, nx=True, px=max(1, int(ttl * 1000)))
        )

    async def release(self, key: str) -> None:
        await self._r.delete(self._k("claim", key))

    async def get_result(self, key: str) -> Response | None:
        raw = await self._r.get(self._k("result", key))
        return Response.model_validate_json(raw) if raw else None

    async def put_result(self, key: str, value: Response, ttl: float) -> None:
        await self._r.set(
            self._k("result", key), value.model_dump_json(), px=max(1, int(ttl * 1000))
        )

    def result_key(self, key: str) -> str:
        """Full Redis key of a stored result, so a transport can write it in its own pipeline."""
        return self._k("result", key)

    async def close(self) -> None:
        return None
