"""Issue 21, points 1 and 5: where job workspaces live (outside any checkout by default), and an
existing project folder as a workspace — checked, mounted read-write in the sandbox, its files
the folder owner's."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from switchboard.patterns.jobs.errors import WorkspaceFolderError
from switchboard.patterns.jobs.job_root import (
    JOBS_ROOT_ENV,
    default_job_root,
    job_root,
    warn_if_in_repository,
)
from switchboard.patterns.jobs.sandbox import Sandbox, host_workspace, installation_root
from switchboard.patterns.jobs.tools.workspace import Workspace


def test_the_default_job_root_is_the_users_state_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(JOBS_ROOT_ENV, raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert default_job_root() == str(tmp_path / "state" / "switchboard" / "jobs")
    assert job_root() == default_job_root()
    monkeypatch.delenv("XDG_STATE_HOME")
    assert default_job_root() == os.path.expanduser("~/.local/state/switchboard/jobs")
    monkeypatch.setenv(JOBS_ROOT_ENV, str(tmp_path / "jobs"))
    assert job_root() == str(tmp_path / "jobs")
    assert job_root(str(tmp_path / "mine")) == str(tmp_path / "mine")
    assert not default_job_root().startswith(installation_root())


def test_a_job_root_inside_a_repository_is_warned_about(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    repo = tmp_path / "checkout"
    (repo / "var" / "jobs").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    caplog.set_level(logging.WARNING, logger="switchboard.jobs")
    assert warn_if_in_repository(str(repo / "var" / "jobs")) == str(repo)
    assert any("inside the git repository" in r.getMessage() for r in caplog.records)
    caplog.clear()
    assert warn_if_in_repository(str(tmp_path / "elsewhere")) is None
    assert not caplog.records


@pytest.fixture
def jobs(tmp_path: Path) -> Path:
    root = tmp_path / "state" / "jobs"
    root.mkdir(parents=True)
    return root


def test_a_project_folder_is_accepted(tmp_path: Path, jobs: Path) -> None:
    project = tmp_path / "projetos" / "app"
    project.mkdir(parents=True)
    assert host_workspace(str(project), job_root=str(jobs)) == str(project)
    alias = tmp_path / "alias"
    alias.symlink_to(project)
    assert host_workspace(str(alias), job_root=str(jobs)) == str(project)


@pytest.mark.parametrize(
    "folder",
    ["/", "/usr", "/usr/share", "/etc", "/proc/self", "/home", "/var", "/tmp", "HOME"],
)
def test_system_and_home_folders_are_refused(folder: str, jobs: Path) -> None:
    path = os.path.expanduser("~") if folder == "HOME" else folder
    with pytest.raises(WorkspaceFolderError):
        host_workspace(path, job_root=str(jobs))


def test_switchboard_and_the_job_root_are_refused(tmp_path: Path, jobs: Path) -> None:
    install = installation_root()
    for folder in (install, os.path.join(install, "src"), str(Path(install).parent)):
        if os.path.isdir(folder) and folder != "/":
            with pytest.raises(WorkspaceFolderError, match=r"Switchboard|pastas pessoais"):
                host_workspace(folder, job_root=str(jobs))
    (jobs / "job-1").mkdir()
    for folder in (jobs, jobs / "job-1", jobs.parent, tmp_path):
        with pytest.raises(WorkspaceFolderError, match="jobs"):
            host_workspace(str(folder), job_root=str(jobs))
    linked = tmp_path / "sneaky"
    linked.symlink_to(jobs.parent)
    with pytest.raises(WorkspaceFolderError):
        host_workspace(str(linked), job_root=str(jobs))
    with pytest.raises(WorkspaceFolderError, match="não existe"):
        host_workspace(str(tmp_path / "nope"), job_root=str(jobs))


@pytest.fixture
def owned_project() -> Iterator[tuple[Path, int]]:
    """A project folder owned by someone other than root when the suite runs as root (a
    developer's folder served by a root worker); the current user's otherwise."""
    folder = Path(tempfile.mkdtemp(prefix="switchboard-project-"))
    owner = 65534 if os.geteuid() == 0 else os.geteuid()
    if os.geteuid() == 0:
        os.chown(folder, owner, owner)
    (folder / "README.md").write_text("# app\n")
    if os.geteuid() == 0:
        os.chown(folder / "README.md", owner, owner)
    try:
        yield folder, owner
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def test_commands_in_a_project_folder_run_as_its_owner(
    owned_project: tuple[Path, int],
) -> None:
    folder, owner = owned_project
    sandbox = Sandbox()
    who = await sandbox.run(["id", "-u"], workspace=str(folder))
    assert who.output.strip() == str(owner)
    edited = await sandbox.run(
        ["sh", "-c", "echo mais >> README.md && mkdir -p build && touch build/out"],
        workspace=str(folder),
    )
    assert edited.exit_code == 0, edited.output
    assert (folder / "README.md").read_text() == "# app\nmais\n"
    assert (folder / "build" / "out").stat().st_uid == owner
    Workspace(folder).write_text("docs/novo.md", "texto")
    assert (folder / "docs").stat().st_uid == owner
    assert (folder / "docs" / "novo.md").stat().st_uid == owner
    again = await sandbox.run(["sh", "-c", "echo x >> docs/novo.md"], workspace=str(folder))
    assert again.exit_code == 0, "a command can edit what the filesystem tool wrote"
