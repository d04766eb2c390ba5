"""Where the wall time of the 3-level tree goes: one run, then its timeline read back from DBOS's
own tables (`workflow_status`: enqueued / dequeued / completed; `operation_outputs`: every
checkpointed step's start and end), relative to `create_job`.

    PYTHONPATH=src python bench/jobs/tree_timeline.py [--db postgresql://…] [--runs 3]
        [--polling 0.5]

Per workflow: the queue wait (enqueue → dequeue), then each step with its duration and the gap
since the previous step ended (the checkpoint round trips DBOS adds between steps); a summary
splits the wall time into model time on the critical path, queue waits and step overhead.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_jobs import (
    MODEL_S,
    QUEUE,
    TREE,
    TREE_CRITICAL_CALLS,
    SlowExecutor,
    make_config,
    timeit_sum,
)

from switchboard.patterns.jobs.engine import JobEngine
from switchboard.patterns.jobs.models import NewJob
from switchboard.patterns.jobs.store import sync_url
from switchboard.tools import ToolRegistry


def timeline(url: str, job_ids: dict[str, str], t0_ms: float) -> None:
    prefix = "" if url.startswith("sqlite") else "dbos."
    engine = sa.create_engine(sync_url(url))
    names = {v: k for k, v in job_ids.items()}
    with engine.connect() as conn:
        flows = conn.execute(
            sa.text(
                f"SELECT workflow_uuid, created_at, started_at_epoch_ms, updated_at "
                f"FROM {prefix}workflow_status WHERE name = 'switchboard.jobs.run' "
                "ORDER BY created_at"
            )
        ).all()
        for wf, _created, _started, _updated in flows:
            job_id = wf.split(":")[0]
            if job_id not in names:
                continue
            label = f"{names[job_id]}{' finish' if ':finish' in wf else ''}"
            steps = conn.execute(
                sa.text(
                    f"SELECT function_name, started_at_epoch_ms, completed_at_epoch_ms "
                    f"FROM {prefix}operation_outputs WHERE workflow_uuid = :wf "
                    "ORDER BY function_id"
                ),
                {"wf": wf},
            ).all()
            timed = [(n, b, e) for n, b, e in steps if b is not None and e is not None]
            if not timed:
                continue
            first, last = timed[0][1], timed[-1][2]
            print(f"{label:12s} {first - t0_ms:6.0f} → {last - t0_ms:6.0f} ms")
            previous = first
            parts = []
            for name, begin, end in timed:
                short = "enqueue" if name == "switchboard.jobs.run" else name
                parts.append(f"{short}+{begin - previous:.0f}[{end - begin:.0f}]")
                previous = end
            print("    " + " ".join(parts))
    engine.dispose()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--polling", type=float, default=0.01, help="production default: 0.5")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tree-timeline-"))
    url = args.db or f"sqlite:///{folder / 'jobs.db'}"
    executor = SlowExecutor(TREE)
    registry = ToolRegistry()
    config = make_config(url, folder, 8, polling_interval_s=args.polling)
    engine = JobEngine(config, lambda job: executor, lambda job: registry)
    await engine.launch()
    await asyncio.sleep(1.2)
    print(f"sum(range(1000)): {min(timeit_sum() for _ in range(5)) * 1e6:.1f} µs")
    critical = TREE_CRITICAL_CALLS * MODEL_S
    for _ in range(args.runs):
        started = time.time()
        job = await engine.create_job("bench", NewJob(request="tree", persona=QUEUE))
        while True:
            current = engine.store.get(job.id)
            assert current is not None
            if current.status.terminal:
                break
            await asyncio.sleep(0.01)
        wall = current.updated_at.timestamp() - started
        ids = {j.request: j.id for j in engine.store.tree(job.id)}
        print(f"\nwall {wall:.3f} s = {wall / critical:.2f}× the critical path ({critical:.2f} s)")
        timeline(url, ids, started * 1000)
    await engine.shutdown(grace_s=0)


if __name__ == "__main__":
    asyncio.run(main())
