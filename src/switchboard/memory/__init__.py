"""Conversation memory, facts and summaries on top of the store."""

from switchboard.memory.conversation import build_context
from switchboard.memory.session_memory import SessionMemory

__all__ = ["SessionMemory", "build_context"]
