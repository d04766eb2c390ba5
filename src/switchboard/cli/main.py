"""The `switchboard` command. Sub-commands live in their own modules and import lazily."""

from __future__ import annotations

import typer

from switchboard.cli.errors import FriendlyGroup

app = typer.Typer(
    help="Switchboard: multi-agent chat assistants.",
    no_args_is_help=True,
    add_completion=False,
    cls=FriendlyGroup,
)


def _print_version(value: bool) -> None:
    if value:
        from switchboard import __version__

        typer.echo(f"switchboard {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    ctx: typer.Context,
    debug: bool = typer.Option(
        False, "--debug", help="Show the full traceback of an error (or SWITCHBOARD_DEBUG=1)."
    ),
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Switchboard: multi-agent chat assistants. Errors print one line (`Error: …`) and exit
    with 2 for bad input, 1 for a failure; `--debug` shows the traceback."""
    ctx.obj = {"debug": debug}
    # before any command: secrets from SWITCHBOARD_SECRETS_FILE (see switchboard/secrets_file.py)
    from switchboard.secrets_file import load_secrets

    load_secrets()


@app.command()
def chat(
    app_name: str = typer.Option(
        "support", "--app", help="App to talk to: a reference app or one a distribution registers."
    ),
    session: str = typer.Option("terminal", "--session", help="Session id (resumes if it exists)."),
    user: str = typer.Option("local", "--user", help="Local user id for the terminal."),
    database_url: str | None = typer.Option(None, "--db", help="Store URL (default: settings)."),
) -> None:
    """Chat in the terminal, with streamed answers and agent/tool activity."""
    from switchboard.cli.chat import run_chat

    run_chat(app_name=app_name, session_id=session, user_id=user, database_url=database_url)


def _register_commands() -> None:
    """The platform's own commands register themselves on import; apps' and other
    distributions' commands come from the `switchboard.cli` entry points (`cli/plugins.py`) —
    the platform names no app. Each module imports only typer at import time; the work (and its
    dependencies) loads when a command runs. Long-running commands set up logging (stderr, with
    trace ids) and tracing through `switchboard.cli.logs.observed`."""
    from switchboard.cli import eval, jobs, mcp, serve  # noqa: F401  (they register on import)
    from switchboard.cli.plugins import register_plugins

    register_plugins(app)


_register_commands()

if __name__ == "__main__":
    app()
