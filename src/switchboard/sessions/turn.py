"""The one turn pipeline every pattern runs in.

    lock the session → load the turn (`begin_turn`, one unit of work) → the pattern's `route` →
    save the turn (`save_turn`, one unit of work) → release the session → `usage` / `done`
    events (an `error` event, when the turn failed, comes before the release)

A pattern (delegation, switching, guardrails, workflows, triage, …) fills in only `route`: it reads
and changes `turn.state`, appends the messages to persist to `turn.new_messages`, and yields the
events of its work. Everything else — locking, ownership, loading, persisting what was completed
even when the run fails or the client goes away, usage and done events, typed errors — happens
here, once. Patterns compose by wrapping one another's `route` (a guard in front of delegation, a
router in front of workflows) on the same `Turn`.

`Turn` is a slots dataclass, not a pydantic model: it lives for one message and is touched a few
dozen times on the hot path. With `stream=False` (whole answers) nothing builds event objects;
patterns check `turn.stream` before building one.

Tracing: with tracing on, a turn is a `switchboard.turn` span (the agents' runs nest under it),
failed with the error's code when the turn ends in a typed error. With tracing off `run` reads one
flag and returns the untraced generator: no helper call, no wrapper (this is the hot path).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, aclosing
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import ValidationError

from switchboard.config import Settings
from switchboard.core.clock import Clock
from switchboard.core.errors import SwitchboardError
from switchboard.core.events import DoneEvent, ErrorEvent, Event, TextEvent, UiEvent, UsageEvent
from switchboard.core.messages import Message, UsageTally
from switchboard.core.reply import Reply
from switchboard.core.state import RoutingState
from switchboard.memory.session_memory import render_memory
from switchboard.sessions.access import open_turn
from switchboard.sessions.input import check_user_message
from switchboard.sessions.locks import Admission
from switchboard.sessions.retries import KeptAnswer, kept_answer, stamp
from switchboard.store.base import Store, StoredMessage, SummaryRecord
from switchboard.telemetry import spans as tracing

log = logging.getLogger(__name__)

_NOT_LOADED = RoutingState()
"""The state of a turn that `TurnPipeline.start` made, until `run` puts the session's own state
in its place before the pattern sees the turn. One shared object, never changed: building a
state per turn only for `run` to replace it was a pydantic validation per turn on the hot path."""


@dataclass(slots=True, eq=False)
class Turn:
    """One user message on its way through a pattern, and what the turn produced so far."""

    session_id: str
    user_id: str
    app: str
    text: str
    """The user's message, already checked (not empty, not too long)."""
    stream: bool
    """Whether anyone consumes events; False for whole answers (`reply`)."""
    clock: Clock
    speaker: str
    """The agent that answers; patterns update it as control moves."""
    state: RoutingState = field(default_factory=RoutingState)
    """The session's routing state, this turn's own copy; saved with the turn."""
    history: list[StoredMessage] = field(default_factory=list)
    """The session's recent messages, oldest first (`Settings.history_limit`)."""
    facts: dict[str, Any] = field(default_factory=dict)
    summary: SummaryRecord | None = None
    memory_block: str = ""
    """Facts and the latest summary rendered for prompts ("" when there are none)."""
    new_messages: list[Message] = field(default_factory=list)
    """What this turn adds to the session, in order; persisted even if the turn fails."""
    visible: list[str] = field(default_factory=list)
    """The answer's text as the user saw it, in pieces."""
    usage: UsageTally = field(default_factory=UsageTally)
    error: SwitchboardError | None = None
    answer_id: str | None = None
    """Id of the stored answer (for feedback), known once the turn is saved. A pattern that
    answers with an answer stored earlier (a replayed receipt) sets it to that answer's id."""
    idempotency_key: str | None = None
    """The client's `Idempotency-Key` for this request (HTTP header), None without one. The
    same key on a retried request means "this is the same message again": patterns with side
    effects (the finance Lançador's ledger writes) use it so a retry never acts twice. Scoped to
    the user by whoever uses it; opaque here. The pipeline itself replays the stored answer
    of a keyed request it has already answered (`sessions.retries`)."""
    admission: Admission | None = None
    """The request's admission (its rate-limit token) when the caller left it to the turn:
    settled when the turn locks its session (`sessions/locks.py`), before anything is read."""
    span: tracing.SpanScope = tracing.NOOP
    """The turn's span (tracing on): what a pattern gives its agent runs and missions as their
    `parent`. Patterns are async generators, so they never rely on the current context."""

    @property
    def answer(self) -> str:
        return "".join(self.visible)

    def say(self, text: str, *, agent: str | None = None) -> Message:
        """Record a whole answer a pattern produced without a model run (a guard's refusal, a
        workflow's question, a template): visible to the user and persisted with the turn. The
        caller yields the `TextEvent` when it streams."""
        speaker = agent or self.speaker
        self.speaker = speaker
        self.visible.append(text)
        message = Message.assistant(text, agent=speaker)
        self.new_messages.append(message)
        return message

    def reply(self) -> Reply:
        return Reply(
            text=self.answer,
            agent=self.speaker,
            session_id=self.session_id,
            message_id=self.answer_id,
            usage=self.usage.to_usage(),
        )


