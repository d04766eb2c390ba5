"""The orchestrator hand-off (spec 001 §3): a complex question answered by a mission.

The orchestrator package is built from the message (Junior's analysis, the session's recent
turns as its context) and a mission runs on the app's bus (`missions/runtime.py`): its agent
and pt-BR status events stream while it works, then the final answer is said, with
`finance.mission` metadata (id, status, lead, timeline) on the stored message, followed by the
compact mission timeline (a `mission_timeline` `ui` event, kept on the answer for the history:
`missions/timeline.py`). The mission's model tokens join the turn's usage. A mission that
breaks gives a friendly pt-BR apology listing the steps done, never a crash. Without a runtime
(a bare pattern) the user is told, honestly, that deep analyses are not available.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

from switchboard import AgentEvent, Event, Progress, StatusEvent, UiEvent
from switchboard.apps.finance.memory import clean
from switchboard.apps.finance.missions.runtime import FinanceRuntime
from switchboard.apps.finance.missions.timeline import COMPONENT as TIMELINE
from switchboard.apps.finance.missions.timeline import mission_timeline
from switchboard.apps.finance.run import (
    ORQUESTRADOR,
    Run,
    finish,
    say,
)
from switchboard.apps.finance.state import PreviousTurn as PreviousPart
from switchboard.apps.finance.triage import (
    OrchestratorPackage,
    analyse,
    memory_policy,
)
from switchboard.patterns import FinalAnswer, recent_context
from switchboard.sessions import Outcome, run_with_progress

log = logging.getLogger(__name__)

COMPLEXA_ANSWER = (
    "Essa pergunta pede uma análise mais profunda ({coordenador}). As análises completas "
    "chegam com o recurso de missões, que ainda não está disponível aqui, e prefiro não "
    "improvisar uma análise sem ele. Enquanto isso, posso registrar lançamentos e responder "
    'consultas diretas, como "quanto gastei este mês?" ou "qual meu saldo?".'
)
MISSION_STARTED = "Preparando uma análise completa da sua pergunta…"
MISSION_FAILED = (
    "Desculpe, não consegui concluir essa análise agora e prefiro não improvisar uma resposta."
    "{feito} Tente de novo em instantes ou faça uma pergunta mais específica. Consultas "
    'diretas, como "qual meu saldo?" ou "quanto gastei este mês?", continuam funcionando.'
)
COORDINATOR_NAMES = {
    "analise_financeira_pessoal": "Análise Financeira Pessoal",
    "investimentos": "Investimentos",
    "planejamento": "Planejamento Financeiro",
}


class MissionHandoff:
    """The orchestrator's side of the finance pattern (see the module docstring)."""

    def __init__(self, runtime: FinanceRuntime | None) -> None:
        self.runtime = runtime

    async def complexa(
        self, run: Run, text: str, question: str | None = None
    ) -> AsyncIterator[Event]:
        """`question`: what the mission answers instead of the message (an answer to an ask,
        merged into the question it answers: `missions/catalogue/pending.py`)."""
        turn = run.turn
        # the package carries the user's exact text (redacted), cancel words included
        # the mission's context: the session's recent turns (newest kept), then the summary
        context = recent_context(turn.history, run.fs.summary)
        package = analyse(clean(question or turn.text), resumo_contexto=context)
        meta: dict[str, Any] = {"orchestrator_package": package.model_dump(mode="json")}
        if self.runtime is None:
            lead = COORDINATOR_NAMES[package.candidatos[0].nome]
            reply = COMPLEXA_ANSWER.format(coordenador=f"coordenador sugerido: {lead}")
            async for event in say(run, reply, ORQUESTRADOR, meta):
                yield event
        else:
            async for event in self._mission(run, self.runtime, package, meta):
                yield event
        run.fs = run.fs.model_copy(
            update={"previous": PreviousPart(categoria="complexa", question=clean(text))}
        )
        finish(run, write=memory_policy("complexa").write)

    async def _mission(
        self,
        run: Run,
        missions: FinanceRuntime,
        package: OrchestratorPackage,
        meta: dict[str, Any],
    ) -> AsyncIterator[Event]:
        """Run the mission, streaming its agent/status events, then say the final answer."""
        turn = run.turn
        if turn.stream and turn.speaker != ORQUESTRADOR:
            yield AgentEvent(agent=ORQUESTRADOR, reason="delegation", previous=turn.speaker)
        turn.speaker = ORQUESTRADOR
        if turn.stream:
            yield StatusEvent(message=MISSION_STARTED)
        progress = Progress()
        outcome: Outcome[FinalAnswer] = Outcome()
        speaking = ORQUESTRADOR
        work = missions.run(
            package,
            user_id=turn.user_id,
            progress=progress,
            session_id=turn.session_id,
            parent=run.agent_span,
        )
        try:
            async for event in run_with_progress(work, progress, outcome):
                if isinstance(event, AgentEvent):
                    event = event.model_copy(update={"previous": speaking})
                    speaking = event.agent
                if turn.stream:
                    yield event
        except Exception as exc:
            log.exception("finance: mission failed", extra={"session_id": turn.session_id})
            meta["mission"] = {"status": "erro", "erro": type(exc).__name__,
                               "timeline": list(progress.lines)}  # fmt: skip
            async for event in say(run, mission_failed(progress.lines), ORQUESTRADOR, meta):
                yield event
            return
        answer = outcome.value
        if answer is None:  # run_with_progress sets it or raises
            return
        turn.usage.add(answer.usage)
        if turn.stream and speaking != ORQUESTRADOR:
            yield AgentEvent(agent=ORQUESTRADOR, reason="return", previous=speaking)
        meta["mission"] = {
            "id": answer.missao_id,
            "status": answer.status,
            "coordenador": answer.coordenador,
            "origem": answer.origem,
            "timeline": list(answer.timeline),
        }
        view = mission_timeline(answer)
        ui = UiEvent(
            component=TIMELINE, props=view.model_dump(mode="json"), fallback_text=view.summary
        )
        async for event in say(run, answer.resposta_ao_usuario, ORQUESTRADOR, meta, ui):
            yield event


def mission_failed(steps: list[str]) -> str:
    """The pt-BR answer when a mission broke: what was being done, no invented analysis."""
    done = [step.rstrip("…. ") for step in steps if step.strip()]
    known = ""
    if done:
        known = " Cheguei a fazer isto: " + "; ".join(s[:1].lower() + s[1:] for s in done) + "."
    return MISSION_FAILED.format(feito=known)


__all__ = [
    "COMPLEXA_ANSWER",
    "MISSION_FAILED",
    "MISSION_STARTED",
    "MissionHandoff",
    "mission_failed",
]
