"""Eligibility for Prouni and Sisu by the rules of the 2026 editais, each rule with its item.

Edital Prouni 2026 (nº 2, de 7 de janeiro de 2026):
- item 1.2 — the Enem of 2024 or 2025, an average of at least 450 points over the five tests
  and a redação above zero, not taken as a "treineiro" (`score_rule`);
- item 1.3 — where the ensino médio was studied (public school, or a private one with or without
  a scholarship, ...); since 2022 every case is accepted, and item 3.3.1 orders the classification
  (public school first, private without a scholarship last) (`school_rule`);
- item 1.4 — the income limits below (`eligibility_for`).

Income:

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
from decimal import ROUND_HALF_UP, ROUND_UP, Decimal
from enum import StrEnum
from typing import Literal

from babel.numbers import format_currency

from switchboard import SwitchboardError

MINIMUM_WAGE_2026 = Decimal("1621.00")
"""R$ 1.621,00: Decreto nº 12.797/2025, in force from 1 January 2026 (see the module docstring)."""

MINIMUM_WAGE_2025 = Decimal("1518.00")
"""R$ 1.518,00: Decreto nº 12.342/2024 (kept for tests and for editions judged on 2025 income)."""

CENT = Decimal("0.01")


def brl(amount: Decimal) -> str:
    """R$ 1.621,00 (babel, pt-BR, with a plain space: every amount the app writes looks the
    same, and a student can copy it)."""
    return format_currency(amount, "BRL", locale="pt_BR").replace("\xa0", " ")


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


def share(total: Decimal, members: int) -> Decimal:
    """The per-capita income as said and stored: the total over the members, rounded half-up to
    the cent (R$ 1.621,00 ÷ 3 = R$ 540,33). Eligibility is judged on the exact quotient
    (`household_eligibility`), never on this rounded value."""
    if members < 1:
        raise InvalidIncomeError("a household has at least one member", members=members)
    return (total / members).quantize(CENT, rounding=ROUND_HALF_UP)


def household_eligibility(
    total: Decimal, members: int, rules: IncomeRules = DEFAULT_RULES
) -> Eligibility:
    """Eligibility of a household judged exactly: total ≤ limit × members (no rounding)."""
    if members < 1 or total < 0:
        raise InvalidIncomeError("a household needs members and a non-negative income")
    if total <= rules.integral_limit * members:
        return Eligibility.PROUNI_INTEGRAL
    if total <= rules.parcial_limit * members:
        return Eligibility.PROUNI_PARCIAL
    return Eligibility.SISU_ONLY


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


PROUNI_EDITAL = "Edital Prouni 2026"
PROUNI_DOCS = "Documentação Prouni"
MINIMUM_AVERAGE = Decimal(450)
"""Edital Prouni 2026, item 1.2: "nota igual ou superior a 450 pontos na média das cinco
provas do Enem e nota acima de zero na prova de redação"."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule applied to the student: whether it holds, the pt-BR reason, and its item."""

    holds: bool | None
    """True/False when decided; None when the student's data does not decide it yet."""
    text: str
    item: str

    @property
    def cited(self) -> str:
        """The reason with its citation ("… (Edital Prouni 2026, item 1.2)")."""
        return f"{self.text} ({PROUNI_EDITAL}, item {self.item})."


def _points(value: Decimal) -> str:
    text = f"{value.normalize():f}".replace(".", ",")
    return text


