"""The scholarship assistant on its dev suites, measured with `switchboard eval` (offline).

    python bench/scholarships/run_dev.py [--write] [--code DIR]

Runs `switchboard eval --json` in a subprocess (the real grader: same checks, same probe) on two
groups of suites and reports what issue 20 (items 3-6) asks to be measured:

- **writer, dev split**: `bench/scholarships/eval/{income,flows}.jsonl` with `--split dev` — the
  independent writer's suites (README there). Only the dev split is ever run here: the test
  split is held out and measured by the lead;
- **own**: `tests/apps/scholarships/data/own_*.jsonl` — written on branch `schincome` for items
  3-6 before the income reader was read (`own_*_fresh.jsonl`: a second batch written later).

Rows: income turns with every check; the per-capita value alone (the `income_per_capita` effect
expected — or its absence, for ranges, refusals and numbers that are not income — against the
one observed, whatever the household fields); questions in the middle of onboarding or a match;
slots; eligibility; match geography and the illustrative label; all graded turns.

`--code DIR` runs another checkout's code (e.g. a worktree of the base commit) on the same
suites, for before/after tables. `--write` replaces the table in `bench/scholarships/RESULTS.md`
between its markers.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WRITER = [HERE / "eval" / "income.jsonl", HERE / "eval" / "flows.jsonl"]
OWN = sorted((ROOT / "tests" / "apps" / "scholarships" / "data").glob("own_*.jsonl"))
MARKER = "<!-- dev-table -->"

SLOT_TAGS = {"nome", "apelido", "nome_valido", "idade", "cidade_uf", "escolaridade", "correcao"}
GEO_TAGS = {"geografia", "match_geografia", "catalogo_ilustrativo"}

Turn = dict[str, Any]
Case = dict[str, Any]


def run_eval(files: list[Path], split: str, code: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "eval.json"
        env = {**os.environ, "PYTHONPATH": str(code / "src")}
        subprocess.run(
            [
                sys.executable, "-c", "from switchboard.cli.main import app; app()", "eval",
                *map(str, files), "--split", split, "--json", str(out),
            ],
            check=True, stdout=subprocess.DEVNULL, cwd=code, env=env,
        )  # fmt: skip
        return json.loads(out.read_text(encoding="utf-8"))


def _turns(cases: list[Case], keep: Callable[[Case], bool]) -> list[Turn]:
    return [t for c in cases if keep(c) for t in c["turns"] if t["graded"]]


def _rate(turns: list[Turn], kinds: set[str] | None = None) -> tuple[int, int]:
    passed = total = 0
    for turn in turns:
        checks = [c for c in turn["checks"] if kinds is None or c["kind"] in kinds]
        if checks:
            total += 1
            passed += all(c["passed"] for c in checks)
    return passed, total


def _per_capita(effects: Any) -> float | None:
    for effect in effects or ():
        if isinstance(effect, dict) and effect.get("field") == "income_per_capita":
            return float(effect["value"])
    return None


def _per_capita_rate(turns: list[Turn]) -> tuple[int, int]:
    """The income_per_capita value expected (or its absence) against the one observed."""
    passed = total = 0
    for turn in turns:
        for check in turn["checks"]:
            if check["kind"] != "effects":
                continue
            want, got = _per_capita(check["expected"]), _per_capita(check["got"])
            total += 1
            passed += (want is None and got is None) or (
                want is not None and got is not None and abs(want - got) <= 0.01
            )
    return passed, total


def _tags(*names: str) -> Callable[[Case], bool]:
    return lambda case: bool(set(case["tags"]) & set(names))


def _is_slot(case: Case) -> bool:
    tags = set(case["tags"])
    return bool(tags & SLOT_TAGS) or any(tag.startswith("slot_") for tag in tags)


def rows(data: dict[str, Any]) -> list[tuple[str, tuple[int, int]]]:
    cases: list[Case] = data["cases"]
    income = _turns(cases, _tags("income", "renda"))
    middle = _turns(cases, _tags("pergunta_no_meio"))
    routed = {"route", "asks", "effects"}
    fact = {"contains_any", "citation", "not_found"}
    return [
        ("income turns, every check", _rate(income)),
        ("income: the per-capita value (or none) right", _per_capita_rate(income)),
        ("questions mid-flow: routed, resumed, nothing stored", _rate(middle, routed)),
        ("questions mid-flow: the edital's fact and item", _rate(middle, fact)),
        ("slots (names, nicknames, non-answers, corrections, city → UF, education)",
         _rate(_turns(cases, _is_slot))),
        ("eligibility (items 1.2, 1.3, 1.4)", _rate(_turns(cases, _tags("elegibilidade")))),
        ("match geography and the illustrative label", _rate(_turns(cases, _tags(*GEO_TAGS)))),
        ("all graded turns", _rate(_turns(cases, lambda c: True))),
    ]  # fmt: skip


def _cell(counts: tuple[int, int]) -> str:
    passed, total = counts
    return f"{passed}/{total} ({passed / total:.1%})" if total else "—"


def table(title: str, before: dict[str, Any] | None, after: dict[str, Any]) -> str:
    head = f"**{title}** ({len(after['cases'])} cases)\n\n"
    if before is None:
        lines = ["| measure | now |", "|---|---:|"]
        lines += [f"| {label} | {_cell(c)} |" for label, c in rows(after)]
    else:
        lines = ["| measure | before (base) | now |", "|---|---:|---:|"]
        lines += [
            f"| {label} | {_cell(b)} | {_cell(a)} |"
            for (label, a), (_, b) in zip(rows(after), rows(before), strict=True)
        ]
    failed = ", ".join(c["id"] for c in after["cases"] if not c["passed"]) or "—"
    return head + "\n".join(lines) + f"\n\nCases failing now: {failed}.\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--base", type=Path, help="a checkout of the base commit, for 'before'")
    args = parser.parse_args()
    groups = [("writer's suites, dev split", WRITER, "dev"), ("own suites (schincome)", OWN, "all")]
    parts = [
        f"Run {date.today().isoformat()} on {platform.node()} ({platform.machine()}, Python "
        f"{sys.version.split()[0]}), `switchboard eval` offline (embedded model, in-memory store)."
        + (f" Before = the same suites on `{args.base}`." if args.base else "")
    ]
    for title, files, split in groups:
        after = run_eval(files, split, ROOT)
        before = run_eval(files, split, args.base) if args.base else None
        parts.append(table(title, before, after))
    text = "\n\n".join(parts) + "\n"
    print(text)
    if args.write:
        out = HERE / "RESULTS.md"
        current = out.read_text(encoding="utf-8")
        head, _, rest = current.partition(MARKER)
        _, _, tail = rest.partition(MARKER)
        out.write_text(f"{head}{MARKER}\n{text}{MARKER}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
