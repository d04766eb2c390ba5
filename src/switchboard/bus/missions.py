"""Missions on the bus (spec 001 §4 "pacote de missão"): opening one starts its budget accounting
and its progress watch; closing it stops the watch and lets only HIGH and CRITICAL messages in.

In memory the progress watch is a timer on the bus's deadline heap; on shared state it is a task
that polls the (shared) last activity.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from switchboard.bus.admission import Admission
from switchboard.bus.core import BusCore
from switchboard.bus.mission import BudgetStatus, MissionRecord, MissionStatus


class Missions:
    def __init__(self, core: BusCore, admission: Admission) -> None:
        self._core = core
        self._admission = admission
        self._watchers: dict[str, asyncio.Task[None]] = {}
        self._timer_watchers: dict[str, Callable[[], None]] = {}

    async def open(
        self,
        mission_id: str,
        lead_coordinator: str,
        token_budget: int,
        api_call_budget: int,
        global_timeout: float | None,
    ) -> MissionRecord:
        core = self._core
        record = MissionRecord(
            mission_id=mission_id,
            lead_coordinator=lead_coordinator,
            token_budget=token_budget,
            api_call_budget=api_call_budget,
            global_timeout=global_timeout,
            started_at=core.time(),
        )
        await core.state.put_mission(record)
        mem = core.mem
        if mem is not None:
            mem.touch_now(mission_id, core.time())
            self._timer_watchers[mission_id] = core.progress.watch_now(mission_id, core.timers, mem)
        else:
            await core.progress.touch(mission_id)
            self._watchers[mission_id] = asyncio.get_running_loop().create_task(
                core.progress.watch(mission_id)
            )
        return record

    async def close(self, mission_id: str) -> None:
        await self._core.state.set_mission_status(mission_id, MissionStatus.CLOSED)
        task = self._watchers.pop(mission_id, None)
        if task is not None:
            task.cancel()
        stop = self._timer_watchers.pop(mission_id, None)
        if stop is not None:
            stop()
        self._admission.loops.forget(mission_id)

    async def charge(self, mission_id: str, tokens: int, api_calls: int) -> None:
        """Resources an agent consumed itself, accounted as a response's `consumed` is."""
        if not tokens and not api_calls:
            return
        record = await self._admission.mission(mission_id)
        if self._core.mem is not None:
            self._core.budget_guard.consume_now(record, tokens, api_calls)
        else:
            await self._core.budget_guard.consume(record, tokens, api_calls)

    async def budget(self, mission_id: str) -> BudgetStatus:
        return self._core.budget_guard.status(await self._admission.mission(mission_id))

    async def stop_watching(self) -> None:
        """Stop every progress-watch task (the bus is closing)."""
        for task in self._watchers.values():
            task.cancel()
        await asyncio.gather(*self._watchers.values(), return_exceptions=True)
