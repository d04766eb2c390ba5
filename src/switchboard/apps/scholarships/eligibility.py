"""Income eligibility for Prouni and Sisu, from a household's per-capita income.

Prouni (Lei 11.096/2005; Edital Prouni 2026, item 1.4): a full scholarship (bolsa integral) when
the gross monthly household income per capita does not exceed 1.5 minimum wages, a partial one
(bolsa parcial, 50%) when it does not exceed 3. "Does not exceed" means the limits are inclusive:
exactly 1.5 wages is still integral, exactly 3 still partial. Sisu has no income limit (income
only matters for quota modalities, which the seed data does not model), so everyone keeps Sisu.

The 2026 minimum wage is R$ 1.621,00 from 1 January 2026, fixed by Decreto nº 12.797 of
23 December 2025 (DOU of 24 December 2025). I confirmed it from press reports of the decree
(O Popular, 24 Dec 2025: "Decreto de Lula fixa salário mínimo em R$ 1.621 em 2026"), not from
the DOU text itself. It is configurable: pass `IncomeRules(minimum_wage=...)`; the 2025 value
was R$ 1.518,00 (Decreto nº 12.342/2024).

Money is `Decimal` throughout. `per_capita` rounds *up* to the cent: for a limit that is a whole
number of cents (every limit with a minimum wage in whole reais or even cents), "rounded up
≤ limit" holds exactly when "exact quotient ≤ limit", so rounding never makes a household
look eligible when it is a fraction of a cent over the line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_UP, Decimal
from enum import StrEnum
from typing import Literal

from switchboard.core.errors import SwitchboardError

MINIMUM_WAGE_2026 = Decimal("1621.00")
"""R$ 1.621,00: Decreto nº 12.797/2025, in force from 1 January 2026 (see the module docstring)."""

MINIMUM_WAGE_2025 = Decimal("1518.00")
"""R$ 1.518,00: Decreto nº 12.342/2024 (kept for tests and for editions judged on 2025 income)."""

CENT = Decimal("0.01")

Modality = Literal["sisu", "prouni_integral", "prouni_parcial"]
"""How a student competes for a place: Sisu (public institutions) or a Prouni scholarship
(private institutions), full or partial."""


class InvalidIncomeError(SwitchboardError):
    """Household data that cannot give a per-capita income (no members, negative income)."""

    code = "invalid_income"
    http_status = 422


class Eligibility(StrEnum):
    """What a per-capita income qualifies for (each level includes the ones below it)."""

    PROUNI_INTEGRAL = "prouni_integral"
    """≤ 1.5 minimum wages: full and partial Prouni scholarships, and Sisu."""
    PROUNI_PARCIAL = "prouni_parcial"
    """≤ 3 minimum wages: partial Prouni scholarships, and Sisu."""
    SISU_ONLY = "sisu_only"
    """Above 3 minimum wages: Sisu only."""

    @property
    def modalities(self) -> frozenset[Modality]:
        """The modalities a student with this eligibility may apply to."""
        return _MODALITIES[self]


_MODALITIES: dict[Eligibility, frozenset[Modality]] = {
    Eligibility.PROUNI_INTEGRAL: frozenset({"sisu", "prouni_integral", "prouni_parcial"}),
    Eligibility.PROUNI_PARCIAL: frozenset({"sisu", "prouni_parcial"}),
    Eligibility.SISU_ONLY: frozenset({"sisu"}),
}


@dataclass(frozen=True, slots=True)
class IncomeRules:
    """The income limits, in minimum wages, and the minimum wage they are measured in."""

    minimum_wage: Decimal = MINIMUM_WAGE_2026
    integral_factor: Decimal = Decimal("1.5")
    parcial_factor: Decimal = Decimal("3")

    def __post_init__(self) -> None:
        if self.minimum_wage <= 0:
            raise InvalidIncomeError("the minimum wage must be positive")
        if not 0 < self.integral_factor <= self.parcial_factor:
            raise InvalidIncomeError("need 0 < integral_factor <= parcial_factor")

    @property
    def integral_limit(self) -> Decimal:
        """Highest per-capita income (inclusive) for a full scholarship: R$ 2.431,50 in 2026."""
        return self.minimum_wage * self.integral_factor

    @property
    def parcial_limit(self) -> Decimal:
        """Highest per-capita income (inclusive) for a partial scholarship: R$ 4.863,00 in 2026."""
        return self.minimum_wage * self.parcial_factor


DEFAULT_RULES = IncomeRules()


def per_capita(members: int, incomes: Sequence[Decimal]) -> Decimal:
    """Gross monthly household income per person, rounded up to the cent.

    `members` counts everyone in the household, earners or not; `incomes` are the gross monthly
    incomes of those who earn (any number of entries, one person may have several).
    """
    if isinstance(members, bool) or not isinstance(members, int) or members < 1:
        raise InvalidIncomeError("a household has at least one member", members=members)
    total = Decimal(0)
    for income in incomes:
        if not isinstance(income, Decimal) or not income.is_finite() or income < 0:
            raise InvalidIncomeError("incomes are non-negative Decimal amounts", income=income)
        total += income
    return (total / members).quantize(CENT, rounding=ROUND_UP)


def eligibility_for(per_capita_income: Decimal, rules: IncomeRules = DEFAULT_RULES) -> Eligibility:
    """Prouni integral at ≤ 1.5 minimum wages, partial at ≤ 3, else Sisu only (inclusive)."""
    if not isinstance(per_capita_income, Decimal) or not per_capita_income.is_finite():
        raise InvalidIncomeError("the per-capita income must be a Decimal amount")
    if per_capita_income < 0:
        raise InvalidIncomeError("the per-capita income cannot be negative")
    if per_capita_income <= rules.integral_limit:
        return Eligibility.PROUNI_INTEGRAL
    if per_capita_income <= rules.parcial_limit:
        return Eligibility.PROUNI_PARCIAL
    return Eligibility.SISU_ONLY


__all__ = [
    "DEFAULT_RULES",
    "MINIMUM_WAGE_2025",
    "MINIMUM_WAGE_2026",
    "Eligibility",
    "IncomeRules",
    "InvalidIncomeError",
    "Modality",
    "eligibility_for",
    "per_capita",
]
