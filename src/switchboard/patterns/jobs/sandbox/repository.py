"""Every job workspace is its own git repository, created by the engine (never by the model).

Without one, a `git` run in the job's folder would look upwards for a repository and find the
one enclosing the job root (under `make run` that used to be the server's own checkout). The
sandbox already hides everything above the workspace and stops discovery at its parent
(`GIT_CEILING_DIRECTORIES`); the engine also gives each workspace a repository of its own, so
the job's `git log` / `git commit` act on the job's work and nothing else.

The repository is created inside the sandbox, with no template (`GIT_TEMPLATE_DIR` empty: no
hooks, no config copied) and `main` as its first branch. Where no sandbox works the folder is
still created (the filesystem tools need it) and the repository is not: no git can run there.
"""

from __future__ import annotations

import asyncio
import logging
import os

from switchboard.patterns.jobs.sandbox.runner import Sandbox

log = logging.getLogger("switchboard.jobs.sandbox")

INIT = ("git", "init", "--quiet")


async def prepare_workspace(path: str, sandbox: Sandbox | None = None) -> bool:
    """Create the job's folder and its repository if missing; True when a repository is there.
    Cheap when it is (one `stat`): the engine calls it before each tool call."""
    if _has_repository(path):
        return True
    await asyncio.to_thread(os.makedirs, path, exist_ok=True)
    runner = sandbox or Sandbox()
    status = await asyncio.to_thread(runner.status)
    if not status.available:
        return False
    result = await runner.run(list(INIT), workspace=path)
    if result.ok or _has_repository(path):  # sub-jobs of one tree may race to create it
        return True
    log.warning("git init failed in job workspace %s: %s", path, result.output.strip())
    return False


def _has_repository(path: str) -> bool:
    """One `stat` (no thread hop): a repository has `.git/HEAD` (`git init` writes it first)."""
    return os.path.isfile(os.path.join(path, ".git", "HEAD"))


__all__ = ["prepare_workspace"]
