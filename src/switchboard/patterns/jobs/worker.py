"""Job workers: `switchboard worker [--queue …]` processes and the in-process worker of
`switchboard serve` (`make run`).

Both are a launched `JobEngine` listening to some queues; any number of processes on any number
of hosts may share one PostgreSQL database (or, on one machine, one SQLite file). Shutdown is
graceful: heartbeats stop, running steps get `grace_s` to finish, and what is left (a job
awaiting approval, a retry waiting for its backoff, a step cut short) is handed to the other
workers at once by ageing this worker's heartbeat; an interrupted step re-runs elsewhere, and a
tool call it had started is not repeated (see `engine.py`, `phases.py`).
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Sequence
from typing import Any

from switchboard.patterns.jobs.config import options_from_env
from switchboard.patterns.jobs.engine import EngineConfig, JobEngine
from switchboard.patterns.jobs.host import JobRuntime
from switchboard.patterns.jobs.job_root import warn_if_in_repository
from switchboard.patterns.jobs.sandbox import Sandbox, log_status


def build_engine(runtime: JobRuntime, *, database_url: str, **options: Any) -> JobEngine:
    """The engine for `runtime`; logs once what confines its jobs' commands (or that nothing
    can, and they will be refused) and warns about a job root inside a git repository. Options
    given here win over the environment's (`config.ENV_OPTIONS`: the dead-worker timeout,
    the planning timeout, …)."""
    log_status(Sandbox().status())
    warn_if_in_repository(runtime.workdir_root)
    config = EngineConfig(
        database_url=database_url,
        queues=runtime.queues,
        workdir_root=runtime.workdir_root,
        personas=runtime.personas,
        **{**options_from_env(), **options},
    )
    return JobEngine(config, runtime.executor_for, runtime.tools_for)


async def start_in_process_worker(
    runtime: JobRuntime,
    *,
    database_url: str,
    queues: Sequence[str] | None = None,
    **options: Any,
) -> JobEngine:
    """Launch the engine inside the running server loop; the caller (the app's lifespan) keeps
    it as its `JobService` and calls `await engine.shutdown()` on exit."""
    engine = build_engine(runtime, database_url=database_url, **options)
    await engine.launch(listen=queues)
    return engine


async def run_worker(
    queues: Sequence[str] | None,
    *,
    database_url: str,
    stop_event: asyncio.Event,
    runtime: JobRuntime,
    grace_s: float = 10.0,
    **options: Any,
) -> None:
    """Serve `queues` (None: all of the runtime's) until `stop_event` is set."""
    engine = build_engine(runtime, database_url=database_url, **options)
    await engine.launch(listen=queues)
    try:
        await stop_event.wait()
    finally:
        await engine.shutdown(grace_s)


def stop_on_signals(stop_event: asyncio.Event) -> None:
    """SIGTERM / SIGINT set `stop_event` (a graceful shutdown) instead of killing the loop."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop_event.set)


__all__ = [
    "JobRuntime",
    "build_engine",
    "run_worker",
    "start_in_process_worker",
    "stop_on_signals",
]
