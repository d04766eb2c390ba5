"""Compound growth with monthly contributions, present value, and rate conversions.

Rates are fractions per period (0.01 = 1% a month). Money results are rounded half-up to the
cent; rates to 12 places half-even (see `money.py`). Contributions are made at the end of each
month (ordinary annuity) unless `due=True` (start of month, annuity-due), matching numpy-financial's
`when="end"` / `when="begin"`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from switchboard.apps.finance.finmath.errors import UnreachableTargetError
from switchboard.apps.finance.finmath.money import (
    MAX_ANNUAL_RATE,
    MAX_PERIODS,
    calc,
    check_amount,
    check_periods,
    check_rate,
    money,
    rate_out,
)


@dataclass(frozen=True, slots=True)
class GrowthResult:
    """Where the final balance came from: `final_balance == contributed + interest`."""

    months: int
    final_balance: Decimal
    contributed: Decimal
    """Initial capital plus every monthly contribution."""
    interest: Decimal


def _fv_exact(pv: Decimal, i: Decimal, n: int, pmt: Decimal, due: bool) -> Decimal:
    """FV = PV·(1+i)^n + PMT·((1+i)^n − 1)/i · (1+i if due); PV + PMT·n when i = 0."""
    if i == 0:
        return pv + pmt * n
    growth = (1 + i) ** n
    annuity = pmt * (growth - 1) / i
    if due:
        annuity *= 1 + i
    return pv * growth + annuity


def future_value(
    present: Decimal,
    monthly_rate: Decimal,
    months: int,
    monthly_contribution: Decimal = Decimal(0),
    *,
    due: bool = False,
) -> Decimal:
    """Balance after `months` of compounding `present` and adding `monthly_contribution`.

    FV = PV·(1+i)^n + PMT·((1+i)^n − 1)/i   (times (1+i) on the annuity term when `due`).
    Same as numpy-financial's `npf.fv(i, n, -PMT, -PV)`.
    """
    return grow(present, monthly_rate, months, monthly_contribution, due=due).final_balance


def grow(
    present: Decimal,
    monthly_rate: Decimal,
    months: int,
    monthly_contribution: Decimal = Decimal(0),
    *,
    due: bool = False,
) -> GrowthResult:
    """`future_value` with the split between money put in and interest earned."""
    pv = check_amount(present, "present")
    pmt = check_amount(monthly_contribution, "monthly_contribution")
    i = check_rate(monthly_rate, "monthly_rate")
    n = check_periods(months)
    with calc():
        final = money(_fv_exact(pv, i, n, pmt, due))
        contributed = money(pv + pmt * n)
    return GrowthResult(n, final, contributed, final - contributed)


def present_value(
    future: Decimal,
    monthly_rate: Decimal,
    months: int,
    monthly_payment: Decimal = Decimal(0),
    *,
    due: bool = False,
) -> Decimal:
    """Value today of `future` received after `months` plus `monthly_payment` every month.

    PV = FV·(1+i)^−n + PMT·(1 − (1+i)^−n)/i   (times (1+i) on the annuity term when `due`).
    Same as numpy-financial's `-npf.pv(i, n, PMT, FV)`.
    """
    fv = check_amount(future, "future")
    pmt = check_amount(monthly_payment, "monthly_payment")
    i = check_rate(monthly_rate, "monthly_rate")
    n = check_periods(months)
    with calc():
        if i == 0:
            return money(fv + pmt * n)
        discount = (1 + i) ** -n
        annuity = pmt * (1 - discount) / i
        if due:
            annuity *= 1 + i
        return money(fv * discount + annuity)


def months_to_target(
    target: Decimal,
    monthly_rate: Decimal,
    monthly_contribution: Decimal,
    present: Decimal = Decimal(0),
    *,
    due: bool = False,
) -> int:
    """Smallest whole number of months after which the balance (to the cent) reaches `target`.

    n = ln((T·i + PMT′) / (PV·i + PMT′)) / ln(1 + i), with PMT′ = PMT·(1+i) when `due`
    (the closed form of numpy-financial's `npf.nper`), rounded up; n = ⌈(T − PV)/PMT⌉ when i = 0.
    The closed form only seeds the search: the answer is checked against `future_value` so that
    rounding to the cent can never make it one month off. 0 when `present` already reaches it.

    Raises UnreachableTargetError when more than 600 months would be needed.
    """
    tgt = check_amount(target, "target", allow_zero=False)
    pv = check_amount(present, "present")
    pmt = check_amount(monthly_contribution, "monthly_contribution")
    i = check_rate(monthly_rate, "monthly_rate")
    if pv >= tgt:
        return 0
    if pmt == 0 and (pv == 0 or i == 0):
        raise UnreachableTargetError(
            "target unreachable: no contribution and nothing that grows", target=str(tgt)
        )
    with calc():
        if i == 0:
            guess = int(((tgt - pv) / pmt).to_integral_value(rounding="ROUND_CEILING"))
        else:
            effective = pmt * (1 + i) if due else pmt
            ratio = (tgt * i + effective) / (pv * i + effective)
            guess = int((ratio.ln() / (1 + i).ln()).to_integral_value(rounding="ROUND_CEILING"))
        if guess > MAX_PERIODS + 1:
            raise UnreachableTargetError(
                f"target needs more than {MAX_PERIODS} months", target=str(tgt), months=guess
            )
        n = max(guess, 1)
        while n > 1 and money(_fv_exact(pv, i, n - 1, pmt, due)) >= tgt:
            n -= 1
        while money(_fv_exact(pv, i, n, pmt, due)) < tgt:
            n += 1
    if n > MAX_PERIODS:
        raise UnreachableTargetError(
            f"target needs more than {MAX_PERIODS} months", target=str(tgt), months=n
        )
    return n


def annual_to_monthly(annual_rate: Decimal) -> Decimal:
    """Equivalent monthly rate of an effective annual rate: (1 + a)^(1/12) − 1.

    E.g. 12% a year → 0.948879293459% a month (not 1%: compounding).
    """
    return rate_out(monthly_from_annual_exact(annual_rate))


def monthly_from_annual_exact(annual_rate: Decimal) -> Decimal:
    """`annual_to_monthly` at the full 40-digit precision, for callers that keep computing."""
    a = check_rate(annual_rate, "annual_rate", allow_negative=True, maximum=MAX_ANNUAL_RATE)
    with calc():
        return (1 + a) ** (Decimal(1) / 12) - 1


def monthly_to_annual(monthly_rate: Decimal) -> Decimal:
    """Equivalent effective annual rate of a monthly rate: (1 + m)^12 − 1 (1% a month → 12.68%)."""
    m = check_rate(monthly_rate, "monthly_rate", allow_negative=True)
    with calc():
        return rate_out((1 + m) ** 12 - 1)


def real_rate(nominal_rate: Decimal, inflation_rate: Decimal) -> Decimal:
    """Real rate by the exact Fisher equation: (1 + nominal) / (1 + inflation) − 1.

    Both rates over the same period. E.g. Selic 15% and IPCA 4.5% a year → 10.047847% real (not
    the 10.5% of the subtraction shortcut). Negative when inflation beats the nominal rate.
    """
    nominal = check_rate(nominal_rate, "nominal_rate", allow_negative=True, maximum=MAX_ANNUAL_RATE)
    inflation = check_rate(
        inflation_rate, "inflation_rate", allow_negative=True, maximum=MAX_ANNUAL_RATE
    )
    with calc():
        return rate_out((1 + nominal) / (1 + inflation) - 1)
