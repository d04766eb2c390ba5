"""Done means checked (issue 21, point 3), on the engine with a scripted executor: typed
criteria the engine verifies itself after the executor says it is done; every tool call of a
model answer runs; sub-job results and errors reach the parent; the outcome says what was done,
what failed and what was replanned; planning that fails or hangs fails visibly; a big write does
not ride along in every later step's state."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import ClassVar

from switchboard.patterns.jobs.executor import Action, ToolRequest
from switchboard.patterns.jobs.models import (
    Criterion,
    Job,
    JobStatus,
    NewJob,
    Plan,
    ValidationResult,
)
from switchboard.patterns.jobs.scripted import Script, ScriptedExecutor
from switchboard.tools import Tool, ToolContext

from .conftest import Harness
from .test_engine import ONE_STEP, REPORT, tool


def calls(*lines: str, thought: str = "") -> Action:
    first, *more = lines
    return Action(
        kind="tool",
        tool="append",
        arguments={"line": first},
        more_calls=[ToolRequest(tool="append", arguments={"line": line}) for line in more],
        thought=thought,
    )


FILE_CRITERIA = (
    Criterion(id="c1", description="o log existe", kind="file_exists", path="effects.log"),
    Criterion(
        id="c2", description="o log tem 'b'", kind="file_contains", path="effects.log", text="b"
    ),
    Criterion(
        id="c3",
        description="grep acha 'c'",
        kind="command",
        command=["grep", "-q", "c", "effects.log"],
    ),
)


async def test_engine_checks_decide_and_every_call_of_an_answer_runs(harness: Harness) -> None:
    """One answer with three calls: all run, in order; the engine's checks pass; the
    executor's verdict is asked after them and only for what they do not cover."""
    engine = await harness.start(
        {"três": Script(criteria=FILE_CRITERIA, actions=(calls("a", "b", "c"),), result="ok")}
    )
    job = await engine.create_job("u1", NewJob(request="três", persona="dev"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert harness.effects(job.id) == ["a", "b", "c"]
    result = done.validation_result
    assert result is not None
    assert [(r.criterion_id, r.passed, r.judged_by) for r in result.results] == [
        ("c1", True, "engine"),
        ("c2", True, "engine"),
        ("c3", True, "engine"),
    ]
    assert done.state.steps_taken == 3 and done.state.actions_taken == 2


async def test_a_claim_of_done_without_the_work_fails_naming_the_criteria(
    harness: Harness,
) -> None:
    """The executor finishes at once and its own validation says "passed": the engine's checks
    fail, the executor is not believed, replans run out, the error names each criterion."""
    engine = await harness.start(
        {
            "mentira": Script(
                criteria=FILE_CRITERIA,
                result="tudo pronto",
                validations=(ValidationResult(passed=True),) * 3,
            )
        },
        max_replans=1,
    )
    job = await engine.create_job("u1", NewJob(request="mentira", persona="dev"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.FAILED
    assert done.error is not None and done.error.startswith("critérios não atendidos")
    assert "c1 (o log existe): o arquivo 'effects.log' não existe" in done.error
    assert "c3 (grep acha 'c')" in done.error
    assert done.state.replans == 1
    assert done.outcome is not None and len(done.outcome.replanned) == 1
    assert "Falhou:" in done.outcome.text()


async def test_all_model_judged_criteria_are_said_to_be_so(harness: Harness) -> None:
    criteria = (Criterion(id="c1", description="está bonito"),)
    engine = await harness.start({"julgar": Script(criteria=criteria, plan=ONE_STEP)})
    job = await engine.create_job(
        "u1", NewJob(request="julgar", persona="dev", requires_approval=True)
    )
    parked = await harness.wait(job.id, until=lambda j: j.status is JobStatus.AWAITING_APPROVAL)
    notes = [e.content for e in parked.state.activity.history]
    assert any("todos serão julgados pelo modelo" in note for note in notes)
    assert parked.validation_criteria[0].judged_by == "model"


class ParallelProbe:
    """A read-only tool that notes how many of its calls run at once."""

    running: ClassVar[int] = 0
    most: ClassVar[int] = 0

    @classmethod
    async def probe(cls, name: str, context: ToolContext) -> str:
        cls.running += 1
        cls.most = max(cls.most, cls.running)
        await asyncio.sleep(0.05)
        cls.running -= 1
        return f"visto {name}"


async def test_parallel_safe_calls_run_together_and_others_alone_in_order(
    harness: Harness,
) -> None:
    ParallelProbe.running = ParallelProbe.most = 0
    harness.extra_tools = lambda engine: [Tool(ParallelProbe.probe, name="probe")]
    mixed = Action(
        kind="tool",
        tool="probe",
        arguments={"name": "p1"},
        more_calls=[
            ToolRequest(tool="probe", arguments={"name": "p2"}),
            ToolRequest(tool="append", arguments={"line": "escrito"}),
            ToolRequest(tool="probe", arguments={"name": "p3"}),
        ],
    )
    engine = await harness.start(
        {"misto": Script(actions=(mixed,))},
        parallel_safe_tools=frozenset({"probe"}),
        idempotent_tools=frozenset({"probe"}),
    )
    job = await engine.create_job("u1", NewJob(request="misto", persona="dev"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert ParallelProbe.most == 2  # p1 and p2 together, p3 alone after the write
    tools = [(e.tool, e.content) for e in done.state.activity.history if e.kind == "tool"]
    assert tools == [
        ("probe", "visto p1"),
        ("probe", "visto p2"),
        ("append", "ok"),
        ("probe", "visto p3"),
    ]


async def test_sub_job_results_and_errors_reach_the_parent(harness: Harness) -> None:
    scripts = {
        **REPORT,
        "coletar": Script(actions=(tool("coletar"),), result="42 lançamentos coletados"),
        "calcular": Script(fail_attempts=99),
    }
    engine = await harness.start(scripts, max_replans=0)
    job = await engine.create_job(
        "u1", NewJob(request="semanal", persona="relatorios", max_attempts=1)
    )
    done = await harness.wait(job.id)
    assert done.status is JobStatus.FAILED
    told = "\n".join(m.content for m in done.state.conversation if m.role == "system")
    assert "42 lançamentos coletados" in told and "falha simulada" in told
    assert "renderizar" in told  # failed by its dependency: also reported
    outcome = done.outcome
    assert outcome is not None
    assert any("42 lançamentos coletados" in d for d in outcome.done)
    assert any("calcular" in f and "falha simulada" in f for f in outcome.failed)


class SlowPlanner(ScriptedExecutor):
    async def plan(self, job: Job) -> Plan:
        await asyncio.sleep(5)
        return Plan()


async def test_a_planner_that_hangs_fails_the_planning_visibly(harness: Harness) -> None:
    harness.executor_type = SlowPlanner
    engine = await harness.start({"lento": Script()}, plan_timeout_s=0.1)
    job = await engine.create_job(
        "u1", NewJob(request="lento", persona="dev", requires_approval=True, max_attempts=1)
    )
    done = await harness.wait(job.id)
    assert done.status is JobStatus.FAILED and done.plan is None
    assert "o planejamento excedeu o tempo limite de 0.1s" in (done.error or "")


async def test_an_empty_plan_is_never_offered_for_approval(harness: Harness) -> None:
    engine = await harness.start({"vazio": Script(plan=Plan())})
    job = await engine.create_job(
        "u1", NewJob(request="vazio", persona="dev", requires_approval=True, max_attempts=2)
    )
    done = await harness.wait(job.id)
    assert done.status is JobStatus.FAILED and done.attempts == 2
    assert "não há plano a aprovar" in (done.error or "")
    assert not [e for e in done.state.activity.history if e.kind == "approval"]


def big(content: str) -> Action:
    return Action(kind="tool", tool="keep", arguments={"name": "grande.txt", "content": content})


def _keep(name: str, content: str, context: ToolContext) -> str:
    """Stands for fs_write: the content goes to a file, the output is small."""
    return f"{name}: {len(content)} bytes"


async def test_a_large_write_is_not_saved_again_by_later_steps(harness: Harness) -> None:
    harness.extra_tools = lambda engine: [Tool(_keep, name="keep")]
    megabyte = "x" * 1_000_000
    actions = (big(megabyte), *(tool(f"depois {i}") for i in range(5)))
    engine = await harness.start({"grande": Script(actions=actions)})
    job = await engine.create_job("u1", NewJob(request="grande", persona="dev"))
    done = await harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    await harness.wait_workflow(job.id, "SUCCESS")
    with sqlite3.connect(harness.tmp / "jobs.db") as db:
        sizes = db.execute(
            "SELECT function_name, length(output) FROM operation_outputs "
            "WHERE workflow_uuid = ? ORDER BY function_id",
            (job.id,),
        ).fetchall()
        row = db.execute("SELECT length(record) FROM jobs WHERE id = ?", (job.id,)).fetchone()
    acts = [size for name, size in sizes if name == "act"]
    assert acts[0] > 1_000_000  # the call itself is recorded once, by the step that chose it
    later = [size for name, size in sizes[sizes.index(("act", acts[0])) + 1 :]]
    assert later and max(later) < 50_000, sizes
    assert row[0] < 50_000
