"""The math executor's domain logic (spec 001 §6): exact Decimal finance, to the cent.

Rates are fractions per period (0.01 = 1%); money is `Decimal`, rounded half-up to the cent;
rates half-even to 12 places; percentages half-even to 2 places (see `money.py`). Bad input raises
a `FinMathError` subclass with a stable `code`.
"""

from switchboard.apps.finance.finmath.allocation import (
    AllocationResult,
    Position,
    UnknownAssetClassError,
    simulate_allocation,
)
from switchboard.apps.finance.finmath.comparison import (
    FinanceVsSave,
    FinancingScenario,
    SavingScenario,
    compare_finance_vs_save,
)
from switchboard.apps.finance.finmath.debts import AvalanchePlan, DebtBalance, Payoff, avalanche
from switchboard.apps.finance.finmath.errors import (
    FinMathError,
    InvalidAmountError,
    InvalidPeriodError,
    InvalidRateError,
    UnreachableTargetError,
)
from switchboard.apps.finance.finmath.financing import (
    AmortizationRow,
    AmortizationSchedule,
    AmortizationSystem,
    price_instalment,
    price_table,
    sac_table,
)
from switchboard.apps.finance.finmath.growth import (
    GrowthResult,
    annual_to_monthly,
    future_value,
    grow,
    monthly_to_annual,
    months_to_target,
    present_value,
    real_rate,
)
from switchboard.apps.finance.finmath.investments import (
    IR_BRACKETS,
    FixedIncomeResult,
    gross_up_pct,
    grow_annual,
    grow_monthly,
    income_tax_rate,
    savings_monthly_rate,
)
from switchboard.apps.finance.finmath.periods import contribution_for_target, nper
from switchboard.apps.finance.finmath.retirement import (
    RetirementPlan,
    capital_for_annuity,
    capital_for_perpetuity,
    months_to_capital,
    retirement_plan,
)

__all__ = [
    "IR_BRACKETS",
    "AllocationResult",
    "AmortizationRow",
    "AmortizationSchedule",
    "AmortizationSystem",
    "AvalanchePlan",
    "DebtBalance",
    "FinMathError",
    "FinanceVsSave",
    "FinancingScenario",
    "FixedIncomeResult",
    "GrowthResult",
    "InvalidAmountError",
    "InvalidPeriodError",
    "InvalidRateError",
    "Payoff",
    "Position",
    "RetirementPlan",
    "SavingScenario",
    "UnknownAssetClassError",
    "UnreachableTargetError",
    "annual_to_monthly",
    "avalanche",
    "capital_for_annuity",
    "capital_for_perpetuity",
    "compare_finance_vs_save",
    "contribution_for_target",
    "future_value",
    "gross_up_pct",
    "grow",
    "grow_annual",
    "grow_monthly",
    "income_tax_rate",
    "monthly_to_annual",
    "months_to_capital",
    "months_to_target",
    "nper",
    "present_value",
    "price_instalment",
    "price_table",
    "real_rate",
    "retirement_plan",
    "sac_table",
    "savings_monthly_rate",
    "simulate_allocation",
]
