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
    """A stored session: owner, app, title, routing state and message count."""

    id: str
    user_id: str
    app: str = ""
    title: str = ""
    state: RoutingState = Field(default_factory=RoutingState.blank)
    message_count: int = 0
    created_at: datetime
    updated_at: datetime


@dataclass(slots=True, kw_only=True)
class StoredMessage(Message):
    """A `Message` as stored: with its id, session, gap-free position and time."""

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
    """A summary of a session's history up to a message: long sessions are summarised rather
    than resent whole."""

    session_id: str
    text: str
    upto_seq: int
    """Last message seq the summary covers."""
    created_at: datetime


class FeedbackRecord(BaseModel):
    """A user's thumbs up or down (and comment) on one answer."""

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


class SessionStore(Protocol):
    """Sessions and their routing state, read and written a whole turn at a time."""

    async def get_session(self, session_id: str) -> SessionRecord | None:
        """The session, or None. No owner check: that is the caller's (`sessions.access`)."""
        ...

    async def create_session(self, session_id: str, user_id: str, app: str = "") -> SessionRecord:
        """Create the session, or return the existing one unchanged (owner check is the
        caller's)."""
        ...

    async def save_state(self, session_id: str, state: RoutingState) -> None:
        """Replace the session's routing state (`SessionNotFoundError` if there is no session)."""
        ...

    async def begin_turn(
        self, session_id: str, user_id: str, app: str = "", *, history_limit: int | None = None
    ) -> TurnStart:
        """The session (created for `user_id` on first use), its last `history_limit` messages,
        facts and latest summary, as one unit of work. The owner check is the caller's
        (`TurnStart.user_id`)."""
        ...

    async def save_turn(
        self, session_id: str, messages: Sequence[Message], state: RoutingState
    ) -> list[StoredMessage]:
        """Append messages and save the routing state in one transaction. The turn is over:
        `state` is handed to the store, which may keep the object itself."""
        ...

    async def list_sessions(self, user_id: str) -> list[SessionRecord]:
        """The user's sessions, most recently updated first."""
        ...

    async def recent_sessions(
        self, *, app: str | None = None, since: datetime | None = None, limit: int = 200
    ) -> list[SessionRecord]:
        """Every user's sessions (of `app`; updated at or after `since`), most recently updated
        first, at most `limit`. An operator's query (batch judging, audits): user-facing routes
        list with `list_sessions`, scoped to the authenticated user."""
        ...

    async def delete_session(self, session_id: str) -> bool:
        """Remove the session and everything it owns. True if it existed."""
        ...


class MessageStore(Protocol):
    """A session's messages, in order."""

    async def append_messages(
        self, session_id: str, messages: Sequence[Message]
    ) -> list[StoredMessage]:
        """Append in order with gap-free seqs; safe against concurrent appenders."""
        ...

    async def load_messages(self, session_id: str, limit: int | None = None) -> list[StoredMessage]:
        """Messages in seq order; with `limit`, the last `limit` of them."""
        ...

    async def get_message(self, message_id: str) -> StoredMessage | None:
        """A message by id, from any session (the caller checks who may see it)."""
        ...

    async def clear_messages(self, session_id: str) -> int:
        """Delete the session's messages; how many went."""
        ...


class MemoryStore(Protocol):
    """What a session remembers beyond its messages: facts (key → JSON value) and summaries."""

    async def set_fact(self, session_id: str, key: str, value: Any) -> None: ...

    async def get_fact(self, session_id: str, key: str) -> Any | None: ...

    async def get_facts(self, session_id: str) -> dict[str, Any]: ...

    async def delete_fact(self, session_id: str, key: str) -> bool:
        """True if the fact existed."""
        ...

    async def add_summary(self, session_id: str, text: str, upto_seq: int) -> SummaryRecord: ...

    async def latest_summary(self, session_id: str) -> SummaryRecord | None: ...

    async def all_summaries(self, session_id: str) -> list[SummaryRecord]:
        """Oldest first."""
        ...


class FeedbackStore(Protocol):
    """Ratings of answers (thumbs up/down)."""

    async def save_feedback(self, feedback: FeedbackRecord) -> None:
        """One rating per (message, user): a second call replaces the first."""
        ...

    async def list_feedback(self, session_id: str) -> list[FeedbackRecord]: ...


class Store(SessionStore, MessageStore, MemoryStore, FeedbackStore, Protocol):
    """The store: the four kinds of record every turn touches, plus any number of repositories.

    Sessions, messages, facts/summaries and feedback share one implementation per backend
    (`InMemoryStore`, `SqlStore`) on purpose: a turn reads them in one unit of work
    (`begin_turn`) and writes them in one (`save_turn`), and deleting a session takes all of
    them. Every other kind of record is a `Repository` declared where it is used and reached with
    `store.repository(KIND)`, so adding one never edits the store.
    """

    def repository(self, kind: Repository[R]) -> R:
        """This store's instance of a repository kind (ledger, jobs, …; see `repository.py`)."""
        ...

    async def init(self) -> None:
        """Create or migrate the schema; idempotent."""
        ...

    async def ping(self) -> None:
        """Return once the backend answers; raise its own error when it cannot be reached (a
        readiness probe: `/ready` is 503 while the database is down)."""
        ...

    async def close(self) -> None: ...
