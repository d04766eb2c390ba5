"""The scholarship app's guard: offline classifier always, a hosted guard model when configured.

`ScholarshipGuard.check(turn)` runs the offline `GuardClassifier` (rules + TF-IDF/SVM, ~1 ms)
on every message. With a hosted model it also asks the guard model (`GUARD_SYSTEM_PROMPT`,
JSON schema `GUARD_ANSWER_SCHEMA`) and reads the answer with `parse_verdict(raw,
fallback=offline)`: an unreadable answer, or a model error, falls back to the offline verdict,
which is always there and measured, instead of failing open. UNSAFE becomes the pt-BR answer of
`message_for` (the caring CVV 188 answer for self-harm) and, through `log_block`, an entry in
the MODERATION log (user, session, category, message).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from switchboard.apps.scholarships.records import MODERATION
from switchboard.core.errors import SwitchboardError
from switchboard.core.messages import Message, UsageTally
from switchboard.models.base import Model, ModelRequest
from switchboard.patterns.guardrails import (
    GUARD_ANSWER_SCHEMA,
    GUARD_SYSTEM_PROMPT,
    GuardVerdict,
    Verdict,
    message_for,
    parse_verdict,
)
from switchboard.patterns.guardrails.classifier import GuardClassifier
from switchboard.patterns.guardrails.pattern import BlockHandler
from switchboard.sessions.turn import Turn
from switchboard.store.base import Store

log = logging.getLogger(__name__)

UNKNOWN_CATEGORY = "unsafe"
"""Moderation category when the guard could not name one."""


class ScholarshipGuard:
    """Offline classifier, or a hosted guard model with the offline verdict as fallback."""

    def __init__(
        self,
        *,
        hosted: Callable[[], Model] | None = None,
        classifier: Callable[[], GuardClassifier] = GuardClassifier.default,
    ) -> None:
        self._hosted = hosted
        self._classifier = classifier

    def warm(self) -> None:
        """Train/load the offline classifier now (it trains once per process, 1–2 s)."""
        self._classifier()

    def offline(self, text: str) -> GuardVerdict:
        return self._classifier().check(text)

    async def judge(self, text: str, usage: UsageTally | None = None) -> GuardVerdict:
        """The verdict on `text` (the hosted model's when configured and readable); a hosted
        call's tokens go to `usage` (the turn's)."""
        offline = self.offline(text)
        if self._hosted is None:
            return offline
        request = ModelRequest(
            messages=[Message.system(GUARD_SYSTEM_PROMPT), Message.user(text)],
            response_schema=GUARD_ANSWER_SCHEMA,
            agent="guard",
            temperature=0.0,
        )
        try:
            response = await self._hosted().complete(request)
        except SwitchboardError as exc:
            log.warning("guard model failed, using the offline verdict: %s", exc.message)
            return offline
        if usage is not None:
            usage.add(response.usage)
        verdict = parse_verdict(response.text, fallback=offline)
        if verdict.source == "fallback":
            log.warning("unreadable guard answer, using the offline verdict")
        return verdict

    async def check(self, turn: Turn) -> Verdict:
        verdict = await self.judge(turn.text, turn.usage)
        answer = message_for(verdict)
        if answer is None:
            return Verdict(allowed=True)
        return Verdict(allowed=False, category=verdict.category or UNKNOWN_CATEGORY, answer=answer)


def moderation_logger(store: Store) -> BlockHandler:
    """`Guarded`'s `on_block`: one MODERATION entry per blocked message."""

    async def log_block(turn: Turn, verdict: Verdict) -> None:
        await store.repository(MODERATION).record(
            turn.user_id, turn.session_id, verdict.category or UNKNOWN_CATEGORY, turn.text
        )

    return log_block


__all__ = ["UNKNOWN_CATEGORY", "ScholarshipGuard", "moderation_logger"]
