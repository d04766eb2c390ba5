"""Sisu/Prouni answers: cascade order, collection honoured, citations, no invention."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from switchboard.apps.scholarships.rag import NO_WEB, WebResult, cascade
from switchboard.apps.scholarships.records import OPPORTUNITIES, OpportunityFilters
from switchboard.apps.scholarships.router import program_cue
from switchboard.knowledge import KNOWLEDGE, important_dates, ingest_packaged
from switchboard.knowledge.index import in_memory_index
from switchboard.store.in_memory import InMemoryStore

from .helpers import make_app, onboarded, say


@pytest.fixture(scope="module")
def store() -> InMemoryStore:
    import asyncio

    store = InMemoryStore()
    asyncio.run(ingest_packaged(store.repository(KNOWLEDGE)))
    return store


@pytest.mark.parametrize(
    ("collection", "question", "citation", "expected"),
    [
        (
            "prouni",
            "quando abrem as inscrições do Prouni?",
            "Edital Prouni 2026, item 1.1",
            "26 de janeiro de 2026",
        ),
        (
            "prouni",
            "qual a nota mínima do Enem para o Prouni?",
            "Edital Prouni 2026, item 1.2",
            "450",
        ),
        (
            "prouni",
            "qual o limite de renda para bolsa integral?",
            "Edital Prouni 2026, item 1.4",
            "1,5",
        ),
        ("sisu", "treineiros podem participar do Sisu?", "Edital Sisu 2026, item 1.4", "treineiro"),
        ("sisu", "quais edições do Enem valem para o Sisu?", "Edital Sisu 2026, item 1.4", "Enem"),
    ],
)
async def test_answers_quote_the_edital_with_a_citation(
    store: InMemoryStore, collection: str, question: str, citation: str, expected: str
) -> None:
    answer = await cascade(question, collection, store.repository(KNOWLEDGE))  # type: ignore[arg-type]
    assert any(c.startswith(citation) for c in answer.citations), answer.citations
    assert expected in answer.text
    assert all(c.startswith(f"Edital {collection.capitalize()}") for c in answer.citations)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("quando eu manifesto interesse na lista de espera do prouni?", "25 e 26 de março"),
        ("quando é a entrega dos documentos da primeira chamada do prouni?", "3 a 13 de fevereiro"),
    ],
)
async def test_a_calendar_answer_quotes_the_editals_own_sentence(
    store: InMemoryStore, question: str, words: str
) -> None:
    """The calendar's exact dates come with the sentence of the item that gives them, in the
    edital's words ("nos dias 25 e 26 de março de 2026"), so the student can check them."""
    answer = await cascade(question, "prouni", store.repository(KNOWLEDGE))
    assert answer.source == "dates"
    assert words in answer.text and "Segundo o Edital Prouni 2026, item" in answer.text, answer.text
    assert any(words in p for p in answer.passages)  # a hosted model gets the quote too


async def test_cascade_order_dates_first_then_knowledge(store: InMemoryStore) -> None:
    dates = await cascade("quando sai o resultado do Sisu?", "sisu", store.repository(KNOWLEDGE))
    assert dates.source == "dates" and [c.tool for c in dates.calls] == ["datas_importantes"]
    rules = await cascade(
        "quem pode se inscrever no Prouni?", "prouni", store.repository(KNOWLEDGE)
    )
    assert rules.source == "knowledge"
    assert [c.tool for c in rules.calls] == ["datas_importantes", "buscar_conhecimento"]


@pytest.mark.parametrize("question", ["quando fecha o sisu?", "o sisu abre quando?"])
async def test_a_programme_that_opens_or_closes_is_its_sign_up(
    store: InMemoryStore, question: str
) -> None:
    answer = await cascade(question, "sisu", store.repository(KNOWLEDGE))
    assert answer.source == "dates" and "Inscrições do Sisu" in answer.text, answer.text


