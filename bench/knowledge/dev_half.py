"""Keep the dev half of a writer's question file held out by sha1, and convert it to an eval suite.

    PYTHONPATH=src python bench/knowledge/dev_half.py /work/drop/editais_w18.jsonl \
        bench/knowledge/editais_w18_dev_eval.jsonl

The lead holds out half of a fresh writer's file by the question's hash: a row belongs to the dev
half when `int(sha1(question.encode()).hexdigest(), 16)` is even. Only those rows are read past
the hash (the odd half is never printed, converted or kept); they get `split: dev` and become a
cold `switchboard eval` suite by `to_eval.convert` (the writer's name, from the file's stem, is
the ids' prefix: `w18-0001`…, numbered within the dev half).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from to_eval import convert


def is_dev(question: str) -> bool:
    """The lead's rule: the even half by the question's sha1 is dev."""
    return int(hashlib.sha1(question.encode()).hexdigest(), 16) % 2 == 0


def dev_rows(source: Path) -> list[dict]:
    rows = []
    for line in source.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if is_dev(row["question"]):
            rows.append({**row, "split": "dev"})
    return rows


def main() -> None:
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    rows = dev_rows(source)
    prefix = source.stem.split("_")[-1]
    cases = convert(rows, prefix)
    target.write_text(
        "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8"
    )
    answerable = sum(1 for r in rows if r["answerable"])
    print(f"{target}: {len(cases)} dev rows ({answerable} answerable)")


if __name__ == "__main__":
    main()
