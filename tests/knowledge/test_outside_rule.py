"""A yes/no question whose told fact is one a restriction's own list leaves out gets a "Não"
(branch ret9, issue 20 item 7): an Enem year outside the editions named, a zero in the redação
where a score above zero is required, a média below the stated minimum. "Somente…" alone still
gives no verdict when the told case is inside the list or unclear. Questions written for these
tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.knowledge.analysis import fold
from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse
from switchboard.knowledge.verdict import asks_whether, outside_rule, told_score

RULE = fold(
    "Somente poderá se inscrever no processo seletivo o CANDIDATO que tenha participado da "
    "edição de 2024 ou de 2025 do Enem e que, cumulativamente, tenha obtido nota igual ou "
    "superior a 450 (quatrocentos e cinquenta) pontos na média das cinco provas do Enem e nota "
    "acima de zero na prova de redação, conforme Portaria MEC nº 391, de 7 de fevereiro de 2002."
)


@pytest.mark.parametrize(
    "question",
    [
        "da pra aproveitar o enem de 2021 na bolsa?",
        "a redação do meu irmão zerou, ele consegue se inscrever?",
        "fiquei com 398 de média no enem, posso me inscrever?",
    ],
)
def test_a_told_fact_the_rule_leaves_out(question: str) -> None:
    assert outside_rule(analyse(question), RULE)


@pytest.mark.parametrize(
    "question",
    [
        "da pra aproveitar o enem de 2025 na bolsa?",  # inside the list
        "fiz o enem de 2022 e o de 2024, posso me inscrever?",  # one year counts
        "fiquei com 610 de média no enem, posso me inscrever?",  # above the minimum
        "tirei 380 na redação, posso me inscrever?",  # a redação score is no média
        "minha familia ganha 400 por pessoa, posso me inscrever?",  # money, not a score
        "nao zerei a redação, posso me inscrever?",  # the question negates
    ],
)
def test_no_exclusion_when_the_told_case_fits_or_is_unclear(question: str) -> None:
    assert not outside_rule(analyse(question), RULE)


def test_a_rule_without_restriction_excludes_nothing() -> None:
    plain = fold("As notas da edição de 2024 ou de 2025 do Enem serão usadas na classificação.")
    assert not outside_rule(analyse("da pra aproveitar o enem de 2021 na bolsa?"), plain)


def test_told_score_reads_one_media() -> None:
    assert told_score(fold("fiquei com 398 de média no enem")) == 398
    assert told_score(fold("tirei 700 na redação")) is None
    assert told_score(fold("tenho 17 anos e fiz 500 no enem")) is None


def test_an_obligation_is_no_such_question() -> None:
    assert not asks_whether(analyse("preciso ter feito o enem de 2025?"))
    assert asks_whether(analyse("quem zerou a redação pode tentar a bolsa do prouni?"))


@pytest.mark.parametrize(
    ("question", "item"),
    [
        ("consigo usar a nota do enem 2022 pra me inscrever no prouni?", "1.2"),
        ("quem zerou a redação pode tentar a bolsa do prouni?", "1.2"),
        ("o enem de 2020 ainda serve pro sisu?", "1.4"),
    ],
)
async def test_the_answer_leads_with_no_and_keeps_the_quote(
    packaged_index: SqlKnowledgeIndex, question: str, item: str
) -> None:
    answer = await answer_edital(packaged_index, question)
    assert answer.text.startswith("Não"), answer.text
    assert answer.citations[0].item == item
    assert f"item {item}, p. " in answer.text


async def test_a_year_inside_the_list_gets_no_verdict(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(packaged_index, "consigo usar a nota do enem 2025 no prouni?")
    assert not answer.text.startswith(("Não", "Sim")), answer.text


@pytest.mark.parametrize(
    "question",
    [
        "zerei a redação de 2025 mas a de 2024 foi normal, posso me inscrever?",
        "terminei o ensino medio em 2019, posso me inscrever?",  # no Enem year told
    ],
)
def test_a_zero_in_one_of_two_editions_or_a_year_of_something_else(question: str) -> None:
    assert not outside_rule(analyse(question), RULE)