async def test_unconfigured_web_search_says_so_honestly() -> None:
    empty = InMemoryStore()
    answer = await cascade("qual a nota de corte de medicina?", "sisu", empty.repository(KNOWLEDGE))
    assert answer.source == "none" and NO_WEB in answer.text and answer.citations == ()
    assert [c.tool for c in answer.calls][-1] == "buscar_na_web"


async def test_a_plugged_web_search_is_the_last_resort() -> None:
    class FakeWeb:
        def __init__(self) -> None:
            self.queries: list[str] = []

        async def search(self, query: str, *, k: int = 3) -> Sequence[WebResult]:
            self.queries.append(query)
            return [WebResult("Página do MEC", "https://acessounico.mec.gov.br", "Sisu 2026")]

    web = FakeWeb()
    answer = await cascade(
        "algo sem resposta nos editais", "sisu", InMemoryStore().repository(KNOWLEDGE), web
    )
    assert answer.source == "web" and "https://acessounico.mec.gov.br" in answer.citations
    assert web.queries == ["sisu 2026 algo sem resposta nos editais"]


@pytest.mark.parametrize(
    "attack",
    [
        "'; DROP TABLE knowledge_chunks; --",
        'prouni" OR 1=1 --',
        "NEAR(renda salário) * ^ AND OR NOT",
        "%' UNION SELECT * FROM profiles --",
    ],
)
async def test_search_tools_treat_injection_attempts_as_words(
    store: InMemoryStore, attack: str
) -> None:
    answer = await cascade(attack, "prouni", store.repository(KNOWLEDGE))
    assert answer.source in ("knowledge", "none")
    again = await cascade(
        "quando abrem as inscrições do Prouni?", "prouni", store.repository(KNOWLEDGE)
    )
    assert again.source == "dates"  # the index is intact
    repo = store.repository(OPPORTUNITIES)
    await repo.load_seed()
    assert await repo.search(OpportunityFilters(course=attack)) == []
    assert await repo.search(OpportunityFilters(city=attack)) == []


async def test_prouni_agent_answers_through_the_app_with_a_citation() -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(app, "Qual a nota mínima do Enem para o Prouni?")
    assert reply.agent == "prouni" and "Edital Prouni 2026, item 1.2" in reply.text
    follow = await say(app, "e quando abrem as inscrições?")  # stays with the prouni agent
    assert follow.agent == "prouni" and "Edital Prouni 2026, item 1.1" in follow.text


async def test_the_calendar_quotes_the_event_the_ranker_reads_in_the_question(
    store: InMemoryStore,
) -> None:
    """The told part ("já entreguei a documentação") names no event: the calendar keeps 5.1
    only, and the answer states 5.1's date, citing 5.1 first. Since ret4 the aside weighs half
    (concepts, topic, the student questions matched on the asking part too); from ret3 until
    then the ranker read it as the question for 4.1 (the documents' dates) and quoted 4.1
    first."""
    question = (
        "já entreguei a documentação na faculdade, até quando eles confirmam que ganhei a bolsa "
        "da primeira chamada?"
    )
    assert {e.item for e in important_dates("prouni", question)} == {"5.1"}
    answer = await cascade(question, "prouni", store.repository(KNOWLEDGE))
    assert answer.citations and "item 5.1" in answer.citations[0], answer.citations
    assert "3 a 24 de fevereiro de 2026" in answer.text or "3 de fevereiro de 2026 a 24" in (
        answer.text
    )


@pytest.mark.parametrize(
    ("question", "item"),
    [("as datas do sisu 2026 podem mudar?", "8.7"), ("o edital do prouni é de que data?", "7.7")],
)
async def test_questions_that_mention_dates_are_answered_from_the_editais(
    store: InMemoryStore, question: str, item: str
) -> None:
    answer = await cascade(question, None, store.repository(KNOWLEDGE))
    assert answer.source == "knowledge", answer.text
    assert any(f"item {item}," in c for c in answer.citations), answer.citations


