"""Opening a session on behalf of an authenticated user."""

from __future__ import annotations

from switchboard.core.errors import SessionNotFoundError
from switchboard.store.base import SessionRecord, Store


async def open_session(store: Store, session_id: str, user_id: str, *, app: str = "",
                       create: bool = True) -> SessionRecord:
    """The user's session, created on first use. Someone else's session is "not found":
    we never reveal that it exists."""
    if not session_id or len(session_id) > 200:
        raise SessionNotFoundError("invalid session id")
    if not user_id:
        raise SessionNotFoundError("no authenticated user")
    record = await store.get_session(session_id)
    if record is None:
        if not create:
            raise SessionNotFoundError(f"session {session_id!r} not found")
        record = await store.create_session(session_id, user_id, app)
    if record.user_id != user_id:
        raise SessionNotFoundError(f"session {session_id!r} not found")
    return record
