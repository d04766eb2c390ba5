"""The ledger's records: what one user owns, as plain frozen dataclasses.

Money is `Decimal` reais here (the API) and integer cents in the tables (`tables.py`): exact on
SQLite and PostgreSQL alike, never float. Every record carries `user_id`; the repositories take
the user as an explicit argument of every call and filter by it, so no query can return another
user's row.

A `LedgerBatch` is everything one user message records (one unit of work, with its idempotency
key): a compound message ("dei 2 mil de entrada e parcelei o resto em 10x") writes several
records at once or none.

Not every movement of money is income or spending. What each record does to the two numbers a
user asks about (`data_access/` computes them):

| record | balance (cash in the user's accounts) | net worth |
|---|---|---|
| `Entry` receita / despesa | + / − | + / − |
| `Entry` estorno (a purchase reversed) | + | + (the purchase's cost undone) |
| `Entry` pagamento_divida (+ `DebtPayment`) | − | 0 (the debt shrinks as much) |
| `Entry` fatura_cartao (+ `CardBillPayment`) | − | 0 (open card instalments settled) |
| `Transfer` between own accounts | 0 | 0 |
| `Debt` with `cash_in` (a loan) | + principal | 0 (the debt is as large) |
| `Debt` without `cash_in` (financing, "fiquei devendo") | 0 | − |
| `AssetPurchase` (+ its `Asset`) | − the part not financed | 0 (the asset is worth as much) |
| `CardPurchase` | 0 (paid later) | − (its open instalments) |
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from switchboard import SwitchboardError

Kind = Literal["receita", "despesa"]
"""A ledger entry's kind: income ("receita") or expense ("despesa")."""
AssetKind = Literal["investimento", "reserva", "imovel", "veiculo", "outro"]
EntryNature = Literal["fluxo", "estorno", "pagamento_divida", "fatura_cartao"]
"""What a statement entry is: a plain income/expense (`fluxo`, a refund that reverses no known
purchase included: Receitas > Reembolso); the reversal of a recorded purchase (`estorno`: a
receita filed under the purchase's category, `reverses` its id); a debt payment; a credit-card
bill payment (settles card instalments already counted as spending when bought)."""

CENT = Decimal("0.01")


def to_cents(value: Decimal) -> int:
    """Reais to integer cents (values are validated to two decimals before they get here)."""
    return int((value.quantize(CENT) * 100).to_integral_value())


def from_cents(cents: int) -> Decimal:
    return Decimal(cents).scaleb(-2)


class InvalidLedgerRecordError(SwitchboardError):
    """A record the ledger refuses (empty user, negative amount, ...)."""

    code = "invalid_ledger_record"
    http_status = 422


@dataclass(frozen=True, slots=True)
class Account:
    """A bank account; `opening_balance` is its balance before the first recorded entry."""

    id: str
    user_id: str
    name: str
    opening_balance: Decimal = Decimal(0)


@dataclass(frozen=True, slots=True)
class Card:
    """A credit card; instalments fall due on `due_day` of each month."""

    id: str
    user_id: str
    name: str
    due_day: int = 10


@dataclass(frozen=True, slots=True)
class Entry:
    """A statement entry: money that came in (receita) or went out (despesa) on `day`."""

    id: str
    user_id: str
    kind: Kind
    amount: Decimal
    day: date
    categoria: str | None = None
    subcategoria: str | None = None
    description: str | None = None
    payment_method: str | None = None
    debt_id: str | None = None
    """The debt this payment reduced (pagamento_divida)."""
    nature: EntryNature = "fluxo"
    reverses: str | None = None
    """For an estorno: the id of the entry or card purchase it reverses."""


@dataclass(frozen=True, slots=True)
class Scheduled:
    """A future entry: a bill to pay (despesa) or money to receive (receita)."""

    id: str
    user_id: str
    kind: Kind
    amount: Decimal
    due: date | None
    categoria: str | None = None
    subcategoria: str | None = None
    description: str | None = None
    paid: bool = False


LENT = "Empréstimo concedido"
"""The subcategory of a receivable that is money the user lent ("emprestei 200 pro primo"):
the cash left the accounts when it was lent and comes back when it is repaid, so the balance
counts it out while it is open and its repayment is not income."""


