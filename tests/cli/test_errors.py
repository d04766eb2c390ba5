"""CLI user errors end in one line and an exit code, not a traceback (issue 22); `--debug`
shows the traceback; `--version` prints the version."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from switchboard import __version__
from switchboard.cli.errors import FAILURE, USER_ERROR, one_line
from switchboard.cli.main import app
from switchboard.core.errors import UnknownAppError


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.output.strip() == f"switchboard {__version__}"


def test_an_unknown_app_is_one_line_and_exit_2():
    result = run("chat", "--app", "nope")
    assert result.exit_code == USER_ERROR
    lines = result.output.strip().splitlines()
    assert lines == ["Error: unknown app 'nope'; available: support, finance, scholarships, jobs"]
    assert "Traceback" not in result.output


def test_a_missing_file_is_one_line_and_exit_2(tmp_path):
    result = run("finance", "classify", str(tmp_path / "missing.jsonl"))
    assert result.exit_code == USER_ERROR
    assert result.output.strip() == f"Error: no such file: {tmp_path / 'missing.jsonl'}"


def test_a_database_that_does_not_answer_is_exit_1(monkeypatch):
    monkeypatch.setenv("SWITCHBOARD_DATABASE_URL", "postgresql://postgres@127.0.0.1:1/none")
    result = run("users", "create", "bob")
    assert result.exit_code == FAILURE
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: a service did not answer")


def test_debug_shows_the_real_exception():
    result = run("--debug", "chat", "--app", "nope")
    assert isinstance(result.exception, UnknownAppError)


def test_debug_from_the_environment(monkeypatch):
    monkeypatch.setenv("SWITCHBOARD_DEBUG", "1")
    assert isinstance(run("chat", "--app", "nope").exception, UnknownAppError)


@pytest.mark.parametrize(
    ("error", "code", "start"),
    [
        (json.JSONDecodeError("Expecting value", "x", 0), USER_ERROR, "invalid JSON (line 1"),
        (PermissionError(13, "Permission denied", "/root/x"), USER_ERROR, "cannot use /root/x"),
        (RuntimeError("boom\nsecond line"), FAILURE, "RuntimeError: boom (run with --debug"),
        (ConnectionRefusedError(111, "refused"), FAILURE, "a service did not answer"),
    ],
)
def test_one_line_for_each_kind_of_failure(error, code, start):
    failed = one_line(error)
    assert failed.exit_code == code and failed.message.startswith(start)
    assert "\n" not in failed.message


def test_a_closed_pipe_is_not_reported_as_an_outage():
    """`switchboard … | head` closes stdout early: Typer ends it, never "a service did not
    answer" (a BrokenPipeError is a ConnectionError)."""
    import typer

    from switchboard.cli.errors import FriendlyGroup

    tiny = typer.Typer(cls=FriendlyGroup)

    @tiny.command()
    def write() -> None:
        raise BrokenPipeError(32, "Broken pipe")

    @tiny.command()
    def other() -> None: ...

    result = CliRunner().invoke(tiny, ["write"])
    assert "service did not answer" not in result.output
    assert result.exit_code == 1  # Typer quiets the pipe and exits 1
