"""Split a TSV of labelled questions into the committed dev and held-out JSONL files.

TSV columns: question, collection, document, expected (item numbers or section titles or
`pN` for a page, `|`-separated: any of them counts as a hit), fact (a short string the
extractive answer must contain). The split is seeded and stratified by collection, half and
half; tune only on `questions_dev.jsonl`.

    python bench/knowledge/split_questions.py questions.tsv
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

SEED = 20260123
HERE = Path(__file__).parent


def main(source: str) -> None:
    rows = []
    for n, line in enumerate(Path(source).read_text(encoding="utf-8").splitlines(), 1):
        question, collection, document, expected, fact = line.split("\t")
        rows.append(
            {
                "id": f"q{n:03d}",
                "question": question,
                "collection": collection,
                "document": document,
                "expected": expected.split("|"),
                "fact": fact,
            }
        )
    rng = random.Random(SEED)
    dev, test = [], []
    for collection in sorted({r["collection"] for r in rows}):
        group = [r for r in rows if r["collection"] == collection]
        rng.shuffle(group)
        half = len(group) // 2
        dev += group[:half]
        test += group[half:]
    for name, split in (("questions_dev.jsonl", dev), ("questions_test.jsonl", test)):
        split.sort(key=lambda r: r["id"])
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in split)
        (HERE / name).write_text(text, encoding="utf-8")
        print(f"{name}: {len(split)}")


if __name__ == "__main__":
    main(sys.argv[1])
