"""The jobs app's runtime on a launched engine over a fresh SQLite file per test (copied from a
session template that already has DBOS's migrations and the queues)."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from switchboard.apps.jobs.runtime import JobsSetup, jobs_setup
from switchboard.patterns.jobs.engine import JobEngine
from switchboard.patterns.jobs.worker import build_engine

from ...patterns.jobs.harness import EngineHarness

FAST: dict[str, Any] = {
    "polling_interval_s": 0.02,
    "notification_polling_s": 0.02,
    "create_schema": True,
    "heartbeat_s": 0.2,
    "dead_after_s": 1.0,
}


class AppHarness(EngineHarness):
    wait_limit_s = 20.0

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.engine: JobEngine | None = None
        self.setup: JobsSetup | None = None

    @property
    def url(self) -> str:
        return f"sqlite:///{self.tmp / 'jobs.db'}"

    async def start(self, **options: Any) -> JobEngine:
        model = options.pop("model", "embedded")
        draft_first = options.pop("draft_first", True)
        self.setup = jobs_setup(str(self.tmp / "work"), model=model, draft_first=draft_first)
        self.engine = build_engine(self.setup.runtime, database_url=self.url, **{**FAST, **options})
        self.setup.service.target = self.engine
        await self.engine.launch()
        return self.engine

    def workdir(self, job_id: str) -> Path:
        return self.tmp / "work" / job_id


TOOLCHAIN_PACKAGES = ("pytest", "_pytest", "py.py", "pluggy", "iniconfig", "packaging", "pygments")


@pytest.fixture(scope="session")
def python_toolchain(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pytest for the sandbox's system Python, as an operator would provide it with
    `pip install --target DIR pytest` (`SWITCHBOARD_JOBS_TOOLCHAIN`): here the pure-Python
    packages copied from this venv. The sandbox shows only the host's `/usr`, and the system
    Python has no pytest."""
    site = Path(pytest.__file__).resolve().parents[1]
    folder = tmp_path_factory.mktemp("toolchain")
    for name in TOOLCHAIN_PACKAGES:
        source = site / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, folder / name)
    return folder


@pytest.fixture(scope="session")
def app_template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("jobs_app_template")

    async def build() -> None:
        h = AppHarness(folder)
        await h.start()
        await h.stop()

    asyncio.run(build())
    with sqlite3.connect(folder / "jobs.db") as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return folder / "jobs.db"


@pytest.fixture
async def app_harness(tmp_path: Path, app_template_db: Path) -> AsyncIterator[AppHarness]:
    shutil.copy(app_template_db, tmp_path / "jobs.db")
    h = AppHarness(tmp_path)
    try:
        yield h
    finally:
        await h.stop()
