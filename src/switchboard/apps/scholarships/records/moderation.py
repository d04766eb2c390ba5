"""The moderation log: every message a guardrail blocked, for human review.

App-agnostic platform data (any app's guard writes here). An entry keeps the message as
blocked — reviewers need the text to judge the verdict — so redacting personal data first is
the caller's choice (`memory/pii`); messages are capped at `MAX_MESSAGE` characters
(NUL characters dropped: PostgreSQL cannot store them). The log
keeps entries after their conversation is deleted: it is an audit trail.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from switchboard import Clock, Repository, SqlContext
from switchboard.apps.scholarships.records.errors import InvalidRecordError
from switchboard.apps.scholarships.records.text import storable

MAX_MESSAGE = 4000
CATEGORY = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
"""Categories are snake_case identifiers ("self_harm", "prompt_injection", "fraud", ...)."""


class ModerationEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int
    """Increasing in insertion order."""
    user_id: str
    session_id: str
    category: str
    message: str
    created_at: datetime


class Moderation(Protocol):
    async def record(
        self, user_id: str, session_id: str, category: str, message: str
    ) -> ModerationEntry:
        """Log one blocked message (`category` snake_case; the message is capped)."""
        ...

    async def recent(
        self, limit: int = 50, *, category: str | None = None, since: datetime | None = None
    ) -> list[ModerationEntry]:
        """Newest first; optionally one category, or only entries at or after `since`."""
        ...

    async def count_by_category(self, since: datetime | None = None) -> dict[str, int]:
        """How many entries per category (only categories that have any), sorted by name."""
        ...


def check(user_id: str, session_id: str, category: str, message: str) -> str:
    """Validate an entry's fields; returns the message as stored (capped)."""
    check_ids(user_id, session_id)
    if not CATEGORY.match(category):
        raise InvalidRecordError(f"bad moderation category {category!r}", category=category)
    return storable(message)[:MAX_MESSAGE]


def check_ids(user_id: str, session_id: str) -> None:
    """Ids come from authentication and the session, but are checked anyway: non-empty, no NUL."""
    for value in (user_id, session_id):
        if not isinstance(value, str) or not value or "\x00" in value:
            raise InvalidRecordError("a record needs a user id and a session id (text, no NUL)")


def check_limit(limit: int) -> None:
    if not 1 <= limit <= 1000:
        raise InvalidRecordError("limit must be between 1 and 1000", limit=limit)


class InMemoryModeration:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._entries: list[ModerationEntry] = []

    async def record(
        self, user_id: str, session_id: str, category: str, message: str
    ) -> ModerationEntry:
        text = check(user_id, session_id, category, message)
        entry = ModerationEntry(
            id=len(self._entries) + 1,
            user_id=user_id,
            session_id=session_id,
            category=category,
            message=text,
            created_at=self._clock.now(),
        )
        self._entries.append(entry)
        return entry

    async def recent(
        self, limit: int = 50, *, category: str | None = None, since: datetime | None = None
    ) -> list[ModerationEntry]:
        check_limit(limit)
        found = [
            e
            for e in reversed(self._entries)
            if (category is None or e.category == category)
            and (since is None or e.created_at >= since)
        ]
        return found[:limit]

    async def count_by_category(self, since: datetime | None = None) -> dict[str, int]:
        counts = Counter(
            e.category for e in self._entries if since is None or e.created_at >= since
        )
        return dict(sorted(counts.items()))


def _sql(context: SqlContext) -> Moderation:
    from switchboard.apps.scholarships.records.moderation_sql import SqlModeration

    return SqlModeration(context)


MODERATION: Repository[Moderation] = Repository("moderation", memory=InMemoryModeration, sql=_sql)

__all__ = ["MAX_MESSAGE", "MODERATION", "InMemoryModeration", "Moderation", "ModerationEntry"]
