"""The three CPU-bound targets, sampled repeatedly next to a VM speed reference.

This VM's speed drifts by up to 2x within minutes (the same `sum(range(1000))` takes 10 µs or
19 µs), so one reading says little. Each sample pairs the reference (as in the peers' report,
whose VM took 19.5 µs) with the targets, each mode in its own process:

    python bench/core/series.py --samples 12 --out bench/core/results/series.jsonl

CPU per model call (`bench_extras cpu`), 1,000 sessions × 50 ms model wall time (`lat`, 3 reps)
and SQLite time added per turn (`sqlite`). Needs PYTHONPATH=/work/shared/bench/peers.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))


def reference_us() -> float:
    """Best of 7 × 20,000 `sum(range(1000))`, in µs (what `python -m timeit` reports)."""
    return min(timeit.repeat("sum(range(1000))", number=20_000, repeat=7)) / 20_000 * 1e6


def mode(name: str) -> dict:
    out = subprocess.run(
        [sys.executable, os.path.join(HERE, "bench_extras.py"), name],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def sample() -> dict:
    before = reference_us()
    cpu = mode("cpu")
    lat = mode("lat")["50ms"]
    sqlite = mode("sqlite")
    return {
        "time": time.strftime("%H:%M:%S", time.gmtime()),
        "reference_us": [round(before, 1), round(reference_us(), 1)],
        "cpu_ms_per_model_call": round(cpu["cpu_ms_per_model_call"], 4),
        "lat_50ms_wall_s": lat["wall_s"],
        "sqlite_added_us_per_turn": round(sqlite["added_us_per_turn_median"], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--pause", type=float, default=20.0, help="seconds between samples")
    parser.add_argument("--out", default=os.path.join(HERE, "results", "series.jsonl"))
    args = parser.parse_args()
    with open(args.out, "a") as out:
        for index in range(args.samples):
            if index:
                time.sleep(args.pause)
            row = sample()
            print(json.dumps(row), file=out, flush=True)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
