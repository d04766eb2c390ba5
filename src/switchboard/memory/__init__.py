"""Conversation memory, facts and summaries on top of the store."""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach
from switchboard.memory.conversation import build_context as build_context
from switchboard.memory.session_memory import SessionMemory as SessionMemory

if TYPE_CHECKING:
    from switchboard.memory.pii import redact as redact
else:
    __getattr__, __dir__, __all__ = attach(__name__)
