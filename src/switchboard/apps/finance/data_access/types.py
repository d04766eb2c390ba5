"""The typed values of the finance data-access layer (spec 001 §3.2).

One set of types for every reader: the Simplista's `QueryResult` (built from `Flow`, ledger
records and `NetWorth`) and the missions' reads (`MonthlyFlow`, `MonthTotals`, `SpendingLine`,
`Holding`, `Debt`, `UserProfile`). Money is `Decimal`; periods are inclusive `date` ranges.
What the numbers mean (flows, balance, liabilities, net worth) is in the package docstring.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Literal

from switchboard.apps.finance.ledger import Debt as LedgerDebt
from switchboard.apps.finance.ledger import FlowFilter, Instalment, Scheduled, Transfer
from switchboard.apps.finance.ledger.records import EntryNature, Kind
from switchboard.apps.finance.nlu import LedgerQuery
from switchboard.apps.finance.nlu.query import Scope

ExpenseType = Literal["fixa", "variavel"]
IncomeType = Literal["salario", "investimentos", "vendas", "outras"]

FIXED_EXPENSES: tuple[str, ...] = ("Moradia", "Contas", "Educação", "Dívidas")
"""Categories whose expenses recur every month ("despesa fixa" of §3.2)."""
VARIABLE_EXPENSES: tuple[str, ...] = (
    "Alimentação", "Transporte", "Saúde", "Lazer", "Compras", "Outros",
)  # fmt: skip
INCOME_SUBCATEGORIES: dict[IncomeType, str] = {
    "salario": "Salário",
    "investimentos": "Rendimentos",
    "vendas": "Freelance",
    "outras": "Outros",
}

CATEGORIES: dict[str, str] = {
    "dados_receitas_e_despesas": "Receitas e despesas (extrato e compras no cartão).",
    "contas_agendadas": "Contas a pagar e a receber, com vencimento.",
    "cartao_parcelas": "Parcelas de cartão de crédito em aberto.",
    "dividas": "Dívidas e seus saldos devedores.",
    "patrimonio": "Saldo, investimentos, reserva e patrimônio líquido.",
}
"""The §3.2 data categories a coordinator can choose from (id -> pt-BR description)."""


@dataclass(frozen=True, slots=True)
class Filters:
    """§3.2 filters. Period bounds are inclusive; None means no filter."""

    start: date | None = None
    end: date | None = None
    kind: Kind | None = None
    income_type: IncomeType | None = None
    expense_type: ExpenseType | None = None
    categoria: str | None = None
    subcategoria: str | None = None
    min_value: Decimal | None = None
    max_value: Decimal | None = None
    scopes: tuple[Scope, ...] = ()
    """Several categories at once (overrides `categoria`/`subcategoria`)."""
    excluded: tuple[Scope, ...] = ()
    """Categories left out, on top of the others ("sem contar o mercado")."""
    excluded_words: tuple[str, ...] = ()
    """Rows whose description mentions one of these are left out ("tirando a academia")."""
    payment_methods: tuple[str, ...] = ()
    merchants: tuple[str, ...] = ()
    """Rows whose description mentions one of these (accent- and case-insensitive, whole
    words)."""
    instalments_only: bool = False
    """Only card purchases split in 2 or more instalments ("quanto comprei parcelado")."""

    def to_flow_filter(self) -> FlowFilter:
        categorias: tuple[str, ...] = ()
        subcategoria = self.subcategoria
        kind = self.kind
        if self.categoria is not None:
            categorias = (self.categoria,)
        elif self.expense_type is not None:
            categorias = FIXED_EXPENSES if self.expense_type == "fixa" else VARIABLE_EXPENSES
            kind = "despesa"
        if self.income_type is not None:
            kind, categorias = "receita", ("Receitas",)
            subcategoria = INCOME_SUBCATEGORIES[self.income_type]
        if self.scopes:
            categorias, subcategoria = (), None
        return FlowFilter(
            start=self.start,
            end=self.end,
            kind=kind,
            categorias=categorias,
            subcategoria=subcategoria,
            min_value=self.min_value,
            max_value=self.max_value,
            scopes=self.scopes,
            excluded=self.excluded,
            payment_methods=self.payment_methods,
        )


@dataclass(frozen=True, slots=True)
class Flow:
    """Money in or out: a statement entry or a card purchase."""

    kind: Kind
    amount: Decimal
    day: date
    categoria: str | None
    subcategoria: str | None
    description: str | None
    source: Literal["extrato", "cartao"]
    payment_method: str | None = None
    nature: EntryNature = "fluxo"
    """`estorno` flows are negative expenses; `pagamento_divida` are debt payments."""
    instalments: int = 1


@dataclass(frozen=True, slots=True)
class NetWorth:
    """Assets, liabilities and the cash part of the assets (see the package docstring)."""

    balance: Decimal
    assets: Decimal
    """Balance plus investments, reserve and property."""
    liabilities: Decimal
    """Debt balances plus open card instalments."""

    @property
    def net(self) -> Decimal:
        return self.assets - self.liabilities


@dataclass(frozen=True, slots=True)
class QueryResult:
    """What the Simplista answers from: one value and/or rows, per metric."""

    query: LedgerQuery
    value: Decimal = Decimal(0)
    flows: list[Flow] = field(default_factory=list)
    count: int = 0
    income: Decimal = Decimal(0)
    expenses: Decimal = Decimal(0)
    instalments: list[Instalment] = field(default_factory=list)
    debts: list[LedgerDebt] = field(default_factory=list)
    scheduled: list[Scheduled] = field(default_factory=list)
    net_worth: NetWorth | None = None
    units: int = 0
    """For `average`: the days/weeks/months the total was divided by."""
    months: tuple[date, ...] = ()
    """For an average per month over no stated period: the first day of each closed month
    with records it was taken over (the running month is left out: it is not over)."""
    running: Decimal = Decimal(0)
    """...and what the running month has so far (said when no month is closed yet)."""
    debt_payments: Decimal = Decimal(0)
    """Debt payments inside a spending total (said in the answer)."""
    card_bills: Decimal = Decimal(0)
    """Card bill payments in the period, left out of spending (said in the answer)."""
    refunds: Decimal = Decimal(0)
    """Estornos netted out of a spending total (said in the answer)."""
    transfers: list[Transfer] = field(default_factory=list)
    ranking: list[tuple[str, Decimal]] = field(default_factory=list)
    """For `top_category` and `by_category`: (category, total) largest first."""
    opening_known: bool = True
    """For `balance`: whether the user told any account's balance (else the value is only
    what the entries moved, and the answer says so)."""


EntryKind = Literal["despesa", "receita"]


@dataclass(frozen=True, slots=True)
class Holding:
    asset: str
    """Ticker or product name ("PETR4", "Tesouro Selic 2029")."""
    asset_class: str
    """"acoes", "renda_fixa", "fii", "cripto", "caixa", ..."""
    value: Decimal


@dataclass(frozen=True, slots=True)
class Debt:
    """A debt as the missions weigh it: balance, monthly rate (0 = unknown), instalment."""

    name: str
    balance: Decimal
    monthly_rate: Decimal
    """Fraction per month (0.0299 = 2.99% a.m.)."""
    instalment: Decimal


@dataclass(frozen=True, slots=True)
class MonthlyFlow:
    """Average monthly income, expenses and surplus over the last `months` full months, or,
    when those hold nothing, the current month so far (`current_month`): a user whose entries
    are all from this month is read from them, never told nothing is recorded."""

    months: int
    income: Decimal
    expenses: Decimal
    current_month: bool = False

    @property
    def surplus(self) -> Decimal:
        return self.income - self.expenses


@dataclass(frozen=True, slots=True)
class MonthTotals:
    """One calendar month's recorded income and expenses."""

    month: date
    """Its first day."""
    income: Decimal
    expenses: Decimal


@dataclass(frozen=True, slots=True)
class SpendingLine:
    """One expense as the spending diagnosis reads it."""

    categoria: str
    subcategoria: str | None
    descricao: str | None
    valor: Decimal


@dataclass(frozen=True, slots=True)
class UserProfile:
    risk_profile: Literal["conservador", "moderado", "arrojado"] | None = None
    age: int | None = None
    goals: tuple[str, ...] = ()


__all__ = [
    "CATEGORIES",
    "FIXED_EXPENSES",
    "INCOME_SUBCATEGORIES",
    "VARIABLE_EXPENSES",
    "Debt",
    "EntryKind",
    "ExpenseType",
    "Filters",
    "Flow",
    "Holding",
    "IncomeType",
    "MonthTotals",
    "MonthlyFlow",
    "NetWorth",
    "QueryResult",
    "SpendingLine",
    "UserProfile",
]
