"""Spec flow 5: a R$ 80,000 car with R$ 20,000 saved — finance now or save and buy in cash."""

from __future__ import annotations

from decimal import Decimal

import numpy_financial as npf

from switchboard.apps.finance.finmath import compare_finance_vs_save, future_value

D = Decimal


def test_flow_5_car_finance_versus_save() -> None:
    result = compare_finance_vs_save(
        price=D(80_000),
        savings=D(20_000),
        monthly_capacity=D(1500),
        loan_rate=D("0.015"),
        invest_rate=D(0),
        months=48,
    )
    financing, saving = result.financing, result.saving
    # Financing 60k at 1.5% a month for 48 months: npf.pmt gives 1,762.50 — more than the
    # R$ 1,500 surplus (the spec's "consome toda sobra").
    assert financing.down_payment == D("20000.00") and financing.financed == D("60000.00")
    assert financing.instalment == D("1762.50")
    assert round(-float(npf.pmt(0.015, 48, 60_000)), 2) == 1762.50
    assert not financing.fits_budget and financing.budget_use_pct == D("117.50")
    assert financing.total_paid == D("20000.00") + financing.financed + financing.total_interest
    # Saving 1,500 a month with no yield: (80k − 20k) / 1.5k = 40 months (spec flow 5).
    assert saving.months_to_buy == 40 and result.wait_months == 40
    assert saving.total_cost == D("80000.00") and saving.leftover == D("0.00")
    assert result.cost_difference == financing.total_interest
    # Same horizon (48 months): financing leaves a 262.50/month shortfall for 48 months (the
    # last instalment is 1,762.47: −12,599.97); saving buys at month 40 and then keeps 8 × 1,500 =
    # 12,000.00. Saving is better by exactly the loan's interest, 24,599.97 (no yield here).
    assert financing.wealth_at_horizon == D("-12599.97")
    assert saving.wealth_at_horizon == D("12000.00")
    assert result.better == "poupar"
    assert result.wealth_difference == financing.total_interest == D("24599.97")


def test_investing_the_savings_shortens_the_wait_and_lowers_the_cost() -> None:
    result = compare_finance_vs_save(
        D(80_000), D(20_000), D(1500), loan_rate=D("0.015"), invest_rate=D("0.008"), months=48
    )
    saving = result.saving
    assert saving.months_to_buy < 40
    assert saving.balance_at_purchase == future_value(
        D(20_000), D("0.008"), saving.months_to_buy, D(1500)
    )
    assert saving.total_cost == D("80000.00") - saving.interest_earned
    assert result.cost_difference == result.financing.total_paid - saving.total_cost
    assert result.better == "poupar"


def test_savings_that_already_cover_the_price() -> None:
    result = compare_finance_vs_save(D(50_000), D(60_000), D(1000), D("0.02"), D("0.01"), 24)
    assert result.financing.financed == D("0.00") and result.financing.months == 0
    assert result.saving.months_to_buy == 0 and result.wait_months == 0
    assert result.cost_difference == D("0.00")
    assert result.better == "empate"
    assert result.financing.wealth_at_horizon == result.saving.wealth_at_horizon == D("10000.00")


def test_a_loan_cheaper_than_the_investment_comes_out_ahead() -> None:
    # A 0% loan over 48 months (dealer promotion) while money yields 1% a month: in cash saving
    # is still "cheaper" (interest earned), but financing pays the price later on average (625 a
    # month for 48 months vs 30,000 at once in month 15), so at the same horizon it leaves more
    # money. Present values at 1%: 625 × 37.974 = 23,734 vs 30,000 / 1.01^15 = 25,841.
    result = compare_finance_vs_save(D(30_000), D(0), D(2000), D(0), D("0.01"), 48)
    assert result.wait_months == 15
    assert result.cost_difference > 0
    assert result.better == "financiar"
    assert result.wealth_difference < 0
    assert result.horizon_months == 48
    # Cross-check: the present-value gap carried to month 48, (25,840.48 − 23,733.72) × 1.01^48
    # = 2,106.76 × 1.612226 = 3,396.57, is the wealth difference.
    assert abs(result.wealth_difference + D("3396.6")) < D("0.5")
