"""No-progress detector and mission global timeout (spec §4 "Ausência de Progresso", §7 Camada 1/3).

Every message sent and every response received on a mission is activity. Idle for
`progress_alert_after` → an internal alert; idle for `progress_timeout_after` → the mission's
global timeout is forced, exactly as when the global timeout itself runs out: the mission becomes
TIMED_OUT and the lead coordinator is asked to consolidate with partial data. One watcher task per
mission, in the process that opened it; activity is read from the shared state backend.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from switchboard.bus.mission import MissionStatus
from switchboard.bus.notices import Notice, NoticeKind
from switchboard.bus.settings import BusSettings
from switchboard.bus.state.base import StateBackend
from switchboard.core.clock import Clock


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

    async def watch(self, mission_id: str) -> None:
        """Run until the mission times out or closes."""
        alerted_for: float | None = None
        while True:
            record = await self._state.get_mission(mission_id)
            if record is None or record.status is not MissionStatus.RUNNING:
                return
            now = self._time()
            last = await self._state.last_activity(mission_id) or record.started_at
            idle = now - last
            deadline = record.started_at + record.global_timeout if record.global_timeout else None
            if deadline is not None and now >= deadline:
                await self._force(
                    record.mission_id, record.lead_coordinator, "global_timeout", idle
                )
                return
            if idle >= self._s.progress_timeout_after:
                await self._force(record.mission_id, record.lead_coordinator, "no_progress", idle)
                return
            if idle >= self._s.progress_alert_after and alerted_for != last:
                alerted_for = last
                await self._notify(
                    Notice(
                        kind=NoticeKind.NO_PROGRESS_ALERT,
                        mission_id=mission_id,
                        internal=True,
                        text=f"nenhuma mensagem enviada ou respondida há {idle:.0f} s",
                        detail={"idle_seconds": idle},
                    ),
                    None,
                )
            wake = last + (
                self._s.progress_timeout_after
                if alerted_for == last
                else self._s.progress_alert_after
            )
            if deadline is not None:
                wake = min(wake, deadline)
            await self._clock.sleep(max(wake - now, 1e-3))

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
