"""No-op jobs on 1 or N workers (SQLite or PostgreSQL): Switchboard's job layer side by side with
bare DBOS, and a 3-level job tree with 50 ms fake model calls against its critical path.

    PYTHONPATH=src python bench/jobs/bench_jobs.py [--jobs 60] [--concurrency 8] [--json out.json]
        [--workers 4] [--db postgresql://postgres@127.0.0.1/wt_jobs_app] [--tree] [--polling 0.5]

With `--workers N`, N-1 extra processes (`--serve`) work the same queue on the same database.

Workloads on the same queue of the same engine, in one process and one run, interleaved:
- `raw-1`: a bare DBOS workflow with one step (what "a DBOS job" costs at least);
- `raw-N`: a bare DBOS workflow with as many no-op steps as DBOS records for a no-op Switchboard
  job (counted in `operation_outputs`: 6 since 2026-11-23 evening — analyse, criteria, plan,
  act, validate, complete) — the fair baseline for "what our layer costs";
- `raw-8`: 8 no-op steps, the step count of a no-op job before that (begin, analyse, criteria,
  plan, act, validate, complete, propagate), kept for comparison with the earlier runs;
- `switchboard`: no-op jobs through `JobEngine.create_job` with the scripted executor.

Throughput = jobs / (last step of the last job - first enqueue), from the workflows' own clocks
(raw) and the job rows (`updated_at`, Switchboard); latency = enqueue → first step start. Each
round runs every workload once, in turn; the layer's ratio is Switchboard / raw in the same round,
and the report gives the median of the rounds (the number to quote on a shared, noisy VM) and
the best-over-best.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from dbos import DBOS, EnqueueOptions

from switchboard.patterns.jobs.engine import QUEUE_PREFIX, EngineConfig, JobEngine, QueueSpec
from switchboard.patterns.jobs.executor import Action, Analysis
from switchboard.patterns.jobs.models import (
    Criterion,
    Job,
    NewJob,
    Plan,
    SubJobSpec,
    ValidationResult,
)
from switchboard.patterns.jobs.scripted import Script, ScriptedExecutor
from switchboard.patterns.jobs.tables import jobs as jobs_table
from switchboard.tools import ToolRegistry

QUEUE = "bench"
RUN = uuid.uuid4().hex[:8]
"""Prefix of this run's workflow ids: a PostgreSQL database outlives a run, and an id already
there would return the earlier run's workflow instead of running one."""
MODEL_S = 0.05
"""Each fake model call (every executor method) of the tree workload sleeps this long."""


async def _noop() -> float:
    return time.time()


@DBOS.workflow(name="bench.raw")
async def raw_workflow(steps: int) -> tuple[float, float]:
    """(first step's start, last step's start): the same instants the Switchboard rows give
    (the first history entry, `updated_at` written by the last step)."""
    started = finished = await DBOS.run_step_async({"name": "start"}, _noop)
    for _ in range(steps - 1):
        finished = await DBOS.run_step_async({"name": "noop"}, _noop)
    return started, finished


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
            workflow_id=f"{RUN}-{tag}-{i}",
            app_version="bench",
        )
        enqueued.append(time.time())
        handles.append(await DBOS.enqueue_workflow_with_options_async(options, steps))
    # `get_result` polls once a second: the wall time comes from the workflows' own clocks,
    # as the Switchboard one comes from its rows, not from when the result was noticed
    times = [await handle.get_result() for handle in handles]
    wall = max(end for _, end in times) - first
    latencies = [start - e for (start, _), e in zip(times, enqueued, strict=True)]
    return summary(f"raw-{steps}", count, wall, latencies)


def checkpoints(engine: JobEngine, workflow_id: str) -> int:
    """Operations DBOS recorded for one workflow (steps, sends, enqueues, sleeps)."""
    sqlite = engine.config.database_url.startswith("sqlite")
    table = "operation_outputs" if sqlite else "dbos.operation_outputs"
    with engine.store.engine.connect() as conn:
        query = sa.text(f"SELECT count(*) FROM {table} WHERE workflow_uuid = :id")
        return int(conn.execute(query, {"id": workflow_id}).scalar_one())


async def run_switchboard(engine: JobEngine, count: int) -> tuple[dict[str, Any], list[str]]:
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
        await asyncio.sleep(0.05)
    jobs = engine.store.get_many(ids)
    wall = max(job.updated_at for job in jobs).timestamp() - first
    latencies = [
        (job.state.activity.history[0].at - job.created_at).total_seconds() for job in jobs
    ]
    return summary("switchboard", count, wall, latencies), ids


