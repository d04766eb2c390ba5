"""The bubblewrap command line of one sandboxed command: namespaces, mounts, environment.

What the command sees (everything else of the host does not exist for it):
- the workspace, read-write, at its own host path (so a project's absolute paths keep working),
  mounted from a descriptor the worker opened and checked (`--bind-fd`: no path swapped in
  between the check and the mount);
- `/usr` and the merged-/usr links (`/bin`, `/lib`, ...), read-only; from `/etc` only the
  dynamic linker's cache, the time zone and the `alternatives` links, plus a generated
  `passwd`/`group` naming the sandbox user. No `/home`, `/root`, `/var`, `/run`, `/sys`, `/opt`,
  no Switchboard checkout or virtualenv (an operator may add read-only paths);
- a fresh `/proc` of its own PID namespace (the worker and its environment are not there), a
  minimal `/dev` (read-only, plus a small `/dev/shm`), a small private `/tmp`;
- the root of that tree read-only.

Namespaces: all of them (`--unshare-all` + `--unshare-user`): no network (a loopback with
nothing listening), its own PIDs, IPC, UTS (`hostname` is `sandbox`), cgroup view; nested user
namespaces disabled (`--disable-userns`: no namespace tricks from inside); every capability
dropped and `no_new_privs` set (bwrap does both); `--new-session` (no TIOCSTI into a terminal);
`--die-with-parent` (the command dies with the worker). The environment is cleared
(`--clearenv`) and rebuilt from `environment.py`; bwrap itself is started with an environment
holding only `PATH`, so even the sandbox's PID 1 (bwrap's reaper) carries no secret.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from switchboard.patterns.jobs.sandbox.identity import Identity
from switchboard.patterns.jobs.sandbox.limits import SandboxLimits

MERGED_USR = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
ETC_FILES = ("/etc/ld.so.cache", "/etc/localtime", "/etc/alternatives")
"""No secrets in any of them; `alternatives` holds only symlinks into /usr (awk, editor…)."""
SANDBOX_USER = "sandbox"


@dataclass(frozen=True, slots=True)
class DataFiles:
    """Read ends of pipes holding generated files (`--ro-bind-data` reads and closes them)."""

    passwd: int
    group: int

    def fds(self) -> tuple[int, int]:
        return (self.passwd, self.group)


def passwd_text(identity: Identity, workspace: str) -> tuple[bytes, bytes]:
    """`/etc/passwd` and `/etc/group` with the sandbox user (some programs look it up)."""
    passwd = (
        f"{SANDBOX_USER}:x:{identity.uid}:{identity.gid}::{workspace}:/usr/sbin/nologin\n"
        "nobody:x:65534:65534::/nonexistent:/usr/sbin/nologin\n"
    )
    group = f"{SANDBOX_USER}:x:{identity.gid}:\nnogroup:x:65534:\n"
    return passwd.encode(), group.encode()


def system_mounts() -> list[str]:
    """`/usr` and its merged-/usr links (or the real directories on a split-/usr system), and
    the few `/etc` files."""
    args = ["--ro-bind", "/usr", "/usr"]
    for name in MERGED_USR:
        path = f"/{name}"
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    for path in ETC_FILES:
        args += ["--ro-bind-try", path, path]
    return args


def bwrap_args(
    *,
    workspace: str,
    workspace_fd: int,
    identity: Identity,
    data: DataFiles,
    env: Mapping[str, str],
    limits: SandboxLimits,
    read_only: Sequence[str] = (),
    cwd: str | None = None,
) -> list[str]:
    """bwrap's options (without the program): mounts in order, so the writable workspace is
    bound last over the read-only tree, and `/` is made read-only at the end."""
    args = [
        "--unshare-all",
        "--unshare-user",
        "--disable-userns",
        "--uid",
        str(identity.uid),
        "--gid",
        str(identity.gid),
        "--hostname",
        "sandbox",
        "--cap-drop",
        "ALL",
        "--die-with-parent",
        "--new-session",
        *system_mounts(),
        "--ro-bind-data",
        str(data.passwd),
        "/etc/passwd",
        "--ro-bind-data",
        str(data.group),
        "/etc/group",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--remount-ro",
        "/dev",
        "--size",
        str(limits.shm_bytes),
        "--tmpfs",
        "/dev/shm",
        "--size",
        str(limits.tmp_bytes),
        "--tmpfs",
        "/tmp",
        *[arg for path in read_only for arg in ("--ro-bind", path, path)],
        "--bind-fd",
        str(workspace_fd),
        workspace,
        "--remount-ro",
        "/",
        "--chdir",
        cwd or workspace,
        "--clearenv",
    ]
    for key, value in env.items():
        args += ["--setenv", key, value]
    return args


__all__ = ["SANDBOX_USER", "DataFiles", "bwrap_args", "passwd_text", "system_mounts"]
