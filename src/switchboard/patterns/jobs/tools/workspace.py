"""A job's working directory with real path containment.

Every path a model gives is relative to the job's root. Containment is checked twice:
1. lexically and by resolution — absolute paths, `..` components and NUL bytes are refused, and
   `os.path.realpath` of the target must stay under the real root (a symlink that points outside
   is refused with the same error);
2. at open time — the resolved path is walked one component at a time from a descriptor of the
   root with `O_NOFOLLOW` (`openat`), so a symlink swapped in between the check and the use
   (a TOCTOU race) is refused by the kernel instead of followed.

Writes into any `.git/` (the workspace's repository or a nested one, in any letter case) are
refused: config written there could name programs for git to run (filters, diff drivers), and
only git itself, in the sandbox, writes a repository.

A root worker in a folder owned by someone else (an existing project folder) gives what it
creates to the folder's owner, who is also the user the job's commands run as
(`sandbox/identity.py`): a command can then edit what the filesystem tool wrote.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from switchboard.patterns.jobs.errors import PathEscapeError

MAX_READ_CHARS = 200_000
MAX_WRITE_BYTES = 1_000_000
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


class Workspace:
    """File operations confined to `root` (created if missing)."""

    __slots__ = ("owner", "root")

    def __init__(self, root: str | os.PathLike[str]) -> None:
        Path(root).mkdir(parents=True, exist_ok=True)
        self.root = os.path.realpath(root)
        info = os.stat(self.root)
        self.owner: tuple[int, int] | None = (
            (info.st_uid, info.st_gid) if os.geteuid() == 0 and info.st_uid != 0 else None
        )
        """Whom a root worker gives new files and directories to (None: keep its own)."""

    def resolve(self, path: str) -> list[str]:
        """The components of `path` below the real root, after every check (or PathEscapeError)."""
        if "\x00" in path:
            raise PathEscapeError("caminho inválido (contém NUL)", path=path)
        if os.path.isabs(path) or path.startswith("~"):
            raise PathEscapeError(
                f"caminho absoluto não permitido: '{path}'; use caminhos relativos ao diretório "
                "de trabalho",
                path=path,
            )
        parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
        if ".." in parts:
            raise PathEscapeError(f"'..' não é permitido no caminho '{path}'", path=path)
        real = os.path.realpath(os.path.join(self.root, *parts))
        if os.path.commonpath([self.root, real]) != self.root:
            raise PathEscapeError(
                f"o caminho '{path}' aponta para fora do diretório de trabalho (link simbólico)",
                path=path,
            )
        relative = os.path.relpath(real, self.root)
        return [] if relative == "." else relative.split(os.sep)

    def read_text(self, path: str, max_chars: int = MAX_READ_CHARS) -> tuple[str, bool]:
        """(text, truncated)."""
        *dirs, name = self._file_parts(path)
        with self._dir(dirs, create=False) as dir_fd:
            fd = _open_at(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd)
            with os.fdopen(fd, "r", encoding="utf-8", errors="replace") as handle:
                text = handle.read(max_chars + 1)
        return text[:max_chars], len(text) > max_chars

    def read_bytes(self, path: str, max_bytes: int) -> bytes | None:
        """Up to `max_bytes + 1` bytes of a regular file (a caller sees it is too big); None
        when `path` is not a regular file (a directory, a device)."""
        *dirs, name = self._file_parts(path)
        with self._dir(dirs, create=False) as dir_fd:
            fd = _open_at(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd)
            with os.fdopen(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                    return None
                return handle.read(max_bytes + 1)

    def write_text(self, path: str, content: str, *, append: bool = False) -> int:
        """Bytes written; parent directories are created (each one without following links)."""
        data = content.encode("utf-8")
        if len(data) > MAX_WRITE_BYTES:
            raise PathEscapeError(
                f"conteúdo grande demais ({len(data)} bytes; máximo {MAX_WRITE_BYTES})", path=path
            )
        *dirs, name = self._file_parts(path, writing=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW
        flags |= os.O_APPEND if append else os.O_TRUNC
        with self._dir(dirs, create=True) as dir_fd:
            fd = _open_at(name, flags, dir_fd)
            with os.fdopen(fd, "wb") as handle:
                if self.owner is not None and os.fstat(handle.fileno()).st_uid == 0:
                    os.fchown(handle.fileno(), *self.owner)
                handle.write(data)
        return len(data)

    def make_dir(self, path: str) -> None:
        parts = self.resolve(path)
        self._check_git(parts, path)
        with self._dir(parts, create=True):
            pass

    def list_dir(self, path: str = ".") -> list[dict[str, str | int]]:
        """Entries sorted by name: name, type (file | dir | link | other) and size."""
        parts = self.resolve(path)
        entries: list[dict[str, str | int]] = []
        with self._dir(parts, create=False) as dir_fd:
            for name in sorted(os.listdir(dir_fd)):
                info = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
                kind = (
                    "dir"
                    if stat.S_ISDIR(info.st_mode)
                    else "file"
                    if stat.S_ISREG(info.st_mode)
                    else "link"
                    if stat.S_ISLNK(info.st_mode)
                    else "other"
                )
                entries.append({"name": name, "type": kind, "size": info.st_size})
        return entries

    def _file_parts(self, path: str, *, writing: bool = False) -> list[str]:
        parts = self.resolve(path)
        if not parts:
            raise PathEscapeError(f"'{path}' é o próprio diretório de trabalho, não um arquivo")
        if writing:
            self._check_git(parts, path)
        return parts

    @staticmethod
    def _check_git(parts: list[str], path: str) -> None:
        if any(part.lower() == ".git" for part in parts):
            raise PathEscapeError(
                f"escrever em '.git/' não é permitido ('{path}'); use a ferramenta de terminal "
                "com git",
                path=path,
            )

    @contextmanager
    def _dir(self, parts: list[str], *, create: bool) -> Iterator[int]:
        """A descriptor of root/parts, walked with O_NOFOLLOW at every level."""
        fd = os.open(self.root, _DIR_FLAGS)
        try:
            for part in parts:
                try:
                    child = os.open(part, _DIR_FLAGS, dir_fd=fd)
                except FileNotFoundError:
                    if not create:
                        raise
                    with suppress(FileExistsError):
                        os.mkdir(part, 0o755, dir_fd=fd)
                    child = os.open(part, _DIR_FLAGS, dir_fd=fd)
                    if self.owner is not None:
                        os.fchown(child, *self.owner)
                except OSError as exc:
                    raise _escape_or(exc, part, fd) from exc
                os.close(fd)
                fd = child
            yield fd
        finally:
            os.close(fd)


def _open_at(name: str, flags: int, dir_fd: int) -> int:
    try:
        return os.open(name, flags | getattr(os, "O_CLOEXEC", 0), 0o644, dir_fd=dir_fd)
    except OSError as exc:
        raise _escape_or(exc, name, dir_fd) from exc


def _escape_or(exc: OSError, name: str, dir_fd: int) -> OSError | PathEscapeError:
    """ELOOP (a file) or ENOTDIR (a directory opened with O_DIRECTORY) from O_NOFOLLOW on a
    symlink: a link appeared where the checked path had none — refused, never followed."""
    is_link = exc.errno in (errno.ELOOP, errno.EMLINK)
    if exc.errno == errno.ENOTDIR:
        try:
            is_link = stat.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
        except OSError:
            is_link = False
    if is_link:
        return PathEscapeError(f"link simbólico recusado em '{name}'", path=name)
    return exc


__all__ = ["MAX_READ_CHARS", "MAX_WRITE_BYTES", "Workspace"]
