"""The finance app's commands: `switchboard finance classify`, `switchboard demo finance` and
`switchboard report weekly`.

Registered on the main `switchboard` command by `register(app)`, the `switchboard.cli` entry
point in pyproject.toml (`cli/plugins.py`). `report weekly` is `missions/cli.py::weekly`,
reached through a thin command declared here: importing the missions package costs ~1.5 s
(contracts, market, bus), and every `switchboard` invocation would pay it just to list
commands — the main command's rule is "only typer at import time".
"""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import date
from pathlib import Path

import typer

finance_app = typer.Typer(help="Finance assistant tools.", no_args_is_help=True)
demo_app = typer.Typer(help="Load demo data.", no_args_is_help=True)
report_app = typer.Typer(
    help="Relatórios offline das missões (spec 001 §10).", no_args_is_help=True
)


@finance_app.command("classify")
def classify(
    source: str = typer.Argument("-", help="File of messages (lines or JSONL); '-' for stdin."),
    today: str | None = typer.Option(None, "--today", help="The user's today, YYYY-MM-DD."),
    model: str | None = typer.Option(
        None, "--model", help="Model id for the hosted path (default: offline)."
    ),
) -> None:
    """Classify messages as Junior does; print one JSON object per message."""
    from switchboard.apps.finance.brain import Brain, HostedBrain, OfflineBrain
    from switchboard.apps.finance.classify import classify_lines

    day = date.fromisoformat(today) if today else date.today()
    brain: Brain = OfflineBrain()
    if model and model != "embedded":
        from switchboard.apps.finance.app import load_specs
        from switchboard.models import ModelSource

        brain = HostedBrain(ModelSource(model).for_agent(load_specs()["junior"]))
    stream = sys.stdin if source == "-" else Path(source).open(encoding="utf-8")  # noqa: SIM115

    async def run() -> None:
        async for row in classify_lines(stream, day, brain):
            typer.echo(json.dumps(row, ensure_ascii=False))

    try:
        asyncio.run(run())
    finally:
        if stream is not sys.stdin:
            stream.close()


@demo_app.command("finance")
def demo_finance(
    user: str = typer.Option("dev", "--user", help="User who gets the demo ledger."),
    database_url: str | None = typer.Option(None, "--db", help="Store URL (default: settings)."),
) -> None:
    """Load six months of demo finance data for a user (once)."""
    from switchboard import open_store
    from switchboard.apps.finance.demo import load_demo
    from switchboard.apps.finance.ledger import LEDGER
    from switchboard.apps.finance.nlu import today_in_sao_paulo
    from switchboard.config import Settings
    from switchboard.core import SYSTEM_CLOCK

    async def run() -> bool:
        store = open_store(database_url or Settings().database_url)
        try:
            await store.init()
            today = today_in_sao_paulo(SYSTEM_CLOCK.now())
            return await load_demo(store.repository(LEDGER), user, today)
        finally:
            await store.close()

    loaded = asyncio.run(run())
    typer.echo(f"demo ledger {'loaded' if loaded else 'already present'} for user {user}")


@report_app.command("weekly")
def weekly(
    since: str | None = typer.Option(None, "--since", help="ISO date/time (default: 7 days ago)."),
    until: str | None = typer.Option(None, "--until", help="ISO date/time (default: now)."),
    out: Path = typer.Option(Path("report.html"), "--out", help="HTML file to write."),
    database_url: str | None = typer.Option(None, "--db", help="Store URL (default: settings)."),
) -> None:
    """The six weekly mission analyses (§10) as one HTML page (inline SVG charts) plus JSON."""
    from switchboard.apps.finance.missions.cli import weekly as write

    write(since=since, until=until, out=out, database_url=database_url)


def register(app: typer.Typer) -> None:
    """Add `finance`, `demo` and `report` to the main command."""
    app.add_typer(finance_app, name="finance")
    app.add_typer(demo_app, name="demo")
    app.add_typer(report_app, name="report")
