"""What the sandbox adds to each command a job runs.

    PYTHONPATH=src python bench/jobs/sandbox_overhead.py [N]     # default N=200 per case

Per case, N sequential runs in a scratch workspace (a git repository with one file), the same
argv each way, interleaved in rounds so load drifts hit every case alike:
- `direct`: `asyncio.create_subprocess_exec` of the argv, as the terminal tool did before;
- `sandbox`: `Sandbox().run` (prlimit → bwrap with every namespace, mounts, rlimits);
- `terminal`: the whole tool path (`run_command`: argument policy + sandbox).
Commands: `true` (the pure start-up cost) and `git status` (a typical job command). Then 4
concurrent sandboxed `true`s, as a worker with 4 jobs in flight would run them. Prints one
table (median, p95 in ms) and the machine.
"""

from __future__ import annotations

import asyncio
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable

from switchboard.patterns.jobs.sandbox import Sandbox
from switchboard.patterns.jobs.sandbox.environment import sandbox_environment
from switchboard.patterns.jobs.tools.terminal import TerminalPolicy, run_command

ROUNDS = 10


async def direct(argv: list[str], workspace: str) -> None:
    process = await asyncio.create_subprocess_exec(
        *argv,
        cwd=workspace,
        env=sandbox_environment(workspace),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    await process.communicate()


async def sandboxed(argv: list[str], workspace: str) -> None:
    result = await Sandbox().run(argv, workspace=workspace)
    assert result.exit_code == 0, result.output


async def terminal(argv: list[str], workspace: str) -> None:
    result = await run_command(argv, workspace, TerminalPolicy())
    assert result.exit_code == 0, result.output


async def timed(run: Callable[[list[str], str], Awaitable[None]], argv: list[str], ws: str) -> float:
    started = time.perf_counter()
    await run(argv, ws)
    return (time.perf_counter() - started) * 1000


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"{statistics.median(ordered):7.2f} {p95:7.2f}"


async def main(n: int) -> None:
    ws = tempfile.mkdtemp(prefix="switchboard-bench-")
    try:
        subprocess.run(["git", "init", "-q", ws], check=True)
        with open(os.path.join(ws, "a.txt"), "w") as handle:
            handle.write("a\n")
        cases = {
            (name, " ".join(argv)): (run, argv)
            for argv in (["true"], ["git", "status", "--short"])
            for name, run in (("direct", direct), ("sandbox", sandboxed), ("terminal", terminal))
            if not (name == "terminal" and argv == ["true"])
        }
        samples: dict[tuple[str, str], list[float]] = {key: [] for key in cases}
        await sandboxed(["true"], ws)  # the one-time probe, outside the measurement
        per_round = max(1, n // ROUNDS)
        for _ in range(ROUNDS):
            for key, (run, argv) in cases.items():
                for _ in range(per_round):
                    samples[key].append(await timed(run, argv, ws))
        burst: list[float] = []
        for _ in range(per_round * ROUNDS // 4):
            started = time.perf_counter()
            await asyncio.gather(*(sandboxed(["true"], ws) for _ in range(4)))
            burst.append((time.perf_counter() - started) * 1000)
    finally:
        shutil.rmtree(ws, ignore_errors=True)
    load = os.getloadavg()[0]
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {os.cpu_count()} CPUs, "
        f"{platform.processor() or platform.machine()}, kernel {platform.release()}, "
        f"Python {platform.python_version()}, {Sandbox().status().detail}, load {load:.1f}"
    )
    print(f"{'case':<10} {'command':<18} {'p50 ms':>7} {'p95 ms':>7}")
    for (name, command), values in samples.items():
        print(f"{name:<10} {command:<18} {summary(values)}")
    print(f"{'sandbox×4':<10} {'true (concurrent)':<18} {summary(burst)}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
