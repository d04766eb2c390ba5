"""Branch fin8: asking permission to record an amount ("posso registrar 30 de padaria?") is a
request to record it, not a question about the assistant; money that may be left over ("se
sobrar 500 eu invisto") is an idea, never offered as a bill."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.trivial import CONSIDERING_ANSWER

from .app_helpers import ledger_of, make_app


@pytest.mark.parametrize(
    ("text", "amount"),
    [("posso registrar 30 de padaria?", 30), ("posso anotar 45 de uber?", 45),
     ("posso lançar 120 de farmácia?", 120)],
)  # fmt: skip
async def test_may_i_record_an_amount_records_it(text: str, amount: int) -> None:
    app = make_app()
    reply = await app.reply("s1", text, user_id="ana")
    assert reply.agent == "lancador"
    (entry,) = await ledger_of(app).entries("ana", FlowFilter())
    assert entry.amount == amount


async def test_may_i_record_without_an_amount_is_still_about_the_assistant() -> None:
    reply = await make_app().reply("s1", "posso registrar gastos?", user_id="ana")
    assert reply.agent == "junior"


@pytest.mark.parametrize(
    "text", ["se sobrar 500 eu invisto", "se sobrar uns 300 esse mes eu guardo na poupança"]
)
async def test_money_that_may_be_left_over_is_never_a_bill(text: str) -> None:
    app = make_app()
    reply = await app.reply("s1", text, user_id="ana")
    assert reply.text == CONSIDERING_ANSWER and "conta a pagar" not in reply.text
    ledger = ledger_of(app)
    assert await ledger.entries("ana", FlowFilter()) == []
    assert await ledger.scheduled("ana", None, paid=False) == []


async def test_the_permission_asked_is_not_the_description() -> None:
    app = make_app()
    await app.reply("s1", "posso registrar 30 de padaria?", user_id="ana")
    (entry,) = await ledger_of(app).entries("ana", FlowFilter())
    assert "posso" not in (entry.description or "")
