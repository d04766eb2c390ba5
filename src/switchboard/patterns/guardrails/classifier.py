"""The offline guard: strong pt-BR rules, idiom allow-rules, and a TF-IDF + linear SVM model.

Order of decision for `check(text)`:

1. **Strong rules** (`rules.STRONG`) → UNSAFE with their category, `source="rule"`.
2. **Allow rules** blank idioms out of the text and raise the threshold of the categories they
   cover (idioms: self_harm, violence; legitimate rule questions: fraud).
3. **Model**: a linear SVM (one-vs-rest) over SAFE + the five categories, with a softmax of its
   scaled decision values as probabilities, on TF-IDF word 1–2-grams and char_wb 2–5-grams of
   the normalized (lowercase, accent-folded) text — the character n-grams absorb typos, missing
   accents and inflection ("matar/mato/matando").
   - self_harm is checked first, against its own lower threshold: a missed crisis costs more
     than a caring answer to a student who did not need it (that answer is not a block).
   - then the summed probability of the categories no allow rule touches against the UNSAFE
     threshold, naming the most probable of them; a category an idiom covers needs `covered`
     on its own; a category a rule question excludes (fraud) cannot come from the model.

Thresholds (`GuardThresholds`) were chosen on the DEV split (`bench/guardrails/dev.jsonl`,
`python bench/guardrails/bench_guard.py --tune` prints the sweep), never on the test split:

Probabilities include an implicit "none of them" option (see `probabilities`), so these are
absolute levels, not shares among classes.

- `unsafe = 0.6`: swept 0.3–0.7 on dev (v3 training data). 0.3 blocks 1.1% of SAFE messages
  and 0.4 still 0.5%; from 0.5 to 0.7 dev FPR is 0 with every category's recall on its plateau.
  0.6 is the middle of that plateau.
- `self_harm = 0.2`: checked first and far lower than `unsafe`, because missing a crisis is
  worse than a caring CVV answer to someone who did not need it. Dev was flat from 0.08 to 0.25
  (self-harm recall 97.5%) and lost a self-harm message at 0.3; v2 used 0.12 and its clean
  held-out run (fresh2) showed that the bottom of the plateau catches short unclaimed texts
  ("me chamo Luana"), so v3 sits near the top, one step below the cliff.
- `covered = 0.85`: flat from 0.6 to 0.95 on dev; idioms are blanked out of the model's input
  anyway, so this only guards against a confident model overriding an allow rule.
- SVM `C = 0.3`, no class weighting, softmax scale 4: best accuracy at FPR ≤ 2% in a small grid
  (C 0.3/1, balanced/none, scale 2/4); balanced class weights doubled the FPR.

Training takes 1–2 s (2 shared vCPUs, under load) on the packaged `data/train.jsonl` (generated
by `bench/guardrails/make_data.py`); `GuardClassifier.default()` trains once per process.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from switchboard.core.errors import SwitchboardError
from switchboard.models.embedded.tfidf import TfidfFeatures
from switchboard.patterns.guardrails import rules
from switchboard.patterns.guardrails.verdict import (
    GUARD_CATEGORIES,
    GuardCategory,
    GuardVerdict,
    VerdictSource,
    category_of,
)

SAFE_LABEL = "SAFE"
UNSAFE_LABEL = "UNSAFE"
"""Scoring target of an UNSAFE row that names no category."""


class GuardDataError(SwitchboardError):
    """Labelled guard data that cannot be used (missing text, unknown label or category)."""

    code = "guard_bad_data"
    http_status = 422


@dataclass(frozen=True, slots=True)
class GuardThresholds:
    """Decision thresholds; see the module docstring for how and why they were chosen."""

    unsafe: float = 0.45
    """UNSAFE when the summed probability of the other unsafe categories reaches this."""
    self_harm: float = 0.15
    """UNSAFE/self_harm (or immediate_danger) when p(self_harm) + p(immediate_danger) reaches
    this (checked first)."""
    covered: float = 0.85
    """Replaces either threshold for a category an allow rule covers (idiom, rule question)."""


def target_of(row: Mapping[str, Any], *, need_category: bool = True) -> str:
    """The target of a labelled row: "SAFE", or its unsafe category (aliases accepted).

    An UNSAFE row with no (known) category is an error for training (`need_category`) and the
    target `UNSAFE_LABEL` for scoring: a plain "UNSAFE" label still says the message must be
    blocked."""
    text, label, category = row.get("text"), row.get("label"), row.get("category")
    if not isinstance(text, str):
        raise GuardDataError("a labelled row needs a text", row=dict(row))
    if isinstance(label, str) and label.strip().upper() == "SAFE":
        return SAFE_LABEL
    if isinstance(label, str) and label.strip().upper() == "UNSAFE":
        known = category_of(category)
        if known is not None:
            return known.value
        if not need_category and (category is None or category == ""):
            return UNSAFE_LABEL
    raise GuardDataError(
        "label must be SAFE, or UNSAFE with a known category"
        + ("" if need_category else " (or none)"),
        row=dict(row),
    )


def load_rows(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Parse JSONL lines (blank lines skipped) into row dicts."""
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise GuardDataError("invalid JSON line", line=number) from exc
        if not isinstance(row, dict):
            raise GuardDataError("a JSONL line must be an object", line=number)
        rows.append(row)
    return rows


