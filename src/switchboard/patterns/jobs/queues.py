"""Queue declarations (light: no DBOS import, so personas and config can name queues)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class QueueSpec:
    name: str
    worker_concurrency: int = 4
    """Jobs of this queue one worker runs at once (a job awaiting approval holds a slot)."""


__all__ = ["QueueSpec"]
