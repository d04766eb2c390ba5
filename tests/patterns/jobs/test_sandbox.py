"""Issue 21, point 1: every command a job runs is confined — as behaviour, against the real
bubblewrap, with the argument policy out of the way (`Sandbox.run` takes any argv: these are
the attacks a policy bug would let through).

A canary secret sits in the worker's environment, in the initial environment of a stand-in
"worker" process, and in a file next to the workspace; no command may read it, write outside
the workspace, reach the network, or outlive its limits."""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from switchboard.patterns.jobs.errors import SandboxUnavailableError, WorkspaceFolderError
from switchboard.patterns.jobs.sandbox import MIB, Sandbox, SandboxLimits
from switchboard.patterns.jobs.sandbox import probe as probe_module
from switchboard.patterns.jobs.tools.context import WORKDIR
from switchboard.patterns.jobs.tools.terminal import terminal_tool
from switchboard.tools import ToolContext, ToolRegistry

CANARY = f"canary-{uuid.uuid4().hex}"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    work = tmp_path / "ws"
    work.mkdir()
    (work / "notes.txt").write_text("b\na\n")
    return work


@pytest.fixture
def secret_file(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text(f"DATABASE_URL=postgresql://u:{CANARY}@db/x\n")
    return path


@pytest.fixture
def worker_with_secret(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """The canary in this process's environment and in the *initial* environment of a live
    process of the same user (what `/proc/<pid>/environ` shows: the measured escape)."""
    monkeypatch.setenv("OPENAI_API_KEY", CANARY)
    monkeypatch.setenv("DATABASE_URL", f"postgresql://u:{CANARY}@db/x")
    # `Popen` returns once the exec has begun, but the kernel shows an empty environ until the
    # new image is set up: the stand-in says "ready" once it runs, then waits on its stdin
    stand_in = subprocess.Popen(
        ["sh", "-c", "echo ready; read _"],
        env={"DATABASE_URL": f"postgresql://u:{CANARY}@db/x"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert stand_in.stdout is not None and stand_in.stdout.readline() == b"ready\n"
    try:
        yield stand_in.pid
    finally:
        stand_in.kill()
        stand_in.communicate()  # reaps it and closes its pipes


HOME = os.path.expanduser("~")


def _read(path: str) -> str:
    return Path(path).read_text(errors="replace")


def _exists(path: str) -> bool:
    return os.path.exists(path)


def sh(script: str) -> list[str]:
    return ["sh", "-c", script]


async def run(ws: Path, argv: list[str], **options: object) -> str:
    result = await Sandbox().run(argv, workspace=str(ws), **options)  # type: ignore[arg-type]
    return result.output


async def test_no_secret_is_readable_from_inside(
    ws: Path, secret_file: Path, worker_with_secret: int
) -> None:
    worker = os.getpid()
    assert CANARY in _read(f"/proc/{worker_with_secret}/environ"), "the secret is there"
    attacks = [
        ["env"],
        ["cat", "/proc/1/environ", "/proc/self/environ"],
        sh("for f in /proc/[0-9]*/environ; do cat $f; done"),
        ["cat", f"/proc/{worker}/environ", f"/proc/{worker_with_secret}/environ"],
        ["diff", f"--from-file={secret_file}", "notes.txt"],
        ["diff", f"--from-file=/proc/{worker_with_secret}/environ", "notes.txt"],
        ["cat", str(secret_file), "../secret.txt"],
        sh(f"printf '{secret_file}\\0' > list && sort --files0-from=list"),
        ["grep", "-rs", "-D", "skip", "canary", "/etc", "/tmp", "/home", "/root", "/var", "/run"],
    ]
    for argv in attacks:
        output = await run(ws, argv)
        assert CANARY not in output, argv
    listing = await run(ws, ["ls", "/proc"])
    pids = [name for name in listing.split() if name.isdigit()]
    assert str(worker) not in pids and str(worker_with_secret) not in pids and len(pids) <= 4


async def test_links_planted_in_the_workspace_lead_nowhere(ws: Path, secret_file: Path) -> None:
    os.symlink(secret_file, ws / "link.txt")
    os.symlink(secret_file.parent, ws / "up")
    for argv in (["cat", "link.txt"], ["cat", "up/secret.txt"]):
        output = await run(ws, argv)
        assert CANARY not in output and "No such file" in output, argv
    assert (await run(ws, ["ls", "up"])).split() == ["ws"], "only the mount point's skeleton"
    hard = await run(ws, ["ln", str(secret_file), "hard.txt"])
    assert "No such file" in hard and not (ws / "hard.txt").exists()
    into_usr = await run(ws, ["ln", "/usr/bin/env", "env-link"])
    assert not (ws / "env-link").exists(), into_usr


async def test_nothing_is_written_outside_the_workspace(ws: Path, tmp_path: Path) -> None:
    outside = tmp_path / "pwned"
    attacks = [
        ["sort", f"-o{outside}", "notes.txt"],
        ["sort", "--compress-program=sh", "-S", "1", "-o", str(outside), "notes.txt"],
        ["cp", "notes.txt", str(outside)],
        ["touch", "/usr/pwned", "/pwned", "/etc/pwned", "/dev/pwned"],
        sh(f"echo x > {outside}; echo x > ../pwned; mkdir -p /home/x"),
    ]
    for argv in attacks:
        await run(ws, argv)
        assert not outside.exists(), argv
    for path in ("/usr/pwned", "/pwned", "/etc/pwned", "/home/x"):
        assert not _exists(path)
    ok = await Sandbox().run(["sort", "-o", "sorted.txt", "notes.txt"], workspace=str(ws))
    assert ok.ok and (ws / "sorted.txt").read_text() == "a\nb\n", "the workspace is writable"


async def test_compress_program_runs_only_inside_the_sandbox(ws: Path, tmp_path: Path) -> None:
    """`sort --compress-program=sh` ran arbitrary commands as the worker; in the sandbox the
    program runs, but as a sandboxed process (policy disabled here)."""
    (ws / "big.txt").write_text("".join(f"{i}\n" for i in range(20_000, 0, -1)))
    (ws / "evil.sh").write_text(f"cat /proc/1/environ > leak; touch {tmp_path}/pwned; cat\n")
    os.chmod(ws / "evil.sh", 0o755)
    result = await Sandbox().run(
        ["sort", "-S", "64k", "--compress-program=./evil.sh", "-o", "out.txt", "big.txt"],
        workspace=str(ws),
    )
    assert (ws / "leak").exists(), result.output  # it did run: the attack is real
    assert CANARY not in (ws / "leak").read_text(errors="replace")
    assert not (tmp_path / "pwned").exists()


async def test_no_network_not_even_the_hosts_loopback(ws: Path) -> None:
    with socket.create_connection(("127.0.0.1", 5432), timeout=2):
        pass  # PostgreSQL is listening on the host
    result = await Sandbox().run(
        ["bash", "-c", "echo > /dev/tcp/127.0.0.1/5432 && echo CONNECTED"], workspace=str(ws)
    )
    assert result.exit_code != 0 and "CONNECTED" not in result.output
    assert "refused" in result.output or "unreachable" in result.output
    links = await run(ws, ["cat", "/proc/net/dev"])
    assert [line.split(":")[0].strip() for line in links.splitlines()[2:]] == ["lo"]


async def test_no_capabilities_no_root_no_nested_namespaces(ws: Path) -> None:
    status = await run(ws, ["grep", "-E", "^(CapEff|CapBnd|NoNewPrivs)", "/proc/self/status"])
    assert "CapEff:\t0000000000000000" in status and "CapBnd:\t0000000000000000" in status
    assert "NoNewPrivs:\t1" in status
    assert (await run(ws, ["id", "-u"])).strip() != "0"
    nested = await Sandbox().run(["unshare", "--user", "true"], workspace=str(ws))
    assert nested.exit_code != 0
    assert (await run(ws, ["hostname"])).strip() == "sandbox"


async def test_memory_file_size_output_and_time_are_bounded(ws: Path) -> None:
    limits = SandboxLimits(
        memory_bytes=256 * MIB, file_bytes=MIB, output_bytes=1000, max_output_bytes=MIB
    )
    sandbox = Sandbox(limits=limits)
    small = await sandbox.run(
        ["python3", "-c", "b = bytearray(10 << 20); print('ok')"], workspace=str(ws)
    )
    assert small.output.strip() == "ok"
    hog = await sandbox.run(["python3", "-c", "b = bytearray(1 << 30)"], workspace=str(ws))
    assert hog.exit_code != 0 and "MemoryError" in hog.output
    big = await sandbox.run(sh("head -c 3000000 /dev/zero > big.bin"), workspace=str(ws))
    assert big.exit_code != 0 and (ws / "big.bin").stat().st_size == MIB
    flood = await sandbox.run(["yes"], workspace=str(ws))
    assert flood.output_exceeded and flood.truncated and not flood.timed_out
    assert flood.exit_code == -9 and len(flood.output) == 1000
    marker = f"{uuid.uuid4().int % 10_000}.5"
    slow = await sandbox.run(
        sh(f"sleep {marker} & sleep {marker}"), workspace=str(ws), timeout_s=0.5
    )
    assert slow.timed_out and slow.exit_code == -9
    assert not _processes_with(f"sleep {marker}"), "a process survived the timeout"


def _processes_with(text: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                cmdline = Path(f"/proc/{name}/cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            if text.encode() in cmdline:
                found.append(int(name))
    return found


BOMB = """
import os, time
n = 0
try:
    while n < 5000:
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
        n += 1
except OSError as exc:
    print("stopped", n, exc.errno)
"""


def _tasks_of(uid: int) -> int:
    """Processes + threads of `uid` on the host (what `RLIMIT_NPROC` counts)."""
    count = 0
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                status = Path(f"/proc/{name}/status").read_text()
            except OSError:
                continue
            fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
            if int(fields["Uid"].split()[0]) == uid:
                count += int(fields["Threads"])
    return count


@pytest.fixture
def bomb_site() -> Iterator[tuple[str, int]]:
    """A workspace and the process limit for a fork bomb. `RLIMIT_NPROC` holds only for a
    non-root uid (the kernel exempts root) and counts every task of that uid; a root worker
    runs commands in a folder owned by another user as that user, so under a root test run the
    workspace belongs to `nobody` (and the command runs as `nobody`, like a non-root worker)."""
    folder = tempfile.mkdtemp(prefix="switchboard-bomb-")
    uid = os.geteuid()
    if uid == 0:
        uid = 65534
        os.chown(folder, uid, uid)
    try:
        yield folder, _tasks_of(uid) + 40
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def test_a_fork_bomb_is_contained(bomb_site: tuple[str, int]) -> None:
    folder, limit = bomb_site
    marker = f"bomb-{uuid.uuid4().hex}"
    sandbox = Sandbox(limits=SandboxLimits(processes=limit, timeout_s=10))
    counted = await sandbox.run(["python3", "-c", f"# {marker}{BOMB}"], workspace=folder)
    stopped = counted.output.split()
    assert stopped[:1] == ["stopped"] and stopped[2] == str(errno.EAGAIN), counted.output
    assert 0 < int(stopped[1]) < 40
    shell = await sandbox.run(
        ["sh", "-c", f"# {marker}\nb() {{ b | b & }}; b; sleep 5"], workspace=folder, timeout_s=1
    )
    # killed at the timeout, or — when the uid's process count is already near the limit on a
    # busy host — the shell itself could not fork its `sleep` and gave up: contained either way
    assert shell.timed_out or "Cannot fork" in shell.output, shell
    assert not _processes_with(marker), "bomb processes survived the sandbox"


async def test_no_sandbox_no_command(
    ws: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Where bwrap is missing or cannot create namespaces, nothing runs unconfined: a typed
    error in pt-BR, one English warning in the log."""
    fake = tmp_path / "bwrap"
    fake.write_text(
        "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n"
    )
    fake.chmod(0o755)
    missing = Sandbox(bwrap=str(tmp_path / "nowhere" / "bwrap"))
    assert not missing.status().available and "not installed" in missing.status().detail
    broken = Sandbox(bwrap=str(fake))
    assert "No permissions" in broken.status().detail
    caplog.set_level(logging.WARNING, logger="switchboard.jobs.sandbox")
    for _ in range(2):
        with pytest.raises(SandboxUnavailableError, match="não há sandbox disponível"):
            await broken.run(["touch", "ran"], workspace=str(ws))
    assert not (ws / "ran").exists()
    warnings = [r for r in caplog.records if "no usable sandbox" in r.getMessage()]
    assert len(warnings) == 1
    registry = ToolRegistry([terminal_tool(sandbox=missing)])
    context = ToolContext(session_id="j", user_id="u", agent="dev", extras={WORKDIR: str(ws)})
    refused = await registry.execute("terminal", {"command": ["ls"]}, context)
    assert not refused.ok and "SandboxUnavailableError" in refused.output
    assert "bubblewrap" in refused.output


async def test_only_real_workspaces_are_mounted(ws: Path) -> None:
    for path in ("/", "/usr", "/etc/ssl", HOME, "/home", str(ws / "nope")):
        with pytest.raises(WorkspaceFolderError):
            await Sandbox().run(["true"], workspace=path)
    (ws / "tests").mkdir()
    inner = await Sandbox().run(["pwd"], workspace=str(ws), cwd="tests")
    assert inner.output.strip() == str(ws / "tests")
    for cwd in ("..", "/", "tests/../.."):
        with pytest.raises(WorkspaceFolderError):
            await Sandbox().run(["pwd"], workspace=str(ws), cwd=cwd)


def test_the_probe_is_cached() -> None:
    sandbox = Sandbox()
    first = sandbox.status()
    assert first.available and sandbox.status() is first
    probe_module.reset_cache()
    assert sandbox.status() is not first and sandbox.status().available


async def test_commands_run_concurrently(ws: Path) -> None:
    results = await asyncio.gather(
        *(Sandbox().run(["echo", str(n)], workspace=str(ws)) for n in range(8))
    )
    assert [r.output.strip() for r in results] == [str(n) for n in range(8)]
