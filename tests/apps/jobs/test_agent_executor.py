"""GenericAgentExecutor with a scripted model: malformed structured answers are repaired, then
raised as typed errors; malformed tool arguments are repaired; tool errors (path escape,
forbidden command) reach the agent as tool results while the worker keeps serving."""

from __future__ import annotations

import json

import pytest

from switchboard.apps.jobs.runtime import jobs_setup
from switchboard.core.errors import ModelResponseError
from switchboard.models.scripted import ScriptedModel, call
from switchboard.patterns.jobs.agent_executor import GenericAgentExecutor
from switchboard.patterns.jobs.errors import InvalidPlanError
from switchboard.patterns.jobs.models import (
    Criterion,
    Job,
    JobStatus,
    NewJob,
    ValidationResult,
)
from switchboard.patterns.jobs.tools.memory import InMemoryLongTermMemory

from .conftest import AppHarness

GOOD_PLAN = json.dumps(
    {
        "steps": [{"id": "s1", "description": "fazer"}],
        "sub_jobs": [
            {"ref": "a", "request": "parte a"},
            {"ref": "b", "request": "parte b", "depends_on": ["a"]},
        ],
    }
)
CYCLE = json.dumps(
    {
        "sub_jobs": [
            {"ref": "a", "request": "x", "depends_on": ["b"]},
            {"ref": "b", "request": "y", "depends_on": ["a"]},
        ]
    }
)


def executor(model: ScriptedModel, **kw: object) -> GenericAgentExecutor:
    setup = jobs_setup("/tmp/unused-jobs-root", model=model)
    return GenericAgentExecutor(
        setup.personas["relatorios"],
        model,
        setup.registry,
        **kw,  # type: ignore[arg-type]
    )


def job(**kw: object) -> Job:
    return Job(id="j1", user_id="ana", queue="relatorios", persona="relatorios", request="r", **kw)  # type: ignore[arg-type]


async def test_malformed_plans_are_repaired_with_the_error() -> None:
    model = ScriptedModel(["isto não é json", CYCLE, f"```json\n{GOOD_PLAN}\n```"])
    plan = await executor(model).plan(job())
    assert [s.ref for s in plan.sub_jobs] == ["a", "b"]
    repair = model.requests[2].messages[-1].content
    assert "ciclo" in repair  # the model is told what was wrong
    assert model.requests[0].response_schema is not None


async def test_a_plan_that_stays_malformed_is_a_typed_error() -> None:
    model = ScriptedModel(["{}{", CYCLE, '{"sub_jobs": [{"ref": "a", "request": ""}]}'])
    with pytest.raises(InvalidPlanError):
        await executor(model).plan(job())


async def test_malformed_tool_arguments_are_repaired() -> None:
    model = ScriptedModel(
        [
            call("fs_read", "{not json"),
            call("rm_rf", {"path": "/"}),
            call("fs_read", {"path": "a.txt"}),
        ]
    )
    action = await executor(model).next_action(job())
    assert action.tool == "fs_read" and action.arguments == {"path": "a.txt"}
    assert "JSON" in model.requests[1].messages[-1].content
    assert "não existe" in model.requests[2].messages[-1].content


async def test_tool_arguments_that_stay_malformed_fail_the_step() -> None:
    model = ScriptedModel([call("fs_read", "{")] * 3)
    with pytest.raises(ModelResponseError):
        await executor(model).next_action(job())


