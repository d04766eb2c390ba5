"""The store port. Every implementation passes the same behavioural test suite (tests/store)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from switchboard.core.messages import Message
from switchboard.core.state import RoutingState
from switchboard.store.repository import R, Repository


class SessionRecord(BaseModel):
    id: str
    user_id: str
    app: str = ""
    title: str = ""
    state: RoutingState = Field(default_factory=RoutingState)
    message_count: int = 0
    created_at: datetime
    updated_at: datetime


@dataclass(slots=True, kw_only=True)
class StoredMessage(Message):
    id: str
    session_id: str
    seq: int
    """Position in the session, 1-based, gap-free, assigned atomically by the store."""
    created_at: datetime

    @classmethod
    def of(
        cls, message: Message, *, id: str, session_id: str, seq: int, created_at: datetime
    ) -> StoredMessage:
        """`message` as the store keeps it: with its store fields, its containers copied."""
        return cls(
            role=message.role,
            content=message.content,
            tool_calls=list(message.tool_calls),
            tool_call_id=message.tool_call_id,
            name=message.name,
            agent=message.agent,
            metadata=dict(message.metadata),
            id=id,
            session_id=session_id,
            seq=seq,
            created_at=created_at,
        )


class SummaryRecord(BaseModel):
    session_id: str
    text: str
    upto_seq: int
    """Last message seq the summary covers."""
    created_at: datetime


class FeedbackRecord(BaseModel):
    message_id: str
    session_id: str
    user_id: str
    rating: Literal["up", "down"]
    comment: str = ""
    created_at: datetime


@dataclass(frozen=True, slots=True)
class TurnStart:
    """Everything a turn reads before it runs, loaded by the store as one unit of work (one
    transaction on SQL, one lookup in memory) instead of one call per item."""

    user_id: str
    """The session's owner; checking it against the authenticated user is the caller's job."""
    state: RoutingState
    """The caller's own copy, free to change; it goes back with `save_turn`."""
    message_count: int
    history: list[StoredMessage]
    """The last `history_limit` messages, oldest first."""
    facts: dict[str, Any]
    summary: SummaryRecord | None
    """The latest summary."""


def title_from(messages: Sequence[Message]) -> str:
    """A session's title: the start of its first user message."""
    for message in messages:
        if message.role == "user" and message.content.strip():
            text = " ".join(message.content.split())
            return text[:60] + ("…" if len(text) > 60 else "")
    return ""


class Store(Protocol):
    def repository(self, kind: Repository[R]) -> R:
        """This store's instance of a repository kind (ledger, jobs, …; see `repository.py`)."""
        ...

    async def init(self) -> None:
        """Create or migrate the schema; idempotent."""
        ...

    async def close(self) -> None: ...

    # sessions -------------------------------------------------------------
    async def get_session(self, session_id: str) -> SessionRecord | None: ...

    async def create_session(self, session_id: str, user_id: str, app: str = "") -> SessionRecord:
        """Create the session, or return the existing one unchanged (owner check is the caller's)."""
        ...

    async def save_state(self, session_id: str, state: RoutingState) -> None: ...

    async def begin_turn(
        self, session_id: str, user_id: str, app: str = "", *, history_limit: int | None = None
    ) -> TurnStart:
        """The session (created for `user_id` on first use), its last `history_limit` messages,
        facts and latest summary. The owner check is the caller's (`TurnStart.user_id`)."""
        ...

    async def list_sessions(self, user_id: str) -> list[SessionRecord]: ...

    async def delete_session(self, session_id: str) -> bool:
        """Remove the session and everything it owns. True if it existed."""
        ...

    # messages -------------------------------------------------------------
    async def append_messages(
        self, session_id: str, messages: Sequence[Message]
    ) -> list[StoredMessage]:
        """Append in order with gap-free seqs; safe against concurrent appenders."""
        ...

    async def save_turn(
        self, session_id: str, messages: Sequence[Message], state: RoutingState
    ) -> list[StoredMessage]:
        """Append messages and save the routing state in one transaction. The turn is over:
        `state` is handed to the store, which may keep the object itself."""
        ...

    async def load_messages(self, session_id: str, limit: int | None = None) -> list[StoredMessage]:
        """Messages in seq order; with `limit`, the last `limit` of them."""
        ...

    async def get_message(self, message_id: str) -> StoredMessage | None: ...

    async def clear_messages(self, session_id: str) -> int: ...

    # facts ----------------------------------------------------------------
    async def set_fact(self, session_id: str, key: str, value: Any) -> None: ...

    async def get_fact(self, session_id: str, key: str) -> Any | None: ...

    async def get_facts(self, session_id: str) -> dict[str, Any]: ...

    async def delete_fact(self, session_id: str, key: str) -> bool: ...

    # summaries ------------------------------------------------------------
    async def add_summary(self, session_id: str, text: str, upto_seq: int) -> SummaryRecord: ...

    async def latest_summary(self, session_id: str) -> SummaryRecord | None: ...

    async def all_summaries(self, session_id: str) -> list[SummaryRecord]: ...

    # feedback -------------------------------------------------------------
    async def save_feedback(self, feedback: FeedbackRecord) -> None:
        """One rating per (message, user): a second call replaces the first."""
        ...

    async def list_feedback(self, session_id: str) -> list[FeedbackRecord]: ...
