"""Packaging the writers' student questions (`data/student_questions.jsonl`) from deliveries.

A delivery is JSON lines written for the passages of the packaged corpus: `document_id`,
`ordinal`, `item`, `questions` of `{"q", "fact"}`. Deliveries arrive one batch at a time and
the earlier ones are not kept anywhere else, so a new batch is *merged* with what is packaged:
every packaged question stays (with the delivery it came from), a new question joins its
passage unless the passage already has it (same words once folded, `student_questions.prepared`),
and a row is matched to its passage by document id and ordinal here, once, then keyed by the
passage's text hash (`student_questions.chunk_hash`) as the runtime reads it. A fact that is
not a verbatim span of its passage is dropped to "" (the question stays: it still says how
students ask). Used by `bench/knowledge/build_student_questions.py`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from switchboard.knowledge.student_questions import chunk_hash, prepared


@dataclass
class PackReport:
    """What a merge did, for the provenance note."""

    passages: int = 0
    questions: int = 0
    by_source: Counter[str] = field(default_factory=Counter)
    added: Counter[str] = field(default_factory=Counter)
    duplicates: Counter[str] = field(default_factory=Counter)
    facts_dropped: Counter[str] = field(default_factory=Counter)
    rows_without_passage: Counter[str] = field(default_factory=Counter)
    stale_kept: int = 0
    """Packaged passages whose text is no longer in the corpus (kept as they were)."""


def merge(
    corpus: Sequence[Mapping[str, Any]],
    packaged_rows: Iterable[Mapping[str, Any]],
    deliveries: Iterable[tuple[str, Iterable[Mapping[str, Any]]]],
) -> tuple[list[dict[str, Any]], PackReport]:
    """The packaged rows with each delivery's questions merged in (see the module docstring).

    `corpus` is the rows of `data/editais.jsonl` (`document_id`, `ordinal`, `item`, `section`,
    `text`); `deliveries` is (source name, rows) in the order they are merged. Rows come out one
    per passage, in corpus order, then the stale ones."""
    by_position = {(str(c["document_id"]), int(c["ordinal"])): c for c in corpus}
    by_hash = {(str(c["document_id"]), chunk_hash(str(c["text"]))): c for c in corpus}
    report = PackReport()
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    seen: dict[tuple[str, str], set[str]] = {}

    def row_for(document_id: str, chunk: Mapping[str, Any]) -> dict[str, Any]:
        key = (document_id, chunk_hash(str(chunk["text"])))
        if key not in rows:
            rows[key] = {
                "document_id": document_id,
                "chunk_hash": key[1],
                "item": chunk["item"],
                "label": chunk["section"] if chunk["item"] is None else None,
                "questions": [],
            }
            seen[key] = set()
        return rows[key]

    def add(row: dict[str, Any], q: Mapping[str, Any], source: str, text: str | None) -> None:
        question = str(q.get("q") or "").strip()
        if not question:
            return
        key = (row["document_id"], row["chunk_hash"])
        words = prepared(question)
        if words in seen[key]:
            report.duplicates[source] += 1
            return
        seen[key].add(words)
        fact = str(q.get("fact") or "").strip()
        if fact and text is not None and fact not in text:
            report.facts_dropped[source] += 1
            fact = ""
        row["questions"].append({"q": question, "fact": fact, "source": source})
        if text is not None:  # a delivery's question, not one already packaged
            report.added[source] += 1

    stale: list[dict[str, Any]] = []
    for old in packaged_rows:
        document_id = str(old["document_id"])
        chunk = by_hash.get((document_id, str(old["chunk_hash"])))
        if chunk is None:
            stale.append(dict(old))
            report.stale_kept += 1
            continue
        row = row_for(document_id, chunk)
        default = str(old.get("source") or "packaged")
        for q in old.get("questions", ()):
            add(row, q, str(q.get("source") or default), None)
    for source, delivered in deliveries:
        for new in delivered:
            document_id = str(new["document_id"])
            chunk = by_position.get((document_id, int(new["ordinal"])))
            if chunk is None:
                report.rows_without_passage[source] += 1
                continue
            row = row_for(document_id, chunk)
            for q in new.get("questions", ()):
                add(row, q, source, str(chunk["text"]))
    order = {(str(c["document_id"]), chunk_hash(str(c["text"]))): i for i, c in enumerate(corpus)}
    out = [rows[k] for k in sorted(rows, key=lambda k: order[k])]
    for row in out:
        row["sources"] = sorted({q["source"] for q in row["questions"]})
        report.by_source.update(q["source"] for q in row["questions"])
    out += stale
    report.passages = len(out)
    report.questions = sum(len(r.get("questions", ())) for r in out)
    return out, report


__all__ = ["PackReport", "merge"]
