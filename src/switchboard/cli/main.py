"""The `switchboard` command. Sub-commands live in their own modules and import lazily."""

from __future__ import annotations

import contextlib

import typer

app = typer.Typer(
    help="Switchboard: multi-agent chat assistants.", no_args_is_help=True, add_completion=False
)


@app.command()
def chat(
    app_name: str = typer.Option("support", "--app", help="Reference app to talk to."),
    session: str = typer.Option("terminal", "--session", help="Session id (resumes if it exists)."),
    user: str = typer.Option("local", "--user", help="Local user id for the terminal."),
    database_url: str | None = typer.Option(None, "--db", help="Store URL (default: settings)."),
) -> None:
    """Chat in the terminal, with streamed answers and agent/tool activity."""
    from switchboard.cli.chat import run_chat

    run_chat(app_name=app_name, session_id=session, user_id=user, database_url=database_url)


def _register_optional() -> None:
    """Commands contributed by other modules (server, keys) register themselves here."""
    with contextlib.suppress(ImportError):
        from switchboard.cli import serve  # noqa: F401
    with contextlib.suppress(ImportError):
        from switchboard.cli import jobs  # noqa: F401


_register_optional()

if __name__ == "__main__":
    app()
