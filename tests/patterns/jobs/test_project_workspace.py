"""An existing project folder as a job's workspace (issue 21 point 5): only inside the folders
the operator allows (per user with `{user}`), mounted read-write in the sandbox, and nothing
outside it writable from there."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from switchboard.patterns.jobs.config import WORKSPACE_ROOTS_ENV, options_from_env
from switchboard.patterns.jobs.errors import WorkspaceFolderError
from switchboard.patterns.jobs.sandbox import CommandResult, Sandbox, allowed_workspace


@pytest.fixture
def layout(tmp_path: Path) -> dict[str, Path]:
    roots = tmp_path / "projetos"
    places = {
        "jobs": tmp_path / "state" / "jobs",
        "ana": roots / "ana" / "app",
        "bob": roots / "bob" / "app",
        "shared": tmp_path / "compartilhado" / "site",
        "outside": tmp_path / "outros" / "segredo",
    }
    for folder in places.values():
        folder.mkdir(parents=True)
    return places


def _allowed(path: Path | str, user: str, layout: dict[str, Path], *roots: str) -> str:
    return allowed_workspace(
        str(path), user_id=user, roots=tuple(roots), job_root=str(layout["jobs"])
    )


def test_only_folders_inside_the_users_allowed_roots(layout: dict[str, Path]) -> None:
    per_user = str(layout["ana"].parents[1] / "{user}")
    shared = str(layout["shared"].parent)
    assert _allowed(layout["ana"], "ana", layout, per_user, shared) == str(layout["ana"])
    assert _allowed(layout["shared"], "bob", layout, per_user, shared) == str(layout["shared"])
    assert _allowed(layout["ana"].parent, "ana", layout, per_user) == str(layout["ana"].parent)
    with pytest.raises(WorkspaceFolderError, match="fora das pastas"):
        _allowed(layout["ana"], "bob", layout, per_user)  # another user's folder
    with pytest.raises(WorkspaceFolderError, match="fora das pastas"):
        _allowed(layout["outside"], "ana", layout, per_user, shared)
    with pytest.raises(WorkspaceFolderError, match="SWITCHBOARD_JOBS_WORKSPACE_ROOTS"):
        _allowed(layout["ana"], "ana", layout)  # no roots configured: no project folders
    with pytest.raises(WorkspaceFolderError, match="absoluto"):
        _allowed("projetos/ana/app", "ana", layout, per_user)
    for sneaky in ("../bob", "a/../../bob", ""):
        with pytest.raises(WorkspaceFolderError):
            _allowed(layout["bob"], sneaky, layout, per_user)
    link = layout["ana"] / "atalho"
    link.symlink_to(layout["outside"])
    with pytest.raises(WorkspaceFolderError, match="fora das pastas"):
        _allowed(link, "ana", layout, per_user)  # resolved before the check
    with pytest.raises(WorkspaceFolderError, match="jobs"):
        _allowed(layout["jobs"], "ana", layout, str(layout["jobs"].parent))


def test_roots_come_from_the_environment() -> None:
    env = {WORKSPACE_ROOTS_ENV: "/srv/projetos/{user}:/srv/compartilhado"}
    assert options_from_env(env)["workspace_roots"] == (
        "/srv/projetos/{user}",
        "/srv/compartilhado",
    )
    assert "workspace_roots" not in options_from_env({})
    with pytest.raises(Exception, match="absolute"):
        options_from_env({WORKSPACE_ROOTS_ENV: "relativo/pasta"})


def test_nothing_outside_the_project_folder_is_writable(layout: dict[str, Path]) -> None:
    project = layout["ana"]
    (project / "README.md").write_text("# app\n")
    sandbox = Sandbox()

    def sh(script: str) -> CommandResult:
        return asyncio.run(sandbox.run(["sh", "-c", script], workspace=str(project)))

    inside = sh("echo mais >> README.md && mkdir -p src && echo x > src/novo.py")
    assert inside.exit_code == 0, inside.output
    assert (project / "README.md").read_text() == "# app\nmais\n"
    assert (project / "src" / "novo.py").read_text() == "x\n"
    targets = [
        layout["bob"] / "x",  # the sibling user's project
        project.parent / "x",  # the allowed root itself, above the workspace
        layout["shared"] / "x",
        layout["outside"] / "x",
        layout["jobs"] / "x",  # the job root
        Path("/tmp") / f"sb-escape-{os.getpid()}",
        Path(os.path.expanduser("~")) / f"sb-escape-{os.getpid()}",
        Path("/etc") / f"sb-escape-{os.getpid()}",
    ]
    for target in targets:
        # whatever the sandbox lets the command do to its own view (a throw-away tmpfs), the
        # host never sees it
        sh(f"echo x > '{target}'; mkdir -p '{target}.d'")
        assert not target.exists(), target
        assert not Path(f"{target}.d").exists(), target
    kept = {path: path.read_bytes() for path in _existing(layout, project)}
    for path in kept:
        sh(f"echo trocado > '{path}'; rm -f '{path}'")
    assert {path: path.read_bytes() for path in kept} == kept
    sh("echo x > ../fora")
    assert not (project.parent / "fora").exists()


def _existing(layout: dict[str, Path], project: Path) -> list[Path]:
    """Files next to the workspace that already exist on the host."""
    files = []
    for name in ("bob", "shared", "outside"):
        path = layout[name] / "keep.txt"
        path.write_text(f"{name}\n")
        files.append(path)
    above = project.parent / "keep.txt"
    above.write_text("root\n")
    return [*files, above]
