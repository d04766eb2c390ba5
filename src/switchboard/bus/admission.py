"""Admission: the safety rules every message passes before it is sent, in the same order on every
transport (spec 001 §4, §7 Camada 2): circular loops → mission status and budget flags → throttle
window → progress touch.

`admit_now` is the synchronous part: on in-memory state a message is admitted without an await
unless a rule says wait (the throttle window is full) or block (a loop, to be told to the lead).
"""

from __future__ import annotations

from switchboard.bus.core import BusCore
from switchboard.bus.envelope import Flag, Message, Priority
from switchboard.bus.errors import LoopDetectedError, MissionClosedError, UnknownMissionError
from switchboard.bus.mission import MissionRecord, MissionStatus
from switchboard.bus.notices import Notice, NoticeKind
from switchboard.bus.safety.loops import LoopDetector
from switchboard.bus.safety.throttle import GLOBAL_SCOPE, Throttle


class Admission:
    def __init__(self, core: BusCore) -> None:
        self._core = core
        self.loops = LoopDetector(core.settings)
        self.throttle = Throttle(core.settings, core.state, core.clock, core.time, core.notify)

    async def mission(self, mission_id: str) -> MissionRecord:
        """A mission's record; `UnknownMissionError` if it was never opened."""
        mem = self._core.mem
        record = (
            mem.mission_now(mission_id)
            if mem is not None
            else await self._core.state.get_mission(mission_id)
        )
        if record is None:
            raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
        return record

    async def admit(self, message: Message) -> MissionRecord | None:
        """Run every rule on `message` (waiting when the throttle says so); its mission record."""
        tracing = message.tracing
        mission_id = tracing.mission_id
        mem = self._core.mem
        record: MissionRecord | None = None
        if mission_id is not None:  # `mission`, inlined: in memory it needs no coroutine
            record = (
                mem.mission_now(mission_id)
                if mem is not None
                else await self._core.state.get_mission(mission_id)
            )
            if record is None:
                raise UnknownMissionError(f"no mission {mission_id!r}", mission_id=mission_id)
        try:
            admitted = self.admit_now(
                mission_id,
                tracing.call_path,
                tracing.depth,
                message.recipient,
                message.priority,
                message.flags,
                record,
            )
        except LoopDetectedError as exc:
            await self.loop_blocked(exc, record)
            raise
        if not admitted:
            await self.admit_wait(mission_id, message.priority, message.flags, record)
        return record

    def admit_now(
        self,
        mission_id: str | None,
        call_path: list[str],
        depth: int,
        recipient: str,
        priority: Priority,
        flags: list[str],
        record: MissionRecord | None,
    ) -> bool:
        """The synchronous part of `admit`. True: admitted (in memory the throttle window had room
        and progress was recorded). False: the throttle (and progress) must still be awaited
        (`admit_wait`)."""
        self.loops.check(mission_id, call_path, depth, recipient)
        if record is not None:
            if record.status is not MissionStatus.RUNNING and priority > Priority.HIGH:
                raise MissionClosedError(
                    f"mission {mission_id!r} is {record.status.value}; "
                    "only HIGH and CRITICAL messages pass",
                    mission_id=mission_id,
                )
            self._core.budget_guard.admit(record, priority, flags)
        mem = self._core.mem
        # In memory, a window with room is counted without an await; otherwise (or on Redis) the
        # throttle decides, and waits, in `admit_wait`.
        if mem is None or not self.throttle.admit_now(mission_id or GLOBAL_SCOPE, priority):
            return False
        if mission_id is not None:
            mem.touch_now(mission_id, self._core.time())
        return True

    async def admit_wait(
        self,
        mission_id: str | None,
        priority: Priority,
        flags: list[str],
        record: MissionRecord | None,
    ) -> None:
        """The throttle (waiting while the window is full; flags the message THROTTLED if it
        waited), then the progress touch."""
        if await self.throttle.admit(
            mission_id or GLOBAL_SCOPE, priority, record.lead_coordinator if record else None
        ):
            flags.append(Flag.THROTTLED)
        if mission_id is not None:
            await self._core.progress.touch(mission_id)

    async def loop_blocked(self, exc: LoopDetectedError, record: MissionRecord | None) -> None:
        """A loop was blocked: tell the mission's lead (spec §4 "Detecção de Loops")."""
        if record is not None:
            await self._core.notify(
                Notice(
                    kind=NoticeKind.LOOP_DETECTED,
                    mission_id=record.mission_id,
                    text=f"loop detectado e bloqueado: {exc.message}",
                    detail={k: v for k, v in exc.context.items() if k != "mission_id"},
                ),
                record.lead_coordinator,
            )
