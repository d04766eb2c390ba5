"""Acceptance (issue 21, point 3): a hosted `dev` job writes a Python module and its pytest
file, the engine runs the tests in the sandbox, and the job is done only when they pass — the
first round's code is wrong, the failing test output reaches the model, it fixes the code, the
tests pass. A model that claims success without doing the work is not done: the unmet
criteria are named. Once with the `scripted` provider, once through OpenAI's wire format
against a local stub (the real SDK, the real HTTP requests)."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from switchboard.models.scripted import ScriptedModel, calls
from switchboard.patterns.jobs.config import toolchain_options
from switchboard.patterns.jobs.models import Job, JobStatus, NewJob
from tests.models.provider_stub import Received, Reply, StubServer

from .conftest import AppHarness

TESTS = ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider"]
CRITERIA = {
    "criteria": [
        {"id": "c1", "description": "calc.py existe", "kind": "file_exists", "path": "calc.py"},
        {
            "id": "c2",
            "description": "soma está definida em calc.py",
            "kind": "file_contains",
            "path": "calc.py",
            "text": "def soma",
        },
        {"id": "c3", "description": "os testes passam", "kind": "tests_pass", "command": TESTS},
        {"id": "c4", "description": "o código é legível", "kind": "model"},
    ]
}
BUGGY = "def soma(a, b):\n    return a - b\n"
FIXED = "def soma(a, b):\n    return a + b\n"
TEST_FILE = "from calc import soma\n\n\ndef test_soma():\n    assert soma(2, 3) == 5\n"
PLAN = {"steps": [{"id": "s1", "description": "escrever calc.py e test_calc.py"}]}
REPLAN = {"steps": [{"id": "s1", "description": "corrigir soma em calc.py"}]}
LEDGER = {
    "is_request_satisfied": True,
    "results": [{"criterion_id": "c4", "passed": True, "evidence": "função curta"}],
}
REQUEST = "crie calc.py com soma(a, b) e um teste pytest"


def write(path: str, content: str) -> tuple[str, dict[str, Any]]:
    return ("fs_write", {"path": path, "content": content})


def fixing_model_answers() -> list[Any]:
    """analyse, criteria, plan; both files in ONE answer (two tool calls); "done" (a lie: the
    test fails); replan; the fix; done; the ledger for the model-judged criterion."""
    return [
        json.dumps({"goal": "módulo soma com teste", "notes": []}),
        json.dumps(CRITERIA),
        json.dumps(PLAN),
        calls(write("calc.py", BUGGY), write("test_calc.py", TEST_FILE), text="escrevendo"),
        "pronto: calc.py e teste criados",
        json.dumps(REPLAN),
        calls(write("calc.py", FIXED), text="corrigindo"),
        "corrigido: os testes passam",
        json.dumps(LEDGER),
    ]


def lying_model_answers() -> list[Any]:
    """Claims success three times (the first round and both replans) and never calls a tool."""
    claim = "Feito! Criei calc.py e test_calc.py e todos os testes passaram."
    return [
        json.dumps({"goal": "módulo soma com teste", "notes": []}),
        json.dumps(CRITERIA),
        json.dumps(PLAN),
        claim,
        json.dumps(REPLAN),
        claim,
        json.dumps(REPLAN),
        claim,
    ]


def assert_fixed_and_done(harness: AppHarness, done: Job) -> None:
    assert done.status is JobStatus.COMPLETED, done.error
    workdir = harness.workdir(done.id)
    assert (workdir / "calc.py").read_text() == FIXED
    assert (workdir / "test_calc.py").read_text() == TEST_FILE
    assert done.state.replans == 1
    tools = [e for e in done.state.activity.history if e.kind == "tool"]
    assert [(e.tool, e.ok) for e in tools] == [("fs_write", True)] * 3, "a call was dropped"
    result = done.validation_result
    assert result is not None and result.passed
    verdicts = {r.criterion_id: (r.passed, r.judged_by) for r in result.results}
    assert verdicts == {
        "c1": (True, "engine"),
        "c2": (True, "engine"),
        "c3": (True, "engine"),
        "c4": (True, "model"),
    }
    outcome = done.outcome
    assert outcome is not None
    assert len(outcome.replanned) == 1 and "c3" in outcome.replanned[0]
    assert "pytest" in outcome.replanned[0] and "código 1" in outcome.replanned[0]
    text = outcome.text()
    assert "Feito:" in text and "Replanejado 1 vez" in text and "c3: ok (motor)" in text


def assert_not_done(done: Job) -> None:
    assert done.status is JobStatus.FAILED
    error = done.error or ""
    assert error.startswith("critérios não atendidos")
    for unmet in ("c1 (calc.py existe)", "c2 (", "c3 (os testes passam)"):
        assert unmet in error, error
    assert not [e for e in done.state.activity.history if e.kind == "tool"]
    assert done.state.replans == 2
    assert done.outcome is not None and any("c3" in f for f in done.outcome.failed)


# -- the scripted provider ---------------------------------------------------------------------


async def test_scripted_dev_job_is_done_only_when_its_tests_pass(
    app_harness: AppHarness, python_toolchain: Path
) -> None:
    model = ScriptedModel(fixing_model_answers())
    engine = await app_harness.start(model=model, **toolchain_options(str(python_toolchain)))
    job = await engine.create_job("ana", NewJob(request=REQUEST, persona="dev"))
    done = await app_harness.wait(job.id, limit_s=60)
    assert_fixed_and_done(app_harness, done)
    assert model.remaining() == 0
    # the finance ledger is for the relatorios persona only (issue 21): never offered to dev
    offered = {schema.name for request in model.requests for schema in request.tools}
    assert "fs_write" in offered and "ledger_query" not in offered
    # the replan prompt carried the failing test's output (the root cause, not just "failed")
    replan_prompt = "\n".join(m.content for m in model.requests[5].messages)
    assert "assert -1 == 5" in replan_prompt and "NÃO ATENDIDO" in replan_prompt


async def test_scripted_model_claiming_success_without_work_is_not_done(
    app_harness: AppHarness, python_toolchain: Path
) -> None:
    model = ScriptedModel(lying_model_answers())
    engine = await app_harness.start(model=model, **toolchain_options(str(python_toolchain)))
    job = await engine.create_job("ana", NewJob(request=REQUEST, persona="dev"))
    assert_not_done(await app_harness.wait(job.id, limit_s=60))
    assert model.remaining() == 0  # the ledger was never asked: the checks had failed


# -- OpenAI's wire format against a local stub -------------------------------------------------

KEY = "sk-jobs-wire-0123456789"


def completion(message: dict[str, Any], finish: str = "stop") -> Reply:
    return Reply(
        json={
            "id": "chatcmpl-jobs",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-4o-mini",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 50, "completion_tokens": 9, "total_tokens": 59},
        }
    )


def as_wire(answer: Any, index: int) -> Reply:
    """A scripted answer (text or `calls(...)`) as OpenAI sends it."""
    if isinstance(answer, str):
        return completion({"role": "assistant", "content": answer})
    tool_calls = [
        {
            "id": f"call_{index}_{n}",
            "type": "function",
            "function": {"name": call.name, "arguments": call.arguments},
        }
        for n, call in enumerate(answer.tool_calls)
    ]
    message = {"role": "assistant", "content": answer.text or None, "tool_calls": tool_calls}
    return completion(message, finish="tool_calls")


@pytest.fixture(scope="module")
def stub_server() -> Iterator[StubServer]:
    server = StubServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def wire(stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    stub_server.reset()
    stub_server.serve_as_openai(monkeypatch, KEY, timeout_seconds="10")
    yield stub_server
    stub_server.reset()


def script(stub: StubServer, answers: list[Any]) -> deque[Reply]:
    replies = deque(as_wire(answer, i) for i, answer in enumerate(answers))

    def respond(_request: Received) -> Reply:
        if not replies:
            return Reply(status=599, json={"error": {"message": "nothing scripted"}})
        return replies.popleft()

    stub.responder = respond
    return replies


async def test_wire_dev_job_is_done_only_when_its_tests_pass(
    app_harness: AppHarness, python_toolchain: Path, wire: StubServer
) -> None:
    left = script(wire, fixing_model_answers())
    engine = await app_harness.start(
        model="openai:gpt-4o-mini", **toolchain_options(str(python_toolchain))
    )
    job = await engine.create_job("ana", NewJob(request=REQUEST, persona="dev"))
    assert_fixed_and_done(app_harness, await app_harness.wait(job.id, limit_s=60))
    assert not left
    bodies = [r.body for r in wire.requests]
    assert all(r.headers["authorization"] == f"Bearer {KEY}" for r in wire.requests)
    assert bodies[1]["response_format"]["type"] == "json_schema"  # the typed criteria schema
    kinds = bodies[1]["response_format"]["json_schema"]["schema"]["$defs"]["Criterion"]
    assert "tests_pass" in json.dumps(kinds)
    assert {t["function"]["name"] for t in bodies[3]["tools"]} >= {"fs_write", "terminal"}
    replan = json.dumps(bodies[5]["messages"], ensure_ascii=False)
    assert "assert -1 == 5" in replan


async def test_wire_model_claiming_success_without_work_is_not_done(
    app_harness: AppHarness, python_toolchain: Path, wire: StubServer
) -> None:
    left = script(wire, lying_model_answers())
    engine = await app_harness.start(
        model="openai:gpt-4o-mini", **toolchain_options(str(python_toolchain))
    )
    job = await engine.create_job("ana", NewJob(request=REQUEST, persona="dev"))
    assert_not_done(await app_harness.wait(job.id, limit_s=60))
    assert not left
