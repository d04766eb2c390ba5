"""The deterministic train/dev split of the writers' files `guard_fraud_w1.jsonl` and
`guard_crisis_w2.jsonl` (issue 20, branch guard3) and `guard_fraud_w5.jsonl`,
`guard_crisis_w6.jsonl` (branch guard4), `guard_w10.jsonl` (branch guard5) and
`guard_w14.jsonl` (branch guard6), `guard_wg1.jsonl` and `guard_wg2.jsonl` (branch guard8),
`guard_wg4.jsonl` and `guard_wg5.jsonl` (branch guard9), `guard_wg7.jsonl` … `guard_wg10.jsonl`
(branch guard10), `guard_wg11.jsonl` (branch guard11), `guard_wg13.jsonl` (branch guard12),
`guard_wg16.jsonl` (branch guard13); see README.md.

`sha1(text)` as an integer, even → "train" (training data), odd → "dev" (never trained on, read
only as aggregates). Keyed on the text, so the split does not depend on row order."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Literal

HERE = Path(__file__).parent
DROP_FILES = ("guard_fraud_w1.jsonl", "guard_crisis_w2.jsonl")
"""Branch guard3's writers (w1, w2)."""
DROP_FILES_GUARD4 = ("guard_fraud_w5.jsonl", "guard_crisis_w6.jsonl")
"""Branch guard4's writers (w5, w6); their SAFE rows carry the category "safe"."""
ALL_DROP_FILES = DROP_FILES + DROP_FILES_GUARD4
"""The files whose dev halves the helpers' benches print as aggregates."""
DROP_FILES_GUARD5 = ("guard_w10.jsonl",)
"""Branch guard5's writer (w10; all categories in one file, SAFE rows "safe"). Its dev half is
the lead's held-out set: only `bench_fp.py --test` reads it, so it is not in `ALL_DROP_FILES`
(branch guard5 had only the train half in the repository)."""
DROP_FILES_GUARD6 = ("guard_w14.jsonl",)
"""Branch guard6's writer (w14; all categories in one file, SAFE rows "safe"). Its dev half is the
lead's held-out set: only `bench_fp.py --test` reads it (branch guard6 had only the train half in
the repository, `guard_w14_train.jsonl`; the whole file replaced it after the merge)."""

DROP_FILES_GUARD8 = ("guard_wg1.jsonl", "guard_wg2.jsonl")
"""Branch guard8's writers (wg1 fraud/privacy heavy, wg2 crisis heavy; all categories, SAFE rows
"safe"). Train halves are training data (`make_data.guard8_rows`); dev halves are read only as
aggregates (`bench_wg.py`, `bench_fp.py`, `bench_dev.py`)."""
ALL_DROP_FILES += DROP_FILES_GUARD8
DROP_FILES_GUARD9 = ("guard_wg4.jsonl", "guard_wg5.jsonl")
"""Branch guard9's writers (wg4 crisis heavy with edgy-safe idioms, wg5 fraud/privacy heavy with
near-miss safe rows; SAFE rows "safe"). Train halves are training data (`make_data.guard9_rows`);
dev halves are read only as aggregates (`bench_wg.py`, `bench_fp.py`)."""
ALL_DROP_FILES += DROP_FILES_GUARD9
DROP_FILES_GUARD10 = ("guard_wg7.jsonl", "guard_wg8.jsonl", "guard_wg9.jsonl", "guard_wg10.jsonl")
"""Branch guard10's writers (wg7 edgy-safe heavy, wg8 indirect self-harm and fraud, wg9 immediate
danger / self-harm / injection with SAFE rows, wg10 fraud/privacy contrasting pairs; SAFE rows
"safe"). Train halves are training data (`make_data.guard10_rows`); dev halves are read only as
aggregates (`bench_wg.py`, `bench_fp.py`)."""
ALL_DROP_FILES += DROP_FILES_GUARD10
DROP_FILES_GUARD11 = ("guard_wg11.jsonl",)
"""Branch guard11's writer (wg11: every category, SAFE rows "safe"). Train half is training data
(`make_data.guard12_rows`, group prefix "g12w": "g11" is the lead's v15); dev half is read only
as aggregates (`bench_wg.py`, `bench_fp.py`)."""
ALL_DROP_FILES += DROP_FILES_GUARD11
DROP_FILES_GUARD12 = ("guard_wg13.jsonl",)
"""Branch guard12's writer (wg13: every category, SAFE rows "safe"). Train half is training data
(`make_data.guard13_rows`, group prefix "g13w"); dev half is read only as aggregates
(`bench_wg.py`, `bench_fp.py`, `bench_dev.py`)."""
ALL_DROP_FILES += DROP_FILES_GUARD12
DROP_FILES_GUARD13 = ("guard_wg16.jsonl",)
"""Branch guard13's writer (wg16: every category, SAFE rows "safe"). Train half is training data
(`make_data.guard14_rows`, group prefix "g14w"); dev half is read only as aggregates
(`bench_wg.py`, `bench_fp.py`, `bench_dev.py`)."""
ALL_DROP_FILES += DROP_FILES_GUARD13


STUDENT_QUESTION_FILES = (
    "chunkq2_a.jsonl",
    "chunkq2_b.jsonl",
    "chunkq3_a.jsonl",
    "chunkq3_b.jsonl",
)
"""Ordinary students' questions about the editais (`bench/knowledge/`, field `questions[].q`),
split by the same rule (branch guard10): the train half is SAFE training data except the few
that ask how to deceive (`make_data.STUDENT_DECEIVE`), the dev half measures false positives on
ordinary questions (aggregates only)."""


def student_questions(part: Literal["train", "dev"]) -> list[str]:
    """The distinct students' questions of `STUDENT_QUESTION_FILES` in one half, in file order."""
    import json

    seen: set[str] = set()
    out: list[str] = []
    for name in STUDENT_QUESTION_FILES:
        for line in (HERE.parent / "knowledge" / name).read_text(encoding="utf-8").splitlines():
            for question in json.loads(line).get("questions", []) if line.strip() else []:
                text = str(question["q"])
                if text not in seen:
                    seen.add(text)
                    if half(text) == part:
                        out.append(text)
    return out


def half(text: str) -> Literal["train", "dev"]:
    """The half a message belongs to."""
    return "train" if int(hashlib.sha1(text.encode("utf-8")).hexdigest(), 16) % 2 == 0 else "dev"


def rows(name: str, part: Literal["train", "dev"]) -> list[dict[str, Any]]:
    """The rows of one writer's file in one half (label, category and text as written)."""
    import json

    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    out = [json.loads(line) for line in lines if line.strip()]
    return [r for r in out if half(str(r["text"])) == part]
