"""The engine on DBOS + SQLite: the whole loop, dependencies, approval, cancel, retries."""

from __future__ import annotations

from switchboard.patterns.jobs.executor import Action
from switchboard.patterns.jobs.models import Criterion, JobStatus, NewJob
from switchboard.patterns.jobs.scripted import Script

from .conftest import Harness


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