def packaged_training_rows() -> list[dict[str, Any]]:
    """The training split shipped with the package (`data/train.jsonl`)."""
    data = resources.files("switchboard.patterns.guardrails") / "data" / "train.jsonl"
    return load_rows(data.read_text(encoding="utf-8").splitlines())


class GuardClassifier:
    """SAFE/UNSAFE with a category, offline; build with `default()` or `train(rows)`."""

    def __init__(
        self,
        labels: list[str],
        coef: Any,
        intercept: Any,
        features: TfidfFeatures,
        thresholds: GuardThresholds,
    ) -> None:
        self._labels = labels
        self._coef = coef
        self._intercept = intercept
        self._features = features
        self.thresholds = thresholds

    @classmethod
    def train(
        cls, rows: Iterable[Mapping[str, Any]], thresholds: GuardThresholds | None = None
    ) -> GuardClassifier:
        """Fit on labelled rows (`text`, `label`, `category`); every class must be present."""
        import numpy as np
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.svm import LinearSVC

        texts: list[str] = []
        targets: list[str] = []
        for row in rows:
            targets.append(target_of(row))
            texts.append(rules.allowance(rules.canonical(str(row["text"]))).text)
        missing = {SAFE_LABEL, *(c.value for c in GUARD_CATEGORIES)} - set(targets)
        if missing:
            raise GuardDataError("training data lacks classes", missing=sorted(missing))
        vectorizers = [
            TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, lowercase=False),
            TfidfVectorizer(
                analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, lowercase=False, min_df=2
            ),
            TfidfVectorizer(analyzer=stem_grams, sublinear_tf=True, lowercase=False),
        ]
        features, matrix = TfidfFeatures.fit(vectorizers, texts)
        svm = LinearSVC(C=_SVM_C, class_weight=_CLASS_WEIGHT, random_state=0, max_iter=5000)
        svm.fit(matrix, targets)
        return cls(
            [str(c) for c in svm.classes_],
            np.asarray(svm.coef_, dtype=np.float64),
            np.asarray(svm.intercept_, dtype=np.float64),
            features,
            thresholds or GuardThresholds(),
        )

    @classmethod
    def default(cls) -> GuardClassifier:
        """The classifier trained on the packaged data, built once per process."""
        return _default()

    def probabilities(self, text: str) -> dict[str, float]:
        """Per class ("SAFE" and the categories) for already-canonical text.

        A softmax over the scaled one-vs-rest SVM decision values plus an implicit "none of
        them" option at logit 0 (the SVM boundary), whose mass counts as SAFE. Without it, a
        text no class claims (all decision values negative) spreads its mass evenly and the
        unsafe classes together outvote SAFE — v1 blocked "você lembra do que eu falei
        ontem?" that way. The same device as the embedded intent classifier's."""
        scores = self._features.decision(text, self._coef, self._intercept)
        logits = [_SCALE * float(d) for d in scores]
        top = max(0.0, *logits)
        weights = [math.exp(z - top) for z in logits]
        none = math.exp(-top)  # "no class claims this text", pinned at the SVM boundary
        total = sum(weights) + none
        probs = {label: w / total for label, w in zip(self._labels, weights, strict=True)}
        probs[SAFE_LABEL] += none / total
        return probs

    def check(self, text: str) -> GuardVerdict:
        """Classify one user message."""
        start = time.perf_counter()
        canonical = rules.canonical(text)
        if not canonical:
            return GuardVerdict("SAFE", None, 1.0, _ms(start), "rule")
        category = rules.strong_match(canonical) or rules.original_match(text)
        if category is not None:
            return GuardVerdict("UNSAFE", category, 1.0, _ms(start), "rule")
        allowed = rules.allowance(canonical)
        probs = self.probabilities(allowed.text)
        t = self.thresholds
        crisis = {c: probs[c.value] for c in _CRISIS}
        crisis_p = sum(crisis.values())
        crisis_threshold = t.covered if allowed.raised & _CRISIS else t.self_harm
        if crisis_p >= crisis_threshold:
            worst = max(crisis, key=lambda c: crisis[c])
            return GuardVerdict("UNSAFE", worst, crisis_p, _ms(start))
        covered = allowed.raised | allowed.excluded
        plain = [c for c in GUARD_CATEGORIES if c not in covered and c not in _CRISIS]
        if plain:
            unsafe_p = sum(probs[c.value] for c in plain)
            if unsafe_p >= t.unsafe:
                worst = max(plain, key=lambda c: probs[c.value])
                return GuardVerdict("UNSAFE", worst, unsafe_p, _ms(start))
        for c in allowed.raised - _CRISIS:
            if probs[c.value] >= t.covered:
                return GuardVerdict("UNSAFE", c, probs[c.value], _ms(start))
        likeliest = max(GUARD_CATEGORIES, key=lambda c: probs[c.value])
        hint = likeliest if probs[likeliest.value] >= _HINT_FLOOR else None
        source: VerdictSource = "idiom" if allowed.raised or allowed.excluded else "classifier"
        return GuardVerdict("SAFE", None, probs[SAFE_LABEL], _ms(start), source, hint=hint)


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import snowballstemmer  # type: ignore[import-untyped]  # pure Python, no type hints

    return snowballstemmer.stemmer("portuguese")


