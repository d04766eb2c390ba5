"""Issue 21, point 1 (git): a job's git never touches another repository, and a repository's
own config, templates, hooks or attributes cannot make git run a program outside the sandbox.

The job root sits inside an "enclosing" repository (as `var/jobs` did inside the checkout under
`make run`); the attacks go through the terminal tool (refused by the policy) and then, with the
policy out of the way, straight to the sandbox (confined)."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from switchboard.patterns.jobs.errors import ForbiddenCommandError, PathEscapeError
from switchboard.patterns.jobs.sandbox import Sandbox, prepare_workspace
from switchboard.patterns.jobs.tools.context import WORKDIR
from switchboard.patterns.jobs.tools.filesystem import filesystem_tools
from switchboard.patterns.jobs.tools.terminal import TerminalPolicy, run_command, terminal_tool
from switchboard.patterns.jobs.tools.workspace import Workspace
from switchboard.tools import ToolContext, ToolRegistry

CANARY = f"canary-{uuid.uuid4().hex}"
HOST_GIT = {
    "PATH": os.environ["PATH"],
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_AUTHOR_NAME": "server",
    "GIT_AUTHOR_EMAIL": "server@example.com",
    "GIT_COMMITTER_NAME": "server",
    "GIT_COMMITTER_EMAIL": "server@example.com",
}


def host_git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=repo, env=HOST_GIT, capture_output=True, text=True, check=True
    ).stdout


@pytest.fixture
def enclosing(tmp_path: Path) -> Path:
    """The server's repository, with one commit, holding the job root."""
    repo = tmp_path / "checkout"
    (repo / "var" / "jobs").mkdir(parents=True)
    (repo / "server.py").write_text("segredo do servidor\n")
    host_git(repo, "init", "-q", "-b", "main")
    host_git(repo, "add", "server.py")
    host_git(repo, "commit", "-q", "-m", "servidor: commit privado")
    return repo


@pytest.fixture
def ws(enclosing: Path) -> Path:
    work = enclosing / "var" / "jobs" / "job-1"
    work.mkdir()
    return work


def ctx(ws: Path) -> ToolContext:
    return ToolContext(session_id="job-1", user_id="u1", agent="dev", extras={WORKDIR: str(ws)})


async def test_git_without_its_own_repository_finds_none(ws: Path) -> None:
    for argv in (["git", "log"], ["git", "status"]):
        result = await run_command(argv, str(ws), TerminalPolicy())
        assert result.exit_code != 0 and "not a git repository" in result.output


async def test_each_workspace_is_its_own_repository(ws: Path, enclosing: Path) -> None:
    before = host_git(enclosing, "log", "--format=%H %s")
    assert await prepare_workspace(str(ws))
    assert await prepare_workspace(str(ws)), "idempotent"
    git_dir = ws / ".git"
    assert (git_dir / "HEAD").read_text() == "ref: refs/heads/main\n"
    assert not (git_dir / "hooks").exists() and not (git_dir / "info").exists(), "no template"
    registry = ToolRegistry([terminal_tool(), *filesystem_tools()])
    await registry.execute("fs_write", {"path": "a.txt", "content": "a"}, ctx(ws))
    for argv in (
        ["git", "checkout", "-b", "feature"],
        ["git", "add", "a.txt"],
        ["git", "commit", "-q", "-m", "do job"],
    ):
        result = await registry.execute("terminal", {"command": argv}, ctx(ws))
        assert result.ok and json.loads(result.output)["exit_code"] == 0, result.output
    log = await registry.execute("terminal", {"command": ["git", "log", "--oneline"]}, ctx(ws))
    output = json.loads(log.output)["output"]
    assert "do job" in output and "servidor" not in output
    assert host_git(enclosing, "log", "--format=%H %s") == before
    assert host_git(enclosing, "branch", "--list") == "* main\n"


