"""The jobs app's chat: the assistant turns a request into a job, shows its plan and definition
of done, and takes "aprovar" / "rejeitar" in the conversation.

Offline, intent is by keywords: "relatório de gastos" starts a "relatorios" job; "altere …" /
"dev: …" a "dev" job. With a hosted model, other messages go to the agent, which decides to
create a job with its task-manager tool `start_job` (the tool waits for the plan and returns it
with the criteria, for the agent to present). "aprovar" / "rejeitar" / "status" stay keywords in
both modes: an approval is the user's decision, never the model's. The pending job's id lives in
the session's typed state (`JobsChatState`), so an approval typed in a later turn — or after a
server restart — reaches the right job.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import ClassVar

from switchboard import (
    AgentSpec,
    Clock,
    Event,
    Message,
    Model,
    PatternState,
    RoutingState,
    StatusEvent,
    SwitchboardError,
    TextEvent,
    Tool,
    ToolContext,
    ToolRegistry,
    Turn,
)
from switchboard.agents import AgentKit, AgentRun
from switchboard.apps.jobs.fileops import parse_ops
from switchboard.patterns import ApprovalDecision, Job, JobService, JobStatus, NewJob, criteria_note

AGENT = "assistente"
PLAN_WAIT_S = 10.0
"""How long a turn waits for a new job's plan (offline: well under a second) before answering
that planning goes on (never with a plan to approve: only a plan the engine parked for approval
is shown as one; the engine's own planning limit is `EngineConfig.plan_timeout_s`)."""
POLL_S = 0.05
APPROVE = frozenset({"aprovar", "aprovo", "aprovado", "sim"})
REJECT = frozenset({"rejeitar", "rejeito", "rejeitado", "nao"})


class JobsChatState(PatternState):
    key: ClassVar[str] = "jobs_chat"

    pending_job: str | None = None
    """The job awaiting this user's approval in this session."""
    last_job: str | None = None
    """The job this session approved last: "status" reports it (state and outcome)."""


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return " ".join(folded.split())


_ASKS_STATUS = re.compile(
    r"^(?:e ai,? )?(?:status|andamento)\b|\b(?:terminou|acabou|ficou pronto|ja foi|ta pronto"
    r"|esta pronto|saiu|andamento|status)\b|\bcomo (?:esta|ta|anda|vai) (?:o |meu |a |minha )?"
    r"(?:job|tarefa|relatorio)|\bcade (?:o |meu |a |minha )?(?:job|tarefa|relatorio)"
)
"""How people ask after the job they are following ("e aí, terminou?", "como está meu job?");
plain "status" is the documented keyword."""


_ASKS_LIST = re.compile(
    r"\b(?:quais|que|meus|minhas|lista|listar|liste|mostra|mostre|ver)\b(?:\s+\S+){0,3}?\s+"
    r"(?:jobs?|tarefas?)\b"
)
"""How people ask for their jobs ("quais jobs eu tenho?", "lista minhas tarefas")."""
_GREETING = re.compile(r"^(?:oi+e?|ola|bom dia|boa tarde|boa noite|e ai|opa)\b[\s!,.?]*$")
LISTED = 10
"""The newest jobs a list shows."""


def asks_list(text: str) -> bool:
    """Whether the message asks which jobs the user has."""
    return _ASKS_LIST.search(_plain(text)) is not None


def describe_jobs(jobs: list[Job]) -> str:
    """pt-BR: the user's newest jobs (not their sub-jobs), one per line with its status."""
    roots = [job for job in jobs if job.parent_id is None][:LISTED]
    if not roots:
        return "Você ainda não tem nenhum job. " + HELP
    lines = ["Seus jobs mais recentes:"]
    for job in roots:
        request = job.request if len(job.request) <= 60 else job.request[:59] + "…"
        status = job.status_label
        lines.append(f"- `{job.id[:8]}` ({job.persona}): {request} — {status}")
    return "\n".join(lines)


def asks_status(text: str) -> bool:
    """Whether the message asks how the followed job is going (not a new request)."""
    return _ASKS_STATUS.search(_plain(text)) is not None


def intent(text: str) -> tuple[str, str] | None:
    """(persona, request) of a job the message asks for, or None."""
    plain = _plain(text)
    if "relatorio" in plain and ("gasto" in plain or "despesa" in plain):
        return "relatorios", text.strip()
    for prefix in ("dev:", "altere ", "edite "):
        if plain.startswith(prefix):
            return "dev", text.strip()
    if parse_ops(text):
        return "dev", text.strip()
    return None


JUDGED = {"engine": "verificado pelo motor", "model": "julgado pelo modelo"}


def describe_plan(job: Job, *, created: bool = True) -> str:
    """The plan and criteria to approve — only for a job the engine parked for approval (its
    plan is checked non-empty); anything else is described by its status. `created`: the job
    was created by this message (else the user asked how it is going)."""
    if job.status is not JobStatus.AWAITING_APPROVAL or job.plan is None:
        return describe_unplanned(job)
    lead = (
        f"Criei o job `{job.id[:8]}` ({job.persona}). Plano:"
        if created
        else f"O job `{job.id[:8]}` ({job.persona}) está aguardando sua aprovação. Plano:"
    )
    lines = [lead]
    if job.plan is not None:
        lines += [f"- {step.description}" for step in job.plan.steps]
        for sub in job.plan.sub_jobs:
            after = f" (depois de {', '.join(sub.depends_on)})" if sub.depends_on else ""
            lines.append(f"  • sub-job {sub.ref}: {sub.request}{after}")
    lines.append(f"Critérios de pronto ({criteria_note(job.validation_criteria)}):")
    lines += [f"- {c.description} ({JUDGED[c.judged_by]})" for c in job.validation_criteria]
    lines.append('Responda "aprovar" para executar ou "rejeitar" para cancelar.')
    return "\n".join(lines)


def describe_unplanned(job: Job) -> str:
    """A new job whose plan is not ready to approve: still planning, or planning failed."""
    if job.status.terminal:
        reason = job.error or job.status.label
        return f"Não consegui planejar o job `{job.id[:8]}`: {reason}"
    return (
        f"Criei o job `{job.id[:8]}` ({job.persona}) e ainda estou planejando; quando o plano "
        'estiver pronto ele aparece para aprovação. Diga "status" para acompanhar.'
    )


def describe_status(job: Job, *, approved: bool = False) -> str:
    """The job's state; once it ended, the engine's outcome (done / failed / replanned).
    `approved`: this session approved it (its run may not have picked the decision up yet)."""
    label = job.status_label
    if approved and job.status is JobStatus.AWAITING_APPROVAL and job.approval is None:
        label = "aprovado, começando a execução"
    text = f"O job `{job.id[:8]}` está {label}."
    if job.outcome is not None and (outcome := job.outcome.text()):
        return f"{text}\n{outcome}"
    if job.result:
        text += f" Resultado: {job.result}"
    if job.error:
        text += f" Erro: {job.error}"
    return text


HELP = (
    'Posso executar tarefas em segundo plano. Peça, por exemplo, "relatório de gastos de '
    'outubro com alimentação" (a partir do seu registro financeiro) ou "crie o arquivo '
    'notas.txt com o texto "...""; eu mostro o plano e os critérios e você aprova.'
)


AGENT_PROMPT = (
    "Você é o assistente de tarefas. Quando o usuário pedir um trabalho que leva tempo (um "
    "relatório, uma alteração em arquivos), crie um job com a ferramenta start_job (persona "
    "'relatorios' para relatórios de gastos, 'dev' para alterações em arquivos), mostre o plano e "
    'os critérios que ela devolver e peça "aprovar" ou "rejeitar". Para o resto, responda curto.'
)


@dataclass(slots=True)
class JobsChatPattern:
    service: JobService
    clock: Clock
    model: Model | None = None
    """A hosted model for the agent; None: keyword intents only (offline)."""

    def model_agents(self) -> tuple[str, ...]:
        """None for the app to warm (`ModelDriven`): the pattern holds its own model."""
        return ()

    def current_agent(self, state: RoutingState) -> str:
        return AGENT

    def place(self, state: RoutingState, agent: str) -> None:
        return None

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        turn.speaker = AGENT
        turn.new_messages.append(Message.user(turn.text, agent=AGENT))
        try:
            async for event in self._answer(turn):
                yield event
        except SwitchboardError as exc:
            turn.say(f"Não consegui: {exc.message}", agent=AGENT)
            if turn.stream:
                yield TextEvent(delta=turn.visible[-1], agent=AGENT)

    async def _answer(self, turn: Turn) -> AsyncIterator[Event]:
        state = turn.state.get(JobsChatState)
        plain = _plain(turn.text)
        text: str
        if state.pending_job and plain in (
            "aprovar",
            "aprovo",
            "sim",
            "rejeitar",
            "rejeito",
            "nao",
        ):
            approved = plain in ("aprovar", "aprovo", "sim")
            job = await self.service.decide(
                turn.user_id,
                state.pending_job,
                ApprovalDecision(approved=approved, reason="pelo chat"),
            )
            turn.state.put(JobsChatState(last_job=job.id))
            text = (
                f"Aprovado: o job `{job.id[:8]}` está em execução."
                if approved
                else f"Rejeitado: o job `{job.id[:8]}` foi cancelado."
            )
        elif (
            (state.pending_job or state.last_job)
            and asks_status(turn.text)
            and intent(turn.text) is None
        ):
            followed = state.pending_job or state.last_job
            assert followed is not None
            pending = await self.service.get_job(turn.user_id, followed)
            parked = pending.status is JobStatus.AWAITING_APPROVAL and bool(state.pending_job)
            approved = not state.pending_job
            text = (
                describe_plan(pending, created=False)
                if parked
                else describe_status(pending, approved=approved)
            )
        elif asks_list(turn.text) and intent(turn.text) is None:
            text = describe_jobs(await self.service.list_jobs(turn.user_id, limit=50))
        elif self.model is not None:
            async for event in self._agent(turn):
                yield event
            return
        elif (asked := intent(turn.text)) is not None:
            persona, request = asked
            if turn.stream:
                yield StatusEvent(message="Planejando a tarefa...")
            job = await self.service.create_job(
                turn.user_id, NewJob(request=request, persona=persona, requires_approval=True)
            )
            turn.state.put(JobsChatState(pending_job=job.id))
            text = describe_plan(await self._planned(turn.user_id, job))
        else:
            text = f"Olá! {HELP}" if _GREETING.match(plain) else HELP
        turn.say(text, agent=AGENT)
        if turn.stream:
            yield TextEvent(delta=text, agent=AGENT)

    async def _agent(self, turn: Turn) -> AsyncIterator[Event]:
        assert self.model is not None
        created: list[str] = []

        async def start_job(request: str, persona: str, context: ToolContext) -> str:
            """Cria um job em segundo plano (persona: relatorios ou dev) e devolve o plano e os
            critérios de pronto para o usuário aprovar."""
            job = await self.service.create_job(
                context.user_id, NewJob(request=request, persona=persona, requires_approval=True)
            )
            created.append(job.id)
            return describe_plan(await self._planned(context.user_id, job))

        spec = AgentSpec(name=AGENT, role="Assistente de tarefas", tools=["start_job"])
        kit = AgentKit.build(spec, ToolRegistry([Tool(start_job, name="start_job")]))
        history = [
            Message(role=m.role, content=m.content)
            for m in turn.history
            if m.role in ("user", "assistant") and m.content and not m.tool_calls
        ]
        run = AgentRun(
            kit,
            self.model,
            [Message.system(AGENT_PROMPT), *history, Message.user(turn.text)],
            tool_context=ToolContext(
                session_id=turn.session_id, user_id=turn.user_id, agent=AGENT, clock=self.clock
            ),
            stream=turn.stream,
            parent=turn.span,
        )
        try:
            async for event in run:
                yield event
        finally:
            turn.new_messages.extend(run.outcome.new_messages)
            turn.usage.add(run.outcome.tally)
            turn.visible.extend(run.outcome.visible_text)
            if created:
                turn.state.put(JobsChatState(pending_job=created[-1]))

    async def _planned(self, user_id: str, job: Job) -> Job:
        waited = 0.0
        while job.status is not JobStatus.AWAITING_APPROVAL and not job.status.terminal:
            if waited >= PLAN_WAIT_S:
                break
            await self.clock.sleep(POLL_S)
            waited += POLL_S
            job = await self.service.get_job(user_id, job.id)
        return job


__all__ = ["AGENT", "JobsChatPattern", "JobsChatState", "describe_plan", "intent"]
