"""`Sandbox.run`: one command, confined to one workspace, bounded, its output captured.

The one way a job's commands run — the terminal tool, git, and the engine's checks. The
command line is `prlimit <rlimits> -- bwrap <namespaces, mounts, env> -- argv` (see `bwrap.py`,
`limits.py`, `environment.py`): never a shell; the argv is exec'd as given inside the sandbox.

The wall timeout, and output beyond `max_output_bytes`, kill the whole sandbox: SIGKILL to bwrap
(its own process group), whose death kills the sandbox's PID 1 (`--die-with-parent`), and the
kernel then kills every process left in that PID namespace — daemonised or not. The result
says which limit ended it; a caller that wants an error (the terminal tool) raises one.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from switchboard.patterns.jobs.errors import ForbiddenCommandError, WorkspaceFolderError
from switchboard.patterns.jobs.sandbox import probe
from switchboard.patterns.jobs.sandbox.bwrap import DataFiles, bwrap_args, passwd_text
from switchboard.patterns.jobs.sandbox.environment import SAFE_PATH, sandbox_environment
from switchboard.patterns.jobs.sandbox.folders import check_mountable
from switchboard.patterns.jobs.sandbox.identity import Identity, identity_for, own_identity
from switchboard.patterns.jobs.sandbox.limits import SandboxLimits

PROBE_TIMEOUT_S = 15.0
READ_CHUNK = 65_536
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC


@dataclass(frozen=True, slots=True)
class CommandResult:
    """What a sandboxed command did."""

    exit_code: int
    """The command's exit status (bwrap passes it through); -9 when the sandbox killed it."""
    output: str
    """stdout and stderr interleaved, decoded as UTF-8 (invalid bytes replaced), capped."""
    truncated: bool
    """More output than `output_bytes` was produced; only the first part is kept."""
    timed_out: bool = False
    """Killed at the wall timeout."""
    output_exceeded: bool = False
    """Killed for producing more than `max_output_bytes`."""
    duration_ms: float = 0.0

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.timed_out and not self.output_exceeded


@dataclass(frozen=True, slots=True)
class _Prepared:
    command: list[str]
    fds: tuple[int, ...]
    identity: Identity


@dataclass(frozen=True, slots=True)
class Sandbox:
    """Runs commands in bubblewrap; frozen and shareable (one per process is enough)."""

    limits: SandboxLimits = field(default_factory=SandboxLimits)
    read_only: tuple[str, ...] = ()
    """Extra host paths visible read-only (a toolchain under /opt); never secrets."""
    bwrap: str = "bwrap"
    prlimit: str = "prlimit"

    # -- public API ------------------------------------------------------------------------------

    async def run(
        self,
        argv: Sequence[str],
        *,
        workspace: str,
        timeout_s: float | None = None,
        env: Mapping[str, str] | None = None,
        output_bytes: int | None = None,
        cwd: str = ".",
    ) -> CommandResult:
        """Run `argv` (no shell) in `workspace`, the only writable place, within the limits.

        Raises `SandboxUnavailableError` where no sandbox works (nothing runs unconfined),
        `WorkspaceFolderError` for a workspace that may not be mounted, and
        `ForbiddenCommandError` for an argv that is not a non-empty list of strings without NUL.
        `env` adds to the sandbox's own minimal environment (never the worker's); `cwd` is a
        folder of the workspace, relative to it, to start in (a project's `tests/`, say)."""
        command = _checked_argv(argv)
        limits = self.limits
        if timeout_s is not None:
            limits = replace(limits, timeout_s=timeout_s)
        if output_bytes is not None:
            limits = replace(limits, output_bytes=output_bytes)
        path = check_mountable(workspace)
        fd = os.open(path, _DIR_FLAGS | os.O_NOFOLLOW)
        try:
            identity = identity_for(fd)
            status = probe.peek(self._key(identity))
            if status is None:
                status = await asyncio.to_thread(self.status, identity)
            probe.require(status)
            start = _inside(path, cwd)
            with self._prepared(command, path, fd, identity, env, limits, start) as prepared:
                return await _execute(prepared, limits, self._spawn_options(prepared))
        finally:
            os.close(fd)

    def status(self, identity: Identity | None = None) -> probe.SandboxStatus:
        """Whether commands run as `identity` (default: this process, as in the engine's job
        workspaces) can be sandboxed here: probed once by running `true`, then cached."""
        who = identity or own_identity()
        return probe.remembered(self._key(who), lambda: self._probe(who))

    # -- internals -------------------------------------------------------------------------------

    def _key(self, identity: Identity) -> tuple[str, str, tuple[int, int] | None]:
        return (self.bwrap, self.prlimit, identity.run_as)

    @contextlib.contextmanager
    def _prepared(
        self,
        argv: list[str],
        workspace: str,
        workspace_fd: int,
        identity: Identity,
        env: Mapping[str, str] | None,
        limits: SandboxLimits,
        cwd: str | None = None,
    ) -> Iterator[_Prepared]:
        passwd, group = passwd_text(identity, workspace)
        data = DataFiles(passwd=_pipe_with(passwd), group=_pipe_with(group))
        try:
            options = bwrap_args(
                workspace=workspace,
                workspace_fd=workspace_fd,
                identity=identity,
                data=data,
                env=sandbox_environment(workspace, env),
                limits=limits,
                read_only=self.read_only,
                cwd=cwd,
            )
            command = [
                self.prlimit,
                *limits.prlimit_args(),
                "--",
                self.bwrap,
                *options,
                "--",
                *argv,
            ]
            yield _Prepared(command, (workspace_fd, *data.fds()), identity)
        finally:
            for fd in data.fds():
                with contextlib.suppress(OSError):
                    os.close(fd)

    @staticmethod
    def _spawn_options(prepared: _Prepared) -> dict[str, Any]:
        """bwrap starts with only PATH (so no process in the sandbox, its PID 1 included, ever
        held a secret), in its own process group (killed as one), and — for a root worker in a
        folder owned by someone else — as that owner (see `identity.py`)."""
        options: dict[str, Any] = {
            "env": {"PATH": SAFE_PATH},
            "pass_fds": prepared.fds,
            "start_new_session": True,
            "cwd": "/",
        }
        if prepared.identity.run_as is not None:
            uid, gid = prepared.identity.run_as
            options.update(user=uid, group=gid, extra_groups=[])
        return options

    def _probe(self, identity: Identity) -> probe.SandboxStatus:
        bwrap = shutil.which(self.bwrap)
        if bwrap is None:
            return probe.SandboxStatus(False, "bubblewrap (bwrap) is not installed")
        if shutil.which(self.prlimit) is None:
            return probe.SandboxStatus(False, "util-linux prlimit is not installed")
        version = subprocess.run(
            [bwrap, "--version"], capture_output=True, text=True, check=False, env={}
        ).stdout.strip()
        scratch = tempfile.mkdtemp(prefix="switchboard-sandbox-probe-")
        try:
            if identity.run_as is not None:
                os.chown(scratch, *identity.run_as)
            fd = os.open(scratch, _DIR_FLAGS)
            try:
                with self._prepared(["true"], scratch, fd, identity, None, self.limits) as ready:
                    done = subprocess.run(
                        ready.command,
                        capture_output=True,
                        text=True,
                        check=False,
                        timeout=PROBE_TIMEOUT_S,
                        **self._spawn_options(ready),
                    )
            finally:
                os.close(fd)
        except (OSError, subprocess.SubprocessError) as exc:
            return probe.SandboxStatus(False, f"bwrap could not start: {exc}")
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines()
            why = lines[-1] if lines else f"exit status {done.returncode}"
            return probe.SandboxStatus(False, f"bwrap does not work here: {why}")
        return probe.SandboxStatus(True, version or "bubblewrap")


