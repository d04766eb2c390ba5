"""The Sisu and Prouni agents' tool cascade (spec 002 §2.4), in this order and no other:

1. `datas_importantes` — the calendar read from the editais (`knowledge.important_dates`): a
   question about *when* is answered from data, exactly, with item and page;
2. `buscar_conhecimento` — full-text search over the editais of the agent's own `collection`
   (the original ignored the argument and searched everything), answered extractively with
   citations ("Segundo o Edital Prouni 2026, item 1.1: “…”");
3. `buscar_na_web` — a pluggable `WebSearch` provider. None is configured by default and offline,
   so the agent says honestly that it cannot search the web instead of inventing an answer.

Each step that runs is reported as a `ToolCall` (tool name, arguments, output, ms), so the turn
can stream `tool_start`/`tool_end` and the UI shows "Buscando datas...". Nothing here builds SQL
from text: the knowledge index binds the query (FTS5 / `websearch_to_tsquery`), so a query like
`'; DROP TABLE …` is only words to look for.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from switchboard.knowledge import (
    KnowledgeIndex,
    KnowledgeQueryError,
    UnknownCollectionError,
    extractive_answer,
    important_dates,
)

log = logging.getLogger(__name__)

Collection = Literal["sisu", "prouni"]

NOT_FOUND_TEXT = "Não encontrei essa informação nos editais do Sisu e do Prouni 2026 que tenho."
NO_WEB = (
    "Também não consigo pesquisar na internet neste modo (busca na web não configurada), então "
    "prefiro não arriscar uma resposta."
)
OFFICIAL_PAGE = "Confira a página oficial do programa em https://acessounico.mec.gov.br."


@dataclass(frozen=True, slots=True)
class WebResult:
    title: str
    url: str
    snippet: str


class WebSearch(Protocol):
    """A web search provider (DuckDuckGo, Brave, a company search…), plugged in by the app."""

    async def search(self, query: str, *, k: int = 3) -> Sequence[WebResult]: ...


@dataclass(frozen=True, slots=True)
class ToolCallRecord:
    tool: str
    args: dict[str, str]
    output: str
    ok: bool
    ms: float


@dataclass(slots=True)
class RagAnswer:
    text: str
    citations: tuple[str, ...]
    source: Literal["dates", "knowledge", "web", "none"]
    calls: list[ToolCallRecord] = field(default_factory=list)
    passages: tuple[str, ...] = ()
    """The quoted/retrieved text a hosted model may rephrase (never anything else)."""


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)


async def cascade(
    question: str,
    collection: Collection,
    index: KnowledgeIndex,
    web: WebSearch | None = None,
) -> RagAnswer:
    """Run the cascade for `question` in `collection` (see the module docstring)."""
    calls: list[ToolCallRecord] = []
    start = time.perf_counter()
    dates = important_dates(collection, question)
    dates_text = "\n".join(entry.text for entry in dates[:6])
    calls.append(
        ToolCallRecord(
            "datas_importantes",
            {"collection": collection, "query": question},
            dates_text or "nenhuma data encontrada",
            True,
            _ms(start),
        )
    )
    if dates:
        return RagAnswer(
            dates_text,
            tuple(dict.fromkeys(entry.citation for entry in dates[:6])),
            "dates",
            calls,
            (dates_text,),
        )
    start = time.perf_counter()
    ok = True
    try:
        hits = await index.search(question, collection=collection, k=5)
    except (KnowledgeQueryError, UnknownCollectionError) as exc:
        hits, ok = [], False  # nothing searchable in the question, or the corpus is not loaded
        log.warning("knowledge search skipped: %s", exc.message)
    answer = extractive_answer(question, hits)
    calls.append(
        ToolCallRecord(
            "buscar_conhecimento",
            {"collection": collection, "query": question},
            answer.text if answer.found else "nada encontrado",
            ok,
            _ms(start),
        )
    )
    if answer.found:
        return RagAnswer(
            answer.text,
            answer.citations,
            "knowledge",
            calls,
            tuple(f"{p.citation}: {p.quote}" for p in answer.passages),
        )
    start = time.perf_counter()
    if web is None:
        calls.append(
            ToolCallRecord(
                "buscar_na_web", {"query": question}, "não configurada", False, _ms(start)
            )
        )
        return RagAnswer(f"{NOT_FOUND_TEXT} {NO_WEB}", (), "none", calls)
    results = list(await web.search(f"{collection} 2026 {question}", k=3))
    listing = "\n".join(f"- {r.title}: {r.snippet} ({r.url})" for r in results)
    calls.append(
        ToolCallRecord("buscar_na_web", {"query": question}, listing or "nada", True, _ms(start))
    )
    if not results:
        return RagAnswer(f"{NOT_FOUND_TEXT} {OFFICIAL_PAGE}", (), "none", calls)
    text = "Não achei isso nos editais que tenho; na web encontrei (confira na fonte):\n" + listing
    return RagAnswer(text, tuple(r.url for r in results), "web", calls, (listing,))


__all__ = [
    "NOT_FOUND_TEXT",
    "NO_WEB",
    "Collection",
    "RagAnswer",
    "ToolCallRecord",
    "WebResult",
    "WebSearch",
    "cascade",
]
