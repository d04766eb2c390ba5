"""The engine on DBOS + SQLite: the whole loop, dependencies, approval, cancel, retries."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import ClassVar

import pytest

from switchboard.patterns.jobs.backoff import schedule
from switchboard.patterns.jobs.errors import JobNotFoundError, JobStateError, UnknownQueueError
from switchboard.patterns.jobs.executor import Action
from switchboard.patterns.jobs.models import (
    ApprovalDecision,
    BackoffPolicy,
    Criterion,
    Job,
    JobStatus,
    NewJob,
    Plan,
    PlanStep,
    SubJobSpec,
    ValidationResult,
)
from switchboard.patterns.jobs.scripted import Script, ScriptedExecutor
from switchboard.patterns.jobs.tools.task_manager import task_manager_tools

from .conftest import Harness, awaiting

ONE_STEP = Plan(steps=[PlanStep(id="1", description="fazer")])
"""A job that must be approved needs a plan with something in it (an empty one is refused)."""


def tool(line: str) -> Action:
    return Action(kind="tool", tool="append", arguments={"line": line}, thought=f"anotar {line}")


async def test_a_job_runs_criteria_plan_tools_validation(harness: Harness) -> None:
    engine = await harness.start(
        {
            "relatório": Script(
                criteria=(Criterion(id="c1", description="tem 2 linhas"),),
                actions=(tool("a"), tool("b")),
                result="relatório pronto",
            )
        }
    )
    job = await engine.create_job("u1", NewJob(request="relatório", persona="dev"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert done.result == "relatório pronto" and done.attempts == 1
    assert [c.id for c in done.validation_criteria] == ["c1"]
    assert harness.effects(job.id) == ["a", "b"]
    kinds = [e.kind for e in done.state.activity.history]
    assert kinds.count("tool") == 2 and "validation" in kinds


def slow(line: str) -> Action:
    return Action(kind="tool", tool="slow", arguments={"line": line})


def chain_plan(*refs: str) -> Plan:
    subs = [
        SubJobSpec(ref=ref, request=ref, depends_on=[refs[i - 1]] if i else [])
        for i, ref in enumerate(refs)
    ]
    return Plan(sub_jobs=subs)


REPORT = {
    "semanal": Script(
        plan=chain_plan("coletar", "calcular", "renderizar"), actions=(tool("final"),)
    ),
    "coletar": Script(actions=(tool("coletar"),)),
    "calcular": Script(actions=(tool("calcular"),)),
    "renderizar": Script(actions=(tool("renderizar"),)),
}


async def test_sub_jobs_never_start_before_their_dependencies(harness: Harness) -> None:
    engine = await harness.start(REPORT)
    job = await engine.create_job("u1", NewJob(request="semanal", persona="relatorios"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert harness.effects(job.id) == ["coletar", "calcular", "renderizar", "final"]
    tree = {j.request: j for j in await engine.tree("u1", job.id)}
    assert set(tree) == {"semanal", "coletar", "calcular", "renderizar"}
    for before, after in (("coletar", "calcular"), ("calcular", "renderizar")):
        ended = tree[before].state.activity.history[-1].at
        started = tree[after].state.activity.history[0].at
        assert started >= ended, f"{after} started before {before} ended"
        assert tree[after].depends_on == [tree[before].id]
    assert all(j.parent_id == job.id for n, j in tree.items() if n != "semanal")


async def test_a_failed_dependency_fails_its_dependants(harness: Harness) -> None:
    scripts = {**REPORT, "calcular": Script(fail_attempts=99)}
    engine = await harness.start(scripts, max_replans=0)
    job = await engine.create_job(
        "u1",
        NewJob(
            request="semanal",
            persona="relatorios",
            max_attempts=2,
            backoff=BackoffPolicy(base_s=0.01, cap_s=0.02),
        ),
    )
    done = await harness.wait(job.id)
    tree = {j.request: j for j in await engine.tree("u1", job.id)}
    assert tree["coletar"].status is JobStatus.COMPLETED
    assert tree["calcular"].status is JobStatus.FAILED and tree["calcular"].attempts == 2
    assert tree["renderizar"].status is JobStatus.FAILED
    assert tree["renderizar"].attempts == 0, "a dependant of a failed job must never start"
    assert "dependência" in (tree["renderizar"].error or "")
    assert done.status is JobStatus.FAILED and "calcular" in (done.error or "")
    assert harness.effects(job.id) == ["coletar"]


async def test_retries_follow_the_backoff_schedule(harness: Harness) -> None:
    engine = await harness.start({"instável": Script(fail_attempts=2, actions=(tool("x"),))})
    policy = BackoffPolicy(base_s=0.01, cap_s=0.05)
    job = await engine.create_job(
        "u1", NewJob(request="instável", persona="dev", max_attempts=3, backoff=policy)
    )
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED and done.attempts == 3
    delays = [e.content for e in done.state.activity.history if e.kind == "error"]
    expected = schedule(2, 0.01, 0.05, job.id)
    assert [f"nova em {d:.1f}s" in text for d, text in zip(expected, delays, strict=True)] == [
        True,
        True,
    ]
    assert harness.effects(job.id) == ["x"]
    exhausted = await engine.create_job(
        "u1", NewJob(request="instável", persona="dev", max_attempts=2, backoff=policy)
    )
    failed = await harness.wait(exhausted.id)
    assert failed.status is JobStatus.FAILED and "ScriptedFailure" in (failed.error or "")


async def test_cancel_stops_a_whole_tree(harness: Harness) -> None:
    scripts = {
        "árvore": Script(
            plan=Plan(
                sub_jobs=[
                    SubJobSpec(ref="a", request="lento"),
                    SubJobSpec(ref="b", request="depois", depends_on=["a"]),
                ]
            )
        ),
        "lento": Script(actions=tuple(slow(f"l{i}") for i in range(20))),
        "depois": Script(actions=(tool("nunca"),)),
    }
    engine = await harness.start(scripts)
    job = await engine.create_job("u1", NewJob(request="árvore", persona="dev"))
    await harness.wait(job.id, until=lambda j: len(harness.effects(job.id)) >= 2)
    with pytest.raises(JobNotFoundError):
        await engine.cancel("u2", job.id)
    cancelled = await engine.cancel("u1", job.id)
    assert len(cancelled) == 3
    count = len(harness.effects(job.id))
    await asyncio.sleep(0.5)
    assert len(harness.effects(job.id)) <= count + 1, "the cancelled job kept running"
    tree = await engine.tree("u1", job.id)
    assert {j.status for j in tree} == {JobStatus.CANCELLED}
    assert "nunca" not in harness.effects(job.id)


async def test_the_same_approval_twice_takes_effect_once(harness: Harness) -> None:
    engine = await harness.start({"aprovar": Script(plan=ONE_STEP, actions=(tool("feito"),))})
    job = await engine.create_job(
        "u1", NewJob(request="aprovar", persona="dev", requires_approval=True)
    )
    await harness.wait(job.id, until=awaiting)
    with pytest.raises(JobNotFoundError):
        await engine.decide("u2", job.id, ApprovalDecision(approved=True))
    yes = ApprovalDecision(approved=True, reason="ok")
    await asyncio.gather(engine.decide("u1", job.id, yes), engine.decide("u1", job.id, yes))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED
    await engine.decide("u1", job.id, yes)  # again, after it took effect: a no-op
    with pytest.raises(JobStateError):
        await engine.decide("u1", job.id, ApprovalDecision(approved=False))
    approvals = [e for e in done.state.activity.history if e.kind == "approval"]
    assert [e.content for e in approvals][-1] == "aprovado ok" and len(approvals) == 2
    assert harness.effects(job.id) == ["feito"]


async def test_rejection_cancels_and_edits_replace_the_plan(harness: Harness) -> None:
    engine = await harness.start({"editar": Script(plan=ONE_STEP, actions=(tool("x"),))})
    rejected = await engine.create_job(
        "u1", NewJob(request="editar", persona="dev", requires_approval=True)
    )
    await harness.wait(rejected.id, until=awaiting)
    await engine.decide("u1", rejected.id, ApprovalDecision(approved=False, reason="caro demais"))
    done = await harness.wait(rejected.id)
    assert done.status is JobStatus.CANCELLED and "caro demais" in (done.error or "")
    edited = await engine.create_job(
        "u1", NewJob(request="editar", persona="dev", requires_approval=True)
    )
    await harness.wait(edited.id, until=awaiting)
    criteria = [Criterion(id="novo", description="critério do usuário")]
    await engine.decide("u1", edited.id, ApprovalDecision(approved=True, edited_criteria=criteria))
    finished = await harness.wait(edited.id)
    assert finished.status is JobStatus.COMPLETED
    assert [c.id for c in finished.validation_criteria] == ["novo"]


async def test_approval_after_a_restart(harness: Harness) -> None:
    engine = await harness.start(
        {"reiniciar": Script(plan=ONE_STEP, actions=(tool("a"), tool("b")))}
    )
    job = await engine.create_job(
        "u1", NewJob(request="reiniciar", persona="dev", requires_approval=True)
    )
    await harness.wait(job.id, until=awaiting)
    await harness.stop()
    engine = await harness.start()  # a new process would get a new executor id, as here
    await engine.decide("u1", job.id, ApprovalDecision(approved=True))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert harness.effects(job.id) == ["a", "b"]
    begins = [e for e in done.state.activity.history if e.content == "início da tentativa 1"]
    assert len(begins) == 1, "completed steps ran again after the restart"


async def test_loop_guard_bad_plans_and_bad_input_are_typed(harness: Harness) -> None:
    cycle = Plan(
        sub_jobs=[
            SubJobSpec(ref="a", request="a", depends_on=["b"]),
            SubJobSpec(ref="b", request="b", depends_on=["a"]),
        ]
    )
    engine = await harness.start(
        {
            "laço": Script(actions=tuple(tool("mesmo") for _ in range(10))),
            "ciclo": Script(plan=cycle),
            "ok": Script(actions=(tool("ok"),)),
        },
        max_replans=0,
    )
    looping = await engine.create_job("u1", NewJob(request="laço", persona="dev"))
    failed = await harness.wait(looping.id)
    assert failed.status is JobStatus.FAILED and "repetição" in (failed.error or "")
    assert harness.effects(looping.id) == ["mesmo"] * 3
    fast = BackoffPolicy(base_s=0.01, cap_s=0.01)
    bad = await engine.create_job(
        "u1", NewJob(request="ciclo", persona="dev", max_attempts=1, backoff=fast)
    )
    bad_done = await harness.wait(bad.id)
    # a typed error reaches the job as its pt-BR message (no English class name)
    assert bad_done.status is JobStatus.FAILED
    assert (bad_done.error or "").startswith("as dependências formam um ciclo")
    with pytest.raises(UnknownQueueError):
        await engine.create_job("u1", NewJob(request="ok", persona="ninguém"))
    with pytest.raises(JobNotFoundError):
        await engine.get_job("u2", looping.id)
    with pytest.raises(JobNotFoundError):
        await engine.create_job("u2", NewJob(request="ok", persona="dev", depends_on=[bad.id]))
    still = await engine.create_job("u1", NewJob(request="ok", persona="dev"))
    assert (await harness.wait(still.id)).status is JobStatus.COMPLETED, (
        "the worker must keep serving"
    )


async def test_an_agent_creates_a_sub_job_with_the_task_manager_tool(harness: Harness) -> None:
    harness.extra_tools = task_manager_tools
    create = Action(
        kind="tool",
        tool="create_job",
        arguments={"request": "filho", "validation_criteria": ["existe"]},
    )
    engine = await harness.start(
        {"pai": Script(actions=(create,)), "filho": Script(actions=(tool("filho"),))}
    )
    job = await engine.create_job("u1", NewJob(request="pai", persona="dev"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    children = await engine.list_jobs("u1", parent_id=job.id)
    assert [c.request for c in children] == ["filho"] and children[0].user_id == "u1"
    child = await harness.wait(children[0].id)
    assert child.status is JobStatus.COMPLETED and harness.effects(job.id) == ["filho"]
    assert child.dedup_key is not None and child.dedup_key.startswith(job.id)
    assert await engine.list_jobs("u2") == []


async def test_failed_validation_replans_and_long_histories_are_summarised(
    harness: Harness,
) -> None:
    failed = ValidationResult(passed=False, root_cause="faltou o total")
    engine = await harness.start(
        {
            "replanejar": Script(
                actions=tuple(tool(f"p{i}") for i in range(6)),
                validations=(failed,),
                replans=(Plan(steps=[PlanStep(id="1", description="somar o total")]),),
            )
        },
        summary_threshold=8,
        summary_keep=3,
    )
    job = await engine.create_job("u1", NewJob(request="replanejar", persona="dev"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert done.state.replans == 1 and done.validation_result is not None
    assert done.validation_result.passed
    assert done.state.activity.planned_steps[0].description == "somar o total"
    history = done.state.activity.history
    assert any(e.kind == "summary" for e in history) and len(history) <= 8 + 6
    assert harness.effects(job.id) == [f"p{i}" for i in range(6)] * 2


class CountingExecutor(ScriptedExecutor):
    validations: ClassVar[list[str]] = []

    async def validate(self, job: Job) -> ValidationResult:
        CountingExecutor.validations.append(job.id)
        return await super().validate(job)


async def test_a_worker_dying_after_the_job_ended_does_not_ask_the_model_again(
    harness: Harness,
) -> None:
    """The step that ends a job (`validate`) saves the ended row and hands off before DBOS
    records it; a worker dying in between leaves the step to run again on recovery. It must
    take the ended row instead of validating again (a model may answer otherwise, and the
    parent or dependants already saw the job completed). Staged by erasing the step's record
    and marking the workflow pending, as a `kill -9` at that instant would leave them."""
    harness.executor_type = CountingExecutor
    CountingExecutor.validations.clear()
    engine = await harness.start({"fim": Script(actions=(tool("uma vez"),))})
    job = await engine.create_job("u1", NewJob(request="fim", persona="dev"))
    assert (await harness.wait(job.id)).status is JobStatus.COMPLETED
    await harness.wait_workflow(job.id, "SUCCESS")
    assert CountingExecutor.validations == [job.id]
    await harness.stop()
    with sqlite3.connect(harness.tmp / "jobs.db") as db:
        erased = db.execute(
            "DELETE FROM operation_outputs WHERE workflow_uuid = ? AND function_name = 'validate'",
            (job.id,),
        ).rowcount
        db.execute(
            "UPDATE workflow_status SET status = 'PENDING', output = NULL WHERE workflow_uuid = ?",
            (job.id,),
        )
    assert erased == 1
    engine = await harness.start()  # recovers the previous worker's pending workflow
    await harness.wait_workflow(job.id, "SUCCESS")
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED and done.result == "feito"
    assert CountingExecutor.validations == [job.id], "validated again after the job ended"
    assert harness.effects(job.id) == ["uma vez"]
