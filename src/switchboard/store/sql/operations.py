"""The store's units of work: one plain function per store operation, run on a sync `Connection`.

Each function is a whole transaction's worth of SQL (the runner opens and commits it), so an
operation costs one hop to the database thread (SQLite) or one greenlet switch-in (asyncpg),
never a hop per statement. Statements are built once per dialect (`Statements`) and reuse
SQLAlchemy's compiled cache; every value travels as a bound parameter.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

import sqlalchemy as sa
from pydantic import TypeAdapter
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Row
from sqlalchemy.exc import IntegrityError

from switchboard.core.errors import SessionNotFoundError
from switchboard.core.messages import Message, ToolCall
from switchboard.core.state import RoutingState
from switchboard.store.base import (
    FeedbackRecord,
    SessionRecord,
    StoredMessage,
    SummaryRecord,
    TurnStart,
)
from switchboard.store.sql.tables import facts, feedback, messages, sessions, summaries

_sid: sa.BindParameter[str] = sa.bindparam("b_sid")
_EMPTY_STATE = RoutingState().model_dump(mode="json")


@dataclass(frozen=True)
class Statements:
    """Every statement the store runs, built once for one dialect."""

    create_session: Any
    get_session: Any
    turn_session: Any
    list_sessions: Any
    set_state: Any
    bump: Any
    bump_with_state: Any
    delete_session: Any
    insert_messages: Any
    load_all: Any
    load_last: Any
    load_from: Any
    get_message: Any
    delete_messages: Any
    upsert_fact: Any
    get_fact: Any
    get_facts: Any
    delete_fact: Any
    insert_summary: Any
    latest_summary: Any
    all_summaries: Any
    delete_summaries: Any
    upsert_feedback: Any
    list_feedback: Any

    @classmethod
    def for_dialect(cls, name: str) -> Statements:
        # sqlite.Insert and postgresql.Insert share the upsert API used here (on_conflict_do_*,
        # excluded); typing both as PostgreSQL's lets mypy check the calls.
        insert = cast(
            Callable[[sa.Table], postgresql.Insert],
            {"sqlite": sqlite.insert, "postgresql": postgresql.insert}[name],
        )
        c = sessions.c
        bump_values = {
            "message_count": c.message_count + sa.bindparam("b_n", type_=sa.Integer),
            "updated_at": sa.bindparam("b_now", type_=c.updated_at.type),
            "title": sa.case(
                (c.title == "", sa.bindparam("b_title", type_=sa.Text)), else_=c.title
            ),
        }
        bump = (
            sa.update(sessions).where(c.id == _sid).values(bump_values).returning(c.message_count)
        )
        fact_insert = insert(facts)
        feedback_insert = insert(feedback)
        messages_of = sa.select(messages).where(messages.c.session_id == _sid)
        summaries_of = sa.select(summaries).where(summaries.c.session_id == _sid)
        return cls(
            create_session=insert(sessions)
            .on_conflict_do_nothing(index_elements=["id"])
            .returning(*sessions.c),
            get_session=sa.select(sessions).where(c.id == _sid),
            turn_session=sa.select(
                sessions,
                sa.exists().where(facts.c.session_id == _sid).label("has_facts"),
                sa.exists().where(summaries.c.session_id == _sid).label("has_summaries"),
            ).where(c.id == _sid),
            list_sessions=sa.select(sessions)
            .where(c.user_id == sa.bindparam("b_user"))
            .order_by(c.updated_at.desc(), c.created_at, c.id),
            set_state=sa.update(sessions)
            .where(c.id == _sid)
            .values(
                state=sa.bindparam("b_state", type_=c.state.type),
                updated_at=sa.bindparam("b_now", type_=c.updated_at.type),
            ),
            bump=bump,
            bump_with_state=bump.values(state=sa.bindparam("b_state", type_=c.state.type)),
            delete_session=sa.delete(sessions).where(c.id == _sid),
            insert_messages=messages.insert(),
            load_all=messages_of.order_by(messages.c.seq),
            load_last=messages_of.order_by(messages.c.seq.desc()).limit(
                sa.bindparam("b_limit", type_=sa.Integer)
            ),
            load_from=messages_of.order_by(messages.c.seq).offset(
                sa.bindparam("b_offset", type_=sa.Integer)
            ),
            get_message=sa.select(messages).where(messages.c.id == sa.bindparam("b_id")),
            delete_messages=sa.delete(messages).where(messages.c.session_id == _sid),
            upsert_fact=fact_insert.on_conflict_do_update(
                index_elements=["session_id", "key"],
                set_={
                    "value": fact_insert.excluded.value,
                    "updated_at": fact_insert.excluded.updated_at,
                },
            ),
            get_fact=sa.select(facts.c.value).where(
                facts.c.session_id == _sid, facts.c.key == sa.bindparam("b_key")
            ),
            get_facts=sa.select(facts.c.key, facts.c.value)
            .where(facts.c.session_id == _sid)
            .order_by(facts.c.id),
            delete_fact=sa.delete(facts).where(
                facts.c.session_id == _sid, facts.c.key == sa.bindparam("b_key")
            ),
            insert_summary=summaries.insert(),
            latest_summary=summaries_of.order_by(summaries.c.id.desc()).limit(1),
            all_summaries=summaries_of.order_by(summaries.c.id),
            delete_summaries=sa.delete(summaries).where(summaries.c.session_id == _sid),
            upsert_feedback=feedback_insert.on_conflict_do_update(
                index_elements=["message_id", "user_id"],
                set_={
                    name: feedback_insert.excluded[name]
                    for name in ("session_id", "rating", "comment", "created_at")
                },
            ),
            list_feedback=sa.select(feedback)
            .where(feedback.c.session_id == _sid)
            .order_by(feedback.c.id),
        )


# sessions -----------------------------------------------------------------------------------
def tool_call_row(call: ToolCall) -> dict[str, str]:
    """A tool call as stored (JSON object). Not `dataclasses.asdict`, which deep-copies every
    field: this runs for each call of every saved turn."""
    return {"id": call.id, "name": call.name, "arguments": call.arguments}


def create_session(
    conn: Connection, st: Statements, session_id: str, user_id: str, app: str, now: datetime
) -> SessionRecord:
    row = _insert_session(conn, st, session_id, user_id, app, now)
    if row is None:  # it already existed (maybe created a moment ago by someone else)
        row = conn.execute(st.get_session, {"b_sid": session_id}).one()
    return _session(row)


def begin_first_turn(
    conn: Connection,
    st: Statements,
    session_id: str,
    user_id: str,
    app: str,
    now: datetime,
    history_limit: int | None,
) -> TurnStart:
    """`begin_turn` for a session that did not exist a moment ago: create it, and there is
    nothing to read; if someone else created it in between, read it like `begin_turn`."""
    if _insert_session(conn, st, session_id, user_id, app, now) is not None:
        return TurnStart(
            user_id=user_id,
            state=RoutingState(),
            message_count=0,
            history=[],
            facts={},
            summary=None,
        )
    start = begin_turn(conn, st, session_id, history_limit)
    assert start is not None  # it was there when the insert conflicted, in this transaction
    return start


def _insert_session(
    conn: Connection, st: Statements, session_id: str, user_id: str, app: str, now: datetime
) -> Row[Any] | None:
    """The new session's row, or None if a session with that id exists."""
    return conn.execute(
        st.create_session,
        {
            "id": session_id,
            "user_id": user_id,
            "app": app,
            "title": "",
            "state": _EMPTY_STATE,
            "message_count": 0,
            "created_at": now,
            "updated_at": now,
        },
    ).first()


