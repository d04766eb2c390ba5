"""Passive health metrics (spec §7 Camada 6): observed, exposed, never acted upon mid-mission.

Per agent, over the last `health_window` executions handled in this process: mean and p95 latency,
success rate; the current load (handlers running); how often callers had to use a fallback instead
of it. Nothing in routing reads these numbers; breakers and budgets have their own rules.
"""

from __future__ import annotations

from collections import deque

from pydantic import BaseModel


class AgentHealth(BaseModel):
    agent: str
    executions: int
    mean_latency: float | None
    p95_latency: float | None
    success_rate: float | None
    load: int
    fallback_uses: int
    """Times callers were redirected away from this agent to a fallback."""
    served_as_fallback: int
    starved: int
    """Messages failed by the starvation rule after their sender had given up."""


class _Stats:
    __slots__ = ("fallback_uses", "load", "samples", "served_as_fallback", "starved")

    def __init__(self, window: int) -> None:
        self.samples: deque[tuple[float, bool]] = deque(maxlen=window)
        self.load = 0
        self.fallback_uses = 0
        self.served_as_fallback = 0
        self.starved = 0


class HealthMonitor:
    def __init__(self, window: int) -> None:
        self._window = window
        self._stats: dict[str, _Stats] = {}

    def _get(self, agent: str) -> _Stats:
        stats = self._stats.get(agent)
        if stats is None:
            stats = self._stats[agent] = _Stats(self._window)
        return stats

    def started(self, agent: str) -> None:
        self._get(agent).load += 1

    def finished(self, agent: str, latency: float, ok: bool) -> None:
        stats = self._get(agent)
        stats.load -= 1
        stats.samples.append((latency, ok))

    def fallback(self, original: str, fallback: str) -> None:
        self._get(original).fallback_uses += 1
        self._get(fallback).served_as_fallback += 1

    def starved(self, agent: str) -> None:
        self._get(agent).starved += 1

    def snapshot(self, agent: str) -> AgentHealth:
        stats = self._get(agent)
        samples = list(stats.samples)
        latencies = sorted(s[0] for s in samples)
        return AgentHealth(
            agent=agent,
            executions=len(samples),
            mean_latency=sum(latencies) / len(latencies) if latencies else None,
            p95_latency=latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))]
            if latencies
            else None,
            success_rate=sum(1 for s in samples if s[1]) / len(samples) if samples else None,
            load=stats.load,
            fallback_uses=stats.fallback_uses,
            served_as_fallback=stats.served_as_fallback,
            starved=stats.starved,
        )

    def all(self) -> dict[str, AgentHealth]:
        return {name: self.snapshot(name) for name in sorted(self._stats)}
