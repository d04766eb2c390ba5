"""Issue 19's open misreadings, end to end: what is written (or not) and what the user is told.

Someone else paying the user's bill, a balance stated, the 13º salário, a bill with a month and
no day, a card purchase in far too many instalments. Today is Friday 20/11/2026.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D

import pytest

from switchboard.apps.finance.ledger import FlowFilter

from .app_helpers import ledger_of, make_app, say


async def _written(app: object, user: str = "ana") -> int:
    ledger = ledger_of(app)  # type: ignore[arg-type]
    entries = await ledger.entries(user, FlowFilter())
    purchases = await ledger.purchases(user, FlowFilter())
    bills = await ledger.scheduled(user, None, paid=False)
    return len(entries) + len(purchases) + len(bills)


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("minha mãe pagou 200 de luz pra mim", "sua mãe"),
        ("a empresa pagou meu uber de 45 pro aeroporto", "a empresa"),
        ("minha mae pagou o aluguel desse mes pra mim, 1.500", "sua mãe"),
        ("ontem meu irmão pagou o mercado pra gente, 300", "seu irmão"),
    ],
)
async def test_someone_else_paid_nothing_is_recorded_and_the_answer_says_who(
    text: str, who: str
) -> None:
    app = make_app()
    answer = await say(app, text)
    assert f"Quem pagou foi {who}, não você" in answer
    assert await _written(app) == 0


@pytest.mark.parametrize(
    "text",
    [
        "paguei 200 de luz da casa da minha mae",
        "minha mae me pagou 200 que me devia",
        "a empresa pagou meu salario de 4.200",
    ],
)
async def test_the_user_paying_or_being_paid_is_still_recorded(text: str) -> None:
    app = make_app()
    answer = await say(app, text)
    assert answer.startswith("Registrado!")
    assert await _written(app) == 1


async def test_a_balance_is_not_an_expense() -> None:
    app = make_app()
    answer = await say(app, "tenho 20 mil na poupanca")
    assert "não registrei nada" in answer
    assert await _written(app) == 0


async def test_a_balance_left_after_an_unpriced_payment_asks_for_the_payment() -> None:
    app = make_app()
    answer = await say(app, "fiquei com 300 na conta depois de pagar o aluguel")
    assert "não registrei nada" in answer and "me diga quanto foi" in answer
    assert await _written(app) == 0


async def test_money_lent_is_owed_back_not_spent() -> None:
    app = make_app()
    answer = await say(app, "emprestei 200 pro primo")
    assert answer.startswith("Registrado! Conta a receber de R$ 200,00")
    assert await _written(app) == 1
    answer = await say(app, "o primo me pagou os 200")
    assert "recebeu de volta R$ 200,00 que tinha emprestado (primo)" in answer
    ledger = ledger_of(app)
    assert await ledger.scheduled("ana", "receita", paid=False) == []


@pytest.mark.parametrize(
    "back", ["ele me pagou os 200", "o primo me devolveu os 200", "meu primo devolveu os 200"]
)
async def test_money_lent_leaves_the_cash_and_its_repayment_is_not_income(back: str) -> None:
    app = make_app()
    await say(app, "emprestei 200 pro meu primo")
    assert "-R$ 200,00" in await say(app, "qual meu saldo?")
    answer = await say(app, back)
    assert "recebeu de volta R$ 200,00" in answer
    assert "R$ 0,00" in await say(app, "qual meu saldo?")
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert entries == []  # the repayment is the loan coming back, not income
    assert await ledger_of(app).scheduled("ana", "receita", paid=False) == []


@pytest.mark.parametrize("text", ["recebi o 13 de 3.500", "caiu o décimo terceiro, 3500"])
async def test_the_13th_salary_is_salary_and_not_13_reais(text: str) -> None:
    app = make_app()
    answer = await say(app, text)
    assert answer == "Registrado! Receita de R$ 3.500,00 em Salário na data de hoje."
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [(e.amount, e.subcategoria) for e in entries] == [(D("3500.00"), "Salário")]


async def test_a_bill_with_a_month_and_no_day_keeps_the_month_and_says_the_day_assumed() -> None:
    app = make_app()
    answer = await say(app, "ipva de 1.800 vence em janeiro")
    assert "com vencimento em 01/01/2027" in answer
    assert "Você não disse o dia de janeiro de 2027" in answer
    fixed = await say(app, "não, dia 10/01")
    assert "com vencimento em 10/01/2027" in fixed
    bills = await ledger_of(app).scheduled("ana", "despesa", paid=False)
    assert [(b.amount, b.due) for b in bills] == [(D("1800.00"), date(2027, 1, 10))]


async def test_a_card_purchase_in_100x_is_confirmed_first() -> None:
    app = make_app()
    answer = await say(app, "paguei o celular de 1.500 em 100x")
    assert answer.endswith("Quer que eu registre R$ 1.500,00 em 100x mesmo?")
    assert await _written(app) == 0
    fixed = await say(app, "foi em 10x")
    assert fixed.startswith("Registrado! Compra de R$ 1.500,00 no cartão em 10x")
    assert await _written(app) == 1


async def test_a_rate_the_user_never_gave_is_said_as_an_assumption() -> None:
    app = make_app()
    answer = await say(
        app,
        "quero me aposentar com 1 milhão guardando na poupança, quanto tempo leva guardando "
        "2 mil por mes?",
    )
    assert "Poupança rendendo 0,5% ao mês (a regra enquanto a Selic" in answer
    assert "como você disse" not in answer and "como você informou" not in answer


async def test_a_balance_in_an_investment_is_not_a_question_to_compute() -> None:
    app = make_app()
    reply = await app.reply("s1", "tenho 5 mil investidos no tesouro", user_id="ana")
    assert reply.agent == "junior"
    assert "não registrei nada" in reply.text


async def test_a_yield_asked_after_a_balance_is_computed_on_it() -> None:
    app = make_app()
    await say(app, "tenho 20 mil na poupanca")
    reply = await app.reply("s1", "quanto isso rende por mes?", user_id="ana")
    assert reply.agent == "orquestrador"
    assert "R$ 20.000,00 por 30 dias" in reply.text and "R$ 100,00" in reply.text
    assert "Usei o saldo que você me disse" in reply.text


async def test_an_instalment_that_names_no_debt_asks_which_one() -> None:
    app = make_app()
    await say(app, "peguei 3 mil no banco de emprestimo")
    answer = await say(app, "paguei a parcela de 300")
    assert answer.startswith("Você não disse de qual dívida é essa parcela de R$ 300,00")
    debts = await ledger_of(app).debts("ana")
    assert [d.balance for d in debts] == [D("3000.00")]  # nothing paid yet
    done = await say(app, "do banco")
    assert (
        done == "Registrado! Pagamento de dívida de R$ 300,00 (Empréstimo (banco)) na data de hoje."
    )


async def test_a_hypothetical_bill_is_not_recorded() -> None:
    app = make_app()
    await say(app, "se a luz vier 300 esse mes eu to lascado")
    assert await _written(app) == 0


async def test_an_amount_said_as_either_of_two_is_asked_not_guessed() -> None:
    app = make_app()
    answer = await say(app, "nao lembro se foi 40 ou 50 o uber")
    assert answer.endswith("Qual foi o valor certo?")
    assert await _written(app) == 0
    done = await say(app, "50")
    assert done == "Registrado! Despesa de R$ 50,00 em Transporte por app na data de hoje."


async def test_an_estimate_is_offered_as_a_bill_not_recorded_as_spent() -> None:
    app = make_app()
    answer = await say(app, "o conserto do carro vai sair uns 1.500")
    assert answer.startswith("Como isso ainda não aconteceu, não registrei nada.")
    assert await _written(app) == 0
