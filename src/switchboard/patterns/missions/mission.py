"""Running a mission end to end, generic: `lead_mission` takes the package an app's
orchestrator prepared and does the rest.

Bus mission opened with the global timeout and budgets → the lead's `executar_missao` request
(timeout: global + grace) → the consolidation (or, when the lead never answered, a failure the
orchestrator reports) → the final answer (§8, `final_answer.py`) → the telemetry record (§10)
when a log is given. While it runs, bus requests and notices become status lines on `progress`
(`watch_bus`, worded by the app's `describe` / `notice_text`), and the data steps report through
the coordinators' `StatusHooks` (one per bus: `hooks_for`). The answer carries what the chat
shows under it (the lead's operations, the budgets and their use) and the mission's model usage
for the turn (`usage.py`). Finance's `run_mission` (apps/finance/missions/mission.py) is the
worked example: its orchestrator, then this.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from switchboard.bus import Message, MessageBus, Notice, Priority
from switchboard.bus.agent_handler import USER_KEY
from switchboard.core.clock import Clock
from switchboard.core.messages import UsageTally
from switchboard.models.base import Model
from switchboard.patterns.missions.coordinator import StatusHooks
from switchboard.patterns.missions.final_answer import final_answer
from switchboard.patterns.missions.models import (
    Consolidation,
    FinalAnswer,
    Limitacao,
    MetadadosExecucao,
    MissionPackage,
    OrcamentoConsumo,
    OrcamentoRecursos,
    RecursosConsumidos,
    RespostaPreEstruturada,
)
from switchboard.patterns.missions.plan import MISSION_OP
from switchboard.patterns.missions.record import ExecutorCall, MissionTelemetry
from switchboard.patterns.missions.settings import MissionSettings
from switchboard.patterns.missions.usage import lead_usage, mission_usage
from switchboard.sessions.progress import Progress, watch_bus

ORCHESTRATOR = "orquestrador"


@dataclass(slots=True)
class MissionModels:
    """Models per role; None = offline (deterministic planners, templates)."""

    coordinator: Model | None = None
    synthesis: Model | None = None
    orchestrator: Model | None = None


class MissionLog(Protocol):
    """Where a finished mission's §10 telemetry record goes (an app's repository)."""

    async def add(self, record: MissionTelemetry) -> None: ...


_HOOKS: weakref.WeakKeyDictionary[MessageBus, StatusHooks] = weakref.WeakKeyDictionary()
_SETTINGS: weakref.WeakKeyDictionary[MessageBus, MissionSettings] = weakref.WeakKeyDictionary()


@functools.cache
def default_settings() -> MissionSettings:
    """Read once: pydantic-settings parses the environment on every instantiation."""
    return MissionSettings()


def hooks_for(bus: MessageBus, settings: MissionSettings | None = None) -> StatusHooks:
    """The status hooks shared by the coordinators served on `bus` (and, with `settings`, the
    settings missions on it run with). Call it when registering the coordinators."""
    if settings is not None:
        _SETTINGS[bus] = settings
    return _HOOKS.setdefault(bus, StatusHooks())


async def lead_mission(
    mission: MissionPackage,
    mission_data: dict[str, Any],
    *,
    user_id: str,
    bus: MessageBus,
    progress: Progress,
    clock: Clock,
    synthesis: Model | None = None,
    usage: UsageTally | None = None,
    log: MissionLog | None = None,
    settings: MissionSettings | None = None,
    session_id: str | None = None,
    kind: str | None = None,
    describe: Callable[[Message], str | None] = lambda message: None,
    notice_text: Callable[[Notice], str | None] = lambda notice: None,
    orchestrator: str = ORCHESTRATOR,
) -> FinalAnswer:
    """The mission `mission` (validated from `mission_data`, the JSON the lead receives) led by
    its coordinator on `bus` (agents registered there). `usage`: the turn's tally the
    orchestrator already charged (the synthesis adds to it); `kind`: the app's name for the
    kind of question (telemetry); `session_id`: the chat session it answers in."""
    settings = settings or _SETTINGS.get(bus) or default_settings()
    own_usage = usage if usage is not None else UsageTally()
    mid = mission.missao_id
    lead = mission.agente_coordenador_lider
    budget = mission.orcamento_recursos
    timeout = mission.restricoes_hard.timeout_global_missao
    started = clock.monotonic()
    progress.agent(lead)
    hooks = _HOOKS.get(bus)
    stop_hook = (
        hooks.register(mid, progress.status, (mission_data, mission)) if hooks is not None else None
    )
    await bus.open_mission(
        mid,
        lead,
        token_budget=budget.orcamento_tokens,
        api_call_budget=budget.orcamento_chamadas_api,
        global_timeout=timeout,
    )
    try:
        with watch_bus(bus, mid, progress, describe=describe, notice_text=notice_text):
            response = await bus.request(
                orchestrator,
                lead,
                MISSION_OP,
                {"pacote": mission_data},
                mission_id=mid,
                priority=Priority.HIGH,
                # The bus gives a handler 80% of its message's timeout (§7): the lead's own
                # deadline must be the global timeout plus the consolidation grace.
                timeout=(timeout + settings.consolidation_grace)
                / bus.settings.executor_deadline_ratio,
                retries=0,
                objective=mission.objetivo_estrategico,
                context={USER_KEY: user_id},
            )
        calls: list[ExecutorCall] = []
        lead_used = lead_usage(response.payload.metadata)
        data = response.data
        if response.ok and isinstance(data, Consolidation | dict):
            # The lead's own object in-process; its JSON when it ran in another process.
            consolidation = (
                data if isinstance(data, Consolidation) else Consolidation.model_validate(data)
            )
            calls = [
                ExecutorCall.model_validate(c)
                for c in response.payload.metadata.get("operacoes", [])
            ]
        else:
            consolidation = failure(mission, clock.monotonic() - started)
        record = await bus.mission(mid)
    finally:
        await bus.close_mission(mid)
        if stop_hook is not None:
            stop_hook()
    answer = await final_answer(
        mission.query_original_usuario,
        consolidation,
        mission_id=mid,
        coordinator=lead,
        model=synthesis,
        regenerations=settings.synthesis_regenerations,
        timeline=progress.lines,
        usage=own_usage,
    )
    consolidation = answer.consolidacao  # as it really ended (a generic answer is a failure)
    answer = answer.model_copy(
        update={
            "operacoes": calls,
            "orcamento": OrcamentoRecursos(
                orcamento_tokens=record.token_budget,
                orcamento_chamadas_api=record.api_call_budget,
                consumo_atual=OrcamentoConsumo(
                    tokens=record.tokens_used, chamadas_api=record.api_calls_used
                ),
            ),
            "usage": mission_usage(own_usage, lead_used, record.tokens_used),
        }
    )
    if log is not None:
        await log.add(
            telemetry(
                mission,
                consolidation,
                user_id=user_id,
                ended_at=clock.now(),
                duration=clock.monotonic() - started,
                tokens=record.tokens_used,
                api_calls=record.api_calls_used,
                timed_out=record.status.value == "timed_out",
                calls=calls,
                session_id=session_id,
                kind=kind,
            )
        )
    return answer


def failure(mission: MissionPackage, elapsed: float) -> Consolidation:
    """The lead never answered (not even within the grace): the orchestrator reports it."""
    return Consolidation(
        status="falha",
        objetivo_alcancado=False,
        resposta_pre_estruturada=RespostaPreEstruturada(
            resposta_principal="Não consegui concluir a análise a tempo desta vez."
        ),
        limitacoes_encontradas=[
            Limitacao(
                tipo_limitacao="timeout",
                descricao="A análise não terminou dentro do tempo disponível.",
                impacto="alto",
                operacoes_nao_executadas=[f"{mission.agente_coordenador_lider}.{MISSION_OP}"],
            )
        ],
        proximos_passos_sugeridos=["Tente uma pergunta mais específica."],
        metadados_execucao=MetadadosExecucao(
            ciclos_realizados=0, operacoes_executadas=0, operacoes_falhadas=1
        ),
        recursos_consumidos=RecursosConsumidos(
            tokens_usados=0,
            chamadas_api_externas=0,
            tempo_execucao=round(elapsed, 3),
            percentual_orcamento_tokens=0,
            percentual_orcamento_api=0,
        ),
    )


def telemetry(
    mission: MissionPackage,
    consolidation: Consolidation,
    *,
    user_id: str,
    ended_at: Any,
    duration: float,
    tokens: int,
    api_calls: int,
    timed_out: bool,
    calls: list[ExecutorCall] | None = None,
    session_id: str | None = None,
    kind: str | None = None,
) -> MissionTelemetry:
    """The §10 record of a finished mission (`kind`: the app's kind of question, if any)."""
    meta = consolidation.metadados_execucao
    limits = mission.restricoes_hard
    choice = mission.justificativa_escolha
    status = consolidation.status
    return MissionTelemetry(
        missao_id=mission.missao_id,
        user_id=user_id,
        session_id=session_id,
        tipo_pergunta=kind,
        timestamp_inicio=limits.timestamp_inicio,
        timestamp_fim=ended_at,
        duracao_total=round(duration, 3),
        query_original=mission.query_original_usuario,
        dominio_classificado=mission.dominio,
        complexidade=mission.complexidade,
        coordenador_sugerido_junior=choice.sugestao_junior,
        score_junior=choice.score_junior,
        coordenador_escolhido_orquestrador=mission.agente_coordenador_lider,
        houve_override=choice.houve_override,
        motivo_override=choice.motivo_override,
        orcamento_tokens_alocado=mission.orcamento_recursos.orcamento_tokens,
        orcamento_tokens_consumido=tokens,
        orcamento_api_alocado=mission.orcamento_recursos.orcamento_chamadas_api,
        orcamento_api_consumido=api_calls,
        timeout_alocado=limits.timeout_global_missao,
        tempo_real_execucao=consolidation.recursos_consumidos.tempo_execucao,
        ciclos_realizados_coordenador=meta.ciclos_realizados,
        operacoes_totais_executadas=meta.operacoes_executadas,
        operacoes_falhadas=meta.operacoes_falhadas,
        fallbacks_usados=[f"{f.agente}:{f.fallback_usado}" for f in meta.fallbacks_usados],
        agentes_chamados=meta.agentes_chamados,
        profundidade_maxima_chamadas=meta.profundidade_maxima,
        executores=calls or [],
        status_final="timeout" if timed_out and status == "falha" else status,
        objetivo_alcancado=consolidation.objetivo_alcancado,
        limitacoes_encontradas=[
            f"{lim.tipo_limitacao}:{lim.impacto}" for lim in consolidation.limitacoes_encontradas
        ],
    )


__all__ = [
    "ORCHESTRATOR",
    "MissionLog",
    "MissionModels",
    "default_settings",
    "failure",
    "hooks_for",
    "lead_mission",
    "telemetry",
]
