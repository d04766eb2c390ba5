"""Persistence: the `Store` port, an in-memory implementation and the SQL one
(SQLite/PostgreSQL)."""

from switchboard.store.base import (
    FeedbackRecord,
    SessionRecord,
    Store,
    StoredMessage,
    SummaryRecord,
)
from switchboard.store.factory import open_store
from switchboard.store.in_memory import InMemoryStore

__all__ = [
    "FeedbackRecord",
    "InMemoryStore",
    "SessionRecord",
    "Store",
    "StoredMessage",
    "SummaryRecord",
    "open_store",
]
