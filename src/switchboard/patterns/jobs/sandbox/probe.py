"""Is there a usable sandbox on this host? The answer, cached per process, and how it is told.

Detection is not "is bwrap installed": bwrap may be there while user namespaces are disabled
(`kernel.unprivileged_userns_clone=0`, an AppArmor restriction, a container's seccomp profile)
or too old for an option the sandbox uses. `Sandbox.status` runs `true` with the real command
line on a scratch workspace once per identity, so "available" means "a command would run
confined". A refusal is logged once in English; the pt-BR message reaches the model and the
user through `SandboxUnavailableError`.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from switchboard.patterns.jobs.errors import SandboxUnavailableError

log = logging.getLogger("switchboard.jobs.sandbox")

UNAVAILABLE = (
    "não há sandbox disponível neste servidor para executar comandos (bubblewrap ausente ou "
    "namespaces de usuário desativados), então os comandos de terminal estão desativados por "
    "segurança; use as ferramentas de arquivos ou peça ao administrador para instalar o "
    "pacote bubblewrap"
)


@dataclass(frozen=True, slots=True)
class SandboxStatus:
    available: bool
    detail: str
    """"bubblewrap 0.8.0" when available, else why not (English, for logs and `/ready`)."""


_lock = threading.Lock()
_cache: dict[Hashable, SandboxStatus] = {}
_warned: set[str] = set()


def remembered(key: Hashable, compute: Callable[[], SandboxStatus]) -> SandboxStatus:
    """The cached status for `key`, computed once (concurrent first callers wait for it)."""
    status = _cache.get(key)
    if status is not None:
        return status
    with _lock:
        status = _cache.get(key)
        if status is None:
            status = compute()
            _cache[key] = status
        return status


def peek(key: Hashable) -> SandboxStatus | None:
    return _cache.get(key)


def require(status: SandboxStatus) -> None:
    """Raise the typed refusal for an unavailable sandbox (logging why, once per reason)."""
    if status.available:
        return
    if status.detail not in _warned:
        _warned.add(status.detail)
        log.warning("no usable sandbox (%s): job commands are refused", status.detail)
    raise SandboxUnavailableError(UNAVAILABLE, reason=status.detail)


def log_status(status: SandboxStatus) -> None:
    """A worker's start-up line: what confines its jobs' commands, or why they are refused."""
    if status.available:
        log.info("job commands run in a sandbox: %s", status.detail)
    else:
        _warned.add(status.detail)
        log.warning("no usable sandbox (%s): job commands will be refused", status.detail)
    if os.geteuid() == 0:
        log.warning(
            "the job worker runs as root: in its own job workspaces the sandbox's process "
            "limit (RLIMIT_NPROC) does not hold, the kernel exempts uid 0; run workers as an "
            "unprivileged user"
        )


def reset_cache() -> None:
    """Forget every probe result (tests that change what is installed)."""
    with _lock:
        _cache.clear()
        _warned.clear()


__all__ = [
    "UNAVAILABLE",
    "SandboxStatus",
    "log_status",
    "peek",
    "remembered",
    "require",
    "reset_cache",
]
