"""Persistence: the `Store` port, an in-memory implementation and the SQL one
(SQLite/PostgreSQL)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach
from switchboard.store.base import FeedbackRecord as FeedbackRecord
from switchboard.store.base import SessionRecord as SessionRecord
from switchboard.store.base import Store as Store
from switchboard.store.base import StoredMessage as StoredMessage
from switchboard.store.base import SummaryRecord as SummaryRecord
from switchboard.store.factory import open_store as open_store
from switchboard.store.in_memory import InMemoryStore as InMemoryStore

if TYPE_CHECKING:
    from switchboard.store.sql.tables import UtcDateTime as UtcDateTime
    from switchboard.store.sql.tables import metadata as metadata
else:
    __getattr__, __dir__, __all__ = attach(__name__)
