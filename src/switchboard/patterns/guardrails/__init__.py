"""Guardrails (spec 002): every user message is judged SAFE / UNSAFE before anything else runs.

- `Guarded` — any pattern behind a `Guard`; a blocked message never reaches it, a failing guard
  fails closed (`pattern.py`); with a hosted guard, a `Speculative` inner pattern's first model
  call runs alongside it and is cancelled on UNSAFE (`speculation.py`).
- `GuardClassifier` — offline: pt-BR rules both ways + a TF-IDF/linear model (`classifier.py`;
  imported from its module, as it loads scikit-learn).
- `AnyUnsafe` — guards combined so that they can only add blocks: UNSAFE when any judge says
  so; a hosted model (`ModelJudge`) never unblocks what the offline rules catch (`combine.py`).
- `parse_verdict` — exact parsing of a hosted guard model's answer; `GuardCategory`, the
  categories, most severe first (`verdict.py`).
- `message_for` — the pt-BR answer per category: caring CVV 188 for self-harm, SAMU 192 first
  for immediate danger, refusals that explain (privacy, eligibility fraud), … (`messages.py`).
- `evaluate` — accuracy / false-positive rate on labelled rows (`evaluation.py`).
"""

from switchboard.patterns.guardrails.combine import (
    AnyUnsafe,
    Judge,
    ModelJudge,
    OfflineJudge,
    any_unsafe,
)
from switchboard.patterns.guardrails.messages import (
    BLOCK_MESSAGE,
    CATEGORY_MESSAGES,
    GUARD_FAILED_MESSAGE,
    IMMEDIATE_DANGER_MESSAGE,
    SELF_HARM_MESSAGE,
    message_for,
)
from switchboard.patterns.guardrails.pattern import ALLOW, GUARD_FAILED, Guard, Guarded, Verdict
from switchboard.patterns.guardrails.speculation import Prefetch, Speculations, Speculative
from switchboard.patterns.guardrails.verdict import (
    GUARD_ANSWER_SCHEMA,
    GUARD_CATEGORIES,
    GUARD_SYSTEM_PROMPT,
    GuardAnswerError,
    GuardCategory,
    GuardVerdict,
    most_severe,
    parse_verdict,
    read_verdict,
)

__all__ = [
    "ALLOW",
    "BLOCK_MESSAGE",
    "CATEGORY_MESSAGES",
    "GUARD_ANSWER_SCHEMA",
    "GUARD_CATEGORIES",
    "GUARD_FAILED",
    "GUARD_FAILED_MESSAGE",
    "GUARD_SYSTEM_PROMPT",
    "IMMEDIATE_DANGER_MESSAGE",
    "SELF_HARM_MESSAGE",
    "AnyUnsafe",
    "Guard",
    "GuardAnswerError",
    "GuardCategory",
    "GuardVerdict",
    "Guarded",
    "Judge",
    "ModelJudge",
    "OfflineJudge",
    "Prefetch",
    "Speculations",
    "Speculative",
    "Verdict",
    "any_unsafe",
    "message_for",
    "most_severe",
    "parse_verdict",
    "read_verdict",
]
