"""Opening a session on behalf of an authenticated user."""

from __future__ import annotations

from switchboard.core.errors import SessionNotFoundError
from switchboard.sessions.input import check_text
from switchboard.store.base import SessionRecord, Store, TurnStart


async def open_session(
    store: Store, session_id: str, user_id: str, *, app: str = "", create: bool = True
) -> SessionRecord:
    """The user's session, created on first use. Someone else's session is "not found":
    we never reveal that it exists."""
    _check_ids(session_id, user_id)
    record = await store.get_session(session_id)
    if record is None:
        if not create:
            raise SessionNotFoundError(f"session {session_id!r} not found")
        record = await store.create_session(session_id, user_id, app)
    _check_owner(record.user_id, session_id, user_id)
    return record


async def open_turn(
    store: Store, session_id: str, user_id: str, *, app: str = "", history_limit: int | None = None
) -> TurnStart:
    """What a turn on the user's session reads, the session created on first use; someone
    else's session is "not found", as in `open_session`."""
    _check_ids(session_id, user_id)
    start = await store.begin_turn(session_id, user_id, app, history_limit=history_limit)
    _check_owner(start.user_id, session_id, user_id)
    return start


def _check_ids(session_id: str, user_id: str) -> None:
    if not session_id or len(session_id) > 200:
        raise SessionNotFoundError("invalid session id")
    check_text(session_id, "sessionId")
    if not user_id:
        raise SessionNotFoundError("no authenticated user")


def _check_owner(owner: str, session_id: str, user_id: str) -> None:
    if owner != user_id:
        raise SessionNotFoundError(f"session {session_id!r} not found")
