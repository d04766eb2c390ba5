"""Deterministic executors for jobs without a hosted model: an honest, small catalogue that
follows the request, doing real work through the same tools a hosted model would call.

`ReportPlanner` ("relatorios"): a spending report over the user's own finance ledger for the
period and categories the request names (`spending.py`). The root job plans coletar → calcular →
renderizar → validar; "coletar" reads the ledger (only the job owner's) into a CSV.
With `draft_first` (the default), the first round renders a *draft* without the category table:
the "validar" sub-job finds the missing section, fails, the root job's validation reports the
root cause and the replan renders the full report and validates again — the demo shows a real
failure → replan → success, decided only by the files.

`FileOpsPlanner` ("dev"): the file operations the request names (`fileops.py`: create a file
with a text, append, replace a text, create a folder, copy a file), each checked by the engine
(file criteria). Anything else is refused at planning with a pt-BR statement that it needs a
hosted model — never a fixed artefact.

Everything is derived from the job (request, round, steps taken, the last tool output, and the
ledger rows the collecting action recorded), never from state in the object, so a worker that
restarts mid-job answers as before.
"""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass

from switchboard.apps.jobs import report
from switchboard.apps.jobs.fileops import HOSTED_ONLY, FileOp, criteria_for, parse_ops
from switchboard.apps.jobs.spending import ReportSpec, SpendingSource, spec_in, spec_of_request
from switchboard.patterns import (
    Action,
    Analysis,
    Criterion,
    CriterionResult,
    FinalError,
    Job,
    Plan,
    PlanningError,
    PlanStep,
    SubJobSpec,
    ValidationResult,
    workspace_path,
)

COLLECT = "coletar lançamentos"
"""A prefix: the request goes on with the period ("coletar lançamentos de 2026-11-21 a …");
requests written as "coletar lançamentos do mês …" by earlier versions still match."""
COMPUTE = "calcular totais por categoria"
RENDER = "renderizar o relatório"
DRAFT = "renderizar o relatório (rascunho)"
VALIDATE = "validar o relatório contra os critérios"

REPORT_CRITERIA = [
    Criterion(
        id="c1",
        description=f"{report.CSV_NAME} tem os gastos (data, descrição, categoria, valor)",
        kind="file_contains",
        path=report.CSV_NAME,
        text="data,descricao,categoria,valor",
    ),
    Criterion(
        id="c2",
        description=f"{report.TOTALS_NAME} confere com o recálculo a partir do CSV",
        kind="command",
        command=["python3", "-c", report.RECOMPUTE],
    ),
    *(
        Criterion(
            id=f"c{n}",
            description=f"o relatório tem a seção {section[3:]}",
            kind="file_contains",
            path=report.REPORT_NAME,
            text=section,
        )
        for n, section in enumerate(report.SECTIONS, 3)
    ),
]
"""Every item checked by the engine (files, a recomputation in the sandbox): the report is
done by what its files show, never by the executor's word. The executor's own check
(`report.check`) is the "validar" sub-job's work and the root cause a replan starts from."""


def _last_tool_json(job: Job) -> dict[str, object]:
    for message in reversed(job.state.conversation):
        if message.role == "tool":
            if message.content.startswith("ERRO"):
                raise RuntimeError(f"a ferramenta {message.tool} falhou: {message.content}")
            value = json.loads(message.content)
            if isinstance(value, dict):
                return value
    raise RuntimeError("nenhum resultado de ferramenta para continuar")


def _read(path: str) -> Action:
    return Action(kind="tool", tool="fs_read", arguments={"path": path}, thought=f"ler {path}")


def _write(path: str, content: str) -> Action:
    return Action(
        kind="tool",
        tool="fs_write",
        arguments={"path": path, "content": content},
        thought=f"escrever {path}",
    )


def _kind(request: str) -> str:
    """Which sub-job a request is (its fixed prefix), or "" for the root job."""
    for prefix in (COLLECT, COMPUTE, DRAFT, RENDER, VALIDATE):
        if request.startswith(prefix):
            return prefix
    return ""


