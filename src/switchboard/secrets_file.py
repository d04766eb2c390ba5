"""Secrets from a file named by `SWITCHBOARD_SECRETS_FILE`, read at start-up.

    # /etc/switchboard/secrets (mode 0600, owned by the service user)
    DATABASE_URL=postgresql://switchboard:s3cret@db/switchboard
    REDIS_URL=redis://:s3cret@cache:6379
    OPENAI_API_KEY=sk-...

Why a file: a process's initial environment is readable, for its whole life, by every process
of the same user through `/proc/<pid>/environ` (and by `ps e`); that is how a job's command
read `DATABASE_URL` before the sandbox. Values read from this file go into the running
process's environment mapping (where Settings, the model registry and the jobs engine look
them up, unchanged), which the kernel does not show in `/proc/<pid>/environ`; and no child
process Switchboard starts inherits the worker's environment — sandboxed commands get one built
from nothing, MCP servers only what their spec names. Format: dotenv (`KEY=VALUE`, `#`
comments, quotes), parsed by python-dotenv. A variable already set in the environment wins
over the file (explicit beats implicit); a file other users can read is refused.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import MutableMapping

from dotenv import dotenv_values

from switchboard.core.errors import ConfigurationError

log = logging.getLogger("switchboard.secrets")

SECRETS_FILE_ENV = "SWITCHBOARD_SECRETS_FILE"


def read_secrets_file(path: str) -> dict[str, str]:
    """The file's variables; `ConfigurationError` if it is missing or readable by others."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise ConfigurationError(
            f"{SECRETS_FILE_ENV} names {path!r}, which cannot be read: {exc.strerror}"
        ) from exc
    if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ConfigurationError(
            f"the secrets file {path!r} is accessible to other users "
            f"(mode {stat.S_IMODE(info.st_mode):o}); chmod 600 it"
        )
    return {key: value for key, value in dotenv_values(path).items() if value is not None}


def load_secrets(environ: MutableMapping[str, str] | None = None) -> list[str]:
    """Put the secrets file's variables (if `SWITCHBOARD_SECRETS_FILE` is set) into `environ`
    (default: this process's); the names loaded (never the values) are returned and logged."""
    target = os.environ if environ is None else environ
    path = target.get(SECRETS_FILE_ENV)
    if not path:
        return []
    loaded = []
    for key, value in read_secrets_file(path).items():
        if key not in target:
            target[key] = value
            loaded.append(key)
    log.info("secrets loaded from %s: %s", path, ", ".join(sorted(loaded)) or "none")
    return loaded


__all__ = ["SECRETS_FILE_ENV", "load_secrets", "read_secrets_file"]
