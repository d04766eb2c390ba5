"""The scholarship assistant on the dev suites, measured with `switchboard eval` (offline).

    python bench/scholarships/run_dev.py [--write] [FILE ...]

Defaults to the dev split `/work/data/dev/scholarships_income.jsonl` and
`/work/data/dev/scholarships_flows.jsonl` (tune on these only; the held-out split is measured
elsewhere). Runs `switchboard eval FILES --json OUT` in a subprocess (the real grader: same
checks, same probe), then reads its JSON and reports what issue 20 asks to be measured:

- income phrasings understood: graded turns of the income suite whose `income_per_capita`
  effect (or the absence of one, for ranges, refusals and non-income numbers) matched;
- edital questions asked cold (first message): answered, not met with "qual é o seu nome"
  (the `not_contains` check of the `primeira_pergunta` turns) — and, separately, with the right
  fact and item (the retrieval's part);
- questions during onboarding or a match: answered and resumed ("voltando …" and a question);
- every check kind and tag, and the failures' ids.

`--write` replaces the dev table in `bench/scholarships/RESULTS.md` (between its markers).
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
DEV = Path("/work/data/dev")
DEFAULT = [DEV / "scholarships_income.jsonl", DEV / "scholarships_flows.jsonl"]
MARKER = "<!-- dev-table -->"


def _eval(files: list[Path]) -> tuple[dict[str, Any], float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "eval.json"
        exe = Path(sys.executable).with_name("switchboard")
        start = time.perf_counter()
        subprocess.run(
            [str(exe), "eval", *map(str, files), "--json", str(out)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        seconds = time.perf_counter() - start
        return json.loads(out.read_text(encoding="utf-8")), seconds


def _graded(cases: list[dict[str, Any]], tag: str | None = None) -> list[dict[str, Any]]:
    return [
        turn
        for case in cases
        if tag is None or tag in case["tags"]
        for turn in case["turns"]
        if turn["graded"]
    ]


def _rate(turns: list[dict[str, Any]], kinds: set[str] | None = None) -> tuple[int, int]:
    passed = 0
    total = 0
    for turn in turns:
        checks = [c for c in turn["checks"] if kinds is None or c["kind"] in kinds]
        if not checks:
            continue
        total += 1
        passed += all(c["passed"] for c in checks)
    return passed, total


def _line(label: str, counts: tuple[int, int]) -> str:
    passed, total = counts
    rate = f"{passed / total:.1%}" if total else "—"
    return f"| {label} | {passed}/{total} | {rate} |"


def report(data: dict[str, Any], seconds: float) -> str:
    cases = data["cases"]
    income = [c for c in cases if "income" in c["tags"]]
    flows = [c for c in cases if "income" not in c["tags"]]
    rows = [
        "| measure | passed | rate |",
        "|---|---:|---:|",
        _line(
            "income phrasings understood (effects of the income turn)",
            _rate(_graded(income), {"effects"}),
        ),
        _line("income turns, every check (effects, figures, asks)", _rate(_graded(income))),
        _line(
            "edital questions asked cold: answered, not the name question",
            _rate(_graded(flows, "primeira_pergunta"), {"not_contains"}),
        ),
        _line(
            "edital questions asked cold: the right fact and item (retrieval)",
            _rate(_graded(flows, "primeira_pergunta"), {"contains_any", "citation", "not_found"}),
        ),
        _line(
            "questions mid-onboarding/match: answered, resumed, nothing stored",
            _rate(
                _graded(flows, "pergunta_no_meio"),
                {"contains_any", "asks", "effects", "not_contains"},
            ),
        ),
        _line(
            "slots (name, nickname, non-answers, corrections, city → UF)",
            _rate(
                [
                    t
                    for c in flows
                    if any(tag.startswith("slot_") for tag in c["tags"])
                    for t in c["turns"]
                    if t["graded"]
                ]
            ),
        ),
        _line(
            "eligibility by the editais (items 1.2, 1.4)", _rate(_graded(flows, "elegibilidade"))
        ),
        _line("match geography (all checks)", _rate(_graded(flows, "match_geografia"))),
        _line(
            "match geography without the `ilustrativ` whole-word check",
            _rate(_graded(flows, "match_geografia"), {"not_contains", "contains_any"}),
        ),
        _line("all graded turns", _rate(_graded(cases))),
    ]
    checks = data["summary"]["checks"]
    per_check = ", ".join(f"{k} {v['passed']}/{v['total']}" for k, v in checks.items())
    failed = [c["id"] for c in cases if not c["passed"]]
    return (
        f"Run {date.today().isoformat()} on {platform.node()} ({platform.machine()}, Python "
        f"{sys.version.split()[0]}), `switchboard eval` offline (embedded model, in-memory "
        f"store), {seconds:.0f} s for {len(cases)} cases:\n\n" + "\n".join(rows) + "\n\n"
        f"Per check: {per_check}.\n\nCases failing ({len(failed)}): {', '.join(failed)}.\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    data, seconds = _eval(args.files)
    text = report(data, seconds)
    print(text)
    if args.write:
        out = HERE / "RESULTS.md"
        current = out.read_text(encoding="utf-8")
        head, _, rest = current.partition(MARKER)
        _, _, tail = rest.partition(MARKER)
        out.write_text(f"{head}{MARKER}\n{text}{MARKER}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
