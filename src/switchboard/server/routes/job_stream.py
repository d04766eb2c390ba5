"""A job's progress as the chat's event types, for `GET /jobs/{id}/events` (NDJSON lines).

Built on `JobEngine.watch` (change stamps from an index; a record is parsed only when it moved;
this process's writes wake it at once): what changed since the last line, a `done` when the job
ends (the stream ends with it), an empty keep-alive line after `EVENTS_HEARTBEAT_S` of silence,
and a closing `status` after `EVENTS_MAX_S` — a job awaiting a person may wait for days, and a
stream is not the place to wait. CPU with 30 streams open: bench/jobs/RESULTS.md, "Event streams".
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from switchboard.core.clock import Clock
from switchboard.core.events import (
    AgentEvent,
    DoneEvent,
    Event,
    StatusEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from switchboard.patterns.jobs.models import Job

if TYPE_CHECKING:
    from switchboard.patterns.jobs.engine import JobEngine

EVENTS_POLL_S = 1.0
"""How often `GET /jobs/{id}/events` reads its tree's change stamps when no write of this process
woke it (writes by `switchboard worker` processes are seen within this)."""
EVENTS_HEARTBEAT_S = 15.0
"""Seconds of silence before the stream sends a keep-alive (an empty NDJSON line)."""
EVENTS_MAX_S = 1_800.0
"""A stream of a job that has not ended closes after this (a `status` says to reconnect)."""
RECONNECT = (
    "acompanhamento encerrado depois de muito tempo sem fim do job; reconecte para continuar"
)


def history_events(job: Job, start: int, *, root: bool) -> list[Event]:
    """Events for `job`'s history entries from `start` on (the persisted record is the source)."""
    prefix = "" if root else f"[{job.request[:40]}] "
    out: list[Event] = []
    for index, entry in enumerate(job.state.activity.history[start:], start):
        if entry.kind == "tool" and entry.tool:
            call_id = f"{job.id}:{index}"
            out.append(
                ToolStartEvent(
                    tool=entry.tool, args=entry.args or {}, call_id=call_id, agent=job.persona
                )
            )
            out.append(
                ToolEndEvent(
                    tool=entry.tool,
                    output=entry.content[:2_000],
                    ok=bool(entry.ok),
                    ms=0.0,
                    call_id=call_id,
                    agent=job.persona,
                )
            )
        elif entry.content:
            out.append(StatusEvent(message=f"{prefix}{entry.content}"))
    return out


def done_text(job: Job) -> str:
    if job.outcome is not None and (text := job.outcome.text()):
        return text
    return job.result or job.error or job.status.value


async def job_events(
    engine: JobEngine,
    clock: Clock,
    user_id: str,
    job_id: str,
    *,
    poll_s: float = EVENTS_POLL_S,
    heartbeat_s: float = EVENTS_HEARTBEAT_S,
    max_s: float = EVENTS_MAX_S,
) -> AsyncIterator[str]:
    """A job's progress as NDJSON lines: what changed since the last line, a `done` when the
    job ends (the stream ends with it), a keep-alive empty line after `heartbeat_s` of
    silence, and a closing `status` after `max_s` (a job awaiting a person may wait days)."""
    seen: dict[str, int] = {}
    statuses: dict[str, str] = {}
    started = clock.monotonic()
    first = True
    async for changed in engine.watch(user_id, job_id, poll_s=poll_s, heartbeat_s=heartbeat_s):
        if first and changed:
            yield AgentEvent(agent=changed[0].persona, reason="start").model_dump_json() + "\n"
            first = False
        if not changed:
            if clock.monotonic() - started >= max_s:
                yield StatusEvent(message=RECONNECT).model_dump_json() + "\n"
                return
            yield "\n"  # keep-alive: NDJSON readers skip empty lines
            continue
        for job in changed:
            for line in _job_lines(job, job_id, seen, statuses):
                yield line
        root = next((j for j in changed if j.id == job_id), None)
        if root is not None and root.status.terminal:
            done = DoneEvent(text=done_text(root), session_id=root.id, agent=root.persona)
            yield done.model_dump_json() + "\n"
            return


def _job_lines(job: Job, job_id: str, seen: dict[str, int], statuses: dict[str, str]) -> list[str]:
    count = len(job.state.activity.history)
    start = seen.get(job.id, 0)
    if count < start:  # summarised: older entries were replaced
        start = 0
    lines = [
        event.model_dump_json() + "\n"
        for event in history_events(job, start, root=job.id == job_id)
    ]
    seen[job.id] = count
    if statuses.get(job.id) != job.status.value:
        statuses[job.id] = job.status.value
        label = "job" if job.id == job_id else f"sub-job '{job.request[:40]}'"
        lines.append(StatusEvent(message=f"{label}: {job.status.value}").model_dump_json() + "\n")
    return lines


__all__ = [
    "EVENTS_HEARTBEAT_S",
    "EVENTS_MAX_S",
    "EVENTS_POLL_S",
    "RECONNECT",
    "done_text",
    "history_events",
    "job_events",
]
