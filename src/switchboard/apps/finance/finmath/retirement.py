"""Retirement: capital needed for a target monthly passive income, and months to get there.

All rates here are REAL annual rates (above inflation, as a fraction: 0.04 = 4% a year), because
a passive income target is in today's money; `growth.real_rate` derives one from a nominal rate
and inflation. The annual rate is converted to its equivalent monthly rate (1 + a)^(1/12) − 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from switchboard.apps.finance.finmath.errors import (
    InvalidPeriodError,
    InvalidRateError,
    UnreachableTargetError,
)
from switchboard.apps.finance.finmath.growth import monthly_from_annual_exact, months_to_target
from switchboard.apps.finance.finmath.money import (
    calc,
    check_amount,
    check_periods,
    money,
    rate_out,
)


@dataclass(frozen=True, slots=True)
class RetirementPlan:
    """Capital needed, and when the current capital plus contributions reach it."""

    monthly_income: Decimal
    real_annual_rate: Decimal
    real_monthly_rate: Decimal
    capital_needed: Decimal
    income_years: int | None
    """None: perpetuity (income lives off the returns forever, capital never consumed)."""
    months_to_reach: int | None
    """None when unreachable within 600 months with this contribution."""

    @property
    def reachable(self) -> bool:
        return self.months_to_reach is not None


def _positive_monthly(real_annual_rate: Decimal) -> Decimal:
    i = monthly_from_annual_exact(real_annual_rate)
    if i <= 0:
        raise InvalidRateError(
            "a perpetuity needs a positive real rate", real_annual_rate=str(real_annual_rate)
        )
    return i


def capital_for_perpetuity(monthly_income: Decimal, real_annual_rate: Decimal) -> Decimal:
    """Capital whose real returns pay `monthly_income` forever: C = income / i_monthly.

    E.g. R$ 15,000/month at 0.5% real a month (≈ 6.17% a year) → R$ 3,000,000 (spec flow 6).
    """
    income = check_amount(monthly_income, "monthly_income", allow_zero=False)
    i = _positive_monthly(real_annual_rate)
    with calc():
        return money(income / i)


def capital_for_annuity(
    monthly_income: Decimal, real_annual_rate: Decimal, years: int, *, due: bool = False
) -> Decimal:
    """Capital that pays `monthly_income` for `years` and is then used up (annuity).

    C = income · (1 − (1+i)^−n) / i with n = 12·years (times (1+i) when paid at the start of
    each month); C = income · n when i = 0. Same as `-npf.pv(i, n, income)`.
    """
    income = check_amount(monthly_income, "monthly_income", allow_zero=False)
    if isinstance(years, bool) or not isinstance(years, int):
        raise InvalidPeriodError(f"years must be an int (got {type(years).__name__})")
    n = check_periods(years * 12, "years*12")
    i = monthly_from_annual_exact(real_annual_rate)
    with calc():
        if i == 0:
            return money(income * n)
        capital = income * (1 - (1 + i) ** -n) / i
        if due:
            capital *= 1 + i
        return money(capital)


def months_to_capital(
    target_capital: Decimal,
    current_capital: Decimal,
    monthly_contribution: Decimal,
    real_annual_rate: Decimal,
) -> int:
    """Months until current capital plus monthly contributions, at the real rate, reach the target.

    Raises UnreachableTargetError beyond 600 months.
    """
    i = monthly_from_annual_exact(real_annual_rate)
    if i < 0:
        raise InvalidRateError("the accumulation rate must be ≥ 0", rate=str(real_annual_rate))
    return months_to_target(target_capital, i, monthly_contribution, current_capital)


def retirement_plan(
    monthly_income: Decimal,
    real_annual_rate: Decimal,
    current_capital: Decimal = Decimal(0),
    monthly_contribution: Decimal = Decimal(0),
    *,
    income_years: int | None = None,
) -> RetirementPlan:
    """Capital needed (perpetuity, or annuity over `income_years`) and months to accumulate it."""
    if income_years is None:
        needed = capital_for_perpetuity(monthly_income, real_annual_rate)
    else:
        needed = capital_for_annuity(monthly_income, real_annual_rate, income_years)
    check_amount(current_capital, "current_capital")
    check_amount(monthly_contribution, "monthly_contribution")
    try:
        months: int | None = months_to_capital(
            needed, current_capital, monthly_contribution, real_annual_rate
        )
    except UnreachableTargetError:
        months = None
    return RetirementPlan(
        monthly_income=money(Decimal(monthly_income)),
        real_annual_rate=Decimal(real_annual_rate),
        real_monthly_rate=rate_out(monthly_from_annual_exact(real_annual_rate)),
        capital_needed=needed,
        income_years=income_years,
        months_to_reach=months,
    )
