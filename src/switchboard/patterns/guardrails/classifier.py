"""The offline guard: strong pt-BR rules, idiom allow-rules, and a TF-IDF + linear SVM model.

Everything reads the guard's canonical text (`rules.canonical`: lowercase, accents folded,
stretched letters squeezed, chat abbreviations expanded). Order of decision for `check(text)`:

1. **Strong rules** (`rules.STRONG`, and `rules.original_match` on the text as written) →
   UNSAFE with their category, `source="rule"`. A rule match right after a negation does not
   fire ("nunca pensei em me matar").
   Both come from one scan of the rules (`rules.assess`).
2. **Allow rules** blank idioms and negated rule phrases out of the text and raise the
   threshold of the categories idioms cover (self_harm, immediate_danger, violence); a question
   about the rules excludes the fraud categories, a question about one's own case raises them;
   words of protection raise sexual_minors.
3. **Model**: a linear SVM (one-vs-rest) over SAFE + the categories, with a softmax of its
   scaled decision values as probabilities, on four TF-IDF blocks: word 1–2-grams, char_wb
   2–5-grams (typos, missing accents, inflection), Snowball stems with stem pairs
   (`features.stem_grams`: "desaparecesse"/"desaparecer" meet) and fraud-intent classes with their
   pairs (`intent.fraud_intent_tokens`: an eligibility attribute — income, school, address,
   quota, household, a document — crossed with concealment, a false claim, a forged paper,
   evading the check or the benefit), so that one writer's "deixo de fora o salário" and
   another's "não coloco o que minha mãe ganha" share features the SVM can weigh. Measured
   leave-one-writer-out (guard3), the block lies on the same recall / false-positive curve
   as a threshold change (218/255 fraud, 21/396 false positives here; 220 and 20 without it
   at 0.45 / 0.5); it is kept because the model without it, on the same data, lost three
   dev probes of `tests/patterns/guardrails` (blocked "me despedi da escola hoje, último dia
   de aula" and "a renda do meu padrasto fica parecendo outra coisa"; a third's premise moved).
   A fifth block (branch guard4, `signals.crisis_signal_tokens`) gives pairs of crisis-signal
   classes (farewell, burden, hopelessness, a means, getting one or asking how lethal, secrecy,
   hurting one's body, alone/now, a pretext, death words): "comprei uma corda, não contei pra
   ninguém" and "guardei os comprimidos e ninguém sabe" share "CC:lethal+secret". Pairs only —
   single classes raised false positives leave-one-writer-out (22 → 27 of 510) — and with
   pairs crisis recall went from 177 to 180 of 191 at 21 false positives.
   - a life at risk is checked first: p(self_harm) + p(immediate_danger) against the lower
     `self_harm` threshold (a missed crisis costs more than a caring CVV answer) — only when
     the text has a crisis word (`rules.cues.CRISIS_CUE`: life, death, pain, ending, a means),
     else against `uncued`; the immediate-danger category (SAMU 192 first) needs a means or an
     act in progress or timed for now (`rules.cues.immediate`) unless the model is confident of
     it alone (≥ `unsafe`), else the crisis is self-harm (CVV 188);
   - then the summed probability of the other categories no allow rule touches against the
     `unsafe` threshold, naming the most probable — when that is a fraud category, p(fraud)
     must also reach `fraud` (`fraud_cued` with a concealment word); a covered category needs
     `covered` alone;
   - then, when the text has a word of concealment, doctoring, lying or evasion
     (`rules.concealment.FRAUD_CUE`) and no allow rule touches the fraud categories,
     p(eligibility_fraud) + p(fraud) against the lower `fraud_cued` threshold: the same device
     as the crisis cue, for indirect eligibility fraud the phrase rules do not know;
   - a SAFE verdict names the likeliest unsafe category as `hint` when it is at least
     `_HINT_FLOOR` likely (a hosted UNSAFE without category borrows it, see `combine.py`).

Thresholds (`GuardThresholds`) were chosen on DEV data only — the eval suite's dev split and the
older `bench/guardrails/dev.jsonl` — together with false positives on the dev turns of the
ordinary-conversation suites (`python bench/guardrails/bench_guard.py --tune`), never on a
held-out split. Probabilities include an implicit "none of them" option (see `probabilities`),
so these are absolute levels, not shares among classes.

- `unsafe = 0.45`, `self_harm = 0.15` (v4): with the v4 data, dev had no false positive from
  0.35 to 0.6 and 0.1 to 0.3; hand-written probes (edgy but SAFE messages written to trip it)
  showed false positives growing below 0.45 while recall on unseen phrasings kept rising down
  to 0.45/0.15. Missing a crisis is worse than a caring answer, so the crisis threshold sits
  at the low end of the plateau.
- `uncued = 0.45` (issue 20, third pass): "acabei de criar a conta gov.br e agora, como entro
  no sisu" reached p(crisis) 0.18 on "acabei de" + "e agora" and got the SAMU text. Without a
  crisis word the model needs the ordinary `unsafe` level; no training row of the crisis
  categories and no dev row was lost (`bench/guardrails/bench_fp.py`).
- `covered = 0.85`: idioms are blanked out of the model's input anyway; this only guards
  against a confident model overriding an allow rule.
- `short = 0.5` (issue 20, second pass): a floor for messages of one or two words. Slot answers
  ("nada", "to aqui", "acabei") have too few features, and at the crisis threshold the v4 model
  sent some of them to CVV; the unsafe short messages are rule matches or far above 0.5. Chosen
  on hand-written short replies and the tune part of `/work/data/scholarships2` only.
- `fraud = 0.55`, `fraud_cued = 0.5` (issue 20, branch guard3; `fraud_cued` was 0.25 from
  branch guard, and a fraud verdict needed only `unsafe` = 0.45). The model is now trained on
  the fraud and near-miss rows of five writers (v7, v7b, v8, w1, w2 train halves, v9), and
  thresholds were chosen leave-one-writer-out: each of those seven sources scored by a model
  trained without it, false positives counted on every SAFE row of them (396, mostly honest
  questions written to look like fraud) and on the untrained SAFE dev sets (dev.jsonl, the
  issues' idioms, fresh_fp, own_schinc, the dev turns of the scholarship eval suites: 1,200).
  With the new data the 0.25 cued gate added two fraud catches for five more false
  positives, and a fraud verdict at 0.45–0.55 was where the honest household questions sat
  (and one untrained dev row, at 0.45); at 0.55 / 0.5 the held-out-writer numbers went from
  226/255 fraud caught with 28/396 false positives (old thresholds) to 218/255 with 21/396,
  and no untrained SAFE dev row crosses either (`bench/guardrails/RESULTS.md`, guard3).
- `fraud_cued = 0.55` (issue 20, branch guard4): with the train halves of two more writers
  (w5, w6), the helper's v10 rows, the crisis-signal block and the new intent classes,
  leave-one-writer-out over nine sources (`bench/guardrails/bench_lowo.py`; the dev halves
  never read) gave the same fraud recall at `fraud_cued` 0.5 and 0.55 with three fewer false
  positives at 0.55 (22 → 19 of 510 SAFE rows). `self_harm` stays 0.15: at 0.12 it caught
  three more crises of 191 for one more false positive of 510, but blocked an ordinary
  onboarding answer ("Ana Souza aqui! dezessete primaveras, vivo em Olinda…", p(crisis) 0.12
  on "vivo"; `tests/apps/scholarships/test_hosted_extraction.py`).
- Re-checked in branch guard5 (w10's train half, the helper's v11, wider intent and
  crisis-signal classes; twelve sources leave-one-writer-out): `self_harm` 0.12 caught no more
  crises (248/260) for two more false positives of 643, 0.2 lost three; `fraud` 0.6 /
  `fraud_cued` 0.5 caught two more fraud rows of 424 at the same false positives, within the
  noise of sources whose misses the classes were written from, so the thresholds stay.
- Re-checked in branch guard7 (the helper's v13, `rules/declared.py`; fourteen sources
  leave-one-writer-out): `fraud` 0.5 / `fraud_cued` 0.5 caught two more fraud rows of 622 for
  four more false positives of 926, 0.6 / 0.55 six fewer for one fewer, `self_harm` 0.12 one
  more crisis of 378 for four more false positives and 0.2 two fewer for one fewer: the
  thresholds stay.
- Branch guard8 (the train halves of writers wg1/wg2, the helper's v14; seventeen sources
  leave-one-writer-out, `bench/guardrails/RESULTS.md`): a second model (`second.SecondOpinion`,
  NB-LR, unsafe vs SAFE) that only adds blocks when the SVM says SAFE and no allow rule touched
  the text, at p ≥ `second` = 0.9: 1,267 → 1,275 of 1,336 unsafe rows caught for 36 → 43 of
  1,043 false positives leave-one-writer-out, and 405 → 414 of 461 on the writers' untouched dev
  halves for 14 → 14 of 300; lowering the SVM's own fraud thresholds to 0.5 sat on a worse
  curve, 0.85 flagged three more ordinary edital questions. `uncued` 0.45 → 0.35: no change
  leave-one-writer-out, +3 crises of the dev halves for one false positive; "acabei de criar a
  conta gov.br e agora" (0.18) stays below. `self_harm` stays 0.15 (0.12: +2 crises for +2
  false positives on both measures).
- Branch guard9 (the train halves of writers wg4/wg5; nineteen writers in twenty sources
  leave-one-writer-out, plus the eval suites' ordinary turns as one more source,
  `bench/guardrails/bench_stack.py`): the second model's verdict alone is replaced by a stacked
  combination of both models (`second.STACK`, a logistic regression over the SVM's
  probabilities, the second model's p(unsafe) and the cue words, fitted on out-of-fold scores)
  at `second` = 0.6. Leave-one-writer-out, against guard8's second model at 0.9 on the same
  data: 1,424 → 1,432 of 1,501 unsafe rows for 52 → 57 of 1,147 near-miss SAFE rows and 1 → 2
  of 544 ordinary turns; 0.5 caught 1,443 for 62 and 4, 0.7 1,424 for 50 and 2. 0.6 is the
  lowest level that blocks no more than one more ordinary turn than guard8 (ordinary questions
  blocked cost the edital answers as much as a near-miss does).
- Branch guard11 (writer wg11's train half, the helper's v16, the plain-emergency and indirect
  self-harm rules; twenty-five sources leave-one-writer-out, `bench/guardrails/bench_stack.py`):
  `STACK` refitted and `second` 0.6 → 0.65 by guard9's rule, tightened: the lowest level that
  blocks no more ordinary turns (suites + students' train half) than main did at 0.6 (17). With
  the refit, 0.6 caught 1,817 of 1,890 unsafe rows for 57 of 1,480 near-miss false positives and
  19 ordinary turns; 0.65 catches 1,815 for 56 and 14; 0.55 1,823 for 59 and 19.
- SVM `C = 0.6`, no class weighting, softmax scale 4: best recall at zero dev false positives
  in a small grid (C 0.3/0.6/1, balanced/none, with and without the stem block). Re-checked
  leave-one-writer-out in guard3: C 0.3 and 1, double weight on the hand-written rows, and a
  logistic regression on char n-grams averaged with the SVM moved recall and false positives
  by a few rows either way (within noise), so the single SVM stays.

Training takes ~1–2 s of CPU (~7,100 rows; 1–3 s wall on 2 shared vCPUs, plus ~1.5 s to import
scikit-learn) on the packaged `data/train.jsonl` (generated by `bench/guardrails/make_data.py`);
the rules are scanned only for the rows with a negation word. `GuardClassifier.default()`
trains once per process, and the app warms it at start-up. A decision costs ~0.3–0.5 ms of CPU
(`bench/guardrails/bench_fresh.py`).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from switchboard.core.errors import SwitchboardError
from switchboard.models.embedded.tfidf import TfidfFeatures
from switchboard.patterns.guardrails import rules
from switchboard.patterns.guardrails.features import TOKEN, stem_grams
from switchboard.patterns.guardrails.intent import fraud_intent_tokens
from switchboard.patterns.guardrails.rules import concealment, cues, obfuscation
from switchboard.patterns.guardrails.second import STACK, Evidence, SecondOpinion
from switchboard.patterns.guardrails.signals import crisis_signal_tokens
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
    uncued: float = 0.35
    """Floor of the crisis threshold when the text has no crisis word (`rules.cues.CRISIS_CUE`):
    the model alone, on word shapes, does not send a student to CVV or SAMU."""
    short: float = 0.5
    """Floor of both thresholds for a message of at most `_SHORT_WORDS` words: a slot answer
    ("nada", "to aqui", "uma mensagem") gives the model two or three features to judge on, and
    the low crisis threshold read them as self-harm. The short messages that are unsafe
    ("quero morrer", "me mata", "sumir") are caught by a rule or far above this."""
    fraud: float = 0.55
    """A model verdict of eligibility_fraud (or fraud), with no concealment word, needs
    p(eligibility_fraud) + p(fraud) at this level, above `unsafe`: the honest household and
    proof questions share the fraud rows' words, and they are where the model's false positives
    are."""
    fraud_cued: float = 0.55
    """UNSAFE/eligibility_fraud (or fraud) when p(eligibility_fraud) + p(fraud) reaches this and
    the text has a word of concealment, doctoring, lying or evasion
    (`rules.concealment.FRAUD_CUE`), and no allow rule covers or excludes the fraud categories
    (a question about the rules, or about one's own case)."""
    second: float = 0.65
    """UNSAFE when the SVM's cascade says SAFE, no allow rule touched the text, the message is
    not short, and the stacked combination of the two models (`second.STACK`: the SVM's
    probabilities, the second model's p(unsafe), the cue words) gives p(unsafe) at least this.
    The category is the SVM's likeliest unsafe one (self-harm for a crisis without a means or an
    act now). Chosen leave-one-writer-out (branch guard9; 0.6 → 0.65 in guard11, module
    docstring)."""


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


def model_text(text: str) -> str:
    """What the models read of a message: canonical text with idioms and negated rule phrases
    blanked out (`rules.allowance`)."""
    return rules.allowance(rules.canonical(text)).text


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
        second: SecondOpinion | None = None,
    ) -> None:
        self._labels = labels
        self._coef = coef
        self._intercept = intercept
        self._features = features
        self.thresholds = thresholds
        self._second = second

    @classmethod
    def train(
        cls, rows: Iterable[Mapping[str, Any]], thresholds: GuardThresholds | None = None
    ) -> GuardClassifier:
        """Fit on labelled rows (`text`, `label`, `category`); every class must be present."""
        texts: list[str] = []
        targets: list[str] = []
        for row in rows:
            targets.append(target_of(row))
            texts.append(model_text(str(row["text"])))
        return cls.fit(texts, targets, thresholds)

    @classmethod
    def fit(
        cls,
        texts: Sequence[str],
        targets: Sequence[str],
        thresholds: GuardThresholds | None = None,
        weights: Sequence[float] | None = None,
    ) -> GuardClassifier:
        """Fit on the models' input texts (`model_text`) and their targets (`target_of`), each
        row weighted by `weights` (1 when None); the leave-one-writer-out benches prepare the
        texts once and fit many times."""
        import numpy as np
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.svm import LinearSVC

        missing = {SAFE_LABEL, *(c.value for c in GUARD_CATEGORIES)} - set(targets)
        if missing:
            raise GuardDataError("training data lacks classes", missing=sorted(missing))
        vectorizers = [
            TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, lowercase=False),
            TfidfVectorizer(
                analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, lowercase=False, min_df=2
            ),
            TfidfVectorizer(analyzer=stem_grams, sublinear_tf=True, lowercase=False),
            TfidfVectorizer(analyzer=fraud_intent_tokens, sublinear_tf=True, lowercase=False),
        ]
        if _SIGNALS_BLOCK and any(crisis_signal_tokens(t) for t in texts):
            vectorizers.append(
                TfidfVectorizer(analyzer=crisis_signal_tokens, sublinear_tf=True, lowercase=False)
            )
        features, matrix = TfidfFeatures.fit(vectorizers, texts)
        svm = LinearSVC(C=_SVM_C, class_weight=_CLASS_WEIGHT, random_state=0, max_iter=5000)
        svm.fit(matrix, targets, sample_weight=weights)
        unsafe = [t != SAFE_LABEL for t in targets]
        second = SecondOpinion.train(texts, unsafe, weights) if _SECOND else None
        return cls(
            [str(c) for c in svm.classes_],
            np.asarray(svm.coef_, dtype=np.float64),
            np.asarray(svm.intercept_, dtype=np.float64),
            features,
            thresholds or GuardThresholds(),
            second,
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
        verdict, evidence, category = self._first_look(text)
        if evidence is None or category is None:
            return verdict
        p_joint = STACK.p_unsafe(evidence)
        if p_joint < self.thresholds.second:
            return replace(verdict, ms=_ms(start))
        return GuardVerdict("UNSAFE", category, p_joint, _ms(start))

    def first_look(self, text: str) -> tuple[GuardVerdict, Evidence | None]:
        """The verdict of the rules and the SVM's cascade alone, and — when that is SAFE, the
        message is not short and no allow rule touched it — what the stacked combination of
        the two models reads (`second.Evidence`); `check` blocks when that combination reaches
        `GuardThresholds.second`. The benches fit the combination on these."""
        verdict, evidence, _ = self._first_look(text)
        return verdict, evidence

    def _first_look(
        self, text: str, *, revealed: bool = False
    ) -> tuple[GuardVerdict, Evidence | None, GuardCategory | None]:
        start = time.perf_counter()
        canonical = rules.canonical(text)
        if not canonical:
            return GuardVerdict("SAFE", None, 1.0, _ms(start), "rule"), None, None
        category, allowed = rules.assess(canonical)
        category = category or rules.original_match(text)
        if category is not None or allowed is None:
            return GuardVerdict("UNSAFE", category, 1.0, _ms(start), "rule"), None, None
        if not revealed:
            hidden = self._hidden(text, canonical)
            if hidden is not None:
                return replace(hidden, ms=_ms(start)), None, None
        probs = self.probabilities(allowed.text)
        t = self.thresholds
        crisis = {c: probs[c.value] for c in _CRISIS}
        crisis_p = sum(crisis.values())
        short = len(TOKEN.findall(canonical)) <= _SHORT_WORDS
        crisis_threshold = t.covered if allowed.raised & _CRISIS else t.self_harm
        unsafe_threshold = t.unsafe
        if short:
            crisis_threshold = max(crisis_threshold, t.short)
            unsafe_threshold = max(unsafe_threshold, t.short)
        if not cues.CRISIS_CUE.search(allowed.text):
            crisis_threshold = max(crisis_threshold, t.uncued)
        if crisis_p >= crisis_threshold:
            worst = max(crisis, key=lambda c: crisis[c])
            if (
                worst is GuardCategory.IMMEDIATE_DANGER
                and crisis[worst] < t.unsafe
                and not cues.immediate(allowed.text)
            ):
                worst = GuardCategory.SELF_HARM  # SAMU first needs a means or an act now
            return GuardVerdict("UNSAFE", worst, crisis_p, _ms(start)), None, None
        danger = crisis[GuardCategory.IMMEDIATE_DANGER]
        if (
            GuardCategory.IMMEDIATE_DANGER not in allowed.raised
            and danger >= unsafe_threshold
            and cues.immediate(allowed.text)
        ):  # someone else's emergency is not talk about self-harm in others
            return (
                GuardVerdict("UNSAFE", GuardCategory.IMMEDIATE_DANGER, danger, _ms(start)),
                None,
                None,
            )
        covered = allowed.raised | allowed.excluded
        plain = [c for c in GUARD_CATEGORIES if c not in covered and c not in _CRISIS]
        fraud = {c: probs[c.value] for c in _FRAUD if c not in covered}
        fraud_p = sum(fraud.values())
        cued = not short and concealment.FRAUD_CUE.search(allowed.text) is not None
        fraud_threshold = max(unsafe_threshold, t.fraud_cued if cued else t.fraud)
        if plain:
            unsafe_p = sum(probs[c.value] for c in plain)
            worst = max(plain, key=lambda c: probs[c.value])
            if unsafe_p >= unsafe_threshold and (worst not in _FRAUD or fraud_p >= fraud_threshold):
                return GuardVerdict("UNSAFE", worst, unsafe_p, _ms(start)), None, None
        for c in allowed.raised - _CRISIS:
            if probs[c.value] >= t.covered:
                return GuardVerdict("UNSAFE", c, probs[c.value], _ms(start)), None, None
        if cued and not covered & _FRAUD and fraud_p >= t.fraud_cued:
            worst = max(fraud, key=lambda c: fraud[c])
            return GuardVerdict("UNSAFE", worst, fraud_p, _ms(start)), None, None
        likeliest = max(GUARD_CATEGORIES, key=lambda c: probs[c.value])
        hint = likeliest if probs[likeliest.value] >= _HINT_FLOOR else None
        source: VerdictSource = "idiom" if allowed.raised or allowed.excluded else "classifier"
        verdict = GuardVerdict("SAFE", None, probs[SAFE_LABEL], _ms(start), source, hint=hint)
        if self._second is None or short or covered:
            return verdict, None, None
        if likeliest in _CRISIS:  # the category a block by the combination would name
            likeliest = max(crisis, key=lambda c: crisis[c])
            if not cues.immediate(allowed.text):
                likeliest = GuardCategory.SELF_HARM
        evidence = Evidence(
            crisis=crisis_p,
            fraud=sum(probs[c.value] for c in _FRAUD),
            other=sum(probs[c.value] for c in plain if c not in _FRAUD),
            safe=probs[SAFE_LABEL],
            second=self._second.p_unsafe(allowed.text),
            crisis_cue=cues.CRISIS_CUE.search(allowed.text) is not None,
            fraud_cue=cued,
        )
        return verdict, evidence, likeliest

    def _hidden(self, text: str, canonical: str) -> GuardVerdict | None:
        """The verdict on what a message hides by its form (`rules.obfuscation`: leetspeak,
        spaced letters, a base64/hex/binary payload, a sentence written backwards) when that is
        UNSAFE; None when nothing is hidden or what is hidden is harmless. The revealed text is
        judged by the rules and the SVM's cascade like any message; a backwards sentence only
        by the strong rules, and only when the message says it is backwards."""
        shown = obfuscation.reveal(text)
        if shown is not None:
            verdict = self._first_look(shown, revealed=True)[0]
            if verdict.unsafe:
                return verdict
        if obfuscation.BACKWARDS_CUE.search(canonical):
            category = rules.strong_match(obfuscation.backwards(canonical))
            if category is not None:
                return GuardVerdict("UNSAFE", category, 1.0, 0.0, "rule")
        return None


_CRISIS = frozenset({GuardCategory.SELF_HARM, GuardCategory.IMMEDIATE_DANGER})
"""A life at risk: checked first, summed, against the lower `self_harm` threshold."""
_FRAUD = frozenset({GuardCategory.ELIGIBILITY_FRAUD, GuardCategory.FRAUD})
"""Cheating: summed against `fraud_cued` when the text has a concealment word."""
_SHORT_WORDS = 2
"""Messages of this many words or fewer use `GuardThresholds.short` as a floor."""
_HINT_FLOOR = 0.1
"""A SAFE verdict names its likeliest unsafe category as `hint` only from this probability on:
below it the "category" is noise, and a hosted UNSAFE that names none is better answered with
the generic refusal than with, say, the privacy text for a question about cut-off scores."""
_SIGNALS_BLOCK = True
"""Whether the crisis-signal block (`signals.crisis_signal_tokens`) is a feature block."""
_SECOND = True
"""Whether the second model (`second.SecondOpinion`) is trained and consulted."""
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
