"""fin20: must-not-write classes found by chatting (issue 19's "0 questions recorded" bar), each
fixed as a concept and tested in our own wording: a complaint about a price, even as a session's
first message and with "tá caro" or a rhetorical "como pode?"; a price seen told with "passa de"
or "vende … a"; a payment denied ("não paguei…"), which asks before tracking a bill; income that
did not come in said without "recebi"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu.nothing import denied_payment, negated_act
from switchboard.apps.finance.triage import Triage
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import answer, ledger_of, say

PRICE_COMPLAINTS = [
    "absurdo, o botijão tá 140 reais agora",
    "que absurdo o preço da carne, 70 reais o quilo, como pode?",
    "tá caro demais, o estacionamento agora cobra 30",
    "surreal, a entrada do museu custa 90",
    "um pastel por 15 reais, é sério?",
    "que roubo, a passagem de ônibus tá 6 reais",
]


@pytest.mark.parametrize("text", PRICE_COMPLAINTS)
def test_a_complaint_about_a_price_is_venting(text: str) -> None:
    assert read_intent(triage_fold(text)).complaint
    assert Triage.default().classify(text).categoria == "trivial"


async def test_a_price_complaint_as_first_message_records_and_refuses_nothing(
    app: FinanceApp,
) -> None:
    reply = await say(app, "absurdo, a conta do gás tá 135 reais agora")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert "não registrei" in reply
    assert "não consigo" not in reply


@pytest.mark.parametrize(
    "text",
    [
        "absurdo, paguei 140 no botijão",  # the user paid: an entry
        "tá caro demais o gás, 130 reais, vale a pena trocar pro encanado?",  # an analysis asked
    ],
)
def test_an_act_or_a_question_is_no_complaint(text: str) -> None:
    assert not read_intent(triage_fold(text)).complaint


@pytest.mark.parametrize(
    "text",
    [
        "a pousada em Paraty passa de 900 a diária",
        "o seu Zé da feira vende o abacaxi a 8",
    ],
)
async def test_a_price_seen_is_not_recorded(app: FinanceApp, text: str) -> None:
    assert read_intent(triage_fold(text)).intent == "informacao"
    await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_a_denied_payment_asks_before_tracking_a_bill(app: FinanceApp) -> None:
    assert denied_payment("ainda não paguei os 90 do curso de inglês")
    reply = await say(app, "ainda não paguei os 90 do curso de inglês")
    assert "quer que eu anote" in reply.lower()
    assert await ledger_of(app).scheduled("ana", "despesa", paid=False) == []
    await say(app, "sim")
    bills = await ledger_of(app).scheduled("ana", "despesa", paid=False)
    assert [b.amount for b in bills] == [Decimal(90)]


def test_a_payment_told_is_not_denied() -> None:
    assert not denied_payment("paguei 90 do curso de inglês")
    assert not denied_payment("não paguei nada de juros, paguei 90 do curso")


@pytest.mark.parametrize(
    "text",
    ["esse mês não caiu a comissão de 800", "o bônus de 2 mil não veio ainda"],
)
async def test_income_that_did_not_come_in_is_not_recorded(app: FinanceApp, text: str) -> None:
    assert negated_act(text) == "received"
    reply = await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert "a receber" in reply


async def test_the_users_income_tax_rate_is_used_and_said() -> None:
    reply = await answer(
        "quero aplicar 20 mil por 1 ano: cdb de 105% do cdi ou lca de 90% do cdi? "
        "considera imposto de 15%"
    )
    # 1 year is 17,5% by the table; the user's 15% is used and said to be theirs
    assert "IR de 15%" in reply
    assert "que você informou" in reply
    assert "17,5%" in reply  # the table's rate for the term, for the user to compare


def test_a_stated_income_tax_is_not_read_as_the_cdi() -> None:
    from switchboard.apps.finance.missions.catalogue.extract import extract

    found = extract("cdb 120% do cdi com ir de 20% ou lci 95% do cdi, 8 mil por 400 dias?")
    params = found.params
    assert getattr(params, "aliquota_ir", None) == Decimal("0.2")
    assert getattr(params, "cdi_anual", None) is None


async def test_a_debt_recorded_by_what_is_left_is_a_debt_not_a_payment(app: FinanceApp) -> None:
    await say(app, "registra a dívida da moto, faltam 8 mil")
    debts = await ledger_of(app).debts("ana")
    assert [d.balance for d in debts] == [Decimal(8000)]
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_a_payment_of_an_unrecorded_debt_offers_to_record_the_debt(app: FinanceApp) -> None:
    reply = await say(app, "paguei 350 da prestação da moto")
    assert "registre antes a dívida" in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    await say(app, "registra a dívida da moto, faltam 8 mil")
    await say(app, "paguei 350 da prestação da moto")
    debts = await ledger_of(app).debts("ana")
    assert [d.balance for d in debts] == [Decimal(7650)]


@pytest.mark.parametrize(
    "text",
    [
        "a academia nova do shopping é 140",  # a price of a thing with several words before "é"
        "o seguro-desemprego da minha tia ainda não caiu, 1.800",
        "a devolução de 260 da loja ainda não caiu",
        "cheguei a agendar o conserto de 700 mas cancelei",
        "no fim não precisei pagar os 400 da revisão",
        "não tive que gastar os 150 do táxi, me deram carona",
    ],
)
async def test_a_price_a_refund_not_in_or_an_act_undone_writes_nothing(
    app: FinanceApp, text: str
) -> None:
    await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert await ledger_of(app).scheduled("ana", None, paid=False) == []


async def test_a_pix_from_a_relative_is_money_in(app: FinanceApp) -> None:
    await say(app, "pix de 120 do meu padrinho")
    await say(app, "pix de 60 pro meu primo")
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert sorted((e.kind, e.amount) for e in entries) == [
        ("despesa", Decimal(60)),
        ("receita", Decimal(120)),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "cotei a revisão da moto: 650",
        "pedi orçamento da pintura da sala, deu 2.200",
        "o plano de celular novo vai ser 89",
        "a conserto da geladeira vai custar 450",
    ],
)
async def test_a_quote_or_a_price_to_come_writes_nothing(app: FinanceApp, text: str) -> None:
    await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert await ledger_of(app).scheduled("ana", None, paid=False) == []


async def test_a_quote_then_bought_is_recorded(app: FinanceApp) -> None:
    await say(app, "cotei em três lojas e comprei a bicicleta por 1.300")
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.amount for e in entries] == [Decimal(1300)]


def test_items_at_a_unit_price_asked_with_seria() -> None:
    from switchboard.apps.finance.missions.catalogue.extract import extract

    found = extract("quanto seriam 4 pacotes de 18 cada?")
    assert found is not None
    assert getattr(found.params, "operacao", None) == "quantidade"


async def test_the_50_30_20_rule_on_the_users_income(app: FinanceApp) -> None:
    assert Triage.default().classify(
        "recebo 5.000 líquidos, como divido no 50/30/20?"
    ).categoria == ("complexa")
    reply = await say(app, "recebo 5.000 líquidos, como divido no 50/30/20?")
    for part in ("R$ 2.500,00", "R$ 1.500,00", "R$ 1.000,00"):
        assert part in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_two_months_compared_are_both_answered(app: FinanceApp) -> None:
    await say(app, "dia 05/09 farmácia 120")
    await say(app, "dia 12/10 farmácia 90")
    reply = await say(app, "gastei mais de farmácia em setembro ou em outubro?")
    assert "R$ 120,00" in reply and "R$ 90,00" in reply
    assert "mais em setembro" in reply
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 2


async def test_a_denied_payments_bill_is_described_without_the_denial(app: FinanceApp) -> None:
    await say(app, "ainda não paguei os 75 da natação")
    await say(app, "sim")
    bills = await ledger_of(app).scheduled("ana", "despesa", paid=False)
    assert bills and "não" not in (bills[0].description or "")
