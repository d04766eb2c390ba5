"""A hosted `relatorios` job (the `scripted` provider) reads its user's ledger with
`ledger_query`, writes the report from what the tool returned, and is done only because the
engine's checks on the files pass (issue 21: the persona had no way to read the ledger)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from switchboard.apps.finance.nlu.dates import today_in_sao_paulo
from switchboard.apps.jobs import report
from switchboard.models.base import ModelRequest
from switchboard.models.scripted import ScriptedModel, calls
from switchboard.patterns.jobs.models import JobStatus, NewJob

from .conftest import AppHarness

ANA_TOTALS = {
    "Alimentação": 4590 + 7840,
    "Compras": 19990,
    "Lazer": 12000,
    "Transporte": 3250,
    "total": 47670,
}
"""`conftest.LEDGER_ROWS`' despesas and the card purchase, in cents (bob's are 10x)."""
RESULT_PREFIX = "[resultado de ledger_query] "


def criteria() -> dict[str, Any]:
    return {
        "criteria": [
            {
                "id": "c1",
                "description": "totais.json existe",
                "kind": "file_exists",
                "path": report.TOTALS_NAME,
            },
            {
                "id": "c2",
                "description": "o relatório mostra o total conferido",
                "kind": "file_contains",
                "path": report.REPORT_NAME,
                "text": report.brl(ANA_TOTALS["total"]),
            },
        ]
    }


class ReportModel:
    """The scripted answers; the report is written from the tool output the model was shown
    (not from constants), so the files hold what `ledger_query` really returned."""

    def __init__(self) -> None:
        today = today_in_sao_paulo(datetime.now(UTC))
        self.period = {"start": today.replace(day=1).isoformat(), "end": today.isoformat()}
        self.steps: list[Any] = [
            json.dumps({"goal": "relatório de gastos do mês", "notes": []}),
            json.dumps(criteria()),
            json.dumps({"steps": [{"id": "s1", "description": "ler o livro-caixa e escrever"}]}),
            calls(("ledger_query", {**self.period, "kinds": ["despesa"]}), text="lendo"),
            self.write_report,
            "pronto: relatório escrito com os totais do livro-caixa",
            json.dumps({"is_request_satisfied": True, "results": []}),
        ]
        self.seen: list[dict[str, Any]] = []

    def __call__(self, request: ModelRequest) -> Any:
        step = self.steps.pop(0)
        return step(request) if callable(step) else step

    def write_report(self, request: ModelRequest) -> Any:
        shown = [m.content for m in request.messages if m.content.startswith(RESULT_PREFIX)]
        result = json.loads(shown[-1].removeprefix(RESULT_PREFIX))
        self.seen.append(result)
        sums = result["totais_centavos"]["despesa"]
        entries = [
            report.Entry(
                datetime.fromisoformat(r["data"]).date(),
                r["descricao"],
                r["categoria"],
                round(float(r["valor"]) * 100),
            )
            for r in result["lancamentos"]
        ]
        return calls(
            ("fs_write", {"path": report.TOTALS_NAME, "content": json.dumps(sums)}),
            ("fs_write", {"path": report.REPORT_NAME, "content": report.render(entries, sums)}),
            text="escrevendo o relatório",
        )


async def test_hosted_report_job_reads_the_ledger_and_writes_the_real_totals(
    app_harness: AppHarness,
) -> None:
    script = ReportModel()
    model = ScriptedModel(script)
    engine = await app_harness.start(model=model)
    job = await engine.create_job(
        "ana", NewJob(request="relatório de gastos deste mês", persona="relatorios")
    )
    done = await app_harness.wait(job.id, limit_s=60)
    assert done.status is JobStatus.COMPLETED, done.error
    assert not script.steps, "the script was not played to its end"

    tools = [(e.tool, e.ok) for e in done.state.activity.history if e.kind == "tool"]
    assert tools == [("ledger_query", True), ("fs_write", True), ("fs_write", True)]
    # the tool read ana's ledger (never bob's 10x rows): the model was shown her real totals
    assert [seen["totais_centavos"]["despesa"] for seen in script.seen] == [ANA_TOTALS]
    folder = app_harness.workdir(job.id)
    assert json.loads((folder / report.TOTALS_NAME).read_text()) == ANA_TOTALS
    assert report.brl(47670) in (folder / report.REPORT_NAME).read_text()
    # done because the engine ran the checks, not because the model said so
    result = done.validation_result
    assert result is not None and result.passed
    assert {r.criterion_id: (r.passed, r.judged_by) for r in result.results} == {
        "c1": (True, "engine"),
        "c2": (True, "engine"),
    }
    offered = {schema.name for request in model.requests for schema in request.tools}
    assert "ledger_query" in offered


async def test_hosted_report_job_with_wrong_totals_is_not_done(app_harness: AppHarness) -> None:
    """The same job whose model writes a made-up total: the engine's check fails it."""
    script = ReportModel()
    made_up = calls(
        ("fs_write", {"path": report.TOTALS_NAME, "content": "{}"}),
        ("fs_write", {"path": report.REPORT_NAME, "content": "# Relatório\n\nTotal R$ 10,00\n"}),
    )
    claim = "pronto"
    replan = json.dumps({"steps": [{"id": "s1", "description": "refazer"}]})
    script.steps = [*script.steps[:4], made_up, claim, replan, claim, replan, claim]
    engine = await app_harness.start(model=ScriptedModel(script))
    job = await engine.create_job(
        "ana", NewJob(request="relatório de gastos deste mês", persona="relatorios")
    )
    done = await app_harness.wait(job.id, limit_s=60)
    assert done.status is JobStatus.FAILED
    assert "c2 (o relatório mostra o total conferido)" in (done.error or "")
