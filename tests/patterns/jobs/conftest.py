"""A launched job engine on a fresh SQLite file per test (DBOS is one per process, so engines are
launched and shut down in turn), with a scripted executor and a side-effect counting tool."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path

import pytest

from switchboard.patterns.jobs.engine import EngineConfig, JobEngine, QueueSpec
from switchboard.patterns.jobs.scripted import Script, ScriptedExecutor
from switchboard.tools import Tool, ToolRegistry

from .harness import EngineHarness, awaiting
from .side_effects import APPEND, SLOW


def make_config(tmp: Path, **overrides: object) -> EngineConfig:
    values: dict[str, object] = {
        "database_url": f"sqlite:///{tmp / 'jobs.db'}",
        "queues": (QueueSpec("dev", worker_concurrency=4), QueueSpec("relatorios")),
        "workdir_root": str(tmp / "work"),
        "polling_interval_s": 0.02,
        "notification_polling_s": 0.02,
        "create_schema": True,
        "heartbeat_s": 0.2,
        "dead_after_s": 1.0,
    }
    values.update(overrides)
    return EngineConfig(**values)  # type: ignore[arg-type]


class Harness(EngineHarness):
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.scripts: dict[str, Script] = {}
        self.engine: JobEngine | None = None

    extra_tools: Callable[[JobEngine], list[Tool]] | None = None
    executor_type: type[ScriptedExecutor] = ScriptedExecutor
    listen: Sequence[str] | None = None
    """The queues the engine serves (None: all)."""

    async def start(
        self, scripts: Mapping[str, Script] | None = None, **overrides: object
    ) -> JobEngine:
        if scripts is not None:
            self.scripts.update(scripts)
        executor = self.executor_type(self.scripts)
        registry = ToolRegistry([APPEND, SLOW])
        self.engine = JobEngine(
            make_config(self.tmp, **overrides), lambda job: executor, lambda job: registry
        )
        if self.extra_tools is not None:
            for extra in self.extra_tools(self.engine):
                registry.register(extra)
        await self.engine.launch(listen=self.listen)
        return self.engine

    async def wait_workflow(self, workflow_id: str, status: str, limit_s: float = 10.0) -> None:
        """Until DBOS's own record of the workflow has `status` (e.g. SUCCESS)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit_s
        while True:
            with sqlite3.connect(self.tmp / "jobs.db") as db:
                row = db.execute(
                    "SELECT status FROM workflow_status WHERE workflow_uuid = ?", (workflow_id,)
                ).fetchone()
            if row is not None and row[0] == status:
                return
            if loop.time() > deadline:
                raise AssertionError(f"workflow {workflow_id} is {row}, not {status}")
            await asyncio.sleep(0.02)

    def effects(self, root_id: str) -> list[str]:
        path = self.tmp / "work" / root_id / "effects.log"
        return path.read_text().splitlines() if path.exists() else []


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A system database already migrated with the queues registered, copied per test: a fresh
    database costs ~1 s of migrations, and DBOS discovers queues registered after launch only
    on its next 1 s pass, so each test would wait for both."""
    folder = tmp_path_factory.mktemp("template")

    async def build() -> None:
        h = Harness(folder)
        await h.start()
        await h.stop()

    asyncio.run(build())
    with sqlite3.connect(folder / "jobs.db") as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return folder / "jobs.db"


@pytest.fixture
async def harness(tmp_path: Path, template_db: Path) -> AsyncIterator[Harness]:
    shutil.copy(template_db, tmp_path / "jobs.db")
    h = Harness(tmp_path)
    try:
        yield h
    finally:
        await h.stop()


__all__ = ["APPEND", "SLOW", "Harness", "awaiting", "make_config"]
