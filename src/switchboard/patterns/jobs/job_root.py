"""Where job workspaces live: outside any checkout by default.

The default used to be `var/jobs`, relative to the current directory: under `make run`, inside
the Switchboard checkout, so a job's `git` found the server's own repository. Now it is the
user's state directory (XDG): `$XDG_STATE_HOME/switchboard/jobs`, else
`~/.local/state/switchboard/jobs`; `SWITCHBOARD_JOBS_ROOT` (or the app's `workdir_root` option)
sets another one. A root inside a git repository still works — each workspace is its own
repository and the sandbox hides everything above it — but is logged as a warning, since any
tool run outside the sandbox there would see that repository.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger("switchboard.jobs")

JOBS_ROOT_ENV = "SWITCHBOARD_JOBS_ROOT"


def default_job_root() -> str:
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    return os.path.join(state, "switchboard", "jobs")


def job_root(configured: str | None = None) -> str:
    """The absolute job root: `configured`, else `SWITCHBOARD_JOBS_ROOT`, else the default."""
    chosen = configured or os.environ.get(JOBS_ROOT_ENV) or default_job_root()
    return str(Path(chosen).expanduser().resolve())


def enclosing_repository(path: str) -> str | None:
    """The nearest folder at or above `path` holding `.git` (a directory or a worktree file)."""
    current = Path(path).resolve()
    for folder in (current, *current.parents):
        if (folder / ".git").exists():
            return str(folder)
    return None


def warn_if_in_repository(root: str) -> str | None:
    """Log a warning when the job root sits inside a git repository; that repository."""
    repository = enclosing_repository(root)
    if repository is not None:
        log.warning(
            "the job root %s is inside the git repository %s; set %s to a folder outside "
            "any checkout",
            root,
            repository,
            JOBS_ROOT_ENV,
        )
    return repository


__all__ = [
    "JOBS_ROOT_ENV",
    "default_job_root",
    "enclosing_repository",
    "job_root",
    "warn_if_in_repository",
]
