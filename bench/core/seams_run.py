"""Issue-2 targets on two trees in one run, interleaved, each sample next to the VM reference.

    PYTHONPATH=/work/shared/bench/peers python bench/core/seams_run.py \
        --tree before=/work/wt-bench-before --tree after=/work/wt-bench-after \
        --tree fixed=/work/wt-bench-fixed --pairs 5 --out bench/core/results/seams/timed.jsonl

For each round ("pair") and each mode, the trees run one after the other (the order rotates
between rounds, A B C / B C A / C A B, so a drift of the VM's speed hits all alike), each in its
own process with
`PYTHONPATH=<tree>/src:<peers>`, the same bench scripts (this directory) and the same interpreter.
Before every run the driver times `sum(range(1000))` (best of 5 × 2,000, µs), the reference the
peers' report and RESULTS_core.md use (they take best of 7 × 20,000; fewer loops here because
the reference is taken before every one of ~70 runs on a loaded VM).

Modes: `cpu` is bench_extras.cpu at half size (1,000 sessions after 100, to fit a loaded VM);
`sqlite` is bench_extras.py's own; `lat50` is bench_extras.lat's 50 ms half (1,000 concurrent
sessions, 3 reps; the 0 ms half is not a target); `mem` is bench_extras.mem (deterministic
enough: `--mem-pairs`); `imp` is bench_extras.imp (5 runs, not 7) except that the import runs
with the tree on PYTHONPATH (bench_extras.imp drops PYTHONPATH, so it would time the venv's
editable install, i.e. /work/main, whatever the tree).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import time
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
PEERS = "/work/shared/bench/peers"


def reference_us() -> tuple[float, float]:
    """(wall, CPU) µs of `sum(range(1000))`, best of 5 × 2,000. Wall time is what the earlier
    reports recorded; on a VM whose load is several times its core count, wall time also counts
    the time the process waits for a core, so the CPU-time reading is recorded next to it."""
    wall = min(timeit.repeat("sum(range(1000))", number=2_000, repeat=5)) / 2_000 * 1e6
    timer = timeit.Timer("sum(range(1000))", timer=time.process_time)
    cpu = min(timer.repeat(number=2_000, repeat=5)) / 2_000 * 1e6
    return wall, cpu


# ------------------------------------------------------------------ child modes
async def lat50(n: int = 1000, reps: int = 3) -> dict:
    import bench_switchboard as sb
    import common

    walls, cpus = [], []
    for _ in range(reps):
        new_session, turn = await sb.build(common.LATENCY)
        gc.collect()
        before = common.MODEL_CALLS
        t0, c0 = time.perf_counter(), time.process_time()
        await asyncio.gather(*(common.run_session(new_session, turn, i) for i in range(n)))
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        assert common.MODEL_CALLS - before == n * common.CALLS_PER_SESSION
    return {
        "sessions": n,
        "wall_s": [round(w, 3) for w in walls],
        "cpu_s": [round(c, 3) for c in cpus],
        "wall_s_median": statistics.median(walls),
        "cpu_s_median": statistics.median(cpus),
    }


def imp(runs: int = 7) -> dict:
    env = dict(os.environ)  # keeps PYTHONPATH=<tree>/src:...: the tree's own import

    def once(code: str) -> float:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env)
        return time.perf_counter() - t0

    once("import switchboard; from switchboard import RoutingChatManager")
    base = statistics.median(once("pass") for _ in range(runs))
    out = {"interp_ms": base * 1000}
    for key, stmt in (
        ("import_switchboard_ms", "import switchboard"),
        (
            "from_switchboard_import_RoutingChatManager_ms",
            "from switchboard import RoutingChatManager",
        ),
    ):
        out[key] = (statistics.median(once(stmt) for _ in range(runs)) - base) * 1000
    return out


def child(mode: str) -> dict:
    sys.path.insert(0, HERE)
    import bench_extras as ex

    import switchboard

    if mode == "lat50":
        r = asyncio.run(lat50())
    elif mode == "imp":
        r = imp(runs=5)
    elif mode == "cpu":
        r = asyncio.run(ex.cpu(n=1000, warm=100))
    else:
        fn = ex.MODES[mode]
        r = asyncio.run(fn()) if asyncio.iscoroutinefunction(fn) else fn()
    r["switchboard_file"] = switchboard.__file__
    return r


# ------------------------------------------------------------------ driver
def run(tree: str, mode: str) -> dict:
    env = dict(os.environ, PYTHONPATH=f"{tree}/src:{PEERS}", PYTHONHASHSEED="0")
    p = subprocess.run(
        [sys.executable, __file__, "--child", mode], capture_output=True, text=True, env=env
    )
    if p.returncode:
        return {"error": p.stderr[-2000:]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--child")
    ap.add_argument("--tree", action="append", default=[], help="label=path, in order")
    ap.add_argument("--pairs", type=int, default=6)
    ap.add_argument("--mem-pairs", type=int, default=3)
    ap.add_argument("--modes", default="cpu,lat50,sqlite,mem,imp")
    ap.add_argument("--out", default=os.path.join(HERE, "results", "seams", "timed.jsonl"))
    a = ap.parse_args()
    if a.child:
        print(json.dumps(child(a.child), ensure_ascii=False))
        return
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    trees = dict(t.split("=", 1) for t in a.tree)
    labels = list(trees)
    with open(a.out, "a") as out:
        for pair in range(a.pairs):
            shift = pair % len(labels)
            order = labels[shift:] + labels[:shift]
            for mode in a.modes.split(","):
                if mode == "mem" and pair >= a.mem_pairs:
                    continue
                for label in order:
                    wall, cpu = reference_us()
                    row = {
                        "pair": pair,
                        "mode": mode,
                        "tree": label,
                        "time": time.strftime("%H:%M:%S", time.gmtime()),
                        "reference_us": round(wall, 2),
                        "reference_cpu_us": round(cpu, 2),
                        "loadavg1": os.getloadavg()[0],
                        "result": run(trees[label], mode),
                    }
                    line = json.dumps(row, ensure_ascii=False)
                    print(line, file=out, flush=True)
                    print(line, flush=True)


if __name__ == "__main__":
    main()
