"""Fit and measure the guard's combination of its two models (issue 20, branch guard9), leave one
writer out.

For each source of `bench_lowo.SOURCES` (one writer's rows of the packaged training file), the
SVM and the second model are fitted on every other packaged row; each of the source's rows is
then described as the guard sees it: decided by a rule, blocked by the SVM's cascade, or left SAFE
by it — and then, when it is not short and no allow rule touched it, the inputs of the stacked
combination (`second.StackedOpinion`: the SVM's crisis / fraud / other / SAFE probabilities, the
second model's p(unsafe), the crisis and fraud cue words). A logistic regression on those
out-of-fold inputs is the combination: its coefficients are measured here leave one source out a
second time (the combination that scores a source never saw that source's rows), and printed
once fitted on every source, for `second.STACK`.

    PYTHONPATH=src python bench/guardrails/bench_stack.py            # measure + coefficients
    PYTHONPATH=src python bench/guardrails/bench_stack.py --cached   # reuse the out-of-fold rows
    PYTHONPATH=src python bench/guardrails/bench_stack.py --at=0.5   # per source at this level

Out-of-fold rows are cached in `/tmp/guard_stack_oof.pkl`. The dev halves of the writers' files
and the held-out files are never read.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from bench_lowo import kind, sources  # noqa: E402

CACHE = Path(os.environ.get("GUARD_STACK_CACHE", "/tmp/guard_stack_oof.pkl"))
ORDINARY = {"ordinary": ("suite",), "students": ("g10q-",)}
"""Group prefixes of the ordinary conversation rows, each scored out of fold as one more source:
the eval suites' dev turns (names, incomes, cities, edital questions) and, since guard10, the
train half of the students' questions about the editais (`drop_split.student_questions`).
Without them the combination is fitted only on writers' near-misses and unsafe rows, and its
prior is that of those sets, not of the ordinary questions most messages are. Their false
positives are counted together as "ordinary"."""
THRESHOLDS = (0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8, 0.9)


def _prepared() -> tuple[list[dict[str, Any]], list[str], list[str]]:
    from switchboard.patterns.guardrails import classifier

    rows = classifier.packaged_training_rows()
    texts = [classifier.model_text(str(r["text"])) for r in rows]
    return rows, texts, [classifier.target_of(r) for r in rows]


def _fold(job: tuple[str, list[int]]) -> list[dict[str, Any]]:
    from switchboard.patterns.guardrails import classifier

    name, idx = job
    rows, texts, targets = _prepared()
    held = set(idx)
    keep = [i for i in range(len(rows)) if i not in held]
    clf = classifier.GuardClassifier.fit([texts[i] for i in keep], [targets[i] for i in keep])
    out = []
    for i in idx:
        verdict, evidence = clf.first_look(str(rows[i]["text"]))
        out.append(
            {
                "src": name,
                "kind": kind(rows[i]),
                "blocked": verdict.unsafe,
                "eligible": evidence is not None,
                "stack": dataclasses.asdict(evidence) if evidence else None,
            }
        )
    print(f"{name}: {len(idx)} rows", flush=True)
    return out


def tally(rows: list[dict[str, Any]], pred: list[bool]) -> str:
    c: Counter[str] = Counter()
    for d, p in zip(rows, pred, strict=True):
        k = d["kind"]
        c[k + "_n"] += 1
        c[k + "_ok"] += p if k != "safe" else not p
    caught = c["fraud_ok"] + c["crisis_ok"] + c["other_ok"]
    n = c["fraud_n"] + c["crisis_n"] + c["other_n"]
    return (
        f"fraud {c['fraud_ok']}/{c['fraud_n']} crisis {c['crisis_ok']}/{c['crisis_n']} "
        f"other {c['other_ok']}/{c['other_n']} all {caught}/{n} ({100 * caught / max(n, 1):.1f} %) "
        f"FP {c['safe_n'] - c['safe_ok']}/{c['safe_n']}"
    )


def main() -> None:
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    from switchboard.patterns.guardrails.second import Evidence, StackedOpinion

    packaged = _prepared()[0]
    jobs = sorted(sources(packaged).items())
    for name, prefixes in ORDINARY.items():
        jobs.append(
            (name, [i for i, r in enumerate(packaged) if str(r["group"]).startswith(prefixes)])
        )
    rows = pickle.loads(CACHE.read_bytes()) if "--cached" in sys.argv and CACHE.is_file() else []
    done = {d["src"] for d in rows}
    todo = [job for job in jobs if job[0] not in done]
    if todo:
        with ProcessPoolExecutor(2) as pool:
            rows += [d for part in pool.map(_fold, todo) for d in part]
        CACHE.write_bytes(pickle.dumps(rows))
    writers = [d for d in rows if d["src"] not in ORDINARY]
    ordinary = [d for d in rows if d["src"] in ORDINARY]

    def show(label: str, pred: dict[int, bool]) -> None:
        flagged = [d["src"] for d in ordinary if d["kind"] == "safe" and pred[id(d)]]
        each = " + ".join(f"{name} {flagged.count(name)}" for name in ORDINARY)
        print(
            f"{label:<22} writers {tally(writers, [pred[id(d)] for d in writers])} | ordinary "
            f"FP {sum(pred[id(d)] for d in ordinary if d['kind'] == 'safe')} ({each})"
        )

    show("SVM cascade only", {id(d): d["blocked"] for d in rows})
    for th in (0.85, 0.9, 0.95):
        show(
            f"second model >= {th}",
            {id(d): d["blocked"] or (d["eligible"] and d["stack"]["second"] >= th) for d in rows},
        )
    eligible = [d for d in rows if d["eligible"]]
    x = np.array([StackedOpinion.inputs(Evidence(**d["stack"])) for d in eligible])
    y = np.array([d["kind"] != "safe" for d in eligible])
    src = np.array([d["src"] for d in eligible])
    score = np.zeros(len(eligible))
    for name in sorted(set(src)):
        m = src == name
        fitted = LogisticRegression(C=1.0, max_iter=1000).fit(x[~m], y[~m])
        score[m] = fitted.predict_proba(x[m])[:, 1]
    by_row = {id(d): float(s) for d, s in zip(eligible, score, strict=True)}
    for th in THRESHOLDS:
        show(
            f"stacked >= {th}",
            {id(d): d["blocked"] or (d["eligible"] and by_row[id(d)] >= th) for d in rows},
        )
    chosen = float(next((a.split("=")[1] for a in sys.argv if a.startswith("--at=")), 0.6))
    for name in sorted({d["src"] for d in rows}):
        part = [d for d in rows if d["src"] == name]
        pred = [d["blocked"] or (d["eligible"] and by_row[id(d)] >= chosen) for d in part]
        print(f"  {name:8} stacked >= {chosen} ", tally(part, pred))
    fitted = LogisticRegression(C=1.0, max_iter=1000).fit(x, y)
    coef = ", ".join(f"{float(c):.4f}" for c in fitted.coef_[0])
    print(f"STACK = StackedOpinion(({coef}), {float(fitted.intercept_[0]):.4f})")
    print(f"(fitted on {len(eligible)} rows the cascade let through, {int(y.sum())} unsafe)")


if __name__ == "__main__":
    main()
