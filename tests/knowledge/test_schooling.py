"""The student's told situation against the alternatives of an any-one-of rule (Prouni 1.3):
the quote is cut to the alínea or inciso that fits, and a yes/no or eligibility question gets
the fact first ("Sim: pelo item 1.3, … (inciso I, alínea e)"). Questions written for these
tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse
from switchboard.knowledge.schooling import fit, fitting, stated, statement, told
from switchboard.knowledge.sentences import units

ITEM_13 = (
    "Observado o disposto nos subitens 1.2 e 1.2.1 deste Edital, o CANDIDATO deverá atender a "
    "pelo menos uma das condições a seguir: I - tenha cursado: a) o ensino médio integralmente "
    "em escola da rede pública; b) o ensino médio integralmente em instituição privada, na "
    "condição de bolsista integral da respectiva instituição; c) o ensino médio parcialmente em "
    "escola da rede pública e parcialmente em instituição privada, na condição de bolsista "
    "integral da respectiva instituição; d) o ensino médio parcialmente em escola da rede "
    "pública e parcialmente em instituição privada, na condição de bolsista parcial da "
    "respectiva instituição ou sem a condição de bolsista; e e) o ensino médio integralmente em "
    "instituição privada, na condição de bolsista parcial da respectiva instituição ou sem a "
    "condição de bolsista; II - seja pessoa com deficiência, na forma prevista na legislação; ou "
    "III - seja professor da rede pública de ensino, exclusivamente para os cursos de "
    "licenciatura e pedagogia."
)


def chosen(question: str) -> list[str]:
    parts = units(ITEM_13)
    return [parts[i].text.split()[0] for i in fitting(analyse(question), parts)]


@pytest.mark.parametrize(
    ("question", "alternatives"),
    [
        ("fiz o ensino medio todo em colegio estadual, posso fazer o prouni?", ["a)"]),
        ("estudei só em escola municipal, da pra tentar o prouni?", ["a)"]),
        ("estudei em particular com bolsa de 100%, posso?", ["b)"]),
        ("meu filho estudou em escola particular com meia bolsa, ele pode?", ["e)"]),
        ("estudei em colegio particular pagando a mensalidade, posso tentar o prouni?", ["e)"]),
        ("fiz 1 ano em escola publica e o resto em particular sem bolsa, posso?", ["d)"]),
        ("estudei parte em publica e parte em particular com bolsa integral, posso?", ["c)"]),
        ("sou cadeirante, tenho direito ao prouni?", ["II"]),
        ("sou professora da rede estadual, posso fazer o prouni?", ["III"]),
        # no school and no condition told: nothing to pick
        ("quem pode fazer o prouni?", []),
        ("qual a nota minima do prouni?", []),
    ],
)
def test_the_told_situation_picks_its_alternative(question: str, alternatives: list[str]) -> None:
    assert chosen(question) == alternatives


def test_an_untold_scholarship_keeps_every_alternative_it_may_be() -> None:
    # private school, no word of a scholarship: b) (integral) or e) (parcial or none)
    assert chosen("estudei em escola particular, posso fazer o prouni?") == ["b)", "e)"]


def test_a_contradiction_never_fits() -> None:
    public_whole = told(analyse("estudei o ensino médio todo em escola pública, posso?"))
    assert (
        fit(
            public_whole,
            stated(
                "c) parcialmente em escola da rede pública e parcialmente em instituição privada"
            ),
        )
        == 0
    )
    assert (
        fit(public_whole, stated("a) o ensino médio integralmente em escola da rede pública")) == 2
    )


def test_the_statement_says_yes_the_item_and_the_alternative_before_the_quote() -> None:
    query = analyse("minha sobrinha estudou em particular com bolsa de 50%, pode tentar o prouni?")
    said = statement(query, units(ITEM_13), "1.3")
    assert said is not None
    assert said.startswith("Sim: pelo item 1.3")
    assert "(inciso I, alínea e)" in said
    assert "tenha cursado o ensino médio integralmente em instituição privada" in said
    # a question that asks no yes/no and tells nothing gets none
    assert statement(analyse("qual a renda maxima do prouni?"), units(ITEM_13), "1.3") is None


async def test_a_yes_no_school_question_states_the_fact_then_quotes_its_alinea(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    answer = await answer_edital(
        packaged_index,
        "meu irmao fez o ensino medio inteiro em escola publica, ele pode tentar o prouni?",
    )
    assert answer.found, answer.text
    assert answer.text.startswith("Sim: pelo item 1.3"), answer.text
    assert "alínea a" in answer.text
    assert answer.citations[0].item == "1.3"
    quote = answer.text.split("Segundo o Edital Prouni 2026", 1)[1]
    assert "a) o ensino médio integralmente em escola da rede pública" in quote
    assert "b) o ensino médio integralmente em instituição privada" not in quote


async def test_a_condition_told_with_a_detail_the_editais_lack_is_answered(
    packaged_index: SqlKnowledgeIndex,
) -> None:
    # "visual" is in no document; the condition told (deficiência) is inciso II's
    answer = await answer_edital(
        packaged_index,
        "tenho deficiencia visual e estudei em particular, posso me inscrever no prouni?",
    )
    assert answer.found, answer.text
    assert "(inciso II)" in answer.text


def test_an_order_of_priority_is_no_list_of_alternatives() -> None:
    order = (
        "A classificação observará a seguinte ordem: I - professor da rede pública de ensino; "
        "II - CANDIDATO que tenha cursado o ensino médio integralmente em escola da rede "
        "pública; III - CANDIDATO que tenha cursado o ensino médio parcialmente em escola da "
        "rede pública e parcialmente em instituição privada."
    )
    query = analyse("quem estudou em escola publica tem preferencia no prouni?")
    assert fitting(query, units(order)) == []
