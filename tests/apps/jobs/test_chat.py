"""The jobs chat: keyword intent → a job awaiting approval with its plan and criteria shown;
"aprovar" in a later turn approves the pending job (state in the session); other users' jobs are
not reachable; unrelated text gets the help."""

from __future__ import annotations

from switchboard.apps.jobs.app import build
from switchboard.apps.jobs.chat import HELP, describe_plan, intent
from switchboard.config import Settings
from switchboard.models.scripted import ScriptedModel, call
from switchboard.patterns.jobs.models import Job, JobStatus
from switchboard.store.factory import open_store

from .conftest import AppHarness


def test_intent_by_keywords() -> None:
    assert intent("Gere um RELATÓRIO de gastos, por favor") == (
        "relatorios",
        "Gere um RELATÓRIO de gastos, por favor",
    )
    assert intent("altere o README para citar a licença")[0] == "dev"  # type: ignore[index]
    assert intent("bom dia") is None


async def test_chat_creates_shows_and_approves_a_job(app_harness: AppHarness) -> None:
    engine = await app_harness.start(draft_first=False)
    assert app_harness.setup is not None
    settings = Settings(database_url="memory://")
    app = build(settings=settings, store=open_store("memory://"), jobs_setup=app_harness.setup)
    await app.start()
    assert (await app.reply("s1", "bom dia", user_id="ana")).text == f"Olá! {HELP}"
    shown = await app.reply("s1", "gere um relatório de gastos", user_id="ana")
    assert "Critérios de pronto" in shown.text and "sub-job coletar" in shown.text
    jobs = await engine.list_jobs("ana")
    assert [j.status for j in jobs] == [JobStatus.AWAITING_APPROVAL]
    # another user's session has no pending job: "aprovar" there is just text
    assert (await app.reply("s2", "aprovar", user_id="bia")).text == HELP
    approved = await app.reply("s1", "aprovar", user_id="ana")
    assert approved.text.startswith("Aprovado")
    done = await app_harness.wait(jobs[0].id)
    assert done.status is JobStatus.COMPLETED, done.error
    await app.shutdown()


async def test_a_hosted_agent_creates_the_job_with_its_tool(app_harness: AppHarness) -> None:
    engine = await app_harness.start(draft_first=False)
    assert app_harness.setup is not None
    model = ScriptedModel(
        [
            call("start_job", {"request": "relatório semanal", "persona": "relatorios"}),
            "Preparei o plano acima. Posso executar?",
        ]
    )
    app = build(
        settings=Settings(database_url="memory://"),
        store=open_store("memory://"),
        jobs_setup=app_harness.setup,
        chat_model=model,
    )
    await app.start()
    shown = await app.reply("s1", "preciso do relatório da semana", user_id="ana")
    assert shown.text == "Preparei o plano acima. Posso executar?"
    tool_result = model.requests[1].messages[-1].content
    assert "Critérios de pronto" in tool_result
    (job,) = await engine.list_jobs("ana")
    assert job.status is JobStatus.AWAITING_APPROVAL and job.request == "relatório semanal"
    assert (await app.reply("s1", "aprovar", user_id="ana")).text.startswith("Aprovado")
    assert (await app_harness.wait(job.id)).status is JobStatus.COMPLETED
    await app.shutdown()


def test_a_job_still_planning_or_failed_is_never_offered_for_approval() -> None:
    """The chat used to show an empty plan and ask "aprovar" when planning took over 10 s."""
    base = {"id": "j1234567", "user_id": "ana", "queue": "dev", "persona": "dev", "request": "r"}
    planning = Job.model_validate({**base, "status": "active"})
    failed = Job.model_validate({**base, "status": "failed", "error": "o planejamento excedeu"})
    for job in (planning, failed):
        text = describe_plan(job)
        assert "aprovar" not in text and "Plano:" not in text
    assert "ainda estou planejando" in describe_plan(planning)
    assert "o planejamento excedeu" in describe_plan(failed)
    parked = Job.model_validate(
        {
            **base,
            "status": "awaiting_approval",
            "plan": {"steps": [{"id": "1", "description": "fazer"}]},
            "validation_criteria": [
                {"id": "c1", "description": "a.py existe", "kind": "file_exists", "path": "a.py"},
                {"id": "c2", "description": "legível"},
            ],
        }
    )
    shown = describe_plan(parked)
    assert "aprovar" in shown and "- fazer" in shown
    assert (
        "a.py existe (verificado pelo motor)" in shown and "legível (julgado pelo modelo)" in shown
    )


async def test_status_after_approval_reports_the_outcome(app_harness: AppHarness) -> None:
    await app_harness.start(draft_first=False)
    assert app_harness.setup is not None
    app = build(
        settings=Settings(database_url="memory://"),
        store=open_store("memory://"),
        jobs_setup=app_harness.setup,
    )
    await app.start()
    await app.reply("s1", "gere um relatório de gastos", user_id="ana")
    assert (await app.reply("s1", "aprovar", user_id="ana")).text.startswith("Aprovado")
    assert app_harness.engine is not None
    (job,) = [j for j in await app_harness.engine.list_jobs("ana") if j.parent_id is None]
    await app_harness.wait(job.id)
    for asked in ("status", "e ai, terminou?", "como está meu relatório?"):
        told = (await app.reply("s1", asked, user_id="ana")).text
        assert "concluído" in told and "completed" not in told, asked
        assert "Feito:" in told and "sub-job" in told, asked
    await app.shutdown()


def test_how_people_ask_after_their_job() -> None:
    """Only "status" was understood: "e aí, terminou?" got the help text, and the status of a
    job awaiting approval began "Criei o job" as if a new one had been created."""
    from switchboard.apps.jobs.chat import asks_status

    for asked in (
        "status",
        "e aí, terminou?",
        "já ficou pronto?",
        "como tá meu job?",
        "cadê o relatório",
    ):
        assert asks_status(asked), asked
    for other in ("bom dia", "gere um relatório de gastos", "aprovar", "crie o arquivo a.txt"):
        assert not asks_status(other), other
    parked = Job.model_validate(
        {
            "id": "j1234567", "user_id": "ana", "queue": "dev", "persona": "dev", "request": "r",
            "status": "awaiting_approval",
            "plan": {"steps": [{"id": "1", "description": "fazer"}]},
        }
    )  # fmt: skip
    assert describe_plan(parked, created=False).startswith(
        "O job `j1234567` (dev) está aguardando sua aprovação."
    )


async def test_the_chat_lists_the_users_jobs_and_only_theirs(app_harness: AppHarness) -> None:
    """ "quais jobs eu tenho?" got the help text."""
    await app_harness.start(draft_first=False)
    assert app_harness.setup is not None
    settings = Settings(database_url="memory://")
    app = build(settings=settings, store=open_store("memory://"), jobs_setup=app_harness.setup)
    await app.start()
    empty = await app.reply("s1", "quais jobs eu tenho?", user_id="ana")
    assert empty.text.startswith("Você ainda não tem nenhum job.")
    await app.reply("s1", "gere um relatório semanal de gastos", user_id="ana")
    for question in ("quais jobs eu tenho?", "lista minhas tarefas", "mostra meus jobs"):
        listed = (await app.reply("s1", question, user_id="ana")).text
        assert listed.startswith("Seus jobs mais recentes:") and "aguardando aprovação" in listed
        assert "relatório semanal" in listed and "sub-job" not in listed
    other = await app.reply("s2", "quais jobs eu tenho?", user_id="bia")
    assert other.text.startswith("Você ainda não tem nenhum job.")