class SlowExecutor(ScriptedExecutor):
    """The scripted executor with a 50 ms "model" behind every decision of the tree's jobs
    (no-op jobs, "noop …", stay instant)."""

    async def _model(self, job: Job) -> None:
        if not job.request.startswith("noop"):
            await asyncio.sleep(MODEL_S)

    async def analyse(self, job: Job) -> Analysis:
        await self._model(job)
        return await super().analyse(job)

    async def define_criteria(self, job: Job) -> list[Criterion]:
        await self._model(job)
        return await super().define_criteria(job)

    async def plan(self, job: Job) -> Plan:
        await self._model(job)
        return await super().plan(job)

    async def next_action(self, job: Job) -> Action:
        await self._model(job)
        return await super().next_action(job)

    async def validate(self, job: Job) -> ValidationResult:
        await self._model(job)
        return await super().validate(job)


def _subs(*specs: tuple[str, list[str]]) -> Plan:
    return Plan(sub_jobs=[SubJobSpec(ref=r, request=r, depends_on=d) for r, d in specs])


TREE = {
    # root → A, B (B after A); A → A1 ‖ A2; B → B1: three levels, 6 jobs
    "tree": Script(plan=_subs(("A", []), ("B", ["A"]))),
    "A": Script(plan=_subs(("A1", []), ("A2", []))),
    "B": Script(plan=_subs(("B1", []))),
}
CRITICAL_PATH = (3, 3, 5, 2, 3, 5, 2, 2)
"""Model calls per workflow run on the tree's critical path (root start, A start, A1, A finish,
B start, B1, B finish, root finish)."""
TREE_CRITICAL_CALLS = sum(CRITICAL_PATH)
"""Model calls on the critical path: root start (analyse, criteria, plan) → A start → A1 (5) →
A finish (act, validate) → B start → B1 (5) → B finish → root finish = 25 calls × 50 ms."""


async def _model_call() -> None:
    await asyncio.sleep(MODEL_S)


@DBOS.workflow(name="bench.chain")
async def chain_workflow(tag: str, index: int) -> float:
    """Bare DBOS along the tree's critical path: one 50 ms step per model call, then enqueue
    the next run, as the job layer hands a tree over from run to run (7 hand-offs)."""
    for _ in range(CRITICAL_PATH[index]):
        await DBOS.run_step_async({"name": "model"}, _model_call)
    if index + 1 < len(CRITICAL_PATH):
        await DBOS.enqueue_workflow_with_options_async(
            _chain_options(tag, index + 1), tag, index + 1
        )
    return time.time()


def _chain_options(tag: str, index: int) -> EnqueueOptions:
    return EnqueueOptions(
        workflow_name="bench.chain",
        queue_name=QUEUE_PREFIX + QUEUE,
        workflow_id=f"{tag}-{index}",
        app_version="bench",
    )


async def run_chain(tag: str) -> dict[str, Any]:
    """The engine's own floor for the tree: the same critical path as bare DBOS workflows."""
    started = time.time()
    await DBOS.enqueue_workflow_with_options_async(_chain_options(tag, 0), tag, 0)
    last = f"{tag}-{len(CRITICAL_PATH) - 1}"
    while await DBOS.get_workflow_status_async(last) is None:  # noqa: ASYNC110  # another run
        await asyncio.sleep(0.05)
    ended = await DBOS.retrieve_workflow_async(last)
    wall = await ended.get_result() - started
    critical = TREE_CRITICAL_CALLS * MODEL_S
    return {
        "workload": "raw-chain",
        "wall_s": round(wall, 2),
        "wall_over_critical": round(wall / critical, 2),
    }


async def run_tree(engine: JobEngine) -> dict[str, Any]:
    started = time.time()
    job = await engine.create_job("bench", NewJob(request="tree", persona=QUEUE))
    while True:
        current = engine.store.get(job.id)
        assert current is not None
        if current.status.terminal:
            break
        await asyncio.sleep(0.01)
    wall = current.updated_at.timestamp() - started
    critical = TREE_CRITICAL_CALLS * MODEL_S
    return {
        "workload": "tree-3-levels",
        "status": current.status.value,
        "jobs": len(engine.store.tree(job.id)),
        "wall_s": round(wall, 2),
        "critical_path_model_s": round(critical, 2),
        "wall_over_critical": round(wall / critical, 2),
    }


def make_config(
    url: str,
    folder: Path,
    concurrency: int,
    record_every_s: float = 1.0,
    polling_interval_s: float = 0.01,
) -> EngineConfig:
    return EngineConfig(
        record_every_s=record_every_s,
        database_url=url,
        queues=(QueueSpec(QUEUE, worker_concurrency=concurrency),),
        workdir_root=str(folder / "work"),
        app_version="bench",
        polling_interval_s=polling_interval_s,
        notification_polling_s=0.01,
        create_schema=True,
    )


