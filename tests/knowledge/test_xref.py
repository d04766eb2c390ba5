"""Cross-references between items: parsed, resolved to the item (or inciso) pointed at, and
followed by the answer when the text pointed at says what the passage itself does not."""

from __future__ import annotations

from dataclasses import replace

import pytest

from switchboard.knowledge.answer import Search, answer_edital, chosen_passages, followed
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.features import FEATURES, vectors
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse
from switchboard.knowledge.rank import CorpusStats, context, rank, weigh
from switchboard.knowledge.xref import Resolver, inciso_text, references


def item(number: str, text: str, document: str = "Edital Sisu 2026") -> Chunk:
    return Chunk(
        collection="sisu",
        document=document,
        ordinal=int(number.replace(".", "")),
        item=number,
        items=(number,),
        section="",
        page=1,
        page_end=1,
        text=text,
        citation=f"{document}, item {number}",
    )


def test_references_name_items_and_incisos_of_the_same_edital():
    chunk = item(
        "1.4.1",
        "Os limites de renda de que trata o subitem 1.4 deste Edital não se aplicam aos "
        "CANDIDATOS referidos no subitem 1.3, inciso III, no caso especificado em seu "
        "respectivo subitem 1.3.1.",
    )
    found = [(r.item, r.inciso) for r in references(chunk)]
    assert found == [("1.4", None), ("1.3", "III"), ("1.3.1", None)]


def test_a_list_of_items_an_inciso_before_and_the_caput_are_references():
    assert [r.item for r in references(item("8.5.2", "nos subitens 8.5 e 8.5.1, o…"))] == [
        "8.5",
        "8.5.1",
    ]
    before = references(item("7.3.1", "Nos termos do inciso II do subitem 7.3, compete…"))
    assert [(r.item, r.inciso) for r in before] == [("7.3", "II")]
    caput = references(item("1.3.1", "atenda à condição disposta no inciso III do caput"))
    assert [(r.item, r.inciso) for r in caput] == [("1.3", "III")]


def test_another_acts_items_and_whole_chapters_are_not_references():
    text = (
        "conforme disposto no item 2.4 e seus subitens do Edital INEP nº 1, e no item 4 deste "
        "Edital"
    )
    assert references(item("1.2", text)) == ()


def test_the_inciso_pointed_at_is_read_with_its_lead_in():
    text = "O CANDIDATO deverá atender a pelo menos uma das condições: I - ter cursado…; III - ser professor da rede pública."
    assert inciso_text(text, "III") == (
        "O CANDIDATO deverá atender a pelo menos uma das condições: III - ser professor da rede "
        "pública."
    )
    assert inciso_text(text, "V") is None


def test_the_resolver_reads_what_a_passage_points_at_and_who_points_at_it():
    rule = item("3.3", "ordem de critérios em caso de empate: I - maior nota na redação;")
    pointer = item("1.4.3.1", "será considerada a ordem de critérios estabelecida no subitem 3.3")
    other = item("3.3", "outro edital", document="Edital Prouni 2026")
    resolver = Resolver([rule, pointer, other])
    assert resolver.referenced(pointer) == [(rule, rule.text)]
    assert resolver.pointing_at(rule) == [pointer]
    assert resolver.referenced(rule) == []


@pytest.fixture
def index(packaged_index: SqlKnowledgeIndex) -> SqlKnowledgeIndex:
    return packaged_index


async def test_the_answer_follows_a_pointer_to_the_rule_it_defers_to(index):
    # Sisu 1.4.3.1 (two Enem editions tied) says only "a ordem de critérios estabelecida no
    # subitem 3.3"; the order itself, redação first, is item 3.3.
    query = analyse("se empatar a nota no sisu quem fica com a vaga")
    hits, stats, _ = await index.candidates(query, collection="sisu")
    passages = await index.passages("sisu")
    first = next(c for c in passages if c.item == "1.4.3.1")
    found = Search(query, "sisu", rank(query, hits, stats, 8), stats, weigh(query, stats))
    target = followed(found, first, Resolver(passages))
    assert target is not None and target.item == "3.3"
    assert "redação" in target.text
    chosen = chosen_passages(replace(found, ranked=[]), Resolver(passages))
    assert chosen == []


async def test_the_answer_quotes_the_exception_that_points_at_the_rule(index):
    # Prouni 1.4.1 exempts the teachers of 1.3 (inciso III) and 1.3.1 from the income limits
    # without ever saying "professor".
    answer = await answer_edital(
        index, "professor de escola publica tem limite de renda no prouni?"
    )
    assert "1.4.1" in [c.item for c in answer.citations]
    assert "não se aplicam" in answer.text


def test_a_passage_is_read_with_the_text_it_points_at():
    """`cov_ref`: the Prouni's 1.4.1 never says "professor", the inciso it points at does."""
    teachers = item(
        "1.3",
        "o CANDIDATO deverá atender a uma das condições: I - ter cursado o ensino médio; "
        "III - ser professor da rede pública de ensino.",
        document="Edital Prouni 2026",
    )
    exception = item(
        "1.4.1",
        "Os limites de renda não se aplicam aos CANDIDATOS referidos no subitem 1.3, inciso III.",
        document="Edital Prouni 2026",
    )
    stats = CorpusStats.of([teachers, exception])
    query = analyse("professor tem limite de renda?")
    cov, cov_ref = FEATURES.index("cov"), FEATURES.index("cov_ref")
    row = vectors(context(query, stats), [exception])[0]
    assert row[cov_ref] == 1.0 > row[cov]