def is_lent(s: Scheduled) -> bool:
    """A receivable of money the user lent (see `LENT`)."""
    return s.kind == "receita" and s.subcategoria == LENT


@dataclass(frozen=True, slots=True)
class Instalment:
    """One monthly instalment of a card purchase."""

    purchase_id: str
    user_id: str
    seq: int
    """1-based."""
    due: date
    amount: Decimal
    paid: bool = False


@dataclass(frozen=True, slots=True)
class CardPurchase:
    """A credit-card purchase of `amount` on `day`, split into `instalments` monthly parts."""

    id: str
    user_id: str
    amount: Decimal
    day: date
    instalments: int = 1
    categoria: str | None = None
    subcategoria: str | None = None
    description: str | None = None
    card_id: str | None = None


@dataclass(frozen=True, slots=True)
class Debt:
    """Money owed: a loan, a financing. A payment reduces `balance`."""

    id: str
    user_id: str
    name: str
    principal: Decimal
    balance: Decimal
    day: date
    cash_in: bool = False
    """The principal came into the user's accounts (a loan taken: cash in + debt, net worth
    unchanged); False for a financing paid straight to a seller or a debt for something
    already bought."""


@dataclass(frozen=True, slots=True)
class Asset:
    """Something owned with a value: an investment (`investment_type`: "renda fixa", "ações",
    ...), the emergency reserve, a property."""

    id: str
    user_id: str
    name: str
    kind: AssetKind
    value: Decimal
    investment_type: str | None = None


@dataclass(frozen=True, slots=True)
class Transfer:
    """Money moved between two of the user's own accounts (checking → poupança, corretora,
    "conta do Inter"): neither income nor spending; the total balance and the net worth do not
    change. `None` accounts are the user's main account."""

    id: str
    user_id: str
    amount: Decimal
    day: date
    from_account: str | None = None
    to_account: str | None = None
    description: str | None = None


@dataclass(frozen=True, slots=True)
class AssetPurchase:
    """Cash turned into an asset (a flat, a car, an investment), not consumption: the balance
    falls by `amount - financed`, the asset (`asset_id`, recorded in the same batch) is worth
    `amount`, and a financed part is a `Debt` of the same batch."""

    id: str
    user_id: str
    asset_id: str
    kind: AssetKind
    amount: Decimal
    day: date
    instalments: int = 1
    financed: Decimal = Decimal(0)
    description: str | None = None


@dataclass(frozen=True, slots=True)
class CardBillPayment:
    """A credit-card bill paid: open card instalments are marked paid, earliest due first,
    while their sum fits in `amount` (with the statement entry of the same batch)."""

    amount: Decimal


@dataclass(frozen=True, slots=True)
class DebtPayment:
    """Reduce debt `debt_id` by `amount` (with its statement entry in the same batch)."""

    debt_id: str
    amount: Decimal