def score_rule(
    score: Decimal | None, essay: Decimal | None = None, trainee: bool | None = None
) -> Rule:
    """Item 1.2: Enem average ≥ 450, redação > 0, not as a treineiro."""
    if trainee:
        return Rule(
            False,
            "Quem fez o Enem como treineiro não pode usar essa nota no Prouni: a inscrição exige "
            "ter feito o Enem 2024 ou 2025 fora da condição de treineiro",
            "1.2",
        )
    if essay is not None and essay <= 0:
        return Rule(
            False,
            "Com nota zero na redação você não pode se inscrever no Prouni: o edital exige nota "
            "acima de zero na redação, além de média de pelo menos 450 pontos",
            "1.2",
        )
    if score is None:
        return Rule(
            None,
            "Para se inscrever no Prouni é preciso média de pelo menos 450 pontos nas cinco provas "
            "do Enem 2024 ou 2025 e nota acima de zero na redação",
            "1.2",
        )
    if score < MINIMUM_AVERAGE:
        return Rule(
            False,
            f"Com média {_points(score)}, abaixo do mínimo de 450 pontos, você não pode se "
            "inscrever no Prouni 2026: o edital exige média de pelo menos 450 nas cinco provas "
            "do Enem e redação acima de zero",
            "1.2",
        )
    essay_note = (
        f", e a redação ({_points(essay)}) está acima de zero"
        if essay is not None
        else " (a redação também precisa ser acima de zero)"
    )
    return Rule(
        True,
        f"Sua média {_points(score)} atende o mínimo de 450 pontos do Prouni{essay_note}",
        "1.2",
    )


SCHOOL_TEXT: dict[str, tuple[str, str]] = {
    "publica": (
        "Você cursou o ensino médio em escola pública: atende o item 1.3 e fica no grupo com "
        "prioridade na classificação (item 3.3.1, II)",
        "1.3",
    ),
    "privada_integral": (
        "Ensino médio em escola particular com bolsa integral também atende o item 1.3",
        "1.3",
    ),
    "privada_parcial": (
        "Ensino médio em escola particular com bolsa parcial também atende o item 1.3 (inciso I, "
        "e), mas vem por último na ordem de prioridade da classificação (item 3.3.1, VI)",
        "1.3",
    ),
    "privada": (
        "Ensino médio em escola particular sem bolsa também atende o item 1.3 (inciso I, e), mas "
        "vem por último na ordem de prioridade da classificação (item 3.3.1, VI)",
        "1.3",
    ),
    "mista": (
        "Ensino médio parte em escola pública e parte em particular também atende o item 1.3 "
        "(inciso I, c ou d)",
        "1.3",
    ),
}


def school_rule(school: str | None) -> Rule | None:
    """Item 1.3 for the school history the student gave (None when not given)."""
    if school not in SCHOOL_TEXT:
        return None
    text, item = SCHOOL_TEXT[school]
    return Rule(True, text, item)


def income_rule(
    per_capita_income: Decimal,
    rules: IncomeRules = DEFAULT_RULES,
    household: tuple[Decimal, int] | None = None,
) -> Rule:
    """Item 1.4: integral ≤ 1,5 salário mínimo per capita, parcial ≤ 3 (limits inclusive);
    judged on the household's exact quotient when its total and size are known."""
    level = (
        household_eligibility(household[0], household[1], rules)
        if household is not None
        else eligibility_for(per_capita_income, rules)
    )
    integral = brl(rules.integral_limit)
    parcial = brl(rules.parcial_limit)
    if level is Eligibility.PROUNI_INTEGRAL:
        return Rule(
            True,
            f"Pela renda, você pode concorrer à bolsa integral (100%) e à parcial (50%) do Prouni: "
            f"a integral vale para renda bruta mensal per capita de até 1,5 salário mínimo "
            f"({integral})",
            "1.4",
        )
    if level is Eligibility.PROUNI_PARCIAL:
        return Rule(
            True,
            f"Pela renda, você pode concorrer só à bolsa parcial (50%) do Prouni, que vale até 3 "
            f"salários mínimos per capita ({parcial}); a integral exige até 1,5 salário mínimo "
            f"({integral})",
            "1.4",
        )
    return Rule(
        False,
        f"Essa renda está acima do limite de 3 salários mínimos per capita ({parcial}): pelo "
        "critério de renda você não pode concorrer às bolsas do Prouni (integral nem parcial)",
        "1.4",
    )


__all__ = [
    "DEFAULT_RULES",
    "MINIMUM_AVERAGE",
    "MINIMUM_WAGE_2025",
    "MINIMUM_WAGE_2026",
    "PROUNI_DOCS",
    "PROUNI_EDITAL",
    "SCHOOL_TEXT",
    "Eligibility",
    "IncomeRules",
    "InvalidIncomeError",
    "Modality",
    "Rule",
    "eligibility_for",
    "household_eligibility",
    "income_rule",
    "per_capita",
    "school_rule",
    "score_rule",
    "share",
]