async def test_the_calendar_does_not_answer_a_topic_the_editais_do_not_treat() -> None:
    """ "Quando cai o dinheiro da bolsa?" is no event of the editais' calendar."""
    index = in_memory_index()
    await ingest_packaged(index)
    answer = await cascade("o dinheiro da bolsa do prouni cai na conta quando?", None, index)
    assert answer.source == "none"
    assert answer.text.startswith("Não encontrei isso nos editais de 2026")


@pytest.mark.parametrize(
    "question",
    [
        "qual a data da formatura de quem entra pelo prouni?",  # "data": the whole calendar
        "quando sai o resultado do vestibular da uerj?",  # "resultado": the chamadas
        "quando abre a inscrição do estágio pra quem passa no sisu?",  # the inscriptions
    ],
)
async def test_the_calendar_does_not_answer_a_subject_the_editais_do_not_treat(
    store: InMemoryStore, question: str
) -> None:
    answer = await cascade(question, None, store.repository(KNOWLEDGE))
    assert answer.source != "dates" and answer.text.startswith("Não encontrei"), answer.text


async def test_an_end_the_editais_do_not_give_is_not_found_with_the_start_they_give(
    store: InMemoryStore,
) -> None:
    question = "até quando as faculdades lançam a ocupação das vagas no sisu?"
    answer = await cascade(question, None, store.repository(KNOWLEDGE))
    assert answer.text.startswith("Não encontrei nos editais de 2026 até quando"), answer.text
    assert "a partir de 2 de fevereiro de 2026" in answer.text
    assert answer.citations == ("Edital Sisu 2026, item 5.1, p. 4",)


async def test_a_guessed_program_gives_way_to_the_one_whose_documents_answer(
    store: InMemoryStore,
) -> None:
    """A first message naming no program: the router's pick (Sisu by default) is only a guess,
    so the Prouni documents answer when only they do, and the answer says whose they are."""
    index = store.repository(KNOWLEDGE)
    question = "a carteira de trabalho vale como documento de identificação?"
    answer = await cascade(question, "sisu", index, guessed=True)
    assert answer.found and answer.text.startswith("No Prouni"), answer.text
    kept = await cascade(question, "sisu", index)  # the conversation's program is kept
    assert "No Prouni" not in kept.text
    cued = await cascade("quais edições do enem valem?", "sisu", index, guessed=True)
    assert "No Prouni" not in cued.text  # "enem" is the router's cue for the Sisu


async def test_a_way_the_edital_lets_the_student_choose_is_not_required(
    store: InMemoryStore,
) -> None:
    question = "preciso ir pessoalmente levar os documentos na faculdade?"
    answer = await cascade(question, "sisu", store.repository(KNOWLEDGE), guessed=True)
    # the verdict says the obligation's verb back (branch ret8, `verdict._MUST`)
    assert answer.text.startswith("Não, não precisa ir. No Prouni"), answer.text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a nota do enem de 2023 ainda vale?", "sisu"),
        ("bolsa parcial cobre a matrícula?", "prouni"),
        ("holerite do meu pai serve pra comprovar renda?", "prouni"),
        ("a carteira de trabalho vale como identidade?", None),
    ],
)
def test_the_program_a_message_cues(text: str, expected: str | None) -> None:
    assert program_cue(text) == expected


async def test_a_question_about_ones_chances_says_where_cutoffs_live() -> None:
    """ "Tirei 680, dá pra passar em medicina?": the editais have no cut-off scores, so the
    answer says so, where they are shown, and what the assistant can do instead."""
    from switchboard.apps.scholarships.agents import CUTOFF_HINT

    app = make_app()
    await app.start()
    reply = await say(app, "tirei 680 no enem, dá pra passar em medicina pelo sisu?")
    assert "Não encontrei" in reply.text and reply.text.startswith(CUTOFF_HINT)
    plain = await say(app, "o sisu cobra taxa de inscrição?", session="s2")
    assert CUTOFF_HINT not in plain.text
