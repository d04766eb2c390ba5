"""A job's artefacts: the files in its workspace, listed and read for their owner.

The API (`GET /jobs/{id}/files[/{path}]`), the CLI (`switchboard jobs files`) and the web UI
read them through here, after the engine checked the job is the caller's (another user's job is
`JobNotFoundError`, as everywhere). Reads are confined like the filesystem tool's
(`tools.workspace.Workspace`: no absolute paths, no `..`, no symlink out, every directory
opened with `O_NOFOLLOW`); the repository (`.git/`) is neither listed nor served, and listing
never follows a link. A sub-job shares its tree's workspace, so its files are the tree's.
"""

from __future__ import annotations

import os
import stat
from datetime import UTC, datetime

from pydantic import BaseModel

from switchboard.patterns.jobs.errors import JobError, PathEscapeError
from switchboard.patterns.jobs.tools.workspace import Workspace

MAX_LISTED = 5_000
"""Files listed per workspace at most (`truncated` says when there were more)."""
MAX_DOWNLOAD_BYTES = 50_000_000


class JobFileNotFoundError(JobError):
    code = "job_file_not_found"
    http_status = 404


class JobFile(BaseModel):
    path: str
    """Relative to the workspace, `/`-separated."""
    size: int
    modified: datetime


class JobFiles(BaseModel):
    files: list[JobFile]
    truncated: bool = False


def list_files(root: str, *, limit: int = MAX_LISTED) -> JobFiles:
    """Regular files under `root` (sorted by path), without `.git/` and without following links
    (a missing workspace: none yet)."""
    real = os.path.realpath(root)
    if not os.path.isdir(real):
        return JobFiles(files=[])
    found: list[JobFile] = []
    truncated = False
    for folder, dirs, names in os.walk(real, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d.lower() != ".git")
        for name in sorted(names):
            full = os.path.join(folder, name)
            info = os.lstat(full)
            if not stat.S_ISREG(info.st_mode):
                continue
            if len(found) >= limit:
                truncated = True
                break
            found.append(
                JobFile(
                    path=os.path.relpath(full, real).replace(os.sep, "/"),
                    size=info.st_size,
                    modified=datetime.fromtimestamp(info.st_mtime, UTC),
                )
            )
        if truncated:
            break
    found.sort(key=lambda f: f.path)
    return JobFiles(files=found, truncated=truncated)


def read_file(root: str, path: str, *, max_bytes: int = MAX_DOWNLOAD_BYTES) -> bytes:
    """The bytes of `path` inside the workspace `root`, or `PathEscapeError` (outside it, a
    link, the repository) / `JobFileNotFoundError` (no such regular file)."""
    if not os.path.isdir(os.path.realpath(root)):
        raise JobFileNotFoundError(f"arquivo não encontrado: '{path}'", path=path)
    space = Workspace(root)
    parts = space.resolve(path)
    if not parts:
        raise JobFileNotFoundError(f"'{path}' é o diretório de trabalho, não um arquivo")
    if any(part.lower() == ".git" for part in parts):
        raise PathEscapeError(f"o repositório ('.git/') não é servido: '{path}'", path=path)
    try:
        data = space.read_bytes(path, max_bytes)
    except (FileNotFoundError, NotADirectoryError):
        raise JobFileNotFoundError(f"arquivo não encontrado: '{path}'", path=path) from None
    if data is None:
        raise JobFileNotFoundError(f"'{path}' não é um arquivo", path=path)
    if len(data) > max_bytes:
        raise JobError(f"'{path}' passa de {max_bytes} bytes; copie-o da pasta do job", path=path)
    return data


__all__ = [
    "MAX_DOWNLOAD_BYTES",
    "MAX_LISTED",
    "JobFile",
    "JobFileNotFoundError",
    "JobFiles",
    "list_files",
    "read_file",
]
