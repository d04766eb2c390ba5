"""A yes/no question gets its verdict ("Sim." / "Não.") when the quoted passage rules on it, and
none when it does not (an open "e se…?", alternatives, a rule with a condition, a sentence that
does not say the question) — passages and questions written for these tests."""

from __future__ import annotations

import pytest

from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse
from switchboard.knowledge.verdict import kind_of, verdict

CHANGE = "A Secretaria de Educação Superior poderá alterar o cronograma do processo seletivo."
FORBID = (
    "Serão aplicadas as seguintes regras: I - a vaga será da instituição; II - o CANDIDATO não "
    "poderá trocar de turno depois da inscrição; e III - a instituição publicará a lista."
)
RECEIPT = "A instituição deverá emitir comprovante de recebimento da documentação entregue."
EXCLUDED = (
    "Estão excluídos do cálculo de que trata este Anexo: … II - os valores recebidos do "
    "programa de auxílio gás."
)
ONLY = "O CANDIDATO professor poderá se inscrever apenas a bolsas de cursos de licenciatura."


@pytest.mark.parametrize(
    ("question", "passages", "expected"),
    [
        ("a secretaria consegue alterar o cronograma?", [CHANGE], "Sim"),
        ("da pra trocar de turno depois da inscrição?", [FORBID], "Não"),
        ("a instituição é obrigada a emitir comprovante da documentação?", [RECEIPT], "Sim"),
        ("o auxílio gás entra no cálculo?", [EXCLUDED], "Não"),
        ("professor pode se inscrever em bolsa de engenharia?", [ONLY], None),  # a condition
        ("e se a secretaria alterar o cronograma?", [CHANGE], None),  # open question
        ("o cronograma é fixo ou pode alterar?", [CHANGE], None),  # alternatives
        ("a secretaria pode alterar o cronograma", [CHANGE], None),  # no question mark
        ("posso trocar de curso?", [RECEIPT], None),  # the sentence does not say it
    ],
)
def test_the_verdict_is_read_from_the_sentence_that_says_the_question(
    question: str, passages: list[str], expected: str | None
) -> None:
    assert verdict(analyse(question), passages) == expected


def test_a_number_the_passage_does_not_say_gets_no_verdict() -> None:
    passage = "O CANDIDATO poderá se inscrever em até 2 (duas) opções de curso."
    assert verdict(analyse("posso me inscrever em 4 opções de curso?"), [passage]) is None
    assert verdict(analyse("posso me inscrever em 2 opções de curso?"), [passage]) == "Sim"


def test_which_questions_ask_no_yes_or_no() -> None:
    assert kind_of(analyse("que documento a mais eu preciso levar?")) is None
    assert kind_of(analyse("a renda é bruta ou líquida?")) is None
    assert kind_of(analyse("preciso levar o histórico?")) == "obligation"


@pytest.fixture
def index(packaged_index: SqlKnowledgeIndex) -> SqlKnowledgeIndex:
    return packaged_index


async def test_the_answer_leads_with_the_verdict(index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(index, "é verdade que o sisu cobra taxa de inscrição?", "sisu")
    # the question's verb said back (branch ret8: "cobra" joins `verdict._FRAME`)
    assert answer.found and answer.text.startswith("Não, não cobra. Segundo"), answer.text
    answer = await answer_edital(index, "as datas do cronograma do sisu podem ser alteradas?")
    assert answer.found and answer.text.startswith("Sim. Segundo"), answer.text


RESIDENCE = (
    "O coordenador deverá solicitar somente um dos seguintes comprovantes de residência: … "
    "1. Conta de água. 2. Conta de luz. 3. Boleto bancário de condomínio."
)
EXCLUSIONS = (
    "Estão excluídos do cálculo de que trata este Anexo … II - os rendimentos dos seguintes "
    "programas: a) Programa Vale Gás; b) Programa Pé-de-Meia. III - a pensão paga pelo "
    "alimentante, exclusivamente no caso de decisão judicial."
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("conta de luz vale como comprovante de residência?", "Sim"),  # an entry of the list
        ("o pé-de-meia entra no cálculo?", "Não"),  # an entry of an exclusion list (nested)
        ("a pensão entra no cálculo?", None),  # excluded only under a condition
        ("o salário entra no cálculo?", None),  # no entry names it
    ],
)
def test_a_list_entry_takes_its_lead_in_only_when_it_names_the_subject(
    question: str, expected: str | None
) -> None:
    passages = [RESIDENCE] if "residência" in question else [EXCLUSIONS]
    assert verdict(analyse(question), passages) == expected


def test_vale_como_asks_yes_or_no() -> None:
    assert "yesno" in analyse("extrato do banco vale como comprovante de residência?").asks


async def test_the_sub_item_that_states_the_fact_is_quoted_first(index: SqlKnowledgeIndex) -> None:
    """1.10 makes the nota de corte available; 1.10.1 says it guarantees nothing: the answer
    leads with the sub-item, and its verdict."""
    answer = await answer_edital(index, "a nota de corte do sisu garante a vaga?", "sisu")
    assert answer.citations[0].item == "1.10.1", answer.text
    assert answer.text.startswith("Não. Segundo o Edital Sisu 2026, item 1.10.1"), answer.text