def get_session(conn: Connection, st: Statements, session_id: str) -> SessionRecord | None:
    row = conn.execute(st.get_session, {"b_sid": session_id}).first()
    return _session(row) if row is not None else None


def list_sessions(conn: Connection, st: Statements, user_id: str) -> list[SessionRecord]:
    return [_session(row) for row in conn.execute(st.list_sessions, {"b_user": user_id})]


def recent_sessions(
    conn: Connection, app: str | None, since: datetime | None, limit: int
) -> list[SessionRecord]:
    """Every user's sessions (an operator's query; built per call, it is not on a hot path)."""
    c = sessions.c
    query = sa.select(sessions)
    if app is not None:
        query = query.where(c.app == app)
    if since is not None:
        query = query.where(c.updated_at >= since)
    query = query.order_by(c.updated_at.desc(), c.created_at, c.id).limit(max(limit, 0))
    return [_session(row) for row in conn.execute(query)]


def save_state(
    conn: Connection, st: Statements, session_id: str, state: dict[str, Any], now: datetime
) -> None:
    if (
        conn.execute(st.set_state, {"b_sid": session_id, "b_state": state, "b_now": now}).rowcount
        == 0
    ):
        raise _not_found(session_id)


def begin_turn(
    conn: Connection, st: Statements, session_id: str, history_limit: int | None
) -> TurnStart | None:
    """The turn's inputs in one unit of work; None if the session does not exist. The session
    row says whether there are facts or summaries at all, so a session without them (most) costs
    two statements, not four."""
    row = conn.execute(st.turn_session, {"b_sid": session_id}).first()
    if row is None:
        return None
    return TurnStart(
        user_id=row.user_id,
        state=RoutingState.model_validate(row.state),
        message_count=row.message_count,
        history=load_messages(conn, st, session_id, history_limit),
        facts=get_facts(conn, st, session_id) if row.has_facts else {},
        summary=latest_summary(conn, st, session_id) if row.has_summaries else None,
    )


