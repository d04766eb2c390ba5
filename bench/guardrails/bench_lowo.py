"""Leave-one-writer-out on the training data (issue 20, branch guard4): how the guard does on a
writer it never saw, measured without touching any dev half or held-out file.

Each source below (one writer's hand-written or delivered rows, all of them training rows of the
packaged `data/train.jsonl`, found by their group prefix) is scored by a model trained on every
other packaged row. Recall is counted per category group (fraud = eligibility_fraud + fraud,
crisis = self_harm + immediate_danger, other), false positives on the sources' SAFE rows, and
false positives of the full model on the SAFE dev sets no model trains on (dev.jsonl, the
issues' idioms, fresh_fp, own_schinc).

    PYTHONPATH=src python bench/guardrails/bench_lowo.py            # thresholds of the code
    PYTHONPATH=src python bench/guardrails/bench_lowo.py --grid     # + a small threshold grid
    PYTHONPATH=src python bench/guardrails/bench_lowo.py --errors   # + the errors per source
    PYTHONPATH=src python bench/guardrails/bench_lowo.py --only=w5,w6  # some sources only
    PYTHONPATH=src python bench/guardrails/bench_lowo.py --skip=v10    # not scored, still trained

The dev halves of the writers' files (`drop_split.py`) and the held-out files are never read.
"""

from __future__ import annotations

import dataclasses
import hashlib
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from bench_guard import BRIEF_SAFE, load_jsonl  # noqa: E402

SOURCES: dict[str, tuple[str, ...]] = {
    "v7": ("g3hw0-",),
    "v7b": ("g3hw1-",),
    "v9": ("g3hw2-",),
    "v8": ("g3j0-",),
    "w1": ("g3w0-",),
    "w2": ("g3w1-",),
    "w5": ("g4w0-",),
    "w6": ("g4w1-",),
    "v10": ("g4hw0-",),
    "w10": ("g5w0-",),
    "v11": ("g5hw0-",),
    "w14": ("g6w0-",),
    "v12": ("g6hw0-",),
    "v13": ("g7hw0-",),
    "wg1": ("g8w0-",),
    "wg2": ("g8w1-",),
    "v14": ("g8hw0-",),
    "wg4": ("g9w0-",),
    "wg5": ("g9w1-",),
    "wg7": ("g10w0-",),
    "wg8": ("g10w1-",),
    "wg9": ("g10w2-",),
    "wg10": ("g10w3-",),
    "wg11": ("g12w0-",),
    "v16": ("g12hw0-",),
    "wg13": ("g13w0-",),
    "v17": ("g13hw0-",),
    "wg16": ("g14w0-",),
    "v18": ("g14hw0-",),
}
"""One writer each (v8 split in two by sha1 parity below, as in guard3)."""
FRAUD = {"eligibility_fraud", "fraud"}
CRISIS = {"self_harm", "immediate_danger"}


def _parity(text: str) -> int:
    return int(hashlib.sha1(text.encode("utf-8")).hexdigest(), 16) % 2


def sources(rows: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Row indices of each left-out source."""
    out: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        group = str(r.get("group", ""))
        for name, prefixes in SOURCES.items():
            if group.startswith(prefixes):
                if name == "v8":
                    name = f"v8{'odd' if _parity(r['text']) else 'even'}"
                out.setdefault(name, []).append(i)
    return out


def kind(row: dict[str, Any]) -> str:
    if row["label"] == "SAFE":
        return "safe"
    c = row["category"]
    return "fraud" if c in FRAUD else "crisis" if c in CRISIS else "other"


def main() -> None:
    from switchboard.patterns.guardrails.classifier import (
        GuardClassifier,
        GuardThresholds,
        packaged_training_rows,
    )

    rows = packaged_training_rows()
    base = GuardThresholds()
    grid = [base]
    if "--grid" in sys.argv:
        for fraud, cued in ((0.5, 0.5), (0.55, 0.55), (0.6, 0.5), (0.6, 0.55), (0.65, 0.55)):
            grid.append(dataclasses.replace(base, fraud=fraud, fraud_cued=cued))
        for sh in (0.12, 0.2):
            grid.append(dataclasses.replace(base, self_harm=sh))
        for second in (2.0, 0.7, 0.5):  # 2.0: the stacked combination never blocks
            grid.append(dataclasses.replace(base, second=second))
        for uncued in (0.45, 0.3):
            grid.append(dataclasses.replace(base, uncued=uncued))
        grid.append(dataclasses.replace(base, uncued=0.45, second=2.0))
    totals = [Counter() for _ in grid]
    by_category: Counter[str] = Counter()
    only = next((a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--only=")), None)
    skip = next((a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--skip=")), [])
    for name, idx in sorted(sources(rows).items()):
        if (only and name not in only) or name in skip:
            continue
        held = set(idx)
        clf = GuardClassifier.train([r for i, r in enumerate(rows) if i not in held])
        for t, total in zip(grid, totals, strict=True):
            clf.thresholds = t
            c: Counter[str] = Counter()
            errors = []
            for i in idx:
                r = rows[i]
                k = kind(r)
                v = clf.check(r["text"])
                c[f"{k}_n"] += 1
                hit = v.unsafe if k != "safe" else not v.unsafe
                c[f"{k}_ok"] += hit
                if t is base and k != "safe":
                    by_category[f"{r['category']}_n"] += 1
                    by_category[f"{r['category']}_ok"] += hit
                if not hit:
                    errors.append(f"{'FP' if k == 'safe' else 'MISS ' + k}: {r['text']}")
            total.update(c)
            if t is base:
                print(
                    f"{name:8} fraud {c['fraud_ok']}/{c['fraud_n']}  crisis "
                    f"{c['crisis_ok']}/{c['crisis_n']}  other {c['other_ok']}/{c['other_n']}  "
                    f"FP {c['safe_n'] - c['safe_ok']}/{c['safe_n']}",
                    flush=True,
                )
                if "--errors" in sys.argv:
                    print("\n".join(f"    {e}" for e in errors))
    names = sorted({key.rsplit("_", 1)[0] for key in by_category})
    print(
        "BY CATEGORY "
        + ", ".join(f"{n} {by_category[n + '_ok']}/{by_category[n + '_n']}" for n in names)
    )
    full = GuardClassifier.default()
    untrained = (
        load_jsonl(HERE / "dev.jsonl")
        + [{"text": t, "label": "SAFE"} for t in BRIEF_SAFE]
        + load_jsonl(ROOT / "tests/patterns/guardrails/data/fresh_fp.jsonl")
        + load_jsonl(ROOT / "tests/patterns/guardrails/data/own_schinc.jsonl")
    )
    safe = [r for r in untrained if r["label"] == "SAFE"]
    for t, c in zip(grid, totals, strict=True):
        full.thresholds = t
        fp = sum(full.check(r["text"]).unsafe for r in safe)
        print(
            f"TOTAL fraud {c['fraud_ok']}/{c['fraud_n']} crisis {c['crisis_ok']}/{c['crisis_n']} "
            f"other {c['other_ok']}/{c['other_n']} FP {c['safe_n'] - c['safe_ok']}/{c['safe_n']} "
            f"untrained-SAFE FP {fp}/{len(safe)}  fraud={t.fraud} cued={t.fraud_cued} "
            f"self_harm={t.self_harm} second={t.second} uncued={t.uncued}"
        )


if __name__ == "__main__":
    main()
