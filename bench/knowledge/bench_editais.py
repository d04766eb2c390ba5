"""Retrieval and answers over the 2026 editais, on the independent question sets (issue 20.7).

    PYTHONPATH=src python bench/knowledge/bench_editais.py \
        [--questions /work/data/dev/editais_questions.jsonl] \
        [--not-found /work/data/dev/editais_not_found.jsonl] [--postgres URL] [--show-misses]

Every question is asked *cold*: `answer_edital(index, question)` with no program from the
conversation, as a first message would be. Reported, per backend:

- recall@1/@3/@5: a gold passage (same document AND item, or a sub-item of it, as the `switchboard
  eval` citation check counts; for the documentation files' unnumbered lists, the heading) among
  the first 1/3/5 passages of the program(s) searched, merged by fused score;
- answer accuracy: the answer says it found something, contains one of `contains_any` (folded,
  whole words — the `switchboard eval` rule) AND its citation is a gold one (document + item or
  heading). "substring" repeats it with the writer's substring rule for stems ("gratuit");
- eval-style: what `switchboard eval` would grade — `citation` (an item number of `citation` in
  the text; a heading-only gold can never pass it) and `contains_any`;
- not-found precision/recall: "não encontrei" answers among all questions / among the
  not-found set;
- ms per question (analysis + search + answer) and the index build at start-up.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import random
import re
import statistics
import sys
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from switchboard.core.clock import ManualClock
from switchboard.knowledge.answer import Citation, EditalAnswer, answer_edital, programs_for
from switchboard.knowledge.features import FEATURES
from switchboard.knowledge.index import KNOWLEDGE, KnowledgeIndex
from switchboard.knowledge.ingest import ingest_packaged, load_corpus
from switchboard.knowledge.models import Hit
from switchboard.knowledge.query import analyse
from switchboard.knowledge.rank import Ranker, rank
from switchboard.store.in_memory import InMemoryStore
from switchboard.store.sql.store import SqlStore

DEV = Path("/work/data/dev")
HERE = Path(__file__).resolve().parent
"""This directory: `train_ranker` (the CV folds and the model) is a sibling script."""
DOCUMENTS = {
    "sisu_edital_2026": "Edital Sisu 2026",
    "prouni_edital_2026": "Edital Prouni 2026",
    "sisu_documentacao": "Documentação Sisu",
    "prouni_documentacao": "Documentação Prouni",
}

# the `switchboard eval` text rules (branch `eval`, evals/phrases.py), used when not installed
try:  # pragma: no cover - depends on whether the eval branch has landed
    from switchboard.evals.phrases import cites, has_phrase, says_not_found
    from switchboard.evals.phrases import fold as eval_fold
except ImportError:  # a faithful copy of the rules that matter here
    _SPACE = re.compile(r"\s+")
    _CITATION = re.compile(
        r"(?<!\w)(?:sub)?ite(?:m|ns)\s+(\d+(?:\.\d+)*(?:\s*(?:,|;|/|\be\b|\bou\b)\s*\d+(?:\.\d+)*)*)"
    )
    _ITEM = re.compile(r"\d+(?:\.\d+)*")
    _NF = re.compile(
        r"(?<!\w)(?:nao (?:encontrei|encontramos|localizei|achei)|nao (?:consta|constam))(?!\w)"
    )

    def eval_fold(text: str) -> str:
        decomposed = unicodedata.normalize("NFKD", text)
        bare = "".join(c for c in decomposed if not unicodedata.combining(c))
        return _SPACE.sub(" ", bare.casefold()).strip()

    def has_phrase(folded_text: str, phrase: str) -> bool:
        folded = eval_fold(phrase)
        body = r"\s+".join(re.escape(w) for w in folded.split(" "))
        start = r"(?<!\w)" if folded[:1].isalnum() else ""
        end = r"(?!\w)" if folded[-1:].isalnum() else ""
        return re.search(start + body + end, folded_text) is not None

    def says_not_found(text: str) -> bool:
        return _NF.search(eval_fold(text)) is not None

    def cites(text: str, items: list[str]) -> bool:
        cited = [i for m in _CITATION.finditer(eval_fold(text)) for i in _ITEM.findall(m.group(1))]
        return any(c == w or c.startswith(w + ".") for w in items for c in cited)


def item_matches(got: str | None, gold: str) -> bool:
    return got is not None and (got == gold or got.startswith(gold + "."))


def is_gold_chunk(hit: Hit, case: dict[str, Any]) -> bool:
    chunk = hit.chunk
    if chunk.document != DOCUMENTS.get(case["document"] or ""):
        return False
    for gold in case["gold"]:
        if gold[0].isdigit():
            if item_matches(chunk.item, gold):
                return True
        elif any(eval_fold(gold) in eval_fold(label) for label in chunk.path):
            return True
    return False


def is_gold_citation(citation: Citation, case: dict[str, Any]) -> bool:
    if citation.document != DOCUMENTS.get(case["document"] or ""):
        return False
    for gold in case["gold"]:
        if gold[0].isdigit():
            if item_matches(citation.item, gold):
                return True
        elif citation.heading and eval_fold(gold) in eval_fold(citation.heading):
            return True
    return False


def document_key(name: str | None) -> str | None:
    """ "sisu_edital_2026.txt (Edital MEC/SESu nº 29…)" → "sisu_edital_2026" (a writer's
    annotation on the turn), or the case's key as is."""
    return name.split(".txt")[0].strip() if name else None