def _plant_template(ws: Path, tmp_path: Path) -> None:
    """The issue's attack: a template whose config defines a filter and whose hooks run, plus a
    `.gitattributes` that applies the filter to every file."""
    template = ws / "tpl"
    (template / "hooks").mkdir(parents=True)
    evil = (
        f"#!/bin/sh\ncat /proc/1/environ {tmp_path}/secret.txt > leak 2>&1\n"
        f"touch {tmp_path}/pwned\ncat\n"
    )
    (ws / "evil.sh").write_text(evil)
    os.chmod(ws / "evil.sh", 0o755)
    (template / "config").write_text(
        '[filter "evil"]\n\tclean = ./evil.sh\n\tsmudge = ./evil.sh\n'
        "[core]\n\tfsmonitor = ./evil.sh\n"
    )
    hook = template / "hooks" / "pre-commit"
    hook.write_text(f"#!/bin/sh\ntouch hook-ran {tmp_path}/pwned\n")
    hook.chmod(0o755)
    (ws / ".gitattributes").write_text("* filter=evil\n")
    (ws / "a.txt").write_text("a\n")
    (tmp_path / "secret.txt").write_text(CANARY)


async def test_the_template_and_filter_attack(
    ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", CANARY)
    _plant_template(ws, tmp_path)
    with pytest.raises(ForbiddenCommandError, match="--template"):
        await run_command(["git", "init", "--template=tpl"], str(ws), TerminalPolicy())
    # Policy out of the way: the template is used and the filter runs — inside the sandbox.
    sandbox = Sandbox()
    for argv in (
        ["git", "init", "-q", "--template=tpl"],
        ["git", "add", "a.txt"],
        ["git", "commit", "-q", "-m", "committed"],
    ):
        assert (await sandbox.run(argv, workspace=str(ws))).exit_code == 0, argv
    assert "committed" in (await sandbox.run(["git", "log"], workspace=str(ws))).output
    assert (ws / ".git" / "hooks" / "pre-commit").exists(), "the template was copied"
    assert (ws / "leak").exists(), "the filter ran: the attack is real"
    assert CANARY not in (ws / "leak").read_text(errors="replace")
    assert not (tmp_path / "pwned").exists()
    assert not (ws / "hook-ran").exists(), "hooks never run (core.hooksPath=/dev/null)"


async def test_the_job_cannot_write_a_repository_config(ws: Path) -> None:
    await prepare_workspace(str(ws))
    workspace = Workspace(ws)
    for path in (".git/config", ".git/hooks/pre-commit", "sub/.git/config", ".GIT/config"):
        with pytest.raises(PathEscapeError, match=r"\.git"):
            workspace.write_text(path, '[filter "x"]\n\tclean = sh\n')
    with pytest.raises(PathEscapeError):
        workspace.make_dir("sub/.git/hooks")
    assert "filter" not in (ws / ".git" / "config").read_text()


@pytest.mark.parametrize(
    "argv",
    [
        ["git", "-c", "core.pager=sh", "log"],
        ["git", "-C", "..", "log"],
        ["git", "--git-dir=../../.git", "log"],
        ["git", "--work-tree=..", "status"],
        ["git", "--exec-path=.", "status"],
        ["git", "config", "filter.x.clean", "sh"],
        ["git", "init", "--separate-git-dir=../g"],
        ["git", "init", "--template", "tpl"],
        ["git", "diff", "--output=../x"],
        ["git", "diff", "--ext-diff"],
        ["git", "log", "--textconv"],
        ["git", "commit", "-F", "/etc/passwd"],
        ["git", "commit", "--file=../secret.txt"],
        ["git", "add", "--pathspec-from-file=list"],
        ["git", "add", "-p"],
        ["git", "log", "--out=../x"],
        ["git", "checkout", "main"],
        ["git", "checkout", "-b", "--orphan"],
        ["git", "push"],
    ],
)
async def test_git_options_that_escape_are_refused(ws: Path, argv: list[str]) -> None:
    with pytest.raises((ForbiddenCommandError, PathEscapeError)):
        TerminalPolicy().check(argv, str(ws))
