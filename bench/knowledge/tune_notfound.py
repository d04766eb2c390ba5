"""Cross-validate the "não encontrei" thresholds of `knowledge.notfound` on the dev questions.

    PYTHONPATH=src python bench/knowledge/tune_notfound.py [--folds 10] [--repeats 5] [--show]

Data (dev halves only; the held-out halves are never read): every single-turn case of the
eval suites below with `split: dev` (`not_found` says whether the editais answer it), the dev
rows of `editais_w3.jsonl` and the odd (tuning) lines of `notfound_v2.jsonl`. Each question is
asked cold, as `answer_edital` asks it (both programs when none is named), with the shipped
ranker; a question is "found" when it is not `outside` and one program's evidence is strong
(`notfound.is_strong`) — the knowledge step alone, without the calendar in front of it.

The scalar thresholds are searched on a grid: `MIN_COVERED`, `MAX_UNKNOWN_RATIO`,
`FOREIGN_UNIT` (read by `is_strong` at call time) and `ASKED_SAYS` (read when the evidence is
built, so the evidence is built once per value). The objective is the number of right
decisions (not-found said + answerable kept); ties go to the grid point nearest the shipped
values. Reported: the shipped values on all of dev (tuned by hand on these questions, so
in-sample), k-fold CV by question (the point chosen on the other folds, scored on the fold),
and the point chosen on all of dev.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from switchboard.core.clock import ManualClock
from switchboard.knowledge import notfound
from switchboard.knowledge.answer import programs_for, weigh_evidence
from switchboard.knowledge.index import KNOWLEDGE
from switchboard.knowledge.ingest import ingest_packaged
from switchboard.knowledge.notfound import Evidence, is_strong
from switchboard.knowledge.query import analyse
from switchboard.store.in_memory import InMemoryStore

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_editais import load

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SUITES = [
    ROOT / "bench/scholarships/eval/editais.jsonl",
    ROOT / "bench/scholarships/eval/editais2.jsonl",
    HERE / "own_questions.jsonl",
    HERE / "editais_w7_eval.jsonl",
    HERE / "editais_w12_eval.jsonl",
    HERE / "editais_w13_eval.jsonl",
    HERE / "editais_w15_eval.jsonl",
    HERE / "editais_w18_dev_eval.jsonl",
]
SEED = 20260127
GRID = {
    "MIN_COVERED": (0.5, 0.75, 1.0, 1.25, 1.5, 2.0),
    "MAX_UNKNOWN_RATIO": (0.3, 0.4, 0.5, 0.6, 0.75, 1.0),
    "FOREIGN_UNIT": (0.6, 0.7, 0.8, 0.9, 1.01),
}
ASKED = (0.35, 0.4, 0.45, 0.5, 0.55, 0.6)


@dataclass
class Case:
    question: str
    answerable: bool
    source: str


def cases() -> list[Case]:
    out = [
        Case(c["question"], not c["not_found"], path.name)
        for path in SUITES
        for c in load(path, "dev")
    ]
    w3 = [json.loads(x) for x in (HERE / "editais_w3.jsonl").read_text("utf-8").splitlines() if x]
    out += [Case(r["question"], r["answerable"], "editais_w3") for r in w3 if r["split"] == "dev"]
    v2 = [json.loads(x) for x in (HERE / "notfound_v2.jsonl").read_text("utf-8").splitlines() if x]
    out += [Case(r["question"], r["answerable"], "notfound_v2 odd") for r in v2[0::2]]
    return out


async def evidences(qs: list[Case]) -> dict[float, list[tuple[bool, list[Evidence]]]]:
    """Per `ASKED_SAYS` value, each question's (outside, evidence per program)."""
    clock = ManualClock()
    index = InMemoryStore(clock=clock).repository(KNOWLEDGE)
    await ingest_packaged(index, clock=clock)
    out: dict[float, list[tuple[bool, list[Evidence]]]] = {}
    shipped = notfound.ASKED_SAYS
    try:
        for asked in ASKED:
            notfound.ASKED_SAYS = asked
            rows = []
            for c in qs:
                query = analyse(c.question)
                _, found = await weigh_evidence(index, query, programs_for(query, None))
                rows.append((query.outside, found))
            out[asked] = rows
    finally:
        notfound.ASKED_SAYS = shipped
    return out


Point = tuple[float, float, float, float]
NAMES = ("MIN_COVERED", "MAX_UNKNOWN_RATIO", "FOREIGN_UNIT", "ASKED_SAYS")


def decisions(
    ev: dict[float, list[tuple[bool, list[Evidence]]]],
) -> dict[Point, list[bool]]:
    """Each grid point's "found" per question."""
    shipped = {name: getattr(notfound, name) for name in NAMES[:3]}
    out: dict[Point, list[bool]] = {}
    try:
        for mc, mu, fu in itertools.product(*GRID.values()):
            notfound.MIN_COVERED, notfound.MAX_UNKNOWN_RATIO, notfound.FOREIGN_UNIT = mc, mu, fu
            for asked, rows in ev.items():
                out[(mc, mu, fu, asked)] = [
                    not outside and any(is_strong(e) for e in found) for outside, found in rows
                ]
    finally:
        for name, value in shipped.items():
            setattr(notfound, name, value)
    return out


