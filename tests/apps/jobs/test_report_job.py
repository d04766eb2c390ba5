"""The offline "relatorios" job end to end: criteria before execution, approval, sub-jobs in
dependency order writing real files, a failed validation (the draft lacks a section) → replan
→ success; approval after a restart; the same approval twice."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from switchboard.apps.jobs import report
from switchboard.apps.jobs.fileops import parse_ops
from switchboard.apps.jobs.offline import COLLECT, COMPUTE, DRAFT, RENDER, VALIDATE
from switchboard.apps.jobs.spending import spec_of_request
from switchboard.patterns.jobs.models import ApprovalDecision, JobStatus, NewJob, criteria_note

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
    assert [c.id for c in paused.validation_criteria] == ["c1", "c2", "c3", "c4", "c5"]
    assert {c.judged_by for c in paused.validation_criteria} == {"engine"}  # by the files
    assert criteria_note(paused.validation_criteria).startswith("todos verificados pelo motor")
    assert paused.plan is not None
    assert [s.ref for s in paused.plan.sub_jobs] == ["coletar", "calcular", "renderizar", "validar"]
    assert not app_harness.workdir(job.id).exists()

    await engine.decide("ana", job.id, ApprovalDecision(approved=True))
    done = await app_harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    assert done.state.replans == 1
    assert done.outcome is not None  # pt-BR: the failed sub-job said "failed" in English
    assert (
        "com falha: critérios não atendidos: c4" in done.outcome.text()
        and "failed" not in done.outcome.text()
    )
    history = [e.content for e in done.state.activity.history]
    assert any("Totais por categoria" in text for text in history)  # the root cause, recorded

    tree = await engine.tree("ana", job.id)
    children = [j for j in tree if j.parent_id == job.id]
    by_request = {(c.request, c.state.spawned_round): c for c in children}
    period = spec_of_request(done).text()
    assert {c.request for c in children} == {
        f"{COLLECT} {period}",
        COMPUTE,
        f"{DRAFT} {period}",
        f"{RENDER} {period}",
        VALIDATE,
    }
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


async def test_report_reads_the_owners_real_ledger_for_the_period_and_categories(
    app_harness: AppHarness,
) -> None:
    """The report is the user's ledger: only despesas (statement and card), only theirs (bob's
    10x rows never appear), only the categories asked; another month is empty and says so."""
    engine = await app_harness.start(draft_first=False)
    cases = {
        "gere um relatório de gastos": (
            ["Aniversário", "Almoço", "Corrida", "Loja de roupas", "Mercado do bairro"],
            47670,
        ),
        "relatório de gastos deste mês com alimentação": (["Almoço", "Mercado do bairro"], 12430),
        "relatório de gastos com transporte e lazer neste mês": (["Aniversário", "Corrida"], 15250),
        "relatório de gastos de janeiro de 2020": ([], 0),
    }
    for request, (descriptions, total) in cases.items():
        ask = NewJob(request=request, persona="relatorios")
        job = await engine.create_job("ana", ask)
        done = await app_harness.wait(job.id)
        assert done.status is JobStatus.COMPLETED, (request, done.error)
        folder = app_harness.workdir(job.id)
        entries = report.parse_csv((folder / report.CSV_NAME).read_text())
        assert sorted(e.description for e in entries) == sorted(descriptions), request
        assert report.totals(entries)["total"] == total, request
        text = (folder / report.REPORT_NAME).read_text()
        assert "Salário" not in text and "5.000" not in text
        assert spec_of_request(done).describe() in text
        if not entries:
            assert "Nenhum gasto registrado no período" in text
    texts = {
        (app_harness.workdir(j.id) / report.REPORT_NAME).read_text()
        for j in await engine.list_jobs("ana")
        if j.parent_id is None
    }
    assert len(texts) == len(cases)  # one report per request, never the same artefact


async def test_dev_job_does_the_file_operations_the_request_names(
    app_harness: AppHarness,
) -> None:
    engine = await app_harness.start()
    request = (
        'crie o arquivo notas.txt com o texto "olá mundo", acrescente "segunda linha" ao '
        'arquivo notas.txt, substitua "mundo" por "time" em notas.txt, crie a pasta docs e '
        "copie notas.txt para docs/notas.txt"
    )
    job = await engine.create_job("ana", NewJob(request=request, persona="dev"))
    done = await app_harness.wait(job.id)
    assert done.status is JobStatus.COMPLETED, done.error
    folder = app_harness.workdir(job.id)
    assert (folder / "notas.txt").read_text() == "olá time\nsegunda linha\n"
    assert (folder / "docs" / "notas.txt").read_text() == "olá time\nsegunda linha\n"
    assert not (folder / "ALTERACOES.md").exists()
    assert done.validation_criteria and all(
        c.judged_by == "engine" for c in done.validation_criteria
    )
    assert done.validation_result is not None
    assert all(r.passed and r.judged_by == "engine" for r in done.validation_result.results)


async def test_anything_else_offline_is_a_plain_statement_that_it_needs_a_hosted_model(
    app_harness: AppHarness,
) -> None:
    engine = await app_harness.start()
    job = await engine.create_job(
        "ana", NewJob(request="refatore o módulo de login", persona="dev")
    )
    done = await app_harness.wait(job.id)
    assert done.status is JobStatus.FAILED
    assert done.attempts == 1  # not retried: another attempt cannot change it
    assert done.error is not None and done.error.startswith("sem um modelo hospedado")
    assert "modelo hospedado" in done.error and "Error" not in done.error
    assert not app_harness.workdir(job.id).exists() or not any(
        p.name != ".git" for p in app_harness.workdir(job.id).iterdir()
    )


@pytest.mark.parametrize(
    ("request_text", "period"),
    [
        ("relatório semanal dos meus gastos", "de 21/11/2026 a 27/11/2026"),
        ("relatório de gastos da semana passada", "de 16/11/2026 a 22/11/2026"),
        ("relatório dos gastos dos últimos 15 dias", "de 13/11/2026 a 27/11/2026"),
        ("relatório anual de gastos", "de 01/01/2026 a 31/12/2026"),
        ("relatório de gastos", "de 01/11/2026 a 30/11/2026"),
    ],
)
def test_a_report_covers_the_period_the_request_names(request_text: str, period: str) -> None:
    """ "relatório semanal" and "da semana passada" were planned over the whole month."""
    job = SimpleNamespace(request=request_text, created_at=datetime(2026, 11, 27, 15, tzinfo=UTC))
    assert spec_of_request(job).describe().startswith(period)  # type: ignore[arg-type]


def test_a_new_files_text_may_be_unquoted_and_the_plan_shows_it() -> None:
    """ "crie o arquivo tarefas.txt com o texto oi" got the help text (only quoted texts were
    read); the plan said "com o texto pedido" without showing it."""
    (op,) = parse_ops("crie o arquivo tarefas.txt com o conteúdo: comprar pão.")
    assert (op.kind, op.path, op.text) == ("create", "tarefas.txt", "comprar pão")
    assert op.describe() == 'criar tarefas.txt com o texto "comprar pão"'


@pytest.mark.parametrize(
    ("request_text", "path", "text"),
    [
        # "um arquivo … com a lista de compras: …" was not understood (the help text came back)
        (
            "crie um arquivo notas.txt com a lista de compras: arroz, feijão, café",
            "notas.txt",
            "lista de compras: arroz, feijão, café",
        ),
        ("crie um arquivo chamado todo.md contendo o texto comprar pão", "todo.md", "comprar pão"),
        ('crie o arquivo b.txt com "linha 1"', "b.txt", "linha 1"),
    ],
)
def test_a_new_files_text_in_other_words(request_text: str, path: str, text: str) -> None:
    (op,) = parse_ops(request_text)
    assert (op.kind, op.path, op.text) == ("create", path, text)


def test_content_to_produce_is_not_copied_as_the_files_text() -> None:
    """ "com o resumo da reunião" names a summary to write, which offline cannot produce: writing
    the words "resumo da reunião" would be a job that did not do its work."""
    assert parse_ops("crie o arquivo ata.txt com o resumo da reunião") == []
