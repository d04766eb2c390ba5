"""The engine's bookkeeping beside the jobs: the side-effect journal (`job_effects`) and the
workers' heartbeats (`job_workers`).

Neither is a job record: the journal makes a tool call run at most once across retries and
recoveries, the heartbeats tell live workers from dead ones so a dead one's jobs move. They
share the jobs database and `JobStore`'s transactions (`JobStore.effects`, `JobStore.workers`),
nothing else of it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from switchboard.patterns.jobs.models import utcnow
from switchboard.patterns.jobs.tables import job_effects, job_workers


class Transactions(Protocol):
    """`JobStore._tx`: one transaction (a write takes the lock up front on SQLite)."""

    def __call__(self, *, write: bool) -> AbstractContextManager[Connection]: ...


@dataclass(frozen=True, slots=True)
class Effect:
    """A journaled tool call: `done` False means it was claimed and never finished."""

    done: bool
    ok: bool | None
    output: str | None


class EffectJournal:
    """Tool calls journaled before they run, finished after (`tool_calls.py::call_tool`)."""

    def __init__(self, tx: Transactions) -> None:
        self._tx = tx

    def claim(self, key: str, job_id: str, tool: str) -> Effect | None:
        """Journal a tool call before it runs. None: claimed now, run it. Otherwise the earlier
        claim (finished or interrupted), committed before this call returns."""
        now = utcnow()
        with self._tx(write=True) as conn:
            row = conn.execute(
                sa.select(job_effects.c.state, job_effects.c.ok, job_effects.c.output).where(
                    job_effects.c.key == key
                )
            ).first()
            if row is not None:
                return Effect(done=row.state == "done", ok=row.ok, output=row.output)
            conn.execute(
                job_effects.insert().values(
                    key=key,
                    job_id=job_id,
                    tool=tool,
                    state="claimed",
                    created_at=now,
                    updated_at=now,
                )
            )
        return None

    def finish(self, key: str, ok: bool, output: str) -> None:
        with self._tx(write=True) as conn:
            conn.execute(
                job_effects.update()
                .where(job_effects.c.key == key)
                .values(state="done", ok=ok, output=output, updated_at=utcnow())
            )


class WorkerHeartbeats:
    """One row per live worker: beats, the sweep's view of the stale ones, and the claim that
    lets exactly one sweeper recover a dead worker's jobs."""

    def __init__(self, tx: Transactions) -> None:
        self._tx = tx

    def beat(self, executor_id: str, queues: Sequence[str], now: datetime) -> None:
        with self._tx(write=True) as conn:
            updated = conn.execute(
                job_workers.update()
                .where(job_workers.c.executor_id == executor_id)
                .values(heartbeat_at=now)
            )
            if updated.rowcount == 0:
                conn.execute(
                    job_workers.insert().values(
                        executor_id=executor_id,
                        queues=json.dumps(list(queues)),
                        started_at=now,
                        heartbeat_at=now,
                    )
                )

    def stale(self, cutoff: datetime) -> list[str]:
        with self._tx(write=False) as conn:
            rows = conn.execute(
                sa.select(job_workers.c.executor_id).where(job_workers.c.heartbeat_at < cutoff)
            )
            return list(rows.scalars())

    def claim_dead(self, executor_id: str, cutoff: datetime) -> bool:
        """Delete a stale worker's row; exactly one sweeper gets True and recovers it."""
        with self._tx(write=True) as conn:
            result = conn.execute(
                job_workers.delete().where(
                    job_workers.c.executor_id == executor_id, job_workers.c.heartbeat_at < cutoff
                )
            )
        return result.rowcount > 0

    def mark_gone(self, executor_id: str) -> None:
        """A graceful exit with work left: age the heartbeat so the next sweep recovers it."""
        with self._tx(write=True) as conn:
            conn.execute(
                job_workers.update()
                .where(job_workers.c.executor_id == executor_id)
                .values(heartbeat_at=datetime(1970, 1, 1, tzinfo=UTC))
            )


__all__ = ["Effect", "EffectJournal", "Transactions", "WorkerHeartbeats"]
