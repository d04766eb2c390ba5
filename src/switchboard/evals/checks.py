"""The checks: one function per key of `expect`, each returning a `CheckResult` that can fail.

A check reads a `TurnView` (the answer, who answered, what the app's probe reported) and one
expectation; `grade` runs the ones a turn asks for, in the format's order, and `turn_result`
adds the `error` pseudo-check (an `error` event, a crash). Text checks use `phrases.py`
(folded, whole words), figures `numbers.py`, effects `effects.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import Any

from pydantic import JsonValue

from switchboard.core.events import ErrorEvent
from switchboard.evals.effects import match_effects
from switchboard.evals.numbers import FoundNumber, numbers_in
from switchboard.evals.phrases import (
    asks_question,
    cited_items,
    cites,
    fold,
    has_phrase,
    says_not_found,
)
from switchboard.evals.probe import TurnFacts, TurnObservation
from switchboard.evals.results import ERROR_CHECK, CheckResult, TurnResult
from switchboard.evals.suite import EffectValue, Expect, ExpectedEffect, FigureSpec, TurnSpec

NOT_REPORTED = "(not reported by the app's probe)"
MAX_NUMBERS_SHOWN = 20


@dataclass
class TurnView:
    """One turn's answer and facts, with the derived forms checks share (computed once)."""

    answer: str
    agent: str | None
    facts: TurnFacts
    today: date

    @cached_property
    def folded(self) -> str:
        return fold(self.answer)

    @cached_property
    def numbers(self) -> list[FoundNumber]:
        return numbers_in(self.answer)


def _one_of(kind: str, expected: list[str], got: str | None) -> CheckResult:
    passed = got is not None and fold(got) in {fold(e) for e in expected}
    want: JsonValue = expected[0] if len(expected) == 1 else list(expected)
    return CheckResult(kind=kind, passed=passed, expected=want, got=got or NOT_REPORTED)


def check_route(expected: list[str], view: TurnView) -> CheckResult:
    return _one_of("route", expected, view.facts.route)


def check_agent(expected: list[str], view: TurnView) -> CheckResult:
    result = _one_of("agent", expected, view.agent)
    return result if view.agent else result.model_copy(update={"got": None})


def _json(effect: dict[str, EffectValue]) -> JsonValue:
    out: dict[str, JsonValue] = {}
    for key, value in effect.items():
        out[key] = list(value) if isinstance(value, list) else value
    return out


def check_effects(expected: tuple[ExpectedEffect, ...], view: TurnView) -> CheckResult:
    want: list[JsonValue] = [_json(e.as_dict()) for e in expected]
    got = view.facts.effects
    if got is None:
        return CheckResult(kind="effects", passed=False, expected=want, got=NOT_REPORTED)
    outcome = match_effects(expected, got, view.today)
    observed: list[JsonValue] = [_json(g.as_dict()) for g in got]
    return CheckResult(kind="effects", passed=outcome.passed, expected=want, got=observed)


def check_asks(expected: bool, view: TurnView) -> CheckResult:
    got = asks_question(view.answer)
    return CheckResult(kind="asks", passed=got == expected, expected=expected, got=got)


def _figure_found(figure: FigureSpec, numbers: list[FoundNumber]) -> bool:
    tol = figure.tolerance() + 1e-9
    return any(abs(abs(float(n.value)) - abs(figure.value)) <= tol for n in numbers)


def check_figures(expected: list[FigureSpec], view: TurnView) -> CheckResult:
    missing = [f for f in expected if not _figure_found(f, view.numbers)]
    shown: list[JsonValue] = [float(n.value) for n in view.numbers[:MAX_NUMBERS_SHOWN]]
    want: list[JsonValue] = [f.model_dump(exclude_none=True) for f in expected]
    got: JsonValue = {"missing": [f.value for f in missing], "numbers": shown}
    return CheckResult(kind="figures", passed=not missing, expected=want, got=got)


def _texts(items: list[str]) -> list[JsonValue]:
    return list(items)


def check_contains(expected: list[str], view: TurnView) -> CheckResult:
    missing = [p for p in expected if not has_phrase(view.folded, p)]
    got: dict[str, JsonValue] = {"missing": _texts(missing)}
    return CheckResult(kind="contains", passed=not missing, expected=_texts(expected), got=got)


