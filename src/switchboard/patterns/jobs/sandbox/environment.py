"""The whole environment of a sandboxed command, built from nothing (never the worker's).

Git is configured here, through the environment, so that *every* git in the sandbox — the
terminal tool's, a done-check's, one a test suite or a Makefile starts — gets the same rules:
- no system or global config (`GIT_CONFIG_NOSYSTEM`, `GIT_CONFIG_GLOBAL=/dev/null`), no system
  attributes (`GIT_ATTR_NOSYSTEM`), no templates (`GIT_TEMPLATE_DIR` empty: `git init` copies
  no hooks or config), discovery stopped at the workspace's parent (`GIT_CEILING_DIRECTORIES`);
- command-line-level config (`GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n`, which outranks the
  repository's own `.git/config`): hooks off (`core.hooksPath=/dev/null`), no fsmonitor, no
  attributes file, pager/editor/ssh/credential helpers neutralised, no transport protocol.

What config cannot switch off: filter, diff-textconv and merge drivers named by
`.gitattributes` and defined in the repository's `.git/config` (driver names are free-form). The
job's tools cannot write `.git/` (filesystem tool) nor run `git config` / `git init --template`
(terminal policy); a repository that already carries such config (an existing project folder)
runs its drivers inside the sandbox, like any other program of the job.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from switchboard.patterns.jobs.sandbox.bwrap import SANDBOX_USER

SAFE_PATH = "/usr/local/bin:/usr/bin:/bin"
GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "Switchboard",
    "GIT_AUTHOR_EMAIL": "agent@switchboard.local",
    "GIT_COMMITTER_NAME": "Switchboard",
    "GIT_COMMITTER_EMAIL": "agent@switchboard.local",
}
GIT_SAFETY_CONFIG: tuple[tuple[str, str], ...] = (
    ("core.hooksPath", os.devnull),
    ("core.fsmonitor", "false"),
    ("core.attributesFile", os.devnull),
    ("core.pager", "cat"),
    ("core.editor", "true"),
    ("sequence.editor", "true"),
    ("core.sshCommand", "false"),
    ("credential.helper", ""),
    ("protocol.allow", "never"),
    ("commit.gpgSign", "false"),
    ("tag.gpgSign", "false"),
    ("gc.auto", "0"),
    ("maintenance.auto", "false"),
    ("init.defaultBranch", "main"),
)
"""Applied to every git run in the sandbox, above the repository's config."""


def git_environment(workspace: str) -> dict[str, str]:
    env = {
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_ATTR_NOSYSTEM": "1",
        "GIT_TEMPLATE_DIR": "",
        "GIT_CEILING_DIRECTORIES": os.path.dirname(workspace) or "/",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_PAGER": "cat",
        "GIT_EDITOR": "true",
        **GIT_IDENTITY,
    }
    config = (*GIT_SAFETY_CONFIG, ("safe.directory", workspace))
    env["GIT_CONFIG_COUNT"] = str(len(config))
    for index, (key, value) in enumerate(config):
        env[f"GIT_CONFIG_KEY_{index}"] = key
        env[f"GIT_CONFIG_VALUE_{index}"] = value
    return env


def sandbox_environment(workspace: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """PATH, HOME = the workspace, locale, temp dir, pagers, git's rules; then `extra` (set by
    code or the operator, never by a model)."""
    env = {
        "PATH": SAFE_PATH,
        "HOME": workspace,
        "USER": SANDBOX_USER,
        "LOGNAME": SANDBOX_USER,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TERM": "dumb",
        "TMPDIR": "/tmp",
        "PAGER": "cat",
        **git_environment(workspace),
    }
    env.update(extra or {})
    return env


__all__ = [
    "GIT_IDENTITY",
    "GIT_SAFETY_CONFIG",
    "SAFE_PATH",
    "git_environment",
    "sandbox_environment",
]