async def serve(url: str, concurrency: int, record_every_s: float, polling_s: float) -> None:
    """An extra worker process: works the bench queue until killed."""
    folder = Path(tempfile.mkdtemp(prefix="bench-jobs-worker-"))
    executor = SlowExecutor(TREE)
    registry = ToolRegistry()
    engine = JobEngine(
        make_config(url, folder, concurrency, record_every_s, polling_s),
        lambda job: executor,
        lambda job: registry,
    )
    await engine.launch()
    try:
        await asyncio.Event().wait()
    finally:
        await engine.shutdown(grace_s=0)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--db", default=None, help="postgresql://… (default: a fresh SQLite)")
    parser.add_argument("--tree", action="store_true", help="also the 3-level tree workload")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--polling",
        type=float,
        default=0.01,
        help="EngineConfig.polling_interval_s (production default: 0.5)",
    )
    parser.add_argument(
        "--record-every",
        type=float,
        default=1.0,
        help="EngineConfig.record_every_s (0: rewrite the job row at every step, as before)",
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-jobs-"))
    url = args.db or f"sqlite:///{folder / 'jobs.db'}"
    if args.serve:
        await serve(url, args.concurrency, args.record_every, args.polling)
        return
    executor = SlowExecutor(TREE)
    registry = ToolRegistry()
    engine = JobEngine(
        make_config(url, folder, args.concurrency, args.record_every, args.polling),
        lambda job: executor,
        lambda job: registry,
    )
    started = time.perf_counter()
    await engine.launch()
    launch_s = time.perf_counter() - started
    extra = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--serve",
            "--db",
            url,
            "--concurrency",
            str(args.concurrency),
            "--record-every",
            str(args.record_every),
            "--polling",
            str(args.polling),
        )
        for _ in range(args.workers - 1)
    ]
    await asyncio.sleep(1.2 + 1.5 * len(extra))  # queue discovery (1 s pass); workers launch
    reference = min(timeit_sum() for _ in range(5))
    await run_raw(5, 1, "warm")  # warm-up, discarded
    _, warm = await run_switchboard(engine, 5)
    await (await DBOS.retrieve_workflow_async(warm[0])).get_result()  # all steps recorded
    same = checkpoints(engine, warm[0])  # the raw baseline with as many checkpoints
    results: list[dict[str, Any]] = []
    ratios: list[float] = []
    ratios8: list[float] = []
    for _ in range(args.rounds):  # interleaved, so drift hits all of them alike
        results.append(await run_raw(args.jobs, 1, f"r1-{len(results)}"))
        same_row = await run_raw(args.jobs, same, f"rs-{len(results)}")
        results.append(same_row)
        raw8 = same_row if same == 8 else await run_raw(args.jobs, 8, f"r8-{len(results)}")
        if same != 8:
            results.append(raw8)
        ours = (await run_switchboard(engine, args.jobs))[0]
        results.append(ours)
        ratios.append(ours["jobs_per_s"] / same_row["jobs_per_s"])
        ratios8.append(ours["jobs_per_s"] / raw8["jobs_per_s"])
    best: dict[str, dict[str, Any]] = {}
    for row in results:
        if row["workload"] not in best or row["jobs_per_s"] > best[row["workload"]]["jobs_per_s"]:
            best[row["workload"]] = row
    for name, row in best.items():
        row["median_jobs_per_s"] = round(
            statistics.median(r["jobs_per_s"] for r in results if r["workload"] == name), 1
        )
    tree: list[dict[str, Any]] = []
    if args.tree:  # interleaved too; the best of three each
        for i in range(3):
            tree.append(await run_chain(f"{RUN}-chain-{i}"))
            tree.append(await run_tree(engine))
    best_tree = {}
    for row in tree:
        if row["workload"] not in best_tree or row["wall_s"] < best_tree[row["workload"]]["wall_s"]:
            best_tree[row["workload"]] = row
    for process in extra:
        process.kill()
        await process.wait()
    await engine.shutdown(grace_s=0)
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()} {platform.processor() or ''} "
        f"{platform.python_implementation()} {platform.python_version()}",
        "reference_sum_range_1000_us": round(reference * 1e6, 1),
        "launch_s": round(launch_s, 2),
        "worker_concurrency": args.concurrency,
        "workers": args.workers,
        "polling_interval_s": args.polling,
        "database": "postgresql" if url.startswith("postgresql") else "sqlite",
        "results": list(best.values()),
        "tree": list(best_tree.values()) or None,
        "tree_runs": [(row["workload"], row["wall_s"]) for row in tree],
        "switchboard_checkpoints_per_noop_job": same,
        "layer_vs_raw_same_checkpoints": {
            "median_of_rounds": round(statistics.median(ratios), 2),
            "rounds": [round(r, 2) for r in ratios],
            "best_over_best": round(
                best["switchboard"]["jobs_per_s"] / best[f"raw-{same}"]["jobs_per_s"], 2
            ),
        },
        "layer_vs_raw8": {
            "median_of_rounds": round(statistics.median(ratios8), 2),
            "best_over_best": round(
                best["switchboard"]["jobs_per_s"] / best["raw-8"]["jobs_per_s"], 2
            ),
        },
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