def load(path: Path, split: str | None = None) -> list[dict[str, Any]]:
    """The suite's single-turn cases (only `split`'s when given: never tune on "test")."""
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("//"):
            continue
        row = json.loads(line)
        if split is not None and row.get("split") != split:
            continue
        turn = row["turns"][0]
        expect = turn["expect"]
        cases.append(
            {
                "id": row["id"],
                "question": turn["user"],
                "program": row.get("program"),
                "document": document_key(row.get("document") or turn.get("document")),
                "gold": [str(c) for c in expect.get("citation", [])],
                "contains_any": expect.get("contains_any", []),
                "not_contains": expect.get("not_contains", []),
                "not_found": bool(expect.get("not_found")),
            }
        )
    return cases


@dataclass
class Tally:
    n: int = 0
    r1: int = 0
    r3: int = 0
    r5: int = 0
    correct: int = 0
    correct_substring: int = 0
    eval_citation: int = 0
    eval_contains: int = 0
    program_ok: int = 0
    nf_n: int = 0
    nf_said: int = 0
    nf_clean: int = 0
    false_nf: int = 0
    first: int = 0
    """Answers right on their first quote alone (fact and gold citation before any "Veja
    também")."""
    cited_items: int = 0
    ms: list[float] = field(default_factory=list)


async def ranked_hits(
    index: KnowledgeIndex, question: str, ranker: Ranker | None = None
) -> list[Hit]:
    query = analyse(question)
    hits: list[Hit] = []
    for program in programs_for(query, None):
        candidates, stats, _ = await index.candidates(query, collection=program)
        hits += [r.hit for r in rank(query, candidates, stats, 5, ranker)]
    return sorted(hits, key=lambda h: -h.score)[:5]


async def cv_rankers(path: Path, folds: int) -> dict[str, Ranker]:
    """Case id → ranker weights fitted on the other folds (train_ranker's folds and model)."""
    sys.path.insert(0, str(HERE))
    import train_ranker

    questions = await train_ranker.build([path], FEATURES)
    order = list(range(len(questions)))
    random.Random(train_ranker.SEED).shuffle(order)
    out: dict[str, Ranker] = {}
    for f in range(folds):
        test = set(order[f::folds])
        w = train_ranker.fit([q for i, q in enumerate(questions) if i not in test], 1.0)
        for i in test:
            out[questions[i].case["id"]] = Ranker(tuple(float(v) for v in w), 0.0)
    return out


