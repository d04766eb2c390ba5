"""The guard on a second independent suite (`/work/data/scholarships2/safety.jsonl`), with a
deterministic 60/40 split of its cases by id hash: tune on 60%, keep 40% unread.

    PYTHONPATH=src python bench/guardrails/bench_fresh.py                # both parts, aggregates
    PYTHONPATH=src python bench/guardrails/bench_fresh.py --errors       # + TUNE per-case errors
    PYTHONPATH=src python bench/guardrails/bench_fresh.py --app          # + app replay per part
    PYTHONPATH=src python bench/guardrails/bench_fresh.py --tune-only    # the 60% only

Every case of that suite is marked `"split": "dev"` by its writer, so the split is made here:
`part_of(case_id)` = first 8 hex digits of sha256(id) mod 100 < 60 → "tune", else "holdout".
Nothing here prints a holdout message, case id or per-case result — only aggregate numbers per
category — and `--errors` lists errors of the tune part only. The suite's flows/income files
give a false-positive count on ordinary conversation (aggregate; their blocked turns are listed
only with `--errors`, being another engineer's dev set, not this split).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import platform
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from bench_guard import Score, careless_guard, replay, replay_lines, timing  # noqa: E402
from suite import SuiteRow  # noqa: E402

SUITE = Path(os.environ.get("SAFETY_SUITE2", "/work/data/scholarships2/safety.jsonl"))
TUNE_SHARE = 60
"""Percent of cases (by id hash) that may be read and tuned on."""


def part_of(case_id: str) -> str:
    """ "tune" or "holdout", from the case id alone (stable across runs and machines)."""
    bucket = int(hashlib.sha256(case_id.encode("utf-8")).hexdigest()[:8], 16) % 100
    return "tune" if bucket < TUNE_SHARE else "holdout"


@dataclass
class Part:
    name: str
    rows: list[SuiteRow] = field(default_factory=list)


def load_parts(path: Path = SUITE) -> dict[str, Part]:
    parts = {"tune": Part("tune"), "holdout": Part("holdout")}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        case = json.loads(line)
        context: list[str] = []
        part = parts[part_of(case["id"])]
        for turn in case["turns"]:
            expect = turn.get("expect") or {}
            if "blocked" in expect:
                blocked = bool(expect["blocked"])
                part.rows.append(
                    SuiteRow(
                        case=case["id"],
                        text=turn["user"],
                        label="UNSAFE" if blocked else "SAFE",
                        category=expect.get("category") if blocked else None,
                        expect=expect,
                        context=tuple(context),
                        tags=tuple(case.get("tags", ())),
                    )
                )
            context.append(turn["user"])
    return parts


def ordinary_turns(directory: Path) -> list[str]:
    texts: list[str] = []
    for name in ("flows.jsonl", "income.jsonl"):
        path = directory / name
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("//"):
                texts += [t["user"] for t in json.loads(line)["turns"]]
    return texts


def near_miss_line(rows: list[SuiteRow], clf: Any) -> str:
    """False positives among the SAFE cases tagged as near-misses (aggregate)."""
    near = [r for r in rows if r.label == "SAFE" and any("near" in t for t in r.tags)]
    fp = sum(clf.check(r.text).unsafe for r in near)
    return f"- near-miss SAFE cases (tag `near*`): {fp}/{len(near)} blocked"


def cpu_timing(clf: Any, texts: list[str]) -> str:
    """CPU time of `check` per message: on a shared machine, wall time measures the neighbours."""
    runs: list[float] = []
    for _ in range(5):
        start = time.process_time()
        for text in texts:
            clf.check(text)
        runs.append((time.process_time() - start) * 1000 / len(texts))
    return f"{sorted(runs)[2]:.3f} ms per message (median of 5 passes)"


def main() -> None:
    start = time.perf_counter()
    import sklearn.svm  # noqa: F401

    import_s = time.perf_counter() - start
    from switchboard.patterns.guardrails.classifier import GuardClassifier, packaged_training_rows

    train = packaged_training_rows()
    start, cpu = time.perf_counter(), time.process_time()
    clf = GuardClassifier.train(train)
    train_s, train_cpu = time.perf_counter() - start, time.process_time() - cpu
    parts = load_parts()
    parts["all"] = Part("all", parts["tune"].rows + parts["holdout"].rows)
    names = ["tune"] if "--tune-only" in sys.argv else ["tune", "holdout", "all"]
    out = [
        f"Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC. Machine: {platform.machine()}, "
        f"{platform.system()}, Python {platform.python_version()}, 2 vCPU shared with other jobs.",
        f"Training data: {len(train)} rows; training {train_s:.2f} s wall, {train_cpu:.2f} s CPU "
        f"(+ {import_s:.2f} s wall to import scikit-learn). Thresholds: {clf.thresholds}.",
        f"Suite: `{SUITE}`; split by sha256(case id): tune {len(parts['tune'].rows)} turns "
        f"({sum(r.label == 'UNSAFE' for r in parts['tune'].rows)} unsafe), holdout "
        f"{len(parts['holdout'].rows)} ({sum(r.label == 'UNSAFE' for r in parts['holdout'].rows)}"
        " unsafe).",
        "",
    ]
    errors: list[str] = []
    for name in names:
        rows = parts[name].rows
        offline = Score()
        for row in rows:
            offline.add(row.label, row.category, clf.check(row.text), row.text)
        combined = Score()

        async def run(rows: list[SuiteRow] = rows, score: Score = combined) -> None:
            guard = careless_guard()
            for row in rows:
                score.add(row.label, row.category, await guard.judge(row.text), row.text)

        asyncio.run(run())
        out += [f"### {name} ({len(rows)} turns)", "", "Offline guard:", *offline.lines()]
        out += [near_miss_line(rows, clf), "", "Careless hosted guard (always SAFE), `AnyUnsafe`:"]
        out += [*combined.lines(), ""]
        if "--app" in sys.argv and name != "all":
            for hosted in (False, True):
                passed, app_errors = asyncio.run(replay(rows, hosted))
                mode = "careless hosted" if hosted else "offline"
                out += [f"App replay ({mode}): {replay_lines(passed)}", ""]
                if name == "tune":
                    errors += [f"APP({mode}) {e}" for e in app_errors]
        if name == "tune":
            errors += offline.errors
    ordinary = ordinary_turns(SUITE.parent)
    blocked = [t for t in ordinary if clf.check(t).unsafe]
    every = [r.text for r in parts["all"].rows]
    out += [
        f"Ordinary conversation (every turn of scholarships2 flows.jsonl + income.jsonl): "
        f"{len(blocked)}/{len(ordinary)} blocked",
        f"Decision time: wall {timing(clf, every + ordinary)}; "
        f"CPU {cpu_timing(clf, every + ordinary)}",
    ]
    print("\n".join(out))
    if "--errors" in sys.argv:
        print("\n--- TUNE errors ---")
        print("\n".join(errors))
        print("\n".join(f"ORDINARY FP: {t}" for t in blocked))


if __name__ == "__main__":
    main()
