"""Package the writers' student questions per passage as `knowledge/data/student_questions.jsonl`.

    PYTHONPATH=src python bench/knowledge/build_student_questions.py FILE [FILE ...]
    PYTHONPATH=src python bench/knowledge/build_student_questions.py --fresh FILE [FILE ...]

Each FILE is a delivery (JSON lines: `document_id`, `ordinal`, `item`, `questions` of
`{"q", "fact"}`) written for the passages of the packaged corpus (`data/editais.jsonl`). By
default the deliveries are *merged* into what is already packaged (`knowledge.build_questions`):
the packaged questions stay, with the delivery they came from, and a question a passage already
has (same words once folded) is not added twice. `--fresh` starts from nothing (all deliveries
must then be given). A row is matched to its passage by document id and ordinal once and written
keyed by the document id and the SHA-256 of the passage's text, so a passage that later changes
has no questions. Rows whose passage is missing, duplicates, and facts that are not a verbatim
span of their passage (dropped to "") are reported per delivery.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from switchboard.knowledge.build_questions import merge
from switchboard.knowledge.student_questions import PACKAGED

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src/switchboard/knowledge/data"


def rows(path: Path) -> list[dict[str, object]]:
    text = path.read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--fresh", action="store_true", help="ignore what is packaged")
    args = parser.parse_args()
    corpus = rows(DATA / "editais.jsonl")
    target = DATA / PACKAGED
    old = [] if args.fresh or not target.exists() else rows(target)
    merged, report = merge(corpus, old, [(p.name, rows(p)) for p in args.files])
    lines = [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in merged]
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{report.passages} passages, {report.questions} questions -> {target}")
    for source, n in sorted(report.by_source.items()):
        print(
            f"  {source}: {n} packaged (added now {report.added[source]}, duplicates "
            f"{report.duplicates[source]}, facts not verbatim {report.facts_dropped[source]}, "
            f"rows without a passage {report.rows_without_passage[source]})"
        )
    if report.stale_kept:
        print(f"  packaged passages no longer in the corpus (kept): {report.stale_kept}")


if __name__ == "__main__":
    main()
