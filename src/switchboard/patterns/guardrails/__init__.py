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

from switchboard._faces import attach
from switchboard.patterns.guardrails.combine import AnyUnsafe as AnyUnsafe
from switchboard.patterns.guardrails.combine import Judge as Judge
from switchboard.patterns.guardrails.combine import ModelJudge as ModelJudge
from switchboard.patterns.guardrails.combine import OfflineJudge as OfflineJudge
from switchboard.patterns.guardrails.combine import any_unsafe as any_unsafe
from switchboard.patterns.guardrails.messages import BLOCK_MESSAGE as BLOCK_MESSAGE
from switchboard.patterns.guardrails.messages import CATEGORY_MESSAGES as CATEGORY_MESSAGES
from switchboard.patterns.guardrails.messages import GUARD_FAILED_MESSAGE as GUARD_FAILED_MESSAGE
from switchboard.patterns.guardrails.messages import (
    IMMEDIATE_DANGER_MESSAGE as IMMEDIATE_DANGER_MESSAGE,
)
from switchboard.patterns.guardrails.messages import SELF_HARM_MESSAGE as SELF_HARM_MESSAGE
from switchboard.patterns.guardrails.messages import message_for as message_for
from switchboard.patterns.guardrails.pattern import ALLOW as ALLOW
from switchboard.patterns.guardrails.pattern import GUARD_FAILED as GUARD_FAILED
from switchboard.patterns.guardrails.pattern import Guard as Guard
from switchboard.patterns.guardrails.pattern import Guarded as Guarded
from switchboard.patterns.guardrails.pattern import Verdict as Verdict
from switchboard.patterns.guardrails.speculation import Prefetch as Prefetch
from switchboard.patterns.guardrails.speculation import Speculations as Speculations
from switchboard.patterns.guardrails.speculation import Speculative as Speculative
from switchboard.patterns.guardrails.verdict import GUARD_ANSWER_SCHEMA as GUARD_ANSWER_SCHEMA
from switchboard.patterns.guardrails.verdict import GUARD_CATEGORIES as GUARD_CATEGORIES
from switchboard.patterns.guardrails.verdict import GUARD_SYSTEM_PROMPT as GUARD_SYSTEM_PROMPT
from switchboard.patterns.guardrails.verdict import GuardAnswerError as GuardAnswerError
from switchboard.patterns.guardrails.verdict import GuardCategory as GuardCategory
from switchboard.patterns.guardrails.verdict import GuardVerdict as GuardVerdict
from switchboard.patterns.guardrails.verdict import most_severe as most_severe
from switchboard.patterns.guardrails.verdict import parse_verdict as parse_verdict
from switchboard.patterns.guardrails.verdict import read_verdict as read_verdict

__getattr__, __dir__, __all__ = attach(__name__)
