"""Facts and summaries of one session, shared by all its agents unless configured otherwise."""

from __future__ import annotations

import json
from typing import Any

from switchboard.store.base import Store, SummaryRecord


class SessionMemory:
    """Facts about one session (remember/recall by key) on the store, so agents keep what the
    user told them across turns."""

    def __init__(self, store: Store, session_id: str) -> None:
        self._store = store
        self.session_id = session_id

    async def remember(self, key: str, value: Any) -> None:
        await self._store.set_fact(self.session_id, key, value)

    async def recall(self, key: str, default: Any = None) -> Any:
        value = await self._store.get_fact(self.session_id, key)
        return default if value is None else value

    async def facts(self) -> dict[str, Any]:
        return await self._store.get_facts(self.session_id)

    async def forget(self, key: str) -> bool:
        return await self._store.delete_fact(self.session_id, key)

    async def add_summary(self, text: str, upto_seq: int) -> SummaryRecord:
        return await self._store.add_summary(self.session_id, text, upto_seq)

    async def latest_summary(self) -> SummaryRecord | None:
        return await self._store.latest_summary(self.session_id)

    async def summaries(self) -> list[SummaryRecord]:
        return await self._store.all_summaries(self.session_id)


def render_memory(facts: dict[str, Any], summary: SummaryRecord | None) -> str:
    """The memory block appended to an agent's system prompt (pt-BR, for the model)."""
    parts = []
    if summary is not None:
        parts.append(f"Resumo da conversa até aqui:\n{summary.text}")
    if facts:
        lines = "\n".join(
            f"- {key}: {json.dumps(value, ensure_ascii=False)}" for key, value in facts.items()
        )
        parts.append(f"Fatos conhecidos sobre esta conversa:\n{lines}")
    return "\n\n".join(parts)
