"""fin19: failure classes of finance_wf4's dev half, each fixed as a concept and probed with our
own wording (never the dev rows): other people's money in any tense and by any person (never
recorded), "X deu N" as a price paid, a ride "de volta", card-word typos, the thing bought
before "da faculdade", a debt named by a bank's other name, what-if sums on the user's numbers,
a category's share of the month, several equivalent rates, an instalment's interest and
amortization, the balance after N instalments, CDB vs LCI at explicit rates. The same probes,
as a suite: bench/finance/eval/probes_fin19.jsonl (make_probes_fin19.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu.arithmetic import stated_arithmetic
from switchboard.apps.finance.nlu.categories import find_category
from switchboard.apps.finance.nlu.movements import find_movement
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.nlu.what_if_sums import read_pace, read_swap
from switchboard.apps.finance.triage import Triage
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import answer, brl, ledger_of, price_instalment, say

OTHERS = [
    "meu colega de serviço pagou 250 num ingresso",
    "minha cunhada paga 900 de condomínio",
    "um amigo da faculdade paga 900 de kitnet",
    "o pessoal do escritório gastou 600 no happy hour",
    "ontem minha madrinha comprou um sofá de 4 mil",
    "a galera da facul torrou 300 no bar",
    "minha professora de inglês ganha 6 mil",
    "o Pedro da contabilidade ganha 9 mil",
    "o povo do trabalho pagou 150 cada no amigo secreto",
    "meus tios compram tudo à vista, 8 mil na viagem",
]


@pytest.mark.parametrize("text", OTHERS)
def test_someone_elses_money_in_any_tense_is_not_the_users(text: str) -> None:
    assert read_intent(triage_fold(text)).someone_else
    assert Triage.default().classify(text).categoria == "trivial"


@pytest.mark.parametrize(
    "text", ["o inquilino paga 1.500 de aluguel dia 10", "o cliente paga 800 pelo site amanhã"]
)
def test_who_pays_the_user_is_not_someone_elses_money(text: str) -> None:
    assert not read_intent(triage_fold(text)).someone_else


def test_a_price_of_99_is_money_and_a_ride_of_99_is_not() -> None:
    assert stated_arithmetic("e se eu parar de pagar a academia de 99, quanto sobra em 6 meses?")
    assert read_swap("se eu parar de pagar a academia de 99, economizo quanto em 6 meses?")
    assert read_pace("fui de 99 pro trabalho, quanto gasto por dia em 30 dias?") is None


async def test_someone_elses_payment_records_nothing(app: FinanceApp) -> None:
    await say(app, "minha vizinha paga 2.300 de aluguel")
    await say(app, "meu colega de trabalho pagou 320 num show")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("a gente pagou 300 no jantar", Decimal(300)),  # the user's own group
        ("paguei 200 no show com meu colega de trabalho", Decimal(200)),
    ],
)
async def test_the_users_own_payment_beside_others_is_recorded(
    app: FinanceApp, text: str, amount: Decimal
) -> None:
    await say(app, text)
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.amount for e in entries] == [amount]


async def test_the_present_tense_for_the_user_is_paid_by_someone_else(app: FinanceApp) -> None:
    reply = await say(app, "meu pai paga 500 da minha faculdade")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert "seu pai" in reply


def test_a_ride_back_is_not_a_refund() -> None:
    assert find_movement(fold("deu 41 e 20 o táxi de volta pra casa")) is None
    assert find_movement(fold("paguei 45 na passagem de volta")) is None
    refund = find_movement(fold("recebi 50 de volta da loja"))
    assert refund is not None and refund.kind == "reembolso"


@pytest.mark.parametrize(
    ("text", "amount", "subcategory"),
    [
        ("a pizza deu 64 e 90", Decimal("64.90"), "Restaurante"),
        ("deu vinte e dois e trinta o uber de volta pro trabalho", Decimal("22.30"), "App"),
        ("a janta deu 58 e 40", Decimal("58.40"), "Restaurante"),
    ],
)
async def test_x_deu_n_is_a_price_paid(
    app: FinanceApp, text: str, amount: Decimal, subcategory: str
) -> None:
    await say(app, text)
    [entry] = await ledger_of(app).entries("ana", FlowFilter())
    assert (entry.kind, entry.amount, entry.subcategoria) == ("despesa", amount, subcategory)


@pytest.mark.parametrize(
    ("text", "method"),
    [
        ("gastei 60 na farmacia no dbito", "debito"),
        ("paguei 35 de uber no cartão de deb", "debito"),
        ("comprei 90 de remedio no debitu", "debito"),
    ],
)
async def test_card_word_typos_keep_the_payment_method(
    app: FinanceApp, text: str, method: str
) -> None:
    await say(app, text)
    [entry] = await ledger_of(app).entries("ana", FlowFilter())
    assert entry.payment_method == method


async def test_a_credit_typo_is_a_card_purchase(app: FinanceApp) -> None:
    reply = await say(app, "paguei 120 no restaurante no credto")
    assert "no cartão" in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []  # on the card, not cash


@pytest.mark.parametrize(
    "text",
    ["comprei o livro de estatística da faculdade por 140", "livro de inglês da escola, 95"],
)
def test_the_thing_bought_wins_over_whose_it_is(text: str) -> None:
    found = find_category(text)
    assert found is not None and (found.categoria, found.subcategoria) == ("Educação", "Livros")


def test_a_place_or_whose_still_decides_alone() -> None:
    found = find_category("mensalidade da faculdade 900")
    assert found is not None and found.subcategoria == "Mensalidade"


@pytest.mark.parametrize(
    ("loan", "payment"),
    [
        ("peguei 8 mil de empréstimo na Caixa Econômica", "paguei 420 da parcela do empréstimo da CEF"),
        ("contratei 20 mil de consignado no BB", "paguei 640 do consignado do Banco do Brasil"),
        ("peguei 6 mil emprestado no Nubank", "paguei 300 do empréstimo do roxinho"),
    ],
)  # fmt: skip
async def test_a_debt_named_by_another_name_of_its_bank_is_paid(
    app: FinanceApp, loan: str, payment: str
) -> None:
    await say(app, loan)
    reply = await say(app, payment)
    assert "Não encontrei" not in reply
    debts = await ledger_of(app).debts("ana")
    assert len(debts) == 1 and debts[0].balance < debts[0].principal


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("supondo que eu gaste 45 por dia, quanto vai em 20 dias?", Decimal(900)),
        ("se eu gastar 35 por dia de almoço, quanto vai no mês?", Decimal(1050)),
        ("gastando 60 por semana no mercado, quanto vai em 6 meses?", Decimal(1560)),
    ],
)
def test_a_pace_over_a_span(text: str, total: Decimal) -> None:
    pace = read_pace(text)
    assert pace is not None and pace.total == total


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("se eu mudar o plano de internet de 130 pra 100, quanto economizo por ano?", 360),
        ("se o aluguel passar de 1.400 para 1.650, quanto a mais vou pagar no ano?", 3000),
        ("se eu pagar 700 de escola ao invés de 900, economizo quanto por mês?", 200),
        ("supondo que eu troque a academia de 150 por uma de 90, economizo quanto no ano?", 720),
        ("e se eu cancelar o streaming de 39,90, quanto economizo em 2 anos?", Decimal("957.6")),
    ],
)
def test_a_swap_or_a_cut_over_the_period_asked(text: str, total: object) -> None:
    swap = read_swap(text)
    assert swap is not None and swap.total == Decimal(str(total))


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("supondo que eu gaste 45 por dia, quanto vai em 20 dias?", "R$ 900,00"),
        ("se o aluguel passar de 1.400 para 1.650, quanto a mais vou pagar no ano?", "R$ 3.000,00"),
        ("se eu trocar a academia de 150 pra 90, economizo quanto por ano?", "R$ 720,00"),
    ],
)  # fmt: skip
async def test_what_if_sums_are_answered_and_never_recorded(
    app: FinanceApp, text: str, figure: str
) -> None:
    reply = await say(app, text)
    assert figure in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


def test_the_simplistas_arithmetic_reads_the_same_shapes() -> None:
    said = stated_arithmetic("se a escola for 1.200 em vez de 950, quanto a mais por mês?")
    assert said is not None and "R$ 250,00" in said


async def test_a_categorys_share_of_the_month(app: FinanceApp) -> None:
    await say(app, "feira 200 no dia 3/11")
    await say(app, "gasolina 150 no dia 6/11")
    await say(app, "cinema 50 no dia 8/11")
    reply = await say(app, "quanto o transporte representa, em porcentagem, dos meus gastos de novembro?")  # fmt: skip
    assert "37,5" in reply and brl(400) in reply


async def test_two_rates_converted_at_once() -> None:
    reply = await answer("qual a taxa anual equivalente a 0,5% ao mês? e a 0,7% ao mês?")
    assert "6,17" in reply and "8,73" in reply


async def test_two_rates_said_as_taxa_anual() -> None:
    reply = await answer("quanto é 1,5% ao mês em taxa anual? e 0,8% ao mês?")
    assert "19,56" in reply and "10,03" in reply


async def test_an_instalment_by_its_ordinal_word_is_split() -> None:
    reply = await answer(
        "Price de 60 mil em 60 meses a 1,2% ao mês: quanto de juros e quanto de amortização "
        "tem a primeira parcela?"
    )
    first = price_instalment(0.012, 60, 60_000)
    assert brl(first) in reply and brl(720) in reply and brl(first - 720) in reply


async def test_the_balance_after_instalments_paid_is_the_financings() -> None:
    reply = await answer(
        "financiei 40 mil em 36 parcelas pelo Price a 1,5% ao mês; depois de pagar 18 parcelas, "
        "quanto falta pra quitar?"
    )
    pmt = price_instalment(0.015, 36, 40_000)
    left = pmt * (1 - 1.015**-18) / 0.015
    assert brl(pmt) in reply and brl(left)[:-3] in reply


async def test_cdb_and_lci_at_explicit_annual_rates() -> None:
    reply = await answer(
        "15 mil por 2 anos: CDB a 11% ao ano com IR ou LCA isenta rendendo 9,5% ao ano, quanto "
        "rende cada um líquido?"
    )
    # the cents depend on where the IR is rounded: the figure to the ten cents
    assert brl(15_000 * (1.11**2 - 1) * 0.85)[:-1] in reply
    assert brl(15_000 * (1.095**2 - 1))[:-1] in reply
