"""The suite format and its loader: what loads, and every mistake reported with its file and line."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from switchboard.evals.loader import SuiteError, load_suites, parse_suite
from switchboard.evals.suite import DEFAULT_TODAY, resolve_day

GOOD = {
    "id": "fin-0001",
    "app": "finance",
    "split": "dev",
    "tags": ["lancamento", "girias"],
    "today": "2026-11-20",
    "setup": {"ledger": "empty"},
    "turns": [
        {
            "user": "gastei 45 no uber ontem",
            "expect": {
                "route": "lancamento",
                "agent": ["lancador"],
                "effects": [
                    {"kind": "expense", "amount": 45.0, "category": "Transporte", "date": "today-1"}
                ],
                "asks": False,
                "figures": [{"value": 1952.13, "tol": 0.01}, {"value": 2, "rtol": 0.1}, 7],
                "contains": ["SAC", "PRICE"],
                "contains_any": ["188", "CVV"],
                "not_contains": "Reuters",
                "blocked": True,
                "category": "self_harm",
                "citation": ["1.2"],
                "not_found": True,
            },
        },
        {"user": "e no mês passado?"},
    ],
}


def _write(tmp_path: Path, name: str, *lines: str) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _problems(tmp_path: Path, *lines: str) -> list[str]:
    path = _write(tmp_path, "suite.jsonl", *lines)
    with pytest.raises(SuiteError) as caught:
        load_suites([path])
    return [str(p) for p in caught.value.problems]


def test_the_note_s_example_loads_with_every_key(tmp_path: Path) -> None:
    path = _write(tmp_path, "s.jsonl", "// a comment", "", json.dumps(GOOD), "   ")
    [loaded] = load_suites([path])
    case = loaded.case
    assert loaded.line == 3 and loaded.where == f"{path}:3"
    assert case.today == date(2026, 11, 20) and case.setup == {"ledger": "empty"}
    expect = case.turns[0].expect
    assert expect is not None and case.turns[1].expect is None
    assert expect.checks() == [
        "route", "agent", "effects", "asks", "figures", "contains", "contains_any",
        "not_contains", "blocked", "category", "citation", "not_found",
    ]  # fmt: skip
    assert expect.not_contains == ["Reuters"]  # a lone string is a list of one
    assert [f.value for f in expect.figures or []] == [1952.13, 2, 7]  # a bare number too
    assert expect.figures is not None and expect.figures[1].tolerance() == pytest.approx(0.2)
    assert expect.figures[2].tolerance() == 0.005
    [effect] = expect.effects or ()
    assert effect.kind == "expense"
    assert effect.fields == {"amount": 45.0, "category": "Transporte", "date": "today-1"}


def test_a_case_without_today_or_app_loads() -> None:
    case = dict(GOOD)
    del case["today"], case["app"], case["setup"], case["tags"]
    [loaded], problems = parse_suite(Path("x.jsonl"), json.dumps(case))
    assert problems == [] and loaded.case.today is None and loaded.case.app is None


def test_bad_json_and_non_objects_name_their_line(tmp_path: Path) -> None:
    problems = _problems(tmp_path, json.dumps(GOOD), '{"id": "x",', "[1, 2]")
    assert problems == [
        f"{tmp_path / 'suite.jsonl'}:2: not valid JSON: Expecting property name enclosed in "
        "double quotes (column 12)",
        f"{tmp_path / 'suite.jsonl'}:3: a case must be a JSON object",
    ]


def test_an_unknown_key_gets_a_suggestion(tmp_path: Path) -> None:
    case = json.loads(json.dumps(GOOD))
    case["turns"][0]["expect"]["contain"] = ["x"]
    problems = _problems(tmp_path, json.dumps(case))
    assert any(
        p.endswith(":1: case 'fin-0001': turns[0].expect.contain: unknown key (did you mean "
                   "'contains'?)")
        for p in problems
    ), problems  # fmt: skip
    case = json.loads(json.dumps(GOOD))
    case["tag"] = ["y"]
    problems = _problems(tmp_path, json.dumps(case))
    assert any("case 'fin-0001': tag: unknown key (did you mean 'tags'?)" in p for p in problems)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"split": "prod"}, "split: Input should be 'dev' or 'test'"),
        ({"today": "26/11/2026"}, "today: Input should be a valid date"),
        ({"turns": []}, "turns: Tuple should have at least 1 item"),
        ({"id": ""}, "id: String should have at least 1 character"),
        ({"tags": "x"}, "tags: Input should be a valid array"),
    ],
)
def test_case_fields_are_strict(tmp_path: Path, change: dict[str, object], message: str) -> None:
    problems = _problems(tmp_path, json.dumps({**GOOD, **change}))
    assert any(message in p for p in problems), problems


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        ({"asks": "yes"}, "turns[0].expect.asks: Input should be a valid boolean"),
        ({"blocked": 1}, "turns[0].expect.blocked: Input should be a valid boolean"),
        (
            {"figures": [{"value": "3"}]},
            "turns[0].expect.figures[0].value: Input should be a valid number",
        ),
        (
            {"figures": [{"value": 3, "tol": 1, "rtol": 0.1}]},
            "turns[0].expect.figures[0]: give tol or rtol, not both",
        ),
        ({"figures": [{"value": 3, "tol": -1}]}, "tol: Input should be greater than or equal to 0"),
        ({"figures": []}, "turns[0].expect.figures: List should have at least 1 item"),
        ({"contains_any": []}, "turns[0].expect.contains_any: List should have at least 1 item"),
        (
            {"effects": None},
            "'effects' is null: leave the key out to skip it ([] means nothing may be written)",
        ),
        ({"route": None}, "'route' is null"),
        ({"effects": [{"amount": 3}]}, "turns[0].expect.effects[0].kind: Field required"),
        (
            {"effects": [{"kind": "expense", "amount": {"x": 1}}]},
            "turns[0].expect.effects[0].amount: must be a string, a number, a boolean, null, or a "
            "list of those",
        ),
        (
            {"effects": [{"kind": "expense", "date": "ontem"}]},
            "turns[0].expect.effects[0].date: 'ontem' is not an ISO date nor today, today-N, today+N",
        ),
        (
            {"effects": [{"kind": "bill", "due": "2026-02-30"}]},
            "effects[0].due: '2026-02-30' is not an ISO date",
        ),
    ],
)
def test_expectations_are_strict(tmp_path: Path, expect: dict[str, object], message: str) -> None:
    case = {**GOOD, "turns": [{"user": "oi", "expect": expect}]}
    problems = _problems(tmp_path, json.dumps(case))
    assert any(message in p for p in problems), problems
    assert all(p.startswith(f"{tmp_path / 'suite.jsonl'}:1: case 'fin-0001': ") for p in problems)


def test_every_problem_of_every_file_is_reported_at_once(tmp_path: Path) -> None:
    first = _write(tmp_path, "a.jsonl", json.dumps(GOOD), json.dumps({**GOOD, "split": "x"}))
    second = _write(tmp_path, "b.jsonl", "{", json.dumps(GOOD))
    with pytest.raises(SuiteError) as caught:
        load_suites([first, second, tmp_path / "missing.jsonl"])
    problems = [str(p) for p in caught.value.problems]
    assert problems[0].startswith(f"{first}:2: case 'fin-0001': split:")
    assert problems[1].startswith(f"{second}:1: not valid JSON")
    assert problems[2] == f"{second}:2: duplicate case id 'fin-0001' (first at {first}:1)"
    assert problems[3].startswith(f"{tmp_path / 'missing.jsonl'}: cannot read the file")
    assert caught.value.code == "invalid_suite" and str(first) in caught.value.message


def test_relative_days() -> None:
    today = date(2026, 3, 1)
    assert resolve_day("today", today) == "2026-03-01"
    assert resolve_day("today-1", today) == "2026-02-28"
    assert resolve_day("today + 30", today) == "2026-03-31"
    assert resolve_day("2026-03-01", today) is None
    assert resolve_day("ontem", today) is None
    assert date(2026, 11, 26) == DEFAULT_TODAY


def test_annotations_beside_the_known_keys_are_kept_and_never_checked(tmp_path: Path) -> None:
    """Writers annotate cases (`notes`, a gold `page`, an `intent` per turn); those load and
    are kept, while a misspelt known key is still an error."""
    case = json.loads(json.dumps(GOOD))
    case["notes"] = "PRICE, arredondado ao centavo"
    case["page"] = 3
    case["document"] = None  # an annotation may be null
    case["turns"][0]["intent"] = "despesa"
    (tmp_path / "suite.jsonl").write_text(json.dumps(case) + "\n", encoding="utf-8")
    (loaded,) = load_suites([tmp_path / "suite.jsonl"])
    assert loaded.case.annotations == {
        "notes": "PRICE, arredondado ao centavo",
        "page": 3,
        "document": None,
    }
    assert loaded.case.turns[0].annotations == {"intent": "despesa"}
    case["turns"][0]["expected"] = {"route": "lancamento"}
    problems = _problems(tmp_path, json.dumps(case))
    assert any("expected: unknown key (did you mean 'expect'?)" in p for p in problems), problems
