"""Through the finance app: a complex question missing numbers is answered with a question (the
reply ends asking), the user's next message that gives them goes back to the orchestrator and
answers the original question — also after a restart — and a change of subject goes where it
would have gone."""

from __future__ import annotations

from decimal import Decimal

import numpy_financial as npf

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.nlu import format_brl

from .app_helpers import ledger_of, make_app, make_clock

HOUSE = "quero financiar uma casa de 400 mil em 30 anos, quanto fica a parcela?"


def price(principal: float, monthly: float, months: int) -> str:
    """The Price instalment, computed independently (numpy-financial), in pt-BR money."""
    value = -npf.pmt(monthly, months, principal)
    return format_brl(Decimal(str(round(value, 2))))


async def test_the_answer_to_the_ask_computes_the_asked_question(app: FinanceApp) -> None:
    first = await app.reply("s1", HOUSE, user_id="ana")
    assert first.agent == "orquestrador"
    assert first.text.rstrip().endswith("?") and "taxa" in first.text.split(".")[-2]
    second = await app.reply("s1", "a taxa é 0,8% ao mes, pela price", user_id="ana")
    assert second.agent == "orquestrador"
    assert price(400_000, 0.008, 360) in second.text  # R$ 3.392,64
    third = await app.reply("s1", "e se fosse em 20 anos?", user_id="ana")
    assert third.agent == "orquestrador"  # a follow-up of the question the answer completed
    assert price(400_000, 0.008, 240) in third.text
    fourth = await app.reply("s1", "obrigado!", user_id="ana")
    assert fourth.agent != "orquestrador"  # answered: nothing pending any more


async def test_a_complaint_with_a_price_is_no_answer_to_the_ask(app: FinanceApp) -> None:
    """ "o mercado tá caro, 30 reais num quilo de carne" after the ask was read as its answer
    (the retirement question was asked again); a complaint changes the subject."""
    asked = await app.reply("s1", "quanto eu teria se guardasse 300 por mês?", user_id="ana")
    assert asked.text.rstrip().endswith("?")
    vent = await app.reply("s1", "o mercado tá caro, 30 reais num quilo de carne", user_id="ana")
    assert "preciso de" not in vent.text and "aposentar" not in vent.text


async def test_a_partial_answer_is_asked_again_for_what_is_missing_only(app: FinanceApp) -> None:
    await app.reply("s1", HOUSE, user_id="ana")
    again = await app.reply("s1", "sem entrada", user_id="ana")
    assert again.agent == "orquestrador" and again.text.rstrip().endswith("?")
    asked = again.text.rsplit("preciso de:", 1)[-1]
    assert "taxa" in asked and "entrada" not in asked
    done = await app.reply("s1", "uns 0,9", user_id="ana")
    assert done.agent == "orquestrador" and price(400_000, 0.009, 360) in done.text


async def test_the_pending_question_survives_a_restart(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'fin.db'}"
    clock = make_clock()
    first = make_app(url, clock=clock)
    try:
        reply = await first.reply(
            "s1", "quanto tenho que guardar por mes pra ter 100 mil?", user_id="ana"
        )
        assert reply.text.rstrip().endswith("?")
    finally:
        await first.shutdown()
    second = make_app(url, clock=clock)
    try:
        reply = await second.reply("s1", "em 8 anos, rendendo 0,6% ao mes", user_id="ana")
        assert reply.agent == "orquestrador"
        saving = -npf.pmt(0.006, 96, 0, 100_000)  # R$ 773,35
        assert format_brl(Decimal(str(round(saving, 2)))) in reply.text
    finally:
        await second.shutdown()


async def test_a_ledger_entry_after_the_ask_is_recorded_and_drops_the_question(
    app: FinanceApp,
) -> None:
    await app.reply("s1", HOUSE, user_id="ana")
    entry = await app.reply("s1", "gastei 50 no mercado", user_id="ana")
    assert entry.agent == "lancador"
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [e.amount for e in entries] == [Decimal("50.00")]
    late = await app.reply("s1", "0,8% ao mês", user_id="ana")
    assert price(400_000, 0.008, 360) not in late.text


async def test_a_greeting_after_the_ask_goes_to_junior(app: FinanceApp) -> None:
    await app.reply("s1", HOUSE, user_id="ana")
    assert (await app.reply("s1", "oi, tudo bem?", user_id="ana")).agent == "junior"


async def test_a_question_of_its_own_after_the_ask_is_answered_as_it_is(app: FinanceApp) -> None:
    await app.reply("s1", HOUSE, user_id="ana")
    own = await app.reply("s1", "e um carro de 50 mil em 48x a 1,5% ao mês?", user_id="ana")
    assert own.agent == "orquestrador"
    assert price(50_000, 0.015, 48) in own.text and "400.000" not in own.text
