"""Finance now or save and buy in cash (spec 001 §9 flow 5: a R$ 80,000 car, R$ 20,000 saved).

The two scenarios, as the planning coordinator compares them, with the same monthly capacity
(the user's monthly surplus) in both:

- **Financiar**: the savings go in as down payment (up to the price), the rest is financed by the
  PRICE system at `loan_rate` over `months`; the car comes now. Each month the capacity pays the
  instalment and whatever is left is invested at `invest_rate` (a shortfall, when the instalment
  exceeds the capacity, is money taken from elsewhere and counts negative).
- **Poupar**: the savings stay invested at `invest_rate` and the capacity is added every month
  until the balance reaches the price; the car is bought in cash and the capacity keeps being
  invested afterwards.

Two numbers come out. `cost_difference` is the cash view the user asks about ("o financiamento
custa R$ X a mais"): financing's down payment + instalments minus saving's price − interest
earned. `wealth_difference` decides `better`: both scenarios are followed to the same horizon
(the later of the loan's end and the purchase date), when both own the car, and the money each
leaves the user with is compared — this is what makes a cheap loan paid over a long term come
out ahead, which a cash comparison never shows. Neither number prices having the car earlier:
`wait_months` is reported so the coordinator can weigh it. Rates are monthly fractions; convert
annual ones with `growth.annual_to_monthly`. Money rounded half-up to the cent at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from switchboard.apps.finance.finmath.financing import price_table
from switchboard.apps.finance.finmath.growth import grow, months_to_target
from switchboard.apps.finance.finmath.money import (
    calc,
    check_amount,
    check_periods,
    check_rate,
    money,
    percent,
)


@dataclass(frozen=True, slots=True)
class FinancingScenario:
    down_payment: Decimal
    financed: Decimal
    instalment: Decimal
    """The PRICE instalment (0 when the savings already cover the price)."""
    months: int
    total_paid: Decimal
    """Down payment plus every instalment: what the car really costs when financed."""
    total_interest: Decimal
    fits_budget: bool
    """instalment ≤ monthly capacity."""
    budget_use_pct: Decimal | None
    """instalment as a % of the monthly capacity (100 = the whole surplus); None if capacity 0."""
    wealth_at_horizon: Decimal
    """Money left at the horizon (negative: shortfalls covered from elsewhere)."""


@dataclass(frozen=True, slots=True)
class SavingScenario:
    months_to_buy: int
    contributed: Decimal
    """Savings plus every monthly deposit until the purchase."""
    interest_earned: Decimal
    balance_at_purchase: Decimal
    leftover: Decimal
    """Balance at purchase minus the price."""
    total_cost: Decimal
    """Price minus interest earned: what the car costs out of pocket."""
    wealth_at_horizon: Decimal


@dataclass(frozen=True, slots=True)
class FinanceVsSave:
    price: Decimal
    financing: FinancingScenario
    saving: SavingScenario
    horizon_months: int
    """Both scenarios are compared at this month: max(loan term, months to buy)."""
    better: Literal["financiar", "poupar", "empate"]
    """The scenario leaving more money at the horizon (a difference under R$ 1,00 is a tie)."""
    wealth_difference: Decimal
    """saving.wealth_at_horizon − financing.wealth_at_horizon (positive: saving is better)."""
    cost_difference: Decimal
    """financing.total_paid − saving.total_cost: what financing costs more, in cash."""
    wait_months: int
    """How much longer the user waits for the car by saving (financing delivers it now)."""


TIE = Decimal("1.00")


def compare_finance_vs_save(
    price: Decimal,
    savings: Decimal,
    monthly_capacity: Decimal,
    loan_rate: Decimal,
    invest_rate: Decimal,
    months: int,
) -> FinanceVsSave:
    """Compare both scenarios (see the module docstring)."""
    cost = money(check_amount(price, "price", allow_zero=False))
    saved = money(check_amount(savings, "savings"))
    capacity = money(check_amount(monthly_capacity, "monthly_capacity"))
    check_rate(loan_rate, "loan_rate")
    i = check_rate(invest_rate, "invest_rate")
    term = check_periods(months)

    down = min(saved, cost)
    financed = cost - down
    instalments: list[Decimal] = []
    interest = Decimal("0.00")
    if financed > 0:
        table = price_table(financed, loan_rate, term)
        instalments = [row.instalment for row in table.rows]
        interest = table.total_interest
    instalment = instalments[0] if instalments else Decimal("0.00")

    wait = months_to_target(cost, i, capacity, saved)
    if wait == 0:
        balance, contributed = saved, saved
    else:
        growth = grow(saved, i, wait, capacity)
        balance, contributed = growth.final_balance, growth.contributed
    horizon = max(len(instalments), wait)

    with calc():
        use = percent(instalment * 100 / capacity) if capacity > 0 else None
        wealth_financing = saved - down
        wealth_saving = saved - cost if wait == 0 else saved
        for month in range(1, horizon + 1):
            paid = instalments[month - 1] if month <= len(instalments) else 0
            wealth_financing = wealth_financing * (1 + i) + capacity - paid
            wealth_saving = wealth_saving * (1 + i) + capacity
            if month == wait:
                wealth_saving -= cost
        wealth_financing, wealth_saving = money(wealth_financing), money(wealth_saving)

    financing = FinancingScenario(
        down_payment=down,
        financed=financed,
        instalment=instalment,
        months=len(instalments),
        total_paid=down + sum(instalments, Decimal("0.00")),
        total_interest=interest,
        fits_budget=instalment <= capacity,
        budget_use_pct=use,
        wealth_at_horizon=wealth_financing,
    )
    interest_earned = balance - contributed
    saving = SavingScenario(
        months_to_buy=wait,
        contributed=contributed,
        interest_earned=interest_earned,
        balance_at_purchase=balance,
        leftover=balance - cost,
        total_cost=cost - interest_earned,
        wealth_at_horizon=wealth_saving,
    )
    wealth_difference = wealth_saving - wealth_financing
    better: Literal["financiar", "poupar", "empate"] = "empate"
    if wealth_difference >= TIE:
        better = "poupar"
    elif wealth_difference <= -TIE:
        better = "financiar"
    return FinanceVsSave(
        price=cost,
        financing=financing,
        saving=saving,
        horizon_months=horizon,
        better=better,
        wealth_difference=wealth_difference,
        cost_difference=financing.total_paid - saving.total_cost,
        wait_months=wait,
    )
