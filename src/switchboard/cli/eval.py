"""`switchboard eval FILE [FILE...]`: run multi-turn JSONL suites against any app (docs/eval.md).

Exit codes: 0 after a run (failures included: a suite measures, it does not gate), 1 when
`--min-pass` is given and the pass rate of graded turns is below it, 2 when the suites are
malformed, refer to something their app cannot do, or select no case. Only typer at import
time; the evals package loads when the command runs.
"""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import typer

from switchboard.cli.main import app

if TYPE_CHECKING:
    from rich.console import Console

    from switchboard.evals import RunResult, SuiteCase
    from switchboard.evals.runner import RunOptions

SPLITS: dict[str, Literal["dev", "test", "all"]] = {"dev": "dev", "test": "test", "all": "all"}
STORES: dict[str, Literal["memory", "sqlite"]] = {"memory": "memory", "sqlite": "sqlite"}


def _today(value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise typer.BadParameter(
            f"{value!r} is not a date (YYYY-MM-DD)", param_hint="--today"
        ) from None


@app.command("eval")
def eval_command(
    files: list[Path] = typer.Argument(..., help="Suite files (JSONL, docs/eval.md).", exists=True),
    app_name: str | None = typer.Option(None, "--app", help="Run every case on this app."),
    split: str = typer.Option("all", "--split", help="dev, test or all."),
    tags: list[str] = typer.Option([], "--tag", help="Only cases with this tag (repeatable)."),
    case_ids: list[str] = typer.Option(
        [], "--case", help="Only this case id or pattern, e.g. 'fin-*' (repeatable)."
    ),
    model: str | None = typer.Option(
        None, "--model", help="Model id (default: SWITCHBOARD_MODEL, else offline 'embedded')."
    ),
    json_out: Path | None = typer.Option(None, "--json", help="Write the full result as JSON."),
    min_pass: float | None = typer.Option(
        None, "--min-pass", min=0.0, max=1.0, help="Exit 1 if the turn pass rate is below this."
    ),
    today: str | None = typer.Option(
        None, "--today", help="Date of cases that give none, YYYY-MM-DD (default 2026-11-26)."
    ),
    concurrency: int = typer.Option(4, "--concurrency", min=1, help="Cases run at once."),
    timeout: float = typer.Option(120.0, "--timeout", min=0.001, help="Seconds per turn."),
    store: str = typer.Option("memory", "--store", help="memory, or sqlite (a temporary file)."),
    show_failures: bool = typer.Option(
        True, "--failures/--no-failures", help="List the failed cases after the summary."
    ),
) -> None:
    """Run eval suites: per-turn checks, a summary and the failed cases."""
    if split not in SPLITS:
        raise typer.BadParameter(f"{split!r}: use {', '.join(SPLITS)}", param_hint="--split")
    if store not in STORES:
        raise typer.BadParameter(f"{store!r}: use {', '.join(STORES)}", param_hint="--store")
    default_today = _today(today)

    from rich.console import Console

    from switchboard.evals import Selection, SuiteError, load_suites, select
    from switchboard.evals.report import render, write_json
    from switchboard.evals.runner import RunOptions
    from switchboard.evals.suite import DEFAULT_TODAY

    console = Console()
    errors = Console(stderr=True)
    try:
        cases = select(
            load_suites(files),
            Selection(split=SPLITS[split], tags=tuple(tags), cases=tuple(case_ids)),
        )
    except SuiteError as exc:
        errors.print(f"[bold red]invalid suite[/] ({len(exc.problems)} problems):", highlight=False)
        errors.print(exc.message, markup=False, highlight=False)
        raise typer.Exit(2) from None
    if not cases:
        errors.print("[bold red]no case matches the selection[/]")
        raise typer.Exit(2)
    options = RunOptions(
        app=app_name,
        model=model,
        default_today=default_today or DEFAULT_TODAY,
        concurrency=concurrency,
        turn_timeout=timeout,
        store=STORES[store],
    )
    try:
        result = _run(cases, options, [str(f) for f in files], errors)
    except SuiteError as exc:
        errors.print(f"[bold red]invalid suite[/] ({len(exc.problems)} problems):", highlight=False)
        errors.print(exc.message, markup=False, highlight=False)
        raise typer.Exit(2) from None
    render(result, console, failures=show_failures)
    if json_out is not None:
        write_json(result, json_out)
        console.print(f"[dim]JSON: {json_out}[/]")
    if min_pass is not None and result.pass_rate < min_pass:
        console.print(
            f"[bold red]pass rate {100 * result.pass_rate:.1f}% is below --min-pass "
            f"{100 * min_pass:.1f}%[/]"
        )
        raise typer.Exit(1)


def _run(
    cases: list[SuiteCase], options: RunOptions, files: list[str], errors: Console
) -> RunResult:
    """Run with a progress bar on stderr (shown only on a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from switchboard.evals import EvalRunner

    if not errors.is_terminal:
        return asyncio.run(EvalRunner(options).run(cases, files))
    with Progress(
        TextColumn("eval"), BarColumn(), MofNCompleteColumn(), console=errors, transient=True
    ) as progress:
        task = progress.add_task("cases", total=len(cases))
        runner = EvalRunner(options, on_case=lambda _: progress.advance(task))
        return asyncio.run(runner.run(cases, files))
