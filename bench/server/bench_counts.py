"""Deterministic counts per `/chat` turn for one tree and backend: Python function calls
(cProfile) and system calls (strace), over the measured turns only.

Server CPU time on a shared VM moves with its load; these counts do not (up to batching: how
many events leave in one write depends on timing, so `epoll_wait` and HTTP `sendto`s vary a
little). Same server, clients and warm-up as `bench_cpu.py`; the profiler is switched on by a
signal after the warm-up and off after the measured turns, and strace attaches likewise.

    .venv/bin/python bench/server/bench_counts.py --tree src --backend postgres+redis
    .venv/bin/python bench/server/bench_counts.py --tree /tmp/base/src --mode strace
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import pstats
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_cpu  # the server and the load generator

PROFILE_ON_SIGNAL = """
counts_to = os.environ.get("BENCH_SIGPROF")  # (not `profile_to`: the server code reuses it)
if counts_to:
    import cProfile, signal
    import time as _t
    counter = cProfile.Profile(_t.process_time)
    signal.signal(signal.SIGUSR1, lambda *_: counter.enable())
    def _dump(*_, _to=counts_to):
        counter.disable()
        counter.dump_stats(_to)
    signal.signal(signal.SIGUSR2, _dump)
"""
ANCHOR = "tune_gc(settings.gc_gen0_threshold)\n"


def measure(args: argparse.Namespace, out: Path) -> int:
    """Run the server, warm it up, count over `args.turns` turns; the turns served."""
    assert ANCHOR in bench_cpu.SERVER
    code = bench_cpu.SERVER.replace(ANCHOR, ANCHOR + PROFILE_ON_SIGNAL)
    url, redis_url, pg_name = bench_cpu.fresh_database(args.backend, Path(tempfile.mkdtemp()))
    port = 19000 + os.getpid() % 500
    env = {
        **os.environ,
        "PYTHONPATH": bench_cpu.resolved(args.tree),
        "BENCH_DB": url,
        "BENCH_REDIS": redis_url or "",
        "BENCH_PORT": str(port),
        "BENCH_BARE": "",
    }
    if args.mode == "calls":
        env["BENCH_SIGPROF"] = str(out)
    server = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                              text=True)  # fmt: skip
    try:
        assert server.stdout is not None
        key = server.stdout.readline().split()[1]
        for _ in range(600):
            try:
                httpx.get(f"http://127.0.0.1:{port}/health", timeout=5)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        asyncio.run(bench_cpu.drive(port, key, args.clients, args.warmup))
        tracer = None
        if args.mode == "calls":
            server.send_signal(signal.SIGUSR1)
        else:
            tracer = subprocess.Popen(
                ["strace", "-c", "-f", "-p", str(server.pid), "-o", str(out)],
                stderr=subprocess.DEVNULL,
            )
        time.sleep(1.0)
        served = asyncio.run(bench_cpu.drive(port, key, args.clients, args.turns))
        if tracer is None:
            server.send_signal(signal.SIGUSR2)
            time.sleep(2.0)
        else:
            tracer.send_signal(signal.SIGINT)
            tracer.wait()
        return served
    finally:
        server.terminate()
        server.wait(timeout=60)
        if pg_name:
            subprocess.run(["psql", bench_cpu.PG_ADMIN, "-qc", f"DROP DATABASE {pg_name}"],
                           check=False)  # fmt: skip


def report_calls(path: Path, turns: int) -> None:
    stats = pstats.Stats(str(path)).stats  # type: ignore[attr-defined]  # not in typeshed
    groups: collections.Counter[str] = collections.Counter()
    total = 0
    for (filename, _, _), (_, calls, _, _, _) in stats.items():
        total += calls
        if "site-packages/" in filename:
            groups[filename.split("site-packages/")[1].split("/")[0]] += calls
        elif "switchboard/" in filename:
            groups["switchboard." + filename.split("switchboard/")[1].split("/")[0]] += calls
        elif "asyncio/" in filename:
            groups["asyncio"] += calls
    print(f"Python function calls per turn: {total / turns:.0f}")
    for name, calls in groups.most_common(14):
        print(f"  {name:24} {calls / turns:7.1f}")


def report_syscalls(path: Path, turns: int) -> None:
    counts = {}
    for line in path.read_text().splitlines()[2:]:
        fields = line.split()
        if len(fields) >= 5 and fields[-1] != "total" and not line.startswith("-"):
            counts[fields[-1]] = int(fields[3])
    print(f"system calls per turn: {sum(counts.values()) / turns:.1f}")
    for name, calls in sorted(counts.items(), key=lambda item: -item[1]):
        print(f"  {name:24} {calls / turns:7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default=str(bench_cpu.ROOT / "src"))
    parser.add_argument("--backend", default="postgres+redis")
    parser.add_argument("--mode", choices=["calls", "strace"], default="calls")
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=150)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--distinct", action="store_true", help="every message text differs")
    args = parser.parse_args()
    bench_cpu.DISTINCT = args.distinct
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "counts"
        served = measure(args, out)
        if args.mode == "calls":
            report_calls(out, served)
        else:
            report_syscalls(out, served)


if __name__ == "__main__":
    main()
