"""Per-category recall and false positives of the offline guard on the DEV sets in the repository
(issue 20, branch guard): `dev.jsonl`, the issues' idioms, the first-contact dev files under
`tests/patterns/guardrails/data/`, the untouched dev halves of the two writers' files of branch
guard3 (`drop_split.py`: aggregate lines only, their errors are never printed) and, marked
in-sample, the hand-written training files (from guard3 on: v7, v7b, v9, `dev_fraud_v8.jsonl`
and the writers' train halves too).

    PYTHONPATH=src python bench/guardrails/bench_dev.py           # numbers
    PYTHONPATH=src python bench/guardrails/bench_dev.py --errors  # + every dev error

`guard_wg17.jsonl` (branch guard14) is a dev file whole (not split, not trained on; see
README.md). Held-out files (`test.jsonl`, `fresh*_test.*`) are never read here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import drop_split  # noqa: E402
from bench_fp import line, score  # noqa: E402
from bench_guard import BRIEF_SAFE, load_jsonl, load_tsv  # noqa: E402

IN_SAMPLE = [
    "handwritten.tsv",
    "handwritten_v4.tsv",
    "handwritten_v4b.tsv",
    "handwritten_v4c.tsv",
    "handwritten_v4d.tsv",
    "handwritten_v4e.tsv",
    "handwritten_v5.tsv",
    "handwritten_v6.tsv",
    "handwritten_v7.tsv",
    "handwritten_v7b.tsv",
    "handwritten_v9.tsv",
    "handwritten_v10.tsv",
    "handwritten_v11.tsv",
    "handwritten_v12.tsv",
]
"""v7, v7b (branch guard's dev files) and v9 are training data from branch guard3 on, v10 from
guard4."""


def main() -> None:
    from switchboard.patterns.guardrails.classifier import GuardClassifier

    clf = GuardClassifier.default()
    sets: list[tuple[str, list[dict[str, Any]]]] = [
        ("dev.jsonl", load_jsonl(HERE / "dev.jsonl")),
        ("issues' idioms", [{"text": t, "label": "SAFE", "category": None} for t in BRIEF_SAFE]),
        ("fresh_fp.jsonl", load_jsonl(ROOT / "tests/patterns/guardrails/data/fresh_fp.jsonl")),
        ("own_schinc.jsonl", load_jsonl(ROOT / "tests/patterns/guardrails/data/own_schinc.jsonl")),
        (
            "guard_wg17.jsonl (whole file, dev; branch guard14)",
            load_jsonl(HERE / "guard_wg17.jsonl"),
        ),
    ]
    untouched = [
        (f"{name} dev half (never trained on; aggregates only)", drop_split.rows(name, "dev"))
        for name in drop_split.ALL_DROP_FILES
    ]
    sets += [(f"{n} (in-sample)", load_tsv(HERE / n)) for n in IN_SAMPLE]
    sets += [("dev_fraud_v8.jsonl (in-sample)", load_jsonl(HERE / "dev_fraud_v8.jsonl"))]
    sets += [
        (f"{n} train half (in-sample)", drop_split.rows(n, "train"))
        for n in drop_split.ALL_DROP_FILES
        + drop_split.DROP_FILES_GUARD5
        + drop_split.DROP_FILES_GUARD6
    ]
    for name, rows in untouched + sets:
        s = score(clf, rows)
        print(line(name, s))
        if "--errors" in sys.argv and s.errors and (name, rows) not in untouched:
            print("\n".join(f"    {e}" for e in s.errors))


if __name__ == "__main__":
    main()
