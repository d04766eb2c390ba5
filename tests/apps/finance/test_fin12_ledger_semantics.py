"""Branch fin12 (issue 19): habits told for a question are data, not entries; the user's share
of a split bill; several instalments paid at once; an informal debt to a person."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu.extract import extract_transaction
from switchboard.apps.finance.nlu.share import find_share
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage.rules import states_habits, tells_act

from .app_helpers import TODAY, ledger_of, make_app, say

# -- 1. present-tense habits inside a question are the question's data ----------------------


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("ganho 3 mil e pago 1.000 de aluguel, quanto sobra?", "R$ 2.000,00"),
        ("pago 1.200 de aluguel e ganho 3.500, quanto me sobra?", "R$ 2.300,00"),
        ("eu ganho 4 mil e gasto uns 2.500, quanto sobra no fim do mes?", "R$ 1.500,00"),
        ("recebo 3.200 e pago 1.100 de aluguel e uns 400 de mercado, quanto me resta?", None),
        ("gasto uns 800 de mercado por mês, quanto sobra se ganho 3 mil?", "R$ 2.200,00"),
    ],
)
async def test_habits_told_for_a_question_are_never_recorded(text: str, left: str | None) -> None:
    app = make_app()
    reply = await say(app, text)
    assert "Registrado" not in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    assert left is None or left in reply


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("recebo 5 mil e gasto 1.500 de aluguel, da pra guardar quanto?", "R$ 3.500,00"),
        ("eu recebo 3.500 e gasto uns 3 mil, quanto consigo guardar por mes?", "R$ 500,00"),
        ("pago 89 de netflix e 40 de spotify, quanto dá no ano?", "R$ 1.548,00"),
        ("netflix 55,90 e spotify 21,90, quanto gasto no ano com isso?", "R$ 933,60"),
        ("aluguel 1.200 e condominio 450, quanto da isso tudo no ano?", "R$ 19.800,00"),
    ],
)
async def test_habits_are_the_numbers_of_the_answer(text: str, answer: str) -> None:
    app = make_app()
    reply = await say(app, text)
    assert answer in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    "text",
    [
        "pago 1.200 de aluguel, quanto ja gastei esse mes?",
        "gasto uns 300 de uber por semana, isso é muito?",
        "pago 120 de internet, ta caro?",
        "racho o aluguel de 3 mil com 2 colegas, quanto eu pago por ano?",
    ],
)
async def test_a_habit_next_to_any_question_is_not_an_entry(text: str) -> None:
    app = make_app()
    await say(app, text)
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_a_past_act_with_a_question_is_recorded_and_answered_about_it() -> None:
    app = make_app()
    reply = await say(app, "paguei 50 de luz hoje, quanto já foi no mês?")
    (entry,) = await ledger_of(app).entries("ana", FlowFilter())
    assert entry.amount == Decimal("50.00")
    assert "luz" in reply.lower() and "despesas ou das suas receitas" not in reply
    app = make_app()
    reply = await say(app, "gastei 30 no ifood agora, quanto ja foi esse mes?")
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 1
    assert "R$ 30,00" in reply and "?" not in reply.splitlines()[-1]


def test_present_habits_are_not_acts_but_participles_and_past_tenses_are() -> None:
    assert states_habits(fold("ganho 3 mil e pago 1.000 de aluguel"))
    assert states_habits(fold("eu gasto uns 800 de mercado"))
    assert not tells_act(fold("recebo 5 mil e pago 1.500 de aluguel"))
    assert tells_act(fold("paguei 1.000 de aluguel"))
    assert tells_act(fold("o boleto de 300 ta pago"))
    assert not states_habits(fold("recebi 3 mil e pago 1.000 de aluguel"))
    assert not states_habits(fold("gasto de 50 no uber hoje"))  # a noun: an expense noted
    assert not states_habits(fold("tive um gasto de 80 na farmacia"))


async def test_an_expense_noted_with_the_noun_and_a_question_is_still_recorded() -> None:
    app = make_app()
    await say(app, "gasto de 50 no uber hoje, quanto foi na semana?")
    (entry,) = await ledger_of(app).entries("ana", FlowFilter())
    assert entry.amount == Decimal("50.00")


# -- 2. the user's share of a split bill -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("minha mãe gastou 600 no mercado e eu paguei metade", "300.00"),
        ("rachei 90 em 3", "30.00"),
        ("dividi a conta de 240 com meu irmão", "120.00"),
        ("paguei um terço de 900", "300.00"),
        ("rachamos a pizza de 120 entre 4", "30.00"),
        ("jantar de 300, dividi com 2 amigos", "100.00"),
        ("dividimos o aluguel de 2.400 em 3", "800.00"),
        ("paguei metade, 150, do presente da vó", "150.00"),
        ("fiz um pix de metade da conta de 180 pro Joao", "90.00"),
        ("a conta do bar deu 210 e rachamos em tres", "70.00"),
        ("meu pai pagou o jantar de 400 e eu dei metade pra ele", "200.00"),
    ],
)
async def test_a_split_bill_records_the_users_share(text: str, amount: str) -> None:
    app = make_app()
    reply = await say(app, text)
    assert "Registrado" in reply
    (entry,) = await ledger_of(app).entries("ana", FlowFilter())
    assert entry.amount == Decimal(amount)
    assert entry.kind == "despesa"


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("rachei 90 em 3", "um terço de R$ 90,00"),
        ("jantar de 100, rachei com 2 amigos", "um terço de R$ 100,00"),
        ("eu e a Bia rachamos o uber de 40", "a metade de R$ 40,00"),
    ],
)
async def test_the_confirmation_says_only_the_share_was_recorded(text: str, note: str) -> None:
    reply = await say(make_app(), text)
    assert f"Registrei só a sua parte ({note})" in reply


async def test_a_group_of_unknown_size_is_not_a_half() -> None:
    app = make_app()
    await say(app, "rachei a conta de 150 com a galera")
    for entry in await ledger_of(app).entries("ana", FlowFilter()):
        assert entry.amount != Decimal("75.00")


def test_shares_are_read_and_instalments_or_holiday_pay_are_not_shares() -> None:
    assert find_share(fold("eu paguei a metade do churrasco de 200")).part == Fraction(1, 2)  # type: ignore[union-attr]
    assert find_share(fold("rachei o uber de 60 com 2 amigas")).part == Fraction(1, 3)  # type: ignore[union-attr]
    assert find_share(fold("dividi a tv de 3 mil em 10x no cartão")) is None
    assert find_share(fold("dividi em 3 vezes no credito")) is None
    assert find_share(fold("recebi meu terço de férias de 1.200")) is None
    assert find_share(fold("minha parte foi 45, rachei com a Bia")) is None
    card = extract_transaction("dividi a tv de 3 mil em 10x no cartão", TODAY)
    assert card.valor == Decimal(3000) and card.parcelas == 10


# -- 3. several instalments paid now ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("paguei 3 parcela de 120", "360"),
        ("paguei as 3 parcelas de 120 do celular", "360"),
        ("quitei duas prestações atrasadas de 450 do empréstimo", "900"),
        ("paguei 2 parcelas de 300 da faculdade", "600"),
        ("paguei duas parcelas do carro de 1.100 cada", "2200"),
        ("paguei 5 parcelas de 80 de uma vez", "400"),
    ],
)
def test_instalments_paid_now_are_their_sum_not_a_purchase(text: str, amount: str) -> None:
    draft = extract_transaction(text, TODAY)
    assert draft.valor == Decimal(amount)
    assert draft.parcelas is None and not draft.cartao_credito


def test_a_purchase_in_instalments_is_still_a_card_purchase() -> None:
    draft = extract_transaction("comprei um fone em 3 parcelas de 120", TODAY)
    assert draft.valor == Decimal(360) and draft.parcelas == 3 and draft.cartao_credito


async def test_instalments_paid_reduce_the_debt_they_name() -> None:
    app = make_app()
    await say(app, "peguei 2 mil emprestado no banco")
    (debt,) = await ledger_of(app).debts("ana")
    reply = await say(app, "paguei 2 parcelas de 350 do empréstimo")
    assert "R$ 700,00" in reply
    (after,) = await ledger_of(app).debts("ana")
    assert after.id == debt.id
    assert after.balance == debt.balance - Decimal("700.00")


@pytest.mark.parametrize(
    "payment",
    ["paguei 200 da dívida com meu cunhado", "paguei 200 do empréstimo com o meu cunhado"],
)
async def test_a_payment_naming_the_lender_with_a_possessive_reduces_that_debt(
    payment: str,
) -> None:
    """ "paguei 200 da dívida com meu cunhado" asked which debt ("Não encontrei “dívida com
    meu”"): the possessive was read as the lender's name."""
    app = make_app()
    await say(app, "peguei 3 mil emprestado com meu cunhado")
    reply = await say(app, payment)
    assert "Registrado" in reply
    (after,) = await ledger_of(app).debts("ana")
    assert after.balance == Decimal("2800.00")


async def test_instalments_of_a_thing_with_no_debt_ask_before_writing() -> None:
    app = make_app()
    reply = await say(app, "paguei as 3 parcelas de 120 do celular")
    assert "R$ 360,00" in reply and reply.rstrip().endswith("?")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    await say(app, "sim")
    (entry,) = await ledger_of(app).entries("ana", FlowFilter())
    assert entry.amount == Decimal("360.00")


# -- 4. an informal debt to a person ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "amount", "who"),
    [
        ("tô devendo 300 pra Lu", "300", "Lu"),
        ("ainda to devendo uns 500 pro Beto da viagem", "500", "Beto"),
        ("devo uns 200 pra minha tia", "200", "tia"),
        ("estou devendo 1.200 pro Joao", "1200", "Joao"),
    ],
)
async def test_an_informal_debt_to_a_person_is_recorded_as_a_debt(
    text: str, amount: str, who: str
) -> None:
    app = make_app()
    reply = await say(app, text)
    assert "não consigo" not in reply
    (debt,) = await ledger_of(app).debts("ana")
    assert debt.principal == Decimal(amount)
    assert who in debt.name and who in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []  # no cash moved today


async def test_a_bank_account_balance_is_still_not_an_entry() -> None:
    app = make_app()
    await say(app, "a conta do nubank ta com 800")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # the 600 was lost: "+" between items of different categories is a list
        ("aluguel de 1.500 + condominio de 600, vida de adulto é isso", ["1500.00", "600.00"]),
        ("luz 200 + agua 90", ["200.00", "90.00"]),
    ],
)
def test_items_added_with_a_plus_are_each_recorded(text: str, values: list[str]) -> None:
    draft = extract_transaction(text, TODAY)
    assert [str(op.valor) for op in draft.operacoes] == values


@pytest.mark.parametrize(
    ("text", "total"), [("lanche 12+8", "20.00"), ("mercado 100 + 35", "135.00")]
)
def test_parts_of_one_purchase_added_with_a_plus_are_summed(text: str, total: str) -> None:
    """ "lanche 12+8" recorded R$ 12,00: the amount after the "+" was dropped."""
    draft = extract_transaction(text, TODAY)
    assert not draft.operacoes and str(draft.valor) == total
