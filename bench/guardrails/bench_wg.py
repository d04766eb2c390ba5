"""Aggregates per category of the offline guard on the writers' files of branches guard8 and
guard9 (`guard_wg1.jsonl`, `guard_wg2.jsonl`, `guard_wg4.jsonl`, `guard_wg5.jsonl`; README.md),
guard10 (`guard_wg7.jsonl` … `guard_wg10.jsonl`), guard11 (`guard_wg11.jsonl`), guard12
(`guard_wg13.jsonl`) and guard13 (`guard_wg16.jsonl`): the whole files (first contact, before
any change), and each half (`drop_split.half`). Only aggregate lines are printed: the dev
halves' rows and failures are never printed.

    PYTHONPATH=src python bench/guardrails/bench_wg.py            # whole files + both halves
    PYTHONPATH=src python bench/guardrails/bench_wg.py --dev      # dev halves only
    PYTHONPATH=src python bench/guardrails/bench_wg.py --files=guard_wg4.jsonl,guard_wg5.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

import drop_split  # noqa: E402
from bench_fp import line, score  # noqa: E402


def main() -> None:
    from switchboard.patterns.guardrails.classifier import GuardClassifier

    clf = GuardClassifier.default()
    parts = ("dev",) if "--dev" in sys.argv else ("whole", "train", "dev")
    names = (
        drop_split.DROP_FILES_GUARD8
        + drop_split.DROP_FILES_GUARD9
        + drop_split.DROP_FILES_GUARD10
        + drop_split.DROP_FILES_GUARD11
        + drop_split.DROP_FILES_GUARD12
        + drop_split.DROP_FILES_GUARD13
    )
    chosen = next(
        (a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--files=")), None
    )
    for name in chosen or names:
        if name not in names:
            raise SystemExit(f"not a writer's file of guard8–guard13: {name}")
        lines = (HERE / name).read_text(encoding="utf-8").splitlines()
        whole = [json.loads(x) for x in lines if x.strip()]
        for part in parts:
            rows = whole if part == "whole" else drop_split.rows(name, part)  # type: ignore[arg-type]
            rows = [
                {**r, "category": None if r["label"] == "SAFE" else r["category"]} for r in rows
            ]
            print(line(f"{name} {part}", score(clf, rows)), flush=True)


if __name__ == "__main__":
    main()
