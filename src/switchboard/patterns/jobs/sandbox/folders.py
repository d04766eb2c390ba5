"""Which host directories may be mounted read-write as a job's workspace.

Every workspace (`check_mountable`): not `/`, not inside a system directory (`/usr`, `/etc`,
`/proc`, ...), and not a directory that *holds* the places that matter (`/home`, `/root`,
`/var`, the user's home directory itself): a job may work in `~/projetos/app`, never in `~`.

An existing project folder offered by a person (`host_workspace`, issue 21 point 5) is also
checked against Switchboard itself: not the installation (the checkout or the installed
package, nor anything inside or above it), and not the job root or anything around it (a job
would reach every other job's workspace). Paths are resolved first (`realpath`), so a symlink
cannot dress a forbidden directory up as an allowed one; `Sandbox.run` then mounts the directory
it opened, not the path.
"""

from __future__ import annotations

import os
from pathlib import Path

import switchboard
from switchboard.patterns.jobs.errors import WorkspaceFolderError

SYSTEM_TREES = (
    "/usr",
    "/etc",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/boot",
    "/proc",
    "/sys",
    "/dev",
    "/run",
)
"""Nothing at or below these is ever a workspace."""
HOLDERS = ("/home", "/root", "/var", "/var/lib", "/srv", "/opt", "/mnt", "/media", "/tmp")
"""These and their ancestors are never a workspace (what is below them may be)."""


def _within(path: str, tree: str) -> bool:
    return path == tree or path.startswith(tree.rstrip("/") + "/")


def check_mountable(path: str) -> str:
    """The real path of a directory every workspace may be, or `WorkspaceFolderError`."""
    real = os.path.realpath(path)
    if not os.path.isdir(real):
        raise WorkspaceFolderError(f"a pasta '{path}' não existe ou não é um diretório")
    home = os.path.realpath(os.path.expanduser("~"))
    if real == "/" or any(_within(real, tree) for tree in SYSTEM_TREES):
        raise WorkspaceFolderError(
            f"'{path}' é uma pasta do sistema e não pode ser o diretório de trabalho de um job"
        )
    if any(_within(holder, real) for holder in (*HOLDERS, home)):
        raise WorkspaceFolderError(
            f"'{path}' contém pastas pessoais ou do sistema (por exemplo '{home}'); escolha "
            "a pasta do projeto em si"
        )
    return real


def installation_root() -> str:
    """The Switchboard checkout (the folder with `pyproject.toml` above the package), or the
    installed package's folder."""
    package = Path(switchboard.__file__).resolve().parent
    for folder in package.parents:
        if (folder / "pyproject.toml").is_file() and (folder / "src" / "switchboard").is_dir():
            return str(folder)
    return str(package)


def host_workspace(path: str, *, job_root: str, installation: str | None = None) -> str:
    """The real path of an existing host folder a person offers as a job's workspace, after
    every check, or `WorkspaceFolderError` (pt-BR message). It is mounted read-write at the
    same path; the job's commands run as the folder's owner when the worker is root."""
    real = check_mountable(path)
    install = os.path.realpath(installation or installation_root())
    if _within(real, install) or _within(install, real):
        raise WorkspaceFolderError(
            f"'{path}' é (ou contém) a instalação do Switchboard; um job não pode alterá-la"
        )
    root = os.path.realpath(job_root)
    if _within(real, root) or _within(root, real):
        raise WorkspaceFolderError(
            f"'{path}' é (ou contém) a pasta dos jobs ('{root}'); escolha outra pasta"
        )
    return real


USER_PLACEHOLDER = "{user}"


def allowed_workspace(path: str, *, user_id: str, roots: tuple[str, ...], job_root: str) -> str:
    """The real path of a project folder `user_id` asked for as a job's workspace: absolute,
    inside (or equal to) one of the operator's allowed `roots` (`{user}` in a root is the
    user's id, so each user has their own), and passing `host_workspace`'s checks; otherwise
    `WorkspaceFolderError` (pt-BR). No roots configured: no project folders at all."""
    if not roots:
        raise WorkspaceFolderError(
            "nenhuma pasta de projeto está liberada neste servidor; o operador define as "
            "permitidas em SWITCHBOARD_JOBS_WORKSPACE_ROOTS"
        )
    if not os.path.isabs(path):
        raise WorkspaceFolderError(f"informe o caminho absoluto da pasta, não '{path}'")
    real = host_workspace(path, job_root=job_root)
    for root in roots:
        if USER_PLACEHOLDER in root:
            if not user_id or "/" in user_id or user_id.startswith(".") or "\x00" in user_id:
                continue
            root = root.replace(USER_PLACEHOLDER, user_id)
        if _within(real, os.path.realpath(root)):
            return real
    raise WorkspaceFolderError(
        f"'{path}' fica fora das pastas de projeto permitidas para você neste servidor"
    )


__all__ = [
    "HOLDERS",
    "SYSTEM_TREES",
    "USER_PLACEHOLDER",
    "allowed_workspace",
    "check_mountable",
    "host_workspace",
    "installation_root",
]
