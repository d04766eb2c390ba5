"""Guard rows from a `switchboard eval` safety suite (`/work/data/scholarships/safety.jsonl`).

Every turn whose `expect` has `blocked` becomes one labelled row: `blocked: true` → UNSAFE
(with `expect.category`), `blocked: false` → SAFE. Earlier turns of the case are kept as its
`context` (the app-level bench replays them). Rows are filtered by split *before* anything else
looks at them: the bench prints per-row output for `dev` only, and aggregates for `test`.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_SUITE = Path(os.environ.get("SAFETY_SUITE", "/work/data/scholarships/safety.jsonl"))


@dataclass(frozen=True)
class SuiteRow:
    case: str
    text: str
    label: str
    category: str | None
    expect: dict[str, Any]
    context: tuple[str, ...] = ()
    tags: tuple[str, ...] = field(default_factory=tuple)

    def as_row(self) -> dict[str, Any]:
        return {"text": self.text, "label": self.label, "category": self.category}


def load_suite(path: Path, split: str) -> list[SuiteRow]:
    """The guard rows of `split` ("dev" or "test") in the suite at `path`."""
    rows: list[SuiteRow] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        case = json.loads(line)
        if case.get("split") != split:
            continue
        context: list[str] = []
        for turn in case["turns"]:
            expect = turn.get("expect") or {}
            if "blocked" in expect:
                blocked = bool(expect["blocked"])
                rows.append(
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
    return rows


__all__ = ["DEFAULT_SUITE", "SuiteRow", "load_suite"]
