"""Learn the ranker's weights on the dev question set, cross-validated inside it.

    PYTHONPATH=src python bench/knowledge/train_ranker.py [--questions FILE ...] [--write]
        [--folds 10] [--l2 1.0]

Data: the dev split of each suite given (default: `bench/scholarships/eval/editais.jsonl`,
`bench/knowledge/own_questions.jsonl` and, since branch schnf, the second writer's
`bench/scholarships/eval/editais2.jsonl`; the held-out split is never read). Each
answerable question is asked cold, as `answer_edital` asks it: the program(s) it names or
implies (both when none), every candidate the full-text engine finds, the feature vectors of
`knowledge.features`. A candidate is positive when it is a gold passage of the question (same
document and item, or the heading for the documentation lists).

Model: a conditional logit (softmax over each question's candidates, several gold passages
pooled) with an L2 penalty — a ranker, not a classifier, so each question weighs the same
whatever its number of candidates. Reported: recall@1/@3 of the gold passage (or one of its
sub-items, as `switchboard eval` counts a citation) under k-fold cross-validation by question
(folds fixed by a seeded shuffle), next to BM25 alone and coverage alone, and on the training
data. `--write` fits on all of dev and writes `src/switchboard/knowledge/data/ranker.json`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

from switchboard.knowledge.answer import programs_for
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.features import FEATURES, vectors
from switchboard.knowledge.index import in_memory_index
from switchboard.knowledge.ingest import ingest_packaged
from switchboard.knowledge.query import analyse
from switchboard.knowledge.rank import RankerError, context, packaged_ranker

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_editais import DOCUMENTS, load

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
OUT = ROOT / "src/switchboard/knowledge/data/ranker.json"
SEED = 20260112
"""The fold assignment: a seeded shuffle of the questions (the same in bench_editais --cv)."""


@dataclass
class Question:
    case: dict[str, Any]
    chunks: list[Chunk]
    x: np.ndarray
    gold: np.ndarray
    """Exact gold passages (the training target)."""
    cited: np.ndarray
    """Gold passages or their sub-items (what a citation check accepts)."""


def gold_of(chunk: Chunk, case: dict[str, Any], *, sub_items: bool) -> bool:
    if chunk.document != DOCUMENTS.get(case["document"] or ""):
        return False
    for gold in case["gold"]:
        if gold[0].isdigit():
            if chunk.item == gold or (
                sub_items and chunk.item is not None and chunk.item.startswith(gold + ".")
            ):
                return True
        elif any(gold.casefold() in label.casefold() for label in chunk.path):
            return True
    return False


async def build(paths: list[Path], names: tuple[str, ...]) -> list[Question]:
    index = in_memory_index()
    await ingest_packaged(index)
    out = []
    cases = [case for path in paths for case in load(path, "dev")]
    for case in cases:
        if case["not_found"] or not case["gold"]:
            continue
        query = analyse(case["question"])
        chunks: list[Chunk] = []
        rows: list[tuple[float, ...]] = []
        for program in programs_for(query, None):
            hits, stats, _ = await index.candidates(query, collection=program)
            chunks += [h.chunk for h in hits]
            rows += [
                tuple(v for v, name in zip(row, FEATURES, strict=True) if name in names)
                for row in vectors(context(query, stats), [h.chunk for h in hits])
            ]
        if not chunks:
            continue
        out.append(
            Question(
                case,
                chunks,
                np.array(rows, dtype=float),
                np.array([gold_of(c, case, sub_items=False) for c in chunks]),
                np.array([gold_of(c, case, sub_items=True) for c in chunks]),
            )
        )
    return out


def fit(questions: list[Question], l2: float) -> np.ndarray:
    """Weights of the conditional logit (no bias: a ranker is shift-invariant per question)."""
    usable = [q for q in questions if q.gold.any()]
    dims = questions[0].x.shape[1]

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        total, grad = 0.5 * l2 * float(w @ w), l2 * w
        for q in usable:
            s = q.x @ w
            s = s - s.max()
            e = np.exp(s)
            p_all = e / e.sum()
            p_gold = e * q.gold / (e * q.gold).sum()
            total -= float(np.log((e * q.gold).sum() / e.sum()))
            grad = grad - (p_gold - p_all) @ q.x
        return total, grad

    result = minimize(loss, np.zeros(dims), jac=True, method="L-BFGS-B")
    return np.asarray(result.x)


def recall(questions: list[Question], scores: list[np.ndarray]) -> tuple[float, float]:
    r1 = r3 = 0
    for q, s in zip(questions, scores, strict=True):
        order = np.argsort(-s, kind="stable")
        ranks = [r for r, i in enumerate(order, 1) if q.cited[i]]
        r1 += bool(ranks) and ranks[0] == 1
        r3 += bool(ranks) and ranks[0] <= 3
    return r1 / len(questions), r3 / len(questions)


def cross_validate(
    questions: list[Question], folds: int, l2: float, seed: int = 0
) -> list[np.ndarray]:
    order = list(range(len(questions)))
    random.Random(SEED + seed).shuffle(order)
    scores: list[np.ndarray] = [np.zeros(0)] * len(questions)
    for f in range(folds):
        test = set(order[f::folds])
        w = fit([q for i, q in enumerate(questions) if i not in test], l2)
        for i in test:
            scores[i] = questions[i].x @ w
    return scores


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--questions",
        type=Path,
        nargs="+",
        default=[
            ROOT / "bench/scholarships/eval/editais.jsonl",
            HERE / "own_questions.jsonl",
            ROOT / "bench/scholarships/eval/editais2.jsonl",
        ],
        help="suite files; only their dev split is read",
    )
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--repeats", type=int, default=1, help="CV over several fold draws")
    parser.add_argument("--show", action="store_true", help="print the CV misses")
    parser.add_argument("--drop", default="", help="features to leave out (comma-separated)")
    args = parser.parse_args()
    dropped = {n for n in args.drop.split(",") if n}
    names = tuple(n for n in FEATURES if n not in dropped)
    if args.write and dropped:
        parser.error("--write fits the shipped feature list (features.FEATURES): no --drop")
    questions = asyncio.run(build(args.questions, names))
    n = len(questions)
    col = {name: i for i, name in enumerate(names)}
    print(f"# {n} questions, {sum(len(q.chunks) for q in questions)} candidates")
    try:
        shipped = np.array(packaged_ranker().weights)
    except RankerError:  # the shipped weights are for another feature list
        shipped = np.zeros(0)
    if len(shipped) == len(names):
        s1, s3 = recall(questions, [q.x @ shipped for q in questions])
        print(f"shipped weights: recall@1 {s1:.3f} @3 {s3:.3f}")
    for name in ("bm25", "cov"):
        if name not in col or "bm25" not in col:
            continue
        base = [q.x[:, col[name]] + 1e-3 * q.x[:, col["bm25"]] for q in questions]
        b1, b3 = recall(questions, base)
        print(f"{name} alone: recall@1 {b1:.3f} @3 {b3:.3f}")
    cv = cross_validate(questions, args.folds, args.l2)
    r1, r3 = recall(questions, cv)
    print(f"ranker, {args.folds}-fold CV (l2={args.l2}): recall@1 {r1:.3f} @3 {r3:.3f}")
    if args.repeats > 1:
        runs = [
            recall(questions, cross_validate(questions, args.folds, args.l2, s))
            for s in range(args.repeats)
        ]
        print(
            f"  over {args.repeats} fold draws: recall@1 {np.mean([r[0] for r in runs]):.3f} "
            f"@3 {np.mean([r[1] for r in runs]):.3f}"
        )
    w = fit(questions, args.l2)
    t1, t3 = recall(questions, [q.x @ w for q in questions])
    print(f"ranker, trained on all of dev: recall@1 {t1:.3f} @3 {t3:.3f}")
    for name, value in zip(names, w, strict=True):
        print(f"  {name:12s} {value:+.3f}")
    if args.show:
        for q, s in zip(questions, cv, strict=True):
            order = np.argsort(-s, kind="stable")
            ranks = [r for r, i in enumerate(order, 1) if q.cited[i]]
            if ranks and ranks[0] == 1:
                continue
            first = ranks[0] if ranks else None
            print(f"{q.case['id']} r={first} gold={q.case['gold']} | {q.case['question']}")
            for i in order[:3]:
                c = q.chunks[i]
                print(
                    f"     {s[i]:+.2f} {c.document[:14]} {c.item or c.label[:30]}: {c.text[:100]}"
                )
    if args.write:
        data = {
            "features": list(FEATURES),
            "weights": [round(float(v), 4) for v in w],
            "bias": 0.0,
            "trained_on": f"{', '.join(p.name for p in args.questions)} dev ({n} questions)",
            "cv": {
                "folds": args.folds,
                "l2": args.l2,
                "recall@1": round(r1, 3),
                "recall@3": round(r3, 3),
            },
        }
        OUT.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
