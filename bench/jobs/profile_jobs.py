"""CPU per no-op job (all threads of the process, `time.process_time`): Switchboard's job layer
against bare DBOS with the same number of checkpoints, interleaved in one process; optionally a
cProfile of the Switchboard rounds (every thread, merged) to see where the layer's CPU goes.

    PYTHONPATH=src python bench/jobs/profile_jobs.py [--jobs 60] [--rounds 3] [--steps 8]
        [--cprofile out.pstats] [--db postgresql://…]

`--steps` defaults to the checkpoints DBOS records for a no-op Switchboard job.

CPU time is much less sensitive to other processes on the VM than wall time: it is what the
process itself spent, so the ratio raw/layer is the layer's cost whatever the load. What the
idle process burns per second (queue polls every 10 ms, heartbeats), measured first, is
subtracted in proportion to each workload's wall time ("net CPU").
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_jobs import (
    TREE,
    SlowExecutor,
    checkpoints,
    make_config,
    run_raw,
    run_switchboard,
    timeit_sum,
)
from dbos import DBOS

from switchboard.patterns.jobs.engine import JobEngine
from switchboard.tools import ToolRegistry


class ThreadProfiles:
    """One cProfile per thread (a `Profile` only sees the thread that enabled it), timed in
    thread CPU time: waiting (locks, I/O, the event loop's idle poll) costs nothing here. Python
    3.11 can only hook threads started after `start`: DBOS's pool threads that already exist
    are not seen (the event loop's thread, where the job layer's code runs, is)."""

    def __init__(self) -> None:
        self.profiles: list[cProfile.Profile] = []
        self.lock = threading.Lock()

    def _hook(self, frame: Any, event: str, arg: Any) -> None:
        profile = cProfile.Profile(time.thread_time)
        with self.lock:
            self.profiles.append(profile)
        profile.enable()  # replaces this hook for the thread

    def start(self) -> None:
        threading.setprofile(self._hook)
        main = cProfile.Profile(time.thread_time)
        self.profiles.append(main)
        main.enable()

    def stop(self) -> pstats.Stats:
        threading.setprofile(None)  # type: ignore[arg-type]
        self.profiles[0].disable()
        stats = pstats.Stats(self.profiles[0])
        for profile in self.profiles[1:]:
            profile.create_stats()
            if profile.stats:  # type: ignore[attr-defined]
                stats.add(profile)
        return stats


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, help="raw steps (default: a no-op job's count)")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--db", default=None)
    parser.add_argument("--cprofile", type=Path)
    parser.add_argument("--profile-raw", action="store_true", help="profile the raw rounds")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="profile-jobs-"))
    url = args.db or f"sqlite:///{folder / 'jobs.db'}"
    executor = SlowExecutor(TREE)
    registry = ToolRegistry()
    engine = JobEngine(
        make_config(url, folder, args.concurrency), lambda job: executor, lambda job: registry
    )
    await engine.launch()
    await asyncio.sleep(1.2)
    await run_raw(5, 1, "warm")
    _, warm = await run_switchboard(engine, 5)
    await (await DBOS.retrieve_workflow_async(warm[0])).get_result()  # all steps recorded
    steps = args.steps or checkpoints(engine, warm[0])
    # what the process burns doing nothing (queue polls, heartbeats), per second of wall time:
    # subtracted from each workload, whose polls are not the jobs' work
    started, clock = time.process_time(), time.perf_counter()
    await asyncio.sleep(3.0)
    idle = (time.process_time() - started) / (time.perf_counter() - clock)
    profiles = ThreadProfiles() if args.cprofile else None
    cpu: dict[str, list[float]] = {"raw": [], "switchboard": []}
    wall: dict[str, list[float]] = {"raw": [], "switchboard": []}
    merged: pstats.Stats | None = None
    for round_ in range(args.rounds):
        for name in ("raw", "switchboard"):
            profiled = profiles is not None and (name == "raw") == args.profile_raw
            if profiled:
                profiles.start()
            started, clock = time.process_time(), time.perf_counter()
            if name == "raw":
                await run_raw(args.jobs, steps, f"p{round_}")
            else:
                await run_switchboard(engine, args.jobs)
            elapsed = time.perf_counter() - clock
            cpu[name].append((time.process_time() - started - idle * elapsed) / args.jobs)
            wall[name].append(elapsed / args.jobs)
            if profiled:
                stats = profiles.stop()
                if merged is None:
                    merged = stats
                else:
                    merged.add(stats)
    await engine.shutdown(grace_s=0)
    reference = min(timeit_sum() for _ in range(5))
    print(f"sum(range(1000)): {reference * 1e6:.1f} µs; idle CPU {idle * 1000:.0f} ms/s")
    for name in ("raw", "switchboard"):
        label = f"raw-{steps}" if name == "raw" else name
        print(
            f"{label:12s} net CPU ms/job: {' '.join(f'{c * 1000:6.2f}' for c in cpu[name])}"
            f"   wall ms/job: {' '.join(f'{w * 1000:6.2f}' for w in wall[name])}"
        )
    ratio = min(cpu["raw"]) / min(cpu["switchboard"])
    median = statistics.median(cpu["raw"]) / statistics.median(cpu["switchboard"])
    print(f"CPU ratio raw-{steps}/switchboard: medians {median:.2f}, best rounds {ratio:.2f}")
    if merged is not None and args.cprofile:
        merged.dump_stats(str(args.cprofile))
        merged.sort_stats("tottime").print_stats(35)


if __name__ == "__main__":
    asyncio.run(main())
