"""Income eligibility: the Prouni limits are inclusive, exactly at 1.5 and 3 minimum wages."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.scholarships.eligibility import (
    DEFAULT_RULES,
    MINIMUM_WAGE_2025,
    MINIMUM_WAGE_2026,
    Eligibility,
    IncomeRules,
    InvalidIncomeError,
    eligibility_for,
    per_capita,
)

D = Decimal


def test_the_2026_default_is_the_decreed_minimum_wage():
    assert D("1621.00") == MINIMUM_WAGE_2026
    assert DEFAULT_RULES.minimum_wage == MINIMUM_WAGE_2026
    assert DEFAULT_RULES.integral_limit == D("2431.50")
    assert DEFAULT_RULES.parcial_limit == D("4863.00")


@pytest.mark.parametrize(
    ("income", "expected"),
    [
        ("0", Eligibility.PROUNI_INTEGRAL),
        ("2431.49", Eligibility.PROUNI_INTEGRAL),
        ("2431.50", Eligibility.PROUNI_INTEGRAL),  # exactly 1.5 minimum wages
        ("2431.51", Eligibility.PROUNI_PARCIAL),
        ("4863.00", Eligibility.PROUNI_PARCIAL),  # exactly 3 minimum wages
        ("4863.01", Eligibility.SISU_ONLY),
        ("25000", Eligibility.SISU_ONLY),
    ],
)
def test_boundaries_are_inclusive(income, expected):
    assert eligibility_for(D(income)) is expected


def test_the_minimum_wage_is_configurable():
    rules_2025 = IncomeRules(minimum_wage=MINIMUM_WAGE_2025)
    assert eligibility_for(D("2277.00"), rules_2025) is Eligibility.PROUNI_INTEGRAL
    assert eligibility_for(D("2277.01"), rules_2025) is Eligibility.PROUNI_PARCIAL
    assert eligibility_for(D("4554.00"), rules_2025) is Eligibility.PROUNI_PARCIAL
    assert eligibility_for(D("4554.01"), rules_2025) is Eligibility.SISU_ONLY
    # The same income that is partial-only in 2025 is integral with the 2026 wage.
    assert eligibility_for(D("2400.00")) is Eligibility.PROUNI_INTEGRAL
    assert eligibility_for(D("2400.00"), rules_2025) is Eligibility.PROUNI_PARCIAL


def test_per_capita_divides_by_every_member_earners_or_not():
    assert per_capita(4, [D("3000.00"), D("1862.00")]) == D("1215.50")
    assert per_capita(1, []) == D("0.00")
    assert per_capita(3, [D("7294.50")]) == D("2431.50")


def test_per_capita_rounds_up_so_nobody_crosses_a_limit_by_rounding():
    # 7294.51 / 3 = 2431.5033…: above 1.5 wages, and it must stay above after rounding.
    value = per_capita(3, [D("7294.51")])
    assert value == D("2431.51")
    assert eligibility_for(value) is Eligibility.PROUNI_PARCIAL
    assert per_capita(3, [D("14589.00")]) == D("4863.00")
    assert eligibility_for(per_capita(3, [D("14589.00")])) is Eligibility.PROUNI_PARCIAL


@pytest.mark.parametrize(
    ("members", "incomes"),
    [
        (0, [D("1000")]),
        (-2, []),
        (True, []),
        (2, [D("-1")]),
        (2, [1000.0]),
        (2, [D("NaN")]),
    ],
)
def test_bad_household_data_is_a_typed_error(members, incomes):
    with pytest.raises(InvalidIncomeError) as info:
        per_capita(members, incomes)
    assert info.value.code == "invalid_income"


def test_bad_incomes_and_rules_are_typed_errors():
    with pytest.raises(InvalidIncomeError):
        eligibility_for(D("-0.01"))
    with pytest.raises(InvalidIncomeError):
        eligibility_for(1500.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidIncomeError):
        IncomeRules(minimum_wage=D("0"))


def test_each_level_allows_the_modalities_below_it():
    assert Eligibility.PROUNI_INTEGRAL.modalities == {"sisu", "prouni_integral", "prouni_parcial"}
    assert Eligibility.PROUNI_PARCIAL.modalities == {"sisu", "prouni_parcial"}
    assert Eligibility.SISU_ONLY.modalities == {"sisu"}
