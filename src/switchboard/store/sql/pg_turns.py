"""A chat turn's reads and writes on PostgreSQL: one statement each, on the asyncpg connection.

Every HTTP turn reads its session (`begin_turn`) and saves it (`save_turn`). Through SQLAlchemy
those were three statements and their result processing, about a fifth of the server's CPU per
turn on PostgreSQL (`bench/server/bench_cpu.py`): every statement is a `send` system call, a
greenlet switch and SQLAlchemy's execution context and row processing. Here:

- `begin_turn` is ONE statement: the session row, its last messages, its facts and its latest
  summary, the three collections as JSON text built by PostgreSQL. The history is parsed and
  validated in one pass by pydantic (`validate_json`), in Rust.
- The history already read is not read again (`HistoryCache`): `begin_turn` sends the last
  message it holds for the session (seq and id) and gets back whether that message is still
  there, and only the messages after it. Validating ~60 messages on every turn was the
  largest single piece of a PostgreSQL turn's CPU (~0.2–0.4 ms; issue 22.4). See
  `HistoryCache` for why this can never serve a history the database no longer has.
- `save_turn` is ONE statement too: the session's counter is bumped (its row lock serialises
  appenders, as in `operations.append_messages`) and the messages inserted with seqs computed
  from the new count. A single statement is atomic on its own, so it runs without BEGIN/COMMIT:
  one round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT).

Both run on the asyncpg connection that SQLAlchemy's pool checks out (`AsyncEngineRunner.fetch`),
so the pool, its size and its connections stay shared with every other operation. Results match
`operations.begin_turn` / `operations.append_messages` exactly (tests/store runs the shared
suite on both). Timestamps travel as UTC text with a `Z` (`to_char`, independent of the
connection's `TimeZone`) and come back as UTC datetimes.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from pydantic import TypeAdapter

from switchboard.core.errors import SessionNotFoundError
from switchboard.core.messages import Message
from switchboard.core.state import RoutingState
from switchboard.store.base import StoredMessage, SummaryRecord, TurnStart
from switchboard.store.sql.operations import new_ids, tool_call_row


class Fetcher(Protocol):
    """Runs one statement on a pooled asyncpg connection (`AsyncEngineRunner`)."""

    async def fetchrow(self, sql: str, *args: Any) -> Any: ...

    async def fetchcol(self, sql: str, *args: Any) -> list[Any]: ...


_UTC_TEXT = """to_char({column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')"""

_MESSAGE_JSON = f"""json_build_object(
    'id', m.id, 'session_id', m.session_id, 'seq', m.seq, 'role', m.role, 'content', m.content,
    'tool_calls', COALESCE(m.tool_calls, '[]'::json), 'tool_call_id', m.tool_call_id,
    'name', m.name, 'agent', m.agent, 'metadata', COALESCE(m.metadata, '{{}}'::json),
    'created_at', {_UTC_TEXT.format(column="m.created_at")})"""

_BEGIN_TURN = f"""
SELECT s.user_id, s.message_count, s.state::text AS state,
       (SELECT json_agg({_MESSAGE_JSON} ORDER BY m.seq)::text
          FROM (SELECT * FROM messages WHERE session_id = s.id {{window}}) AS m) AS history,
       (SELECT json_object_agg(f.key, f.value ORDER BY f.id)::text
          FROM facts AS f WHERE f.session_id = s.id) AS facts,
       (SELECT json_build_object('session_id', x.session_id, 'text', x.text,
                                 'upto_seq', x.upto_seq,
                                 'created_at', {_UTC_TEXT.format(column="x.created_at")})::text
          FROM summaries AS x WHERE x.session_id = s.id ORDER BY x.id DESC LIMIT 1) AS summary
  FROM sessions AS s
 WHERE s.id = $1
"""
_BEGIN_TURN_SINCE = (
    _BEGIN_TURN.replace(
        "s.state::text AS state,",
        "s.state::text AS state, k.kept,",
    )
    .replace(
        "WHERE session_id = s.id {window}",
        "WHERE session_id = s.id AND (NOT k.kept OR seq > {seq}) {window}",
    )
    .replace(
        "FROM sessions AS s\n",
        "FROM sessions AS s\n CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM messages\n"
        "       WHERE session_id = s.id AND seq = {seq} AND id = {id}) AS kept) AS k\n",
    )
)
BEGIN_TURN_ALL_SINCE = (
    _BEGIN_TURN_SINCE.replace("{window}", "").replace("{seq}", "$2").replace("{id}", "$3")
)
"""`BEGIN_TURN_ALL` for a session whose history up to message ($2 = seq, $3 = id) is cached:
`kept` says whether that message is still in the session, and the history holds only the
messages after it when it is (all of them when it is not)."""
BEGIN_TURN_LAST_SINCE = (
    _BEGIN_TURN_SINCE.replace("{window}", "ORDER BY seq DESC LIMIT $2")
    .replace("{seq}", "$3")
    .replace("{id}", "$4")
)
"""`BEGIN_TURN_LAST` likewise, with the cached message as ($3 = seq, $4 = id)."""
BEGIN_TURN_ALL = _BEGIN_TURN.replace("{window}", "")
"""The whole history (`history_limit` None or 0)."""
BEGIN_TURN_LAST = _BEGIN_TURN.replace("{window}", "ORDER BY seq DESC LIMIT $2")
"""The last $2 messages (`history_limit` > 0), as `log[-limit:]`."""
BEGIN_TURN_FROM = _BEGIN_TURN.replace("{window}", "ORDER BY seq OFFSET $2")
"""From the $2-th message on (`history_limit` < 0), as `log[-limit:]` with a negative limit."""

SAVE_TURN = """
WITH bump AS (
    UPDATE sessions
       SET message_count = message_count + $2,
           updated_at = $3,
           title = CASE WHEN title = '' THEN $4 ELSE title END,
           state = $5::text::json
     WHERE id = $1
 RETURNING message_count
)
INSERT INTO messages (id, session_id, seq, role, content, tool_calls, tool_call_id, name, agent,
                      metadata, created_at)
SELECT m.value->>'id', $1, bump.message_count - $2 + m.ord::int, m.value->>'role',
       m.value->>'content', (m.value->>'tool_calls')::json, m.value->>'tool_call_id',
       m.value->>'name', m.value->>'agent', (m.value->>'meta')::json, $3
  FROM bump, json_array_elements($6::text::json) WITH ORDINALITY AS m(value, ord)
RETURNING seq
"""
"""`operations.append_messages` with the state, as one statement (see the module docstring).
The messages travel as one JSON array of objects ($6): asyncpg encodes a `text[]` element by
element, each through several `collections.abc` checks (~100 Python calls for one turn's eight
columns, issue 22.4), where `json.dumps` is one call. Tool calls and metadata stay JSON text
inside it (`->>` gives back exactly the text sent, SQL NULL for a JSON null)."""

_HISTORY = TypeAdapter(list[StoredMessage])


HISTORY_CACHE_SESSIONS = 256
"""Sessions whose last history `HistoryCache` keeps (least recently used go first): a few
hundred messages' objects each at most, ~30 KB for the support app's 60."""


class HistoryCache:
    """The history each recently used session's last turn read, validated, per process.

    Why it can never serve a history the database no longer has: messages are never changed
    once stored, a session's seqs are gap-free and never reused (`clear_messages` keeps the
    counter), and message ids are random and never reused. So if the session still has the
    message with the cached last (seq, id), its messages up to that seq are exactly the cached
    ones (for the cached window), and the messages after it are what is new. `begin_turn`
    asks the database exactly that in its one statement; a session cleared, deleted and
    re-created, or written by anything else in between is read whole again. The session row
    (owner, count, state), facts and summary are read from the database every time, so the
    owner check and everything else about the turn is unchanged.

    The cached messages are handed to every turn that reads them, as the in-memory store hands
    out its own log: nothing changes a stored message in place."""

    def __init__(self, size: int = HISTORY_CACHE_SESSIONS) -> None:
        self._size = size
        self._entries: OrderedDict[str, tuple[int | None, list[StoredMessage]]] = OrderedDict()

    def get(self, session_id: str, limit: int | None) -> list[StoredMessage] | None:
        """The history kept for the session and this window (None: not kept)."""
        entry = self._entries.get(session_id)
        if entry is None or entry[0] != limit:
            return None
        self._entries.move_to_end(session_id)
        return entry[1]

    def put(self, session_id: str, limit: int | None, history: list[StoredMessage]) -> None:
        if not history or self._size <= 0:
            self._entries.pop(session_id, None)
            return
        self._entries[session_id] = (limit, history)
        self._entries.move_to_end(session_id)
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def drop(self, session_id: str) -> None:
        self._entries.pop(session_id, None)


async def begin_turn(
    db: Fetcher, session_id: str, history_limit: int | None, cache: HistoryCache | None = None
) -> TurnStart | None:
    """`operations.begin_turn` in one statement; None if the session does not exist. With a
    `cache`, only the messages after the session's cached history are read and validated."""
    limit = history_limit or None
    kept = cache.get(session_id, limit) if cache is not None and (limit or 0) >= 0 else None
    if kept is not None:
        last = kept[-1]
        if limit is None:
            row = await db.fetchrow(BEGIN_TURN_ALL_SINCE, session_id, last.seq, last.id)
        else:
            row = await db.fetchrow(BEGIN_TURN_LAST_SINCE, session_id, limit, last.seq, last.id)
        if row is None:
            assert cache is not None
            cache.drop(session_id)
            return None
        user_id, message_count, state, still_there, history_text, facts, summary = row
        new = _HISTORY.validate_json(history_text) if history_text is not None else []
        history = [*kept, *new] if still_there else new
        if limit is not None and len(history) > limit:
            history = history[-limit:]
    else:
        if limit is None:
            row = await db.fetchrow(BEGIN_TURN_ALL, session_id)
        elif limit > 0:
            row = await db.fetchrow(BEGIN_TURN_LAST, session_id, limit)
        else:
            row = await db.fetchrow(BEGIN_TURN_FROM, session_id, -limit)
        if row is None:
            if cache is not None:
                cache.drop(session_id)
            return None
        user_id, message_count, state, history_text, facts, summary = row
        history = _HISTORY.validate_json(history_text) if history_text is not None else []
    if cache is not None and (limit or 0) >= 0:
        cache.put(session_id, limit, history)
    return TurnStart(
        user_id=user_id,
        state=RoutingState.model_validate_json(state),
        message_count=message_count,
        history=list(history),
        facts=json.loads(facts) if facts is not None else {},
        summary=SummaryRecord.model_validate_json(summary) if summary is not None else None,
    )


async def save_turn(
    db: Fetcher,
    session_id: str,
    batch: Sequence[Message],
    title: str,
    now: datetime,
    state: RoutingState,
) -> list[StoredMessage]:
    """`operations.append_messages` with `state`, as one autocommitted statement."""
    ids = new_ids(len(batch))
    rows = [
        {
            "id": i,
            "role": m.role,
            "content": m.content,
            "tool_calls": (
                json.dumps([tool_call_row(call) for call in m.tool_calls]) if m.tool_calls else None
            ),
            "tool_call_id": m.tool_call_id,
            "name": m.name,
            "agent": m.agent,
            "meta": json.dumps(m.metadata) if m.metadata else None,
        }
        for m, i in zip(batch, ids, strict=True)
    ]
    seqs = await db.fetchcol(
        SAVE_TURN,
        session_id,
        len(batch),
        now,
        title,
        state.model_dump_json(),
        json.dumps(rows, ensure_ascii=False),
    )
    if len(seqs) != len(batch):
        raise SessionNotFoundError(f"session {session_id!r} does not exist")
    seqs.sort()  # in `ord` order: ascending
    return [
        StoredMessage.of(m, id=i, session_id=session_id, seq=seq, created_at=now)
        for m, i, seq in zip(batch, ids, seqs, strict=True)
    ]
