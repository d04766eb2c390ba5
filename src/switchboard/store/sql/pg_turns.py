"""A chat turn's reads and writes on PostgreSQL: one statement each, on the asyncpg connection.

Every HTTP turn reads its session (`begin_turn`) and saves it (`save_turn`). Through SQLAlchemy
those were three statements and their result processing, about a fifth of the server's CPU per
turn on PostgreSQL (`bench/server/bench_cpu.py`): every statement is a `send` system call, a
greenlet switch and SQLAlchemy's execution context and row processing. Here:

- `begin_turn` is ONE statement: the session row, its last messages, its facts and its latest
  summary, the three collections as JSON text built by PostgreSQL. The history is parsed and
  validated in one pass by pydantic (`validate_json`), in Rust.
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
SELECT m.id, $1, bump.message_count - $2 + m.ord::int, m.role, m.content,
       m.tool_calls::json, m.tool_call_id, m.name, m.agent, m.meta::json, $3
  FROM bump,
       unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
              $12::text[], $13::text[])
       WITH ORDINALITY AS m(id, role, content, tool_calls, tool_call_id, name, agent, meta, ord)
RETURNING seq
"""
"""`operations.append_messages` with the state, as one statement (see the module docstring)."""

_HISTORY = TypeAdapter(list[StoredMessage])


async def begin_turn(db: Fetcher, session_id: str, history_limit: int | None) -> TurnStart | None:
    """`operations.begin_turn` in one statement; None if the session does not exist."""
    if not history_limit:
        row = await db.fetchrow(BEGIN_TURN_ALL, session_id)
    elif history_limit > 0:
        row = await db.fetchrow(BEGIN_TURN_LAST, session_id, history_limit)
    else:
        row = await db.fetchrow(BEGIN_TURN_FROM, session_id, -history_limit)
    if row is None:
        return None
    user_id, message_count, state, history, facts, summary = row
    return TurnStart(
        user_id=user_id,
        state=RoutingState.model_validate_json(state),
        message_count=message_count,
        history=_HISTORY.validate_json(history) if history is not None else [],
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
    seqs = await db.fetchcol(
        SAVE_TURN,
        session_id,
        len(batch),
        now,
        title,
        state.model_dump_json(),
        ids,
        [m.role for m in batch],
        [m.content for m in batch],
        [
            json.dumps([tool_call_row(call) for call in m.tool_calls]) if m.tool_calls else None
            for m in batch
        ],
        [m.tool_call_id for m in batch],
        [m.name for m in batch],
        [m.agent for m in batch],
        [json.dumps(m.metadata) if m.metadata else None for m in batch],
    )
    if len(seqs) != len(batch):
        raise SessionNotFoundError(f"session {session_id!r} does not exist")
    seqs.sort()  # in `ord` order: ascending
    return [
        StoredMessage.of(m, id=i, session_id=session_id, seq=seq, created_at=now)
        for m, i, seq in zip(batch, ids, seqs, strict=True)
    ]
