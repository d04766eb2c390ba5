"""Branch ret8 (issue 20 item 7): a per-capita income told in salários mínimos is compared with
the limits the quoted item states, and the comparison is said first. Questions written for
these tests (none is a dev row)."""

from __future__ import annotations

import pytest

from switchboard.knowledge.answer import answer_edital
from switchboard.knowledge.index import SqlKnowledgeIndex
from switchboard.knowledge.query import analyse
from switchboard.knowledge.wage_limits import statement, told_wages

ITEM = (
    "podendo o CANDIDATO se inscrever às bolsas: I - integrais, no caso em que a renda familiar "
    "bruta mensal per capita não exceda o valor de 1,5 (um vírgula cinco) salário mínimo; ou "
    "II - parciais, no caso em que a renda familiar bruta mensal per capita não exceda o valor "
    "de 3 (três) salários mínimos."
)


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("lá em casa dá meio salário por pessoa, qual bolsa?", (0.5, False)),
        ("a renda per capita é de dois salários mínimos e meio", (2.5, False)),
        ("ganhamos mais de 3 salários por cabeça, tem bolsa?", (3.0, True)),
        ("a casa toda ganha 2 salários mínimos, qual bolsa?", None),  # a total, not per person
        ("sou professora e ganho 4 salários por pessoa, posso?", None),  # 1.4.1
    ],
)
def test_told_wages(question: str, told: tuple[float, bool] | None) -> None:
    assert told_wages(analyse(question)) == told


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        (
            "renda de 1,5 salário por pessoa, integral?",
            "Com 1,5 salário mínimo por pessoa, dá para a bolsa integral",
        ),
        (
            "são 2 salários por pessoa, qual bolsa?",
            "Com 2 salários mínimos por pessoa, dá para a bolsa parcial, não para a integral",
        ),
        (
            "são 3 salários por pessoa, qual bolsa?",
            "Com 3 salários mínimos por pessoa, dá para a bolsa parcial",
        ),
        (
            "mais de 3 salários por pessoa, tem bolsa?",
            "Com mais de 3 salários mínimos por pessoa, a renda passa dos limites",
        ),
    ],
)
def test_the_comparison_uses_the_quoted_limits(question: str, opening: str) -> None:
    said = statement(analyse(question), ITEM, "1.4")
    assert said is not None and said.startswith(opening), said
    assert "pelo item 1.4" in said


def test_no_limits_no_comparison() -> None:
    assert (
        statement(analyse("são 2 salários por pessoa, qual bolsa?"), "outro texto", "2.1") is None
    )


async def test_the_prouni_answer_says_which_bolsa_first(packaged_index: SqlKnowledgeIndex) -> None:
    answer = await answer_edital(
        packaged_index, "aqui dá uns dois salários mínimos por pessoa, qual bolsa do prouni dá?"
    )
    assert answer.text.startswith("Com 2 salários mínimos por pessoa, dá para a bolsa parcial"), (
        answer.text
    )
    assert answer.citations[0].item == "1.4"
