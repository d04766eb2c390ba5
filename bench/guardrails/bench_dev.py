"""Per-category recall and false positives of the offline guard on the DEV sets in the repository
(issue 20, branch guard): `dev.jsonl`, the issues' idioms, the first-contact dev files under
`tests/patterns/guardrails/data/`, `handwritten_v7.tsv` (written before reading the rules, never
trained on), `handwritten_v7b.tsv` (written after, to look for false positives) and, marked
in-sample, the hand-written training files.

    PYTHONPATH=src python bench/guardrails/bench_dev.py           # numbers
    PYTHONPATH=src python bench/guardrails/bench_dev.py --errors  # + every dev error

Held-out files (`test.jsonl`, `fresh*_test.*`) are never read here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

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
]


def main() -> None:
    from switchboard.patterns.guardrails.classifier import GuardClassifier

    clf = GuardClassifier.default()
    sets: list[tuple[str, list[dict[str, Any]]]] = [
        ("dev.jsonl", load_jsonl(HERE / "dev.jsonl")),
        ("issues' idioms", [{"text": t, "label": "SAFE", "category": None} for t in BRIEF_SAFE]),
        ("fresh_fp.jsonl", load_jsonl(ROOT / "tests/patterns/guardrails/data/fresh_fp.jsonl")),
        ("own_schinc.jsonl", load_jsonl(ROOT / "tests/patterns/guardrails/data/own_schinc.jsonl")),
        ("handwritten_v7.tsv (not trained on)", load_tsv(HERE / "handwritten_v7.tsv")),
        ("handwritten_v7b.tsv (not trained on, tuned on)", load_tsv(HERE / "handwritten_v7b.tsv")),
    ]
    sets += [(f"{n} (in-sample)", load_tsv(HERE / n)) for n in IN_SAMPLE]
    for name, rows in sets:
        s = score(clf, rows)
        print(line(name, s))
        if "--errors" in sys.argv and s.errors:
            print("\n".join(f"    {e}" for e in s.errors))


if __name__ == "__main__":
    main()
