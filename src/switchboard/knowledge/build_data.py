"""Rebuild the shipped corpus: `python -m switchboard.knowledge.build_data DIR [OUT]`.

DIR holds the extracted editais (`<collection>_*.txt`); OUT defaults to this package's
`data/editais.jsonl`. The output is deterministic (sorted files, sorted keys), so a rebuild
with unchanged inputs leaves the file byte-identical.
"""

from __future__ import annotations

import sys
from pathlib import Path

from switchboard.knowledge.ingest import COLLECTION_TITLES, PACKAGED, dump_corpus, prepare

DEFAULT_OUT = Path(__file__).with_name("data") / PACKAGED


def build(source: Path, out: Path = DEFAULT_OUT) -> int:
    documents = []
    for collection in sorted(COLLECTION_TITLES):
        for file in sorted(source.glob(f"{collection}_*.txt")):
            raw = file.read_text(encoding="utf-8")
            documents.append(prepare(raw, collection=collection, stem=file.stem))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump_corpus(documents), encoding="utf-8")
    return sum(len(d.chunks) for d in documents)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        raise SystemExit("usage: python -m switchboard.knowledge.build_data DIR [OUT]")
    out = Path(args[1]) if len(args) > 1 else DEFAULT_OUT
    count = build(Path(args[0]), out)
    print(f"{count} chunks -> {out}")


if __name__ == "__main__":
    main()
