"""A guard that can only add blocks: `AnyUnsafe(offline, hosted, ...)`.

The original let a hosted guard model's verdict *replace* the offline rules': a careless guard
model that always answers SAFE waved self-harm and prompt injection through, with no CVV answer
and no moderation entry. Here guards combine by OR:

- the final verdict is UNSAFE when any judge says UNSAFE; a hosted model can never unblock what
  the offline rules and classifier catch (DESIGN: "a guard can only add blocks");
- judges run in order and stop at the first UNSAFE: nothing after it could change the outcome,
  so an offline block (~1 ms) costs no model call, and `Guarded`'s speculative router work is
  abandoned at once;
- the category is the most severe one any UNSAFE judge named (`verdict.most_severe`: a crisis
  answer is never replaced by a cold refusal); a hosted UNSAFE that names no category borrows
  the offline classifier's `hint` (its most likely unsafe category), else stays None and gets
  the generic refusal;
- a judge with no readable opinion (a model error, an answer that is not a verdict) abstains
  (`None`): the others decide, as the offline verdict did before. When every judge abstains
  there is no verdict at all, and `AnyUnsafe.judge` raises `GuardAnswerError` so `Guarded`
  fails closed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Protocol

from switchboard.core.errors import SwitchboardError
from switchboard.core.messages import Message, UsageTally
from switchboard.models.base import Model, ModelRequest
from switchboard.patterns.guardrails.verdict import (
    GUARD_ANSWER_SCHEMA,
    GUARD_SYSTEM_PROMPT,
    GuardAnswerError,
    GuardVerdict,
    most_severe,
    read_verdict,
)

log = logging.getLogger(__name__)


class Judge(Protocol):
    """One source of verdicts on a message's text."""

    async def judge(self, text: str, usage: UsageTally | None = None) -> GuardVerdict | None:
        """The verdict on `text`, or None when this judge has no readable opinion. A model
        call's tokens go to `usage` (the turn's)."""
        ...


def any_unsafe(verdicts: Sequence[GuardVerdict]) -> GuardVerdict:
    """Combine verdicts by OR (see the module docstring); `verdicts` must not be empty.

    SAFE only when every verdict is SAFE (the first one is returned). UNSAFE otherwise, from the
    first UNSAFE verdict, with the most severe category named by any UNSAFE verdict, else the
    first `hint` a SAFE verdict carries; `ms` is the sum of the judges' times."""
    if not verdicts:
        raise ValueError("any_unsafe needs at least one verdict")
    total_ms = sum(v.ms for v in verdicts)
    unsafe = [v for v in verdicts if v.unsafe]
    if not unsafe:
        return replace(verdicts[0], ms=total_ms)
    category = most_severe(v.category for v in unsafe)
    if category is None:
        category = next((v.hint for v in verdicts if v.hint is not None), None)
    return replace(unsafe[0], category=category, ms=total_ms, hint=None)


class AnyUnsafe:
    """UNSAFE when any of `judges` says so; list the cheap, always-available ones first."""

    def __init__(self, *judges: Judge) -> None:
        if not judges:
            raise ValueError("AnyUnsafe needs at least one judge")
        self.judges = judges

    async def judge(self, text: str, usage: UsageTally | None = None) -> GuardVerdict:
        seen: list[GuardVerdict] = []
        for judge in self.judges:
            verdict = await judge.judge(text, usage)
            if verdict is None:
                continue
            seen.append(verdict)
            if verdict.unsafe:
                break  # nothing after an UNSAFE could unblock it: skip the remaining calls
        if not seen:
            raise GuardAnswerError("no guard gave a verdict")
        return any_unsafe(seen)


class OfflineJudge:
    """A synchronous check (the offline `GuardClassifier.check`, ~1 ms) as a `Judge`."""

    def __init__(self, check: Callable[[str], GuardVerdict]) -> None:
        self._check = check

    async def judge(self, text: str, usage: UsageTally | None = None) -> GuardVerdict:
        return self._check(text)


class ModelJudge:
    """A hosted guard model: `GUARD_SYSTEM_PROMPT`, the JSON schema, exact parsing.

    `model` is called per message (so wrappers added after the app is built, such as metering,
    apply). A provider error or an answer that is not a verdict is logged and abstains."""

    def __init__(
        self,
        model: Callable[[], Model],
        *,
        system_prompt: str = GUARD_SYSTEM_PROMPT,
        agent: str = "guard",
    ) -> None:
        self._model = model
        self._system_prompt = system_prompt
        self._agent = agent

    async def judge(self, text: str, usage: UsageTally | None = None) -> GuardVerdict | None:
        request = ModelRequest(
            messages=[Message.system(self._system_prompt), Message.user(text)],
            response_schema=GUARD_ANSWER_SCHEMA,
            agent=self._agent,
            temperature=0.0,
        )
        try:
            response = await self._model().complete(request)
        except SwitchboardError as exc:
            log.warning("guard model failed; the other guards decide: %s", exc.message)
            return None
        if usage is not None:
            usage.add(response.usage)
        try:
            return read_verdict(response.text)
        except GuardAnswerError:
            log.warning("unreadable guard model answer; the other guards decide")
            return None


__all__ = ["AnyUnsafe", "Judge", "ModelJudge", "OfflineJudge", "any_unsafe"]
