"""Contributions for a target, fractional NPER, fixed income after the regressive IR, and the
avalanche order — each checked against numpy-financial or a hand computation."""

from __future__ import annotations

from decimal import Decimal

import numpy_financial as npf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from switchboard.apps.finance.finmath import (
    DebtBalance,
    UnreachableTargetError,
    avalanche,
    contribution_for_target,
    gross_up_pct,
    grow_annual,
    grow_monthly,
    income_tax_rate,
    nper,
    savings_monthly_rate,
)

D = Decimal


@pytest.mark.parametrize(
    ("target", "rate", "months", "present"),
    [
        (50_000, "0.008", 48, 0),
        (1_500_000, "0.005", 360, 0),
        (2_000_000, "0.006", 360, 80_000),
        (200_000, "0.007974140428", 180, 0),
        (30_000, "0", 36, 0),
    ],
)
def test_contribution_for_target_matches_numpy_financial(
    target: int, rate: str, months: int, present: int
) -> None:
    got = contribution_for_target(D(target), D(rate), months, D(present))
    want = -npf.pmt(float(rate), months, -present, target) if rate != "0" else target / months
    assert abs(float(got) - want) <= 0.01


def test_contribution_is_zero_when_the_capital_already_gets_there() -> None:
    assert contribution_for_target(D(10_000), D("0.01"), 120, D(5_000)) == D("0.00")


def test_contribution_at_the_start_of_the_month_is_smaller() -> None:
    end = contribution_for_target(D(50_000), D("0.008"), 48)
    begin = contribution_for_target(D(50_000), D("0.008"), 48, due=True)
    assert begin < end
    assert abs(float(begin) + npf.pmt(0.008, 48, 0, 50_000, when="begin")) <= 0.01


@given(
    rate=st.decimals(min_value=D("0.001"), max_value=D("0.05"), places=4),
    payment=st.integers(min_value=50, max_value=20_000),
    target=st.integers(min_value=1_000, max_value=2_000_000),
)
@settings(max_examples=60, deadline=None)
def test_nper_accumulation_matches_numpy_financial(rate: D, payment: int, target: int) -> None:
    want = float(npf.nper(float(rate), -payment, 0, target))
    if want > 5000:  # pragma: no cover - far beyond any plan
        return
    assert abs(float(nper(rate, D(payment), future=D(target))) - want) < 1e-3


@pytest.mark.parametrize(
    ("rate", "payment", "balance"),
    [("0.09", 600, 5_000), ("0.004", 7_000, 1_000_000), ("0.03", 687.06, 15_000)],
)
def test_nper_payoff_matches_numpy_financial(rate: str, payment: float, balance: int) -> None:
    want = float(npf.nper(float(rate), -payment, balance))
    assert abs(float(nper(D(rate), D(str(payment)), D(balance))) - want) < 1e-3


def test_nper_refuses_a_payment_below_the_interest() -> None:
    with pytest.raises(UnreachableTargetError):
        nper(D("0.14"), D(400), D(3_000))  # interest alone is 420 a month


def test_income_tax_brackets_at_their_edges() -> None:
    assert [income_tax_rate(d) for d in (1, 180, 181, 360, 361, 720, 721, 3650)] == [
        D("0.225"), D("0.225"), D("0.20"), D("0.20"),
        D("0.175"), D("0.175"), D("0.15"), D("0.15"),
    ]  # fmt: skip


def test_cdb_after_tax_by_hand() -> None:
    # 20.000 at 110% of a 10,65% CDI (11,715% a.a.) for 730 days: 1,11715^2 = 1,24802412;
    # gain 4.960,48; IR 15% = 744,07; final 24.216,41.
    result = grow_annual(D(20_000), D("0.11715"), 730, tax_rate=income_tax_rate(730))
    assert (result.gross_gain, result.tax, result.final) == (
        D("4960.48"),
        D("744.07"),
        D("24216.41"),
    )


def test_exempt_and_monthly_growth() -> None:
    lci = grow_annual(D(20_000), D("0.09585"), 730, tax_rate=D(0))
    assert lci.tax == 0 and lci.final == D("24017.74")
    savings = grow_monthly(D(5_000), D("0.005"), 12, tax_rate=D(0))
    assert savings.final == D("5308.39")  # 5.000 × 1,005^12
    assert abs(float(savings.final) - npf.fv(0.005, 12, 0, -5000)) < 0.01


def test_gross_up_of_an_exempt_rate() -> None:
    assert gross_up_pct(D(92), income_tax_rate(400)) == D("111.52")
    assert gross_up_pct(D(90), income_tax_rate(800)) == D("105.88")


def test_savings_rule_follows_the_selic() -> None:
    assert savings_monthly_rate(D("0.15")) == D("0.005")
    low = savings_monthly_rate(D("0.07"))  # 70% of 7% = 4,9% a.a. → 0,3994% a.m.
    assert abs(low - D("0.003994")) < D("0.000001")


def test_avalanche_pays_the_most_expensive_first() -> None:
    plan = avalanche(
        [
            DebtBalance("empréstimo", D(5_000), D("0.03")),
            DebtBalance("cartão", D(2_000), D("0.13")),
            DebtBalance("cheque especial", D(1_500), D("0.08")),
        ],
        D(3_000),
    )
    assert [(p.name, p.paid) for p in plan.payoffs] == [
        ("cartão", D(2_000)),
        ("cheque especial", D(1_000)),
        ("empréstimo", D(0)),
    ]
    assert plan.interest_avoided_next_month == D("340.00")  # 2.000 × 13% + 1.000 × 8%
    assert plan.left_over == 0
