"""No-progress detector and mission global timeout (spec §4 "Ausência de Progresso", §7 Camada 1/3).

Every message sent and every response received on a mission is activity. Idle for
`progress_alert_after` → an internal alert; idle for `progress_timeout_after` → the mission's
global timeout is forced, exactly as when the global timeout itself runs out: the mission becomes
TIMED_OUT and the lead coordinator is asked to consolidate with partial data. One watcher task per
mission, in the process that opened it; activity is read from the shared state backend. With
in-memory state the watcher is not a task but a timer on the bus's deadline heap (`watch_now`):
the same decisions (`_step`), taken synchronously when the timer fires; the rare notices go out
in a task of their own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from switchboard.bus.mission import MissionRecord, MissionStatus
from switchboard.bus.notices import Notice, NoticeKind
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import StateBackend
from switchboard.core.clock import Clock

if TYPE_CHECKING:
    from switchboard.bus.state.memory import MemoryState
    from switchboard.bus.timers import Timer, Timers


class ProgressWatch:
    def __init__(
        self,
        settings: BusSettings,
        state: StateBackend,
        clock: Clock,
        time: Callable[[], float],
        notify: Callable[[Notice, str | None], Awaitable[None]],
    ) -> None:
        self._s = settings
        self._state = state
        self._clock = clock
        self._time = time
        self._notify = notify

    async def touch(self, mission_id: str) -> None:
        await self._state.touch(mission_id, self._time())

    def _step(
        self, record: MissionRecord, now: float, last: float, alerted_for: float | None
    ) -> tuple[str | None, float]:
        """One look at a running mission: what to do now ("global_timeout" / "no_progress":
        force the timeout; "alert": the internal alert; None) and when to look again."""
        idle = now - last
        deadline = record.started_at + record.global_timeout if record.global_timeout else None
        if deadline is not None and now >= deadline:
            return "global_timeout", now
        if idle >= self._s.progress_timeout_after:
            return "no_progress", now
        if idle >= self._s.progress_alert_after and alerted_for != last:
            return "alert", now
        wake = last + (
            self._s.progress_timeout_after if alerted_for == last else self._s.progress_alert_after
        )
        if deadline is not None:
            wake = min(wake, deadline)
        return None, wake

    def _alert(self, mission_id: str, idle: float) -> Notice:
        return Notice(
            kind=NoticeKind.NO_PROGRESS_ALERT,
            mission_id=mission_id,
            internal=True,
            text=f"nenhuma mensagem enviada ou respondida há {idle:.0f} s",
            detail={"idle_seconds": idle},
        )

    async def watch(self, mission_id: str) -> None:
        """Run until the mission times out or closes."""
        alerted_for: float | None = None
        while True:
            record = await self._state.get_mission(mission_id)
            if record is None or record.status is not MissionStatus.RUNNING:
                return
            now = self._time()
            last = await self._state.last_activity(mission_id) or record.started_at
            action, wake = self._step(record, now, last, alerted_for)
            if action == "alert":
                alerted_for = last
                await self._notify(self._alert(mission_id, now - last), None)
                action, wake = self._step(record, now, last, alerted_for)
            if action is not None:
                await self._force(record.mission_id, record.lead_coordinator, action, now - last)
                return
            await self._clock.sleep(max(wake - now, 1e-3))

    def watch_now(self, mission_id: str, timers: Timers, state: MemoryState) -> Callable[[], None]:
        """`watch` for in-memory `state` (the bus's own), as timers on `timers`; returns the
        function that stops it (when the mission closes)."""
        alerted_for: float | None = None
        current: Timer | None = None
        background: set[asyncio.Future[None]] = set()

        def spawn(work: Awaitable[None]) -> None:
            task = asyncio.ensure_future(work)
            background.add(task)
            task.add_done_callback(background.discard)

        def look() -> None:
            nonlocal alerted_for, current
            current = None
            record = state.mission_now(mission_id)
            if record is None or record.status is not MissionStatus.RUNNING:
                return
            now = self._time()
            last = state.last_activity_now(mission_id) or record.started_at
            action, wake = self._step(record, now, last, alerted_for)
            if action == "alert":
                alerted_for = last
                spawn(self._notify(self._alert(mission_id, now - last), None))
                action, wake = self._step(record, now, last, alerted_for)
            if action is not None:
                # marked now (as `_force` does first), so nothing is admitted as RUNNING meanwhile
                record.status = MissionStatus.TIMED_OUT
                spawn(self._force(record.mission_id, record.lead_coordinator, action, now - last))
                return
            current = timers.call_at(self._clock.monotonic() + max(wake - now, 1e-3), look)

        def stop() -> None:
            if current is not None:
                current.cancel()

        look()
        return stop

    async def _force(self, mission_id: str, lead: str, reason: str, idle: float) -> None:
        await self._state.set_mission_status(mission_id, MissionStatus.TIMED_OUT)
        await self._notify(
            Notice(
                kind=NoticeKind.CONSOLIDATE_PARTIAL,
                mission_id=mission_id,
                text=(
                    "timeout, consolide com dados parciais em até "
                    f"{self._s.consolidation_grace:.0f} s"
                ),
                detail={
                    "reason": reason,
                    "idle_seconds": idle,
                    "consolidation_grace": self._s.consolidation_grace,
                },
            ),
            lead,
        )
