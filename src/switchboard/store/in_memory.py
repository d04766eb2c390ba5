"""A process-local store: the fastest option, for tests, benchmarks and throwaway demos.

It keeps exactly what the SQL store keeps, as plain objects; nothing survives the process.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Sequence
from typing import Any

from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.messages import Message
from switchboard.core.state import RoutingState
from switchboard.store.base import (
    FeedbackRecord,
    SessionRecord,
    StoredMessage,
    SummaryRecord,
    title_from,
)


class InMemoryStore:
    def __init__(self, clock: Clock = SYSTEM_CLOCK) -> None:
        self._clock = clock
        self._sessions: dict[str, SessionRecord] = {}
        self._messages: dict[str, list[StoredMessage]] = {}
        self._by_id: dict[str, StoredMessage] = {}
        self._facts: dict[str, dict[str, Any]] = {}
        self._summaries: dict[str, list[SummaryRecord]] = {}
        self._feedback: dict[tuple[str, str], FeedbackRecord] = {}

    async def init(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def get_session(self, session_id: str) -> SessionRecord | None:
        record = self._sessions.get(session_id)
        return record.model_copy(update={"state": record.state.clone()}) if record else None

    async def create_session(self, session_id: str, user_id: str, app: str = "") -> SessionRecord:
        record = self._sessions.get(session_id)
        if record is None:
            now = self._clock.now()
            record = SessionRecord(id=session_id, user_id=user_id, app=app, created_at=now,
                                   updated_at=now)
            self._sessions[session_id] = record
        return await self.get_session(session_id)  # type: ignore[return-value]

    async def save_state(self, session_id: str, state: RoutingState) -> None:
        record = self._require(session_id)
        record.state = state.clone()
        record.updated_at = self._clock.now()

    async def list_sessions(self, user_id: str) -> list[SessionRecord]:
        mine = [s for s in self._sessions.values() if s.user_id == user_id]
        mine.sort(key=lambda s: (s.created_at, s.id))  # ties as in SQL: oldest first
        return sorted(mine, key=lambda s: s.updated_at, reverse=True)

    async def delete_session(self, session_id: str) -> bool:
        existed = self._sessions.pop(session_id, None) is not None
        for message in self._messages.pop(session_id, []):
            self._by_id.pop(message.id, None)
        self._facts.pop(session_id, None)
        self._summaries.pop(session_id, None)
        self._feedback = {k: v for k, v in self._feedback.items() if v.session_id != session_id}
        return existed

    async def append_messages(self, session_id: str,
                              messages: Sequence[Message]) -> list[StoredMessage]:
        record = self._require(session_id)
        log = self._messages.setdefault(session_id, [])
        now = self._clock.now()
        stored = []
        for message in messages:
            record.message_count += 1
            # plain validation beats model_construct() in pydantic 2.x; urandom beats uuid4
            item = StoredMessage(**message.__dict__, id=os.urandom(16).hex(),
                                 session_id=session_id, seq=record.message_count, created_at=now)
            log.append(item)
            self._by_id[item.id] = item
            stored.append(item)
        record.updated_at = now
        if not record.title:
            record.title = title_from(messages)
        return stored

    async def save_turn(self, session_id: str, messages: Sequence[Message],
                        state: RoutingState) -> list[StoredMessage]:
        stored = await self.append_messages(session_id, messages)
        await self.save_state(session_id, state)
        return stored

    async def load_messages(self, session_id: str, limit: int | None = None) -> list[StoredMessage]:
        log = self._messages.get(session_id, [])
        return list(log[-limit:] if limit else log)

    async def get_message(self, message_id: str) -> StoredMessage | None:
        return self._by_id.get(message_id)

    async def clear_messages(self, session_id: str) -> int:
        removed = self._messages.pop(session_id, [])
        for message in removed:
            self._by_id.pop(message.id, None)
        self._summaries.pop(session_id, None)
        return len(removed)

    async def set_fact(self, session_id: str, key: str, value: Any) -> None:
        self._require(session_id)
        self._facts.setdefault(session_id, {})[key] = copy.deepcopy(value)

    async def get_fact(self, session_id: str, key: str) -> Any | None:
        return copy.deepcopy(self._facts.get(session_id, {}).get(key))

    async def get_facts(self, session_id: str) -> dict[str, Any]:
        return copy.deepcopy(self._facts.get(session_id, {}))

    async def delete_fact(self, session_id: str, key: str) -> bool:
        facts = self._facts.get(session_id, {})
        if key not in facts:
            return False
        del facts[key]
        return True

    async def add_summary(self, session_id: str, text: str, upto_seq: int) -> SummaryRecord:
        self._require(session_id)
        record = SummaryRecord(session_id=session_id, text=text, upto_seq=upto_seq,
                               created_at=self._clock.now())
        self._summaries.setdefault(session_id, []).append(record)
        return record

    async def latest_summary(self, session_id: str) -> SummaryRecord | None:
        items = self._summaries.get(session_id)
        return items[-1] if items else None

    async def all_summaries(self, session_id: str) -> list[SummaryRecord]:
        return list(self._summaries.get(session_id, []))

    async def save_feedback(self, feedback: FeedbackRecord) -> None:
        self._require(feedback.session_id)
        self._feedback[(feedback.message_id, feedback.user_id)] = feedback

    async def list_feedback(self, session_id: str) -> list[FeedbackRecord]:
        return [f for f in self._feedback.values() if f.session_id == session_id]

    def _require(self, session_id: str) -> SessionRecord:
        record = self._sessions.get(session_id)
        if record is None:
            from switchboard.core.errors import SessionNotFoundError

            raise SessionNotFoundError(f"session {session_id!r} does not exist")
        return record

