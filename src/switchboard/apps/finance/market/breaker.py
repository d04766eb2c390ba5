"""A circuit breaker per market source, inside the research executor.

Flow 7 has the executor itself register brapi's failure ("Circuit Breaker: 1ª falha
registrada"): the bus's breakers guard agents, this one guards external APIs, so that a source
that keeps timing out stops costing 50% of every request's time. Same rules as the bus (§7
Camada 4): over the last 10 attempts, more than 50% failed → OPEN for 90 s (the source is skipped,
no call made); then HALF-OPEN lets one attempt through: success closes it, failure re-opens it
for another 90 s. Like the bus's (`bus/safety/breaker.py`), it also opens after 5 failures in a
row, without waiting for a full window. An "unknown ticker" answer is a success: the source is up.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum

from switchboard import Clock
from switchboard.core import SYSTEM_CLOCK

WINDOW = 10
FAILURE_RATIO = 0.5
CONSECUTIVE_FAILURES = 5
OPEN_SECONDS = 90.0


class BreakerState(StrEnum):
    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


@dataclass(slots=True)
class _Circuit:
    outcomes: deque[bool] = field(default_factory=lambda: deque(maxlen=WINDOW))
    consecutive_failures: int = 0
    opened_at: float | None = None
    trial_running: bool = False


class SourceBreakers:
    """Breaker state per source name; time from the injected clock."""

    def __init__(self, clock: Clock = SYSTEM_CLOCK, open_seconds: float = OPEN_SECONDS) -> None:
        self._clock = clock
        self._open_seconds = open_seconds
        self._circuits: dict[str, _Circuit] = {}

    def state(self, source: str) -> BreakerState:
        circuit = self._circuits.get(source)
        if circuit is None or circuit.opened_at is None:
            return BreakerState.CLOSED
        if self._clock.monotonic() - circuit.opened_at < self._open_seconds:
            return BreakerState.OPEN
        return BreakerState.HALF_OPEN

    def allow(self, source: str) -> bool:
        """May `source` be called now? In HALF-OPEN, only one trial at a time."""
        state = self.state(source)
        if state is BreakerState.CLOSED:
            return True
        if state is BreakerState.OPEN:
            return False
        circuit = self._circuits[source]
        if circuit.trial_running:
            return False
        circuit.trial_running = True
        return True

    def record(self, source: str, ok: bool) -> None:
        circuit = self._circuits.setdefault(source, _Circuit())
        if circuit.opened_at is not None:  # the half-open trial's outcome
            circuit.trial_running = False
            if ok:
                circuit.opened_at = None
                circuit.outcomes.clear()
            else:
                circuit.opened_at = self._clock.monotonic()
            return
        circuit.outcomes.append(ok)
        circuit.consecutive_failures = 0 if ok else circuit.consecutive_failures + 1
        failures = circuit.outcomes.count(False)
        ratio_tripped = len(circuit.outcomes) == WINDOW and failures / WINDOW > FAILURE_RATIO
        if ratio_tripped or circuit.consecutive_failures >= CONSECUTIVE_FAILURES:
            circuit.opened_at = self._clock.monotonic()
            circuit.outcomes.clear()
            circuit.consecutive_failures = 0

    def abandon(self, source: str) -> None:
        """The half-open trial was cancelled before it finished: let the next caller try."""
        circuit = self._circuits.get(source)
        if circuit is not None:
            circuit.trial_running = False