@lru_cache(maxsize=16384)
def _stem(word: str) -> str:
    return str(_stemmer().stemWord(word))


_TOKEN = re.compile(r"[a-z0-9]+")


def stem_grams(text: str) -> list[str]:
    """Snowball stems of canonical text, single and in pairs: "desaparecesse", "desaparecer"
    and "desapareço" meet at "desaparec", so one training phrasing covers its inflections."""
    stems = [_stem(token) for token in _TOKEN.findall(text)]
    return stems + [f"{a} {b}" for a, b in itertools.pairwise(stems)]


_CRISIS = frozenset({GuardCategory.SELF_HARM, GuardCategory.IMMEDIATE_DANGER})
"""A life at risk: checked first, summed, against the lower `self_harm` threshold."""
_HINT_FLOOR = 0.1
"""A SAFE verdict names its likeliest unsafe category as `hint` only from this probability on:
below it the "category" is noise, and a hosted UNSAFE that names none is better answered with
the generic refusal than with, say, the privacy text for a question about cut-off scores."""
_SVM_C = 0.6
"""SVM regularization (chosen on dev)."""
_CLASS_WEIGHT: str | None = None
"""Class weighting of the SVM (chosen on dev)."""
_SCALE = 4.0
"""Decision value → logit factor of the softmax (chosen on dev, together with the thresholds)."""


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


@cache
def _default() -> GuardClassifier:
    return GuardClassifier.train(packaged_training_rows())
