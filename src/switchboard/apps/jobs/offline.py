"""Deterministic executors for the offline demo: they do real work through the same tools a
hosted model would call, so the whole loop (criteria, sub-jobs in dependency order, approval,
validation, replan, success) runs without a model.

`ReportPlanner` ("relatorios"): the root job plans coletar → calcular → renderizar → validar.
With `draft_first` (the default), the first round renders a *draft* without the category table:
the "validar" sub-job finds the missing section, fails, the root job's validation reports the
root cause and the replan renders the full report and validates again — the demo shows a real
failure → replan → success, decided only by the files.

Everything is derived from the job (request, round, steps taken, the last tool output), never
from state in the object, so a worker that restarts mid-job answers as before.
"""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass

from switchboard.apps.jobs import report
from switchboard.patterns.jobs.executor import Action, Analysis
from switchboard.patterns.jobs.models import (
    Criterion,
    CriterionResult,
    Job,
    Plan,
    PlanStep,
    SubJobSpec,
    ValidationResult,
)
from switchboard.patterns.jobs.tool_calls import workspace_path

COLLECT = "coletar lançamentos do mês"
COMPUTE = "calcular totais por categoria"
RENDER = "renderizar o relatório"
DRAFT = "renderizar o relatório (rascunho)"
VALIDATE = "validar o relatório contra os critérios"

REPORT_CRITERIA = [
    Criterion(id="c1", description=f"{report.CSV_NAME} tem os lançamentos", check=report.CSV_NAME),
    Criterion(
        id="c2",
        description=f"{report.TOTALS_NAME} confere com o recálculo a partir do CSV",
        check=f"recalcular {report.CSV_NAME}",
    ),
    Criterion(
        id="c3",
        description="o relatório tem Resumo, Totais por categoria e Lançamentos",
        check=report.REPORT_NAME,
    ),
]


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


