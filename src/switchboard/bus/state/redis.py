"""State shared by every process through Redis: same records as `MemoryState`, one key prefix.

Counters that must not race (window hits, breaker outcomes) are small Lua scripts, so one round
trip does read-and-update atomically; the *decisions* stay in the Python safety rules.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from switchboard.bus.contracts import AgentContract
from switchboard.bus.envelope import Response
from switchboard.bus.mission import MissionRecord, MissionStatus
from switchboard.bus.state.base import BreakerRecord, BreakerState

_HIT_WINDOW = """
local bucket = tonumber(ARGV[1]); local buckets = tonumber(ARGV[2]); local limit = tonumber(ARGV[3])
local vals = redis.call('HGETALL', KEYS[1]); local total = 0
for i = 1, #vals, 2 do
  local b = tonumber(vals[i])
  if b <= bucket - buckets then redis.call('HDEL', KEYS[1], vals[i]) else total = total + tonumber(vals[i + 1]) end
end
if limit >= 0 and total > limit then return {0, total} end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
return {1, total + 1}
"""

_RECORD_OUTCOME = """
redis.call('LPUSH', KEYS[1], ARGV[1]); redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
local c = 0
if ARGV[1] == '1' then redis.call('SET', KEYS[2], 0) else c = redis.call('INCR', KEYS[2]) end
return {c, redis.call('LRANGE', KEYS[1], 0, -1)}
"""

class AutoPipeline:
    """Coalesce the commands that many coroutines issue in the same loop turn into one pipeline.

    Under concurrency the bus issues a few small commands per message from many tasks; sending
    them one by one costs a round trip and redis-py's per-call overhead each. Queued commands are
    flushed together on the next loop iteration (no added latency when alone).
    """

    def __init__(self, redis: Any) -> None:
        self._redis = redis
        self._queue: list[tuple[Callable[[Any], Any], asyncio.Future[Any]]] = []
        self._flushing = False

    def call(self, add: Callable[[Any], Any]) -> asyncio.Future[Any]:
        """`add(pipe)` queues one command on the pipeline; the future gets its result."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._queue.append((add, future))
        if not self._flushing:
            self._flushing = True
            loop.call_soon(self._start_flush, loop)
        return future

    def _start_flush(self, loop: asyncio.AbstractEventLoop) -> None:
        task = loop.create_task(self._flush())
        _FLUSHES.add(task)
        task.add_done_callback(_FLUSHES.discard)

    async def _flush(self) -> None:
        batch, self._queue = self._queue, []
        self._flushing = False
        try:
            async with self._redis.pipeline(transaction=False) as pipe:
                for add, _ in batch:
                    add(pipe)
                results = await pipe.execute(raise_on_error=False)
        except BaseException as exc:
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc if isinstance(exc, Exception) else RuntimeError("redis flush cancelled"))
            if not isinstance(exc, Exception):
                raise
            return
        for (_, future), result in zip(batch, results):
            if future.done():
                continue
            if isinstance(result, Exception):
                future.set_exception(result)
            else:
                future.set_result(result)


_FLUSHES: set[asyncio.Task[None]] = set()


def _eval(pipe: Any, script: Any, keys: list[Any], args: list[Any]) -> Any:
    pipe.scripts.add(script)  # the pipeline loads it (SCRIPT LOAD) if Redis does not know it yet
    return pipe.evalsha(script.sha, len(keys), *keys, *args)

_MISSION_INT = ("token_budget", "api_call_budget", "tokens_used", "api_calls_used")


class RedisState:
    shared = True

    def __init__(self, redis: Any, prefix: str, *, key_ttl: float = 86_400.0) -> None:
        self._r = redis
        self._p = prefix
        self._ttl = int(key_ttl)
        self._hit = redis.register_script(_HIT_WINDOW)
        self._outcome = redis.register_script(_RECORD_OUTCOME)
        self.batch = AutoPipeline(redis)

    def _k(self, *parts: str) -> str:
        return self._p + ":".join(parts)

    async def put_contract(self, contract: AgentContract) -> None:
        await self._r.hset(self._k("contracts"), contract.name, contract.model_dump_json())

    async def get_contract(self, name: str) -> AgentContract | None:
        raw = await self._r.hget(self._k("contracts"), name)
        return AgentContract.model_validate_json(raw) if raw else None

    async def put_mission(self, record: MissionRecord) -> None:
        data = {k: ("" if v is None else str(v)) for k, v in record.model_dump(mode="json").items()}
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
        return MissionRecord.model_validate(data)

    async def add_consumption(self, mission_id: str, tokens: int, api_calls: int) -> tuple[int, int]:
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

    async def hit_window(self, scope: str, bucket: int, buckets: int, limit: int | None) -> tuple[bool, int]:
        keys, args = [self._k("window", scope)], [bucket, buckets, -1 if limit is None else limit, self._ttl]
        counted, total = await self.batch.call(lambda pipe: _eval(pipe, self._hit, keys, args))
        return bool(counted), int(total)

    async def get_breaker(self, agent: str) -> BreakerRecord:
        key = self._k("breaker", agent)
        raw = await self.batch.call(lambda pipe: pipe.hgetall(key))
        if not raw:
            return BreakerRecord()
        return BreakerRecord(BreakerState(raw[b"state"].decode()), float(raw[b"opened_at"]))

    async def put_breaker(self, agent: str, record: BreakerRecord) -> None:
        await self._r.hset(self._k("breaker", agent),
                           mapping={"state": record.state.value, "opened_at": repr(record.opened_at)})

    async def record_outcome(self, agent: str, ok: bool, window: int) -> tuple[int, list[bool]]:
        keys, args = [self._k("outcomes", agent), self._k("consecutive", agent)], ["1" if ok else "0", window]
        consecutive, outcomes = await self.batch.call(lambda pipe: _eval(pipe, self._outcome, keys, args))
        return int(consecutive), [o in (b"1", "1") for o in outcomes]

    async def reset_outcomes(self, agent: str) -> None:
        await self._r.delete(self._k("outcomes", agent), self._k("consecutive", agent))

    async def claim(self, key: str, ttl: float) -> bool:
        return bool(await self._r.set(self._k("claim", key), 1, nx=True, px=max(1, int(ttl * 1000))))

    async def release(self, key: str) -> None:
        await self._r.delete(self._k("claim", key))

    async def get_result(self, key: str) -> Response | None:
        raw = await self._r.get(self._k("result", key))
        return Response.model_validate_json(raw) if raw else None

    async def put_result(self, key: str, value: Response, ttl: float) -> None:
        await self._r.set(self._k("result", key), value.model_dump_json(), px=max(1, int(ttl * 1000)))

    def result_key(self, key: str) -> str:
        """Full Redis key of a stored result, so a transport can write it in its own pipeline."""
        return self._k("result", key)

    async def close(self) -> None:
        return None
