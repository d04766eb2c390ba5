"""Which session an OpenAI-compatible conversation lives in, when the client names none.

OpenAI clients send the whole conversation with every request and, mostly, no id of ours. Keying
the session on the *first* user message (as before) joined two conversations that both began
with "Oi": the second continued the first. Now a conversation is known by its whole history:

- a request whose `messages` hold no assistant answer yet starts a conversation: a new session
  (named after the request's `Idempotency-Key` when it has one, so that a retried first message
  lands in the same session and is answered from it; else a random id);
- after every answered turn the server remembers `fingerprint(history + question + answer)` →
  session, and a later request whose earlier messages have that fingerprint continues that
  session. Only the client's visible user/assistant texts count (system prompts and tool
  messages vary between clients and carry nothing of the conversation's identity).

Two conversations are joined only if every word of both histories is the same, answers
included; then nothing in the request can tell them apart, and the `X-Session-Id` that every
response carries is the way to keep them apart (documented). One row per session: remembering a
new fingerprint replaces the session's previous one, and rows go with their session.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Iterable
from typing import Protocol

from switchboard.core.clock import Clock
from switchboard.store.repository import Repository, SqlContext

MEMORY_LIMIT = 100_000
"""Conversations an in-memory store remembers (oldest forgotten first)."""


def fingerprint(turns: Iterable[tuple[str, str]]) -> str:
    """A conversation's identity: sha256 over its (role, text) pairs, texts stripped (clients
    trim the answers they send back)."""
    digest = hashlib.sha256()
    for role, text in turns:
        digest.update(role.encode())
        digest.update(b"\x1f")
        digest.update(text.strip().encode("utf-8", "surrogatepass"))
        digest.update(b"\x1e")
    return digest.hexdigest()


class Conversations(Protocol):
    async def find(self, user_id: str, fingerprint: str) -> str | None:
        """The stored session id of `user_id`'s conversation with this history, or None."""
        ...

    async def remember(self, user_id: str, fingerprint: str, session_id: str) -> None:
        """`session_id` now holds the conversation whose history has `fingerprint` (replacing
        what the session was known by before)."""
        ...


class InMemoryConversations:
    def __init__(self, clock: Clock) -> None:
        self._sessions: OrderedDict[tuple[str, str], str] = OrderedDict()
        self._by_session: dict[str, tuple[str, str]] = {}

    async def find(self, user_id: str, fingerprint: str) -> str | None:
        return self._sessions.get((user_id, fingerprint))

    async def remember(self, user_id: str, fingerprint: str, session_id: str) -> None:
        previous = self._by_session.pop(session_id, None)
        if previous is not None:
            self._sessions.pop(previous, None)
        key = (user_id, fingerprint)
        displaced = self._sessions.pop(key, None)
        if displaced is not None:
            self._by_session.pop(displaced, None)
        self._sessions[key] = session_id
        self._by_session[session_id] = key
        while len(self._sessions) > MEMORY_LIMIT:
            _, oldest = self._sessions.popitem(last=False)
            self._by_session.pop(oldest, None)


def _sql(context: SqlContext) -> Conversations:
    from switchboard.server.conversations_sql import SqlConversations

    return SqlConversations(context)


CONVERSATIONS: Repository[Conversations] = Repository(
    "openai.conversations", memory=InMemoryConversations, sql=_sql
)

__all__ = ["CONVERSATIONS", "Conversations", "InMemoryConversations", "fingerprint"]
