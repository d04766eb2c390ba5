"""Builds the `jobs` app: the chat (`chat.py`) plus the job runtime the server and
`switchboard worker` run (`jobs_setup`). The app is a `JobsHost`: the server launches the engine
with its `job_runtime()` and hands the engine back through `serve_jobs`."""

from __future__ import annotations

from typing import Any

from switchboard import AgentSpec, BuilderFactory, Model, PatternApp, open_store
from switchboard.apps.jobs.chat import AGENT, JobsChatPattern
from switchboard.apps.jobs.runtime import JobsSetup, jobs_setup
from switchboard.apps.jobs.spending import LedgerSpending
from switchboard.config import Settings
from switchboard.core import SYSTEM_CLOCK
from switchboard.models import as_source
from switchboard.patterns import JobRuntime, JobService, StoreLearnings


class JobsApp(PatternApp):
    """The chat app, and the `JobsHost` of its personas' jobs."""

    jobs_setup: JobsSetup

    def job_runtime(self) -> JobRuntime:
        return self.jobs_setup.runtime

    def serve_jobs(self, service: JobService | None) -> None:
        self.jobs_setup.service.target = service


def build(**options: Any) -> JobsApp:
    settings: Settings = options.get("settings") or Settings()
    clock = options.get("clock") or SYSTEM_CLOCK
    store = open_store(options.get("store") or settings.database_url, clock=clock)
    model = options.get("model", settings.model)
    setup = options.get("jobs_setup") or jobs_setup(
        options.get("workdir_root"),
        model=model,
        memory=StoreLearnings(store),
        spending=LedgerSpending(store),
    )
    models = as_source(model)
    chat_model: Model | None = options.get("chat_model")
    if chat_model is None and not setup.offline:
        chat_model = models.for_agent(AgentSpec(name=AGENT, role="Assistente"))
    agent = AgentSpec(
        name=AGENT,
        role="Assistente de tarefas",
        objective="Transformar pedidos em jobs autônomos com plano aprovado pelo usuário.",
    )
    app = JobsApp(
        "jobs",
        JobsChatPattern(setup.service, clock, model=chat_model),
        {AGENT: agent},
        entry_agent=AGENT,
        store=store,
        models=models,
        settings=settings,
        clock=clock,
        title="Tarefas autônomas",
    )
    app.jobs_setup = setup
    return app


factory = BuilderFactory(build)
"""The `switchboard.apps` entry point (`AppFactory`): `build` with the app's defaults."""

__all__ = ["JobsApp", "build", "factory"]
