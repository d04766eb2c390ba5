"""The Prouni simulation as families answer it (sch8): informal work without an amount is
income to ask about, not "sem renda"; an average below 450 closes the Prouni and says the Sisu
is still open (a zero redação closes both, so it does not)."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.scholarships.income import IncomeKind, read_income

from .helpers import make_app, onboarded, part, say

WAGE = Decimal("1621.00")


def test_informal_work_without_an_amount_is_not_zero_income() -> None:
    found = read_income("ninguém trabalha aqui em casa, a gente vive de bico", WAGE)
    assert found.kind is IncomeKind.INFORMAL
    assert read_income("minha mãe é diarista, somos 3", WAGE).members == 3
    assert read_income("ninguém trabalha", WAGE).per_capita == Decimal("0.00")
    with_amount = read_income("minha mãe faz faxina e tira uns 1200, somos 4", WAGE)
    assert with_amount.per_capita == Decimal("300.00")


async def test_informal_work_is_asked_for_its_amount() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "quero saber se tenho direito ao prouni")
    reply = await say(app, "ninguém trabalha aqui em casa, a gente vive de bico")
    assert "sem renda" not in reply.text and "R$ 0,00" not in reply.text
    assert "Bico e trabalho informal também contam como renda" in reply.text
    assert "per_capita_income" not in (await part(app)).frame("simulation").slots
    await say(app, "uns 800 por mês")
    reply = await say(app, "somos 3")
    assert "266,67 por pessoa (R$ 800,00 ÷ 3 pessoas)" in reply.text


def test_a_benefit_without_an_amount_is_income_to_ask_not_zero() -> None:
    """ "ninguém trabalha, só o BPC da minha vó" read as R$ 0,00 (integral bolsa): a benefit that
    is not a transfer programme counts (Prouni documentation 3.1); Bolsa Família still does not.
    The BPC is one minimum wage by law, so it needs no question; a pension named without an
    amount is asked."""
    found = read_income("somos em 3 e ninguem trabalha, so o bpc da minha vo", WAGE)
    assert (found.kind, found.members, found.total) == (IncomeKind.PER_CAPITA, 3, WAGE)
    assert found.in_wages  # the answer states the minimum wage it used
    assert read_income("ninguém trabalha, vivemos da aposentadoria do meu avô", WAGE).kind is (
        IncomeKind.BENEFIT
    )
    assert read_income("ninguém trabalha, só bolsa família, somos 4", WAGE).per_capita == 0
    assert read_income("minha vó recebe 1 salário de aposentadoria, somos 3", WAGE).total == WAGE


async def test_a_benefit_is_asked_for_its_amount() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "quero saber se tenho direito ao prouni")
    reply = await say(app, "somos em 3 e ninguem trabalha, so a pensao da minha vo")
    assert "R$ 0,00" not in reply.text and "pensão e benefícios" in reply.text
    assert "per_capita_income" not in (await part(app)).frame("simulation").slots


async def test_an_average_below_450_points_to_the_sisu() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "consigo bolsa do prouni?")
    reply = await say(app, "minha média foi 430")
    assert "você não pode se inscrever no Prouni 2026" in reply.text
    assert "Edital Sisu 2026, itens 1.4 e 1.4.1" in reply.text


async def test_a_zero_redacao_does_not_point_to_the_sisu() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "consigo bolsa do prouni?")
    reply = await say(app, "minha média foi 600 e zerei a redação")
    assert "nota zero na redação" in reply.text and "Sisu" not in reply.text