def delete_session(conn: Connection, st: Statements, session_id: str) -> bool:
    return conn.execute(st.delete_session, {"b_sid": session_id}).rowcount > 0


# messages -----------------------------------------------------------------------------------


def append_messages(
    conn: Connection,
    st: Statements,
    session_id: str,
    batch: Sequence[Message],
    title: str,
    now: datetime,
    state: dict[str, Any] | None,
) -> list[StoredMessage]:
    """Reserve seqs by bumping the session's counter (the row lock serializes appenders), then
    insert; with `state`, the same UPDATE saves the routing state (that is `save_turn`)."""
    params: dict[str, Any] = {
        "b_sid": session_id,
        "b_n": len(batch),
        "b_now": now,
        "b_title": title,
    }
    if state is not None:
        params["b_state"] = state
    count = conn.execute(st.bump if state is None else st.bump_with_state, params).scalar()
    if count is None:
        raise _not_found(session_id)
    stored: list[StoredMessage] = []
    rows: list[dict[str, Any]] = []
    first = count - len(batch) + 1
    for (seq, message), id_ in zip(enumerate(batch, start=first), new_ids(len(batch)), strict=True):
        item = StoredMessage.of(message, id=id_, session_id=session_id, seq=seq, created_at=now)
        stored.append(item)
        rows.append(
            {
                "id": item.id,
                "session_id": session_id,
                "seq": seq,
                "role": item.role,
                "content": item.content,
                "tool_calls": [tool_call_row(call) for call in item.tool_calls] or None,
                "tool_call_id": item.tool_call_id,
                "name": item.name,
                "agent": item.agent,
                "meta": item.metadata or None,
                "created_at": now,
            }
        )
    if rows:
        conn.execute(st.insert_messages, rows)
    return stored


def load_messages(
    conn: Connection, st: Statements, session_id: str, limit: int | None
) -> list[StoredMessage]:
    # Same slicing as the in-memory store: `log[-limit:]` when limit is truthy.
    if not limit:
        result = conn.execute(st.load_all, {"b_sid": session_id})
    elif limit > 0:
        result = conn.execute(st.load_last, {"b_sid": session_id, "b_limit": limit})
        return _messages(reversed(result.all()))
    else:
        result = conn.execute(st.load_from, {"b_sid": session_id, "b_offset": -limit})
    return _messages(result)


def get_message(conn: Connection, st: Statements, message_id: str) -> StoredMessage | None:
    return next(iter(_messages(conn.execute(st.get_message, {"b_id": message_id}))), None)


def clear_messages(conn: Connection, st: Statements, session_id: str) -> int:
    """Messages and the summaries over them go; the seq counter does not (seqs never repeat)."""
    removed = conn.execute(st.delete_messages, {"b_sid": session_id}).rowcount
    conn.execute(st.delete_summaries, {"b_sid": session_id})
    return removed


