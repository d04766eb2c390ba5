"""Students' questions per passage: packaged data keyed to the passage's text, the matcher, the
ranker's `q_sim` / `q_rel` features, candidates found only by them, and the quoted unit."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from switchboard.knowledge import student_questions
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.features import FEATURES, Context, vectors
from switchboard.knowledge.index import in_memory_index
from switchboard.knowledge.ingest import load_corpus, store_documents
from switchboard.knowledge.query import analyse
from switchboard.knowledge.quote import quote
from switchboard.knowledge.rank import CorpusStats, context
from switchboard.knowledge.student_questions import (
    QuestionMatcher,
    StudentQuestion,
    chunk_hash,
    packaged,
    parse,
    questions_for,
)


def chunk(text: str, ordinal: int = 0, item: str | None = "1.1") -> Chunk:
    return Chunk(
        collection="sisu",
        document="Edital Teste 2026",
        ordinal=ordinal,
        item=item,
        items=(item,) if item else (),
        section="DAS INSCRIÇÕES",
        page=1,
        page_end=1,
        text=text,
        citation=f"Edital Teste 2026, item {item}",
        path=("DAS INSCRIÇÕES",),
        breaks=(),
    )


FEE = chunk("Não há cobrança de taxa para a participação no processo seletivo.", 0, "1.1")
DATES = chunk("As inscrições serão realizadas no período de 19 a 23 de janeiro.", 1, "1.2")


def table_for(*pairs: tuple[Chunk, list[tuple[str, str]]]) -> str:
    rows = [
        {
            "document_id": "sisu/teste",
            "chunk_hash": chunk_hash(c.text),
            "questions": [{"q": q, "fact": f} for q, f in questions],
        }
        for c, questions in pairs
    ]
    return "\n".join(json.dumps(r, ensure_ascii=False) for r in rows)


TABLE = parse(
    table_for(
        (FEE, [("precisa pagar alguma coisa pra se inscrever?", "Não há cobrança de taxa")]),
        (DATES, [("qnd abre as inscriçoes?", "no período de 19 a 23 de janeiro")]),
    )
)


def test_questions_are_keyed_by_document_and_the_passage_text():
    assert [q.question for q in questions_for("sisu/teste", FEE, TABLE)] == [
        "precisa pagar alguma coisa pra se inscrever?"
    ]
    assert questions_for("sisu/outro", FEE, TABLE) == ()  # another document
    changed = replace(FEE, text=FEE.text + " Revogado.")  # re-ingested with another text
    assert questions_for("sisu/teste", changed, TABLE) == ()


def test_lines_of_one_passage_merge_and_duplicates_drop():
    text = table_for(
        (FEE, [("tem taxa?", "taxa")]), (FEE, [("tem taxa?", "taxa"), ("é de graça?", "")])
    )
    merged = parse(text)
    assert [q.question for q in merged[("sisu/teste", chunk_hash(FEE.text))]] == [
        "tem taxa?",
        "é de graça?",
    ]


def test_the_packaged_questions_belong_to_packaged_passages_and_quote_them():
    passages = {(d.info.id, chunk_hash(c.text)): c for d in load_corpus() for c in d.chunks}
    table = packaged()
    assert len(table) >= 100
    for key, questions in table.items():
        assert key in passages, key
        for q in questions:
            assert q.fact in passages[key].text


def test_the_matcher_finds_the_passage_through_a_typo_and_chat_spelling():
    matcher = QuestionMatcher.of([("sisu/teste", FEE), ("sisu/teste", DATES)], TABLE)
    assert matcher is not None and len(matcher) == 2
    found = matcher.match("quando abre as inscrisoes do sisu")
    best = max(found, key=lambda key: found[key].similarity)
    assert best == (DATES.document, DATES.ordinal)
    assert found[best].asked.fact == "no período de 19 a 23 de janeiro"


def test_a_collection_without_questions_has_no_matcher_and_zero_features():
    stats = CorpusStats.of([FEE, DATES])  # no document ids: a user-ingested collection
    assert stats.asked is None
    query = analyse("tem taxa de inscrição?")
    rows = vectors(context(query, stats), [FEE, DATES])
    for name in ("q_sim", "q_rel"):
        assert [row[FEATURES.index(name)] for row in rows] == [0.0, 0.0]


def test_q_sim_is_the_closest_question_and_q_rel_relative_to_the_best():
    query = analyse("tem taxa de inscrição?")
    stats = CorpusStats.of([FEE, DATES])
    ctx = Context(query, tuple(context(query, stats).weights), stats.idf or {}, 1.0)
    ctx = replace(ctx, asked={(FEE.document, 0): 0.6, (DATES.document, 1): 0.3})
    rows = vectors(ctx, [FEE, DATES])
    sim, rel = FEATURES.index("q_sim"), FEATURES.index("q_rel")
    assert (rows[0][sim], rows[0][rel]) == (0.6, 1.0)
    assert (rows[1][sim], rows[1][rel]) == (0.3, 0.5)


async def test_a_passage_found_only_by_its_student_questions_is_a_candidate(monkeypatch):
    table = parse(table_for((FEE, [("é de graça ou tem q pagar?", "Não há cobrança de taxa")])))
    monkeypatch.setattr(student_questions, "packaged", lambda: table)
    from switchboard.knowledge.ingest import SourceDocument
    from switchboard.knowledge.models import DocumentInfo

    index = in_memory_index()
    info = DocumentInfo("sisu/teste", "sisu", "Edital Teste 2026", "t.pdf", "h", 2, _now())
    await store_documents(index, [SourceDocument(info, (FEE, DATES))])
    # no word of the question is in the passage ("graça", "pagar" vs "cobrança", "taxa")
    hits, stats, _ = await index.candidates(
        analyse("é de graça ou tem q pagar?"), collection="sisu"
    )
    assert stats.asked is not None
    assert FEE in [h.chunk for h in hits]


def _now():
    from datetime import UTC, datetime

    return datetime(2026, 1, 12, tzinfo=UTC)


LONG = chunk(
    "O CANDIDATO deverá acompanhar as chamadas pela página do programa, sendo de sua "
    "responsabilidade observar os prazos e horários estabelecidos neste Edital para cada etapa. "
    "A instituição poderá exigir documentos complementares previstos em seu edital próprio, "
    "que deverão ser apresentados no momento da matrícula pelo CANDIDATO selecionado na chamada. "
    "Em nenhuma hipótese será aceita a entrega de documentos fora do prazo estabelecido pela "
    "instituição, nem por procurador sem instrumento de mandato com firma reconhecida em cartório. "
    "Os resultados serão divulgados na página do programa, com a relação dos selecionados em cada "
    "curso e turno, e a instituição publicará os locais e horários de atendimento aos CANDIDATOS.",
    3,
    "4.2",
)


@pytest.mark.parametrize("fact", ["nem por procurador sem instrumento de mandato"])
def test_the_unit_holding_the_matched_fact_is_quoted(fact):
    query = analyse("meu tio pode entregar os papeis no meu lugar?")
    stats = CorpusStats.of([LONG, FEE, DATES])
    weights = context(query, stats).weights
    plain = quote(query, weights, LONG)
    chosen = quote(query, weights, LONG, fact)
    assert fact in chosen.text
    assert chosen.anchor == LONG.text.index("Em nenhuma hipótese")
    assert chosen.text != plain.text or fact in plain.text


def test_a_fact_absent_from_the_passage_changes_nothing():
    query = analyse("meu tio pode entregar os papeis no meu lugar?")
    weights = context(query, CorpusStats.of([LONG])).weights
    assert quote(query, weights, LONG, "texto que não está lá") == quote(query, weights, LONG)


def test_student_question_records_are_plain_values():
    assert StudentQuestion("a?", "b") == StudentQuestion("a?", "b")


def _ranked(c: Chunk, query, stats) -> list:
    from switchboard.knowledge.models import Hit
    from switchboard.knowledge.rank import rank

    return rank(query, [Hit(c, 1.0, "sisu/teste")], stats, 1)


def test_a_foreign_word_the_close_student_question_says_is_not_silence():
    from switchboard.knowledge.notfound import ASKED_SAYS, evidence, is_strong
    from switchboard.knowledge.student_questions import QuestionMatch

    passage = chunk(
        "As opções de curso constituem atos de vontade própria e de integral responsabilidade "
        "do CANDIDATO.",
        0,
        "1.6.2",
    )
    stats = CorpusStats.of([passage, FEE, DATES])
    query = analyse("se eu errar a opção de curso a culpa é de quem?")
    weights = context(query, stats).weights
    ranked = _ranked(passage, query, stats)
    plain = evidence(query, "sisu", ranked, weights, stats.df)
    assert plain.foreign  # "culpa", "errar": no passage says them
    close = QuestionMatch(
        ASKED_SAYS + 0.1, StudentQuestion("se eu errar a opção a culpa é minha?", "")
    )
    far = QuestionMatch(ASKED_SAYS - 0.1, close.asked)
    other = QuestionMatch(0.9, StudentQuestion("a opção de curso é minha responsabilidade?", ""))
    assert is_strong(evidence(query, "sisu", ranked, weights, stats.df, close))
    assert not is_strong(evidence(query, "sisu", ranked, weights, stats.df, far))
    assert not is_strong(evidence(query, "sisu", ranked, weights, stats.df, other))


ALINEAS = chunk(
    "Observado o disposto nos subitens anteriores deste Edital, o CANDIDATO deverá atender a "
    "pelo menos uma das condições a seguir, comprovadas na forma da legislação vigente: "
    "I - tenha cursado: a) o ensino médio integralmente em escola da rede pública; "
    "b) o ensino médio integralmente em instituição privada, na condição de bolsista integral "
    "da respectiva instituição; c) o ensino médio parcialmente em escola da rede pública e "
    "parcialmente em outra, conforme as regras de comprovação definidas pelo Ministério; "
    "II - seja pessoa com deficiência, na forma prevista na legislação aplicável a cada caso; "
    "III - seja professor da rede pública de ensino, exclusivamente para os cursos de "
    "licenciatura destinados à formação do magistério da educação básica, independentemente "
    "da renda a que se referem os subitens anteriores, conforme a legislação do Programa.",
    4,
    "1.3",
)


def test_a_fact_does_not_beat_a_unit_that_says_the_whole_question():
    """The closest student question was about alínea a (its frame is the same); alínea b says
    everything the question names, so b is quoted (`quote.FACT_WHOLE`)."""
    query = analyse("fiz o ensino medio todo em instituição privada como bolsista integral, serve?")
    weights = context(query, CorpusStats.of([ALINEAS, FEE, DATES])).weights
    chosen = quote(
        query, weights, ALINEAS, "o ensino médio integralmente em escola da rede pública"
    )
    assert "bolsista integral" in chosen.text
    assert chosen.anchor == ALINEAS.text.index("b) o ensino médio")
    # when no unit says it all, the fact still locates the answer
    query = analyse("quem estudou na rede entra?")
    weights = context(query, CorpusStats.of([ALINEAS, FEE, DATES])).weights
    fact = "o ensino médio parcialmente em escola da rede pública"
    assert fact in quote(query, weights, ALINEAS, fact).text
