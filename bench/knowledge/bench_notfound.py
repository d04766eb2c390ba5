"""Not-found decision on bench/knowledge/notfound_v2.jsonl (issue 20).

    PYTHONPATH=src python bench/knowledge/bench_notfound.py [--half odd|even|all] [--show]
    PYTHONPATH=src python bench/knowledge/bench_notfound.py \
        --file bench/knowledge/editais_w3.jsonl --split dev [--show]

Each question is asked cold (`answer_edital(index, question)`, no program from the
conversation). Reported: how many unanswerable questions get "não encontrei" and how many
answerable ones wrongly do. `--half odd` is the tuning half (lines 1, 3, 5…); `even` is kept
untouched until the end. A file whose rows carry a `split` (`editais_w3.jsonl`: `dev` when
sha1(question) is even, else `test`, held out) is read by `--split dev` instead.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from switchboard.core.clock import ManualClock
from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import KNOWLEDGE
from switchboard.knowledge.ingest import ingest_packaged
from switchboard.store.in_memory import InMemoryStore

HERE = Path(__file__).resolve().parent


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", type=Path, default=HERE / "notfound_v2.jsonl")
    parser.add_argument("--half", choices=("odd", "even", "all"), default="odd")
    parser.add_argument("--split", default=None, help="only rows of this split (dev)")
    parser.add_argument("--show", action="store_true", help="print the misses")
    args = parser.parse_args()
    lines = [json.loads(x) for x in args.file.read_text(encoding="utf-8").splitlines() if x]
    if args.split is not None:
        cases = [c for c in lines if c.get("split") == args.split]
    else:
        start = {"odd": 0, "even": 1, "all": 0}[args.half]
        step = 1 if args.half == "all" else 2
        cases = lines[start::step]
    clock = ManualClock()
    index = InMemoryStore(clock=clock).repository(KNOWLEDGE)
    await ingest_packaged(index, clock=clock)
    nf_ok = nf_n = false_nf = ans_n = 0
    for case in cases:
        answer = await answer_edital(index, case["question"])
        if case["answerable"]:
            ans_n += 1
            false_nf += not answer.found
            miss = not answer.found
        else:
            nf_n += 1
            nf_ok += not answer.found
            miss = answer.found
        if args.show and miss:
            first = answer.citations[0].label if answer.citations else "-"
            print(f"MISS answerable={case['answerable']} {case['question']!r} -> {first}")
    print(
        f"{args.split or args.half}: unanswerable said not-found {nf_ok}/{nf_n}; "
        f"answerable wrongly not-found {false_nf}/{ans_n}"
    )


if __name__ == "__main__":
    asyncio.run(main())
