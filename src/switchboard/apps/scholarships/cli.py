"""Commands of the scholarship assistant, registered on the `switchboard` command by `register`
(the `switchboard.cli` entry point in pyproject.toml):

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
from typing import Any, NoReturn

import typer

from switchboard.core import SYSTEM_CLOCK

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


def guard_rows(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The messages of a guard file, one dict per message (`text`, maybe `label`/`category`).

    A line is plain text, or a JSON object: `{"text": ..., "label": "SAFE"|"UNSAFE",
    "category": ...}` (label and category optional; a plain "UNSAFE" needs no category), or
    a `switchboard eval` case (`turns`, each with an optional `expect.blocked` /
    `expect.category`). Blank lines and `//` comments are skipped. A line that starts with `{`
    but is not a JSON object, or an unknown label, raises `GuardDataError` naming the line."""
    from switchboard.patterns import GuardDataError

    rows: list[dict[str, Any]] = []
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        if not line.lstrip().startswith("{"):
            rows.append({"text": line})
            continue
        try:
            parsed = json.loads(line)
        except json.JSONDecodeError as exc:
            raise GuardDataError(f"line {number}: invalid JSON ({exc.msg})") from exc
        if isinstance(parsed.get("turns"), list):  # a line that starts with "{" is an object
            rows.extend(_case_rows(parsed, number))
            continue
        if not isinstance(parsed.get("text"), str):
            raise GuardDataError(f'line {number}: the object has no "text" string')
        rows.append(_labelled(parsed, number))
    return rows


def _labelled(row: dict[str, Any], number: int) -> dict[str, Any]:
    from switchboard.patterns import GuardDataError, target_of

    label, category = row.get("label"), row.get("category")
    if label is None and category is None:
        return {"text": row["text"]}
    if label is None:  # a category alone means UNSAFE
        label = "UNSAFE"
    out = {"text": row["text"], "label": str(label).strip().upper(), "category": category}
    try:
        target_of(out, need_category=False)
    except GuardDataError as exc:
        raise GuardDataError(f"line {number}: {exc.message}") from exc
    return out


def _case_rows(case: dict[str, Any], number: int) -> list[dict[str, Any]]:
    from switchboard.patterns import GuardDataError

    rows: list[dict[str, Any]] = []
    for turn in case["turns"]:
        if not isinstance(turn, dict) or not isinstance(turn.get("user"), str):
            raise GuardDataError(f'line {number}: every turn needs a "user" string')
        expect = turn.get("expect") or {}
        if not isinstance(expect, dict) or "blocked" not in expect:
            continue
        blocked = bool(expect["blocked"])
        row = {"text": turn["user"], "label": "UNSAFE" if blocked else "SAFE"}
        row["category"] = expect.get("category") if blocked else None
        rows.append(_labelled(row, number))
    return rows


def guard_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Judge every message of a guard file (see `guard_rows`) with the offline guard: one
    result per message, then a summary when every message was labelled."""
    from switchboard.patterns import GuardClassifier, evaluate

    rows = guard_rows(lines)
    classifier = GuardClassifier.default()
    out: list[dict[str, Any]] = []
    for row in rows:
        verdict = classifier.check(str(row["text"]))
        out.append(
            {
                "text": row["text"],
                "verdict": verdict.verdict,
                "category": verdict.category.value if verdict.category else None,
                "ms": round(verdict.ms, 2),
            }
        )
    labelled = [row for row in rows if "label" in row]
    if labelled and len(labelled) == len(rows):
        out.append({"summary": evaluate(labelled, classifier.check).summary()})
    return out


def _fail(message: str) -> NoReturn:
    """A user error: one line on stderr, exit code 2 (no traceback)."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


@scholarships_app.command("guard")
def guard(
    source: str = typer.Argument(
        "-", help="File of messages (text, JSONL or eval cases), or - for stdin."
    ),
) -> None:
    """Classify messages SAFE/UNSAFE with the offline guard (JSON per line)."""
    from switchboard.patterns import GuardDataError

    try:
        if source == "-":
            lines: Iterable[str] = sys.stdin.read().splitlines()
        else:
            lines = Path(source).read_text(encoding="utf-8").splitlines()
        results = guard_lines(lines)
    except FileNotFoundError:
        _fail(f"no such file: {source}")
    except IsADirectoryError:
        _fail(f"{source} is a directory, not a file")
    except UnicodeDecodeError:
        _fail(f"{source} is not UTF-8 text")
    except OSError as exc:
        _fail(f"cannot read {source}: {exc.strerror or exc}")
    except GuardDataError as exc:
        _fail(exc.message)
    for item in results:
        _emit(item)


def _store(database_url: str | None) -> Any:
    from switchboard import open_store
    from switchboard.config import Settings

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
    from switchboard.models import ModelSource

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


__all__ = [
    "curate",
    "guard",
    "guard_lines",
    "guard_rows",
    "ingest",
    "judge",
    "parse_since",
    "register",
]
