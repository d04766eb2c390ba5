"""CPU of `GET /jobs/{id}/events` streams following jobs that wait for approval.

    PYTHONPATH=src python bench/jobs/events_streams.py [--streams 30] [--seconds 10] [--db …]

One process, like `switchboard serve` with its in-process worker: an engine (SQLite file, or
PostgreSQL with `--db`) with N jobs parked for approval, then N stream generators
(`server.routes.jobs.job_events`, what the endpoint returns) consumed concurrently. Process CPU
(user + system) per second of wall time is measured with the engine idle, then with the
streams open; the report gives both and their ratio (the issue measured ×4.5 for 30 streams
before this change). Works on the code before the change too (its `job_events` took the
runtime and re-read the whole tree every 0.25 s): point PYTHONPATH at that tree's `src`.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import os
import platform
import resource
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from switchboard.core.clock import SYSTEM_CLOCK
from switchboard.patterns.jobs.engine import EngineConfig, JobEngine, QueueSpec
from switchboard.patterns.jobs.models import JobStatus, NewJob, Plan, PlanStep
from switchboard.patterns.jobs.scripted import Script, ScriptedExecutor
from switchboard.server.routes import jobs as routes
from switchboard.tools import ToolRegistry

QUEUE = "bench"


def cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def cpu_per_s(seconds: float) -> float:
    """Process CPU milliseconds per wall second over `seconds`."""
    start_cpu, start = cpu_s(), time.perf_counter()
    await asyncio.sleep(seconds)
    return (cpu_s() - start_cpu) * 1000 / (time.perf_counter() - start)


def stream(engine: JobEngine, job_id: str) -> Any:
    params = inspect.signature(routes.job_events).parameters
    if "runtime" in params:  # before: (engine, runtime, user_id, job_id, poll_s)
        runtime = SimpleNamespace(clock=SYSTEM_CLOCK)
        return routes.job_events(engine, runtime, "u1", job_id, routes.EVENTS_POLL_S)
    return routes.job_events(engine, SYSTEM_CLOCK, "u1", job_id)


async def consume(lines: Any, counter: list[int]) -> None:
    async for _ in lines:
        counter[0] += 1


async def run(streams: int, seconds: float, db: str | None) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="sb-events-"))
    url = db or f"sqlite:///{folder / 'jobs.db'}"
    plan = Plan(steps=[PlanStep(id="1", description="esperar")])
    executor = ScriptedExecutor({}, default=Script(plan=plan))
    registry = ToolRegistry([])
    config = EngineConfig(
        database_url=url,
        queues=(QueueSpec(QUEUE, worker_concurrency=streams + 8),),
        workdir_root=str(folder / "work"),
        create_schema=True,
    )
    engine = JobEngine(config, lambda job: executor, lambda job: registry)
    await engine.launch()
    try:
        ids = []
        for i in range(streams):
            new = NewJob(request=f"aprovar {i}", persona=QUEUE, requires_approval=True)
            ids.append((await engine.create_job("u1", new)).id)
        deadline = time.monotonic() + 120
        while True:
            jobs = [await engine.get_job("u1", job_id) for job_id in ids]
            if all(j.status is JobStatus.AWAITING_APPROVAL for j in jobs):
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the jobs never reached approval")
            await asyncio.sleep(0.2)
        await asyncio.sleep(2)  # let the last hand-offs and commits settle
        idle = await cpu_per_s(seconds)
        lines = [0]
        tasks = [asyncio.create_task(consume(stream(engine, job_id), lines)) for job_id in ids]
        await asyncio.sleep(1)  # streams opened and past their first read
        streaming = await cpu_per_s(seconds)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        idle_after = await cpu_per_s(seconds / 2)
    finally:
        await engine.shutdown(grace_s=0)
    return {
        "streams": streams,
        "seconds": seconds,
        "database": "postgresql" if url.startswith("postgresql") else "sqlite",
        "cpu_ms_per_s_idle": round(idle, 1),
        "cpu_ms_per_s_streaming": round(streaming, 1),
        "cpu_ms_per_s_idle_after": round(idle_after, 1),
        "ratio": round(streaming / idle, 2) if idle else None,
        "stream_lines": lines[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--db", default=None)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    result = asyncio.run(run(args.streams, args.seconds, args.db))
    result.update(
        {
            "when": datetime.now(UTC).isoformat(timespec="seconds"),
            "machine": f"{platform.machine()} {os.cpu_count()} CPUs, {platform.python_version()}",
            "load": os.getloadavg()[0],
            "code": str(Path(routes.__file__).resolve().parents[3]),
        }
    )
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    sys.exit(0)


if __name__ == "__main__":
    main()
