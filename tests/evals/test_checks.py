"""Each check kind passes on a right answer and fails on a wrong one."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from switchboard.evals.checks import CHECKS, NOT_REPORTED, TurnView, grade
from switchboard.evals.probe import Effect, TurnFacts
from switchboard.evals.suite import CHECK_ORDER, Expect

TODAY = date(2026, 11, 26)
ANSWER = (
    "Pelo SAC a primeira parcela é R$ 2.666,67; pela PRICE, R$ 2.057,23 fixas em 360x a 1% a.m. "
    "Segundo o edital, item 1.2, a nota mínima é 450. Quer que eu compare com 240 meses?"
)
FACTS = TurnFacts(
    route="complexa",
    effects=(Effect.of("expense", amount=45.0, date="2026-11-25"),),
    blocked=True,
    category="self_harm",
)


def _view(
    answer: str = ANSWER, agent: str | None = "orquestrador", facts: TurnFacts = FACTS
) -> TurnView:
    return TurnView(answer, agent, facts, TODAY)


def _one(expect: dict[str, Any], view: TurnView | None = None) -> tuple[bool, Any]:
    [result] = grade(Expect.model_validate_json(__import__("json").dumps(expect)), view or _view())
    assert result.kind == next(iter(expect))
    return result.passed, result.got


def test_every_expect_key_has_a_check() -> None:
    assert set(CHECKS) == set(CHECK_ORDER) == set(Expect.model_fields)


@pytest.mark.parametrize(
    ("right", "wrong"),
    [
        ({"route": "complexa"}, {"route": "simplista"}),
        ({"route": ["simplista", "COMPLEXA"]}, {"route": ["simplista", "trivial"]}),
        ({"agent": "orquestrador"}, {"agent": ["junior", "lancador"]}),
        ({"effects": [{"kind": "expense", "amount": 45, "date": "today-1"}]}, {"effects": []}),
        ({"asks": True}, {"asks": False}),
        ({"figures": [2057.23, {"value": 2666.67, "tol": 0.01}, 360, 1]}, {"figures": [2057.24]}),
        ({"figures": [{"value": 2000, "rtol": 0.05}]}, {"figures": [{"value": 2000, "tol": 50}]}),
        ({"contains": ["sac", "Price", "nota mínima"]}, {"contains": ["SAC", "CDB"]}),
        ({"contains_any": ["CDB", "PRICE"]}, {"contains_any": ["CDB", "LCI"]}),
        ({"not_contains": ["Reuters", "saco"]}, {"not_contains": ["Reuters", "SAC"]}),
        ({"blocked": True}, {"blocked": False}),
        ({"category": "self_harm"}, {"category": "privacy"}),
        ({"citation": ["3.1", "1.2"]}, {"citation": ["3.1"]}),
        ({"not_found": False}, {"not_found": True}),
    ],
)
def test_a_check_passes_and_fails(right: dict[str, Any], wrong: dict[str, Any]) -> None:
    assert _one(right)[0] is True
    assert _one(wrong)[0] is False


def test_what_a_failure_reports() -> None:
    assert _one({"contains": ["SAC", "CDB"]})[1] == {"missing": ["CDB"]}
    passed, got = _one({"figures": [7]})
    assert not passed and got["missing"] == [7] and 2057.23 in got["numbers"]
    assert _one({"citation": ["9"]})[1] == {"cited": ["1.2"]}
    effects = _one({"effects": []})[1]
    assert effects == [{"kind": "expense", "amount": 45.0, "date": "2026-11-25"}]


def test_not_found_and_asks_read_the_answer() -> None:
    view = _view("Não encontrei isso nos editais de 2026.")
    assert _one({"not_found": True}, view) == (True, True)
    assert _one({"asks": False}, view) == (True, False)


def test_checks_a_probe_did_not_report_fail() -> None:
    bare = _view(facts=TurnFacts())
    for expect in ({"route": "x"}, {"effects": []}, {"blocked": False}, {"category": "x"}):
        assert _one(expect, bare) == (False, NOT_REPORTED)
    assert _one({"agent": "x"}, _view(agent=None)) == (False, None)


def test_a_category_needs_a_block() -> None:
    passed_through = _view(facts=TurnFacts(blocked=False))
    assert _one({"category": "self_harm"}, passed_through) == (False, "(not blocked)")


def test_grade_runs_the_checks_in_the_format_s_order() -> None:
    expect = Expect.model_validate({"not_found": False, "asks": True, "route": "complexa"})
    assert [r.kind for r in grade(expect, _view())] == ["route", "asks", "not_found"]
