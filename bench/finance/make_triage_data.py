"""Generate the labelled pt-BR triage set (seeded) and split it by group.

    PYTHONPATH=src python bench/finance/make_triage_data.py

Sources:
- templates (triage_templates.py) × slot values × noise (accent stripping, typos, casing,
  slang/abbreviations, fillers), each template one group;
- hand-written natural messages (triage_handwritten.txt), each line one group;
- the 39 seed examples of ../shared/data/triage_dev.jsonl (always train).

Split: round-1 groups are shuffled with a fixed seed and cut per label 70 / 30 into train /
dev, so no template (and no hand-written line) appears in two splits. Held-out material was
written in rounds, each after the previous evaluation: round 1's held-out 15% (evaluated once,
93.2%, then used to fix rules) and round 2 (FRESH_*, triage_fresh.txt; evaluated at 93.0%, then
used to fix rules) are dev data now; the test split is round 3 (FINAL_*, triage_final.txt),
evaluated only for the reported number. A text that occurs in train is dropped from dev
and test, and dev texts from test. Output:
- src/switchboard/apps/finance/triage/data/train.jsonl (shipped; the model trains on it),
- bench/finance/triage_dev.jsonl (tuning), bench/finance/triage_test.jsonl (held out).
"""

from __future__ import annotations

import json
import random
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from triage_templates import (  # noqa: E402
    COMPLEXA,
    FINAL_COMPLEXA,
    FINAL_LANCAMENTO,
    FINAL_SIMPLISTA,
    FINAL_TRIVIAL,
    FRESH_COMPLEXA,
    FRESH_LANCAMENTO,
    FRESH_SIMPLISTA,
    FRESH_TRIVIAL,
    LANCAMENTO,
    SIMPLISTA,
    SLOTS,
    TRIVIAL,
)

ROOT = HERE.parent.parent
SEED_FILE = ROOT.parent / "shared/data/triage_dev.jsonl"
"""The team's seed set beside the checkout (`../shared`); the vendored copy is used when absent."""
SEED_COPY = HERE / "triage_seed.jsonl"
TRAIN = ROOT / "src/switchboard/apps/finance/triage/data/train.jsonl"
DEV = HERE / "triage_dev.jsonl"
TEST = HERE / "triage_test.jsonl"
SEED = 20261123
VARIANTS = {"trivial": 7, "lancamento": 8, "simplista": 8, "complexa": 7}
"""Rows per template: enough slot/noise variety per phrasing without one template dominating."""


def amount(rng: random.Random) -> str:
    """A pt-BR amount in one of the ways people type it."""
    small = rng.choice([12, 15, 18, 23, 35, 40, 45, 50, 58, 60, 75, 80, 89, 99, 120, 150, 180])
    big = rng.choice([200, 250, 300, 320, 450, 500, 600, 800, 1200, 1500, 2400, 3000, 4800])
    cents = rng.choice(["90", "50", "99", "37", "00"])
    k = rng.choice([1, 2, 3, 5, 10, 15, 20, 50, 100])
    styles = [
        f"{small}",
        f"R$ {small}",
        f"{small} reais",
        f"R${small},{cents}",
        f"{small},{cents}",
        f"R$ {big // 1000}.{big % 1000:03d},{cents}" if big >= 1000 else f"R$ {big},{cents}",
        f"{big:,}".replace(",", "."),
        f"{big} reais",
        f"{k}k",
        f"{k} mil",
        f"{k} mil reais",
        "mil e quinhentos",
        "cem reais",
        "duzentos reais",
        "cinquenta reais",
        f"{small} conto",
        f"{big} conto",
        f"{small} pila",
        f"{small} contos",
        f"{small} real",
        f"R$ {big}",
        "1,5k",
        "1,2 mil",
    ]
    return rng.choice(styles)


