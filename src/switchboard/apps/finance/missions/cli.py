"""`switchboard report weekly [--since …] [--until …] [--out report.html] [--db URL]`.

The lead mounts `report_app` on the main command (`app.add_typer(report_app, name="report")`).
Writes the HTML page and, next to it, the same numbers as JSON (`report.json`). `--since`
defaults to seven days before `--until` (default: now).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import typer

from switchboard.apps.finance.missions.report import analyse_missions, render_html, report_json
from switchboard.apps.finance.missions.telemetry import MISSIONS

report_app = typer.Typer(help="Relatórios offline das missões (spec 001 §10).")


def _date(value: str | None) -> datetime | None:
    if value is None:
        return None
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


@report_app.command("weekly")
def weekly(
    since: str | None = typer.Option(None, "--since", help="ISO date/time (default: 7 days ago)."),
    until: str | None = typer.Option(None, "--until", help="ISO date/time (default: now)."),
    out: Path = typer.Option(Path("report.html"), "--out", help="HTML file to write."),
    database_url: str | None = typer.Option(None, "--db", help="Store URL (default: settings)."),
) -> None:
    """The six weekly analyses of §10 as one HTML page (inline SVG charts) plus JSON."""
    end = _date(until) or datetime.now(UTC)
    start = _date(since) or end - timedelta(days=7)
    asyncio.run(write_weekly(database_url, start, end, out))
    typer.echo(f"{out} e {out.with_suffix('.json')} escritos")


async def write_weekly(
    database_url: str | None, since: datetime, until: datetime, out: Path
) -> None:
    from switchboard import open_store

    if database_url is None:
        from switchboard.config import Settings

        database_url = Settings().database_url
    store = open_store(database_url)
    try:
        await store.init()
        records = await store.repository(MISSIONS).between(since, until)
    finally:
        await store.close()
    report = analyse_missions(records, since=since, until=until)
    await asyncio.to_thread(_write, out, render_html(report), report_json(report))


def _write(out: Path, page: str, numbers: str) -> None:
    out.write_text(page, encoding="utf-8")
    out.with_suffix(".json").write_text(numbers, encoding="utf-8")


__all__ = ["report_app", "weekly", "write_weekly"]
