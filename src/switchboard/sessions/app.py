"""`ChatApp`: the one protocol the serving layers use — the HTTP server, the OpenAI-compatible API,
the web chat, the CLI and the MCP server depend on it, never on one app's classes.

An app is whatever answers messages of a session for a user as a stream of events and knows its
agents: `PatternApp` (a pattern over a team of agents) implements it for every reference app.
Apps are found by name through the `switchboard.apps` entry-point group (`switchboard.apps`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from switchboard.core.events import Event
from switchboard.core.reply import Reply
from switchboard.models.source import ModelSource
from switchboard.sessions.locks import Admission
from switchboard.store.base import FeedbackRecord, SessionRecord, Store


class AgentCard(BaseModel):
    """An agent as clients see it (`GET /apps`, `/v1/models`, the agent picker)."""

    model_config = ConfigDict(frozen=True)

    name: str
    role: str
    """Human name in pt-BR ("Especialista Técnico")."""
    description: str
    entry: bool
    """True for the agent that answers first."""
    selectable: bool = True
    """False for an agent that only works inside another agent's task (a finance mission's
    coordinators and executors): listed so that clients can show its name when it appears in
    a stream, but never a switching target (`has_agent` is False for it, so the agent picker,
    `POST /sessions/{id}/agent` and `model="app/agent"` refuse it)."""


class ChatApp(Protocol):
    """A chat assistant served by Switchboard. Every method that takes a session checks that it
    belongs to `user_id` (someone else's session is "not found")."""

    @property
    def name(self) -> str:
        """Registry name (`support`, `finance`, …): the `model` of the OpenAI-compatible API."""
        ...

    @property
    def title(self) -> str:
        """Human name in pt-BR, for pickers."""
        ...

    @property
    def store(self) -> Store: ...

    @property
    def models(self) -> ModelSource:
        """Where agents get their models; servers wrap it for metrics and tracing."""
        ...

    @property
    def entry_agent(self) -> str: ...

    def agents(self) -> Sequence[AgentCard]: ...

    def has_agent(self, name: str) -> bool: ...

    def stream(
        self,
        session_id: str,
        message: str,
        *,
        user_id: str,
        idempotency_key: str | None = None,
        admission: Admission | None = None,
    ) -> AsyncIterator[Event]:
        """Answer one message as an event stream (ends with `usage` and `done`). Input errors
        raise at once, before any event; later errors arrive as `error` events.

        `idempotency_key` is the client's key for this request (the `Idempotency-Key` header):
        a retry carrying the same key is the same message again, and an app with side effects
        must not repeat them (see `Turn.idempotency_key`). `admission`, when given, is settled
        when the turn locks its session, before it reads or waits for anything (see
        `sessions.locks.Admission`); an app must settle it before its turn does any work."""
        ...

    async def reply(
        self,
        session_id: str,
        message: str,
        *,
        user_id: str,
        idempotency_key: str | None = None,
    ) -> Reply:
        """Answer one message whole (`idempotency_key` as in `stream`)."""
        ...

    async def get_or_create_session(self, session_id: str, *, user_id: str) -> SessionRecord: ...

    async def end_session(self, session_id: str, *, user_id: str) -> bool:
        """Close the session's live routing (history stays). True if it was open."""
        ...

    async def clear_session_history(self, session_id: str, *, user_id: str) -> int:
        """Delete the session's messages and routing state; how many messages went."""
        ...

    async def switch_agent(self, session_id: str, agent: str, *, user_id: str) -> str:
        """The user picks who answers from now on (spec 003); returns that agent. The session is
        created if new."""
        ...

    def active_agent(self, record: SessionRecord) -> str:
        """Who answers the session's next message."""
        ...

    async def on_feedback(self, feedback: FeedbackRecord) -> None:
        """A user rated one of this app's answers (already stored); learning loops hook here."""
        ...

    async def start(self) -> None:
        """Get ready to answer at once (schema, models trained, caches warm); idempotent."""
        ...

    async def shutdown(self) -> None: ...


__all__ = ["AgentCard", "ChatApp"]
