"""The scholarship app's guard: offline rules and classifier always, plus a hosted guard model
when configured, combined so that they can only add blocks.

`ScholarshipGuard.check(turn)` asks `AnyUnsafe(offline, hosted)` (`patterns/guardrails/
combine.py`): the offline `GuardClassifier` (rules + TF-IDF/SVM, ~1 ms) first, then — only when
it says SAFE — the hosted guard model (`ModelJudge`: `GUARD_SYSTEM_PROMPT`, JSON schema). Either
one's UNSAFE blocks; a hosted SAFE never unblocks what the rules catch; a hosted model error or
unreadable answer abstains, leaving the offline verdict. UNSAFE becomes the pt-BR answer of
`message_for` (CVV 188 for self-harm, SAMU 192 first for immediate danger, a refusal that
explains for privacy or eligibility fraud, …) and, through `moderation_logger`, an entry in the
MODERATION log (user, session, category, message).
"""

from __future__ import annotations

from collections.abc import Callable

from switchboard import Model, Store, Turn, Verdict
from switchboard.apps.scholarships.records import MODERATION
from switchboard.core import UsageTally
from switchboard.patterns import (
    AnyUnsafe,
    BlockHandler,
    GuardClassifier,
    GuardVerdict,
    Judge,
    ModelJudge,
    OfflineJudge,
    message_for,
)

UNKNOWN_CATEGORY = "unsafe"
"""Moderation category when no guard could name one."""


class ScholarshipGuard:
    """The offline classifier, OR a hosted guard model when configured (see the module doc)."""

    def __init__(
        self,
        *,
        hosted: Callable[[], Model] | None = None,
        classifier: Callable[[], GuardClassifier] = GuardClassifier.default,
    ) -> None:
        self._classifier = classifier
        judges: list[Judge] = [OfflineJudge(self.offline)]
        if hosted is not None:
            judges.append(ModelJudge(hosted))
        self._combined = AnyUnsafe(*judges)

    def warm(self) -> None:
        """Train/load the offline classifier now (it trains once per process, 1–2 s)."""
        self._classifier()

    def offline(self, text: str) -> GuardVerdict:
        return self._classifier().check(text)

    async def judge(self, text: str, usage: UsageTally | None = None) -> GuardVerdict:
        """The combined verdict on `text`; a hosted call's tokens go to `usage` (the turn's)."""
        return await self._combined.judge(text, usage)

    async def check(self, turn: Turn) -> Verdict:
        verdict = await self.judge(turn.text, turn.usage)
        answer = message_for(verdict)
        if answer is None:
            return Verdict(allowed=True)
        category = verdict.category.value if verdict.category else UNKNOWN_CATEGORY
        return Verdict(allowed=False, category=category, answer=answer)


def moderation_logger(store: Store) -> BlockHandler:
    """`Guarded`'s `on_block`: one MODERATION entry per blocked message."""

    async def log_block(turn: Turn, verdict: Verdict) -> None:
        await store.repository(MODERATION).record(
            turn.user_id, turn.session_id, verdict.category or UNKNOWN_CATEGORY, turn.text
        )

    return log_block


__all__ = ["UNKNOWN_CATEGORY", "ScholarshipGuard", "moderation_logger"]
