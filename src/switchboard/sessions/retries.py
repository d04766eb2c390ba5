"""A retried request is the same message again: `Idempotency-Key` for every app and route.

A client that did not get an answer (a dropped connection, a timeout) sends the message again
with the same `Idempotency-Key`. The pipeline stamps the key on the stored user message
(`META_IDEMPOTENCY`); when a request arrives whose key and text match a stored user message
that already has an answer, the pipeline replays that answer — the same text, its `ui`
components and its `message_id` — and runs nothing: no model call, no tool, no side effect,
nothing stored twice. The lookup is in the history the turn loads anyway
(`Settings.history_limit` messages), which is where a retry's original always is; it costs
nothing when the request carries no key.

The key is scoped to the session, and so to the user (sessions live in a per-user namespace).
Another key, or the same key with another text, is a new message, as the README promises: two
real identical purchases in a row are two records. A keyed message whose turn failed before
answering is run again on retry — the user still wants an answer; apps with side effects keep
their own journal (the finance ledger's) for the part that already happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from switchboard.core.messages import META_UI, Message
from switchboard.store.base import StoredMessage

META_IDEMPOTENCY = "idempotency_key"
"""Metadata key of a user message: the client's `Idempotency-Key` of the request that sent it."""


@dataclass(frozen=True, slots=True)
class KeptAnswer:
    """The stored answer to an earlier request with the same key and text."""

    text: str
    agent: str | None
    message_id: str
    components: list[dict[str, Any]]


def stamp(messages: Sequence[Message], key: str, text: str) -> None:
    """Mark the turn's own user message (the first one holding exactly the user's text) with
    `key`, so that a retry finds it."""
    for message in messages:
        if message.role == "user" and message.content == text:
            message.metadata[META_IDEMPOTENCY] = key
            return


def kept_answer(history: Sequence[StoredMessage], key: str, text: str) -> KeptAnswer | None:
    """The answer the session already gave to (`key`, `text`), or None."""
    for index in range(len(history) - 1, -1, -1):
        message = history[index]
        if (
            message.role == "user"
            and message.metadata.get(META_IDEMPOTENCY) == key
            and message.content == text
        ):
            return _answer_after(history, index)
    return None


def _answer_after(history: Sequence[StoredMessage], index: int) -> KeptAnswer | None:
    parts: list[str] = []
    components: list[dict[str, Any]] = []
    last: StoredMessage | None = None
    for message in history[index + 1 :]:
        if message.role == "user":
            break
        if message.role == "assistant" and message.content:
            parts.append(message.content)
            components.extend(message.metadata.get(META_UI) or ())
            last = message
    if last is None:
        return None
    return KeptAnswer("".join(parts), last.agent, last.id, components)


__all__ = ["META_IDEMPOTENCY", "KeptAnswer", "kept_answer", "stamp"]
