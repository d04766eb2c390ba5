"""Decimal plumbing shared by every finmath module: precision, rounding and input validation.

Rounding policy (one place, so every module agrees):

- **Money is rounded to the cent with ROUND_HALF_UP** at the points where a bank would round:
  each instalment, each month's interest, each reported total. Brazilian banks and the Banco
  Central's "Calculadora do Cidadão" present instalments rounded half-up to the cent, and users
  compare our numbers with their bank's; HALF_EVEN would differ by a cent on exact half-cents.
- **Rates and weights are not money**: they are rounded with ROUND_HALF_EVEN (no systematic bias
  when many are summed), rates to 12 decimal places, percentages to 2.
- **Intermediate powers** run in a local context of 40 significant digits, so (1+i)^n with n up
  to 600 keeps far more precision than the cent we finally round to.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Context, Decimal, localcontext

from switchboard.apps.finance.finmath.errors import (
    InvalidAmountError,
    InvalidPeriodError,
    InvalidRateError,
)

CENT = Decimal("0.01")
RATE_QUANTUM = Decimal("1e-12")
PERCENT_QUANTUM = Decimal("0.01")
PRECISION = 40
MAX_PERIODS = 600
"""50 years of months: longer horizons are not financial planning, and (1+i)^n stays exact."""
MAX_MONTHLY_RATE = Decimal(1)
"""100% a month: anything above is a typo (a percentage passed as 12 instead of 0.12)."""
MAX_ANNUAL_RATE = Decimal(20)
"""2000% a year (≈ 28.5% a month): covers revolving credit-card debt, refuses percent typos."""


@contextmanager
def calc() -> Iterator[Context]:
    """A local Decimal context with 40 digits; the caller's context is left untouched."""
    with localcontext() as ctx:
        ctx.prec = PRECISION
        ctx.rounding = ROUND_HALF_EVEN
        yield ctx


def money(value: Decimal) -> Decimal:
    """Round to the cent, half-up (the bank convention, see the module docstring)."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def rate_out(value: Decimal) -> Decimal:
    """Round a rate (a fraction: 0.01 is 1%) to 12 places, half-even."""
    return value.quantize(RATE_QUANTUM, rounding=ROUND_HALF_EVEN)


def percent(value: Decimal) -> Decimal:
    """Round a percentage (23.81 means 23.81%) to 2 places, half-even."""
    return value.quantize(PERCENT_QUANTUM, rounding=ROUND_HALF_EVEN)


def _as_decimal(
    value: object, name: str, error: type[InvalidAmountError | InvalidRateError]
) -> Decimal:
    # bool is an int subclass; floats carry binary noise (0.1 != 1/10): both are refused.
    if isinstance(value, bool) or not isinstance(value, Decimal | int):
        raise error(f"{name} must be a Decimal (got {type(value).__name__})", field=name)
    result = Decimal(value)
    if not result.is_finite():
        raise error(f"{name} must be finite (got {result})", field=name)
    return result


def check_amount(value: object, name: str, *, allow_zero: bool = True) -> Decimal:
    """Validate a money amount: a finite Decimal (or int), never negative, zero only if allowed."""
    amount = _as_decimal(value, name, InvalidAmountError)
    if amount < 0 or (amount == 0 and not allow_zero):
        bound = "≥ 0" if allow_zero else "> 0"
        raise InvalidAmountError(f"{name} must be {bound} (got {amount})", field=name)
    return amount


def check_rate(
    value: object,
    name: str,
    *,
    allow_negative: bool = False,
    maximum: Decimal = MAX_MONTHLY_RATE,
) -> Decimal:
    """Validate a rate given as a fraction per period (0.01 = 1%); `maximum` per period kind."""
    rate = _as_decimal(value, name, InvalidRateError)
    if rate < 0 and not allow_negative:
        raise InvalidRateError(f"{name} must be ≥ 0 (got {rate})", field=name)
    if rate <= -1:
        raise InvalidRateError(f"{name} must be > -100% (got {rate})", field=name)
    if rate > maximum:
        raise InvalidRateError(
            f"{name} must be a fraction ≤ {maximum} (got {rate}); pass 0.12 for 12%", field=name
        )
    return rate


def check_periods(value: object, name: str = "months") -> int:
    """Validate a number of periods: an int in 1..600."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPeriodError(f"{name} must be an int (got {type(value).__name__})", field=name)
    if not 1 <= value <= MAX_PERIODS:
        raise InvalidPeriodError(f"{name} must be in 1..{MAX_PERIODS} (got {value})", field=name)
    return value
