"""Session plumbing every routing pattern shares: locks, input checks, ownership."""

from switchboard.sessions.access import open_session, open_turn
from switchboard.sessions.input import check_user_message
from switchboard.sessions.locks import SessionLocks

__all__ = ["SessionLocks", "check_user_message", "open_session", "open_turn"]
