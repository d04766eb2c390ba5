"""Dialog mode (spec 001 §2.1, generic): the clarifying question an agent left open.

An agent that needs one more thing ("Qual foi o valor?") opens a `Dialog` in the session
state: who asked, what, when (so it expires), the fields already asked (an agent can cap its
questions) and its draft (the work in progress, as JSON). The next message is judged against it
before any triage — `answer_dialog` turns the continuity verdict into one of three steps:

- `cancel`: a bare cancel ("deixa, esquece"): the agent that asked closes its own dialog;
- `continue`: the message answers the question: straight to that agent, with its draft;
- `new`: anything else: the dialog is dropped and the message (minus leading cancel words,
  when the app can strip them) is triaged as a new one.

The app supplies the judge (offline rules and a model, a hosted model: anything returning a
`ContinuityResult`) and, optionally, its own "this is always an answer" rule and its
cancel-word stripper. No app vocabulary here; finance's is in `apps/finance/triage/`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from switchboard.patterns.triage.continuity import ContinuityResult, OpenDialog


class Dialog(BaseModel):
    """A clarifying question waiting for the user's answer (persisted with the session)."""

    model_config = ConfigDict(frozen=True)

    agent: str
    question: str
    asked_at: datetime
    asked_fields: tuple[str, ...] = ()
    """Every field asked so far in this dialog, the last one being the open question's."""
    draft: dict[str, Any] | None = None
    """The agent's work in progress, as JSON (the app's own model validates it back)."""

    def expired(self, now: datetime, ttl: timedelta) -> bool:
        """Asked longer than `ttl` ago: the user has moved on."""
        return now - self.asked_at > ttl

    def asking(self, *fields: str) -> bool:
        """Whether the open question asks one of `fields`."""
        return bool(self.asked_fields) and self.asked_fields[-1] in fields

    @property
    def open(self) -> OpenDialog:
        """What a continuity check reads: the agent and the question."""
        return OpenDialog(self.agent, self.question)


DialogAction = Literal["cancel", "continue", "new"]
"""What the next message does with an open clarifying question: answers it, cancels it, or
starts something new."""

Judge = Callable[[OpenDialog, str], Awaitable[ContinuityResult]]
"""The app's continuity check (offline, hosted, or both)."""
AlwaysAnswers = Callable[[Dialog, str], str | None]
"""An app rule that knows better than the judge: the reason when `text` answers `dialog`."""


@dataclass(slots=True, frozen=True)
class DialogStep:
    """What to do with a message that arrived while a dialog was open."""

    action: DialogAction
    text: str
    """The message to handle: the original, or (action "new" after a cancel) what follows the
    cancel words."""
    verdict: ContinuityResult


async def answer_dialog(
    dialog: Dialog,
    text: str,
    judge: Judge,
    *,
    answers: AlwaysAnswers | None = None,
    strip_cancel: Callable[[str], str] | None = None,
) -> DialogStep:
    """Judge `text` against the open `dialog` (see the module docstring for the three steps)."""
    verdict = await judge(dialog.open, text)
    if not verdict.continues and not verdict.cancel and answers is not None:
        reason = answers(dialog, text)
        if reason is not None:
            verdict = ContinuityResult(continues=True, confianca=1.0, reason=reason)
    if verdict.cancel and verdict.continues:
        return DialogStep("cancel", text, verdict)
    if verdict.continues:
        return DialogStep("continue", text, verdict)
    if verdict.cancel and strip_cancel is not None:
        text = strip_cancel(text) or text
    return DialogStep("new", text, verdict)


__all__ = ["AlwaysAnswers", "Dialog", "DialogAction", "DialogStep", "Judge", "answer_dialog"]