_Owned = (
    Account | Card | Entry | Scheduled | CardPurchase | Instalment | Debt | Asset | Transfer
    | AssetPurchase
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class RowRefs:
    """The rows one batch wrote, by id, so the recording can be undone ("apaga esse", "não,
    foi 45"): what the session keeps about its last recording."""

    entries: tuple[str, ...] = ()
    purchases: tuple[str, ...] = ()
    scheduled: tuple[str, ...] = ()
    debts: tuple[str, ...] = ()
    assets: tuple[str, ...] = ()
    transfers: tuple[str, ...] = ()
    asset_purchases: tuple[str, ...] = ()
    payments: tuple[tuple[str, str], ...] = ()
    """(debt id, amount in reais as text) of the debt payments, given back on undo."""
    settled: tuple[str, ...] = ()
    """Scheduled bills this recording paid: open again on undo."""
    undoable: bool = True
    """False when the batch settled card instalments (which ones is not kept)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RowRefs:
        """The refs saved as JSON (`dataclasses.asdict`) in the session state."""

        def ids(name: str) -> tuple[str, ...]:
            return tuple(str(x) for x in data.get(name, ()))

        return cls(
            entries=ids("entries"),
            purchases=ids("purchases"),
            scheduled=ids("scheduled"),
            debts=ids("debts"),
            assets=ids("assets"),
            transfers=ids("transfers"),
            asset_purchases=ids("asset_purchases"),
            payments=tuple((str(d), str(a)) for d, a in data.get("payments", ())),
            settled=ids("settled"),
            undoable=bool(data.get("undoable", True)),
        )


@dataclass(slots=True)
class LedgerBatch:
    """Everything one user message writes, atomically, under one idempotency key."""

    accounts: list[Account] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    scheduled: list[Scheduled] = field(default_factory=list)
    purchases: list[CardPurchase] = field(default_factory=list)
    instalments: list[Instalment] = field(default_factory=list)
    debts: list[Debt] = field(default_factory=list)
    payments: list[DebtPayment] = field(default_factory=list)
    assets: list[Asset] = field(default_factory=list)
    transfers: list[Transfer] = field(default_factory=list)
    asset_purchases: list[AssetPurchase] = field(default_factory=list)
    card_bills: list[CardBillPayment] = field(default_factory=list)
    settles: list[str] = field(default_factory=list)
    """Ids of scheduled bills this message paid ("paguei a luz de 200" after "a luz de 200
    vence dia 28"): marked paid in the same transaction."""

    def refs(self) -> RowRefs:
        """The ids of what this batch writes (see `RowRefs`)."""
        return RowRefs(
            entries=tuple(e.id for e in self.entries),
            purchases=tuple(p.id for p in self.purchases),
            scheduled=tuple(s.id for s in self.scheduled),
            debts=tuple(d.id for d in self.debts),
            assets=tuple(a.id for a in self.assets),
            transfers=tuple(t.id for t in self.transfers),
            asset_purchases=tuple(p.id for p in self.asset_purchases),
            payments=tuple((p.debt_id, str(p.amount)) for p in self.payments),
            settled=tuple(self.settles),
            undoable=not self.card_bills,
        )

    def check(self, user_id: str) -> None:
        """Every row belongs to `user_id` and has a positive amount; raises otherwise."""
        if not user_id:
            raise InvalidLedgerRecordError("ledger rows need a user id")
        owned: list[_Owned] = [
            *self.accounts, *self.cards, *self.entries, *self.scheduled, *self.purchases,
            *self.instalments, *self.debts, *self.assets, *self.transfers,
            *self.asset_purchases,
        ]  # fmt: skip
        for row in owned:
            if row.user_id != user_id:
                raise InvalidLedgerRecordError("a batch row belongs to another user")
        amounts = [
            *(e.amount for e in self.entries), *(s.amount for s in self.scheduled),
            *(p.amount for p in self.purchases), *(d.principal for d in self.debts),
            *(p.amount for p in self.payments), *(t.amount for t in self.transfers),
            *(p.amount for p in self.asset_purchases), *(b.amount for b in self.card_bills),
        ]  # fmt: skip
        if any(a <= 0 for a in amounts):
            raise InvalidLedgerRecordError("ledger amounts must be positive")
        if any(not 0 <= p.financed <= p.amount for p in self.asset_purchases):
            raise InvalidLedgerRecordError("an asset's financed part is within its price")


@dataclass(frozen=True, slots=True)
class FlowFilter:
    """The filters of spec 001 §3.2 that the store applies (as bound parameters)."""

    start: date | None = None
    end: date | None = None
    kind: Kind | None = None
    categorias: tuple[str, ...] = ()
    """Any of these categories (empty: all)."""
    subcategoria: str | None = None
    min_value: Decimal | None = None
    max_value: Decimal | None = None
    scopes: tuple[tuple[str, str | None], ...] = ()
    """Any of these (categoria, subcategoria or None for the whole category) pairs, on top of
    `categorias`/`subcategoria` ("com mercado e restaurante"; empty: all)."""
    excluded: tuple[tuple[str, str | None], ...] = ()
    """None of these (categoria, subcategoria or None) pairs ("sem contar o mercado")."""
    payment_methods: tuple[str, ...] = ()
    """Any of these payment methods (`pix`, `debito`, `credito`, `dinheiro`, `boleto`); a card
    purchase is `credito`. Empty: all."""

    def in_scope(self, categoria: str | None, subcategoria: str | None) -> bool:
        """Whether a row's category passes `scopes` and `excluded` (the other filters aside)."""

        def among(pairs: tuple[tuple[str, str | None], ...]) -> bool:
            return any(categoria == c and (s is None or subcategoria == s) for c, s in pairs)

        return (not self.scopes or among(self.scopes)) and not among(self.excluded)
