"""The jobs app's chat: the assistant turns a request into a job, shows its plan and definition
of done, and takes "aprovar" / "rejeitar" in the conversation.

Intent is by keywords (works offline and costs no model call): "relatório de gastos" starts a
"relatorios" job; "altere …"/"dev: …" a "dev" job; "status" shows the pending job. The pending
job's id lives in the session's typed state (`JobsChatState`), so an approval typed in a later
turn — or after a server restart — reaches the right job.
"""

from __future__ import annotations

import unicodedata
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import ClassVar

from switchboard.core.clock import Clock
from switchboard.core.errors import SwitchboardError
from switchboard.core.events import Event, StatusEvent, TextEvent
from switchboard.core.messages import Message
from switchboard.core.state import PatternState, RoutingState
from switchboard.patterns.jobs.models import ApprovalDecision, Job, JobStatus, NewJob
from switchboard.patterns.jobs.service import JobService
from switchboard.sessions.turn import Turn

AGENT = "assistente"
PLAN_WAIT_S = 10.0
"""How long a turn waits for a new job's plan (offline: well under a second) before answering
"acompanhe pelo status"."""
POLL_S = 0.05
APPROVE = frozenset({"aprovar", "aprovo", "aprovado", "sim"})
REJECT = frozenset({"rejeitar", "rejeito", "rejeitado", "nao"})


class JobsChatState(PatternState):
    key: ClassVar[str] = "jobs_chat"

    pending_job: str | None = None
    """The job awaiting this user's approval in this session."""


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()
    return " ".join(folded.split())


def intent(text: str) -> tuple[str, str] | None:
    """(persona, request) of a job the message asks for, or None."""
    plain = _plain(text)
    if "relatorio" in plain and ("gasto" in plain or "despesa" in plain):
        return "relatorios", text.strip()
    for prefix in ("dev:", "altere ", "edite "):
        if plain.startswith(prefix):
            return "dev", text.strip()
    return None


def describe_plan(job: Job) -> str:
    lines = [f"Criei o job `{job.id[:8]}` ({job.persona}). Plano:"]
    if job.plan is not None:
        lines += [f"- {step.description}" for step in job.plan.steps]
        for sub in job.plan.sub_jobs:
            after = f" (depois de {', '.join(sub.depends_on)})" if sub.depends_on else ""
            lines.append(f"  • sub-job {sub.ref}: {sub.request}{after}")
    lines.append("Critérios de pronto:")
    lines += [f"- {c.description}" for c in job.validation_criteria]
    lines.append('Responda "aprovar" para executar ou "rejeitar" para cancelar.')
    return "\n".join(lines)


def describe_status(job: Job) -> str:
    text = f"O job `{job.id[:8]}` está {job.status.value}."
    if job.result:
        text += f" Resultado: {job.result}"
    if job.error:
        text += f" Erro: {job.error}"
    return text


HELP = (
    'Posso executar tarefas em segundo plano. Peça, por exemplo, "gere um relatório de gastos" '
    'ou "altere o README para ..."; eu mostro o plano e os critérios e você aprova.'
)


@dataclass(slots=True)
class JobsChatPattern:
    service: JobService
    clock: Clock

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
            turn.state.put(JobsChatState())
            text = (
                f"Aprovado: o job `{job.id[:8]}` está em execução."
                if approved
                else f"Rejeitado: o job `{job.id[:8]}` foi cancelado."
            )
        elif plain == "status" and state.pending_job:
            text = describe_status(await self.service.get_job(turn.user_id, state.pending_job))
        elif (asked := intent(turn.text)) is not None:
            persona, request = asked
            if turn.stream:
                yield StatusEvent(message="Planejando a tarefa...")
            job = await self.service.create_job(
                turn.user_id, NewJob(request=request, persona=persona, requires_approval=True)
            )
            turn.state.put(JobsChatState(pending_job=job.id))
            job = await self._planned(turn.user_id, job)
            if job.status is JobStatus.AWAITING_APPROVAL:
                text = describe_plan(job)
            else:
                text = describe_status(job) + ' Diga "status" para acompanhar.'
        else:
            text = HELP
        turn.say(text, agent=AGENT)
        if turn.stream:
            yield TextEvent(delta=text, agent=AGENT)

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
