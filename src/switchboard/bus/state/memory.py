"""State of one process, in dicts. The default; also what the in-process benchmark measures."""

from __future__ import annotations

from collections import OrderedDict, deque

from switchboard.bus.contracts import AgentContract
from switchboard.bus.envelope import Response
from switchboard.bus.mission import MissionRecord, MissionStatus
from switchboard.bus.state.base import BreakerRecord


class _Window:
    """Counts per bucket in a ring; O(1) per hit however high the rate."""

    __slots__ = ("counts", "ids", "last", "total")

    def __init__(self, buckets: int) -> None:
        self.counts = [0] * buckets
        self.ids = [-1] * buckets
        self.total = 0
        self.last = -1

    def advance(self, bucket: int, buckets: int) -> None:
        if bucket == self.last:
            return
        start = max(self.last + 1, bucket - buckets + 1)
        for b in range(start, bucket + 1):
            slot = b % buckets
            self.total -= self.counts[slot]
            self.counts[slot] = 0
            self.ids[slot] = b
        self.last = max(self.last, bucket)


class MemoryState:
    shared = False

    def __init__(self, idempotency_cache_size: int = 10_000) -> None:
        self._contracts: dict[str, AgentContract] = {}
        self._missions: dict[str, MissionRecord] = {}
        self._once: set[str] = set()
        self._activity: dict[str, float] = {}
        self._windows: dict[str, _Window] = {}
        self._breakers: dict[str, BreakerRecord] = {}
        self._outcomes: dict[str, deque[bool]] = {}
        self._consecutive: dict[str, int] = {}
        self._claims: dict[str, float] = {}
        self._results: OrderedDict[str, Response] = OrderedDict()
        self._results_max = idempotency_cache_size

    async def put_contract(self, contract: AgentContract) -> None:
        self._contracts[contract.name] = contract

    async def get_contract(self, name: str) -> AgentContract | None:
        return self._contracts.get(name)

    async def put_mission(self, record: MissionRecord) -> None:
        self._missions[record.mission_id] = record.copy()

    async def get_mission(self, mission_id: str) -> MissionRecord | None:
        return self._missions.get(mission_id)

    def mission_now(self, mission_id: str) -> MissionRecord | None:
        """Synchronous `get_mission` (the bus's in-memory fast path: no coroutine per read)."""
        return self._missions.get(mission_id)

    async def add_consumption(
        self, mission_id: str, tokens: int, api_calls: int
    ) -> tuple[int, int]:
        return self.add_consumption_now(mission_id, tokens, api_calls)

    def add_consumption_now(self, mission_id: str, tokens: int, api_calls: int) -> tuple[int, int]:
        record = self._missions[mission_id]
        if tokens:
            record.tokens_used += tokens
        if api_calls:
            record.api_calls_used += api_calls
        return record.tokens_used, record.api_calls_used

    async def set_mission_status(self, mission_id: str, status: MissionStatus) -> None:
        self._missions[mission_id].status = status

    async def once(self, key: str) -> bool:
        return self.once_now(key)

    def once_now(self, key: str) -> bool:
        if key in self._once:
            return False
        self._once.add(key)
        return True

    async def touch(self, mission_id: str, at: float) -> None:
        self._activity[mission_id] = at

    def touch_now(self, mission_id: str, at: float) -> None:
        self._activity[mission_id] = at

    async def last_activity(self, mission_id: str) -> float | None:
        return self._activity.get(mission_id)

    def last_activity_now(self, mission_id: str) -> float | None:
        return self._activity.get(mission_id)

    async def hit_window(
        self, scope: str, bucket: int, buckets: int, limit: int | None
    ) -> tuple[bool, int]:
        return self.hit_window_now(scope, bucket, buckets, limit)

    def hit_window_now(
        self, scope: str, bucket: int, buckets: int, limit: int | None
    ) -> tuple[bool, int]:
        """Synchronous `hit_window` (same rule; the throttle's fast path calls it directly)."""
        window = self._windows.get(scope)
        if window is None:
            window = self._windows[scope] = _Window(buckets)
        if bucket != window.last:
            window.advance(bucket, buckets)
        if limit is not None and window.total > limit:
            return False, window.total
        window.counts[bucket % buckets] += 1
        window.total += 1
        return True, window.total

    async def get_breaker(self, agent: str) -> BreakerRecord:
        record = self._breakers.get(agent)
        return BreakerRecord(record.state, record.opened_at) if record else BreakerRecord()

    async def put_breaker(self, agent: str, record: BreakerRecord) -> None:
        self._breakers[agent] = BreakerRecord(record.state, record.opened_at)

    async def record_outcome(self, agent: str, ok: bool, window: int) -> tuple[int, list[bool]]:
        outcomes = self._outcomes.get(agent)
        if outcomes is None or outcomes.maxlen != window:
            outcomes = self._outcomes[agent] = deque(outcomes or (), maxlen=window)
        outcomes.appendleft(ok)
        consecutive = 0 if ok else self._consecutive.get(agent, 0) + 1
        self._consecutive[agent] = consecutive
        return consecutive, list(outcomes)

    async def reset_outcomes(self, agent: str) -> None:
        self._outcomes.pop(agent, None)
        self._consecutive.pop(agent, None)

    async def claim(self, key: str, ttl: float) -> bool:
        # ttl is enforced by the breaker's own state transitions in one process.
        if key in self._claims:
            return False
        self._claims[key] = ttl
        return True

    async def release(self, key: str) -> None:
        self._claims.pop(key, None)

    async def get_result(self, key: str) -> Response | None:
        return self._results.get(key)

    async def put_result(self, key: str, value: Response, ttl: float) -> None:
        self.put_result_now(key, value)

    def put_result_now(self, key: str, value: Response) -> None:
        """Synchronous `put_result` (a directly started request records its result inline)."""
        self._results[key] = value
        if len(self._results) > self._results_max:
            self._results.popitem(last=False)

    def breaker_now(self, agent: str) -> BreakerRecord | None:
        """The agent's breaker record as stored (None: never opened, i.e. CLOSED); read-only."""
        return self._breakers.get(agent)

    def record_success_now(self, agent: str, window: int) -> None:
        """`record_outcome(agent, True, window)` without building the outcome list (a success
        never trips the breaker, so nobody reads it)."""
        outcomes = self._outcomes.get(agent)
        if outcomes is None or outcomes.maxlen != window:
            outcomes = self._outcomes[agent] = deque(outcomes or (), maxlen=window)
        outcomes.appendleft(True)
        self._consecutive[agent] = 0

    async def close(self) -> None:
        return None
