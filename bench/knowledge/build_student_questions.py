"""Package the writers' student questions per passage as `knowledge/data/student_questions.jsonl`.

    PYTHONPATH=src python bench/knowledge/build_student_questions.py FILE [FILE ...]

Each FILE is a delivery (JSON lines: `document_id`, `ordinal`, `item`, `questions` of
`{"q", "fact"}`) written for the passages of the packaged corpus (`data/editais.jsonl`). A row
is matched to its passage by document id and ordinal *here*, once, and written keyed by the
document id and the SHA-256 of the passage's text (`student_questions.chunk_hash`), so a passage
that later changes has no questions. Rows whose passage is missing, and facts that are not a
verbatim span of their passage, are reported (a fact that is not is dropped to "").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from switchboard.knowledge.student_questions import PACKAGED, chunk_hash

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src/switchboard/knowledge/data"


def main(files: list[str]) -> None:
    corpus = {}
    for line in (DATA / "editais.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        corpus[(row["document_id"], row["ordinal"])] = row
    merged: dict[tuple[str, int], dict[str, object]] = {}
    missing = loose = 0
    for name in files:
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            chunk = corpus.get((row["document_id"], row["ordinal"]))
            if chunk is None:
                missing += 1
                continue
            out = merged.setdefault(
                (row["document_id"], row["ordinal"]),
                {
                    "document_id": row["document_id"],
                    "chunk_hash": chunk_hash(chunk["text"]),
                    "item": chunk["item"],
                    "label": chunk["section"] if chunk["item"] is None else None,
                    "questions": [],
                    "source": Path(name).name,
                },
            )
            questions = out["questions"]
            assert isinstance(questions, list)
            for q in row["questions"]:
                fact = q.get("fact") or ""
                if fact and fact not in chunk["text"]:
                    loose += 1
                    fact = ""
                questions.append({"q": q["q"], "fact": fact})
    lines = [json.dumps(merged[k], ensure_ascii=False, sort_keys=True) for k in sorted(merged)]
    (DATA / PACKAGED).write_text("\n".join(lines) + "\n", encoding="utf-8")
    total = sum(len(r["questions"]) for r in merged.values())  # type: ignore[arg-type]
    print(f"{len(merged)} passages, {total} questions -> {DATA / PACKAGED}")
    print(f"rows without a passage: {missing}; facts not verbatim (dropped): {loose}")


if __name__ == "__main__":
    main(sys.argv[1:])
