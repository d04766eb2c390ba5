"""Paying debts down with a lump sum (13º salário, a bonus): the avalanche order.

Paying the most expensive debt first (the "avalanche" method) minimises the interest paid for
any lump sum: each real paid off a debt at i% a month stops i% a month of interest, so the
highest rates go first. `avalanche` returns how much goes to each debt, in that order, and the
interest the payment avoids in the next month (Σ paid·rate). Ties keep the caller's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from switchboard.apps.finance.finmath.money import calc, check_amount, check_rate, money


@dataclass(frozen=True, slots=True)
class DebtBalance:
    name: str
    balance: Decimal
    monthly_rate: Decimal


@dataclass(frozen=True, slots=True)
class Payoff:
    name: str
    paid: Decimal
    left: Decimal
    monthly_rate: Decimal

    @property
    def cleared(self) -> bool:
        return self.left == 0


@dataclass(frozen=True, slots=True)
class AvalanchePlan:
    payoffs: tuple[Payoff, ...]
    """Every debt, most expensive first (paid may be 0)."""
    interest_avoided_next_month: Decimal
    left_over: Decimal
    """Cash left after every debt is cleared."""


def avalanche(debts: list[DebtBalance], cash: Decimal) -> AvalanchePlan:
    """Spend `cash` on `debts`, highest monthly rate first (see the module docstring)."""
    available = check_amount(cash, "cash")
    ordered = sorted(
        enumerate(debts), key=lambda pair: (-check_rate(pair[1].monthly_rate, "rate"), pair[0])
    )
    payoffs: list[Payoff] = []
    avoided = Decimal(0)
    with calc():
        for _, debt in ordered:
            balance = check_amount(debt.balance, "balance")
            paid = min(balance, available)
            available -= paid
            avoided += paid * debt.monthly_rate
            payoffs.append(Payoff(debt.name, paid, balance - paid, debt.monthly_rate))
    return AvalanchePlan(tuple(payoffs), money(avoided), available)


__all__ = ["AvalanchePlan", "DebtBalance", "Payoff", "avalanche"]
