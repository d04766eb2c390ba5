"""Independent references for the finmath tests: exact rational arithmetic (fractions.Fraction).

Nothing here shares code with `finmath`: a rational (1 + i)^n has no precision limit, so these
are the textbook formulas computed exactly, then rounded half-up to the cent once at the end.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def to_cent(value: Fraction) -> Decimal:
    """Round an exact rational half-up to the cent."""
    cents = value * 100
    floor = cents.numerator // cents.denominator
    rest = cents - floor
    whole = floor + 1 if rest >= Fraction(1, 2) else floor
    return (Decimal(whole) / 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def pmt(pv: Decimal, i: Decimal, n: int) -> Fraction:
    """PMT = PV·i / (1 − (1+i)^−n), exactly."""
    p, r = Fraction(pv), Fraction(i)
    if r == 0:
        return p / n
    return p * r / (1 - (1 + r) ** -n)


def fv(pv: Decimal, i: Decimal, n: int, contribution: Decimal) -> Fraction:
    """FV = PV·(1+i)^n + PMT·((1+i)^n − 1)/i, exactly (end-of-month contributions)."""
    p, r, c = Fraction(pv), Fraction(i), Fraction(contribution)
    if r == 0:
        return p + c * n
    return p * (1 + r) ** n + c * ((1 + r) ** n - 1) / r
