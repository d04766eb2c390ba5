"""The terminal tool's argument policy (defence in depth): per-program option allow-lists, paths
kept in the workspace, parsed the way GNU getopt and git parse (bundles, attached values,
permutation, `--`), with no abbreviation let through. The measured escapes of issue 21 first."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from switchboard.patterns.jobs.errors import ForbiddenCommandError, PathEscapeError
from switchboard.patterns.jobs.tools.terminal import TerminalPolicy, run_command


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    work = tmp_path / "ws"
    work.mkdir()
    (work / "a.txt").write_text("b 2\na 1\n")
    (work / "b.txt").write_text("b 2\nc 3\n")
    (tmp_path / "secret.txt").write_text("segredo")
    os.symlink(tmp_path / "secret.txt", work / "link.txt")
    return work


PWNED = Path("/tmp/pwned")


def _exists(path: Path) -> bool:
    return path.exists()


ESCAPES = [
    # issue 21: reading any file, writing anywhere, running programs
    ["diff", "--from-file=/proc/1/environ", "a.txt"],
    ["diff", "--from-file", "/proc/self/environ", "a.txt"],
    ["diff", "--to-file=../secret.txt", "a.txt"],
    ["sort", "-o/tmp/pwned", "a.txt"],
    ["sort", "-o", "out.txt", "a.txt"],
    ["sort", "-ro/tmp/pwned", "a.txt"],
    ["sort", "a.txt", "--output=x"],
    ["sort", "--compress-program=sh", "a.txt"],
    ["sort", "--compress-prog=sh", "a.txt"],
    ["sort", "--out=x", "a.txt"],
    ["sort", "-T", ".", "a.txt"],
    ["sort", "--files0-from=list"],
    ["sort", "--random-source=/dev/zero", "a.txt"],
    ["sort", "-S", "1G", "a.txt"],
    ["wc", "--files0-from=list"],
    ["grep", "-f", "/etc/passwd", "a.txt"],
    ["grep", "--exclude-from=../secret.txt", "x", "."],
    ["grep", "-R", "x", "."],
    ["cat", "/etc/passwd"],
    ["cat", "../secret.txt"],
    ["cat", "link.txt"],
    ["cat", "~/.bashrc"],
    ["head", "-n5", "/proc/1/environ"],
    ["head", "-n", "5", "--", "/etc/shadow"],
    ["tail", "-f", "a.txt"],
    ["tail", "--follow=name", "a.txt"],
    ["ls", "-la", "/"],
    ["ls", "--dired", "."],
    ["pwd", "x"],
]


@pytest.mark.parametrize("argv", ESCAPES)
async def test_escapes_are_refused_before_anything_runs(ws: Path, argv: list[str]) -> None:
    with pytest.raises((ForbiddenCommandError, PathEscapeError)):
        await run_command(argv, str(ws), TerminalPolicy())
    assert not _exists(PWNED) and not _exists(ws / "x")


ALLOWED = [
    ["sort", "-rn", "-k2", "-t", " ", "a.txt"],
    ["sort", "a.txt", "-u", "--key=1,1"],
    ["diff", "-u", "a.txt", "b.txt"],
    ["diff", "--from-file=a.txt", "b.txt"],
    ["grep", "-rn", "/usr/bin", "."],
    ["grep", "-e", "a", "-e", "c", "a.txt", "b.txt"],
    ["grep", "--color=never", "-c", "b", "a.txt"],
    ["head", "-1", "a.txt"],
    ["tail", "-n", "1", "a.txt"],
    ["wc", "-l", "a.txt", "b.txt"],
    ["ls", "-la", "--color=never", "."],
    ["cat", "-n", "--", "a.txt"],
    ["echo", "/etc/passwd", "--help", "-x", "$(whoami)"],
    ["pwd"],
]


@pytest.mark.parametrize("argv", ALLOWED)
async def test_ordinary_commands_still_run(ws: Path, argv: list[str]) -> None:
    result = await run_command(argv, str(ws), TerminalPolicy())
    assert result.exit_code in (0, 1), result.output  # diff/grep exit 1 = "differences/no match"


@pytest.mark.parametrize(
    "argv",
    [
        ["git", "init", "-q", "-b", "main"],
        ["git", "status", "--porcelain=v1", "-sb"],
        ["git", "add", "-A", "--", "a.txt"],
        ["git", "commit", "-qam", "mensagem com /etc/passwd e .."],
        ["git", "log", "-3", "--oneline", "--format=%h %s"],
        ["git", "log", "main..HEAD", "--", "a.txt"],
        ["git", "show", "--stat", "HEAD"],
        ["git", "diff", "--cached", "--stat"],
        ["git", "checkout", "-b", "feature/x"],
    ],
)
def test_ordinary_git_passes_the_policy(ws: Path, argv: list[str]) -> None:
    assert TerminalPolicy().check(argv, str(ws)) == argv


def test_a_refusal_names_what_is_allowed(ws: Path) -> None:
    with pytest.raises(ForbiddenCommandError) as refused:
        TerminalPolicy().check(["sort", "--compress-program=sh", "a.txt"], str(ws))
    assert "'--compress-program' não permitida em 'sort'" in refused.value.message
    assert "--numeric-sort" in refused.value.message
    with pytest.raises(ForbiddenCommandError, match="precisa de um valor"):
        TerminalPolicy().check(["sort", "-k"], str(ws))
    with pytest.raises(ForbiddenCommandError, match="não permitido"):
        TerminalPolicy().check(["python3", "-c", "print()"], str(ws))
