"""The runner: isolation, the case's date, generic checks on an app without a probe, a probe
found on the app object, mistakes caught before the run, failures kept inside their case."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from switchboard.evals import EvalRunner, RunOptions, Selection, SuiteError, load_suites, select
from switchboard.evals.results import RunResult
from tests.evals import scripted_apps


def _suite(tmp_path: Path, *cases: dict[str, Any]) -> Path:
    path = tmp_path / "suite.jsonl"
    lines = [json.dumps({"split": "dev", **case}, ensure_ascii=False) for case in cases]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


async def _run(path: Path, **options: Any) -> RunResult:
    runner = EvalRunner(RunOptions(**options), builder=scripted_apps.build)
    return await runner.run(load_suites([path]), [str(path)])


def _turn(user: str, **expect: Any) -> dict[str, Any]:
    return {"user": user, "expect": expect} if expect else {"user": user}


async def test_generic_checks_on_an_app_without_a_probe(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "a", "app": "script", "tags": ["x"], "turns": [
            _turn("diga Olá! Tudo bem?", agent="eco", asks=True, contains=["tudo bem"]),
            _turn("diga R$ 1.952,13", figures=[1952.13], not_contains=["erro"]),
        ]},
        {"id": "b", "app": "script", "split": "test", "tags": ["x", "y"], "turns": [
            _turn("diga sim"),  # context only
            _turn("chame outro", agent=["junior", "lancador"], contains_any=["ok"]),
        ]},
    )  # fmt: skip
    result = await _run(path)
    a, b = result.cases
    assert (a.id, a.passed, b.id, b.passed) == ("a", True, "b", False)
    assert [t.graded for t in b.turns] == [False, True]
    [failed] = b.turns[1].failures
    assert (failed.kind, failed.expected, failed.got) == ("agent", ["junior", "lancador"], "outro")
    summary = result.summary
    assert (summary.cases.passed, summary.cases.total) == (1, 2)
    assert (summary.turns.passed, summary.turns.total) == (2, 3)
    assert summary.checks["agent"].total == 2 and summary.checks["agent"].passed == 1
    assert list(summary.checks) == [
        "agent",
        "asks",
        "figures",
        "contains",
        "contains_any",
        "not_contains",
    ]
    assert summary.tags["x"].turns.total == 3 and summary.tags["y"].cases.passed == 0
    assert summary.splits["test"].turns.rate == 0.0 and summary.splits["dev"].turns.rate == 1.0
    assert a.source == f"{path}:1" and result.model == "embedded"


async def test_each_case_is_a_fresh_user_and_session_on_its_own_date(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "a", "app": "script", "turns": [_turn("quem sou eu"), _turn("quem sou eu"), _turn("que dia é")]},
        {"id": "b", "app": "script", "today": "2026-02-28", "turns": [_turn("quem sou eu"), _turn("que dia é")]},
        {"id": "c", "app": "script", "turns": [_turn("que dia é")]},
    )  # fmt: skip
    result = await _run(path, default_today=date(2025, 1, 31))
    a, b, c = result.cases
    assert [t.answer for t in a.turns] == [
        "eval-u00001 eval-s00001 0",
        "eval-u00001 eval-s00001 2",
        "2025-01-31",
    ]
    assert [t.answer for t in b.turns] == ["eval-u00002 eval-s00002 0", "2026-02-28"]
    assert c.turns[0].answer == "2025-01-31" and (a.today, b.today) == ("2025-01-31", "2026-02-28")


async def test_a_crash_fails_its_case_and_the_run_goes_on(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "crash", "app": "script", "turns": [
            _turn("diga oi", contains=["oi"]), _turn("falhe", contains=["x"]), _turn("diga a", asks=False),
        ]},
        {"id": "typed", "app": "script", "turns": [_turn("erro", contains=["x"]), _turn("diga b", contains=["b"])]},
        {"id": "hang", "app": "script", "turns": [_turn("trave"), _turn("diga c", contains=["c"])]},
        {"id": "fine", "app": "script", "turns": [_turn("diga oi", contains=["oi"])]},
    )  # fmt: skip
    result = await _run(path, turn_timeout=0.05, concurrency=2)
    crash, typed, hang, fine = result.cases
    assert crash.error == "turn 1: the app raised RuntimeError: boom" and not crash.passed
    assert [t.passed for t in crash.turns] == [True, False, False]
    assert crash.turns[2].checks[0].got == "not run: turn 1: the app raised RuntimeError: boom"
    # a typed error is an `error` event: that turn fails, the case goes on
    assert typed.error is None and [t.passed for t in typed.turns] == [False, True]
    assert [c.kind for c in typed.turns[0].failures] == ["contains", "error"]
    assert typed.turns[0].failures[1].got == "script_error: algo deu errado"
    assert hang.error == "turn 0 took longer than 0.05 s" and not hang.turns[0].graded
    assert fine.passed
    assert result.summary.checks["error"].total == 5  # the ungraded hang is counted here too
    assert result.summary.turns.total == 7 and result.summary.turns.passed == 3


async def test_an_app_that_cannot_be_built_fails_its_cases_only(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "a", "app": "broken", "turns": [_turn("diga oi", contains=["oi"])]},
        {"id": "b", "app": "script", "turns": [_turn("diga oi", contains=["oi"])]},
    )
    a, b = (await _run(path)).cases
    assert a.error == "the app could not be built: RuntimeError: cannot build" and not a.passed
    assert b.passed


async def test_a_probe_on_the_app_object(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "a", "app": "probed", "setup": {"notes": [1]}, "turns": [
            _turn("anote 5", route="r-eco", effects=[{"kind": "note", "value": 5}]),
            _turn("diga nada", effects=[]),
            _turn("anote 7", effects=[{"kind": "note", "value": 8}]),
        ]},
    )  # fmt: skip
    [case] = (await _run(path)).cases
    assert [t.passed for t in case.turns] == [True, True, False]
    assert case.turns[0].route == "r-eco"
    assert case.turns[2].failures[0].got == [{"kind": "note", "value": 7}]


async def test_the_app_option_overrides_the_case_s_app(tmp_path: Path) -> None:
    path = _suite(tmp_path, {"id": "a", "app": "nope", "turns": [_turn("anote 1", route="r-eco")]})
    [case] = (await _run(path, app="probed")).cases
    assert case.app == "probed" and case.passed


@pytest.mark.parametrize(
    ("case", "problem"),
    [
        (
            {"app": "script", "turns": [_turn("x", route="r")]},
            "turns[0].expect.route: app 'script' has no eval probe to report it",
        ),
        (
            {"app": "script", "setup": {"ledger": "demo"}, "turns": [_turn("x")]},
            "setup given but app 'script' has no eval probe to apply it",
        ),
        (
            {"app": "probed", "turns": [_turn("x", blocked=True)]},
            "turns[0].expect.blocked: app 'probed''s probe does not report it",
        ),
        (
            {"app": "probed", "setup": {"ledger": "demo"}, "turns": [_turn("x")]},
            "setup: unknown key 'ledger'",
        ),
        (
            {"app": "probed", "turns": [_turn("x", effects=[{"kind": "nota"}])]},
            "turns[0].expect.effects[0].kind: 'nota' is not an effect of app 'probed' (known: note)",
        ),
        (
            {"app": "probed", "turns": [_turn("x", effects=[{"kind": "note", "valor": 1}])]},
            "turns[0].expect.effects[0].valor: not a field of 'note' (known: color, value)",
        ),
        (
            {"app": "probed", "turns": [_turn("x", effects=[{"kind": "note", "color": "verde"}])]},
            "turns[0].expect.effects[0].color: 'verde' is not one of azul",
        ),
        ({"app": "nope", "turns": [_turn("x")]}, "unknown app 'nope'; available: "),
        ({"turns": [_turn("x")]}, 'no app: give the case an "app" or run with --app'),
    ],
)
async def test_mistakes_against_the_app_are_caught_before_the_run(
    tmp_path: Path, case: dict[str, Any], problem: str
) -> None:
    path = _suite(
        tmp_path,
        {"id": "good", "app": "probed", "turns": [_turn("anote 1")]},
        {"id": "bad", **case},
    )
    with pytest.raises(SuiteError) as caught:
        await _run(path)
    [found] = caught.value.problems
    assert str(found).startswith(f"{path}:2: case 'bad': {problem}"), str(found)


async def test_selection(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "fin-1", "app": "script", "tags": ["a"], "turns": [_turn("x")]},
        {"id": "fin-2", "app": "script", "split": "test", "tags": ["b"], "turns": [_turn("x")]},
        {"id": "sup-1", "app": "script", "tags": ["a", "b"], "turns": [_turn("x")]},
    )
    cases = load_suites([path])

    def ids(**selection: Any) -> list[str]:
        return [c.case.id for c in select(cases, Selection(**selection))]

    assert ids() == ["fin-1", "fin-2", "sup-1"]
    assert ids(split="test") == ["fin-2"] and ids(split="dev") == ["fin-1", "sup-1"]
    assert ids(tags=("b",)) == ["fin-2", "sup-1"]
    assert ids(cases=("fin-*",)) == ["fin-1", "fin-2"] and ids(cases=("sup-1", "fin-2")) == [
        "fin-2",
        "sup-1",
    ]
    assert ids(split="dev", tags=("b",), cases=("fin-*",)) == []


async def test_the_result_is_in_suite_order_whatever_the_concurrency(tmp_path: Path) -> None:
    cases = [
        {"id": f"c{i:02d}", "app": "script", "turns": [_turn(f"diga {i}", contains=[str(i)])]}
        for i in range(20)
    ]
    path = _suite(tmp_path, *cases)
    one, many = await _run(path, concurrency=1), await _run(path, concurrency=8)
    assert [c.id for c in many.cases] == [f"c{i:02d}" for i in range(20)]
    assert one.model_dump_json() == many.model_dump_json()


def test_the_default_model_is_offline_even_with_a_provider_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SWITCHBOARD_MODEL", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    assert EvalRunner(RunOptions()).model == "embedded"
    monkeypatch.setenv("SWITCHBOARD_MODEL", "scripted")
    assert EvalRunner(RunOptions()).model == "scripted"
    assert EvalRunner(RunOptions(model="openai:gpt-x")).model_label == "openai:gpt-x"
