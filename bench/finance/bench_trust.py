"""Issue 19 trust numbers: the finance eval suites through the offline app, per split.

    PYTHONPATH=src python bench/finance/bench_trust.py [FILES...] [--split dev|test|all]
        [--failures] [--markdown bench/finance/RESULTS_trust.md]

Runs `switchboard eval`'s own runner and checks (`switchboard.evals`: a fresh user and session
per case, the app's clock on the case's date, route = the answering agent, ledger effects
through `apps/finance/eval_probe.py`). Default files: the independent writer's suites in
/work/data/finance (recording, queries, complex) when present, and our own example suites in
tests/apps/finance/data. For `complex` only the route column is this work's (issue 19.3
routing); its figures are the missions'. Reported per suite and split:

- triage accuracy: route checks passed;
- recorded entries fully right: turns that expect something written whose effects all match;
- questions recorded: turns that expect nothing written and are questions or plans (route
  simplista/complexa/trivial, or a `pergunta_com_valor`/`intencao` case) where the app wrote
  something — the target is 0; and every turn that expected nothing written but got a write;
- turn pass rate, per check kind and per case kind (first tag);
- wall time per turn (mean per case, p50/p99 over cases), the machine and the date.

Held-out (`test`) cases are never printed, only aggregates. `--failures` lists the failing
turns of the dev split only.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import platform
import statistics
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from switchboard.evals import (
    CaseResult,
    EvalRunner,
    RunOptions,
    Selection,
    TurnResult,
    load_suites,
    select,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WRITER = Path("/work/data/finance")
OURS = ROOT / "tests/apps/finance/data"
NOTHING_TO_WRITE = {"simplista", "complexa", "trivial"}
QUESTION_KINDS = {"pergunta_com_valor", "intencao"}


def _expected(case: Any, index: int) -> dict[str, Any]:
    expect = case.case.turns[index].expect
    return expect.model_dump(exclude_none=True) if expect is not None else {}


def _check(turn: TurnResult, kind: str) -> bool | None:
    return next((c.passed for c in turn.checks if c.kind == kind), None)


def _effects_got(turn: TurnResult) -> list[Any]:
    got = next((c.got for c in turn.checks if c.kind == "effects"), None)
    return got if isinstance(got, list) else []


def summary(cases: list[Any], results: list[CaseResult]) -> dict[str, Any]:
    by_id = {c.case.id: c for c in cases}
    routes: list[bool] = []
    writes: list[bool] = []
    questions = wrote_questions = nothing = wrote_nothing = 0
    kinds: dict[str, Counter[bool]] = defaultdict(Counter)
    tags: dict[str, Counter[bool]] = defaultdict(Counter)
    per_turn_ms: list[float] = []
    for result in results:
        graded = [t for t in result.turns if t.graded]
        if result.turns:
            per_turn_ms.append(1000 * result.seconds / len(result.turns))
        for turn in graded:
            expect = _expected(by_id[result.id], turn.index)
            tags[result.tags[0] if result.tags else "?"][turn.passed] += 1
            for check in turn.checks:
                kinds[check.kind][check.passed] += 1
            if (ok := _check(turn, "route")) is not None:
                routes.append(ok)
            effects = expect.get("effects")
            if effects:
                writes.append(bool(_check(turn, "effects")))
            elif effects is not None:
                wrote = bool(_effects_got(turn))
                nothing += 1
                wrote_nothing += wrote
                route = expect.get("route") or []
                route = [route] if isinstance(route, str) else route
                if set(route) & NOTHING_TO_WRITE or set(result.tags) & QUESTION_KINDS:
                    questions += 1
                    wrote_questions += wrote
    turns = [t for r in results for t in r.turns if t.graded]
    return {
        "cases": len(results),
        "turns": _pct(sum(t.passed for t in turns), len(turns)),
        "triage": _pct(sum(routes), len(routes)),
        "recorded_right": _pct(sum(writes), len(writes)),
        "questions_recorded": f"{wrote_questions} of {questions}",
        "wrote_when_nothing_expected": f"{wrote_nothing} of {nothing}",
        "checks": {k: _pct(v[True], v[True] + v[False]) for k, v in sorted(kinds.items())},
        "kinds": {k: _pct(v[True], v[True] + v[False]) for k, v in sorted(tags.items())},
        "ms_p50": round(statistics.median(per_turn_ms), 1) if per_turn_ms else 0.0,
        "ms_p99": round(_p99(per_turn_ms), 1) if per_turn_ms else 0.0,
    }


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def _pct(passed: int, total: int) -> str:
    return f"{passed}/{total} ({100 * passed / total:.1f}%)" if total else "—"


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load_avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (
        f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, load average "
        f"{load_avg:.2f} at start"
    )


def groups(files: list[Path]) -> dict[str, Path]:
    if files:
        return {p.stem: p for p in files}
    found: dict[str, Path] = {}
    for name in ("recording", "queries", "complex"):
        if (WRITER / f"{name}.jsonl").exists():
            found[f"writer/{name}"] = WRITER / f"{name}.jsonl"
    found["ours/recording"] = OURS / "trust_recording.jsonl"
    found["ours/queries"] = OURS / "trust_queries.jsonl"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--split", choices=["dev", "test", "all"], default="all")
    parser.add_argument("--failures", action="store_true", help="list failing dev turns")
    parser.add_argument("--markdown", type=Path, help="write the results as markdown here")
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    started = time.perf_counter()
    results: dict[str, dict[str, Any]] = {}
    for name, path in groups(args.files).items():
        loaded = load_suites([path])
        for split in ["dev", "test"] if args.split == "all" else [args.split]:
            cases = select(loaded, Selection(split=split))
            if not cases:
                continue
            run = asyncio.run(EvalRunner(RunOptions(concurrency=1)).run(cases, [str(path)]))
            results[f"{name} [{split}]"] = summary(cases, run.cases)
            if args.failures and split == "dev":
                for case in run.cases:
                    for turn in case.turns:
                        if turn.graded and not turn.passed:
                            kinds = [c.kind for c in turn.failures]
                            print(f"FAIL {case.id}#{turn.index} {kinds}: {turn.user!r} -> "
                                  f"{turn.answer[:160]!r}")  # fmt: skip
    elapsed = time.perf_counter() - started
    print(f"machine: {machine()}")
    for name, n in results.items():
        print(f"\n{name}: {n['cases']} cases")
        for key in ("turns", "triage", "recorded_right", "questions_recorded",
                    "wrote_when_nothing_expected", "ms_p50", "ms_p99"):  # fmt: skip
            print(f"  {key:28} {n[key]}")
        print(f"  checks  {n['checks']}")
        print(f"  kinds   {n['kinds']}")
    print(f"\ntotal {elapsed:.1f} s")
    if args.markdown:
        _write_measured(args.markdown, markdown(results, elapsed))


def _write_measured(path: Path, section: str) -> None:
    """Replace the "## Measured" section of `path` (up to the next "## " heading) with
    `section`, keeping the hand-written parts around it; a new file is just the section."""
    if not path.exists():
        path.write_text(section, encoding="utf-8")
        return
    text = path.read_text(encoding="utf-8")
    start = text.find("\n## Measured")
    if start < 0:
        path.write_text(text.rstrip() + "\n\n" + section, encoding="utf-8")
        return
    end = text.find("\n## ", start + 1)
    rest = text[end:] if end >= 0 else "\n"
    path.write_text(text[: start + 1] + section.rstrip() + "\n" + rest, encoding="utf-8")


def markdown(results: dict[str, dict[str, Any]], elapsed: float) -> str:
    lines = [
        "## Measured",
        "",
        f"Run {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')} on {machine()}: "
        "`PYTHONPATH=src python bench/finance/bench_trust.py --markdown <file>` "
        f"({elapsed:.0f} s; offline app, in-memory store, `switchboard.evals` runner and checks).",
        "",
        "| suite [split] | cases | turns passed | triage (route) | recorded entries fully right "
        "| questions recorded | wrote when nothing expected | ms per turn p50 / p99 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, n in results.items():
        lines.append(
            f"| {name} | {n['cases']} | {n['turns']} | {n['triage']} | {n['recorded_right']} | "
            f"{n['questions_recorded']} | {n['wrote_when_nothing_expected']} | "
            f"{n['ms_p50']} / {n['ms_p99']} |"
        )
    lines += ["", "Per check kind:", ""]
    lines += [f"- {k}: " + ", ".join(f"{c} {v}" for c, v in n["checks"].items())
              for k, n in results.items()]  # fmt: skip
    lines += ["", "Per case kind (first tag), turns passed:", ""]
    lines += [f"- {k}: " + ", ".join(f"{c} {v}" for c, v in n["kinds"].items())
              for k, n in results.items()]  # fmt: skip
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
