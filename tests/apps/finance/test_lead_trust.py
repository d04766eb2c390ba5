"""Found by using the finance app as a user (lead, 2026-11-27): a new entry told while a draft
waits for "quer que eu registre?" was merged into that draft; the assistant asked for money
("me empresta 50?") drafted an expense; "quanto tenho guardado?" asked whether it was about
expenses or income; "trocar de celular, um de 2500 em 10x" was out of the catalogue."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu.correct import corrects_the_draft
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold as triage_fold
from tests.apps.finance.app_helpers import ledger_of, say


async def test_a_new_entry_while_a_draft_waits_is_its_own_entry(app: FinanceApp) -> None:
    asked = await say(app, "50 de uber?")
    assert "quer que eu registre?" in asked
    told = await say(app, "transferi 500 pra minha poupança")
    assert "Transferência de R$ 500,00" in told and "uber" not in told.lower()
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    await say(app, "100 de mercado?")
    fixed = await say(app, "não, foi 120")
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.amount for e in entries] == [120], fixed


@pytest.mark.parametrize(
    ("text", "correction"),
    [
        ("60", True),
        ("foi 60", True),
        ("não, foi 60", True),
        ("era 55,90 na verdade", True),
        ("transferi 500 pra minha poupança", False),
        ("paguei 120 de luz", False),
        ("recebi 300 do freela", False),
    ],
)
def test_what_corrects_a_pending_draft(text: str, correction: bool) -> None:
    assert corrects_the_draft(text) is correction


@pytest.mark.parametrize(
    "text",
    ["me empresta 50?", "me arruma 100 ai", "faz um pix de 30 pra mim", "ei, me manda 20 reais"],
)
async def test_the_assistant_asked_for_money_records_nothing(text: str, app: FinanceApp) -> None:
    reply = await say(app, text)
    assert reply.startswith("Não tenho como emprestar") and "quer que eu registre" not in reply
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    "text", ["me emprestaram 50", "o joão me deu 100", "me ve quanto gastei de 50 em 50"]
)
def test_money_given_to_the_user_is_no_request_to_the_assistant(text: str) -> None:
    assert not read_intent(triage_fold(text)).asks_money


@pytest.mark.parametrize("question", ["quanto tenho guardado?", "quanto juntei?"])
async def test_what_is_put_aside_is_the_money_moved_to_savings(
    question: str, app: FinanceApp
) -> None:
    await say(app, "transferi 500 pra minha poupança")
    reply = await say(app, question)
    assert "R$ 500,00" in reply and "despesas ou das suas receitas" not in reply


async def test_swapping_a_phone_in_instalments_is_weighed_against_the_budget(
    app: FinanceApp,
) -> None:
    await say(app, "recebi 3500 de salário")
    await say(app, "gastei 1200 de aluguel")
    reply = await say(app, "tô pensando em trocar de celular, um de 2500 em 10x vale a pena?")
    assert "R$ 250,00" in reply and "sobrando R$ 2.300,00" in reply
    assert "não consigo fazer aqui" not in reply


async def test_a_delete_order_naming_another_entry_deletes_nothing(app: FinanceApp) -> None:
    """ "apaga o do aluguel" right after the market was recorded deleted the market."""
    await say(app, "paguei o aluguel, 1500")
    await say(app, "mercado 320 ontem")
    reply = await say(app, "apaga o do aluguel")
    assert reply.startswith("Não apaguei nada")
    assert len(await ledger_of(app).entries("ana", FlowFilter())) == 2


@pytest.mark.parametrize(
    ("recorded", "order"),
    [("gastei 50 no posto", "apaga a gasolina"), ("mercado 320 ontem", "apaga o do mercado"),
     ("uber 23", "apaga esse")],
)  # fmt: skip
async def test_a_delete_order_naming_the_entry_or_nothing_deletes_it(
    app: FinanceApp, recorded: str, order: str
) -> None:
    await say(app, recorded)
    reply = await say(app, order)
    assert reply.startswith("Pronto, apaguei o último lançamento")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


@pytest.mark.parametrize(
    "question", ["quanto devo no cartão?", "quanto falta pagar do notebook?", "quanto eu devo?"]
)
async def test_what_is_owed_includes_the_cards_open_instalments(
    app: FinanceApp, question: str
) -> None:
    """ "quanto devo no cartão?" (the '?' kept the card from being read) and "quanto eu devo?"
    said "Você não tem dívidas registradas em aberto" with 12 instalments open on the card."""
    await say(app, "comprei um notebook de 4 mil em 12x no cartão")
    reply = await say(app, question)
    assert "12 parcelas" in reply and "R$ 4.000,00" in reply and "20/12/2026" in reply


async def test_next_months_payables_include_the_cards_instalments_due(app: FinanceApp) -> None:
    """ "tenho conta pra pagar mês que vem?" ignored "mês que vem" (no such period) and the card's
    instalments were never payables."""
    await say(app, "comprei um notebook de 4 mil em 12x no cartão")
    await say(app, "luz 180 vence dia 10")
    reply = await say(app, "tenho conta pra pagar mês que vem?")
    assert reply.startswith("No mês que vem você tem uma conta a pagar, de R$ 180,00")
    assert "\nNo cartão, você tem 1 parcela" in reply and "R$ 333,34" in reply