async def run(
    index: KnowledgeIndex,
    cases: list[dict[str, Any]],
    show: bool,
    rankers: dict[str, Ranker] | None = None,
) -> Tally:
    """Answer every case; `rankers` (case id → weights) replaces the packaged ranker, for
    cross-validation (each question answered by weights that never saw it)."""
    t = Tally()
    for case in cases:
        ranker = (rankers or {}).get(case["id"])
        start = time.perf_counter()
        answer: EditalAnswer = await answer_edital(index, case["question"], ranker=ranker)
        t.ms.append((time.perf_counter() - start) * 1000)
        text = answer.text
        folded = eval_fold(text)
        if case["not_found"]:
            t.nf_n += 1
            said = not answer.found and says_not_found(text)
            t.nf_said += said
            clean = said and not any(has_phrase(folded, p) for p in case["not_contains"])
            t.nf_clean += clean
            if show and not clean:
                print(f"  NF-MISS {case['id']}: {case['question']}\n      -> {text[:300]}")
            continue
        t.n += 1
        hits = await ranked_hits(index, case["question"], ranker)
        rank = next((i for i, h in enumerate(hits, 1) if is_gold_chunk(h, case)), None)
        t.r1 += rank == 1
        t.r3 += rank is not None and rank <= 3
        t.r5 += rank is not None
        t.false_nf += not answer.found
        fact = any(has_phrase(folded, p) for p in case["contains_any"])
        fact_sub = any(eval_fold(p.rstrip("*")) in folded for p in case["contains_any"])
        cited = any(is_gold_citation(c, case) for c in answer.citations)
        t.correct += answer.found and fact and cited
        t.correct_substring += answer.found and fact_sub and cited
        head = eval_fold(text.split("\n\nVeja também")[0].split("\n\nNo ")[0])
        t.first += bool(
            answer.found
            and answer.citations
            and is_gold_citation(answer.citations[0], case)
            and any(has_phrase(head, p) for p in case["contains_any"])
        )
        t.cited_items += len(answer.citations) if answer.found else 0
        t.eval_citation += cites(text, list(case["gold"]))
        t.eval_contains += fact
        t.program_ok += answer.program in (None, case["program"])
        if show and not (answer.found and fact_sub and cited):
            got = [c.label for c in answer.citations]
            print(
                f"  MISS {case['id']} rank={rank} found={answer.found} fact={fact_sub} "
                f"cited={cited} gold={case['gold']}: {case['question']}\n      -> {got} "
                f"{text[:260]!r}"
            )
    return t


async def run_cascade(index: KnowledgeIndex, cases: list[dict[str, Any]], show: bool) -> str:
    """The whole RAG cascade (calendar first, then the knowledge step) graded by the
    `switchboard eval` text rules only: an item number or heading of the gold in the text,
    one `contains_any`, no "não encontrei"; for the not-found set, a "não encontrei" and no
    forbidden text."""
    from switchboard.apps.scholarships.rag import cascade

    right = n = nf_right = nf_n = dates = false_nf = 0
    for case in cases:
        answer = await cascade(case["question"], None, index)
        text = answer.text
        folded = eval_fold(text)
        if case["not_found"]:
            nf_n += 1
            ok = says_not_found(text) and not any(
                has_phrase(folded, p) for p in case["not_contains"]
            )
            nf_right += ok
            if show and not ok:
                print(f"  CASCADE NF-MISS {case['id']} ({answer.source}): {case['question']}")
            continue
        n += 1
        dates += answer.source == "dates"
        false_nf += says_not_found(text)
        ok = (
            not says_not_found(text)
            and any(has_phrase(folded, p) for p in case["contains_any"])
            and cites(text, list(case["gold"]))
        )
        right += ok
        if show and not ok:
            print(f"  CASCADE MISS {case['id']} ({answer.source}): {case['question']}")
    return (
        f"| {n} | {right}/{n} ({right / max(n, 1):.1%}) | {dates} | {false_nf} "
        f"| {nf_right}/{nf_n} ({nf_right / max(nf_n, 1):.1%}) |"
    )


