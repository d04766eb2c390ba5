"""Memory tool: promote a learning to the persona's long-term memory (spec 004 step 6).

Learnings are kept per (user, persona) and shown in later jobs' prompts through
`LongTermMemory.recall`. The store is a small protocol so the app chooses where it lives: the
`jobs` app keeps them in the Switchboard store (`learnings.py`: `LEARNINGS`, `StoreLearnings`),
so they survive restarts and every worker shares them; the in-memory implementation here serves
tests and the `memory://` store.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Protocol

from switchboard.tools.tool import Tool, ToolContext

MAX_LEARNING_CHARS = 1_000


class LongTermMemory(Protocol):
    """Learnings a persona keeps between jobs (per user), promoted by the memory tool and
    recalled into prompts."""

    async def promote(self, user_id: str, persona: str, learning: str, key: str | None) -> bool:
        """Store a learning; False when the same key (or text) was already stored."""
        ...

    async def recall(self, user_id: str, persona: str, limit: int = 20) -> list[str]:
        """The newest learnings, oldest first (ready for a prompt)."""
        ...


class InMemoryLongTermMemory:
    """A process-local `LongTermMemory` for tests and the offline app."""

    def __init__(self) -> None:
        self._items: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)

    async def promote(self, user_id: str, persona: str, learning: str, key: str | None) -> bool:
        items = self._items[(user_id, persona)]
        marker = key or learning
        if any(existing == marker or text == learning for existing, text in items):
            return False
        items.append((marker, learning))
        return True

    async def recall(self, user_id: str, persona: str, limit: int = 20) -> list[str]:
        return [text for _, text in self._items[(user_id, persona)][-limit:]]


def memory_tool(memory: LongTermMemory) -> Tool:
    """The tool through which a job's agent saves a learning for future jobs of its persona."""

    async def promote_learning(learning: str, context: ToolContext) -> dict[str, object]:
        """Guarda um aprendizado útil para jobs futuros desta persona (uma frase objetiva)."""
        text = " ".join(learning.split())[:MAX_LEARNING_CHARS]
        if not text:
            raise ValueError("o aprendizado está vazio")
        key = context.extras.get("idempotency_key")
        stored = await memory.promote(
            context.user_id, context.agent, text, key if isinstance(key, str) else None
        )
        return {"stored": stored, "learning": text}

    return Tool(promote_learning, name="promote_learning", status="Guardando aprendizado...")


IDEMPOTENT = frozenset({"promote_learning"})

__all__ = ["IDEMPOTENT", "InMemoryLongTermMemory", "LongTermMemory", "memory_tool"]
