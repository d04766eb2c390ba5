"""Which user a sandboxed command runs as, outside and inside the sandbox.

- A non-root worker: its own uid. bwrap maps it to itself in a new user namespace, with no
  capabilities.
- A root worker, workspace owned by another user (an existing project folder, see
  `folders.py`): that user (`subprocess` drops to it before exec, no `preexec_fn`), so files the
  command creates are the folder owner's, the command can write the owner's files (a root
  process without capabilities could not), and `RLIMIT_NPROC` holds.
- A root worker, root-owned workspace (the engine's job workspaces): root outside, but uid
  1000 inside. Without capabilities root in a user namespace is no stronger than any uid, and
  no program in the sandbox sees itself as root (no "running as root" code paths, no capability
  gain on exec: the bounding set is empty and `no_new_privs` is set).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

INSIDE_ID_FOR_ROOT = 1000


@dataclass(frozen=True, slots=True)
class Identity:
    run_as: tuple[int, int] | None
    """(uid, gid) to switch to before exec (only a root worker switches), or None."""
    uid: int
    """The uid and gid the command sees inside the sandbox."""
    gid: int

    @property
    def outside_uid(self) -> int:
        return self.run_as[0] if self.run_as is not None else os.geteuid()

    @property
    def holds_process_limit(self) -> bool:
        """The kernel exempts uid 0 from `RLIMIT_NPROC` (see `limits.py`)."""
        return self.outside_uid != 0


def own_identity() -> Identity:
    """Commands run as this process (its job workspaces): no switch."""
    euid = os.geteuid()
    if euid == 0:
        return Identity(run_as=None, uid=INSIDE_ID_FOR_ROOT, gid=INSIDE_ID_FOR_ROOT)
    return Identity(run_as=None, uid=euid, gid=os.getegid())


def identity_for(workspace_fd: int) -> Identity:
    """The identity for a workspace (an open directory descriptor, so the owner checked is the
    directory that will be mounted)."""
    if os.geteuid() == 0:
        info = os.fstat(workspace_fd)
        if info.st_uid != 0:
            return Identity(run_as=(info.st_uid, info.st_gid), uid=info.st_uid, gid=info.st_gid)
    return own_identity()


__all__ = ["INSIDE_ID_FOR_ROOT", "Identity", "identity_for", "own_identity"]