def _checked_argv(argv: Sequence[str]) -> list[str]:
    if (
        isinstance(argv, str)
        or not argv
        or not all(isinstance(a, str) and "\x00" not in a for a in argv)
    ):
        raise ForbiddenCommandError(
            "informe o comando como lista não vazia de argumentos de texto (sem NUL)"
        )
    return list(argv)


def _inside(workspace: str, cwd: str) -> str:
    """The absolute start folder for a `cwd` relative to the workspace (never outside it)."""
    parts = cwd.replace("\\", "/").split("/")
    if os.path.isabs(cwd) or ".." in parts or "\x00" in cwd:
        raise WorkspaceFolderError(f"a pasta inicial '{cwd}' deve ser relativa ao workspace")
    return os.path.normpath(os.path.join(workspace, cwd))


def _pipe_with(data: bytes) -> int:
    """A pipe's read end already holding `data` (small: it fits the pipe's buffer)."""
    read, write = os.pipe()
    try:
        os.write(write, data)
    finally:
        os.close(write)
    return read


async def _execute(
    prepared: _Prepared, limits: SandboxLimits, options: dict[str, Any]
) -> CommandResult:
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(
        *prepared.command,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        **options,
    )
    output = _Output(limits)
    timed_out = False
    code: int | None = None
    try:
        code = await asyncio.wait_for(output.collect(process), limits.timeout_s)
    except TimeoutError:
        timed_out = True
    except asyncio.CancelledError:
        await asyncio.shield(_end(process))
        raise
    if code is None:
        code = await _end(process)
    return CommandResult(
        exit_code=-9 if timed_out or output.exceeded else code,
        output=bytes(output.kept).decode("utf-8", errors="replace"),
        truncated=output.total > limits.output_bytes,
        timed_out=timed_out,
        output_exceeded=output.exceeded,
        duration_ms=(time.perf_counter() - started) * 1000,
    )


@dataclass(slots=True)
class _Output:
    """What was read so far (kept across a timeout, so a killed command still shows it)."""

    limits: SandboxLimits
    kept: bytearray = field(default_factory=bytearray)
    total: int = 0

    @property
    def exceeded(self) -> bool:
        return self.total > self.limits.max_output_bytes

    async def collect(self, process: asyncio.subprocess.Process) -> int | None:
        """Keep the first `output_bytes`, count the rest; the exit status once the command
        ended, or None as soon as it wrote more than `max_output_bytes`."""
        assert process.stdout is not None
        while chunk := await process.stdout.read(READ_CHUNK):
            room = self.limits.output_bytes - len(self.kept)
            if room > 0:
                self.kept += chunk[:room]
            self.total += len(chunk)
            if self.exceeded:
                return None
        return await process.wait()


async def _end(process: asyncio.subprocess.Process) -> int:
    """Kill the sandbox, then read its pipe to EOF (asyncio reports the exit only once the
    pipe is closed, and a full pipe is never closed) and reap it."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    assert process.stdout is not None
    with contextlib.suppress(Exception):
        while await process.stdout.read(READ_CHUNK):
            pass
    return await process.wait()


__all__ = ["CommandResult", "Sandbox"]
