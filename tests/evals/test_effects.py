"""Expected effects against observed ones: fields, tolerances, relative dates, multisets."""

from __future__ import annotations

from datetime import date
from typing import Any

from switchboard.evals.effects import effect_matches, match_effects
from switchboard.evals.probe import Effect
from switchboard.evals.suite import ExpectedEffect

TODAY = date(2026, 11, 26)
UBER = Effect.of(
    "expense", amount=45.0, category="Transporte", subcategory="App", date="2026-11-25",
    payment_method=None, instalments=None,
)  # fmt: skip


def _want(**fields: Any) -> ExpectedEffect:
    return ExpectedEffect.model_validate(fields)


def test_only_named_fields_are_compared() -> None:
    assert effect_matches(_want(kind="expense"), UBER, TODAY)
    assert effect_matches(_want(kind="EXPENSE", category="transporte"), UBER, TODAY)
    assert not effect_matches(_want(kind="income"), UBER, TODAY)
    assert not effect_matches(_want(kind="expense", category="Lazer"), UBER, TODAY)
    assert not effect_matches(_want(kind="expense", description="uber"), UBER, TODAY)  # absent


def test_amounts_within_tolerance() -> None:
    assert effect_matches(_want(kind="expense", amount=45), UBER, TODAY)
    assert effect_matches(_want(kind="expense", amount=45.004), UBER, TODAY)
    assert not effect_matches(_want(kind="expense", amount=45.01), UBER, TODAY)
    assert effect_matches(_want(kind="expense", amount=46, tol=1), UBER, TODAY)
    assert effect_matches(_want(kind="expense", amount=50, rtol=0.1), UBER, TODAY)
    assert not effect_matches(_want(kind="expense", amount=50, rtol=0.05), UBER, TODAY)
    assert not effect_matches(_want(kind="expense", amount="45"), UBER, TODAY)


def test_dates_relative_to_the_case() -> None:
    assert effect_matches(_want(kind="expense", date="today-1"), UBER, TODAY)
    assert effect_matches(_want(kind="expense", date="2026-11-25"), UBER, TODAY)
    assert not effect_matches(_want(kind="expense", date="today"), UBER, TODAY)


def test_null_bool_and_lists() -> None:
    assert effect_matches(_want(kind="expense", payment_method=None), UBER, TODAY)
    assert not effect_matches(_want(kind="expense", category=None), UBER, TODAY)
    shifts = Effect.of("profile", field="shifts", value=["noturno", "matutino"], flag=True)
    assert effect_matches(_want(kind="profile", value=["Matutino", "noturno"]), shifts, TODAY)
    assert not effect_matches(_want(kind="profile", value=["noturno"]), shifts, TODAY)
    assert effect_matches(_want(kind="profile", flag=True), shifts, TODAY)
    assert not effect_matches(_want(kind="profile", flag=1), shifts, TODAY)


def test_a_multiset_needs_a_one_to_one_matching() -> None:
    ten = Effect.of("expense", amount=10.0)
    twenty = Effect.of("expense", amount=20.0)
    # greedy would give the loose expectation the 10 and leave the strict one with nothing
    outcome = match_effects(
        [_want(kind="expense"), _want(kind="expense", amount=10)], [ten, twenty], TODAY
    )
    assert outcome.passed and not outcome.missing and not outcome.unexpected
    twice = match_effects([_want(kind="expense", amount=10)] * 2, [ten, twenty], TODAY)
    assert not twice.passed
    assert [e.fields for e in twice.missing] == [{"amount": 10}] and twice.unexpected == (twenty,)


def test_nothing_expected() -> None:
    assert match_effects([], [], TODAY).passed
    extra = match_effects([], [UBER], TODAY)
    assert not extra.passed and extra.unexpected == (UBER,)
    assert not match_effects([_want(kind="expense")], [], TODAY).passed
