"""Session plumbing every routing pattern shares: locks, input checks, ownership."""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach
from switchboard.sessions.access import open_session as open_session
from switchboard.sessions.access import open_turn as open_turn
from switchboard.sessions.input import check_user_message as check_user_message
from switchboard.sessions.locks import SessionLocks as SessionLocks

if TYPE_CHECKING:
    from switchboard.sessions.progress import Outcome as Outcome
    from switchboard.sessions.progress import run_with_progress as run_with_progress
    from switchboard.sessions.progress import watch_bus as watch_bus
else:
    __getattr__, __dir__, __all__ = attach(__name__)
