"""Job tools: filesystem containment (each escape), terminal allow-list / timeout / cap / env,
task manager ownership and idempotency, memory promotion."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from switchboard.patterns.jobs.errors import (
    CommandTimeoutError,
    ForbiddenCommandError,
    JobNotFoundError,
    PathEscapeError,
)
from switchboard.patterns.jobs.models import ApprovalDecision, Job, JobStatus, NewJob
from switchboard.patterns.jobs.tools.command_rules import rule
from switchboard.patterns.jobs.tools.context import IDEMPOTENCY_KEY, JOB_ID, WORKDIR
from switchboard.patterns.jobs.tools.filesystem import filesystem_tools
from switchboard.patterns.jobs.tools.memory import InMemoryLongTermMemory, memory_tool
from switchboard.patterns.jobs.tools.task_manager import task_manager_tools
from switchboard.patterns.jobs.tools.terminal import TerminalPolicy, run_command, terminal_tool
from switchboard.patterns.jobs.tools.workspace import Workspace, _open_at
from switchboard.tools import ToolContext, ToolRegistry


@pytest.fixture
def root(tmp_path: Path) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "secret.txt").write_text("segredo")
    return work


def ctx(root: Path, **extras: object) -> ToolContext:
    return ToolContext(
        session_id="job-1", user_id="u1", agent="dev", extras={WORKDIR: str(root), **extras}
    )


def test_workspace_reads_writes_lists_inside(root: Path) -> None:
    ws = Workspace(root)
    assert ws.write_text("src/app.py", "print('oi')\n") == 12
    assert ws.read_text("./src//app.py") == ("print('oi')\n", False)
    ws.make_dir("docs/a/b")
    names = [e["name"] for e in ws.list_dir(".")]
    assert names == ["docs", "src"]
    ws.write_text("src/app.py", "x\n", append=True)
    assert ws.read_text("src/app.py")[0].endswith("x\n")


@pytest.mark.parametrize(
    "path", ["../secret.txt", "src/../../secret.txt", "..", "/etc/passwd", "~/x", "a\x00b"]
)
def test_workspace_refuses_lexical_escapes(root: Path, path: str) -> None:
    ws = Workspace(root)
    for call in (lambda: ws.read_text(path), lambda: ws.write_text(path, "x")):
        with pytest.raises(PathEscapeError):
            call()


def test_workspace_refuses_symlinks_that_escape(root: Path, tmp_path: Path) -> None:
    os.symlink(tmp_path / "secret.txt", root / "link.txt")
    os.symlink(tmp_path, root / "up")
    ws = Workspace(root)
    with pytest.raises(PathEscapeError, match="fora"):
        ws.read_text("link.txt")
    with pytest.raises(PathEscapeError):
        ws.read_text("up/secret.txt")
    with pytest.raises(PathEscapeError):
        ws.write_text("up/new.txt", "x")
    assert not (tmp_path / "new.txt").exists()
    with pytest.raises(PathEscapeError):
        ws.list_dir("up")


def test_symlink_inside_the_root_is_followed_only_to_its_real_target(root: Path) -> None:
    ws = Workspace(root)
    ws.write_text("real/data.txt", "dados")
    os.symlink(root / "real", root / "alias")
    assert ws.read_text("alias/data.txt")[0] == "dados"


def test_open_refuses_a_symlink_swapped_in_after_the_check(root: Path, tmp_path: Path) -> None:
    """The TOCTOU race: the path checks clean, then becomes a link before the open."""
    ws = Workspace(root)
    (root / "d").mkdir()
    parts = ws.resolve("d/f.txt")
    shutil.rmtree(root / "d")
    os.symlink(tmp_path, root / "d")
    with pytest.raises(PathEscapeError), ws._dir(parts[:-1], create=False):
        pass
    os.symlink(tmp_path / "secret.txt", root / "file")
    with ws._dir([], create=False) as fd, pytest.raises(PathEscapeError):
        _open_at("file", os.O_RDONLY | os.O_NOFOLLOW, fd)


def test_workspace_refuses_writes_into_git(root: Path) -> None:
    with pytest.raises(PathEscapeError, match=r"\.git"):
        Workspace(root).write_text(".git/hooks/pre-commit", "#!/bin/sh\nrm -rf /\n")


async def test_filesystem_tools_report_escapes_as_tool_results(root: Path) -> None:
    registry = ToolRegistry(filesystem_tools())
    ok = await registry.execute("fs_write", {"path": "a.txt", "content": "olá"}, ctx(root))
    assert ok.ok and json.loads(ok.output)["bytes"] == 4
    bad = await registry.execute("fs_read", {"path": "../secret.txt"}, ctx(root))
    assert not bad.ok and "PathEscapeError" in bad.output and "'..'" in bad.output
    listed = await registry.execute("fs_list", {}, ctx(root))
    assert json.loads(listed.output)["entries"][0]["name"] == "a.txt"


async def test_terminal_runs_allowed_commands_without_a_shell(root: Path) -> None:
    policy = TerminalPolicy()
    result = await run_command(["echo", "a; rm -rf x", "$(whoami)", "*"], str(root), policy)
    assert result.exit_code == 0 and result.output == "a; rm -rf x $(whoami) *\n"


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["rm", "-rf", "."], ForbiddenCommandError),
        (["/bin/ls"], ForbiddenCommandError),
        (["bash", "-c", "ls"], ForbiddenCommandError),
        (["git", "push"], ForbiddenCommandError),
        (["git", "-c", "core.pager=sh", "log"], ForbiddenCommandError),
        (["git", "checkout", "main"], ForbiddenCommandError),
        (["git", "config", "x", "y"], ForbiddenCommandError),
        ([], ForbiddenCommandError),
        (["cat", "/etc/passwd"], PathEscapeError),
        (["cat", "../secret.txt"], PathEscapeError),
    ],
)
async def test_terminal_refuses_forbidden_commands(
    root: Path, argv: list[str], error: type[Exception]
) -> None:
    with pytest.raises(error):
        await run_command(argv, str(root), TerminalPolicy())


async def test_terminal_scrubs_the_environment(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    policy = TerminalPolicy(rules={"env": rule(operands="none")})
    result = await run_command(["env"], str(root), policy)
    assert "sk-secret" not in result.output and "OPENAI_API_KEY" not in result.output
    assert f"HOME={root}" in result.output


async def test_terminal_timeout_kills_the_process_group(root: Path) -> None:
    marker = root / "child-alive"
    policy = TerminalPolicy(rules={"sh": rule("-c", operands="text")}, timeout_s=0.3)
    script = f"(sleep 1; touch {marker.name}) & sleep 5"
    started = time.perf_counter()
    with pytest.raises(CommandTimeoutError):
        await run_command(["sh", "-c", script], str(root), policy)
    assert time.perf_counter() - started < 2
    await asyncio.sleep(1.2)
    assert not marker.exists(), "the background child survived the timeout"


async def test_terminal_caps_output(root: Path) -> None:
    (root / "big.txt").write_text("x" * 50_000)
    result = await run_command(["cat", "big.txt"], str(root), TerminalPolicy(output_cap=1000))
    assert len(result.output) == 1000 and result.truncated


async def test_terminal_git_flow_and_forbidden_result_for_the_agent(root: Path) -> None:
    registry = ToolRegistry([terminal_tool(), *filesystem_tools()])
    context = ctx(root)
    for argv in (["git", "init", "-q"], ["git", "checkout", "-b", "feature"]):
        assert (await registry.execute("terminal", {"command": argv}, context)).ok
    await registry.execute("fs_write", {"path": "a.txt", "content": "a"}, context)
    await registry.execute("terminal", {"command": ["git", "add", "a.txt"]}, context)
    commit = await registry.execute(
        "terminal", {"command": ["git", "commit", "-q", "-m", "primeiro"]}, context
    )
    assert json.loads(commit.output)["exit_code"] == 0
    log = await registry.execute("terminal", {"command": ["git", "log", "--oneline"]}, context)
    assert "primeiro" in json.loads(log.output)["output"]
    refused = await registry.execute("terminal", {"command": ["git", "push"]}, context)
    assert not refused.ok and "ForbiddenCommandError" in refused.output
    shell = await registry.execute("terminal", {"command": "ls; rm -rf ."}, context)
    assert not shell.ok and "argumentos inválidos" in shell.output


class FakeService:
    def __init__(self) -> None:
        self.jobs: dict[str, Job] = {}
        self.created: list[tuple[str, NewJob]] = []

    async def create_job(self, user_id: str, new: NewJob) -> Job:
        self.created.append((user_id, new))
        for job in self.jobs.values():
            if new.dedup_key and job.dedup_key == new.dedup_key:
                return job
        job = Job(
            id=f"j{len(self.jobs) + 1}",
            user_id=user_id,
            parent_id=new.parent_id,
            queue=new.queue or new.persona,
            persona=new.persona,
            request=new.request,
            dedup_key=new.dedup_key,
        )
        self.jobs[job.id] = job
        return job

    async def get_job(self, user_id: str, job_id: str) -> Job:
        job = self.jobs.get(job_id)
        if job is None or job.user_id != user_id:
            raise JobNotFoundError("job não encontrado")
        return job

    async def list_jobs(
        self,
        user_id: str,
        *,
        parent_id: str | None = None,
        status: JobStatus | None = None,
        limit: int = 50,
    ) -> list[Job]:
        return [j for j in self.jobs.values() if j.user_id == user_id]

    async def decide(self, user_id: str, job_id: str, decision: ApprovalDecision) -> Job:
        raise NotImplementedError

    async def cancel(self, user_id: str, job_id: str) -> list[str]:
        raise NotImplementedError


async def test_task_manager_takes_the_user_from_the_context(root: Path) -> None:
    service = FakeService()
    registry = ToolRegistry(task_manager_tools(service))
    context = ctx(root, **{JOB_ID: "parent-1", IDEMPOTENCY_KEY: "parent-1:step-3"})
    result = await registry.execute(
        "create_job", {"request": "coletar dados", "depends_on": []}, context
    )
    created = json.loads(result.output)
    assert created["parent_id"] == "parent-1" and service.created[0][0] == "u1"
    sneaky = await registry.execute("create_job", {"request": "x", "user_id": "u2"}, context)
    assert not sneaky.ok and "user_id" in sneaky.output
    again = await registry.execute("create_job", {"request": "coletar dados"}, context)
    assert json.loads(again.output)["id"] == created["id"], "replayed call must not duplicate"
    other = ToolContext(session_id="s", user_id="u2", agent="dev")
    hidden = await registry.execute("job_status", {"job_id": created["id"]}, other)
    assert not hidden.ok and "JobNotFoundError" in hidden.output


async def test_memory_tool_promotes_once_per_key(root: Path) -> None:
    memory = InMemoryLongTermMemory()
    registry = ToolRegistry([memory_tool(memory)])
    context = ctx(root, **{IDEMPOTENCY_KEY: "j1:7"})
    first = await registry.execute("promote_learning", {"learning": "use  git status"}, context)
    second = await registry.execute("promote_learning", {"learning": "use git status"}, context)
    assert json.loads(first.output)["stored"] and not json.loads(second.output)["stored"]
    assert await memory.recall("u1", "dev") == ["use git status"]
    assert await memory.recall("u2", "dev") == []
