"""Loan amortization: the PRICE (French, fixed instalment) and SAC (constant amortization) systems.

Both take a principal (rounded to the cent on entry), a monthly rate as a fraction (0.01 = 1% a
month) and a number of months, and return every row of the table plus totals, rounded to the cent
half-up (see `money.py`).

Rounding is where hand-made tables go wrong, so the rule is explicit:

- PRICE: the instalment is PMT rounded to the cent; each month's interest is the balance times
  the rate rounded to the cent; amortization = instalment − interest. The **last row amortizes
  exactly the remaining balance** (its instalment may differ from PMT by a few cents), so the
  amortizations sum to the principal exactly and the balance ends at 0.00.
- SAC: row k amortizes money(PV·k/n) − money(PV·(k−1)/n): every amortization is within one cent
  of PV/n and they sum to the principal exactly, with no large correction piled on the last row.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from switchboard.apps.finance.finmath.money import (
    calc,
    check_amount,
    check_periods,
    check_rate,
    money,
)


class AmortizationSystem(StrEnum):
    PRICE = "price"
    SAC = "sac"


@dataclass(frozen=True, slots=True)
class AmortizationRow:
    """One month of a loan: instalment = interest + amortization; balance is after paying it."""

    n: int
    instalment: Decimal
    interest: Decimal
    amortization: Decimal
    balance: Decimal


@dataclass(frozen=True, slots=True)
class AmortizationSchedule:
    """A full table with its totals; `total_paid == principal + total_interest` exactly."""

    system: AmortizationSystem
    principal: Decimal
    monthly_rate: Decimal
    months: int
    rows: tuple[AmortizationRow, ...]
    total_paid: Decimal
    total_interest: Decimal

    @property
    def first_instalment(self) -> Decimal:
        return self.rows[0].instalment

    @property
    def last_instalment(self) -> Decimal:
        return self.rows[-1].instalment


def price_instalment(principal: Decimal, monthly_rate: Decimal, months: int) -> Decimal:
    """Fixed instalment of the PRICE system, rounded half-up to the cent.

    PMT = PV · i / (1 − (1 + i)^−n)   (annuity-immediate; PMT = PV / n when i = 0).
    Same as numpy-financial's `-npf.pmt(i, n, pv)`; e.g. PV 100,000, i 1%, n 12 → 8,884.88.
    """
    pv = money(check_amount(principal, "principal", allow_zero=False))
    i = check_rate(monthly_rate, "monthly_rate")
    n = check_periods(months)
    with calc():
        if i == 0:
            return money(pv / n)
        return money(pv * i / (1 - (1 + i) ** -n))


def price_table(principal: Decimal, monthly_rate: Decimal, months: int) -> AmortizationSchedule:
    """Full PRICE table: fixed instalment, decreasing interest, increasing amortization.

    interest_k = money(balance_{k−1} · i); amortization_k = PMT − interest_k; the last row
    amortizes the whole remaining balance. In degenerate cases (a few reais over hundreds of
    months, where PMT rounds up to more than the balance) amortization is capped at the balance.
    """
    pmt = price_instalment(principal, monthly_rate, months)
    pv, i = money(Decimal(principal)), Decimal(monthly_rate)
    rows: list[AmortizationRow] = []
    balance = pv
    with calc():
        for k in range(1, months + 1):
            interest = money(balance * i)
            amortization = balance if k == months else min(pmt - interest, balance)
            balance -= amortization
            instalment = interest + amortization
            rows.append(AmortizationRow(k, instalment, interest, amortization, balance))
    return _schedule(AmortizationSystem.PRICE, pv, i, months, rows)


def sac_table(principal: Decimal, monthly_rate: Decimal, months: int) -> AmortizationSchedule:
    """Full SAC table: constant amortization PV/n, interest on the balance, decreasing instalments.

    amortization_k = money(PV·k/n) − money(PV·(k−1)/n); interest_k = money(balance_{k−1} · i);
    instalment_k = amortization_k + interest_k. E.g. PV 100,000 over 10 months at 1%: first
    instalment 10,000 + 1,000 = 11,000.00, each next one 100.00 lower.
    """
    pv = money(check_amount(principal, "principal", allow_zero=False))
    i = check_rate(monthly_rate, "monthly_rate")
    n = check_periods(months)
    rows: list[AmortizationRow] = []
    balance = pv
    with calc():
        for k in range(1, n + 1):
            amortization = money(pv * k / n) - money(pv * (k - 1) / n)
            interest = money(balance * i)
            balance -= amortization
            instalment = interest + amortization
            rows.append(AmortizationRow(k, instalment, interest, amortization, balance))
    return _schedule(AmortizationSystem.SAC, pv, i, n, rows)


def _schedule(
    system: AmortizationSystem,
    principal: Decimal,
    rate: Decimal,
    months: int,
    rows: list[AmortizationRow],
) -> AmortizationSchedule:
    total_interest = sum((row.interest for row in rows), Decimal(0))
    total_paid = sum((row.instalment for row in rows), Decimal(0))
    return AmortizationSchedule(
        system, principal, rate, months, tuple(rows), total_paid, total_interest
    )
