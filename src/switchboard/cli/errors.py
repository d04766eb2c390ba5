"""User errors in one line, not a traceback (issue 22).

Every command runs inside `FriendlyGroup.invoke`: an exception that reaches it is printed as one
line on stderr — `Error: <what went wrong>` — with an exit code that tells a script what kind of
failure it was, and `--debug` (or `SWITCHBOARD_DEBUG=1`) shows the full traceback instead:

- exit 2: the command was given something it cannot use: a missing or unreadable file, bad JSON
  or YAML, an unknown app or agent, invalid settings, any typed error with a 4xx status;
- exit 1: the command could not finish: a database or Redis that does not answer, a model
  provider that fails, any other error (one line naming its type);
- exit 130: interrupted (Ctrl-C; Typer's own handling).

Messages keep the language they were raised in: typed errors speak pt-BR to users, the rest is
English, as logs are.
"""

from __future__ import annotations

import json
import os
from typing import Any

import typer
from pydantic import ValidationError
from typer.core import TyperGroup

from switchboard.core.errors import SwitchboardError

USER_ERROR = 2
FAILURE = 1


class CommandFailed(Exception):
    """A failure reported in one line, with its exit code."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


def debugging(ctx: Any = None) -> bool:
    if os.environ.get("SWITCHBOARD_DEBUG", "").strip() not in ("", "0", "false", "no"):
        return True
    root = ctx.find_root() if ctx is not None else None
    return bool(root is not None and isinstance(root.obj, dict) and root.obj.get("debug"))


def one_line(exc: BaseException) -> CommandFailed:
    """`exc` as what a person at a terminal needs: one line and an exit code."""
    if isinstance(exc, SwitchboardError):
        code = USER_ERROR if 400 <= exc.http_status < 500 else FAILURE
        return CommandFailed(exc.message, code)
    if isinstance(exc, FileNotFoundError):
        return CommandFailed(f"no such file: {exc.filename}", USER_ERROR)
    if isinstance(exc, IsADirectoryError | NotADirectoryError | PermissionError):
        return CommandFailed(f"cannot use {exc.filename}: {exc.strerror}", USER_ERROR)
    if isinstance(exc, json.JSONDecodeError):
        where = f"line {exc.lineno}, column {exc.colno}"
        return CommandFailed(f"invalid JSON ({where}): {exc.msg}", USER_ERROR)
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or exc.title
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        return CommandFailed(f"invalid {where}: {first['msg']}{more}", USER_ERROR)
    if _is_yaml_error(exc) or isinstance(exc, UnicodeDecodeError):
        return CommandFailed(f"cannot read the file: {str(exc).splitlines()[0]}", USER_ERROR)
    from switchboard.server.dependencies import is_unavailable

    if is_unavailable(exc):
        return CommandFailed(f"a service did not answer (database or Redis?): {exc}", FAILURE)
    return CommandFailed(
        f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else 'unexpected error'}"
        " (run with --debug for the traceback)",
        FAILURE,
    )


def _is_yaml_error(exc: BaseException) -> bool:
    return type(exc).__module__.startswith("yaml")


class FriendlyGroup(TyperGroup):
    """The root command group: exceptions of any command end as one line (see the module)."""

    def invoke(self, ctx: Any) -> Any:  # Any: click's Context, vendored or not by Typer
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException, BrokenPipeError):
            raise  # Typer's own (usage errors, exits) and a closed pipe (`| head`), which it ends
        except Exception as exc:
            if debugging(ctx):
                raise
            failed = exc if isinstance(exc, CommandFailed) else one_line(exc)
            typer.echo(f"Error: {failed.message}", err=True)
            raise typer.Exit(failed.exit_code) from exc


__all__ = ["FAILURE", "USER_ERROR", "CommandFailed", "FriendlyGroup", "one_line"]
