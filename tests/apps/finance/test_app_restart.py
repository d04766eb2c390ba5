"""Restart in the middle of a clarifying dialogue: the open dialog lives in the store."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.state import FinanceState

from .app_helpers import ledger_of, make_app, make_clock


async def test_a_new_app_instance_continues_the_open_dialog(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'fin.db'}"
    clock = make_clock()
    first = make_app(url, clock=clock)
    assert (await first.reply("s1", "Fui ao cinema ontem", user_id="ana")).text == (
        "Qual foi o valor?"
    )
    await first.shutdown()

    second = make_app(url, clock=clock)
    try:
        record = await second.store.get_session("s1")
        assert record is not None
        dialog = record.state.get(FinanceState).dialog
        assert dialog is not None and dialog.agent == "lancador"
        reply = await second.reply("s1", "40 reais", user_id="ana")
        assert reply.text == "Registrado! Despesa de R$ 40,00 em Cinema na data de ontem."
        entries = await ledger_of(second).entries("ana", FlowFilter())
        assert [e.amount for e in entries] == [Decimal("40.00")]
    finally:
        await second.shutdown()


async def test_the_ledger_persists_across_instances(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'fin.db'}"
    first = make_app(url)
    await first.reply("s1", "Comprei uma TV de 3000 reais no cartão em 10x", user_id="ana")
    await first.shutdown()
    second = make_app(url)
    try:
        reply = await second.reply("s2", "quanto falta pagar de parcelas do cartão?", user_id="ana")
        assert "10 parcelas de cartão em aberto, somando R$ 3.000,00" in reply.text
    finally:
        await second.shutdown()
