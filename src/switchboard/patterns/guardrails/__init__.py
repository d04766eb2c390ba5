"""Guardrails (spec 002): classify every user message SAFE / UNSAFE before anything else runs.

- `GuardClassifier` — offline: pt-BR rules both ways + a TF-IDF/logistic model (`classifier.py`).
- `parse_verdict` — exact parsing of a hosted guard model's answer (`verdict.py`).
- `message_for` — the pt-BR block message, or the caring self-harm answer (`messages.py`).
- `evaluate` — accuracy / false-positive rate on labelled rows (`evaluation.py`).
"""

from switchboard.patterns.guardrails.classifier import (
    GuardClassifier,
    GuardDataError,
    GuardThresholds,
)
from switchboard.patterns.guardrails.evaluation import GuardEval, evaluate
from switchboard.patterns.guardrails.messages import (
    BLOCK_MESSAGE,
    SELF_HARM_MESSAGE,
    message_for,
)
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
    "BLOCK_MESSAGE",
    "GUARD_ANSWER_SCHEMA",
    "GUARD_CATEGORIES",
    "GUARD_SYSTEM_PROMPT",
    "SELF_HARM_MESSAGE",
    "GuardAnswerError",
    "GuardCategory",
    "GuardClassifier",
    "GuardDataError",
    "GuardEval",
    "GuardThresholds",
    "GuardVerdict",
    "evaluate",
    "message_for",
    "parse_verdict",
    "read_verdict",
]
