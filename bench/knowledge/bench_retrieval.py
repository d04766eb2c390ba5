"""Retrieval and extractive-answer quality over the Sisu/Prouni 2026 editais.

    PYTHONPATH=src python bench/knowledge/bench_retrieval.py [--split test|dev|all]
        [--postgres URL] [--no-collection] [--show-misses]

For each question: search with its collection filter (k=5), then `answer_edital` (the question's
collection as the conversation's program). A hit is a chunk of the expected document that covers
one of the expected items (or heading, or page `pN`). Reports hit@1, hit@3, MRR@5 and answer
correctness (the expected fact appears in the answer, compared without case or accents) per
backend: in-memory, SQLite (a temp file through the real migration) and, with `--postgres`,
PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from switchboard.core.clock import ManualClock
from switchboard.knowledge.analysis import fold
from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import KNOWLEDGE, KnowledgeIndex
from switchboard.knowledge.ingest import ingest_packaged
from switchboard.knowledge.models import Hit
from switchboard.store.in_memory import InMemoryStore
from switchboard.store.sql.store import SqlStore

HERE = Path(__file__).parent
K = 5


@dataclass
class Score:
    n: int = 0
    hit1: int = 0
    hit3: int = 0
    rr: float = 0.0
    answered: int = 0
    ms: float = 0.0

    def row(self, name: str) -> str:
        n = max(self.n, 1)
        return (
            f"| {name} | {self.n} | {self.hit1 / n:.3f} | {self.hit3 / n:.3f} | {self.rr / n:.3f} "
            f"| {self.answered / n:.3f} | {self.ms / n:.2f} |"
        )


def load(split: str) -> list[dict[str, Any]]:
    names = ["dev", "test"] if split == "all" else [split]
    rows = []
    for name in names:
        for line in (HERE / f"questions_{name}.jsonl").read_text(encoding="utf-8").splitlines():
            rows.append(json.loads(line))
    return rows


def is_hit(hit: Hit, question: dict[str, Any]) -> bool:
    chunk = hit.chunk
    if chunk.document != question["document"]:
        return False
    for expected in question["expected"]:
        if expected in chunk.items:
            return True
        if expected.startswith("p") and expected[1:].isdigit():
            if chunk.page <= int(expected[1:]) <= chunk.page_end:
                return True
        elif any(fold(expected) in fold(label) for label in chunk.path):
            return True
    return False


async def run(
    index: KnowledgeIndex, questions: list[dict[str, Any]], use_collection: bool, show: bool
) -> Score:
    score = Score()
    for q in questions:
        start = time.perf_counter()
        hits = await index.search(
            q["question"], collection=q["collection"] if use_collection else None, k=K
        )
        collection = q["collection"] if use_collection else None
        answer = await answer_edital(index, q["question"], collection)
        score.ms += (time.perf_counter() - start) * 1000
        score.n += 1
        rank = next((i for i, h in enumerate(hits, 1) if is_hit(h, q)), None)
        if rank is not None:
            score.hit1 += rank == 1
            score.hit3 += rank <= 3
            score.rr += 1 / rank
        correct = fold(q["fact"]) in fold(answer.text)
        score.answered += correct
        if show and (rank is None or rank > 3 or not correct):
            got = [h.citation for h in hits[:3]]
            print(f"  MISS {q['id']} rank={rank} answer_ok={correct}: {q['question']} -> {got}")
    return score


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="test", choices=["test", "dev", "all"])
    parser.add_argument("--postgres", default=None, help="a PostgreSQL URL to bench too")
    parser.add_argument("--no-collection", action="store_true")
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    questions = load(args.split)
    use_collection = not args.no_collection
    clock = ManualClock()
    print(f"# split={args.split} questions={len(questions)} collection_filter={use_collection}")
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.platform()}, "
        f"Python {sys.version.split()[0]}"
    )
    print("| backend | n | hit@1 | hit@3 | MRR@5 | answer ok | ms/question |")
    print("|---|---|---|---|---|---|---|")

    memory = InMemoryStore(clock=clock).repository(KNOWLEDGE)
    await ingest_packaged(memory, clock=clock)
    print((await run(memory, questions, use_collection, args.show_misses)).row("memory"))

    with tempfile.TemporaryDirectory() as tmp:
        store = SqlStore(f"sqlite:///{tmp}/bench.db", clock=clock)
        await store.init()
        try:
            index = store.repository(KNOWLEDGE)
            await ingest_packaged(index, clock=clock)
            print((await run(index, questions, use_collection, args.show_misses)).row("sqlite"))
        finally:
            await store.close()

    if args.postgres:
        store = SqlStore(args.postgres, clock=clock)
        await store.init()
        try:
            index = store.repository(KNOWLEDGE)
            await ingest_packaged(index, clock=clock)
            print((await run(index, questions, use_collection, args.show_misses)).row("postgres"))
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
