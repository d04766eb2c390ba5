"""No-op jobs on one worker (SQLite): Switchboard's job layer side by side with bare DBOS.

    PYTHONPATH=src python bench/jobs/bench_jobs.py [--jobs 60] [--concurrency 8] [--json out.json]

Three workloads on the same queue of the same engine, in one process and one run:
- `raw-1`: a bare DBOS workflow with one step (what "a DBOS job" costs at least);
- `raw-8`: a bare DBOS workflow with 8 no-op steps, the step count of a no-op Switchboard job
  (begin, analyse, criteria, plan, act, validate, complete, propagate) — the fair baseline;
- `switchboard`: no-op jobs through `JobEngine.create_job` with the scripted executor.

Throughput = jobs / (last completion - first enqueue); latency = enqueue → first step start.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from dbos import DBOS, EnqueueOptions

from switchboard.patterns.jobs.engine import QUEUE_PREFIX, EngineConfig, JobEngine, QueueSpec
from switchboard.patterns.jobs.models import NewJob
from switchboard.patterns.jobs.scripted import ScriptedExecutor
from switchboard.patterns.jobs.tables import jobs as jobs_table
from switchboard.tools import ToolRegistry

QUEUE = "bench"


async def _noop() -> float:
    return time.time()


@DBOS.workflow(name="bench.raw")
async def raw_workflow(steps: int) -> float:
    started = await DBOS.run_step_async({"name": "start"}, _noop)
    for _ in range(steps - 1):
        await DBOS.run_step_async({"name": "noop"}, _noop)
    return started


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, count: int, wall: float, latencies: list[float]) -> dict[str, Any]:
    return {
        "workload": name,
        "jobs": count,
        "jobs_per_s": round(count / wall, 1),
        "latency_p50_ms": round(percentile(latencies, 0.5) * 1000, 1),
        "latency_p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "wall_s": round(wall, 2),
    }


async def run_raw(count: int, steps: int, tag: str) -> dict[str, Any]:
    enqueued: list[float] = []
    handles = []
    first = time.time()
    for i in range(count):
        options = EnqueueOptions(
            workflow_name="bench.raw",
            queue_name=QUEUE_PREFIX + QUEUE,
            workflow_id=f"{tag}-{i}",
            app_version="bench",
        )
        enqueued.append(time.time())
        handles.append(await DBOS.enqueue_workflow_with_options_async(options, steps))
    starts = [await handle.get_result() for handle in handles]
    wall = time.time() - first
    return summary(
        f"raw-{steps}", count, wall, [s - e for s, e in zip(starts, enqueued, strict=True)]
    )


async def run_switchboard(engine: JobEngine, count: int) -> dict[str, Any]:
    first = time.time()
    ids = [
        (await engine.create_job("bench", NewJob(request=f"noop {i}", persona=QUEUE))).id
        for i in range(count)
    ]
    done = (
        sa.select(sa.func.count())
        .select_from(jobs_table)
        .where(jobs_table.c.id.in_(ids), jobs_table.c.status == "completed")
    )
    while True:
        with engine.store.engine.connect() as conn:
            if conn.execute(done).scalar_one() >= count:
                break
        await asyncio.sleep(0.01)
    jobs = engine.store.get_many(ids)
    wall = max(job.updated_at for job in jobs).timestamp() - first
    latencies = [
        (job.state.activity.history[0].at - job.created_at).total_seconds() for job in jobs
    ]
    return summary("switchboard", count, wall, latencies)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=60)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-jobs-"))
    executor = ScriptedExecutor({})
    registry = ToolRegistry()
    config = EngineConfig(
        database_url=f"sqlite:///{folder / 'jobs.db'}",
        queues=(QueueSpec(QUEUE, worker_concurrency=args.concurrency),),
        workdir_root=str(folder / "work"),
        app_version="bench",
        polling_interval_s=0.01,
        notification_polling_s=0.01,
        create_schema=True,
    )
    engine = JobEngine(config, lambda job: executor, lambda job: registry)
    started = time.perf_counter()
    await engine.launch()
    launch_s = time.perf_counter() - started
    await asyncio.sleep(1.2)  # DBOS discovers queues registered after launch on a 1 s pass
    reference = min(timeit_sum() for _ in range(5))
    await run_raw(5, 1, "warm")  # warm-up, discarded
    results: list[dict[str, Any]] = []
    for _ in range(2):  # interleaved, so drift hits all three alike; the best round is kept
        results.append(await run_raw(args.jobs, 1, f"r1-{len(results)}"))
        results.append(await run_raw(args.jobs, 8, f"r8-{len(results)}"))
        results.append(await run_switchboard(engine, args.jobs))
    best: dict[str, dict[str, Any]] = {}
    for row in results:
        if row["workload"] not in best or row["jobs_per_s"] > best[row["workload"]]["jobs_per_s"]:
            best[row["workload"]] = row
    await engine.shutdown(grace_s=0)
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()} {platform.processor() or ''} "
        f"{platform.python_implementation()} {platform.python_version()}",
        "reference_sum_range_1000_us": round(reference * 1e6, 1),
        "launch_s": round(launch_s, 2),
        "worker_concurrency": args.concurrency,
        "results": list(best.values()),
        "layer_vs_raw8_throughput": round(
            best["switchboard"]["jobs_per_s"] / best["raw-8"]["jobs_per_s"], 2
        ),
    }
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


def timeit_sum() -> float:
    started = time.perf_counter()
    for _ in range(100):
        sum(range(1000))
    return (time.perf_counter() - started) / 100


if __name__ == "__main__":
    asyncio.run(main())