def right(found: list[bool], qs: list[Case], idx: list[int]) -> tuple[int, int]:
    """(answerable kept, not-found said) over `idx`."""
    kept = sum(found[i] for i in idx if qs[i].answerable)
    said = sum(not found[i] for i in idx if not qs[i].answerable)
    return kept, said


def distance(p: Point, ref: Point) -> float:
    return sum(abs(a - b) / max(abs(b), 1e-9) for a, b in zip(p, ref, strict=True))


def best(table: dict[Point, list[bool]], qs: list[Case], idx: list[int], ref: Point) -> Point:
    return max(table, key=lambda p: (sum(right(table[p], qs, idx)), -distance(p, ref)))


def by_writer(table: dict[Point, list[bool]], qs: list[Case], ref: Point) -> None:
    """Leave-one-writer-out: the point chosen on the other files, scored on each file (a new
    writer's questions are what the held-out sets are), next to the shipped point's score."""
    everyone = list(range(len(qs)))
    total = [0, 0, 0, 0]
    for source in dict.fromkeys(c.source for c in qs):
        held = [i for i in everyone if qs[i].source == source]
        rest = [i for i in everyone if qs[i].source != source]
        p = best(table, qs, rest, ref)
        k, s = right(table[p], qs, held)
        k0, s0 = right(table[ref], qs, held)
        n_ans = sum(qs[i].answerable for i in held)
        print(
            f"  {source:28s} chosen {p}: kept {k}/{n_ans}, said {s}/{len(held) - n_ans}"
            f"  (shipped {k0}, {s0})"
        )
        for i, v in enumerate((k, s, k0, s0)):
            total[i] += v
    print(
        f"leave-one-writer-out: kept {total[0]}, said {total[1]} (shipped: {total[2]}, {total[3]})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--show", action="store_true", help="the shipped values' misses")
    parser.add_argument(
        "--by-writer",
        action="store_true",
        help="leave-one-writer-out instead of k-fold (each source file is a fold)",
    )
    args = parser.parse_args()
    qs = cases()
    n_ans = sum(c.answerable for c in qs)
    n_nf = len(qs) - n_ans
    print(f"# {len(qs)} dev questions: {n_ans} answerable, {n_nf} not in the editais")
    table = decisions(asyncio.run(evidences(qs)))
    ref: Point = (
        notfound.MIN_COVERED,
        notfound.MAX_UNKNOWN_RATIO,
        notfound.FOREIGN_UNIT,
        notfound.ASKED_SAYS,
    )
    everyone = list(range(len(qs)))
    kept, said = right(table[ref], qs, everyone)
    print(f"shipped {dict(zip(NAMES, ref, strict=True))} (in-sample):")
    print(f"  answerable kept {kept}/{n_ans}, not found said {said}/{n_nf}")
    if args.by_writer:
        by_writer(table, qs, ref)
    totals = []
    for r in range(args.repeats):
        order = list(everyone)
        random.Random(SEED + r).shuffle(order)
        k = s = 0
        chosen = []
        for f in range(args.folds):
            test = order[f :: args.folds]
            held = set(test)
            p = best(table, qs, [i for i in everyone if i not in held], ref)
            chosen.append(p)
            dk, ds = right(table[p], qs, test)
            k, s = k + dk, s + ds
        totals.append((k, s))
        print(f"  CV draw {r}: answerable kept {k}/{n_ans}, not found said {s}/{n_nf}")
    mk = sum(t[0] for t in totals) / len(totals)
    ms = sum(t[1] for t in totals) / len(totals)
    print(
        f"{args.folds}-fold CV, {args.repeats} draws: answerable kept {mk:.1f}/{n_ans} "
        f"({mk / n_ans:.1%}), not found said {ms:.1f}/{n_nf} ({ms / n_nf:.1%}), "
        f"right {(mk + ms) / len(qs):.1%} (shipped in-sample {(kept + said) / len(qs):.1%})"
    )
    scores = {q: sum(right(table[q], qs, everyone)) for q in table}
    top = max(scores.values())
    tied = [q for q, v in scores.items() if v == top]
    print(f"grid: {len(table)} points; {len(tied)} reach the best ({top} right); their ranges:")
    for i, name in enumerate(NAMES):
        print(f"  {name}: {sorted({q[i] for q in tied})}")
    p = best(table, qs, everyone, ref)
    kept, said = right(table[p], qs, everyone)
    print(f"chosen on all of dev {dict(zip(NAMES, p, strict=True))}:")
    print(f"  answerable kept {kept}/{n_ans}, not found said {said}/{n_nf}")
    if args.show:
        for i, c in enumerate(qs):
            if table[ref][i] != c.answerable:
                print(f"MISS answerable={c.answerable} [{c.source}] {c.question}")


if __name__ == "__main__":
    main()
