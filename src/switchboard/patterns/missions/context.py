"""The mission's chat context: the session's most recent turns, whole words, newest kept first.

A mission reads the conversation to resolve references ("e se fosse em 12x?" is about the
previous question): the package's `resumo_contexto` is the last `TURNS` user/assistant messages,
oldest first, each cut at a word boundary, the whole bounded by `MAX_CHARS` — the newest
messages are the ones kept when it must be cut (the oldest 590 characters of a session, cut
mid-word, resolved nothing). The episodic summary of older messages is appended when there is
room. Everything here was already PII-redacted when stored.
"""

from __future__ import annotations

from collections.abc import Sequence

from switchboard.core.messages import Message

TURNS = 6
"""How many recent user/assistant messages a mission package carries."""
MAX_CHARS = 1200
"""Characters of recent conversation a mission package carries at most (`resumo_contexto`)."""
MESSAGE_CHARS = 400
_WHO = {"user": "Usuário", "assistant": "Assistente"}


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[:limit].rsplit(" ", 1)[0]
    return head.rstrip(",;:") + "…"


def recent_context(history: Sequence[Message], summary: str = "") -> str | None:
    """The recent turns as "Usuário: …" / "Assistente: …" lines (see the module docstring)."""
    lines: list[str] = []
    used = 0
    for message in reversed(history):
        who = _WHO.get(message.role)
        if who is None or not message.content.strip():
            continue
        line = f"{who}: {_cut(message.content, MESSAGE_CHARS)}"
        if used + len(line) > MAX_CHARS or len(lines) == TURNS:
            break
        lines.append(line)
        used += len(line) + 1
    lines.reverse()
    if summary and used + len(summary) + 20 <= MAX_CHARS:
        lines.insert(0, f"Resumo anterior: {_cut(summary, MAX_CHARS - used - 20)}")
    return "\n".join(lines) or None


def previous_user_questions(context: str | None) -> list[str]:
    """The user's messages in a context built by `recent_context`, newest first."""
    if not context:
        return []
    prefix = f"{_WHO['user']}: "
    return [
        line[len(prefix) :] for line in reversed(context.splitlines()) if line.startswith(prefix)
    ]


__all__ = ["MAX_CHARS", "TURNS", "previous_user_questions", "recent_context"]
