"""Turn a writer's question file (editais_w3/w7 format) into a `switchboard eval` suite.

    PYTHONPATH=src python bench/knowledge/to_eval.py bench/knowledge/editais_w7.jsonl OUT.jsonl

Each row becomes a one-turn cold case (`today` 2026-01-12, no onboarding): `route: rag`,
`not_found` = not `answerable`, and for answerable rows `citation: [item]` (numbered items
only) plus the row's `contains_any` when it has one (a truncated stem such as "excluíd" gets the
eval's `*`). The row's `split` is kept, so `--split dev` still holds the test half out.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ITEM_NUMBER = re.compile(r"\d+(?:\.\d+)*")
"""What the eval's `citation` check can match: an item number ("4.2.1"). The writers name the
unnumbered sections of the documentation files by their titles; those rows keep their phrases."""
WORD_END = re.compile(r"[^\W\d_]$")
PORTUGUESE_ENDS = frozenset("aeiouáéíóúâêôãõàsrlmzxn")


def stemmed(phrase: str) -> str:
    """The writer's truncated stems ("excluíd", "cancelad", "desconsiderad": a letter no
    Portuguese word ends with) become the eval's stem syntax ("excluíd*"), as the writer meant a
    substring; whole words and numbers are kept as they are."""
    text = phrase.rstrip()
    if text.endswith("*") or not WORD_END.search(text):
        return phrase
    return text + "*" if text[-1].lower() not in PORTUGUESE_ENDS else phrase


def convert(rows: list[dict], prefix: str) -> list[dict]:
    cases = []
    for number, row in enumerate(rows, 1):
        expect: dict = {"route": "rag", "not_found": not row["answerable"]}
        if row["answerable"]:
            items = [row["item"]] if isinstance(row.get("item"), str) else row.get("item") or []
            numbered = [item for item in items if ITEM_NUMBER.fullmatch(item)]
            if numbered:  # a section title ("Documentação básica") is not an item to cite
                expect["citation"] = numbered
            if row.get("contains_any"):
                expect["contains_any"] = [stemmed(p) for p in row["contains_any"]]
        tags = ["edital", "cold", prefix]
        if row.get("program"):
            tags.append(str(row["program"]))
        case = {
            "id": f"{prefix}-{number:04d}",
            "app": "scholarships",
            "split": row["split"],
            "tags": tags,
            "today": "2026-01-12",
            "turns": [{"user": row["question"], "expect": expect}],
        }
        if row.get("document"):  # for train_ranker.py / bench_editais.py (gold document)
            case["document"] = str(row["document"]).removesuffix(".txt")
        cases.append(case)
    return cases


def main() -> None:
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    rows = [json.loads(x) for x in source.read_text(encoding="utf-8").splitlines() if x.strip()]
    prefix = source.stem.split("_")[-1]
    out = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in convert(rows, prefix))
    target.write_text(out, encoding="utf-8")


if __name__ == "__main__":
    main()