@dataclass(slots=True)
class ReportPlanner:
    workdir_root: str
    source: SpendingSource | None = None
    """The user's expenses (`LedgerSpending` over the Switchboard store); None: no ledger
    here, and a report job says so instead of inventing data."""
    draft_first: bool = True

    def _dir(self, job: Job) -> str:
        return workspace_path(self.workdir_root, job)

    async def analyse(self, job: Job) -> Analysis:
        goal = {
            COLLECT: "gravar os lançamentos do período em CSV",
            COMPUTE: "calcular os totais por categoria a partir do CSV",
            RENDER: "renderizar o relatório completo em Markdown",
            DRAFT: "renderizar um rascunho do relatório",
            VALIDATE: "conferir o relatório contra os critérios",
        }.get(_kind(job.request))
        if goal is None:
            goal = f"relatório dos seus gastos {spec_of_request(job).describe()}, verificável"
        return Analysis(goal=goal)

    async def define_criteria(self, job: Job) -> list[Criterion]:
        if _kind(job.request) in (COLLECT, COMPUTE, RENDER, DRAFT):
            return [Criterion(id="c1", description=f"o passo '{job.request}' gravou seu arquivo")]
        return list(REPORT_CRITERIA)

    async def plan(self, job: Job) -> Plan:
        if job.parent_id is not None:
            return Plan(steps=[PlanStep(id="s1", description=job.request)])
        if self.source is None:
            raise FinalError(
                "sem acesso ao seu registro financeiro neste processo: o relatório de gastos "
                "lê os lançamentos do app de finanças (mesmo banco de dados do Switchboard)"
            )
        spec = spec_of_request(job).text()
        return Plan(
            steps=[
                PlanStep(id="s1", description="coletar os lançamentos"),
                PlanStep(id="s2", description="calcular os totais"),
                PlanStep(id="s3", description="renderizar o relatório"),
                PlanStep(id="s4", description="validar contra os critérios"),
            ],
            sub_jobs=[
                SubJobSpec(ref="coletar", request=f"{COLLECT} {spec}"),
                SubJobSpec(ref="calcular", request=COMPUTE, depends_on=["coletar"]),
                SubJobSpec(
                    ref="renderizar",
                    request=f"{DRAFT if self.draft_first else RENDER} {spec}",
                    depends_on=["calcular"],
                ),
                SubJobSpec(ref="validar", request=VALIDATE, depends_on=["renderizar"]),
            ],
        )

    async def replan(self, job: Job, validation: ValidationResult) -> Plan:
        if job.parent_id is not None:
            return Plan(steps=[PlanStep(id="s1", description=job.request)])
        return Plan(
            steps=[
                PlanStep(id="s1", description=f"corrigir: {validation.root_cause}"),
                PlanStep(id="s2", description="validar de novo"),
            ],
            sub_jobs=[
                SubJobSpec(ref="renderizar", request=f"{RENDER} {spec_of_request(job).text()}"),
                SubJobSpec(ref="validar", request=VALIDATE, depends_on=["renderizar"]),
            ],
        )

    async def next_action(self, job: Job) -> Action:
        step = job.state.steps_taken
        request = _kind(job.request)
        if request == COLLECT:
            if step == 0:
                spec = self._spec(job)
                if self.source is None:
                    raise PlanningError("sem acesso ao seu registro financeiro neste processo")
                rows = await self.source.spending(job.user_id, spec)
                return _write(report.CSV_NAME, report.to_csv(rows))
            return Action(kind="finish", result=f"{report.CSV_NAME} gravado")
        if request == COMPUTE:
            if step == 0:
                return _read(report.CSV_NAME)
            if step == 1:
                entries = report.parse_csv(str(_last_tool_json(job)["content"]))
                sums = report.totals(entries)
                return _write(report.TOTALS_NAME, json.dumps(sums, ensure_ascii=False, indent=1))
            return Action(kind="finish", result=f"{report.TOTALS_NAME} gravado")
        if request in (RENDER, DRAFT):
            if step == 0:
                return _read(report.CSV_NAME)
            if step == 1:
                entries = report.parse_csv(str(_last_tool_json(job)["content"]))
                sums = report.totals(entries)
                scope = self._spec(job).describe()
                text = report.render(entries, sums, draft=request == DRAFT, scope=scope)
                return _write(report.REPORT_NAME, text)
            return Action(kind="finish", result=f"{report.REPORT_NAME} gravado")
        if step == 0:
            return _read(report.REPORT_NAME)
        return Action(
            kind="finish",
            result=f"Relatório de gastos pronto em {report.REPORT_NAME} "
            f"({report.CSV_NAME}, {report.TOTALS_NAME}).",
        )

    @staticmethod
    def _spec(job: Job) -> ReportSpec:
        spec = spec_in(job.request)
        if spec is None:
            raise PlanningError(f"pedido de sub-job sem período: '{job.request}'")
        return spec

    async def validate(self, job: Job) -> ValidationResult:
        if _kind(job.request) in (COLLECT, COMPUTE, RENDER, DRAFT):
            name = {
                COLLECT: report.CSV_NAME,
                COMPUTE: report.TOTALS_NAME,
            }.get(_kind(job.request), report.REPORT_NAME)
            ok = (await asyncio.to_thread(_read_files, self._dir(job), name))[0] is not None
            return ValidationResult(
                passed=ok,
                results=[CriterionResult(criterion_id="c1", passed=ok, evidence=name)],
                root_cause="" if ok else f"{name} não foi gravado",
            )
        names = (report.CSV_NAME, report.TOTALS_NAME, report.REPORT_NAME)
        found = await asyncio.to_thread(_read_files, self._dir(job), *names)
        texts = [text for text in found if text is not None]
        if len(texts) < len(names):
            missing = [n for n, text in zip(names, found, strict=True) if text is None]
            return ValidationResult(passed=False, root_cause=f"{', '.join(missing)} não existe")
        try:
            problems = report.check(*texts)
        except (ValueError, TypeError) as exc:
            problems = [f"dados inválidos: {exc}"]
        return ValidationResult(passed=not problems, root_cause="; ".join(problems))

    async def summarise(self, job: Job) -> str:
        return f"{len(job.state.activity.history)} interações anteriores resumidas"


