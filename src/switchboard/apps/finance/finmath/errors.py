"""Typed errors of the math executor: bad input is refused with a stable code, never guessed."""

from __future__ import annotations

from switchboard import SwitchboardError


class FinMathError(SwitchboardError):
    """Base of every finmath input error (HTTP 422: the caller sent something we cannot compute)."""

    code = "finmath_invalid_input"
    http_status = 422


class InvalidAmountError(FinMathError):
    """A money amount is negative, zero where it must be positive, not a Decimal, or not finite."""

    code = "finmath_invalid_amount"


class InvalidRateError(FinMathError):
    """A rate is negative (where that makes no sense), not finite, or absurd (> 100% a month)."""

    code = "finmath_invalid_rate"


class InvalidPeriodError(FinMathError):
    """A number of periods is zero, negative, or beyond the 600-month (50-year) ceiling."""

    code = "finmath_invalid_period"


class UnreachableTargetError(FinMathError):
    """The target cannot be reached within the 600-month ceiling with the given contributions."""

    code = "finmath_unreachable_target"
