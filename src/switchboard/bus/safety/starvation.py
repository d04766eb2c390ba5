"""Starvation rules (spec §4 "Detecção de Starvation").

Priority order alone can leave a message waiting forever behind busy handlers. A saturated
mailbox is scanned every `starvation_check_interval`: a CRITICAL message waiting more than 20 s or
a HIGH more than 45 s runs at once (beyond the agent's concurrency limit); anything waiting more
than 120 s runs at once too, unless its sender's timeout has already passed, in which case it is
failed with `message_starved` (nobody is waiting for that answer any more).
"""

from __future__ import annotations

from enum import Enum

from switchboard.bus.envelope import Priority
from switchboard.bus.settings import BusSettings


class Verdict(Enum):
    WAIT = "wait"
    FORCE = "force"
    FAIL = "fail"


class StarvationPolicy:
    def __init__(self, settings: BusSettings) -> None:
        self._limits = {
            Priority.CRITICAL: settings.starvation_critical,
            Priority.HIGH: settings.starvation_high,
        }
        self._any = settings.starvation_any
        self.interval = settings.starvation_check_interval

    def judge(self, priority: Priority, waited: float, sender_gave_up: bool) -> Verdict:
        if waited > self._any:
            return Verdict.FAIL if sender_gave_up else Verdict.FORCE
        limit = self._limits.get(priority)
        if limit is not None and waited > limit:
            return Verdict.FORCE
        return Verdict.WAIT
