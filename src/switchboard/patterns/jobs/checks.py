"""The engine's done-checks: the criteria it can verify itself, run after the executor says the
work is done and before anyone (the model included) may call it done.

- `file_exists` / `file_contains`: read through the job's confined workspace
  (`tools.workspace.Workspace`: no absolute paths, no `..`, no symlink out, opened with
  `O_NOFOLLOW` one component at a time) — the same containment as the filesystem tools;
- `command` / `tests_pass`: the argv runs in the job's sandbox (`Sandbox.run`: only the
  workspace writable, no network, no secrets, wall timeout, output capped), and passes on the
  expected exit status (`tests_pass`: 0). The program must be one of
  `EngineConfig.check_programs` (no shells): a second line behind the sandbox.

A check that cannot run (no sandbox on this host, a path outside the workspace, a forbidden
program) fails with the reason in pt-BR: a definition of done the engine cannot verify is not met.
`model` criteria are not checked here (`judged_by == "model"`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from switchboard.core.errors import SwitchboardError
from switchboard.patterns.jobs.config import EngineConfig
from switchboard.patterns.jobs.models import Criterion, CriterionResult
from switchboard.patterns.jobs.tools.workspace import Workspace

FILE_READ_LIMIT = 5_000_000
"""Characters of a file `file_contains` searches (a larger file is searched in its start)."""
EVIDENCE_CHARS = 1_500
"""Characters of a command's output kept as evidence (its end: where test runners summarise)."""


@dataclass(frozen=True, slots=True)
class CheckRun:
    """What a round of checks needs: where, and under which limits."""

    config: EngineConfig
    workspace: str


def engine_criteria(criteria: Sequence[Criterion]) -> list[Criterion]:
    return [c for c in criteria if c.judged_by == "engine"]


async def run_checks(run: CheckRun, criteria: Sequence[Criterion]) -> list[CriterionResult]:
    """The engine-checkable criteria's results, in order (commands one after another: a test
    suite may not like company)."""
    return [await _check(run, criterion) for criterion in engine_criteria(criteria)]


async def _check(run: CheckRun, criterion: Criterion) -> CriterionResult:
    try:
        passed, evidence = await _verify(run, criterion)
    except SwitchboardError as exc:
        passed, evidence = False, f"não foi possível verificar: {exc.message}"
    except OSError as exc:
        passed, evidence = False, f"não foi possível verificar: {exc.strerror or exc}"
    return CriterionResult(
        criterion_id=criterion.id, passed=passed, evidence=evidence, judged_by="engine"
    )


async def _verify(run: CheckRun, criterion: Criterion) -> tuple[bool, str]:
    kind = criterion.kind
    if kind in ("file_exists", "file_contains"):
        assert criterion.path is not None
        return await asyncio.to_thread(_file_check, run.workspace, criterion)
    assert criterion.command is not None
    expected = 0 if kind == "tests_pass" else criterion.exit_code
    return await _command_check(run, criterion.command, expected)


def _file_check(workspace: str, criterion: Criterion) -> tuple[bool, str]:
    path = criterion.path or ""
    space = Workspace(workspace)
    try:
        text, _ = space.read_text(path, max_chars=FILE_READ_LIMIT)
    except FileNotFoundError:
        return False, f"o arquivo '{path}' não existe"
    except IsADirectoryError:
        if criterion.kind == "file_exists":
            return True, f"'{path}' existe (pasta)"
        return False, f"'{path}' é uma pasta, não um arquivo"
    if criterion.kind == "file_exists":
        return True, f"'{path}' existe ({len(text)} caracteres)"
    needle = criterion.text or ""
    if needle in text:
        return True, f"'{path}' contém o texto esperado"
    return False, f"'{path}' não contém {needle[:200]!r}"


async def _command_check(run: CheckRun, argv: list[str], expected: int) -> tuple[bool, str]:
    config = run.config
    program = argv[0] if argv else ""
    if not program or "/" in program or program not in config.check_programs:
        allowed = ", ".join(sorted(config.check_programs))
        return False, f"programa '{program}' não permitido em verificações; permitidos: {allowed}"
    result = await config.sandbox.run(
        argv,
        workspace=run.workspace,
        timeout_s=config.check_timeout_s,
        env=dict(config.check_env),
    )
    shown = " ".join(argv)
    tail = result.output.strip()[-EVIDENCE_CHARS:]
    if result.timed_out:
        return False, f"`{shown}` excedeu {config.check_timeout_s:g}s e foi encerrado\n{tail}"
    if result.output_exceeded:
        return False, f"`{shown}` produziu saída demais e foi encerrado"
    passed = result.exit_code == expected
    verdict = "passou" if passed else f"esperado código {expected}"
    return passed, f"`{shown}` saiu com código {result.exit_code} ({verdict})\n{tail}".strip()


def failure_summary(results: Sequence[CriterionResult], criteria: Sequence[Criterion]) -> str:
    """pt-BR root cause naming each unmet criterion (what a replan or a failure says)."""
    described = {c.id: c.description for c in criteria}
    lines = []
    for r in results:
        if not r.passed:
            why = r.evidence.splitlines()[0] if r.evidence else "não atendido"
            lines.append(f"{r.criterion_id} ({described.get(r.criterion_id, '')}): {why}")
    return "critérios não atendidos: " + "; ".join(lines)


def results_message(results: Sequence[CriterionResult]) -> str:
    """pt-BR report of a round of checks, with the evidence (for the model's next prompt)."""
    lines = ["Verificação automática dos critérios de pronto (feita pelo motor, na sandbox):"]
    for r in results:
        mark = "OK" if r.passed else "NÃO ATENDIDO"
        lines.append(f"- {r.criterion_id}: {mark}. {r.evidence}")
    return "\n".join(lines)


__all__ = [
    "CheckRun",
    "engine_criteria",
    "failure_summary",
    "results_message",
    "run_checks",
]
