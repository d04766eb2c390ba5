"""PRICE and SAC tables against hand-verified examples, numpy-financial, and properties."""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise

import numpy_financial as npf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from switchboard.apps.finance.finmath import (
    AmortizationSystem,
    InvalidAmountError,
    InvalidPeriodError,
    InvalidRateError,
    price_instalment,
    price_table,
    sac_table,
)
from tests.apps.finance.finmath import reference

D = Decimal


def test_price_100k_at_1pct_for_12_months_is_8884_88() -> None:
    # Verified three ways, none of them finmath: (1) by hand: 1.01^12 = 1.126825030131970,
    # 1 − 1/1.126825030131970 = 0.112550775, 1,000 / 0.112550775 = 8,884.8789 → 8,884.88;
    # (2) exact rational arithmetic (reference.pmt); (3) numpy-financial's npf.pmt (the same
    # formula as a spreadsheet's PMT(1%; 12; -100000)).
    assert price_instalment(D(100_000), D("0.01"), 12) == D("8884.88")
    assert reference.to_cent(reference.pmt(D(100_000), D("0.01"), 12)) == D("8884.88")
    assert round(-float(npf.pmt(0.01, 12, 100_000)), 2) == 8884.88


def test_price_table_rows_follow_the_textbook_layout() -> None:
    table = price_table(D(100_000), D("0.01"), 12)
    first = table.rows[0]
    # Month 1: interest 1% of 100,000 = 1,000.00; amortization 8,884.88 − 1,000.00 = 7,884.88.
    assert (first.n, first.instalment, first.interest, first.amortization, first.balance) == (
        1,
        D("8884.88"),
        D("1000.00"),
        D("7884.88"),
        D("92115.12"),
    )
    # Month 2: interest 1% of 92,115.12 = 921.1512 → 921.15.
    assert table.rows[1].interest == D("921.15")
    assert table.rows[-1].balance == D("0.00")
    assert all(row.instalment == D("8884.88") for row in table.rows[:-1])
    # The last row absorbs the cents of rounding: 11 × 8,884.88 + last = 100,000 + interest.
    assert table.total_paid == table.principal + table.total_interest
    assert table.total_paid == D("106618.53")
    assert table.system is AmortizationSystem.PRICE


def test_sac_100k_over_10_months_at_1pct() -> None:
    # By hand: amortization 100,000 / 10 = 10,000; month 1 interest 1% of 100,000 = 1,000 →
    # 11,000.00; each month the balance drops 10,000, so interest (and the instalment) drop 100.
    # Total interest = 1% × (100k + 90k + … + 10k) = 1% × 550,000 = 5,500.00.
    table = sac_table(D(100_000), D("0.01"), 10)
    assert table.first_instalment == D("11000.00")
    assert [row.instalment for row in table.rows] == [D(11_000 - 100 * k) for k in range(10)]
    assert table.last_instalment == D("10100.00")
    assert table.total_interest == D("5500.00")
    assert table.total_paid == D("105500.00")


def test_zero_rate_splits_the_principal_evenly() -> None:
    assert price_instalment(D(1200), D(0), 12) == D("100.00")
    table = sac_table(D(100), D(0), 3)
    assert [row.amortization for row in table.rows] == [D("33.33"), D("33.34"), D("33.33")]
    assert table.total_interest == D("0.00")


@pytest.mark.parametrize("rate", ["0.005", "0.01", "0.0199", "0.035"])
@pytest.mark.parametrize("months", [1, 12, 48, 360, 600])
@pytest.mark.parametrize("principal", ["1000", "80000", "350000.55"])
def test_price_instalment_matches_numpy_financial(rate: str, months: int, principal: str) -> None:
    expected = -npf.pmt(float(rate), months, float(principal))
    ours = price_instalment(D(principal), D(rate), months)
    assert abs(float(ours) - expected) <= 0.01
    assert ours == reference.to_cent(reference.pmt(D(principal), D(rate), months))


@pytest.mark.parametrize(
    ("principal", "rate", "months", "error"),
    [
        (D(-1), D("0.01"), 12, InvalidAmountError),
        (D(0), D("0.01"), 12, InvalidAmountError),
        (D(1000), D("-0.01"), 12, InvalidRateError),
        (D(1000), D(12), 12, InvalidRateError),  # 12 instead of 0.12
        (D(1000), D("0.01"), 0, InvalidPeriodError),
        (D(1000), D("0.01"), 601, InvalidPeriodError),
        (1000.0, D("0.01"), 12, InvalidAmountError),  # floats are refused
        (D("NaN"), D("0.01"), 12, InvalidAmountError),
    ],
)
def test_bad_input_is_a_typed_error(
    principal: object, rate: Decimal, months: int, error: type[Exception]
) -> None:
    with pytest.raises(error) as caught:
        price_table(principal, rate, months)  # type: ignore[arg-type]
    assert caught.value.code.startswith("finmath_")  # type: ignore[attr-defined]
    with pytest.raises(error):
        sac_table(principal, rate, months)  # type: ignore[arg-type]


principals = st.decimals(min_value=D(1), max_value=D(10_000_000), places=2)
rates = st.decimals(min_value=D(0), max_value=D("0.1"), places=6)
terms = st.integers(min_value=1, max_value=600)


@settings(max_examples=60, deadline=None)
@given(principal=principals, rate=rates, months=terms)
def test_price_table_amortizes_exactly_the_principal(
    principal: Decimal, rate: Decimal, months: int
) -> None:
    table = price_table(principal, rate, months)
    assert len(table.rows) == months
    assert sum(row.amortization for row in table.rows) == principal
    assert table.rows[-1].balance == D("0.00")
    assert all(row.amortization >= 0 and row.balance >= 0 for row in table.rows)
    assert all(row.instalment == row.interest + row.amortization for row in table.rows)
    assert table.total_paid == principal + table.total_interest


@settings(max_examples=60, deadline=None)
@given(principal=principals, rate=rates, months=terms)
def test_sac_table_amortizes_exactly_the_principal(
    principal: Decimal, rate: Decimal, months: int
) -> None:
    table = sac_table(principal, rate, months)
    assert sum(row.amortization for row in table.rows) == principal
    assert table.rows[-1].balance == D("0.00")
    assert all(abs(row.amortization - principal / months) <= D("0.01") for row in table.rows)


@st.composite
def sac_with_visible_interest(draw: st.DrawFn) -> tuple[Decimal, Decimal, int]:
    """Loans whose monthly interest drop (PV/n)·i is ≥ 0.04: see the test below."""
    months = draw(terms)
    rate = draw(st.decimals(min_value=D("0.001"), max_value=D("0.1"), places=4))
    floor = (D("0.04") * months / rate).quantize(D("0.01")) + 1
    principal = draw(st.decimals(min_value=floor, max_value=floor * 50, places=2))
    return principal, rate, months


@settings(max_examples=60, deadline=None)
@given(loan=sac_with_visible_interest())
def test_sac_instalments_strictly_decrease(loan: tuple[Decimal, Decimal, int]) -> None:
    # Each month's interest falls by ≈ (PV/n)·i while cent rounding moves an instalment by at
    # most 0.02, so the decrease is strict once (PV/n)·i ≥ 0.04.
    principal, rate, months = loan
    assert principal / months * rate >= D("0.04")
    instalments = [row.instalment for row in sac_table(principal, rate, months).rows]
    assert all(a > b for a, b in pairwise(instalments))