def _read_files(folder: str, *names: str) -> list[str | None]:
    out: list[str | None] = []
    for name in names:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                out.append(handle.read())
        else:
            out.append(None)
    return out


@dataclass(slots=True)
class FileOpsPlanner:
    """Offline "dev": the file operations the request names, in order, each checked by the
    engine; a request with none of them fails at planning with `HOSTED_ONLY` (pt-BR)."""

    async def analyse(self, job: Job) -> Analysis:
        ops = _ops(job)
        return Analysis(goal="; ".join(op.describe() for op in ops))

    async def define_criteria(self, job: Job) -> list[Criterion]:
        return criteria_for(_ops(job))

    async def plan(self, job: Job) -> Plan:
        ops = _ops(job)
        return Plan(
            steps=[PlanStep(id=f"s{n}", description=op.describe()) for n, op in enumerate(ops, 1)]
        )

    async def replan(self, job: Job, validation: ValidationResult) -> Plan:
        return await self.plan(job)

    async def next_action(self, job: Job) -> Action:
        """Each op is one or two tool calls (a copy or a replacement reads first): the script
        is replayed from `steps_taken` and the last tool output."""
        script: list[tuple[FileOp, int]] = [
            (op, part) for op in _ops(job) for part in range(op.calls)
        ]
        step = job.state.steps_taken
        if step >= len(script):
            done = "; ".join(op.describe() for op in _ops(job))
            return Action(kind="finish", result=f"feito: {done}")
        op, part = script[step]
        read = str(_last_tool_json(job)["content"]) if part == 1 else None
        call = op.action(part, read)
        return Action(kind="tool", tool=call[0], arguments=call[1], thought=op.describe())

    async def validate(self, job: Job) -> ValidationResult:
        """Every criterion is the engine's (files): nothing for a model to judge."""
        return ValidationResult(passed=True)

    async def summarise(self, job: Job) -> str:
        return f"{len(job.state.activity.history)} interações anteriores resumidas"


def _ops(job: Job) -> list[FileOp]:
    ops = parse_ops(job.request)
    if not ops:
        raise FinalError(HOSTED_ONLY)
    return ops


__all__ = ["FileOpsPlanner", "ReportPlanner"]
