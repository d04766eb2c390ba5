"""Commands contributed by apps and other distributions: the `switchboard.cli` entry points.

The platform's own commands (`serve`, `chat`, `worker`, `jobs`, `eval`, `mcp`, `users`, `keys`)
are registered by `cli/main.py`; an app's commands are not the platform's business, so the
platform never imports them by name. Each distribution declares a function that adds its
commands to the main Typer app:

    [project.entry-points."switchboard.cli"]
    finance = "switchboard.apps.finance.cli:register"   # register(app: typer.Typer) -> None

A `register` module must import only typer (and what is light) at import time — every
`switchboard` invocation loads it to list the commands; the work loads when a command runs.
A distribution whose commands cannot be loaded costs a one-line warning, not the whole CLI
(`switchboard serve` must still start), and one that would take a name already taken is
refused: a plugin never replaces another's command.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

import typer

CLI_GROUP = "switchboard.cli"

Register = Callable[[typer.Typer], None]
"""What a `switchboard.cli` entry point names: adds commands (or sub-apps) to the main app."""


def command_names(app: typer.Typer) -> set[str]:
    """The names `app` answers to at the top level (commands and command groups)."""
    names = {
        info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        for info in app.registered_commands
    }
    names |= {info.name or "" for info in app.registered_groups}
    return names - {""}


def register_plugins(app: typer.Typer) -> list[str]:
    """Let every `switchboard.cli` entry point add its commands to `app` (read on each call, so
    a distribution on `sys.path` is seen); returns the names of those that did."""
    loaded: list[str] = []
    for entry in sorted(entry_points(group=CLI_GROUP), key=lambda e: e.name):
        taken = command_names(app)
        staged = typer.Typer()
        try:
            register: Register = entry.load()
            register(staged)
        except Exception as exc:  # a broken plugin must not take the other commands down
            _warn(f"the commands of {entry.name!r} ({entry.value}) were not loaded: {exc!r}")
            continue
        if clash := sorted(command_names(staged) & taken):
            _warn(f"the commands of {entry.name!r} were not loaded: {', '.join(clash)} taken")
            continue
        app.registered_commands.extend(staged.registered_commands)
        app.registered_groups.extend(staged.registered_groups)
        loaded.append(entry.name)
    return loaded


def _warn(message: str) -> None:
    typer.echo(f"Warning: {message}", err=True)


__all__ = ["CLI_GROUP", "Register", "command_names", "register_plugins"]
