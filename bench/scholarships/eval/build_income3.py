"""Builds an income suite from a writer's phrasings (wi3: 80 answers to the income question,
written by someone who saw neither the assistant nor income.jsonl/income2.jsonl).

Each writer row is {message, kind, household_income, household_size, per_capita}; kind "total"
expects the three profile fields and the per-capita figure confirmed back, "per_capita" that
field and figure, "ask" a question back (the household total or size the writer marks as known
may be kept, nothing else), "none" (a refusal, a digression or a number that is not income)
nothing stored. Cases run
as in income2.jsonl: a student past onboarding starts a match, gives the basic preferences, and the
graded turn is the phrasing. The writer's rows are split by sha1(message) parity: even → this
repository (`income_wi3_dev_rows.jsonl`), odd → held out by the lead. Later writers' rows (wi4)
go through the same builder; a row's `writer` names its cases and tags.

Run: python bench/scholarships/eval/build_income3.py ROWS.jsonl OUT.jsonl SPLIT
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from _common import TODAY
from build_income2 import PROFILES, STARTS, _prefs, hi, hs, pf


def expect_of(row: dict[str, Any]) -> dict[str, Any]:
    kind = row["kind"]
    if kind == "total":
        pc = round(row["household_income"] / row["household_size"], 2)
        return {
            "effects": [hi(row["household_income"]), hs(row["household_size"]), pf(pc)],
            "figures": [{"value": pc, "tol": 0.01}],
        }
    if kind == "per_capita":
        return {
            "effects": [pf(row["per_capita"])],
            "figures": [{"value": round(row["per_capita"], 2), "tol": 0.01}],
        }
    if kind == "ask":  # what the writer says is known may be kept; the rest is asked
        known = [hi(row["household_income"])] if row.get("household_income") else []
        known += [hs(row["household_size"])] if row.get("household_size") else []
        return {"effects": known, "asks": True}
    return {"effects": []}


def build(rows: list[dict[str, Any]], split: str) -> list[dict[str, Any]]:
    cases = []
    for n, row in enumerate(rows, start=1):
        p = PROFILES[n % len(PROFILES)]
        writer = row.get("writer", "wi3")
        cases.append(
            {
                "id": f"sch-{writer}-{split}-{n:04d}",
                "app": "scholarships",
                "split": split,
                "tags": ["renda", writer, f"{writer}-{row['kind']}", *row.get("tags", [])],
                "today": TODAY,
                "setup": {"profile": {"onboarding_completed": True, **p}},
                "notes": row.get("note", ""),
                "turns": [
                    {"user": STARTS[n % len(STARTS)]},
                    {"user": _prefs(p)},
                    {"user": row["message"], "expect": expect_of(row)},
                ],
            }
        )
    return cases


if __name__ == "__main__":
    source, target, split = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    rows = [json.loads(x) for x in source.read_text(encoding="utf-8").splitlines() if x.strip()]
    target.write_text(
        "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in build(rows, split)),
        encoding="utf-8",
    )
    print(target, len(rows))
