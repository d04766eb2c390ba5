"""Compound growth, present value, months to a target and rate conversions."""

from __future__ import annotations

import math
from decimal import Decimal

import numpy_financial as npf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from switchboard.apps.finance.finmath import (
    InvalidRateError,
    UnreachableTargetError,
    annual_to_monthly,
    future_value,
    grow,
    monthly_to_annual,
    months_to_target,
    present_value,
    real_rate,
)
from tests.apps.finance.finmath import reference

D = Decimal


def test_future_value_with_contributions_by_hand() -> None:
    # 1,000 at 1% a month for 12 months plus 100 at the end of each month. By hand:
    # 1.01^12 = 1.126825030; 1,000 × 1.126825 = 1,126.83; 100 × (1.126825 − 1)/0.01 = 1,268.25;
    # together 2,395.0753 → 2,395.08. npf.fv(0.01, 12, -100, -1000) gives the same.
    result = grow(D(1000), D("0.01"), 12, D(100))
    assert result.final_balance == D("2395.08")
    assert result.contributed == D("2200.00")
    assert result.interest == D("195.08")
    assert round(float(npf.fv(0.01, 12, -100, -1000)), 2) == 2395.08


def test_saving_without_interest_takes_forty_months() -> None:
    # Spec flow 5: R$ 20,000 saved plus R$ 1,500 a month reach R$ 80,000 in 40 months.
    assert months_to_target(D(80_000), D(0), D(1500), D(20_000)) == 40
    assert future_value(D(20_000), D(0), 40, D(1500)) == D("80000.00")


@pytest.mark.parametrize("rate", ["0.001", "0.005", "0.01", "0.02"])
@pytest.mark.parametrize("months", [1, 12, 120, 600])
@pytest.mark.parametrize(("present", "contribution"), [("0", "500"), ("20000", "1500"), ("5", "0")])
def test_fv_and_pv_match_numpy_financial(
    rate: str, months: int, present: str, contribution: str
) -> None:
    i, pv, pmt = D(rate), D(present), D(contribution)
    fv = future_value(pv, i, months, pmt)
    assert abs(float(fv) - npf.fv(float(i), months, -float(pmt), -float(pv))) <= 0.01
    assert fv == reference.to_cent(reference.fv(pv, i, months, pmt))
    back = present_value(D(0), i, months, pmt)
    assert abs(float(back) + npf.pv(float(i), months, float(pmt))) <= 0.01


def test_annuity_due_contributions_earn_one_more_month() -> None:
    ordinary = future_value(D(0), D("0.01"), 12, D(100))
    due = future_value(D(0), D("0.01"), 12, D(100), due=True)
    assert abs(float(due) - npf.fv(0.01, 12, -100, 0, when="begin")) <= 0.01
    assert due > ordinary


@pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning")  # npf with pmt = 0
@pytest.mark.parametrize(
    ("target", "rate", "contribution", "present"),
    [
        ("80000", "0.008", "1500", "20000"),
        ("1000000", "0.006", "2000", "0"),
        ("500", "0.01", "0", "10"),
    ],
)
def test_months_to_target_matches_numpy_financial_nper(
    target: str, rate: str, contribution: str, present: str
) -> None:
    n = months_to_target(D(target), D(rate), D(contribution), D(present))
    exact = npf.nper(float(rate), -float(contribution), -float(present), float(target))
    assert n == math.ceil(exact)


@settings(max_examples=80, deadline=None)
@given(
    target=st.decimals(min_value=D(100), max_value=D(5_000_000), places=2),
    rate=st.decimals(min_value=D(0), max_value=D("0.03"), places=5),
    contribution=st.decimals(min_value=D(50), max_value=D(20_000), places=2),
    present=st.decimals(min_value=D(0), max_value=D(100_000), places=2),
)
def test_months_to_target_is_the_first_month_that_reaches_it(
    target: Decimal, rate: Decimal, contribution: Decimal, present: Decimal
) -> None:
    try:
        n = months_to_target(target, rate, contribution, present)
    except UnreachableTargetError:
        assert future_value(present, rate, 600, contribution) < target
        return
    if n == 0:
        assert present >= target
        return
    assert future_value(present, rate, n, contribution) >= target
    if n > 1:
        assert future_value(present, rate, n - 1, contribution) < target


def test_unreachable_target_is_a_typed_error() -> None:
    with pytest.raises(UnreachableTargetError):
        months_to_target(D(1000), D(0), D(0), D(10))
    with pytest.raises(UnreachableTargetError):
        months_to_target(D(10_000_000), D(0), D(1), D(0))


def test_rate_conversions_by_hand() -> None:
    # 1.01^12 = 1.126825030131969720661201 (exact: 12 decimal multiplications) → 12.6825030132%.
    assert monthly_to_annual(D("0.01")) == D("0.126825030132")
    # 1.12^(1/12): ln 1.12 = 0.1133286853, /12 = 0.0094440571, e^x = 1.0094887929.
    assert annual_to_monthly(D("0.12")) == D("0.009488792935")
    assert abs(float(annual_to_monthly(D("0.12"))) - (1.12 ** (1 / 12) - 1)) < 1e-12
    # Round trip stays within the 12-place rounding.
    assert abs(monthly_to_annual(annual_to_monthly(D("0.15"))) - D("0.15")) < D("1e-10")


def test_real_rate_is_exact_fisher_not_subtraction() -> None:
    # Selic 15% and IPCA 4.5%: 1.15 / 1.045 = 1.1004784689 → 10.04784689% (not 10.5%).
    assert real_rate(D("0.15"), D("0.045")) == D("0.100478468900")
    assert real_rate(D("0.04"), D("0.06")) < 0  # inflation beats the nominal rate
    with pytest.raises(InvalidRateError):
        real_rate(D("0.15"), D(-1))