@dataclass(slots=True)
class ReportPlanner:
    workdir_root: str
    draft_first: bool = True

    def _dir(self, job: Job) -> str:
        return workspace_path(self.workdir_root, job)

    async def analyse(self, job: Job) -> Analysis:
        goal = {
            COLLECT: "gravar os lançamentos do mês em CSV",
            COMPUTE: "calcular os totais por categoria a partir do CSV",
            RENDER: "renderizar o relatório completo em Markdown",
            DRAFT: "renderizar um rascunho do relatório",
            VALIDATE: "conferir o relatório contra os critérios",
        }.get(job.request, "produzir o relatório de gastos do mês, verificável")
        return Analysis(goal=goal)

    async def define_criteria(self, job: Job) -> list[Criterion]:
        if job.request in (COLLECT, COMPUTE, RENDER, DRAFT):
            return [Criterion(id="c1", description=f"o passo '{job.request}' gravou seu arquivo")]
        return list(REPORT_CRITERIA)

    async def plan(self, job: Job) -> Plan:
        if job.parent_id is not None:
            return Plan(steps=[PlanStep(id="s1", description=job.request)])
        return Plan(
            steps=[
                PlanStep(id="s1", description="coletar os lançamentos"),
                PlanStep(id="s2", description="calcular os totais"),
                PlanStep(id="s3", description="renderizar o relatório"),
                PlanStep(id="s4", description="validar contra os critérios"),
            ],
            sub_jobs=[
                SubJobSpec(ref="coletar", request=COLLECT),
                SubJobSpec(ref="calcular", request=COMPUTE, depends_on=["coletar"]),
                SubJobSpec(
                    ref="renderizar",
                    request=DRAFT if self.draft_first else RENDER,
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
                SubJobSpec(ref="renderizar", request=RENDER),
                SubJobSpec(ref="validar", request=VALIDATE, depends_on=["renderizar"]),
            ],
        )

    async def next_action(self, job: Job) -> Action:
        step = job.state.steps_taken
        request = job.request
        if request == COLLECT:
            if step == 0:
                return _write(report.CSV_NAME, report.to_csv(report.demo_entries()))
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
                text = report.render(entries, sums, draft=request == DRAFT)
                return _write(report.REPORT_NAME, text)
            return Action(kind="finish", result=f"{report.REPORT_NAME} gravado")
        if step == 0:
            return _read(report.REPORT_NAME)
        return Action(
            kind="finish",
            result=f"Relatório de gastos pronto em {report.REPORT_NAME} "
            f"({report.CSV_NAME}, {report.TOTALS_NAME}).",
        )

    async def validate(self, job: Job) -> ValidationResult:
        if job.request in (COLLECT, COMPUTE, RENDER, DRAFT):
            name = {
                COLLECT: report.CSV_NAME,
                COMPUTE: report.TOTALS_NAME,
            }.get(job.request, report.REPORT_NAME)
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
        results = [
            CriterionResult(criterion_id=c.id, passed=not _about(problems, c), evidence=c.check)
            for c in REPORT_CRITERIA
        ]
        return ValidationResult(
            passed=not problems, results=results, root_cause="; ".join(problems)
        )

    async def summarise(self, job: Job) -> str:
        return f"{len(job.state.activity.history)} interações anteriores resumidas"


def _about(problems: list[str], criterion: Criterion) -> bool:
    needle = {"c1": report.CSV_NAME, "c2": report.TOTALS_NAME, "c3": report.REPORT_NAME}
    return any(
        needle[criterion.id] in p and (criterion.id != "c1" or "não tem" in p) for p in problems
    )


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


CHANGES = "ALTERACOES.md"


@dataclass(slots=True)
class DevPlanner:
    """Offline "dev": a scripted edit in the job's git working directory (init, write the change
    note, stage it, show the diff), validated by the file's content."""

    workdir_root: str

    async def analyse(self, job: Job) -> Analysis:
        return Analysis(goal=f"aplicar a alteração pedida: {job.request[:200]}")

    async def define_criteria(self, job: Job) -> list[Criterion]:
        return [
            Criterion(id="c1", description=f"{CHANGES} registra a alteração", check=CHANGES),
            Criterion(id="c2", description="a alteração está no índice do git", check="git diff"),
        ]

    async def plan(self, job: Job) -> Plan:
        return Plan(steps=[PlanStep(id="s1", description="editar e preparar o commit")])

    async def replan(self, job: Job, validation: ValidationResult) -> Plan:
        return await self.plan(job)

    async def next_action(self, job: Job) -> Action:
        script = [
            Action(kind="tool", tool="terminal", arguments={"command": ["git", "init", "-q"]}),
            _write(CHANGES, f"# Alterações\n\n- {job.request}\n"),
            Action(kind="tool", tool="terminal", arguments={"command": ["git", "add", CHANGES]}),
            Action(
                kind="tool",
                tool="terminal",
                arguments={"command": ["git", "diff", "--cached", "--stat"]},
            ),
        ]
        step = job.state.steps_taken
        if step < len(script):
            return script[step]
        return Action(kind="finish", result=f"alteração registrada em {CHANGES} e preparada")

    async def validate(self, job: Job) -> ValidationResult:
        folder = workspace_path(self.workdir_root, job)
        text = (await asyncio.to_thread(_read_files, folder, CHANGES))[0]
        ok = text is not None and job.request in text
        staged = any(
            e.tool == "terminal" and e.ok and CHANGES in e.content
            for e in job.state.activity.history
        )
        return ValidationResult(
            passed=ok and staged,
            results=[
                CriterionResult(criterion_id="c1", passed=ok),
                CriterionResult(criterion_id="c2", passed=staged),
            ],
            root_cause="" if ok and staged else "a alteração não foi gravada ou preparada",
        )

    async def summarise(self, job: Job) -> str:
        return f"{len(job.state.activity.history)} interações anteriores resumidas"


__all__ = ["DevPlanner", "ReportPlanner"]
