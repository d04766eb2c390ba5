"""Retry delays: exponential with full jitter, capped.

`next_delay` is pure: the random source is passed in. The engine seeds it with the job id and
the attempt number, so a workflow replayed after a crash computes the very same delay (a
durable sleep must not change length on replay).
"""

from __future__ import annotations

import random
from typing import Protocol


class RandomSource(Protocol):
    def random(self) -> float:
        """A float in [0, 1)."""
        ...


def next_delay(attempt: int, base: float, cap: float, rng: RandomSource) -> float:
    """Seconds to wait before retry number `attempt` (1 = the first retry).

    Exponential ceiling `min(cap, base * 2**(attempt-1))`, then "equal jitter": half the ceiling
    fixed plus a random half, so retries of many jobs failing together spread out (no thundering
    herd) while a retry never comes back immediately. Always within `[ceiling/2, ceiling]`.
    """
    if attempt < 1:
        raise ValueError("attempt starts at 1")
    if base <= 0 or cap <= 0:
        raise ValueError("base and cap must be positive")
    # cap the exponent too: 2**attempt overflows a float long before any sane cap is reached
    ceiling = min(cap, base * 2.0 ** min(attempt - 1, 64))
    return ceiling / 2 + rng.random() * ceiling / 2


def seeded_rng(job_id: str, attempt: int) -> random.Random:
    """The deterministic random source for one job's retry (same on every replay)."""
    return random.Random(f"{job_id}:{attempt}")


def schedule(attempts: int, base: float, cap: float, job_id: str) -> list[float]:
    """The delays before retries 1..attempts of one job (for display and tests)."""
    return [next_delay(n, base, cap, seeded_rng(job_id, n)) for n in range(1, attempts + 1)]


__all__ = ["RandomSource", "next_delay", "schedule", "seeded_rng"]