def check_contains_any(expected: list[str], view: TurnView) -> CheckResult:
    found = [p for p in expected if has_phrase(view.folded, p)]
    got: dict[str, JsonValue] = {"found": _texts(found)}
    return CheckResult(kind="contains_any", passed=bool(found), expected=_texts(expected), got=got)


def check_not_contains(expected: list[str], view: TurnView) -> CheckResult:
    found = [p for p in expected if has_phrase(view.folded, p)]
    got: dict[str, JsonValue] = {"found": _texts(found)}
    return CheckResult(kind="not_contains", passed=not found, expected=_texts(expected), got=got)


def check_blocked(expected: bool, view: TurnView) -> CheckResult:
    got = view.facts.blocked
    return CheckResult(
        kind="blocked",
        passed=got is expected,
        expected=expected,
        got=NOT_REPORTED if got is None else got,
    )


def check_category(expected: str, view: TurnView) -> CheckResult:
    facts = view.facts
    if facts.blocked is None:
        return CheckResult(kind="category", passed=False, expected=expected, got=NOT_REPORTED)
    got = facts.category if facts.blocked else None
    passed = got is not None and fold(got) == fold(expected)
    return CheckResult(
        kind="category", passed=passed, expected=expected, got=got or "(not blocked)"
    )


def check_citation(expected: list[str], view: TurnView) -> CheckResult:
    got: dict[str, JsonValue] = {"cited": _texts(cited_items(view.answer))}
    return CheckResult(
        kind="citation", passed=cites(view.answer, expected), expected=_texts(expected), got=got
    )


def check_not_found(expected: bool, view: TurnView) -> CheckResult:
    got = says_not_found(view.answer)
    return CheckResult(kind="not_found", passed=got == expected, expected=expected, got=got)


CHECKS: dict[str, Callable[[Any, TurnView], CheckResult]] = {
    "route": check_route,
    "agent": check_agent,
    "effects": check_effects,
    "asks": check_asks,
    "figures": check_figures,
    "contains": check_contains,
    "contains_any": check_contains_any,
    "not_contains": check_not_contains,
    "blocked": check_blocked,
    "category": check_category,
    "citation": check_citation,
    "not_found": check_not_found,
}
"""Check kind → check; one per key of `Expect` (a test keeps them in step)."""


def grade(expect: Expect, view: TurnView) -> list[CheckResult]:
    """The results of every check `expect` asks for, in the format's order."""
    return [CHECKS[kind](getattr(expect, kind), view) for kind in expect.checks()]


def turn_result(
    index: int,
    spec: TurnSpec,
    observation: TurnObservation,
    facts: TurnFacts,
    today: date,
    error: str | None,
) -> TurnResult:
    """One turn's result: its checks, plus a failed `error` pseudo-check for every `error`
    event and for `error` (why the case stops here: the app raised, timed out)."""
    checks: list[CheckResult] = []
    if spec.expect is not None:
        view = TurnView(observation.answer, observation.agent, facts, today)
        checks = grade(spec.expect, view)
    for event in observation.events:
        if isinstance(event, ErrorEvent):
            checks.append(
                CheckResult(
                    kind=ERROR_CHECK,
                    passed=False,
                    expected="no error",
                    got=f"{event.code}: {event.message}",
                )
            )
    if error is not None:
        checks.append(CheckResult(kind=ERROR_CHECK, passed=False, expected="no error", got=error))
    return TurnResult(
        index=index,
        user=spec.user,
        answer=observation.answer,
        agent=observation.agent,
        route=facts.route,
        graded=spec.expect is not None,
        passed=all(c.passed for c in checks),
        checks=checks,
    )


def not_run(index: int, spec: TurnSpec, reason: str) -> TurnResult:
    """A turn that never ran (setup failed, an earlier turn crashed): failed, with the reason."""
    check = CheckResult(
        kind=ERROR_CHECK, passed=False, expected="no error", got=f"not run: {reason}"
    )
    return TurnResult(
        index=index,
        user=spec.user,
        answer="",
        agent=None,
        graded=spec.expect is not None,
        passed=False,
        checks=[check],
    )


__all__ = ["CHECKS", "NOT_REPORTED", "TurnView", "grade", "not_run", "turn_result"]
