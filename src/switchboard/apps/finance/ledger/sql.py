"""The ledger on SQLite or PostgreSQL: SQLAlchemy Core, bound parameters only.

`record` is one transaction: the idempotency key is inserted first with ON CONFLICT DO NOTHING;
no row inserted means the message was recorded before, and nothing else is written. Debt
payments are `UPDATE ... SET balance = max(balance - x, 0)` in the same transaction, so two
payments racing on one debt cannot lose an update; a card bill payment marks the earliest open
instalments paid in the same transaction too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from switchboard import SqlContext
from switchboard.apps.finance.ledger import tables as t
from switchboard.apps.finance.ledger.records import (
    Account,
    Asset,
    AssetPurchase,
    Card,
    CardPurchase,
    Debt,
    Entry,
    FlowFilter,
    Instalment,
    Kind,
    LedgerBatch,
    RowRefs,
    Scheduled,
    Transfer,
    from_cents,
    to_cents,
)
from switchboard.apps.finance.ledger.settle import settled


class SqlLedger:
    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner
        self._clock = context.clock
        self._insert = postgresql.insert if context.dialect == "postgresql" else sqlite.insert

    async def record(self, user_id: str, key: str, batch: LedgerBatch) -> bool:
        batch.check(user_id)
        return await self._runner.write(self._record, user_id, key, batch, self._clock.now())

    def _record(
        self, conn: Connection, user_id: str, key: str, batch: LedgerBatch, now: datetime
    ) -> bool:
        claimed = conn.execute(
            self._insert(t.recordings)
            .values(user_id=user_id, key=key, created_at=now)
            .on_conflict_do_nothing(index_elements=["user_id", "key"])
        )
        if claimed.rowcount == 0:
            return False
        _insert_rows(conn, t.accounts, [_account_row(a) for a in batch.accounts])
        _insert_rows(conn, t.cards, [_card_row(c) for c in batch.cards])
        _insert_rows(conn, t.entries, [_entry_row(e) for e in batch.entries])
        _insert_rows(conn, t.scheduled, [_scheduled_row(s) for s in batch.scheduled])
        _insert_rows(conn, t.purchases, [_purchase_row(p) for p in batch.purchases])
        _insert_rows(conn, t.instalments, [_instalment_row(i) for i in batch.instalments])
        _insert_rows(conn, t.debts, [_debt_row(d) for d in batch.debts])
        _insert_rows(conn, t.assets, [_asset_row(a) for a in batch.assets])
        _insert_rows(conn, t.transfers, [_transfer_row(x) for x in batch.transfers])
        _insert_rows(
            conn, t.asset_purchases, [_asset_purchase_row(p) for p in batch.asset_purchases]
        )
        for bill in batch.card_bills:
            self._settle_card(conn, user_id, bill.amount)
        if batch.settles:
            c = t.scheduled.c
            conn.execute(
                sa.update(t.scheduled)
                .where(c.user_id == user_id, c.id.in_(batch.settles))
                .values(paid=True)
            )
        for payment in batch.payments:
            cents = to_cents(payment.amount)
            balance = t.debts.c.balance_cents
            conn.execute(
                sa.update(t.debts)
                .where(t.debts.c.id == payment.debt_id, t.debts.c.user_id == user_id)
                .values(balance_cents=sa.case((balance > cents, balance - cents), else_=0))
            )
        return True

    @staticmethod
    def _settle_card(conn: Connection, user_id: str, amount: Decimal) -> None:
        c = t.instalments.c
        open_rows = conn.execute(
            sa.select(c.purchase_id, c.seq, c.due, c.amount_cents)
            .where(c.user_id == user_id, c.paid.is_(False))
            .order_by(c.due, c.purchase_id, c.seq)
        ).all()
        parts = [
            Instalment(r.purchase_id, user_id, r.seq, r.due, from_cents(r.amount_cents))
            for r in open_rows
        ]
        for part in settled(parts, amount):
            conn.execute(
                sa.update(t.instalments)
                .where(c.purchase_id == part.purchase_id, c.seq == part.seq, c.user_id == user_id)
                .values(paid=True)
            )

    async def undo(self, user_id: str, refs: RowRefs) -> bool:
        return await self._runner.write(self._undo, user_id, refs)

    @staticmethod
    def _undo(conn: Connection, user_id: str, refs: RowRefs) -> bool:
        removed = 0
        for table, ids in (
            (t.entries, refs.entries), (t.purchases, refs.purchases),
            (t.scheduled, refs.scheduled), (t.debts, refs.debts), (t.assets, refs.assets),
            (t.transfers, refs.transfers), (t.asset_purchases, refs.asset_purchases),
        ):  # fmt: skip
            if ids:
                result = conn.execute(
                    sa.delete(table).where(table.c.user_id == user_id, table.c.id.in_(ids))
                )
                removed += result.rowcount
        if refs.settled:
            c = t.scheduled.c
            conn.execute(
                sa.update(t.scheduled)
                .where(c.user_id == user_id, c.id.in_(refs.settled))
                .values(paid=False)
            )
        if refs.purchases:
            c = t.instalments.c
            conn.execute(
                sa.delete(t.instalments).where(
                    c.user_id == user_id, c.purchase_id.in_(refs.purchases)
                )
            )
        for debt_id, amount in refs.payments:
            cents = to_cents(Decimal(amount))
            d = t.debts.c
            grown = d.balance_cents + cents
            conn.execute(
                sa.update(t.debts)
                .where(d.id == debt_id, d.user_id == user_id)
                .values(
                    balance_cents=sa.case(
                        (grown > d.principal_cents, d.principal_cents), else_=grown
                    )
                )
            )
        return removed > 0

    async def recorded(self, user_id: str, key: str) -> bool:
        query = sa.select(t.recordings.c.key).where(
            t.recordings.c.user_id == user_id, t.recordings.c.key == key
        )
        return bool(await self._runner.read(_rows, query))

    async def entries(self, user_id: str, flt: FlowFilter) -> list[Entry]:
        c = t.entries.c
        query = (
            sa.select(t.entries)
            .where(c.user_id == user_id, *_flow_where(t.entries, flt, c.kind))
            .order_by(c.day, c.id)
        )
        return [_entry(r) for r in await self._runner.read(_rows, query)]

    async def purchases(self, user_id: str, flt: FlowFilter) -> list[CardPurchase]:
        if flt.kind == "receita" or (flt.payment_methods and "credito" not in flt.payment_methods):
            return []
        c = t.purchases.c
        query = (
            sa.select(t.purchases)
            .where(c.user_id == user_id, *_flow_where(t.purchases, flt, None))
            .order_by(c.day, c.id)
        )
        return [_purchase(r) for r in await self._runner.read(_rows, query)]

    async def transfers(self, user_id: str, flt: FlowFilter) -> list[Transfer]:
        c = t.transfers.c
        where: list[Any] = [c.user_id == user_id]
        if flt.start is not None:
            where.append(c.day >= flt.start)
        if flt.end is not None:
            where.append(c.day <= flt.end)
        query = sa.select(t.transfers).where(*where).order_by(c.day, c.id)
        return [_transfer(r) for r in await self._runner.read(_rows, query)]

    async def asset_purchases(self, user_id: str) -> list[AssetPurchase]:
        c = t.asset_purchases.c
        query = sa.select(t.asset_purchases).where(c.user_id == user_id).order_by(c.day, c.id)
        return [_asset_purchase(r) for r in await self._runner.read(_rows, query)]

    async def scheduled(self, user_id: str, kind: Kind | None, *, paid: bool) -> list[Scheduled]:
        c = t.scheduled.c
        where = [c.user_id == user_id, c.paid == paid]
        if kind is not None:
            where.append(c.kind == kind)
        query = sa.select(t.scheduled).where(*where).order_by(c.due.is_(None), c.due, c.id)
        return [_scheduled(r) for r in await self._runner.read(_rows, query)]

    async def instalments(self, user_id: str, *, paid: bool) -> list[Instalment]:
        c = t.instalments.c
        query = (
            sa.select(t.instalments)
            .where(c.user_id == user_id, c.paid == paid)
            .order_by(c.due, c.purchase_id, c.seq)
        )
        return [_instalment(r) for r in await self._runner.read(_rows, query)]

    async def debts(self, user_id: str) -> list[Debt]:
        c = t.debts.c
        query = sa.select(t.debts).where(c.user_id == user_id).order_by(c.day, c.id)
        return [_debt(r) for r in await self._runner.read(_rows, query)]

    async def assets(self, user_id: str) -> list[Asset]:
        c = t.assets.c
        query = sa.select(t.assets).where(c.user_id == user_id).order_by(c.id)
        return [_asset(r) for r in await self._runner.read(_rows, query)]

    async def accounts(self, user_id: str) -> list[Account]:
        c = t.accounts.c
        query = sa.select(t.accounts).where(c.user_id == user_id).order_by(c.id)
        return [
            Account(r.id, r.user_id, r.name, from_cents(r.opening_cents))
            for r in await self._runner.read(_rows, query)
        ]

    async def cards(self, user_id: str) -> list[Card]:
        c = t.cards.c
        query = sa.select(t.cards).where(c.user_id == user_id).order_by(c.id)
        return [
            Card(r.id, r.user_id, r.name, r.due_day) for r in await self._runner.read(_rows, query)
        ]

    async def profile(self, user_id: str) -> dict[str, str]:
        c = t.profiles.c
        query = sa.select(c.key, c.value).where(c.user_id == user_id).order_by(c.key)
        return {r.key: r.value for r in await self._runner.read(_rows, query)}

    async def set_profile(self, user_id: str, facts: Mapping[str, str]) -> None:
        if facts:
            await self._runner.write(self._set_profile, user_id, dict(facts), self._clock.now())

    def _set_profile(
        self, conn: Connection, user_id: str, facts: dict[str, str], now: datetime
    ) -> None:
        for key, value in facts.items():
            stmt = self._insert(t.profiles).values(
                user_id=user_id, key=key, value=value, updated_at=now
            )
            conn.execute(
                stmt.on_conflict_do_update(
                    index_elements=["user_id", "key"],
                    set_={"value": value, "updated_at": now},
                )
            )


def _flow_where(table: sa.Table, flt: FlowFilter, kind: sa.ColumnElement[Any] | None) -> list[Any]:
    """The §3.2 filters as bound-parameter conditions (twin of `in_memory.matches`)."""
    c = table.c
    where: list[Any] = []
    if flt.start is not None:
        where.append(c.day >= flt.start)
    if flt.end is not None:
        where.append(c.day <= flt.end)
    if flt.kind is not None and kind is not None:
        where.append(kind == flt.kind)
    if flt.categorias:
        where.append(c.categoria.in_(flt.categorias))
    if flt.subcategoria is not None:
        where.append(c.subcategoria == flt.subcategoria)
    if flt.min_value is not None:
        where.append(c.amount_cents >= to_cents(flt.min_value))
    if flt.max_value is not None:
        where.append(c.amount_cents <= to_cents(flt.max_value))
    if flt.scopes:
        where.append(_among(c, flt.scopes))
    if flt.excluded:  # a row with no (sub)category is not one of them: NULL reads as false
        where.append(sa.not_(sa.func.coalesce(_among(c, flt.excluded), sa.false())))
    if flt.payment_methods and "payment_method" in c:
        where.append(c.payment_method.in_(flt.payment_methods))
    return where


def _among(c: Any, pairs: tuple[tuple[str, str | None], ...]) -> sa.ColumnElement[bool]:
    """The row is one of these (categoria, subcategoria or None for the whole category)."""
    return sa.or_(
        *(
            c.categoria == cat
            if sub is None
            else sa.and_(c.categoria == cat, c.subcategoria == sub)
            for cat, sub in pairs
        )
    )


def _rows(conn: Connection, query: sa.Select[Any]) -> Sequence[sa.Row[Any]]:
    return conn.execute(query).all()


def _insert_rows(conn: Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    if rows:
        conn.execute(sa.insert(table), rows)


def _account_row(a: Account) -> dict[str, Any]:
    return {
        "id": a.id,
        "user_id": a.user_id,
        "name": a.name,
        "opening_cents": to_cents(a.opening_balance),
    }


def _card_row(c: Card) -> dict[str, Any]:
    return {"id": c.id, "user_id": c.user_id, "name": c.name, "due_day": c.due_day}


def _entry_row(e: Entry) -> dict[str, Any]:
    return {
        "id": e.id, "user_id": e.user_id, "kind": e.kind, "amount_cents": to_cents(e.amount),
        "day": e.day, "categoria": e.categoria, "subcategoria": e.subcategoria,
        "description": e.description, "payment_method": e.payment_method, "debt_id": e.debt_id,
        "nature": e.nature, "reverses": e.reverses,
    }  # fmt: skip


def _scheduled_row(s: Scheduled) -> dict[str, Any]:
    return {
        "id": s.id, "user_id": s.user_id, "kind": s.kind, "amount_cents": to_cents(s.amount),
        "due": s.due, "categoria": s.categoria, "subcategoria": s.subcategoria,
        "description": s.description, "paid": s.paid,
    }  # fmt: skip


def _purchase_row(p: CardPurchase) -> dict[str, Any]:
    return {
        "id": p.id, "user_id": p.user_id, "amount_cents": to_cents(p.amount), "day": p.day,
        "instalments": p.instalments, "categoria": p.categoria, "subcategoria": p.subcategoria,
        "description": p.description, "card_id": p.card_id,
    }  # fmt: skip


def _instalment_row(i: Instalment) -> dict[str, Any]:
    return {
        "purchase_id": i.purchase_id, "seq": i.seq, "user_id": i.user_id, "due": i.due,
        "amount_cents": to_cents(i.amount), "paid": i.paid,
    }  # fmt: skip


def _debt_row(d: Debt) -> dict[str, Any]:
    return {
        "id": d.id, "user_id": d.user_id, "name": d.name,
        "principal_cents": to_cents(d.principal), "balance_cents": to_cents(d.balance),
        "day": d.day, "cash_in": d.cash_in,
    }  # fmt: skip


def _asset_row(a: Asset) -> dict[str, Any]:
    return {
        "id": a.id, "user_id": a.user_id, "name": a.name, "kind": a.kind,
        "value_cents": to_cents(a.value), "investment_type": a.investment_type,
    }  # fmt: skip


def _transfer_row(x: Transfer) -> dict[str, Any]:
    return {
        "id": x.id, "user_id": x.user_id, "amount_cents": to_cents(x.amount), "day": x.day,
        "from_account": x.from_account, "to_account": x.to_account,
        "description": x.description,
    }  # fmt: skip


def _asset_purchase_row(p: AssetPurchase) -> dict[str, Any]:
    return {
        "id": p.id, "user_id": p.user_id, "asset_id": p.asset_id, "kind": p.kind,
        "amount_cents": to_cents(p.amount), "day": p.day, "instalments": p.instalments,
        "financed_cents": to_cents(p.financed), "description": p.description,
    }  # fmt: skip


def _entry(r: sa.Row[Any]) -> Entry:
    return Entry(
        r.id, r.user_id, r.kind, from_cents(r.amount_cents), r.day, r.categoria,
        r.subcategoria, r.description, r.payment_method, r.debt_id, r.nature, r.reverses,
    )  # fmt: skip


def _transfer(r: sa.Row[Any]) -> Transfer:
    return Transfer(
        r.id, r.user_id, from_cents(r.amount_cents), r.day, r.from_account, r.to_account,
        r.description,
    )  # fmt: skip


def _asset_purchase(r: sa.Row[Any]) -> AssetPurchase:
    return AssetPurchase(
        r.id, r.user_id, r.asset_id, r.kind, from_cents(r.amount_cents), r.day, r.instalments,
        from_cents(r.financed_cents), r.description,
    )  # fmt: skip


def _scheduled(r: sa.Row[Any]) -> Scheduled:
    return Scheduled(
        r.id, r.user_id, r.kind, from_cents(r.amount_cents), r.due, r.categoria,
        r.subcategoria, r.description, r.paid,
    )  # fmt: skip


def _purchase(r: sa.Row[Any]) -> CardPurchase:
    return CardPurchase(
        r.id, r.user_id, from_cents(r.amount_cents), r.day, r.instalments, r.categoria,
        r.subcategoria, r.description, r.card_id,
    )  # fmt: skip


def _instalment(r: sa.Row[Any]) -> Instalment:
    return Instalment(r.purchase_id, r.user_id, r.seq, r.due, from_cents(r.amount_cents), r.paid)


def _debt(r: sa.Row[Any]) -> Debt:
    return Debt(
        r.id, r.user_id, r.name, from_cents(r.principal_cents), from_cents(r.balance_cents), r.day,
        r.cash_in,
    )  # fmt: skip


def _asset(r: sa.Row[Any]) -> Asset:
    return Asset(r.id, r.user_id, r.name, r.kind, from_cents(r.value_cents), r.investment_type)
