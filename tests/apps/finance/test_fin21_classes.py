"""fin21: classes from the wf6 writer and the lead's probes, fixed as concepts and tested in our
own wording: shares of the income, totals that leave something out, two totals asked together,
what is left if the user spends more, the nth instalment of a list, a loan that pays a debt, the
first month's interest of a debt switch, poupança vs Tesouro Selic with no term, a stock
sale's income tax, and paying off the card said with "quitei"/"zerei"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.missions.catalogue.stock_tax import read_stock_sale
from tests.apps.finance.app_helpers import answer, app_with, brl, ledger_of, say


async def test_the_share_of_the_salary_a_category_takes() -> None:
    app = await app_with("caiu o salario, 5.000", "paguei 1.500 de condominio")
    reply = await say(app, "quantos por cento do meu salario foi pro condominio?")
    assert "30,00%" in reply and "salário" in reply
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 2


async def test_the_savings_rate_over_the_income() -> None:
    app = await app_with("recebi 2.000 de salario", "gastei 500 no mercado")
    reply = await say(app, "quanto eu poupei esse mes e que porcentagem da renda foi isso?")
    assert brl(1500) in reply and "75,00%" in reply


@pytest.mark.parametrize(
    ("question", "total"),
    [
        ("quanto gastei esse mes tirando o aluguel?", 90),
        ("quanto eu gastei excluindo a natação?", 1010),
    ],
)
async def test_a_total_leaves_out_what_is_excluded(question: str, total: float) -> None:
    app = await app_with("aluguel 1.000", "paguei 80 da natação", "uber 10")
    reply = await say(app, question)
    assert brl(total) in reply and "sem contar" in reply


async def test_two_totals_asked_together() -> None:
    app = await app_with("uber 20", "gasolina 200", "ifood 35")
    reply = await say(app, "quanto gastei de transporte esse mes e quanto foi so de uber?")
    assert brl(220) in reply and brl(20) in reply


async def test_what_is_left_if_the_user_spends_more() -> None:
    app = await app_with("recebi 3.000 de salario", "gastei 1.000 de aluguel")
    reply = await say(app, "quanto vai sobrar no mes se eu torrar mais 300 em bar?")
    assert brl(1700) in reply and "simulação" in reply
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 2


async def test_the_nth_instalment_of_a_list_is_computed() -> None:
    reply = await answer(
        "financiamento no SAC de 60 mil a 1% ao mes em 120 meses: qual a 1ª e a 3ª prestação?"
    )
    # amortisation 500; the 3rd pays interest on 59.000: 500 + 590
    assert brl(1100) in reply and brl(1090) in reply


async def test_a_loan_taken_to_pay_a_debt_is_a_financing() -> None:
    reply = await answer(
        "pra zerar o cheque especial pensei num emprestimo de 5 mil em 10x a 3% ao mes, qual a "
        "parcela?"
    )
    assert brl(round(5000 * 0.03 / (1 - 1.03**-10), 2)) in reply


async def test_a_debt_switch_states_the_first_months_interest_on_each_line() -> None:
    reply = await answer(
        "devo 4 mil no rotativo a 12% ao mes e o banco me oferece um consignado a 1,5% ao mes "
        "pra quitar, quanto de juros pago por mes em cada um?"
    )
    assert brl(480) in reply and brl(60) in reply and brl(420) in reply


async def test_poupanca_against_tesouro_selic_over_a_stated_year() -> None:
    reply = await answer("tenho 8 mil parados na poupança, compensa passar pro tesouro selic?")
    assert "1 ano" in reply and "Tesouro Selic" in reply and "poupança" in reply
    # B3 charges no custody fee on Tesouro Selic up to R$ 10 mil: it was said to cost 0,20%
    assert "isento dela até R$ 10.000,00" in reply and "0,20%" not in reply


async def test_the_custody_fee_is_said_above_the_selic_exemption() -> None:
    reply = await answer("tenho 40 mil, tesouro selic ou cdb de 100% do cdi por 2 anos?")
    assert "0,20% ao ano; no Tesouro Selic, só sobre o que passar de R$ 10.000,00" in reply
    assert "17,5%" in reply
    assert not reply.rstrip().endswith("?")


@pytest.mark.parametrize(
    ("text", "profit", "sold", "day"),
    [
        ("vendi minhas ações e tive 4 mil de lucro, tenho que pagar imposto?", 4000, None, None),
        ("vendi 30 mil em ações com lucro de 5 mil, quanto de IR?", 5000, 30000, None),
        ("lucrei 900 com day trade, quanto pago de imposto?", 900, None, True),
    ],
)
def test_a_stock_sale_is_read(text: str, profit: int, sold: int | None, day: bool | None) -> None:
    sale = read_stock_sale(text)
    assert sale is not None
    assert sale.profit == Decimal(profit)
    assert sale.sold == (Decimal(sold) if sold is not None else None)
    assert sale.day_trade is day


async def test_a_stock_sales_income_tax_is_answered() -> None:
    both = await answer("vendi umas ações com lucro de 4 mil, quanto pago de IR?")
    assert brl(600) in both and brl(800) in both and "DARF" in both
    assert "20.000,00" in both and "não consigo" not in both.lower()
    above = await answer("vendi 30 mil em ações com lucro de 5 mil, quanto de IR?")
    assert brl(750) in above
    exempt = await answer("vendi 12 mil em ações no swing trade, lucro de 2 mil, pago IR?")
    assert "isento" in exempt and brl(400) not in exempt


@pytest.mark.parametrize("text", ["zerei o cartão, 1.340", "quitei o cartao ontem, 860 reais"])
async def test_paying_off_the_card_is_a_card_bill_payment(app: FinanceApp, text: str) -> None:
    reply = await say(app, text)
    assert reply.startswith("Registrado! Pagamento de dívida")
    assert "fatura do cartão" in reply
