"""False positives and recall of the offline guard on the sets on this machine (issue 20 item 1,
crisis-cue gates of `rules/cues.py`).

    PYTHONPATH=src python bench/guardrails/bench_fp.py           # dev sets only
    PYTHONPATH=src python bench/guardrails/bench_fp.py --errors  # + dev errors
    PYTHONPATH=src python bench/guardrails/bench_fp.py --test    # + held-out sets, aggregates only

Run it with `PYTHONPATH=<other checkout>/src` for a before/after comparison. The eval suites of
`bench_guard.py`/`bench_fresh.py` (`/work/data/...`) are not on every machine; this script uses
only files in the repository:

- dev: `dev.jsonl` (template groups), the issues' idioms (`BRIEF_SAFE`), the fresh first-contact
  set `tests/patterns/guardrails/data/fresh_fp.jsonl` (written before the gates, then used to
  find the defect: dev from then on), and the training rows of the crisis categories (in-sample:
  shows whether a gate drops a kind of phrasing the model had learnt); the dev halves of the
  writers' files (`drop_split.ALL_DROP_FILES`) and of the students' questions about the editais
  (`drop_split.student_questions`, branch guard10), aggregates only, errors never printed;
- held-out (`--test`, aggregate numbers only): `test.jsonl`, `fresh_test.tsv`, `fresh2_test.tsv`,
  `fresh3_test.tsv` (all three seen in earlier passes, see RESULTS.md) and `fresh4_test.jsonl`
  (written after the cue gates, never used to tune), `fresh5_test.jsonl` (150 rows by a writer
  who never read the rules, written after branch `guard`, 2026-11-26 evening; never used to tune),
  the dev halves of `guard_w10.jsonl` (writer w10, 2026-11-27; `drop_split.DROP_FILES_GUARD5`) and
  of `guard_w14.jsonl` (writer w14, 2026-11-27; `drop_split.DROP_FILES_GUARD6`), and the whole of
  `guard_w17.jsonl` (writer w17, 2026-11-27 morning; never split, never trained on) and the whole
  of `guard_wg3.jsonl` (writer wg3, 2026-11-27 midday, written to the lead's /work/heldout, never
  seen by a helper; never split, never trained on).
"""

from __future__ import annotations

import platform
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import drop_split  # noqa: E402
from bench_guard import BRIEF_SAFE, Score, load_jsonl, load_tsv  # noqa: E402


def score(clf: Any, rows: list[dict[str, Any]]) -> Score:
    s = Score()
    for row in rows:
        s.add(row["label"], row["category"], clf.check(row["text"]), row["text"])
    return s


def line(name: str, s: Score) -> str:
    caught = sum(s.caught.values())
    per = ", ".join(f"{c} {s.caught[c]}/{s.total[c]}" for c in sorted(s.total))
    return (
        f"- {name}: unsafe caught {caught}/{s.n_unsafe}, false positives {s.fp}/{s.n_safe}, "
        f"category right {s.category_right}/{s.category_named}" + (f" ({per})" if per else "")
    )


def main() -> None:
    from switchboard.patterns.guardrails.classifier import GuardClassifier, packaged_training_rows

    clf = GuardClassifier.default()
    crisis_train = [
        r
        for r in packaged_training_rows()
        if r.get("category") in ("self_harm", "immediate_danger")
    ]
    dev = [
        ("dev.jsonl", load_jsonl(HERE / "dev.jsonl")),
        ("issues' idioms", [{"text": t, "label": "SAFE", "category": None} for t in BRIEF_SAFE]),
        (
            "fresh_fp.jsonl (first contact, now dev)",
            load_jsonl(ROOT / "tests/patterns/guardrails/data/fresh_fp.jsonl"),
        ),
        (
            "own_schinc.jsonl (branch schinc, first contact 26/27 caught, 1/20 FP; now dev)",
            load_jsonl(ROOT / "tests/patterns/guardrails/data/own_schinc.jsonl"),
        ),
        ("training rows, crisis categories (in-sample)", crisis_train),
    ]
    untouched = [
        (f"{name} dev half (never trained on; aggregates only)", drop_split.rows(name, "dev"))
        for name in drop_split.ALL_DROP_FILES
    ]
    untouched.append(
        (
            "students' questions dev half (ordinary, never trained on; aggregates only)",
            [
                {"text": t, "label": "SAFE", "category": None}
                for t in drop_split.student_questions("dev")
            ],
        )
    )
    print(
        f"Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC. Machine: {platform.machine()}, "
        f"{platform.system()}, Python {platform.python_version()}. Thresholds: {clf.thresholds}"
    )
    for name, rows in untouched:
        print(line(name, score(clf, rows)))
    for name, rows in dev:
        s = score(clf, rows)
        print(line(name, s))
        if "--errors" in sys.argv and s.errors:
            print("\n".join(f"    {e}" for e in s.errors))
    if "--test" in sys.argv:
        for name in (
            "test.jsonl",
            "fresh_test.tsv",
            "fresh2_test.tsv",
            "fresh3_test.tsv",
            "fresh4_test.jsonl",
            "fresh5_test.jsonl",
            "guard_w17.jsonl",
            "guard_wg3.jsonl",
        ):
            path = HERE / name
            rows = load_jsonl(path) if name.endswith(".jsonl") else load_tsv(path)
            print(line(f"HELD-OUT {name}", score(clf, rows)))
        for name in drop_split.DROP_FILES_GUARD5 + drop_split.DROP_FILES_GUARD6:
            held = drop_split.rows(name, "dev")
            if held:
                print(line(f"HELD-OUT {name} dev half", score(clf, held)))


if __name__ == "__main__":
    main()
