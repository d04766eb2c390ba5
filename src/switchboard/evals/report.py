"""The terminal view of a run (Rich) and its `--json` file.

The summary comes first — cases, graded turns, the pass rate, then per check kind, per tag,
per split (and per app when several ran) — then every failed case in suite order: where it is,
each failed check with what was expected and what came, and the start of the answer. Both views
are deterministic for a given result: two runs of the same code diff cleanly.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import JsonValue
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from switchboard.evals.results import CaseResult, GroupStats, Rate, RunResult

ANSWER_SHOWN = 300
"""Characters of a failed turn's answer shown in the terminal (the JSON keeps it whole)."""
VALUE_SHOWN = 400


def _pct(rate: Rate) -> str:
    return f"{100 * rate.rate:.1f}%" if rate.total else "—"


def _short(value: JsonValue) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= VALUE_SHOWN else text[: VALUE_SHOWN - 1] + "…"


def _groups(title: str, groups: dict[str, GroupStats]) -> Table:
    table = Table(title=title, title_justify="left", show_edge=False)
    table.add_column(title.split()[-1])
    table.add_column("cases", justify="right")
    table.add_column("turns", justify="right")
    table.add_column("pass rate", justify="right")
    for name, stats in groups.items():
        table.add_row(
            escape(name),
            f"{stats.cases.passed}/{stats.cases.total}",
            f"{stats.turns.passed}/{stats.turns.total}",
            _pct(stats.turns),
        )
    return table


def render_summary(result: RunResult, console: Console) -> None:
    summary = result.summary
    console.print(
        f"[bold]switchboard eval[/] · model [cyan]{escape(result.model)}[/] · "
        f"{summary.cases.total} cases · {summary.turns.total} graded turns"
    )
    head = Table(show_header=False, show_edge=False, box=None)
    head.add_column()
    head.add_column(justify="right")
    head.add_column(justify="right")
    head.add_row(
        "cases passed", f"{summary.cases.passed}/{summary.cases.total}", _pct(summary.cases)
    )
    head.add_row(
        "[bold]turns passed[/]",
        f"{summary.turns.passed}/{summary.turns.total}",
        f"[bold]{_pct(summary.turns)}[/]",
    )
    console.print(head)
    if summary.checks:
        checks = Table(title="By check", title_justify="left", show_edge=False)
        checks.add_column("check")
        checks.add_column("passed", justify="right")
        checks.add_column("rate", justify="right")
        for kind, rate in summary.checks.items():
            checks.add_row(kind, f"{rate.passed}/{rate.total}", _pct(rate))
        console.print(checks)
    if summary.tags:
        console.print(_groups("By tag", summary.tags))
    console.print(_groups("By split", summary.splits))
    if len(summary.apps) > 1:
        console.print(_groups("By app", summary.apps))


def render_case_failures(case: CaseResult, console: Console) -> None:
    console.print(
        f"[bold red]✗ {escape(case.id)}[/] [dim]{escape(case.source)} · {case.app} · "
        f"{case.split} · {case.today}[/]"
    )
    if case.error:
        console.print(f"  [red]error:[/] {escape(case.error)}")
    for turn in case.turns:
        failures = turn.failures
        if not failures:
            continue
        console.print(f"  turn {turn.index}: [green]{escape(turn.user)}[/]")
        for check in failures:
            console.print(
                f"    [yellow]{check.kind}[/]: expected {escape(_short(check.expected))}, "
                f"got {escape(_short(check.got))}"
            )
        if turn.answer:
            answer = " ".join(turn.answer[:ANSWER_SHOWN].split())
            answer += "…" if len(turn.answer) > ANSWER_SHOWN else ""
            by = f" ({escape(turn.agent)})" if turn.agent else ""
            console.print(f"    answer{by}: [dim]{escape(answer)}[/]")


def render(result: RunResult, console: Console, *, failures: bool = True) -> None:
    """Summary, then (unless `failures` is False) every failed case."""
    render_summary(result, console)
    failed = [case for case in result.cases if not case.passed]
    if failures and failed:
        console.print()
        console.print(f"[bold]Failures ({len(failed)} cases)[/]")
        for case in failed:
            render_case_failures(case, console)


def write_json(result: RunResult, path: Path) -> None:
    """The whole result as one JSON document (`results.RunResult`; docs/eval.md)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(result.model_dump_json(indent=2) + "\n", encoding="utf-8")


__all__ = ["ANSWER_SHOWN", "render", "render_case_failures", "render_summary", "write_json"]
