"""The ledger in process memory (tests, `memory://` stores). Same behaviour as `sql.py`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from decimal import Decimal

from switchboard import Clock
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
)
from switchboard.apps.finance.ledger.settle import settled


def matches(
    flt: FlowFilter,
    kind: Kind,
    amount: Decimal,
    day: date,
    categoria: str | None,
    subcategoria: str | None,
    payment_method: str | None = "credito",
) -> bool:
    """The in-memory twin of the SQL WHERE clause built in `sql.py::_flow_where` (a card
    purchase's `payment_method` is `credito`)."""
    return not (
        (flt.payment_methods and payment_method not in flt.payment_methods)
        or not flt.in_scope(categoria, subcategoria)
        or (flt.start is not None and day < flt.start)
        or (flt.end is not None and day > flt.end)
        or (flt.kind is not None and kind != flt.kind)
        or (flt.categorias and categoria not in flt.categorias)
        or (flt.subcategoria is not None and subcategoria != flt.subcategoria)
        or (flt.min_value is not None and amount < flt.min_value)
        or (flt.max_value is not None and amount > flt.max_value)
    )


class _UserBook:
    __slots__ = (
        "accounts", "asset_purchases", "assets", "cards", "debts", "entries", "instalments",
        "keys", "profile", "purchases", "scheduled", "transfers",
    )  # fmt: skip

    def __init__(self) -> None:
        self.accounts: list[Account] = []
        self.cards: list[Card] = []
        self.entries: list[Entry] = []
        self.scheduled: list[Scheduled] = []
        self.purchases: list[CardPurchase] = []
        self.instalments: list[Instalment] = []
        self.debts: dict[str, Debt] = {}
        self.assets: list[Asset] = []
        self.transfers: list[Transfer] = []
        self.asset_purchases: list[AssetPurchase] = []
        self.keys: set[str] = set()
        self.profile: dict[str, str] = {}


class InMemoryLedger:
    """Per-user books in a dict; a batch is applied whole (it is validated first)."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._books: defaultdict[str, _UserBook] = defaultdict(_UserBook)

    async def record(self, user_id: str, key: str, batch: LedgerBatch) -> bool:
        batch.check(user_id)
        book = self._books[user_id]
        if key in book.keys:
            return False
        debts = dict(book.debts)
        for d in batch.debts:
            debts[d.id] = d
        for p in batch.payments:
            debt = debts.get(p.debt_id)
            if debt is not None:
                debts[p.debt_id] = replace(debt, balance=max(Decimal(0), debt.balance - p.amount))
        instalments = [*book.instalments, *batch.instalments]
        for bill in batch.card_bills:
            paid = {(i.purchase_id, i.seq) for i in settled([i for i in instalments if not i.paid],
                                                            bill.amount)}  # fmt: skip
            instalments = [
                replace(i, paid=True) if (i.purchase_id, i.seq) in paid else i for i in instalments
            ]
        book.keys.add(key)
        book.accounts += batch.accounts
        book.cards += batch.cards
        book.entries += batch.entries
        book.scheduled = [
            replace(x, paid=True) if x.id in batch.settles else x
            for x in [*book.scheduled, *batch.scheduled]
        ]
        book.purchases += batch.purchases
        book.instalments = instalments
        book.assets += batch.assets
        book.transfers += batch.transfers
        book.asset_purchases += batch.asset_purchases
        book.debts = debts
        return True

    async def undo(self, user_id: str, refs: RowRefs) -> bool:
        book = self._books[user_id]
        before = (
            len(book.entries) + len(book.purchases) + len(book.scheduled) + len(book.debts)
            + len(book.assets) + len(book.transfers) + len(book.asset_purchases)
        )  # fmt: skip
        book.entries = [e for e in book.entries if e.id not in refs.entries]
        book.purchases = [p for p in book.purchases if p.id not in refs.purchases]
        book.instalments = [i for i in book.instalments if i.purchase_id not in refs.purchases]
        book.scheduled = [
            replace(s, paid=False) if s.id in refs.settled else s
            for s in book.scheduled
            if s.id not in refs.scheduled
        ]
        book.debts = {k: d for k, d in book.debts.items() if k not in refs.debts}
        book.assets = [a for a in book.assets if a.id not in refs.assets]
        book.transfers = [t for t in book.transfers if t.id not in refs.transfers]
        book.asset_purchases = [p for p in book.asset_purchases if p.id not in refs.asset_purchases]
        for debt_id, amount in refs.payments:
            debt = book.debts.get(debt_id)
            if debt is not None:
                balance = min(debt.principal, debt.balance + Decimal(amount))
                book.debts[debt_id] = replace(debt, balance=balance)
        after = (
            len(book.entries) + len(book.purchases) + len(book.scheduled) + len(book.debts)
            + len(book.assets) + len(book.transfers) + len(book.asset_purchases)
        )  # fmt: skip
        return after < before

    async def recorded(self, user_id: str, key: str) -> bool:
        return key in self._books[user_id].keys

    async def entries(self, user_id: str, flt: FlowFilter) -> list[Entry]:
        rows = [
            e
            for e in self._books[user_id].entries
            if matches(flt, e.kind, e.amount, e.day, e.categoria, e.subcategoria, e.payment_method)
        ]
        return sorted(rows, key=lambda e: (e.day, e.id))

    async def purchases(self, user_id: str, flt: FlowFilter) -> list[CardPurchase]:
        rows = [
            p
            for p in self._books[user_id].purchases
            if matches(flt, "despesa", p.amount, p.day, p.categoria, p.subcategoria)
        ]
        return sorted(rows, key=lambda p: (p.day, p.id))

    async def transfers(self, user_id: str, flt: FlowFilter) -> list[Transfer]:
        rows = [
            x
            for x in self._books[user_id].transfers
            if (flt.start is None or x.day >= flt.start) and (flt.end is None or x.day <= flt.end)
        ]
        return sorted(rows, key=lambda x: (x.day, x.id))

    async def asset_purchases(self, user_id: str) -> list[AssetPurchase]:
        return sorted(self._books[user_id].asset_purchases, key=lambda p: (p.day, p.id))

    async def scheduled(self, user_id: str, kind: Kind | None, *, paid: bool) -> list[Scheduled]:
        rows = [
            s
            for s in self._books[user_id].scheduled
            if s.paid == paid and (kind is None or s.kind == kind)
        ]
        return sorted(rows, key=lambda s: (s.due is None, s.due or date.min, s.id))

    async def instalments(self, user_id: str, *, paid: bool) -> list[Instalment]:
        rows = [i for i in self._books[user_id].instalments if i.paid == paid]
        return sorted(rows, key=lambda i: (i.due, i.purchase_id, i.seq))

    async def debts(self, user_id: str) -> list[Debt]:
        return sorted(self._books[user_id].debts.values(), key=lambda d: (d.day, d.id))

    async def assets(self, user_id: str) -> list[Asset]:
        return sorted(self._books[user_id].assets, key=lambda a: a.id)

    async def accounts(self, user_id: str) -> list[Account]:
        return sorted(self._books[user_id].accounts, key=lambda a: a.id)

    async def cards(self, user_id: str) -> list[Card]:
        return sorted(self._books[user_id].cards, key=lambda c: c.id)

    async def profile(self, user_id: str) -> dict[str, str]:
        return dict(self._books[user_id].profile)

    async def set_profile(self, user_id: str, facts: Mapping[str, str]) -> None:
        self._books[user_id].profile.update(facts)
