"""One message's working values and the finance pattern's plumbing, shared by its parts.

`Run` is what one message works on (the turn, the finance part of the state, today, the agent
span); `user` records which agent takes the message, `say` answers (and streams), `open_dialog`
leaves a clarifying question open (patterns/triage dialog mode), `finish` saves the part. The
pattern (`pattern.py`), the Lançador (`recording.py`), the Simplista (`querying.py`) and the
mission hand-off (`handoff.py`) all speak through these.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from switchboard import AgentEvent, Event, Message, TextEvent, Turn, UiEvent
from switchboard.apps.finance.memory import summarize_overflow
from switchboard.apps.finance.state import (
    DialogAgent,
    FinanceState,
)
from switchboard.apps.finance.state import OpenDialog as DialogPart
from switchboard.core import keep_ui
from switchboard.telemetry import spans as tracing

JUNIOR: Final = "junior"
LANCADOR: Final = "lancador"
SIMPLISTA: Final = "simplista"
ORQUESTRADOR: Final = "orquestrador"
AGENTS = (JUNIOR, LANCADOR, SIMPLISTA, ORQUESTRADOR)
META_FINANCE = "finance"
"""Message metadata key: the triage decision, the entry classes, the orchestrator package."""


@dataclass(slots=True)
class Run:
    """One message's working values (never shared between turns)."""

    turn: Turn
    fs: FinanceState
    today: date
    profile: dict[str, str]
    agent_span: tracing.SpanScope = tracing.NOOP
    """Tracing on: the `invoke_agent` span of the agent working now (`user` starts one per
    agent that takes the message), a child of `turn.span`; ended by the next or by `route`."""


def open_dialog(
    run: Run,
    agent: DialogAgent,
    question: str,
    asked: tuple[str, ...],
    draft: dict[str, Any] | None,
) -> None:
    dialog = DialogPart(
        agent=agent,
        question=question,
        asked_at=run.turn.clock.now(),
        asked_fields=asked,
        draft=draft,
    )
    run.fs = run.fs.model_copy(update={"dialog": dialog})


def user(run: Run, agent: str, meta: dict[str, Any]) -> None:
    if tracing.enabled:  # this agent takes the message: its span starts (or, unsampled,
        # the scope that carries the decision on to the mission's bus messages)
        run.agent_span.end()
        run.agent_span = tracing.span_agent(agent, parent=run.turn.span)
    message = Message.user(run.turn.text, agent=agent)
    if meta:
        message.metadata[META_FINANCE] = meta
    run.turn.new_messages.append(message)


async def say(
    run: Run,
    text: str,
    agent: str,
    meta: dict[str, Any] | None = None,
    ui: UiEvent | None = None,
) -> AsyncIterator[Event]:
    """Say `text`; an informational `ui` component after it is kept on the answer too. A
    second answer in the same turn (record and ask) starts a new paragraph."""
    previous = run.turn.speaker
    gap = "\n\n" if run.turn.visible else ""
    if gap:
        run.turn.visible.append(gap)
    message = run.turn.say(text, agent=agent)
    if meta:
        message.metadata[META_FINANCE] = meta
    if ui is not None:
        keep_ui(message.metadata, ui)
    if run.turn.stream:
        if agent != previous:
            yield AgentEvent(agent=agent, reason="delegation", previous=previous)
        yield TextEvent(delta=gap + text, agent=agent)
        if ui is not None:
            yield ui


def finish(run: Run, *, write: bool) -> None:
    """Save the part; fold old messages into the episodic summary when the policy writes."""
    fs = run.fs
    if write:
        summary, upto = summarize_overflow(fs, run.turn.history)
        fs = fs.model_copy(update={"summary": summary, "summarized": upto})
    run.turn.state.put(fs)


__all__ = [
    "AGENTS",
    "JUNIOR",
    "LANCADOR",
    "META_FINANCE",
    "ORQUESTRADOR",
    "SIMPLISTA",
    "Run",
    "finish",
    "open_dialog",
    "say",
    "user",
]