async def test_ledger_feeds_the_root_cause_and_promotes_learnings() -> None:
    criteria = [Criterion(id="c1", description="x"), Criterion(id="c2", description="y")]
    failing = {
        "is_request_satisfied": False,
        "results": [{"criterion_id": "c1", "passed": True}],
        "is_looping": True,
        "root_cause": "faltou o arquivo",
        "next_step": "gravar o arquivo",
    }
    passing = {
        "is_request_satisfied": True,
        "results": [
            {"criterion_id": "c1", "passed": True},
            {"criterion_id": "c2", "passed": True},
        ],
        "learning": "grave o CSV antes de calcular",
    }
    memory = InMemoryLongTermMemory()
    model = ScriptedModel([json.dumps(failing), json.dumps(passing)])
    ex = executor(model, memory=memory)
    first = await ex.validate(job(validation_criteria=criteria))
    assert not first.passed
    assert "faltou o arquivo" in first.root_cause and "gravar o arquivo" in first.root_cause
    assert "repetindo" in first.root_cause
    second = await ex.validate(job(validation_criteria=criteria))
    assert second == ValidationResult(passed=True, results=second.results, root_cause="")
    assert await memory.recall("ana", "relatorios") == ["grave o CSV antes de calcular"]


def hosted_script() -> list[object]:
    criteria = {"criteria": [{"id": "c1", "description": "ok.txt existe"}]}
    ledger = {"is_request_satisfied": True, "results": [{"criterion_id": "c1", "passed": True}]}
    return [
        json.dumps({"goal": "testar", "notes": []}),
        json.dumps(criteria),
        json.dumps({"steps": [{"id": "s1", "description": "gravar"}]}),
        call("fs_read", {"path": "../../etc/passwd"}),
        call("terminal", {"command": ["rm", "-rf", "."]}),
        call("fs_write", {"path": "ok.txt", "content": "ok"}),
        "feito",
        json.dumps(ledger),
    ]


async def test_path_escape_and_forbidden_command_are_tool_errors_the_agent_sees(
    app_harness: AppHarness,
) -> None:
    model = ScriptedModel([*hosted_script(), *hosted_script()])  # type: ignore[list-item]
    engine = await app_harness.start(model=model)
    first = await engine.create_job("ana", NewJob(request="teste", persona="dev"))
    done = await app_harness.wait(first.id)
    assert done.status is JobStatus.COMPLETED, done.error
    tools = [e for e in done.state.activity.history if e.kind == "tool"]
    assert [e.ok for e in tools] == [False, False, True]
    assert "ERRO" in tools[0].content and "ERRO" in tools[1].content
    # the errors went back to the model as tool results
    later = model.requests[6].messages
    assert any("[resultado de terminal] ERRO" in m.content for m in later)
    # the worker keeps serving
    second = await engine.create_job("ana", NewJob(request="de novo", persona="dev"))
    assert (await app_harness.wait(second.id)).status is JobStatus.COMPLETED


async def test_a_model_repeating_a_call_stalls_and_replans_with_the_cause(
    app_harness: AppHarness,
) -> None:
    same = call("fs_list", {"path": "."})
    ledger = {"is_request_satisfied": True, "results": [{"criterion_id": "c1", "passed": True}]}
    model = ScriptedModel(
        [
            json.dumps({"goal": "listar", "notes": []}),
            json.dumps({"criteria": [{"id": "c1", "description": "listou"}]}),
            json.dumps({"steps": [{"id": "s1", "description": "listar"}]}),
            same,
            same,
            same,
            same,  # the 4th identical call is not run: a stall
            json.dumps({"steps": [{"id": "s1", "description": "terminar sem repetir"}]}),
            "listado",
            json.dumps(ledger),
        ]
    )
    engine = await app_harness.start(model=model)
    job = await engine.create_job("ana", NewJob(request="listar", persona="dev"))
    done = await app_harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert done.state.replans == 1 and done.result == "listado"
    tools = [e for e in done.state.activity.history if e.kind == "tool"]
    assert len(tools) == 3
    replan_prompt = model.requests[7].messages[-1].content
    assert "repetição" in replan_prompt and "fs_list" in replan_prompt
    assert model.remaining() == 0


async def test_summarise_asks_the_model() -> None:
    model = ScriptedModel(["fez A e B; falta C"])
    assert await executor(model).summarise(job()) == "fez A e B; falta C"