def rows(name: str, t: Tally) -> tuple[str, str]:
    n = max(t.n, 1)
    nf = max(t.nf_n, 1)
    said = t.nf_said + t.false_nf
    precision = t.nf_said / said if said else 0.0
    ms = sorted(t.ms)
    p50 = statistics.median(ms) if ms else 0.0
    p95 = ms[int(0.95 * (len(ms) - 1))] if ms else 0.0
    found = max(t.n - t.false_nf, 1)
    answer_row = (
        f"| {name} | {t.n} | {t.r1 / n:.3f} | {t.r3 / n:.3f} | {t.r5 / n:.3f} "
        f"| {t.correct}/{t.n} ({t.correct / n:.1%}) | {t.first / n:.1%} "
        f"| {t.cited_items / found:.2f} | {t.correct_substring / n:.1%} "
        f"| {t.eval_citation / n:.1%} | {t.eval_contains / n:.1%} | {p50:.2f} / {p95:.2f} |"
    )
    nf_row = (
        f"| {name} | {t.nf_n} | {t.nf_said}/{t.nf_n} ({t.nf_said / nf:.1%}) "
        f"| {precision:.1%} | {t.nf_clean}/{t.nf_n} | {t.false_nf}/{t.n} |"
    )
    return answer_row, nf_row


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=Path, default=DEV / "editais_questions.jsonl")
    parser.add_argument("--not-found", type=Path, default=DEV / "editais_not_found.jsonl")
    parser.add_argument("--postgres", default=None)
    parser.add_argument("--show-misses", action="store_true")
    parser.add_argument("--quick", action="store_true", help="the in-memory backend only")
    parser.add_argument(
        "--cascade", action="store_true", help="also the whole RAG cascade, eval text rules"
    )
    parser.add_argument(
        "--cv", type=int, default=0, help="k-fold CV of the ranker inside the dev questions"
    )
    parser.add_argument(
        "--split", default=None, help="only this split's cases (a suite with both: use dev)"
    )
    args = parser.parse_args()
    rankers = await cv_rankers(args.questions, args.cv) if args.cv else None
    cases = load(args.questions, args.split)
    if args.not_found != args.questions:
        cases += load(args.not_found, args.split)
    clock = ManualClock()
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.platform()}, "
        f"Python {sys.version.split()[0]}; {args.questions.name} + {args.not_found.name}"
    )
    start = time.perf_counter()
    load_corpus()
    corpus_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    memory = InMemoryStore(clock=clock).repository(KNOWLEDGE)
    await ingest_packaged(memory, clock=clock)
    await memory.stats("sisu")
    await memory.stats("prouni")
    build_ms = (time.perf_counter() - start) * 1000
    print(
        f"# start-up: load packaged corpus {corpus_ms:.0f} ms; "
        f"in-memory index build {build_ms:.0f} ms"
    )
    if args.cascade:
        row = await run_cascade(memory, cases, args.show_misses)
        print(
            "\n| RAG cascade (memory) | right (eval rules) | answered by the calendar "
            "| answerable said not found | not-found said so |"
        )
        print("|---|---|---|---|---|")
        print(row)
    label = f"memory, {args.cv}-fold CV" if args.cv else "memory"
    results = [(label, await run(memory, cases, args.show_misses, rankers))]
    if args.cv:
        results.append(("memory, weights fitted on all of dev", await run(memory, cases, False)))
    if not args.quick:
        with tempfile.TemporaryDirectory() as tmp:
            store = SqlStore(f"sqlite:///{tmp}/bench.db", clock=clock)
            await store.init()
            try:
                index = store.repository(KNOWLEDGE)
                await ingest_packaged(index, clock=clock)
                results.append(("sqlite", await run(index, cases, False)))
            finally:
                await store.close()
    if args.postgres:
        store = SqlStore(args.postgres, clock=clock)
        await store.init()
        try:
            index = store.repository(KNOWLEDGE)
            await ingest_packaged(index, clock=clock)
            results.append(("postgres", await run(index, cases, args.show_misses)))
        finally:
            await store.close()
    print(
        "\n| backend | n | recall@1 | recall@3 | recall@5 | answer accuracy | first quote right "
        "| citations per answer | (substring) | eval citation | eval contains_any | ms p50 / p95 |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    table = [rows(name, t) for name, t in results]
    for answer_row, _ in table:
        print(answer_row)
    print(
        "\n| backend | not-found n | said 'não encontrei' (recall) | precision "
        "| and no forbidden text | answerable said not found |"
    )
    print("|---|---|---|---|---|---|")
    for _, nf_row in table:
        print(nf_row)


if __name__ == "__main__":
    asyncio.run(main())
