"""A process-local store: the fastest option, for tests, benchmarks and throwaway demos.

It keeps exactly what the SQL store keeps; nothing survives the process.

Hot and idle sessions are kept in two forms. Why: a session's parsed objects (a `SessionRecord`
plus one `StoredMessage` per message) cost about 8.5 KB for a 3-turn session (22.5 KB when messages
were pydantic models), against about 0.9 KB compacted. The most recently used `hot_sessions`
sessions stay as parsed objects, so the hot path (a conversation in progress) pays nothing for
compaction. A session that falls out of that LRU is compacted: record, message log, facts,
summaries and feedback become one zlib-compressed pickle (see `store/compact.py`), and the objects
are dropped. Any access to it (begin_turn, get_session, load_messages, append_messages/save_turn,
facts, summaries, feedback, get_message) first re-inflates it into the hot LRU. `list_sessions`
only peeks at idle sessions' records, so listing does not churn the LRU. Every session gets a
number at creation, and every message id starts with its session's number (10 hex digits, then 22
random ones): `get_message` finds an idle session's message with one dict lookup, without an entry
per idle message. Behaviour is the same in both forms; the only difference is object identity:
objects returned before a session went idle are no longer the store's own objects.
"""

from __future__ import annotations

import copy
import os
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.messages import Message
from switchboard.core.state import RoutingState
from switchboard.store import compact
from switchboard.store.base import (
    FeedbackRecord,
    SessionRecord,
    StoredMessage,
    SummaryRecord,
    TurnStart,
    title_from,
)
from switchboard.store.repository import R, Repository, RepositoryCache

DEFAULT_HOT_SESSIONS = 2048
_NUMBER_HEX = 2 * compact.NUMBER_BYTES
_RANDOM_BYTES = 16 - compact.NUMBER_BYTES  # ids are 32 hex digits, like the SQL stores' uuids


class _Session:
    """Everything one hot session owns, as parsed objects."""

    __slots__ = ("facts", "feedback", "log", "number", "record", "summaries")

    def __init__(
        self,
        number: int,
        record: SessionRecord,
        log: list[StoredMessage] | None = None,
        facts: dict[str, Any] | None = None,
        summaries: list[SummaryRecord] | None = None,
        feedback: dict[tuple[str, str], FeedbackRecord] | None = None,
    ) -> None:
        self.number = number
        self.record = record
        self.log = log if log is not None else []
        self.facts = facts if facts is not None else {}
        self.summaries = summaries if summaries is not None else []
        self.feedback = feedback if feedback is not None else {}


