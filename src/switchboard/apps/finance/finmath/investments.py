"""Brazilian fixed income after tax: CDB, LCI/LCA, Tesouro Selic/IPCA+/Prefixado, poupança.

Income tax on fixed income is regressive by the holding period (Lei 11.033/2004, art. 1º), on
the gain only, withheld at redemption:

    até 180 dias 22,5% · 181 a 360 dias 20% · 361 a 720 dias 17,5% · acima de 720 dias 15%

LCI, LCA and poupança are exempt for individuals (Lei 8.981/95 art. 68 for poupança; Lei
11.033/2004 art. 3º for LCI/LCA). IOF (only under 30 days) and the B3 custody fee of Tesouro
Direto are not modelled: the catalogue states them as assumptions.

Growth convention: an annual rate r (effective) compounds over calendar days as
(1 + r)^(dias/365) − 1 — the usual simulator convention when the user gives the term in days or
years; a monthly rate (poupança) compounds per month. Banks use business days (252) for CDI
products; over a whole number of years both agree, over a few months they differ by well under
1% of the gain (the catalogue says which convention it used).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from switchboard.apps.finance.finmath.money import (
    MAX_ANNUAL_RATE,
    calc,
    check_amount,
    check_rate,
    money,
    percent,
)

IR_BRACKETS: tuple[tuple[int | None, Decimal], ...] = (
    (180, Decimal("0.225")),
    (360, Decimal("0.20")),
    (720, Decimal("0.175")),
    (None, Decimal("0.15")),
)
"""(last day of the bracket, rate); None: no upper bound."""


def income_tax_rate(days: int) -> Decimal:
    """The regressive IR rate for a holding period of `days` calendar days (≥ 1)."""
    if days < 1:
        raise ValueError("days must be ≥ 1")
    for limit, rate in IR_BRACKETS:
        if limit is None or days <= limit:
            return rate
    raise AssertionError("unreachable")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class FixedIncomeResult:
    """One application held to the end of the term."""

    invested: Decimal
    gross_gain: Decimal
    tax_rate: Decimal
    """0 when exempt."""
    tax: Decimal
    net_gain: Decimal
    final: Decimal
    """invested + net_gain."""


def grow_annual(
    amount: Decimal, annual_rate: Decimal, days: int, *, tax_rate: Decimal
) -> FixedIncomeResult:
    """`amount` at an effective annual rate for `days` calendar days, taxed at `tax_rate`."""
    p = check_amount(amount, "amount", allow_zero=False)
    r = check_rate(annual_rate, "annual_rate", maximum=MAX_ANNUAL_RATE)
    if days < 1:
        raise ValueError("days must be ≥ 1")
    with calc():
        gross = money(p * ((1 + r) ** (Decimal(days) / 365) - 1))
    return _taxed(p, gross, tax_rate)


def grow_monthly(
    amount: Decimal, monthly_rate: Decimal, months: int, *, tax_rate: Decimal
) -> FixedIncomeResult:
    """`amount` at a monthly rate for whole `months` (poupança's monthly anniversaries)."""
    p = check_amount(amount, "amount", allow_zero=False)
    i = check_rate(monthly_rate, "monthly_rate")
    if months < 1:
        raise ValueError("months must be ≥ 1")
    with calc():
        gross = money(p * ((1 + i) ** months - 1))
    return _taxed(p, gross, tax_rate)


def _taxed(invested: Decimal, gross: Decimal, tax_rate: Decimal) -> FixedIncomeResult:
    tax = money(gross * tax_rate) if gross > 0 else Decimal("0.00")
    net = gross - tax
    return FixedIncomeResult(invested, gross, tax_rate, tax, net, invested + net)


def gross_up_pct(exempt_pct: Decimal, tax_rate: Decimal) -> Decimal:
    """The taxed percentage of the CDI that pays as much, after tax, as an exempt one:
    pct / (1 − IR) — the standard comparison of LCI/LCA with a CDB (e.g. 92% ÷ 0,825 =
    111,52% for 361–720 days). A percentage in, a percentage out (2 places)."""
    with calc():
        return percent(exempt_pct / (1 - tax_rate))


def savings_monthly_rate(selic_annual: Decimal, tr_monthly: Decimal = Decimal(0)) -> Decimal:
    """Poupança's monthly rate by the law (Lei 12.703/2012): 0,5% a.m. + TR while the Selic is
    above 8,5% a.a.; otherwise 70% of the Selic (as a monthly equivalent) + TR."""
    s = check_rate(selic_annual, "selic_annual", maximum=MAX_ANNUAL_RATE)
    with calc():
        if s > Decimal("0.085"):
            return Decimal("0.005") + tr_monthly
        return (1 + Decimal("0.7") * s) ** (Decimal(1) / 12) - 1 + tr_monthly


__all__ = [
    "IR_BRACKETS",
    "FixedIncomeResult",
    "gross_up_pct",
    "grow_annual",
    "grow_monthly",
    "income_tax_rate",
    "savings_monthly_rate",
]
