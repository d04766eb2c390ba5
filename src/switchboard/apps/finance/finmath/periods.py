"""How many periods: contributions needed for a target, and fractional NPER.

The catalogue's questions ask these two ways round: "quanto guardar por mês para juntar X em N
meses" (the contribution, `contribution_for_target`) and "em quanto tempo eu junto / quito / o
dinheiro dura" (the number of months, `nper`). `nper` is the fractional answer (16,09 meses),
as numpy-financial's `npf.nper`; the number of payments a user makes is its ceiling (the last
one smaller), which `months_to_target` in `growth.py` gives for accumulation.

Conventions as in the rest of finmath: monthly rates as fractions, money half-up to the cent,
payments at the end of each month unless `due=True`.
"""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.finmath.errors import UnreachableTargetError
from switchboard.apps.finance.finmath.money import (
    calc,
    check_amount,
    check_periods,
    check_rate,
    money,
)

NPER_QUANTUM = Decimal("0.0001")


def contribution_for_target(
    target: Decimal,
    monthly_rate: Decimal,
    months: int,
    present: Decimal = Decimal(0),
    *,
    due: bool = False,
) -> Decimal:
    """Monthly contribution so that `present` plus the contributions reach `target` in `months`.

    PMT = (FV − PV·(1+i)^n) · i / ((1+i)^n − 1)   (divided by (1+i) when `due`);
    PMT = (FV − PV) / n when i = 0. 0 when `present` alone already gets there.
    Same as numpy-financial's `npf.pmt(i, n, -PV, FV)` (with `when="begin"` for `due`).
    """
    fv = check_amount(target, "target", allow_zero=False)
    pv = check_amount(present, "present")
    i = check_rate(monthly_rate, "monthly_rate")
    n = check_periods(months)
    with calc():
        if i == 0:
            needed = (fv - pv) / n
        else:
            growth = (1 + i) ** n
            needed = (fv - pv * growth) * i / (growth - 1)
            if due:
                needed /= 1 + i
    return money(max(needed, Decimal(0)))


def nper(
    monthly_rate: Decimal,
    payment: Decimal,
    present: Decimal = Decimal(0),
    future: Decimal = Decimal(0),
) -> Decimal:
    """Fractional number of months, numpy-financial's sign convention made explicit.

    Two shapes, both with a positive `payment` made at the end of each month:

    - accumulation (`future` > 0): from `present` saved, contributing `payment`, until the
      balance reaches `future`: n = ln((FV·i + PMT) / (PV·i + PMT)) / ln(1+i);
    - payoff / drawdown (`future` = 0, `present` > 0): a debt (or a capital being withdrawn)
      of `present` paid down by `payment`: n = −ln(1 − PV·i / PMT) / ln(1+i).

    i = 0 gives the plain division. Raises `UnreachableTargetError` when the payment never
    gets there (a payment that does not even cover the month's interest). Rounded to 4 places.
    """
    i = check_rate(monthly_rate, "monthly_rate")
    pmt = check_amount(payment, "payment", allow_zero=False)
    pv = check_amount(present, "present")
    fv = check_amount(future, "future")
    with calc():
        if fv > 0:
            if pv >= fv:
                return Decimal(0)
            if i == 0:
                return ((fv - pv) / pmt).quantize(NPER_QUANTUM)
            ratio = (fv * i + pmt) / (pv * i + pmt)
            return (ratio.ln() / (1 + i).ln()).quantize(NPER_QUANTUM)
        if pv == 0:
            return Decimal(0)
        if i == 0:
            return (pv / pmt).quantize(NPER_QUANTUM)
        if pmt <= pv * i:
            raise UnreachableTargetError(
                "the payment does not cover the monthly interest", payment=str(pmt)
            )
        return (-(1 - pv * i / pmt).ln() / (1 + i).ln()).quantize(NPER_QUANTUM)


__all__ = ["contribution_for_target", "nper"]
