"""Comparing a turn's effects with the expected ones, as a multiset.

An expected effect names a `kind` and only the fields it cares about; it matches an observed
effect of the same kind whose named fields all agree:

- numbers within the effect's `tol` (absolute) or `rtol` (relative), default half a cent;
- strings case-, accent- and whitespace-insensitively; `today`, `today-1`, `today+3` are read
  relative to the case's date first (for any field, so `due` and `date` alike);
- booleans and null exactly; lists as multisets of the same comparisons.

The expected list passes when the observed list has the same length and a one-to-one matching
exists (found with augmenting paths — a greedy pairing can fail where a matching exists when
expectations are loose, e.g. `[{expense}, {expense, amount: 10}]`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from switchboard.evals.phrases import fold
from switchboard.evals.probe import Effect
from switchboard.evals.suite import EffectValue, ExpectedEffect, Scalar, resolve_day


@dataclass(frozen=True, slots=True)
class EffectsOutcome:
    passed: bool
    missing: tuple[ExpectedEffect, ...]
    """Expected effects with no observed partner."""
    unexpected: tuple[Effect, ...]
    """Observed effects no expectation claimed."""


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _scalar_matches(want: Scalar, got: object, tol: float, today: date) -> bool:
    if want is None:
        return got is None
    if isinstance(want, bool):
        return isinstance(got, bool) and got == want
    if isinstance(want, int | float):
        observed = _number(got)
        return observed is not None and abs(observed - want) <= tol + 1e-9
    if not isinstance(got, str | date):
        return False
    text = resolve_day(want, today) or want
    observed_text = got.isoformat() if isinstance(got, date) else got
    return fold(text) == fold(observed_text)


def _value_matches(want: EffectValue, got: object, expected: ExpectedEffect, today: date) -> bool:
    if isinstance(want, list):
        if not isinstance(got, list | tuple) or len(got) != len(want):
            return False
        left = list(got)
        for item in want:
            tol = _tol(expected, item)
            hit = next(
                (i for i, g in enumerate(left) if _scalar_matches(item, g, tol, today)), None
            )
            if hit is None:
                return False
            left.pop(hit)
        return True
    return _scalar_matches(want, got, _tol(expected, want), today)


def _tol(expected: ExpectedEffect, want: Scalar) -> float:
    number = _number(want)
    return expected.tolerance(number) if number is not None else 0.0


def effect_matches(expected: ExpectedEffect, got: Effect, today: date) -> bool:
    """Whether `got` satisfies `expected` (same kind, every named field agrees)."""
    if fold(expected.kind) != fold(got.kind):
        return False
    return all(
        _value_matches(want, got.fields.get(name), expected, today)
        for name, want in expected.fields.items()
    )


def match_effects(
    expected: Sequence[ExpectedEffect], got: Sequence[Effect], today: date
) -> EffectsOutcome:
    """A maximum one-to-one matching of expected to observed effects (module docstring)."""
    edges = [[j for j, g in enumerate(got) if effect_matches(e, g, today)] for e in expected]
    owner: dict[int, int] = {}  # observed index -> expected index

    def claim(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or claim(owner[j], seen):
                owner[j] = i
                return True
        return False

    matched = {i for i in range(len(expected)) if claim(i, set())}
    missing = tuple(e for i, e in enumerate(expected) if i not in matched)
    unexpected = tuple(g for j, g in enumerate(got) if j not in owner)
    return EffectsOutcome(not missing and not unexpected, missing, unexpected)


__all__ = ["EffectsOutcome", "effect_matches", "match_effects"]
