"""Resource limits of one sandboxed command, and which of them the kernel actually enforces.

The wall-clock timeout and the output caps are enforced by `Sandbox.run` itself (it kills the
whole sandbox). The rest are rlimits set with util-linux `prlimit` on `bwrap` just before it
execs, so the sandbox and everything it starts inherit them (never `preexec_fn`, which is not
safe in a process with threads, as every worker is):

| rlimit | holds? |
|---|---|
| `RLIMIT_AS` (memory) | per process, always (also for root) |
| `RLIMIT_FSIZE` (file size) | per file written, always: the writer gets SIGXFSZ |
| `RLIMIT_NOFILE` | per process, always |
| `RLIMIT_CORE` = 0 | always (no core dumps of job programs in the workspace) |
| `RLIMIT_NPROC` (processes) | only for a non-root uid (see below) |

`RLIMIT_NPROC` is not enforced at all for uid 0, and for any other uid it counts every process
and thread of that uid on the host — the worker's own threads and its other sandboxes
included — so it is a ceiling on the sum, sized generously.

A root worker therefore runs commands in a workspace owned by another user *as that user*
(see `identity.py`), where the process limit holds; in its own root-owned job workspaces only
the wall timeout bounds a fork bomb (it kills the whole PID namespace). Run workers as an
unprivileged user; the worker logs a warning at start-up when it is root.
"""

from __future__ import annotations

from dataclasses import dataclass

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class SandboxLimits:
    """Bounds of one sandboxed command (a frozen value: pass a changed copy, never mutate)."""

    timeout_s: float = 30.0
    """Wall clock: then the whole sandbox (its PID namespace) is killed."""
    memory_bytes: int = 2048 * MIB
    """Address space per process (`RLIMIT_AS`)."""
    processes: int = 1024
    """`RLIMIT_NPROC`: processes + threads of the uid the command runs as (see the table)."""
    file_bytes: int = 256 * MIB
    """Largest file a command may write (`RLIMIT_FSIZE`)."""
    open_files: int = 1024
    output_bytes: int = 20_000
    """Combined stdout+stderr kept in the result (the rest is drained and dropped)."""
    max_output_bytes: int = 16 * MIB
    """Output drained beyond this kills the command (a `yes` must not spin until the timeout)."""
    tmp_bytes: int = 64 * MIB
    """Size of the private `/tmp` (a tmpfs: memory the `RLIMIT_AS` above does not count)."""
    shm_bytes: int = 16 * MIB
    """Size of the private `/dev/shm`."""

    def prlimit_args(self) -> list[str]:
        """`prlimit` options, soft = hard (a command cannot raise them back)."""
        return [
            f"--as={self.memory_bytes}",
            f"--nproc={self.processes}",
            f"--fsize={self.file_bytes}",
            f"--nofile={self.open_files}",
            "--core=0",
        ]


__all__ = ["MIB", "SandboxLimits"]
