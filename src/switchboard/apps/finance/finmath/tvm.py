"""Time value of money: any one of present value, monthly flow, future value, rate or term
from the other four.

One balance equation covers every case, with the conventions of numpy-financial (payments at
the end of each month): after `n` months at the monthly rate `r`,

    balance = pv·(1+r)^n + flow·((1+r)^n − 1)/r          (pv + flow·n when r = 0)

where `flow` is signed from the pot's side: a deposit is positive ("ponho 1.000 por mês"), a
withdrawal or a loan's instalment negative ("saco 3 mil por mês", "parcela de 1.500"). So a loan
of `pv` paid off by instalments `p` is `balance = 0` with `flow = −p` (numpy-financial's
`pv(r, n, -p)`), a lump sum growing with no deposits is `flow = 0` (`fv(r, n, 0, -pv)`), the time
to reach a goal is `nper(r, -deposit, -pv, goal)`, and the monthly withdrawal a capital allows
until it runs out is `pmt(r, n, -pv)`.

Money results are rounded half-up to the cent; terms are exact (fractional months); the rate is
found by bisection to 1e-12.
"""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.finmath.errors import UnreachableTargetError
from switchboard.apps.finance.finmath.money import calc, money

ZERO = Decimal(0)
ONE = Decimal(1)


def _growth(rate: Decimal, months: Decimal | int) -> Decimal:
    return (ONE + rate) ** Decimal(months)


def _annuity(rate: Decimal, months: Decimal | int) -> Decimal:
    """(1+r)^n − 1 over r: what 1 a month adds up to after n months (n when r = 0)."""
    if rate == 0:
        return Decimal(months)
    return (_growth(rate, months) - ONE) / rate


def balance(pv: Decimal, flow: Decimal, rate: Decimal, months: int) -> Decimal:
    """The balance after `months` (the future value)."""
    with calc():
        return money(pv * _growth(rate, months) + flow * _annuity(rate, months))


def present_value(flow: Decimal, rate: Decimal, months: int, fv: Decimal = ZERO) -> Decimal:
    """The `pv` whose balance after `months` with `flow` is `fv` (a loan an instalment pays off:
    `flow` negative, `fv` zero; returned positive)."""
    with calc():
        return money((fv - flow * _annuity(rate, months)) / _growth(rate, months))


def flow(pv: Decimal, rate: Decimal, months: int, fv: Decimal = ZERO) -> Decimal:
    """The monthly flow that takes `pv` to `fv` in `months` (negative: a withdrawal)."""
    with calc():
        return money((fv - pv * _growth(rate, months)) / _annuity(rate, months))


def months(pv: Decimal, flow: Decimal, rate: Decimal, fv: Decimal) -> Decimal:
    """The exact (fractional) number of months for `pv` with `flow` to reach `fv`. Raises
    `UnreachableTargetError` when the balance never gets there."""
    with calc():
        if rate == 0:
            if flow == 0 or (fv - pv) / flow < 0:
                raise UnreachableTargetError("o saldo nunca chega ao valor pedido")
            return (fv - pv) / flow
        top = fv * rate + flow
        bottom = pv * rate + flow
        if bottom == 0 or top / bottom <= 0:
            raise UnreachableTargetError("o saldo nunca chega ao valor pedido")
        n = (top / bottom).ln() / (ONE + rate).ln()
        if n < 0:
            raise UnreachableTargetError("o saldo nunca chega ao valor pedido")
        return n


def rate(pv: Decimal, flow: Decimal, months: int, fv: Decimal = ZERO) -> Decimal:
    """The monthly rate at which `pv` with `flow` reaches `fv` in `months` (bisection). Raises
    `UnreachableTargetError` when no rate between 0 and 100% a month does."""
    with calc():

        def gap(r: Decimal) -> Decimal:
            return pv * _growth(r, months) + flow * _annuity(r, months) - fv

        low, high = Decimal("0"), Decimal("1")
        g_low, g_high = gap(low), gap(high)
        if g_low == 0:
            return ZERO
        if (g_low > 0) == (g_high > 0):
            raise UnreachableTargetError("nenhuma taxa entre 0% e 100% ao mês fecha a conta")
        for _ in range(200):
            mid = (low + high) / 2
            g_mid = gap(mid)
            if (g_mid > 0) == (g_low > 0):
                low, g_low = mid, g_mid
            else:
                high = mid
            if high - low < Decimal("1e-14"):
                break
        return ((low + high) / 2).quantize(Decimal("1e-12"))


__all__ = ["balance", "flow", "months", "present_value", "rate"]