class InMemoryStore:
    """The `Store` in process memory: tests, demos and `memory://`, with the same behaviour as
    the SQL store."""

    def __init__(
        self, clock: Clock = SYSTEM_CLOCK, *, hot_sessions: int | None = DEFAULT_HOT_SESSIONS
    ) -> None:
        """`hot_sessions`: how many recently used sessions stay as parsed objects (the rest are
        kept compressed); None keeps every session hot."""
        if hot_sessions is not None and hot_sessions < 1:
            raise ValueError("hot_sessions must be at least 1 (or None for no limit)")
        self._clock = clock
        self._max_hot = hot_sessions
        self._hot: OrderedDict[str, _Session] = OrderedDict()  # least recently used first
        self._cold: dict[str, bytes] = {}  # session id -> compact.pack(...)
        self._by_id: dict[str, StoredMessage] = {}  # hot sessions' messages only
        self._users: dict[str, set[str]] = {}  # user id -> session ids, hot and idle
        self._by_number: dict[int, str] = {}  # session number -> session id, hot and idle
        self._next_number = 0
        self._repositories = RepositoryCache(lambda kind: kind.memory(clock))

    def repository(self, kind: Repository[R]) -> R:
        """This store's instance of a repository kind (see `store/repository.py`)."""
        return self._repositories.get(kind)

    async def init(self) -> None:
        return None

    async def ping(self) -> None:
        return None

    async def close(self) -> None:
        return None

    # hot / idle ---------------------------------------------------------------
    def _get(self, session_id: str) -> _Session | None:
        """The session, made hot and most recently used; None if it does not exist."""
        session = self._hot.get(session_id)
        if session is not None:
            self._hot.move_to_end(session_id)
            return session
        blob = self._cold.get(session_id)
        if blob is None:
            return None
        record, log, facts, summaries, feedback = compact.unpack(blob)
        del self._cold[session_id]
        session = _Session(compact.number_of(blob), record, log, facts, summaries, feedback)
        by_id = self._by_id
        for message in log:
            by_id[message.id] = message
        self._admit(session_id, session)
        return session

    def _admit(self, session_id: str, session: _Session) -> None:
        """Make `session` hot and most recently used, compacting the least recently used one
        if the LRU is full."""
        hot = self._hot
        if self._max_hot is not None and len(hot) >= self._max_hot:
            old_id, old = hot.popitem(last=False)
            try:
                blob = compact.pack(
                    old.number, old.record, old.log, old.facts, old.summaries, old.feedback
                )
            except Exception:  # something in it cannot be pickled: it stays hot
                hot[old_id] = old
            else:
                self._cold[old_id] = blob
                by_id = self._by_id
                for message in old.log:
                    by_id.pop(message.id, None)
        hot[session_id] = session

    def _require(self, session_id: str) -> _Session:
        session = self._get(session_id)
        if session is None:
            from switchboard.core.errors import SessionNotFoundError

            raise SessionNotFoundError(f"session {session_id!r} does not exist")
        return session

    def _peek_record(self, session_id: str) -> SessionRecord | None:
        """A session's record without changing the LRU (hot: the live object)."""
        session = self._hot.get(session_id)
        if session is not None:
            return session.record
        blob = self._cold.get(session_id)
        return compact.unpack_record(blob) if blob is not None else None

    # sessions -------------------------------------------------------------------
    async def get_session(self, session_id: str) -> SessionRecord | None:
        session = self._get(session_id)
        if session is None:
            return None
        record = session.record
        return record.model_copy(update={"state": record.state.clone()})

    async def create_session(self, session_id: str, user_id: str, app: str = "") -> SessionRecord:
        if self._get(session_id) is None:
            self._create(session_id, user_id, app)
        return await self.get_session(session_id)  # type: ignore[return-value]  # created just above

    def _create(self, session_id: str, user_id: str, app: str) -> _Session:
        now = self._clock.now()
        record = SessionRecord(
            id=session_id, user_id=user_id, app=app, created_at=now, updated_at=now
        )
        number = self._next_number
        self._next_number += 1
        self._by_number[number] = session_id
        session = _Session(number, record)
        self._admit(session_id, session)
        self._users.setdefault(user_id, set()).add(session_id)
        return session

    async def save_state(self, session_id: str, state: RoutingState) -> None:
        record = self._require(session_id).record
        record.state = state.clone()
        record.updated_at = self._clock.now()

    async def begin_turn(
        self, session_id: str, user_id: str, app: str = "", *, history_limit: int | None = None
    ) -> TurnStart:
        session = self._get(session_id) or self._create(session_id, user_id, app)
        record, log = session.record, session.log
        return TurnStart(
            user_id=record.user_id,
            state=record.state.clone(),
            message_count=record.message_count,
            history=log[-history_limit:] if history_limit else list(log),
            facts=copy.deepcopy(session.facts) if session.facts else {},
            summary=session.summaries[-1] if session.summaries else None,
        )

    async def list_sessions(self, user_id: str) -> list[SessionRecord]:
        mine = [
            record
            for sid in self._users.get(user_id, ())
            if (record := self._peek_record(sid)) is not None
        ]
        mine.sort(key=lambda s: (s.created_at, s.id))  # ties as in SQL: oldest first
        return sorted(mine, key=lambda s: s.updated_at, reverse=True)

    async def recent_sessions(
        self, *, app: str | None = None, since: datetime | None = None, limit: int = 200
    ) -> list[SessionRecord]:
        found = [
            record
            for sid in (*self._hot, *self._cold)
            if (record := self._peek_record(sid)) is not None
            and (app is None or record.app == app)
            and (since is None or record.updated_at >= since)
        ]
        found.sort(key=lambda s: (s.created_at, s.id))  # ties as in SQL: oldest first
        found.sort(key=lambda s: s.updated_at, reverse=True)
        return found[: max(limit, 0)]

    async def delete_session(self, session_id: str) -> bool:
        session = self._hot.pop(session_id, None)
        if session is not None:
            record, number = session.record, session.number
            for message in session.log:
                self._by_id.pop(message.id, None)
        else:
            blob = self._cold.pop(session_id, None)
            if blob is None:
                return False
            record, number = compact.unpack_record(blob), compact.number_of(blob)
        self._by_number.pop(number, None)
        mine = self._users.get(record.user_id)
        if mine is not None:
            mine.discard(session_id)
            if not mine:
                del self._users[record.user_id]
        return True

    # messages -------------------------------------------------------------------
    async def append_messages(
        self, session_id: str, messages: Sequence[Message]
    ) -> list[StoredMessage]:
        return self._append(self._require(session_id), session_id, messages)

    async def save_turn(
        self, session_id: str, messages: Sequence[Message], state: RoutingState
    ) -> list[StoredMessage]:
        session = self._require(session_id)
        stored = self._append(session, session_id, messages)
        session.record.state = state  # handed over: no copy (see `Store.save_turn`)
        return stored

    def _append(
        self, session: _Session, session_id: str, messages: Sequence[Message]
    ) -> list[StoredMessage]:
        record = session.record
        prefix = format(session.number, f"0{_NUMBER_HEX}x")
        now = self._clock.now()
        first = record.message_count + 1
        width = 2 * _RANDOM_BYTES
        random_hex = os.urandom(_RANDOM_BYTES * len(messages)).hex()  # one syscall per batch
        stored = [
            StoredMessage.of(
                message,
                id=prefix + random_hex[i * width : (i + 1) * width],
                session_id=session_id,
                seq=first + i,
                created_at=now,
            )
            for i, message in enumerate(messages)
        ]
        session.log.extend(stored)
        by_id = self._by_id
        for item in stored:
            by_id[item.id] = item
        record.message_count = first - 1 + len(stored)
        record.updated_at = now
        if not record.title:
            record.title = title_from(messages)
        return stored

    async def load_messages(self, session_id: str, limit: int | None = None) -> list[StoredMessage]:
        session = self._get(session_id)
        if session is None:
            return []
        log = session.log
        return list(log[-limit:] if limit else log)

    async def get_message(self, message_id: str) -> StoredMessage | None:
        item = self._by_id.get(message_id)
        if item is not None:
            self._get(item.session_id)  # counts as a use of its session
            return item
        try:  # not a hot session's: the id names its session
            session_id = self._by_number.get(int(message_id[:_NUMBER_HEX], 16))
        except ValueError:
            return None
        if session_id is None or session_id in self._hot:
            return None
        self._get(session_id)
        return self._by_id.get(message_id)

    async def clear_messages(self, session_id: str) -> int:
        session = self._get(session_id)
        if session is None:
            return 0
        removed = session.log
        for message in removed:
            self._by_id.pop(message.id, None)
        session.log = []
        session.summaries = []
        return len(removed)

    # facts ----------------------------------------------------------------------
    async def set_fact(self, session_id: str, key: str, value: Any) -> None:
        self._require(session_id).facts[key] = copy.deepcopy(value)

    async def get_fact(self, session_id: str, key: str) -> Any | None:
        session = self._get(session_id)
        return copy.deepcopy(session.facts.get(key)) if session is not None else None

    async def get_facts(self, session_id: str) -> dict[str, Any]:
        session = self._get(session_id)
        return copy.deepcopy(session.facts) if session is not None else {}

    async def delete_fact(self, session_id: str, key: str) -> bool:
        session = self._get(session_id)
        if session is None or key not in session.facts:
            return False
        del session.facts[key]
        return True

    # summaries ------------------------------------------------------------------
    async def add_summary(self, session_id: str, text: str, upto_seq: int) -> SummaryRecord:
        session = self._require(session_id)
        record = SummaryRecord(
            session_id=session_id, text=text, upto_seq=upto_seq, created_at=self._clock.now()
        )
        session.summaries.append(record)
        return record

    async def latest_summary(self, session_id: str) -> SummaryRecord | None:
        session = self._get(session_id)
        return session.summaries[-1] if session is not None and session.summaries else None

    async def all_summaries(self, session_id: str) -> list[SummaryRecord]:
        session = self._get(session_id)
        return list(session.summaries) if session is not None else []

    # feedback -------------------------------------------------------------------
    async def save_feedback(self, feedback: FeedbackRecord) -> None:
        self._require(feedback.session_id).feedback[(feedback.message_id, feedback.user_id)] = (
            feedback
        )

    async def list_feedback(self, session_id: str) -> list[FeedbackRecord]:
        session = self._get(session_id)
        return list(session.feedback.values()) if session is not None else []
