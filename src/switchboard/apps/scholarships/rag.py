"""The Sisu and Prouni agents' tool cascade (spec 002 §2.4), in this order and no other:

1. `datas_importantes` — the calendar read from the editais (`knowledge.important_dates`): a
   question about *when* is answered from data, exactly, with item and page; the knowledge
   ranker's probabilities for the items (`item_scores`) tell the calendar which event the
   question is about; it answers only when the editais treat the question's subject at all
   (`treats_subject`: "quando sai o resultado do vestibular da UERJ?" shares "resultado" with
   the chamadas, not its subject), and "até quando…?" of an event the editais give only a
   start for is "não encontrei" the end, with the start they give;
2. `buscar_conhecimento` — `knowledge.answer_edital`: the question's program (named or implied
   by the question, else the agent's `collection`, else both, labelled) and only that program's
   documents, answered with the sentence that states the fact and its citation with item and
   page ("Segundo o Edital Prouni 2026, item 1.2, p. 1: “…”"), or "Não encontrei isso nos
   editais de 2026" and where to look when the evidence is weak;
   a first message naming no program (`guessed`: the router picked the program by default)
   is answered from the other program, labelled ("No Prouni — …"), when only that one's
   documents answer it (`other_program`);
   A message that asks two things ("posso marcar cota e bônus junto? quantas ações afirmativas
   posso escolher") and is not answered as a whole is answered part by part (`each_part`), each
   found or "não encontrei" on its own;
3. `buscar_na_web` — a pluggable `WebSearch` provider, only when the editais have no answer.
   None is configured by default and offline, so the agent says honestly that it cannot search
   the web instead of inventing an answer.

A hosted model gets the knowledge step's excerpts (`RagAnswer.passages`: the best passages of
the program, each "[Edital Prouni 2026, item 1.2, p. 1] …") and must cite them.

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

from switchboard.apps.scholarships.router import program_cue
from switchboard.knowledge import (
    EditalAnswer,
    KnowledgeIndex,
    KnowledgeQueryError,
    Query,
    UnknownCollectionError,
    analyse,
    answer_edital,
    dated_excerpts,
    end_not_stated,
    entries_about,
    important_dates,
    programs_for,
    question_parts,
    sharing_entries,
    sign_up_only,
    treats_subject,
)

log = logging.getLogger(__name__)

Collection = Literal["sisu", "prouni"]

NOT_FOUND_TEXT = "Não encontrei isso nos editais de 2026 do Sisu e do Prouni."
NO_WEB = (
    "Também não consigo pesquisar na internet neste modo (busca na web não configurada), então "
    "prefiro não arriscar uma resposta."
)
OFFICIAL_PAGE = "Confira a página oficial do programa em https://acessounico.mec.gov.br."
NO_END_DATE = "Não encontrei nos editais de 2026 até quando isso vai: eles só dizem quando começa."
"""For "até quando…?" when every calendar entry that answers it has only a start."""
DATE_ITEMS = 10
"""Items the ranker scores for the calendar to choose among."""
QUOTED_DATES = 2
"""A calendar answer of at most this many events also quotes the sentence of each event's item
that gives its date (`knowledge.dated_excerpts`); the whole calendar is not quoted."""


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
    """The quoted/retrieved text a hosted model may rephrase (never anything else), each passage
    prefixed with its citation ("[Edital Prouni 2026, item 1.2, p. 1] …")."""
    edital: EditalAnswer | None = None
    """The knowledge step's typed answer (None when the calendar answered or search failed)."""

    @property
    def found(self) -> bool:
        return self.source in ("dates", "knowledge", "web")


async def item_scores(
    index: KnowledgeIndex, query: Query, programs: Sequence[Collection]
) -> dict[tuple[str, str], float]:
    """For a question about *when*: (program, item) → the knowledge ranker's probability that
    the item answers it, so the calendar quotes the date of the event the question is about
    (empty for any other question, or when the corpus is not loaded)."""
    if query.kind != "date" or query.empty:
        return {}
    scores: dict[tuple[str, str], float] = {}
    for program in programs:
        try:
            search = await index.ranked(query, collection=program, k=DATE_ITEMS)
        except UnknownCollectionError:
            continue
        for r in search.ranked:
            if r.hit.chunk.item is not None:
                scores.setdefault((program, r.hit.chunk.item), r.probability)
    return scores


async def _knowledge(
    index: KnowledgeIndex, question: str, collection: Collection | None
) -> EditalAnswer | None:
    """`answer_edital`, or None when nothing in the question is searchable or the corpus is
    not loaded."""
    try:
        return await answer_edital(index, question, collection)
    except (KnowledgeQueryError, UnknownCollectionError) as exc:
        log.warning("knowledge search skipped: %s", exc.message)
        return None


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)