SLANG = [
    (r"\bvocê\b", ["vc", "voce", "cê"]),
    (r"\bquanto\b", ["qto", "qnto", "qnt", "quanto"]),
    (r"\btambém\b", ["tb", "tbm"]),
    (r"\bporque\b|\bpor que\b", ["pq", "porq"]),
    (r"\bpara\b", ["pra", "p/"]),
    (r"\bestá\b", ["tá", "ta"]),
    (r"\bestou\b", ["tô", "to"]),
    (r"\bhoje\b", ["hj"]),
    (r"\bnão\b", ["n", "nao", "ñ"]),
    (r"\bobrigado\b", ["obg", "obrigadu"]),
    (r"\bmuito\b", ["mt", "mto"]),
    (r"\bquais\b", ["qais", "quais"]),
    (r"\bmês\b", ["mes"]),
    (r"\bcom\b", ["c/", "com"]),
    (r"\bde\b", ["d", "de"]),
    (r"\bqual\b", ["ql", "qual"]),
    (r"\bpor favor\b", ["pfv", "pf", "por fav"]),
    (r"\breais\b", ["conto", "pila", "reais", "R"]),
]
FILLERS_BEFORE = ["", "", "", "", "ei ", "então, ", "ah ", "junior, ", "me diz uma coisa, "]
FILLERS_AFTER = ["", "", "", "", " por favor", " pfv", " rs", " kkk", " aí", " hein", " ?", " !!"]


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def typo(text: str, rng: random.Random) -> str:
    """One typo in one word of 4+ letters: swap, drop, double or neighbour key."""
    words = text.split(" ")
    candidates = [i for i, w in enumerate(words) if len(w) >= 4 and w.isalpha()]
    if not candidates:
        return text
    i = rng.choice(candidates)
    w = words[i]
    j = rng.randrange(1, len(w) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        w = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    elif kind == 1:
        w = w[:j] + w[j + 1 :]
    elif kind == 2:
        w = w[:j] + w[j] + w[j:]
    else:
        near = {"a": "s", "e": "r", "i": "u", "o": "p", "s": "a", "r": "t", "n": "m", "m": "n"}
        w = w[:j] + near.get(w[j], w[j]) + w[j + 1 :]
    words[i] = w
    return " ".join(words)


def noisy(text: str, rng: random.Random) -> str:
    """Apply a random subset of the noise functions; about one row in five stays clean."""
    if rng.random() < 0.2:
        return text
    for pattern, options in SLANG:
        if rng.random() < 0.35:
            text = re.sub(pattern, rng.choice(options), text, flags=re.IGNORECASE)
    if rng.random() < 0.45:
        text = strip_accents(text)
    if rng.random() < 0.25:
        text = typo(text, rng)
    if rng.random() < 0.4:
        text = text.replace("?", "").replace("!", "")
    if rng.random() < 0.5:
        text = text.lower()
    elif rng.random() < 0.1:
        text = text.upper()
    elif rng.random() < 0.3:
        text = text[:1].upper() + text[1:]
    if rng.random() < 0.3:
        text = rng.choice(FILLERS_BEFORE) + text + rng.choice(FILLERS_AFTER)
    return " ".join(text.split())


def fill(template: str, rng: random.Random) -> str:
    def slot(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in ("valor", "valor2"):
            return amount(rng)
        return rng.choice(SLOTS[name])

    return " ".join(re.sub(r"\{(\w+)\}", slot, template).split())


ROUNDS = {
    "t": (TRIVIAL, LANCAMENTO, SIMPLISTA, COMPLEXA),
    "f": (FRESH_TRIVIAL, FRESH_LANCAMENTO, FRESH_SIMPLISTA, FRESH_COMPLEXA),
    "z": (FINAL_TRIVIAL, FINAL_LANCAMENTO, FINAL_SIMPLISTA, FINAL_COMPLEXA),
}
"""Template rounds: t = original (train/dev), f = second round (dev), z = final (test)."""


def templated(rng: random.Random, round_: str = "t") -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    labels = ("trivial", "lancamento", "simplista", "complexa")
    for label, block in zip(labels, ROUNDS[round_], strict=True):
        for index, line in enumerate(block.strip().splitlines()):
            template, _, coordinator = line.partition(" |")
            group = f"{label}-{round_}{index:03d}"
            seen: set[str] = set()
            for attempt in range(VARIANTS[label] * 4):
                text = fill(template, rng)
                if attempt:  # the first variant keeps the template's own spelling
                    text = noisy(text, rng)
                if text.lower() in seen:
                    continue
                seen.add(text.lower())
                row = {"text": text, "label": label, "group": group}
                if coordinator:
                    row["coordinator"] = coordinator.strip()
                rows.append(row)
                if len(seen) == VARIANTS[label]:
                    break
    return rows


def handwritten(name: str = "triage_handwritten.txt", prefix: str = "hand") -> list[dict[str, str]]:
    rows = []
    path = HERE / name
    for index, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if not line.strip() or line.startswith("#"):
            continue
        label, _, text = line.partition(" | ")
        group = f"{prefix}-{index:03d}"
        rows.append({"text": text.strip(), "label": label.strip(), "group": group})
    return rows


def seeds() -> list[dict[str, str]]:
    if SEED_FILE.exists():
        SEED_COPY.write_text(SEED_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    rows = []
    for line in SEED_COPY.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        row["group"] = "seed"
        rows.append(row)
    return rows


def split(rows: list[dict[str, str]], rng: random.Random) -> dict[str, list[dict[str, str]]]:
    groups: dict[tuple[str, str], list[dict[str, str]]] = {}
    for row in rows:
        groups.setdefault((row["label"], row["group"]), []).append(row)
    out: dict[str, list[dict[str, str]]] = {"train": [], "dev": [], "test": []}
    for label in ("trivial", "lancamento", "simplista", "complexa"):
        for kind in ("-t", "hand-"):
            keys = sorted(k for k in groups if k[0] == label and kind in k[1])
            rng.shuffle(keys)
            n_dev = round(len(keys) * 0.15)
            n_test = round(len(keys) * 0.15)
            for i, key in enumerate(keys):
                part = "test" if i < n_test else "dev" if i < n_test + n_dev else "train"
                out[part] += groups[key]
    out["train"] += [r for r in rows if r["group"] == "seed"]
    train_texts = {_key(r["text"]) for r in out["train"]}
    out["dev"] = [r for r in out["dev"] if _key(r["text"]) not in train_texts]
    dev_texts = {_key(r["text"]) for r in out["dev"]}
    out["test"] = [r for r in out["test"] if _key(r["text"]) not in train_texts | dev_texts]
    for part in out.values():
        rng.shuffle(part)
    return out


def _key(text: str) -> str:
    return " ".join(strip_accents(text.lower()).replace("?", "").replace("!", "").split())


def write(path: Path, rows: list[dict[str, str]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def main() -> None:
    rng = random.Random(SEED)
    rows = templated(rng) + handwritten() + seeds()
    parts = split(rows, rng)
    # Round 1's held-out split was evaluated once (93.2%) and its errors led to rule fixes;
    # round 2 (written after that) was evaluated twice (93.0%, then fixes). Both are dev data
    # now. The test split is round 3, written after the round-2 evaluation.
    parts["dev"] += parts.pop("test")
    second = templated(random.Random(SEED + 1), "f") + handwritten("triage_fresh.txt", "fresh")
    seen = {_key(r["text"]) for part in parts.values() for r in part}
    parts["dev"] += [r for r in second if _key(r["text"]) not in seen]
    final = templated(random.Random(SEED + 2), "z") + handwritten("triage_final.txt", "final")
    seen = {_key(r["text"]) for part in parts.values() for r in part}
    parts["test"] = [r for r in final if _key(r["text"]) not in seen]
    rng.shuffle(parts["dev"])
    rng.shuffle(parts["test"])
    held_out = {_key(r["text"]) for r in parts["dev"] + parts["test"]}
    parts["train"] += [  # train-only fixes found after the split was frozen
        r for r in handwritten("triage_train_extra.txt", "extra") if _key(r["text"]) not in held_out
    ]
    write(TRAIN, parts["train"])
    write(DEV, parts["dev"])
    write(TEST, parts["test"])
    for name, part in parts.items():
        counts = Counter(r["label"] for r in part)
        print(f"{name:5s} {len(part):5d} {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