# facts --------------------------------------------------------------------------------------


def set_fact(
    conn: Connection, st: Statements, session_id: str, key: str, value: Any, now: datetime
) -> None:
    try:
        conn.execute(
            st.upsert_fact,
            {"session_id": session_id, "key": key, "value": value, "updated_at": now},
        )
    except IntegrityError as exc:  # the foreign key: no such session
        raise _not_found(session_id) from exc


def get_fact(conn: Connection, st: Statements, session_id: str, key: str) -> Any | None:
    return conn.execute(st.get_fact, {"b_sid": session_id, "b_key": key}).scalar()


def get_facts(conn: Connection, st: Statements, session_id: str) -> dict[str, Any]:
    return dict(conn.execute(st.get_facts, {"b_sid": session_id}).all())


def delete_fact(conn: Connection, st: Statements, session_id: str, key: str) -> bool:
    return conn.execute(st.delete_fact, {"b_sid": session_id, "b_key": key}).rowcount > 0


# summaries ----------------------------------------------------------------------------------


def add_summary(conn: Connection, st: Statements, record: SummaryRecord) -> SummaryRecord:
    try:
        conn.execute(st.insert_summary, record.model_dump())
    except IntegrityError as exc:
        raise _not_found(record.session_id) from exc
    return record


def latest_summary(conn: Connection, st: Statements, session_id: str) -> SummaryRecord | None:
    row = conn.execute(st.latest_summary, {"b_sid": session_id}).first()
    return _summary(row) if row is not None else None


def all_summaries(conn: Connection, st: Statements, session_id: str) -> list[SummaryRecord]:
    return [_summary(row) for row in conn.execute(st.all_summaries, {"b_sid": session_id})]


# feedback -----------------------------------------------------------------------------------


def save_feedback(conn: Connection, st: Statements, record: FeedbackRecord) -> None:
    try:
        conn.execute(st.upsert_feedback, record.model_dump())
    except IntegrityError as exc:
        raise _not_found(record.session_id) from exc


def list_feedback(conn: Connection, st: Statements, session_id: str) -> list[FeedbackRecord]:
    return [
        FeedbackRecord(
            message_id=row.message_id,
            session_id=row.session_id,
            user_id=row.user_id,
            rating=row.rating,
            comment=row.comment,
            created_at=row.created_at,
        )
        for row in conn.execute(st.list_feedback, {"b_sid": session_id})
    ]


# rows → records -----------------------------------------------------------------------------


def _session(row: Row[Any]) -> SessionRecord:
    return SessionRecord(
        id=row.id,
        user_id=row.user_id,
        app=row.app,
        title=row.title,
        state=RoutingState.model_validate(row.state),
        message_count=row.message_count,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _messages(rows: Iterable[Row[Any]]) -> list[StoredMessage]:
    # Rows are validated on the way in (a database is a boundary); one validation call for the
    # whole batch is ~2x faster than one call per row.
    items = []
    for row in rows:
        item = dict(zip(_MESSAGE_FIELDS, row, strict=True))
        if item["tool_calls"] is None:
            item["tool_calls"] = []
        if item["metadata"] is None:
            item["metadata"] = {}
        items.append(item)
    return _MESSAGE_LIST.validate_python(items)


_MESSAGE_FIELDS = tuple("metadata" if column.key == "meta" else column.key for column in messages.c)
_MESSAGE_LIST = TypeAdapter(list[StoredMessage])


def _summary(row: Row[Any]) -> SummaryRecord:
    return SummaryRecord(
        session_id=row.session_id, text=row.text, upto_seq=row.upto_seq, created_at=row.created_at
    )


def _new_id() -> str:
    """32 random hex digits, the format of `uuid4().hex`, without building a UUID object."""
    return os.urandom(16).hex()


def new_ids(count: int) -> list[str]:
    """`count` ids like `_new_id()`'s, from one `getrandom` system call instead of one each."""
    random_hex = os.urandom(16 * count).hex()
    return [random_hex[i : i + 32] for i in range(0, 32 * count, 32)]


def _not_found(session_id: str) -> SessionNotFoundError:
    return SessionNotFoundError(f"session {session_id!r} does not exist")
