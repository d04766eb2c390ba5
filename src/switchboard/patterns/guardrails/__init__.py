"""Guardrails (spec 002): every user message is judged SAFE / UNSAFE before anything else runs.

- `Guarded` — any pattern behind a `Guard`; a blocked message never reaches it, a failing guard
  fails closed (`pattern.py`); with a hosted guard, a `Speculative` inner pattern's first model
  call runs alongside it and is cancelled on UNSAFE (`speculation.py`).
- `GuardClassifier` — offline: pt-BR rules both ways + a TF-IDF/linear model (`classifier.py`;
  imported from its module, as it loads scikit-learn).
- `parse_verdict` — exact parsing of a hosted guard model's answer (`verdict.py`).
- `message_for` — the pt-BR block message, or the caring self-harm answer (`messages.py`).
- `evaluate` — accuracy / false-positive rate on labelled rows (`evaluation.py`).
"""

from switchboard.patterns.guardrails.messages import (
    BLOCK_MESSAGE,
    GUARD_FAILED_MESSAGE,
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
    parse_verdict,
    read_verdict,
)

__all__ = [
    "ALLOW",
    "BLOCK_MESSAGE",
    "GUARD_ANSWER_SCHEMA",
    "GUARD_CATEGORIES",
    "GUARD_FAILED",
    "GUARD_FAILED_MESSAGE",
    "GUARD_SYSTEM_PROMPT",
    "SELF_HARM_MESSAGE",
    "Guard",
    "GuardAnswerError",
    "GuardCategory",
    "GuardVerdict",
    "Guarded",
    "Prefetch",
    "Speculations",
    "Speculative",
    "Verdict",
    "message_for",
    "parse_verdict",
    "read_verdict",
]
