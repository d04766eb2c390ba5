"""Branch fin11: complex questions answered with the user's own numbers — a perpetuity's capital
("sem mexer no principal"), the months an emergency fund covers, a debt's fixed instalment over
N months, an extra payment on a contract stated as it stands today, how long a sum lasts, what
is left of an income, the real return over inflation, and cash vs interest-free instalments at
the user's own yield."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.missions.catalogue.extract import extract
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    ContaParams,
    DividasParams,
    FinanciamentoParams,
)

from .app_helpers import answer, brl, make_app, price_instalment


def _pv(rate: float, months: int, instalment: float) -> float:
    return instalment * (1 - (1 + rate) ** -months) / rate


@pytest.mark.parametrize(
    ("text", "income", "capital"),
    [
        ("quanto eu preciso juntar pra sacar 5 mil todo mes sem mexer no principal, rendendo "
         "0,6% ao mes?", 5000, 833333.33),
        ("qual capital preciso ter pra retirar 3 mil por mes vivendo de renda a 0,75% am?",
         3000, 400000),
    ],
)  # fmt: skip
async def test_a_monthly_withdrawal_with_the_capital_asked_is_a_perpetuity(
    text: str, income: int, capital: float
) -> None:
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.APOSENTADORIA
    assert isinstance(q.params, AposentadoriaParams)
    assert q.params.operacao == "capital"
    assert q.params.renda_mensal == Decimal(income)
    assert brl(capital) in await answer(text)


async def test_the_emergency_fund_answer_says_how_many_months_the_savings_cover() -> None:
    text = "ja guardei 12 mil e gasto 4 mil por mes, quanto falta pra uma reserva de 6 meses?"
    reply = await answer(text)
    assert "cobrem 3 meses" in reply
    assert "R$ 12.000,00" in reply  # 24 mil − 12 mil still missing


@pytest.mark.parametrize(
    ("text", "principal", "rate", "months"),
    [
        ("tenho uma divida de 8 mil a 2,5% am, quero pagar em 18 meses, a prestacao fica quanto?",
         8000, 0.025, 18),
        ("devo 20 mil pro banco a 1,9% ao mes; pra zerar em 36 meses qual seria a parcela?",
         20000, 0.019, 36),
    ],
)  # fmt: skip
async def test_a_debt_paid_off_in_n_months_gets_its_fixed_instalment(
    text: str, principal: int, rate: float, months: int
) -> None:
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.FINANCIAMENTO
    assert isinstance(q.params, FinanciamentoParams)
    assert q.params.meses == months
    assert brl(price_instalment(rate, months, principal)) in await answer(text)


async def test_an_extra_payment_on_a_contract_as_it_stands_says_the_instalments_saved() -> None:
    text = (
        "financiamento na price com saldo de 60 mil a 0,9% ao mes, faltam 100 parcelas; se eu "
        "amortizar 15 mil e manter a parcela, quantas parcelas a menos?"
    )
    q = extract(text)
    assert q is not None and isinstance(q.params, FinanciamentoParams)
    assert q.params.parcelas_pagas == 0 and q.params.amortizacao_extra == Decimal(15000)
    reply = await answer(text)
    assert "depois de 0 parcelas" not in reply
    assert "R$ 45.000,00" in reply  # the balance after the extra payment
    assert "faltariam 66 parcelas (34 parcelas a menos)" in reply


async def test_a_debt_amortised_keeping_the_instalment_says_the_months_saved() -> None:
    text = (
        "tenho saldo devedor de 60 mil no financiamento a 0,9% ao mes, faltam 100 parcelas. "
        "amortizando 15 mil mantendo a parcela, quantos meses a menos?"
    )
    q = extract(text)
    assert q is not None and isinstance(q.params, DividasParams)
    assert q.params.valor_extra == Decimal(15000) and not q.params.manter_prazo
    assert "66 meses em vez de 100 (34 meses a menos)" in await answer(text)


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("se eu ficar desempregado, 12 mil aguentam quantos meses gastando 3 mil por mes?", "4"),
        ("tenho 9 mil guardados; gastando 2 mil por mes, dura quanto tempo?", "4,5"),
    ],
)
async def test_how_long_a_sum_lasts_is_the_sum_over_the_monthly_spending(
    text: str, months: str
) -> None:
    q = extract(text)
    assert q is not None and isinstance(q.params, ContaParams)
    assert q.params.operacao == "duracao"
    reply = await answer(text)
    assert f"duram {months} meses" in reply
    assert "não registrei nada" in reply


async def test_what_is_left_of_an_income_subtracts_every_cost_named() -> None:
    text = "se eu pagar 1.500 de aluguel e 300 de internet, quanto me sobra do salario de 5 mil?"
    q = extract(text)
    assert q is not None and isinstance(q.params, ContaParams)
    assert (q.params.a, q.params.b) == (Decimal(5000), Decimal(1800))
    assert "R$ 3.200,00" in await answer(text)


@pytest.mark.parametrize(
    ("text", "real"),
    [
        ("o cdb paga 1% ao mes e a inflacao e 0,4% ao mes, quanto eu ganho acima da inflacao?",
         "0,6"),
        ("com IPCA de 5% a.a. e um fundo rendendo 9% a.a., qual o ganho real?", "3,81"),
    ],
)  # fmt: skip
async def test_the_real_return_is_fishers_not_the_difference(text: str, real: str) -> None:
    q = extract(text)
    assert q is not None and isinstance(q.params, ContaParams)
    assert q.params.operacao == "juro_real"
    assert f"rendimento real é de {real}" in await answer(text)


async def test_cash_vs_interest_free_instalments_uses_the_users_own_yield() -> None:
    text = "notebook de 6 mil: 10% off a vista ou 12x sem juros? minha grana rende 0,8% am"
    q = extract(text)
    assert q is not None and isinstance(q.params, ContaParams)
    assert q.params.a == Decimal(5400) and q.params.b == Decimal(500)
    assert q.params.taxa_mensal == Decimal("0.008")
    reply = await answer(text)
    assert brl(_pv(0.008, 12, 500)) in reply  # 5.700,69 today, against 5.400 cash
    assert "À vista compensa" in reply or "à vista compensa" in reply


async def test_interest_free_instalments_win_when_the_yield_beats_the_discount() -> None:
    text = "sofa de 3 mil, a vista com 2% de desconto ou 10x sem juros? meu dinheiro rende 1% am"
    reply = await answer(text)
    assert brl(_pv(0.01, 10, 300)) in reply  # 2.841,39 today, against 2.940 cash
    assert "arcelado compensa" in reply


async def test_a_product_at_the_users_monthly_rate_keeps_its_own_income_tax() -> None:
    text = "20 mil: lca a 0,8% am ou cdb de 0,95% am, por 2 anos, qual rende mais?"
    q = extract(text)
    assert q is not None and q.kind is QuestionKind.INVESTIMENTOS
    assert not q.missing
    reply = await answer(text)
    lca = 20000 * (1.008**24 - 1)  # exempt
    cdb = 20000 * (1.0095**24 - 1) * (1 - 0.15)  # 730 days: 15%
    assert brl(lca) in reply
    assert brl(cdb)[:-1] in reply  # the tax is rounded to cents on its own


@pytest.mark.parametrize(
    ("text", "deposit", "rate", "months"),
    [
        ("gasto 900 com ifood por mes; se eu cortar pela metade e investir a diferenca a 1% am "
         "por 2 anos, quanto junto?", 450, 0.01, 24),
        ("pago 400 de streaming por mes; se eu reduzir 25% e aplicar a economia a 0,7% ao mes, "
         "quanto tenho em 3 anos?", 100, 0.007, 36),
    ],
)  # fmt: skip
async def test_cutting_a_monthly_expense_and_investing_the_difference(
    text: str, deposit: int, rate: float, months: int
) -> None:
    q = extract(text)
    assert q is not None and isinstance(q.params, AposentadoriaParams)
    assert q.params.aporte_mensal == Decimal(deposit)
    assert q.params.taxa_mensal == Decimal(str(rate))  # the cut's share is no yield
    fv = deposit * ((1 + rate) ** months - 1) / rate
    reply = await answer(text)
    assert brl(fv) in reply
    assert "por mês que você gasta hoje" in reply


async def test_a_price_before_a_colon_is_read_and_how_long_said_as_da_pra() -> None:
    reply = await answer(
        "bicicleta de 2.000: a vista com 10% de desconto ou 4x sem juros? rendo 1% am"
    )
    assert "R$ 1.800,00 à vista" in reply
    assert brl(_pv(0.01, 4, 500)) in reply
    lasts = await answer("18 mil guardados dao pra quantos meses se eu gasto 3 mil mensais?")
    assert "duram 6 meses" in lasts


async def test_savings_described_then_a_monthly_spending_is_the_expense() -> None:
    reply = await answer("tenho 10 mil guardados e gasto 2.500 por mes, quantos meses de reserva?")
    assert "Com despesas de R$ 2.500,00 por mês" in reply
    assert "cobrem 4 meses" in reply


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("quanto fica 5 pastel de 9?", "R$ 45,00"),
        ("qto sai 3 camisetas do time a 150?", "R$ 450,00"),
    ],
)
async def test_items_at_a_unit_price_are_a_quick_product(text: str, total: str) -> None:
    app = make_app()
    reply = await app.reply("s1", text, user_id="ana")
    assert reply.agent == "orquestrador"
    assert total in reply.text and "não registrei nada" in reply.text


async def test_how_long_a_reserve_lasts_is_routed_to_the_sum_not_the_ledger() -> None:
    app = make_app()
    reply = await app.reply(
        "s1",
        "minha reserva e de 30 mil e gasto 5 mil por mes, da pra quantos meses?",
        user_id="ana",
    )
    assert reply.agent == "orquestrador"
    assert "duram 6 meses" in reply.text


async def test_what_is_left_with_the_income_in_the_subjunctive() -> None:
    reply = await answer("imagina que eu ganhe 4 mil e pague 1.300 de aluguel, sobra quanto?")
    assert "R$ 2.700,00" in reply
