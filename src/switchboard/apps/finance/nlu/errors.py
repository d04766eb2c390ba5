"""Typed errors of the finance NLU (bad input from a caller, never from a user's wording).

User wording never raises: an unparseable message yields an incomplete draft and a clarifying
question. These errors mean the *caller* passed something impossible (zero instalments, a naive
datetime), so they are `SwitchboardError`s with stable codes like the core ones.
"""

from __future__ import annotations

from switchboard import SwitchboardError

__all__ = ["FinanceNluError", "InvalidInstallmentsError", "NaiveDatetimeError"]


class FinanceNluError(SwitchboardError):
    """Base of the finance NLU's errors."""

    code = "finance_nlu_error"
    http_status = 422


class InvalidInstallmentsError(FinanceNluError):
    """Instalment split asked with n < 1, a negative total or sub-cent precision."""

    code = "invalid_installments"


class NaiveDatetimeError(FinanceNluError):
    """A datetime without tzinfo: the user's local date cannot be known from it."""

    code = "naive_datetime"
