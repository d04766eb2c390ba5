"""Cross-validate `answer.PROGRAM_MARGIN` on the dev questions that name no program.

    PYTHONPATH=src python bench/knowledge/tune_program_margin.py

Data: the answerable single-turn cases (`split: dev` only) of the editais eval suites whose
question names no program and that both programs' evidence answers (`notfound.is_strong`). The
app answers such a question from the router's guess (`router.route_offline`, Sisu by default)
unless the ranker's best logit for the other program is higher by more than the margin
(`answer.keep_programs`, `rag.other_program`). Reported: how often the program answered is the
gold document's, per margin, and under 10-fold CV (5 seeded draws; ties go to the margin
nearest 1.0, the earlier hand-set value).
"""

import asyncio, sys, random
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_editais import load
from switchboard.core.clock import ManualClock
from switchboard.knowledge.answer import programs_for, weigh_evidence
from switchboard.knowledge.notfound import is_strong
from switchboard.knowledge.index import KNOWLEDGE
from switchboard.knowledge.ingest import ingest_packaged
from switchboard.knowledge.query import analyse
from switchboard.apps.scholarships.router import route_offline
from switchboard.store.in_memory import InMemoryStore
FILES = [  # the dev halves only (load(..., "dev"))
    "bench/knowledge/editais_w15_eval.jsonl", "bench/knowledge/editais_w13_eval.jsonl",
         "bench/knowledge/editais_w12_eval.jsonl", "bench/knowledge/editais_w7_eval.jsonl",
         "bench/scholarships/eval/editais.jsonl", "bench/scholarships/eval/editais2.jsonl",
         "bench/knowledge/own_questions.jsonl"]
async def main():
    clock = ManualClock()
    index = InMemoryStore(clock=clock).repository(KNOWLEDGE)
    await ingest_packaged(index, clock=clock)
    rows = []
    for f in FILES:
        for c in load(Path(f), "dev"):
            if c["not_found"] or not c["document"]: continue
            query = analyse(c["question"])
            if query.named or len(programs_for(query, None)) < 2: continue
            _, found = await weigh_evidence(index, query, programs_for(query, None))
            strong = {e.program: e.best_score for e in found if is_strong(e)}
            if len(strong) < 2: continue
            gold = "sisu" if c["document"].startswith("sisu") else "prouni"
            guess = route_offline(c["question"], None).target
            guess = guess if guess in ("sisu", "prouni") else "sisu"
            rows.append((strong["sisu"] - strong["prouni"], gold, guess, c["id"]))
    print(len(rows), "questions naming no program, both strong")
    def right(m, rs):
        n = 0
        for d, gold, guess, _ in rs:
            final = guess if abs(d) <= m else ("sisu" if d > 0 else "prouni")
            n += final == gold
        return n
    grid = [0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0]
    for m in grid: print(m, right(m, rows))
    idx = list(range(len(rows)))
    tot = 0
    for r in range(5):
        random.Random(r).shuffle(idx)
        for f in range(10):
            test = set(idx[f::10]); train = [rows[i] for i in idx if i not in test]
            m = max(grid, key=lambda m: (right(m, train), -abs(m - 1.0)))
            tot += right(m, [rows[i] for i in test])
    print("CV right", tot / 5, "of", len(rows))
asyncio.run(main())