async def cascade(
    question: str,
    collection: Collection | None,
    index: KnowledgeIndex,
    web: WebSearch | None = None,
    *,
    guessed: bool = False,
) -> RagAnswer:
    """Run the cascade for `question` (see the module docstring). `collection` is the program
    the conversation is about (the agent's); None for a cold question that names none.
    `guessed`: `collection` is only the router's pick for a first message (`other_program`)."""
    calls: list[ToolCallRecord] = []
    query = analyse(question)
    programs = programs_for(query, collection)
    args = {"collection": "+".join(programs), "query": question}
    start = time.perf_counter()
    scores = await item_scores(index, query, programs)
    dates = [e for p in programs for e in important_dates(p, question, item_scores=scores)][:6]
    if query.outside:  # "quando cai o dinheiro da bolsa?": no date of the editais answers it
        dates = []
    # the date of *that* event: "o prazo pra entregar a documentação … na lista de espera" is
    # not the sign-up for the lista de espera, which shares two of its words
    pool = [] if query.outside else [e for p in programs for e in sharing_entries(p, question)]
    dates = await entries_about(index, question, dates, pool)
    if (
        dates
        and query.kind == "date"
        and not sign_up_only(question, query)  # the subject is the programme itself
        and not await treats_subject(index, question, collection)
    ):
        # the calendar matches an event by a shared word ("a data da *formatura*"); the
        # editais' evidence decides whether they treat the question's subject at all
        dates = []
    dates_text = "\n".join(entry.text for entry in dates)
    calls.append(
        ToolCallRecord(
            "datas_importantes", args, dates_text or "nenhuma data encontrada", True, _ms(start)
        )
    )
    if dates:
        citations = tuple(dict.fromkeys(entry.citation for entry in dates))
        quoted = await dated_excerpts(index, dates) if len(dates) <= QUOTED_DATES else []
        said = "\n".join(f"Segundo {e.quoted}" for e in quoted)
        text = f"{dates_text}\n\n{said}" if said else dates_text
        if end_not_stated(question, dates):  # "até quando…?" and the edital gives a start only
            text = f"{NO_END_DATE} O que o edital diz:\n{text}\n{OFFICIAL_PAGE}"
        return RagAnswer(text, citations, "dates", calls, (dates_text, *(e.line for e in quoted)))
    start = time.perf_counter()
    edital = await _knowledge(index, question, collection)
    if (
        guessed
        and collection is not None
        and programs_for(query, None) != programs_for(query, collection)
        and program_cue(question) is None
    ):
        edital = await other_program(index, question, collection, edital)
    ok = edital is not None
    excerpts = tuple(e.line for e in edital.excerpts) if edital is not None else ()
    calls.append(
        ToolCallRecord(
            "buscar_conhecimento",
            args,
            "\n".join(excerpts) if excerpts else "nada encontrado",
            ok,
            _ms(start),
        )
    )
    if edital is not None and edital.found:
        labels = tuple(c.label for c in edital.citations)
        return RagAnswer(edital.text, labels, "knowledge", calls, excerpts, edital)
    parts = question_parts(question)
    if len(parts) > 1:  # two questions in one message: each is answered, or not found, alone
        split = await each_part(parts, programs[0] if len(programs) == 1 else collection, index)
        if split is not None:
            split.calls[:0] = calls
            return split
    start = time.perf_counter()
    not_found = edital.text if edital is not None else f"{NOT_FOUND_TEXT} {OFFICIAL_PAGE}"
    if web is None:
        calls.append(
            ToolCallRecord(
                "buscar_na_web", {"query": question}, "não configurada", False, _ms(start)
            )
        )
        return RagAnswer(f"{not_found}\n\n{NO_WEB}", (), "none", calls, excerpts, edital)
    label = " ".join(programs)
    results = list(await web.search(f"{label} 2026 {question}", k=3))
    listing = "\n".join(f"- {r.title}: {r.snippet} ({r.url})" for r in results)
    calls.append(
        ToolCallRecord("buscar_na_web", {"query": question}, listing or "nada", True, _ms(start))
    )
    if not results:
        return RagAnswer(not_found, (), "none", calls, excerpts, edital)
    text = (
        "Não encontrei isso nos editais de 2026; na web encontrei (confira na fonte):\n" + listing
    )
    return RagAnswer(text, tuple(r.url for r in results), "web", calls, (listing,), edital)


async def other_program(
    index: KnowledgeIndex, question: str, collection: Collection, edital: EditalAnswer | None
) -> EditalAnswer | None:
    """For a question that names no program ("carteira de trabalho serve de identidade?"), the
    conversation's program is only a guess (a cold question's router picks one by its words):
    both programs' documents are searched, and when only the *other* one answers it — the
    ranker clearly surer of it (`answer.PROGRAM_MARGIN`), or the conversation's one not found —
    that answer is given, labelled with its program ("No Prouni — …"). Otherwise `edital`. A
    question whose words cue the conversation's program for the router ("enem": `program_cue`)
    is not searched again."""
    wide = await _knowledge(index, question, None)
    if wide is None or not wide.found or wide.program in (None, collection):
        return edital
    return wide


async def each_part(
    parts: Sequence[str], collection: Collection | None, index: KnowledgeIndex
) -> RagAnswer | None:
    """The answers to each question of a message that asks several (`question_parts`), the
    program the whole message names standing for the parts that name none; None when no part
    is answered either."""
    answers = [await cascade(part, collection, index) for part in parts]
    if not any(a.source in ("dates", "knowledge") for a in answers):
        return None
    text = "\n\n".join(f"Sobre “{part}”: {a.text}" for part, a in zip(parts, answers, strict=True))
    citations = tuple(dict.fromkeys(c for a in answers for c in a.citations))
    passages = tuple(p for a in answers for p in a.passages)
    calls = [c for a in answers for c in a.calls]
    source = next(a.source for a in answers if a.source in ("dates", "knowledge"))
    edital = next((a.edital for a in answers if a.edital is not None and a.edital.found), None)
    return RagAnswer(text, citations, source, calls, passages, edital)


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
