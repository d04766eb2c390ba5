"""Summarize `seams_run.py`'s JSONL: per tree and metric, median and range, and the median of the
per-round ratios after/before (each round ran both trees back to back, so the ratio cancels most
of the VM's drift).

    python bench/core/seams_summary.py bench/core/results/seams/timed.jsonl [base=before]
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from typing import Any

METRICS: dict[str, list[tuple[str, Callable[[dict[str, Any]], float]]]] = {
    "cpu": [
        ("CPU ms per model call", lambda r: r["cpu_ms_per_model_call"]),
        ("turn median µs", lambda r: r["turn_us_median"]),
    ],
    "lat50": [
        ("1,000 × 50 ms: wall s (median of 3)", lambda r: r["wall_s_median"]),
        ("1,000 × 50 ms: CPU s (median of 3)", lambda r: r["cpu_s_median"]),
    ],
    "sqlite": [
        ("SQLite added µs per turn (median)", lambda r: r["added_us_per_turn_median"]),
        ("SQLite turn median µs", lambda r: r["turn_us_median_sqlite"]),
        ("SQLite CPU ms per turn", lambda r: r["cpu_ms_per_turn_sqlite"]),
    ],
    "imp": [
        ("import switchboard ms", lambda r: r["import_switchboard_ms"]),
        (
            "from switchboard import RoutingChatManager ms",
            lambda r: r["from_switchboard_import_RoutingChatManager_ms"],
        ),
    ],
}


def main() -> None:
    path = sys.argv[1]
    base = sys.argv[2].split("=", 1)[1] if len(sys.argv) > 2 else "before"
    with open(path) as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    values: dict[tuple[str, str, str], dict[int, float]] = defaultdict(dict)
    refs: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        if "error" in row["result"]:
            print("ERROR", row["mode"], row["tree"], row["result"]["error"][-300:])
            continue
        refs["wall"].append(row["reference_us"])
        refs["cpu"].append(row.get("reference_cpu_us", float("nan")))
        for name, get in METRICS.get(row["mode"], []):
            values[(row["mode"], name, row["tree"])][row["pair"]] = get(row["result"])
    trees = list(dict.fromkeys(row["tree"] for row in rows))
    print(
        f"{len(rows)} runs; rounds: {sorted({row['pair'] for row in rows})}; "
        f"{rows[0]['time']}–{rows[-1]['time']} UTC; load {min(r['loadavg1'] for r in rows):.1f}"
        f"–{max(r['loadavg1'] for r in rows):.1f}"
    )
    for kind, vals in refs.items():
        print(
            f"reference sum(range(1000)) {kind} µs: median {statistics.median(vals):.1f}, "
            f"{min(vals):.1f}–{max(vals):.1f}"
        )
    header = ["metric", *[f"{t}: median (range), n" for t in trees]]
    header += [f"{t}/{base} per round: median (range)" for t in trees if t != base]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for mode, metrics in METRICS.items():
        for name, _ in metrics:
            cells = [name]
            for tree in trees:
                v = list(values[(mode, name, tree)].values())
                cells.append(
                    f"{statistics.median(v):.3f} ({min(v):.3f}–{max(v):.3f}), {len(v)}"
                    if v
                    else "—"
                )
            for tree in trees:
                if tree == base:
                    continue
                a, b = values[(mode, name, tree)], values[(mode, name, base)]
                ratios = [a[p] / b[p] for p in a if b.get(p)]
                cells.append(
                    f"{statistics.median(ratios):.3f} ({min(ratios):.3f}–{max(ratios):.3f})"
                    if ratios
                    else "—"
                )
            if any(c != "—" for c in cells[1:]):
                print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
