"""The offline "relatorios" job end to end: criteria before execution, approval, sub-jobs in
dependency order writing real files, a failed validation (the draft lacks a section) → replan
→ success; approval after a restart; the same approval twice."""

from __future__ import annotations

import json

from switchboard.apps.jobs import report
from switchboard.apps.jobs.offline import COLLECT, COMPUTE, DRAFT, RENDER, VALIDATE
from switchboard.patterns.jobs.models import ApprovalDecision, JobStatus, NewJob

from ...patterns.jobs.harness import awaiting
from .conftest import AppHarness

ASK = NewJob(request="gere um relatório de gastos", persona="relatorios", requires_approval=True)


async def test_report_job_plans_waits_for_approval_replans_and_succeeds(
    app_harness: AppHarness,
) -> None:
    engine = await app_harness.start()
    job = await engine.create_job("ana", ASK)
    paused = await app_harness.wait(job.id, awaiting)
    # the definition of done and the plan exist before anything ran
    assert [c.id for c in paused.validation_criteria] == ["c1", "c2", "c3"]
    assert paused.plan is not None
    assert [s.ref for s in paused.plan.sub_jobs] == ["coletar", "calcular", "renderizar", "validar"]
    assert not app_harness.workdir(job.id).exists()

    await engine.decide("ana", job.id, ApprovalDecision(approved=True))
    done = await app_harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert done.state.replans == 1
    history = [e.content for e in done.state.activity.history]
    assert any("Totais por categoria" in text for text in history)  # the root cause, recorded

    tree = await engine.tree("ana", job.id)
    children = [j for j in tree if j.parent_id == job.id]
    by_request = {(c.request, c.state.spawned_round): c for c in children}
    assert {c.request for c in children} == {COLLECT, COMPUTE, DRAFT, RENDER, VALIDATE}
    first_validate = [c for c in children if c.request == VALIDATE]
    assert sorted(c.status.value for c in first_validate) == ["completed", "failed"]
    # dependency order: each sub-job started after its dependencies ended
    ended = {c.id: c.updated_at for c in children}
    for child in children:
        for dep in child.depends_on:
            first = child.state.activity.history[0].at
            assert ended[dep] <= first, (child.request, by_request)

    folder = app_harness.workdir(job.id)
    csv_text = (folder / report.CSV_NAME).read_text()
    totals = json.loads((folder / report.TOTALS_NAME).read_text())
    text = (folder / report.REPORT_NAME).read_text()
    assert totals == report.totals(report.parse_csv(csv_text))
    assert report.check(csv_text, json.dumps(totals), text) == []
    assert report.brl(totals["total"]) in text


async def test_approval_after_a_restart_and_twice_counts_once(app_harness: AppHarness) -> None:
    engine = await app_harness.start(draft_first=False)
    job = await engine.create_job("ana", ASK)
    await app_harness.wait(job.id, awaiting)
    await app_harness.stop()

    engine = await app_harness.start(draft_first=False)
    decision = ApprovalDecision(approved=True, reason="ok")
    await engine.decide("ana", job.id, decision)
    await engine.decide("ana", job.id, decision)
    done = await app_harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert done.state.replans == 0
    approvals = [e for e in done.state.activity.history if e.content.startswith("aprovado")]
    assert len(approvals) == 1


async def test_rejected_plan_runs_nothing(app_harness: AppHarness) -> None:
    engine = await app_harness.start()
    job = await engine.create_job("ana", ASK)
    await app_harness.wait(job.id, awaiting)
    await engine.decide("ana", job.id, ApprovalDecision(approved=False, reason="não agora"))
    done = await app_harness.wait(job.id)
    assert done.status is JobStatus.CANCELLED
    assert not app_harness.workdir(job.id).exists()


async def test_dev_job_edits_a_git_workdir(app_harness: AppHarness) -> None:
    engine = await app_harness.start()
    job = await engine.create_job("ana", NewJob(request="documentar a API", persona="dev"))
    done = await app_harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    folder = app_harness.workdir(job.id)
    assert (folder / ".git").is_dir()
    assert "documentar a API" in (folder / "ALTERACOES.md").read_text()
