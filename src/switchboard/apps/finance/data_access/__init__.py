"""The finance data-access layer (spec 001 §3.2): data categories + filters over one user's
ledger — the one place the Simplista and the missions read the user's data through.

Layout: `types.py` (typed filters and results), `ledger.py` (`LedgerDataAccess`, the
implementation over the ledger), `query.py` (a Simplista `LedgerQuery` → `QueryResult`),
`protocol.py` (`DataAccess`, what missions read), `in_memory.py` (its fake) and `wire.py`
(the §3.2 queries' typed JSON shape between the missions' executors and composers).

A caller picks a category (`CATEGORIES`: receitas e despesas, contas agendadas, cartão,
dívidas, patrimônio), applies filters (`Filters`: period, income type, expense type, category,
min/max value) and gets typed rows or aggregates. The store filters with bound parameters
(`ledger/sql.py`); the aggregates are summed in this layer in Decimal over the filtered rows — one
user's ledger is at most a few thousand rows a year, and summing the same rows on every backend
keeps memory, SQLite and PostgreSQL answers identical to the cent.

Definitions (what the answers mean, and what the Simplista says they mean):
- Flows ("receitas e despesas") are statement entries plus card purchases at their purchase
  date and full value (what the user spent, not when the bill is paid). Debt payments count as
  spending (category Dívidas: the money left). A credit-card bill payment does not: the card
  purchases it pays were counted when made. An estorno is a negative expense in the category of
  the purchase it reverses (so it is never income). Transfers between own accounts, loans
  taken and asset purchases are not flows at all.
- Balance ("saldo em conta") = accounts' opening balances + statement income − statement
  expenses (debt and card bill payments included) + loans received − asset purchases paid in
  cash. A transfer between own accounts changes neither side.
- Liabilities = debts' balances + open card instalments; assets = balance + assets (investments,
  reserve, property, vehicles); net worth = assets − liabilities. A transfer, a loan (cash +
  debt), a debt payment (cash − debt) and an asset purchase (cash − asset +) leave it unchanged.
- Savings over a period = income − expenses (flows) in it.
"""

from switchboard.apps.finance.data_access.in_memory import InMemoryDataAccess, UserFinances
from switchboard.apps.finance.data_access.ledger import (
    ASSET_CLASSES,
    CARD_DEBT,
    LedgerDataAccess,
    asset_class,
)
from switchboard.apps.finance.data_access.protocol import DataAccess
from switchboard.apps.finance.data_access.query import (
    average_units,
    debts_named,
    filters_for,
    query_today,
    run_query,
)
from switchboard.apps.finance.data_access.types import (
    CATEGORIES,
    Debt,
    EntryKind,
    ExpenseType,
    Filters,
    Flow,
    Holding,
    IncomeType,
    MonthlyFlow,
    MonthTotals,
    NetWorth,
    QueryResult,
    SpendingLine,
    UserProfile,
)

__all__ = [
    "ASSET_CLASSES",
    "CARD_DEBT",
    "CATEGORIES",
    "DataAccess",
    "Debt",
    "EntryKind",
    "ExpenseType",
    "Filters",
    "Flow",
    "Holding",
    "InMemoryDataAccess",
    "IncomeType",
    "LedgerDataAccess",
    "MonthTotals",
    "MonthlyFlow",
    "NetWorth",
    "QueryResult",
    "SpendingLine",
    "UserFinances",
    "UserProfile",
    "asset_class",
    "average_units",
    "debts_named",
    "filters_for",
    "query_today",
    "run_query",
]