class Pattern(Protocol):
    """How a conversation is routed: one method that takes a loaded turn and yields its events."""

    def route(self, turn: Turn) -> AsyncIterator[Event]:
        """Route `turn.text`: change `turn.state`, append to `turn.new_messages` and
        `turn.visible`, update `turn.speaker` and `turn.usage`; raise typed errors."""
        ...


class Locks(Protocol):
    """Per-session mutual exclusion: in-process (`SessionLocks`) or through Redis."""

    def hold(
        self, session_id: str, admission: Admission | None = None
    ) -> AbstractAsyncContextManager[None]:
        """The session alone; `admission` is settled first (see `Admission`)."""
        ...


@dataclass(slots=True, eq=False)
class TurnPipeline:
    """Runs turns of one app through its pattern. Stateless between turns: everything a turn
    needs is in the store."""

    pattern: Pattern
    store: Store
    locks: Locks
    settings: Settings
    clock: Clock
    app: str
    entry_agent: str
    """Who speaks when a pattern has not said otherwise."""
    ready: Callable[[], Awaitable[None]]
    """Called before every turn (cheap once ready): store schema, model configuration."""

    def start(
        self,
        session_id: str,
        message: object,
        user_id: str,
        *,
        stream: bool,
        idempotency_key: str | None = None,
        admission: Admission | None = None,
    ) -> Turn:
        """A new turn for `message`; input errors raise here, before anything runs."""
        text = check_user_message(message, self.settings.max_message_chars)
        turn = Turn(
            session_id, user_id, self.app, text, stream, self.clock, self.entry_agent, _NOT_LOADED
        )
        turn.idempotency_key = idempotency_key
        turn.admission = admission
        return turn

    def run(self, turn: Turn) -> AsyncIterator[Event]:
        """Run the turn. Streaming turns yield the pattern's events, then `usage` and `done`; a
        typed error mid-turn becomes an `error` event (after what was completed is saved) and,
        for whole answers, `turn.error`."""
        if tracing.enabled:
            # started here, synchronously: its parent is what is current where the turn is run
            # (an instrumented HTTP server's span, a job step), or none — a new trace, sampled
            # or not. An unsampled turn runs untraced, `turn.span` carrying the decision on.
            turn.span = tracing.span_turn(
                turn.session_id, app=self.app, pattern=type(self.pattern).__name__
            )
            if turn.span.recording:
                return self._traced(turn, turn.span)
        return self._run(turn)

    async def _traced(self, turn: Turn, span: tracing.SpanScope) -> AsyncGenerator[Event, None]:
        """`_run` inside the turn's span. The span is never made current here: this generator
        yields, and a server may read its first event in one task and the rest in another, so a
        context attached across a yield would be detached in the wrong one. The pattern gets it
        as `turn.span` instead."""
        with span.lifetime():
            async with aclosing(self._run(turn)) as events:
                async for event in events:
                    yield event
            if turn.error is not None:
                span.fail(turn.error.code)

    async def _run(self, turn: Turn) -> AsyncGenerator[Event, None]:
        await self.ready()
        kept: KeptAnswer | None = None
        async with self.locks.hold(turn.session_id, turn.admission):
            start = await open_turn(
                self.store,
                turn.session_id,
                turn.user_id,
                app=self.app,
                history_limit=self.settings.history_limit,
            )
            turn.state = RoutingState.blank() if start.state.ended else start.state
            turn.history, turn.facts, turn.summary = start.history, start.facts, start.summary
            turn.memory_block = render_memory(start.facts, start.summary)
            if turn.idempotency_key is not None:
                kept = kept_answer(start.history, turn.idempotency_key, turn.text)
            if kept is None:
                persisted = False
                try:
                    async for event in self.pattern.route(turn):
                        yield event
                    stored = await self._persist(turn)
                    persisted = True
                except SwitchboardError as exc:
                    log.warning(
                        "turn failed: %s",
                        exc.message,
                        extra={"session_id": turn.session_id, "code": exc.code},
                    )
                    turn.error = exc
                    stored = await self._persist(turn)
                    persisted = True
                    if turn.stream:
                        yield ErrorEvent(code=exc.code, message=exc.message)
                finally:
                    if not persisted:  # cancelled or crashed: keep what was completed
                        await asyncio.shield(self._persist(turn))
                turn.answer_id = _answer_id(stored) or turn.answer_id
        # The session is released before `usage` and `done`: the turn is saved (or, replayed,
        # has nothing to save), so the client's next message never waits for this release, and
        # the last events leave with the end of the stream in one write (issue 22.4).
        if kept is not None:
            for event in _replayed(turn, kept):
                yield event
            return
        if turn.stream:
            usage = turn.usage
            yield UsageEvent(
                input_tokens=usage.input_tokens,
                output_tokens=usage.output_tokens,
                calls=usage.calls,
            )
            yield DoneEvent(
                text=turn.answer,
                session_id=turn.session_id,
                agent=turn.speaker,
                message_id=turn.answer_id,
            )

    async def reply(
        self,
        session_id: str,
        message: object,
        user_id: str,
        *,
        idempotency_key: str | None = None,
    ) -> Reply:
        """Run a turn for its whole answer. A typed error is raised after whatever the turn
        completed has been stored, unless the turn still produced an answer."""
        turn = self.start(
            session_id, message, user_id, stream=False, idempotency_key=idempotency_key
        )
        async for _ in self.run(turn):  # drives the turn; it builds no events when not streaming
            pass
        if turn.error is not None and not turn.visible:
            raise turn.error
        return turn.reply()

    def stream(
        self,
        session_id: str,
        message: object,
        user_id: str,
        *,
        idempotency_key: str | None = None,
        admission: Admission | None = None,
    ) -> AsyncIterator[Event]:
        """Run a turn as its event stream. Input errors raise at once, before any event."""
        turn = self.start(
            session_id,
            message,
            user_id,
            stream=True,
            idempotency_key=idempotency_key,
            admission=admission,
        )
        return self.run(turn)

    async def _persist(self, turn: Turn) -> list[StoredMessage]:
        if turn.idempotency_key is not None:
            stamp(turn.new_messages, turn.idempotency_key, turn.text)
        return await self.store.save_turn(turn.session_id, turn.new_messages, turn.state)


def _replayed(turn: Turn, kept: KeptAnswer) -> list[Event]:
    """`turn` answered with `kept` (a retry of a request already answered); nothing is stored.
    The events a stream gets: the text, the kept components, zero usage, `done`."""
    turn.speaker = kept.agent or turn.speaker
    turn.visible.append(kept.text)
    turn.answer_id = kept.message_id
    log.info("retried request answered again from its stored answer",
             extra={"session_id": turn.session_id})  # fmt: skip
    if not turn.stream:
        return []
    events: list[Event] = [TextEvent(delta=kept.text, agent=turn.speaker)]
    for component in kept.components:
        with contextlib.suppress(ValidationError):  # a malformed kept entry is not shown again
            events.append(UiEvent.model_validate(component))
    events.append(UsageEvent(input_tokens=0, output_tokens=0, calls=0))
    events.append(
        DoneEvent(
            text=turn.answer,
            session_id=turn.session_id,
            agent=turn.speaker,
            message_id=turn.answer_id,
        )
    )
    return events


def _answer_id(stored: list[StoredMessage]) -> str | None:
    for message in reversed(stored):
        if message.role == "assistant" and message.content:
            return message.id
    return None


__all__ = ["Locks", "Pattern", "Turn", "TurnPipeline"]
