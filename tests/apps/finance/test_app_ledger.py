"""The finance ledger and the §3.2 data access: one suite on memory, SQLite and PostgreSQL."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import date
from decimal import Decimal

import asyncpg
import pytest

from switchboard.apps.finance.data_access import Filters, LedgerDataAccess
from switchboard.apps.finance.demo import load_demo
from switchboard.apps.finance.lancador import build_batch
from switchboard.apps.finance.ledger import (
    LEDGER,
    Asset,
    Debt,
    Entry,
    FlowFilter,
    InvalidLedgerRecordError,
    LedgerBatch,
)
from switchboard.apps.finance.nlu import TransactionDraft, parse_query
from switchboard.core.clock import ManualClock
from switchboard.store.in_memory import InMemoryStore
from switchboard.store.sql.locations import location_tables
from switchboard.store.sql.store import SqlStore
from tests.store.conftest import pg_admin, pg_database_url, run_sync

BACKENDS = ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
TODAY = date(2026, 11, 20)
D = Decimal


@pytest.fixture(scope="module")
def finance_pg_url() -> Iterator[str]:
    name = f"sb_fin_{uuid.uuid4().hex[:12]}"
    run_sync(pg_admin, f'CREATE DATABASE "{name}"')
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _empty(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for table in location_tables()["finance"]:
            await conn.execute(f"DELETE FROM {table.name}")
    finally:
        await conn.close()


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator:
    clock = ManualClock()
    if request.param == "memory":
        yield InMemoryStore(clock=clock)
        return
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'fin.db'}"
    else:
        url = request.getfixturevalue("finance_pg_url")
    sql = SqlStore(url, clock=clock)
    await sql.init()
    if request.param == "postgres":
        await _empty(url)
    try:
        yield sql
    finally:
        await sql.close()


def _draft(**fields: object) -> TransactionDraft:
    return TransactionDraft.model_validate(fields)


async def test_a_card_purchase_in_10x_records_ten_instalments_that_sum_exactly(store) -> None:
    ledger = store.repository(LEDGER)
    tv = _draft(valor="3000", tipo="despesa", cartao_credito=True, parcelas=10, data=TODAY)
    assert await ledger.record("ana", "k1", build_batch("ana", "k1", tv, TODAY))
    parts = await ledger.instalments("ana", paid=False)
    assert [p.amount for p in parts] == [D("300.00")] * 10
    assert parts[0].due == date(2026, 12, 20) and parts[-1].due == date(2027, 9, 20)
    odd = _draft(valor="100", tipo="despesa", cartao_credito=True, parcelas=3, data=TODAY)
    await ledger.record("ana", "k2", build_batch("ana", "k2", odd, TODAY))
    mine = [i for i in await ledger.instalments("ana", paid=False) if i.amount < D("300")]
    assert sorted(i.amount for i in mine) == [D("33.33"), D("33.33"), D("33.34")]


async def test_recording_is_idempotent_per_key(store) -> None:
    ledger = store.repository(LEDGER)
    draft = _draft(valor="150", tipo="despesa", categoria="Alimentação", data=TODAY)
    assert await ledger.record("ana", "same", build_batch("ana", "same", draft, TODAY))
    assert not await ledger.record("ana", "same", build_batch("ana", "same", draft, TODAY))
    assert len(await ledger.entries("ana", FlowFilter())) == 1
    assert await ledger.recorded("ana", "same")
    assert not await ledger.recorded("bia", "same")


async def test_two_users_never_see_each_others_rows(store) -> None:
    ledger = store.repository(LEDGER)
    for user, value in (("ana", "10"), ("bia", "20")):
        draft = _draft(valor=value, tipo="despesa", data=TODAY)
        await ledger.record(user, "k", build_batch(user, "k", draft, TODAY))
    await load_demo(ledger, "bia", TODAY)
    ana = await ledger.entries("ana", FlowFilter())
    assert [e.amount for e in ana] == [D("10.00")]
    assert await ledger.debts("ana") == [] and await ledger.assets("ana") == []
    assert await ledger.instalments("ana", paid=False) == []
    access = LedgerDataAccess(ledger)
    assert await access.cash_balance("ana") == D("-10.00")
    assert await access.invested("ana") == 0


async def test_a_batch_with_another_users_row_is_refused(store) -> None:
    ledger = store.repository(LEDGER)
    bad = LedgerBatch(entries=[Entry("e1", "bia", "despesa", D("1"), TODAY)])
    with pytest.raises(InvalidLedgerRecordError):
        await ledger.record("ana", "k", bad)
    assert await ledger.entries("bia", FlowFilter()) == []


async def test_a_debt_payment_reduces_the_balance(store) -> None:
    ledger = store.repository(LEDGER)
    debt = Debt("d1", "ana", "Empréstimo do banco", D("1000"), D("1000"), TODAY)
    await ledger.record("ana", "k0", LedgerBatch(debts=[debt]))
    pay = _draft(valor="250", tipo="despesa", divida_relacionada="empréstimo", data=TODAY)
    batch = build_batch("ana", "k1", pay, TODAY, await ledger.debts("ana"))
    await ledger.record("ana", "k1", batch)
    assert [d.balance for d in await ledger.debts("ana")] == [D("750.00")]
    assert (await ledger.entries("ana", FlowFilter()))[0].debt_id == "d1"


async def test_data_access_filters_and_aggregates(store) -> None:
    ledger = store.repository(LEDGER)
    await load_demo(ledger, "dev", TODAY)
    assert not await load_demo(ledger, "dev", TODAY)  # loaded once
    access = LedgerDataAccess(ledger)
    november = Filters(start=date(2026, 11, 1), end=date(2026, 11, 30), kind="despesa")
    spent = await access.flow_total("dev", november)
    assert spent > D("2000")
    health = await access.flows(
        "dev", Filters(start=date(2026, 6, 1), end=TODAY, categoria="Saúde", min_value=D("50"))
    )
    assert health and all(f.categoria == "Saúde" and f.amount >= 50 for f in health)
    fixed = await access.flows("dev", Filters(expense_type="fixa", end=TODAY))
    assert {f.categoria for f in fixed} <= {"Moradia", "Contas", "Educação", "Dívidas"}
    salary = await access.flows("dev", Filters(income_type="salario"))
    assert len(salary) == 6 and all(f.amount == D("6500.00") for f in salary)
    assert await access.invested("dev") == D("25500.00")
    assert await access.reserve("dev") == D("15000.00")
    worth = await access.net_worth("dev")
    assert worth.net == worth.assets - worth.liabilities
    assert [d.balance for d in await access.open_debts("dev")] == [D("4040.00")]
    query = parse_query("quanto gastei com supermercado em outubro?", TODAY)
    result = await access.run("dev", query)  # type: ignore[arg-type]
    assert result.value > 0


async def test_assets_are_per_user(store) -> None:
    ledger = store.repository(LEDGER)
    await ledger.record(
        "ana", "a", LedgerBatch(assets=[Asset("x1", "ana", "CDB", "investimento", D("10"))])
    )
    assert [a.value for a in await ledger.assets("ana")] == [D("10.00")]
    assert await ledger.assets("bia") == []


# -- issue 19: money that moves without being spent or earned --------------------------------


async def _net(access: LedgerDataAccess, user: str) -> Decimal:
    return (await access.net_worth(user)).net


async def test_a_transfer_between_own_accounts_changes_neither_balance_nor_net_worth(
    store,
) -> None:
    ledger, access = store.repository(LEDGER), LedgerDataAccess(store.repository(LEDGER))
    salary = _draft(valor="3000", tipo="receita", categoria="Receitas", data=TODAY)
    await ledger.record("ana", "s", build_batch("ana", "s", salary, TODAY))
    before = (await access.cash_balance("ana"), await _net(access, "ana"))
    move = _draft(valor="500", transferencia=True, conta_destino="poupança", data=TODAY)
    await ledger.record("ana", "t", build_batch("ana", "t", move, TODAY))
    assert (await access.cash_balance("ana"), await _net(access, "ana")) == before
    [transfer] = await ledger.transfers("ana", FlowFilter())
    assert (transfer.amount, transfer.to_account) == (D("500.00"), "poupança")
    assert await access.flow_total("ana", Filters(kind="despesa")) == 0  # not spending


async def test_a_loan_is_cash_in_and_a_debt_and_leaves_net_worth_unchanged(store) -> None:
    ledger, access = store.repository(LEDGER), LedgerDataAccess(store.repository(LEDGER))
    loan = _draft(valor="10000", tipo="receita", nova_divida=True, descricao="banco", data=TODAY)
    await ledger.record("ana", "l", build_batch("ana", "l", loan, TODAY))
    [debt] = await ledger.debts("ana")
    assert (debt.cash_in, debt.balance, debt.name) == (True, D("10000.00"), "Empréstimo (banco)")
    assert await access.cash_balance("ana") == D("10000.00")
    assert await _net(access, "ana") == 0
    assert await access.flow_total("ana", Filters(kind="receita")) == 0  # a loan is not income
    pay = _draft(valor="1000", tipo="despesa", divida_relacionada="empréstimo do banco")
    await ledger.record("ana", "p", build_batch("ana", "p", pay, TODAY, [debt]))
    assert [d.balance for d in await ledger.debts("ana")] == [D("9000.00")]
    assert await _net(access, "ana") == 0


async def test_a_payment_naming_another_debt_reduces_none(store) -> None:
    ledger = store.repository(LEDGER)
    debt = Debt("d1", "ana", "Empréstimo (santander)", D("1000"), D("1000"), TODAY, True)
    await ledger.record("ana", "k0", LedgerBatch(debts=[debt]))
    pay = _draft(valor="250", tipo="despesa", divida_relacionada="empréstimo do Itaú")
    await ledger.record("ana", "k1", build_batch("ana", "k1", pay, TODAY, [debt]))
    assert [d.balance for d in await ledger.debts("ana")] == [D("1000.00")]


async def test_an_asset_purchase_is_not_spending_and_its_financed_part_is_a_debt(store) -> None:
    ledger, access = store.repository(LEDGER), LedgerDataAccess(store.repository(LEDGER))
    car = _draft(valor="50000", tipo="despesa", ativo="veiculo", entrada="10000", parcelas=48,
                 descricao="carro", data=TODAY)  # fmt: skip
    await ledger.record("ana", "c", build_batch("ana", "c", car, TODAY))
    [purchase] = await ledger.asset_purchases("ana")
    assert (purchase.amount, purchase.financed, purchase.instalments, purchase.kind) == (
        D("50000.00"), D("40000.00"), 48, "veiculo",
    )  # fmt: skip
    assert [a.value for a in await ledger.assets("ana")] == [D("50000.00")]
    assert [(d.balance, d.cash_in) for d in await ledger.debts("ana")] == [(D("40000.00"), False)]
    assert await access.cash_balance("ana") == D("-10000.00")  # only the down payment left
    assert await _net(access, "ana") == 0
    assert await access.flow_total("ana", Filters(kind="despesa")) == 0


async def test_a_refund_of_a_found_purchase_reverses_it_in_its_category(store) -> None:
    ledger, access = store.repository(LEDGER), LedgerDataAccess(store.repository(LEDGER))
    shirt = _draft(valor="80", tipo="despesa", categoria="Compras", subcategoria="Roupas",
                   descricao="camisa renner", data=TODAY)  # fmt: skip
    await ledger.record("ana", "b", build_batch("ana", "b", shirt, TODAY))
    back = _draft(valor="80", tipo="receita", reembolso=True, descricao="renner", data=TODAY)
    originals = await ledger.entries("ana", FlowFilter(kind="despesa"))
    await ledger.record("ana", "r", build_batch("ana", "r", back, TODAY, (), originals))
    refund = next(e for e in await ledger.entries("ana", FlowFilter()) if e.kind == "receita")
    assert (refund.nature, refund.reverses, refund.categoria) == ("estorno", originals[0].id,
                                                                  "Compras")  # fmt: skip
    clothes = Filters(kind="despesa", categoria="Compras")
    assert await access.flow_total("ana", clothes) == 0
    assert await access.flow_total("ana", Filters(kind="receita")) == 0  # not income either
    assert await access.cash_balance("ana") == 0


async def test_a_refund_of_nothing_found_is_income_under_reembolso(store) -> None:
    ledger, access = store.repository(LEDGER), LedgerDataAccess(store.repository(LEDGER))
    back = _draft(valor="45", tipo="receita", reembolso=True, descricao="plano", data=TODAY)
    await ledger.record("ana", "r", build_batch("ana", "r", back, TODAY))
    [entry] = await ledger.entries("ana", FlowFilter())
    assert (entry.subcategoria, entry.nature, entry.reverses) == ("Reembolso", "fluxo", None)
    assert await access.flow_total("ana", Filters(kind="receita")) == D("45.00")


async def test_a_card_bill_payment_settles_instalments_and_is_not_spent_twice(store) -> None:
    ledger, access = store.repository(LEDGER), LedgerDataAccess(store.repository(LEDGER))
    tv = _draft(valor="300", tipo="despesa", cartao_credito=True, parcelas=3, data=TODAY)
    await ledger.record("ana", "tv", build_batch("ana", "tv", tv, TODAY))
    bill = _draft(valor="200", tipo="despesa", divida_relacionada="fatura do cartão", data=TODAY)
    await ledger.record("ana", "f", build_batch("ana", "f", bill, TODAY))
    assert [i.amount for i in await ledger.instalments("ana", paid=True)] == [D("100.00")] * 2
    assert await access.flow_total("ana", Filters(kind="despesa")) == D("300.00")
    assert await _net(access, "ana") == D("-300.00")


async def test_paying_a_scheduled_bill_settles_it(store) -> None:
    ledger = store.repository(LEDGER)
    due = _draft(valor="210", tipo="despesa", categoria="Contas", subcategoria="Luz",
                 conta_futura=True, data=date(2026, 11, 28))  # fmt: skip
    await ledger.record("ana", "b", build_batch("ana", "b", due, TODAY))
    bills = await ledger.scheduled("ana", "despesa", paid=False)
    paid = _draft(valor="210", tipo="despesa", categoria="Contas", subcategoria="Luz", data=TODAY)
    batch = build_batch("ana", "p", paid, TODAY, (), (), bills)
    assert batch.settles == [bills[0].id]
    await ledger.record("ana", "p", batch)
    assert await ledger.scheduled("ana", "despesa", paid=False) == []
    assert await ledger.undo("ana", batch.refs())
    assert [s.id for s in await ledger.scheduled("ana", "despesa", paid=False)] == [bills[0].id]


async def test_undo_removes_a_recording_and_gives_its_payment_back(store) -> None:
    ledger = store.repository(LEDGER)
    debt = Debt("d1", "ana", "Empréstimo (banco)", D("1000"), D("1000"), TODAY, True)
    await ledger.record("ana", "k0", LedgerBatch(debts=[debt]))
    pay = _draft(valor="300", tipo="despesa", divida_relacionada="empréstimo")
    batch = build_batch("ana", "k1", pay, TODAY, [debt])
    await ledger.record("ana", "k1", batch)
    tv = _draft(valor="300", tipo="despesa", cartao_credito=True, parcelas=3, data=TODAY)
    card = build_batch("ana", "k2", tv, TODAY)
    await ledger.record("ana", "k2", card)
    assert await ledger.undo("ana", batch.refs())
    assert await ledger.undo("ana", card.refs())
    assert [d.balance for d in await ledger.debts("ana")] == [D("1000.00")]
    assert await ledger.entries("ana", FlowFilter()) == []
    assert await ledger.purchases("ana", FlowFilter()) == []
    assert await ledger.instalments("ana", paid=False) == []
    assert not await ledger.undo("ana", batch.refs())  # nothing left to undo


async def test_flow_filters_by_payment_method_and_several_categories(store) -> None:
    ledger, access = store.repository(LEDGER), LedgerDataAccess(store.repository(LEDGER))
    for key, fields in {
        "a": {"valor": "50", "categoria": "Saúde", "subcategoria": "Farmácia",
              "forma_pagamento": "pix"},
        "b": {"valor": "70", "categoria": "Alimentação", "subcategoria": "Supermercado",
              "forma_pagamento": "debito"},
        "c": {"valor": "90", "categoria": "Lazer", "subcategoria": "Cinema",
              "cartao_credito": True, "descricao": "cinema"},
        "d": {"valor": "5", "categoria": "Alimentação", "forma_pagamento": "dinheiro"},
    }.items():  # fmt: skip
        draft = _draft(tipo="despesa", data=TODAY, **fields)
        await ledger.record("ana", key, build_batch("ana", key, draft, TODAY))
    assert await access.flow_total("ana", Filters(payment_methods=("pix",))) == D("50.00")
    assert await access.flow_total("ana", Filters(payment_methods=("credito",))) == D("90.00")
    both = Filters(scopes=(("Saúde", None), ("Lazer", "Cinema")))
    assert await access.flow_total("ana", both) == D("140.00")
    assert await access.flow_total("ana", Filters(merchants=("cinema",))) == D("90.00")
    # "sem contar o mercado": every backend leaves the category out, whole or one subcategory
    # (a row of the category with no subcategory is not the subcategory left out)
    assert await access.flow_total(
        "ana", Filters(excluded=(("Alimentação", "Supermercado"),))
    ) == D("145.00")
    assert await access.flow_total(
        "ana", Filters(excluded=(("Saúde", None), ("Lazer", None)))
    ) == D("75.00")
