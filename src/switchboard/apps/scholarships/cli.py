"""Commands of the scholarship assistant, registered on the `switchboard` command:

    switchboard scholarships guard [FILE|-]          one JSON per message; summary if labelled
    switchboard knowledge ingest DIR --collection sisu|prouni [--db URL]
    switchboard judge [--since 2026-01-01|7d] [--user U ...] [--limit N] [--db URL]
    switchboard curate list|approve ID|reject ID [--db URL]

Heavy imports (scikit-learn, SQLAlchemy) stay inside the commands so `switchboard --help` is fast.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import typer

from switchboard.core.clock import SYSTEM_CLOCK

scholarships_app = typer.Typer(
    help="Scholarship assistant (Sisu/Prouni) tools.", no_args_is_help=True
)
knowledge_app = typer.Typer(help="Knowledge base for the RAG agents.", no_args_is_help=True)

DB_HELP = "Store URL (default: settings)."


def register(app: typer.Typer) -> None:
    app.add_typer(scholarships_app, name="scholarships")
    app.add_typer(knowledge_app, name="knowledge")
    app.command("judge")(judge)
    app.command("curate")(curate)


def _emit(data: dict[str, Any]) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False))


def guard_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Judge every line (plain text, or JSONL with `text` and maybe `label`/`category`): one
    result per message, then a summary when every row was labelled."""
    from switchboard.patterns.guardrails.classifier import GuardClassifier
    from switchboard.patterns.guardrails.evaluation import evaluate

    classifier = GuardClassifier.default()
    out: list[dict[str, Any]] = []
    labelled: list[dict[str, Any]] = []
    for line in lines:
        if not line.strip():
            continue
        row: dict[str, Any] = {"text": line.rstrip("\n")}
        if line.lstrip().startswith("{"):
            try:
                parsed = json.loads(line)
            except json.JSONDecodeError:
                parsed = None
            if isinstance(parsed, dict) and isinstance(parsed.get("text"), str):
                row = parsed
        verdict = classifier.check(str(row["text"]))
        out.append(
            {
                "text": row["text"],
                "verdict": verdict.verdict,
                "category": verdict.category,
                "ms": round(verdict.ms, 2),
            }
        )
        if "label" in row:
            labelled.append(row)
    if labelled and len(labelled) == len(out):
        out.append({"summary": evaluate(labelled, classifier.check).summary()})
    return out


@scholarships_app.command("guard")
def guard(
    source: str = typer.Argument("-", help="File of messages (text or JSONL), or - for stdin."),
) -> None:
    """Classify messages SAFE/UNSAFE with the offline guard (JSON per line)."""
    if source == "-":
        lines: Iterable[str] = sys.stdin
    else:
        path = Path(source)
        if not path.is_file():
            raise typer.BadParameter(f"no such file: {source}")
        lines = path.read_text(encoding="utf-8").splitlines()
    for item in guard_lines(lines):
        _emit(item)


def _store(database_url: str | None) -> Any:
    from switchboard.config import Settings
    from switchboard.store.factory import open_store

    return open_store(database_url or Settings().database_url, clock=SYSTEM_CLOCK)


@knowledge_app.command("ingest")
def ingest(
    directory: Path = typer.Argument(..., help="Directory with the extracted texts."),
    collection: str = typer.Option(..., "--collection", help="sisu or prouni."),
    pattern: str | None = typer.Option(
        None, "--pattern", help="File glob (default <collection>_*.txt)."
    ),
    database_url: str | None = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Ingest a collection (idempotent: unchanged documents are skipped); prints the counts."""
    from switchboard.knowledge import KNOWLEDGE, ingest_dir

    async def run() -> dict[str, int]:
        store = _store(database_url)
        await store.init()
        try:
            report = await ingest_dir(
                store.repository(KNOWLEDGE), directory, collection=collection, pattern=pattern
            )
            return report.counts
        finally:
            await store.close()

    _emit({"collection": collection, **asyncio.run(run())})


_RELATIVE = re.compile(r"^(?P<n>\d+)(?P<unit>[dh])$")


def parse_since(value: str | None, now: datetime) -> datetime | None:
    """ "7d", "12h", or an ISO date/datetime; None for no limit."""
    if not value:
        return None
    if m := _RELATIVE.match(value.strip()):
        n = int(m.group("n"))
        return now - (timedelta(days=n) if m.group("unit") == "d" else timedelta(hours=n))
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:
        raise typer.BadParameter(f"--since: use 7d, 12h or an ISO date, not {value!r}") from exc
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=now.tzinfo)


def judge(
    since: str | None = typer.Option(None, "--since", help="7d, 12h or an ISO date."),
    users: list[str] = typer.Option(
        [], "--user", help="Only this user's sessions (repeat); default: every user's."
    ),
    limit: int = typer.Option(200, "--limit", min=1, help="Most recent sessions to judge."),
    database_url: str | None = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Judge recent scholarship conversations (every user's, or --user's) and propose golden
    examples (JSON per line, then a summary line). An operator's command: it reads every
    user's sessions in the store it is pointed at."""
    from switchboard.apps.scholarships.app import is_offline, load_specs
    from switchboard.apps.scholarships.learning import judge_sessions
    from switchboard.config import Settings
    from switchboard.models.source import ModelSource

    settings = Settings()
    start = parse_since(since, SYSTEM_CLOCK.now())

    async def run() -> list[dict[str, Any]]:
        store = _store(database_url)
        await store.init()
        model = None
        if not is_offline(settings.model):
            model = ModelSource(settings.model).for_agent(load_specs()["root"])
        try:
            judged = await judge_sessions(store, users, since=start, model=model, limit=limit)
            return [j.as_json() for j in judged]
        finally:
            await store.close()

    results = asyncio.run(run())
    for item in results:
        _emit(item)
    _emit({"judged": len(results), "proposed": sum(1 for r in results if r["proposed"])})


def curate(
    action: str = typer.Argument(..., help="list, approve or reject."),
    example_id: int | None = typer.Argument(None, help="Golden example id (approve/reject)."),
    database_url: str | None = typer.Option(None, "--db", help=DB_HELP),
) -> None:
    """Review proposed golden examples."""
    from switchboard.apps.scholarships.records import GOLDEN_EXAMPLES

    if action not in ("list", "approve", "reject"):
        raise typer.BadParameter("action must be list, approve or reject")
    if action != "list" and example_id is None:
        raise typer.BadParameter(f"{action} needs an example id")

    async def run() -> list[dict[str, Any]]:
        store = _store(database_url)
        await store.init()
        try:
            golden = store.repository(GOLDEN_EXAMPLES)
            if action == "list":
                items = await golden.recent(status="proposed")
            elif action == "approve":
                assert example_id is not None
                items = [await golden.approve(example_id)]
            else:
                assert example_id is not None
                items = [await golden.reject(example_id)]
            return [item.model_dump(mode="json") for item in items]
        finally:
            await store.close()

    for item in asyncio.run(run()):
        _emit(item)


__all__ = ["curate", "guard", "guard_lines", "ingest", "judge", "parse_since", "register"]
