"""The job engine for apps a terminal command serves (`switchboard chat`, `switchboard mcp`).

A `JobsHost` app (the `jobs` app) answers through a launched engine; the server launches it in
its lifespan, and the terminal commands here, so that a job asked for in the conversation is
planned and run — on the same jobs database as the server and `switchboard worker`
(`jobs_database_url`), so `switchboard jobs list` sees it too.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from switchboard.patterns.jobs.engine import JobEngine
    from switchboard.sessions.app import ChatApp

log = logging.getLogger("switchboard.jobs")


@asynccontextmanager
async def local_jobs(apps: Iterable[ChatApp], database_url: str) -> AsyncIterator[list[JobEngine]]:
    """Launch an engine for each `JobsHost` among `apps`; stop them (and unserve) on exit.
    An engine that cannot start (its database unreachable, say) is logged and left out: the
    conversation still works, and a job asked for in it gets the app's pt-BR explanation of
    how to start the engine instead of a crash."""
    from switchboard.patterns.jobs.host import JobsHost
    from switchboard.server.routes.jobs import launch_host_jobs

    engines: list[tuple[JobsHost, JobEngine]] = []
    try:
        for app in apps:
            if not isinstance(app, JobsHost):
                continue
            try:
                engines.append((app, await launch_host_jobs(app, database_url)))
            except Exception:
                log.exception("the job engine did not start; jobs are unavailable here")
        yield [engine for _, engine in engines]
    finally:
        for host, engine in engines:
            host.serve_jobs(None)
            await engine.shutdown()


__all__ = ["local_jobs"]
