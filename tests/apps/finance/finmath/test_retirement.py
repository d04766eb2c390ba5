"""Retirement: capital for a passive income (perpetuity and annuity) and months to reach it."""

from __future__ import annotations

import math
from decimal import Decimal, localcontext

import numpy_financial as npf
import pytest

from switchboard.apps.finance.finmath import (
    InvalidPeriodError,
    InvalidRateError,
    capital_for_annuity,
    capital_for_perpetuity,
    months_to_capital,
    retirement_plan,
)

D = Decimal


def annual_of_half_percent_a_month() -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 50
        return D("1.005") ** 12 - 1  # exact: 0.061677811864497…


def test_fifteen_thousand_a_month_needs_three_million_at_half_percent_real() -> None:
    # Spec flow 6: R$ 15,000/month of passive income ↔ R$ 3 million. By hand: 15,000 / 0.005.
    assert capital_for_perpetuity(D(15_000), annual_of_half_percent_a_month()) == D("3000000.00")


def test_annuity_matches_numpy_financial_pv() -> None:
    # R$ 5,000/month for 25 years at 4% real a year.
    capital = capital_for_annuity(D(5000), D("0.04"), 25)
    i = 1.04 ** (1 / 12) - 1
    assert abs(float(capital) + npf.pv(i, 300, 5000)) <= 0.01
    # Less than the perpetuity: the capital is consumed.
    assert capital < capital_for_perpetuity(D(5000), D("0.04"))
    # Zero real rate: simply income × months.
    assert capital_for_annuity(D(1000), D(0), 10) == D("120000.00")


def test_months_to_capital_matches_numpy_financial_nper() -> None:
    months = months_to_capital(D(3_000_000), D(500_000), D(8000), D("0.05"))
    i = 1.05 ** (1 / 12) - 1
    assert months == math.ceil(npf.nper(i, -8000, -500_000, 3_000_000))


def test_plan_reports_an_unreachable_goal_instead_of_failing() -> None:
    plan = retirement_plan(D(15_000), annual_of_half_percent_a_month(), D(0), D(100))
    assert plan.capital_needed == D("3000000.00")
    assert plan.months_to_reach is None and not plan.reachable
    plan = retirement_plan(D(15_000), annual_of_half_percent_a_month(), D(500_000), D(8000))
    assert plan.reachable and plan.real_monthly_rate == D("0.005000000000")
    assert plan.months_to_reach == months_to_capital(
        D(3_000_000), D(500_000), D(8000), annual_of_half_percent_a_month()
    )


def test_perpetuity_needs_a_positive_real_rate() -> None:
    with pytest.raises(InvalidRateError):
        capital_for_perpetuity(D(1000), D(0))
    with pytest.raises(InvalidRateError):
        capital_for_perpetuity(D(1000), D("-0.02"))
    with pytest.raises(InvalidPeriodError):
        capital_for_annuity(D(1000), D("0.04"), 51)  # 612 months > 600
