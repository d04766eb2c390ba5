"""What one DBOS step costs by itself: the engine's floor under every job step.

    PYTHONPATH=src python bench/jobs/dbos_step_cost.py [postgresql://…]   # default: a fresh SQLite

One workflow runs 25 async steps in a row (what the 3-level tree's critical path holds), first
no-op steps, then steps that sleep 50 ms (the tree's fake model call), three times each,
alternating. Overhead per step = (wall − 25 × sleep) / 25. SQLite uses the same system-database
engine as `JobEngine` (WAL, `synchronous=NORMAL`: `dbos_runtime.sqlite_system_engine`).
No Switchboard code runs inside the workflow: this is bare DBOS.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from typing import Any

from dbos import DBOS

from switchboard.patterns.jobs.dbos_runtime import sqlite_system_engine

STEPS = 25
SLEEP_S = 0.05


@DBOS.step()
async def sleeping(i: int) -> int:
    await asyncio.sleep(SLEEP_S)
    return i


@DBOS.step()
async def noop(i: int) -> int:
    return i


@DBOS.workflow()
async def chain(kind: str) -> float:
    started = time.perf_counter()
    for i in range(STEPS):
        await (sleeping(i) if kind == "sleep" else noop(i))
    return time.perf_counter() - started


async def main(url: str) -> None:
    config: Any = {"name": "dbos-step-cost", "system_database_url": url}
    if url.startswith("sqlite"):
        config["system_database_engine"] = sqlite_system_engine(url)
    DBOS(config=config)
    DBOS.launch()
    try:
        for kind in ("noop", "sleep") * 3:
            wall = await (await DBOS.start_workflow_async(chain, kind)).get_result()
            base = STEPS * SLEEP_S if kind == "sleep" else 0.0
            overhead_ms = (wall - base) / STEPS * 1e3
            print(f"{kind:5} {STEPS} steps: {wall:.3f} s, overhead {overhead_ms:.2f} ms/step")
    finally:
        DBOS.destroy()


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else f"sqlite:///{tempfile.mkdtemp()}/steps.db"
    asyncio.run(main(target))
