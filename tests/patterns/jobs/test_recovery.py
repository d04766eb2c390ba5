"""kill -9 of a worker process mid-job (SQLite, two processes): another worker finishes it, no
completed step runs twice, no job is lost or duplicated."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from switchboard.patterns.jobs.engine import INTERRUPTED
from switchboard.patterns.jobs.models import JobStatus
from switchboard.patterns.jobs.store import JobStore, sync_url

from .worker_app import DB_ENV, EXPECTED, GATE_ENV

ROOT = Path(__file__).resolve().parents[3]


PG_ADMIN_URL = os.environ.get(
    "SWITCHBOARD_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/test"
)


def spawn(folder: Path, mode: str, url: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src"),
        GATE_ENV: str(folder / "gate"),
        DB_ENV: url,
    }
    return subprocess.Popen(
        [sys.executable, "-m", "tests.patterns.jobs.worker_app", str(folder), mode],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=(folder / f"{mode}.log").open("w"),
        text=True,
    )


async def wait_until(check: object, limit_s: float) -> None:
    deadline = asyncio.get_running_loop().time() + limit_s
    while not check():  # type: ignore[operator]
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.05)


def holder(url: str, workflow_id: str) -> str:
    """The executor running the workflow, from DBOS's own table."""
    table = "workflow_status" if url.startswith("sqlite") else "dbos.workflow_status"
    engine = sa.create_engine(sync_url(url))
    try:
        with engine.connect() as conn:
            query = sa.text(f"SELECT executor_id FROM {table} WHERE workflow_uuid = :id")
            return str(conn.execute(query, {"id": workflow_id}).scalar_one())
    finally:
        engine.dispose()


def pg_admin(statement: str) -> None:
    engine = sa.create_engine(sync_url(PG_ADMIN_URL), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(sa.text(statement))
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path, template_db: Path) -> Iterator[str]:
    """A copy of the SQLite template, or a PostgreSQL database of its own, dropped after."""
    if request.param == "sqlite":
        shutil.copy(template_db, tmp_path / "jobs.db")
        yield f"sqlite:///{tmp_path / 'jobs.db'}"
        return
    name = f"sb_jobs_{uuid.uuid4().hex[:12]}"
    pg_admin(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(PG_ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.parametrize("mode", ["enqueue", "approve"], ids=["job", "approved-job"])
async def test_kill_9_mid_job_another_worker_completes_it(
    tmp_path: Path, database: str, mode: str
) -> None:
    """Two workers serve the queue; the one running the job is killed inside a tool call (held
    by a gate file); the other takes over once the dead one's heartbeat is stale (1 s here).
    Completed steps are not re-run, the interrupted call is reported and not re-run, the rest
    runs on the survivor. `approved-job`: the job was parked for approval (its first run
    ended) and the work runs in the run its approval started — the one killed."""
    (tmp_path / "gate").touch()
    workers = [spawn(tmp_path, mode, database), spawn(tmp_path, "serve", database)]
    workflow = "{}" if mode == "enqueue" else "{}:decided"
    try:
        outputs = [w.stdout for w in workers]
        assert outputs[0] is not None and outputs[1] is not None
        job_id = (await asyncio.to_thread(outputs[0].readline)).strip()
        ids = {}
        for worker, output in zip(workers, outputs, strict=True):
            line = await asyncio.to_thread(output.readline)
            assert line.startswith("ready"), (tmp_path / "serve.log").read_text()[-3000:] + (
                tmp_path / "enqueue.log"
            ).read_text()[-3000:]
            ids[line.split()[1]] = worker
        effects = tmp_path / "work" / job_id / "effects.log"

        def lines() -> list[str]:
            return effects.read_text().splitlines() if effects.exists() else []

        await wait_until(lambda: len(lines()) >= 2, 30)
        await asyncio.sleep(0.3)  # the holder is inside the gate tool now
        running = workflow.format(job_id)
        victim = ids[holder(database, running)]
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait()
        (tmp_path / "gate").unlink()
        store = JobStore(database)

        def finished() -> bool:
            job = store.get(job_id)
            return job is not None and job.status.terminal

        await wait_until(finished, 60)
        job = store.get(job_id)
        store.dispose()
        assert job is not None and job.status is JobStatus.COMPLETED, job and job.error
        done = lines()
        assert len(done) == len(set(done)), f"a step ran twice: {done}"
        assert done == [line for line in EXPECTED if line != "g"]
        interrupted = [e for e in job.state.activity.history if e.content == INTERRUPTED]
        assert len(interrupted) == 1, "the interrupted call must be reported, not run again"
        begins = [e for e in job.state.activity.history if e.content == "início da tentativa 1"]
        assert len(begins) == 1 and job.attempts == 1
        assert holder(database, running) != next(k for k, v in ids.items() if v is victim)
        if mode == "approve":
            assert job.approval is not None and job.approval.approved
    finally:
        for process in workers:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
