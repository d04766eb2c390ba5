"""Finance missions end to end: `register_finance_agents` once per bus, `run_mission` per
complex question (the finance pattern's `complexa` branch calls it through `MissionRuntime`).

`run_mission` = finance's orchestrator (lead with its override rules, complexity, budgets, the
package: `orchestrator.py`) → the platform's `lead_mission` (patterns/missions/mission.py: the
bus mission, the lead's request, the final answer, the §10 record), with finance's pt-BR status
lines (`progress_text.py`) and its question kind for telemetry (the catalogue's).
"""

from __future__ import annotations

from typing import Any

from switchboard import Clock, Progress
from switchboard.apps.finance.data_access import DataAccess
from switchboard.apps.finance.market import MarketResearch
from switchboard.apps.finance.missions.contracts import COORDINATORS, finance_contracts
from switchboard.apps.finance.missions.coordinator import finance_coordinator
from switchboard.apps.finance.missions.executors import (
    LancamentoExecutor,
    MathExecutor,
    ResearchExecutor,
    SimplistaExecutor,
    StaticResearchExecutor,
)
from switchboard.apps.finance.missions.orchestrator import prepare_package
from switchboard.apps.finance.missions.planner import plan_for
from switchboard.apps.finance.missions.progress_text import describe_request, notice_text
from switchboard.apps.finance.triage.analysis import OrchestratorPackage
from switchboard.bus import MessageBus
from switchboard.core import UsageTally
from switchboard.patterns import (
    ORCHESTRATOR,
    FinalAnswer,
    MissionLog,
    MissionModels,
    MissionPackage,
    MissionSettings,
    default_settings,
    hooks_for,
    lead_mission,
    settings_for,
)


async def register_finance_agents(
    bus: MessageBus,
    *,
    data_access: DataAccess,
    research: MarketResearch,
    clock: Clock,
    models: MissionModels | None = None,
    settings: MissionSettings | None = None,
    serve: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """Register every finance contract on `bus`, serving the agents in `serve` (all by default)
    in this process. Returns the handlers by name."""
    settings = settings or default_settings()
    models = models or MissionModels()
    hooks = hooks_for(bus, settings)
    handlers: dict[str, Any] = {
        "pesquisa_externa": ResearchExecutor(research),
        "pesquisa_externa_estatica": StaticResearchExecutor(),
        "matematica": MathExecutor(data_access),
        "simplista": SimplistaExecutor(data_access),
        "lancamento": LancamentoExecutor(),
    }
    for name in COORDINATORS:
        handlers[name] = finance_coordinator(
            name,
            data_access=data_access,
            clock=clock,
            settings=settings,
            model=models.coordinator,
            hooks=hooks,
        )
    for contract in finance_contracts():
        served = serve is None or contract.name in serve
        await bus.register(contract, handlers[contract.name] if served else None)
    return handlers


def question_kind(mission: MissionPackage) -> str | None:
    """The catalogue kind of the mission's question ("financiamento", …), "fora_do_catalogo",
    or None (a question the remaining templates planned)."""
    plan = plan_for(
        mission.agente_coordenador_lider, mission.query_original_usuario, mission.resumo_contexto
    )
    if plan.question is not None:
        return str(plan.question.kind.value)
    return "fora_do_catalogo" if plan.scope else None


async def run_mission(
    package: OrchestratorPackage,
    *,
    user_id: str,
    bus: MessageBus,
    progress: Progress,
    clock: Clock,
    models: MissionModels | None,
    data_access: DataAccess,
    log: MissionLog | None = None,
    settings: MissionSettings | None = None,
    mission_id: str | None = None,
    session_id: str | None = None,
) -> FinalAnswer:
    """One complex question, answered by a mission (agents must be registered on `bus`).
    `session_id`: the chat session it answers in (telemetry: follow-ups count within it)."""
    settings = settings or settings_for(bus)
    models = models or MissionModels()
    own_usage = UsageTally()
    mission, mission_data = await prepare_package(
        package,
        user_id=user_id,
        data_access=data_access,
        clock=clock,
        settings=settings,
        model=models.orchestrator,
        mission_id=mission_id,
        usage=own_usage,
    )
    return await lead_mission(
        mission,
        mission_data,
        user_id=user_id,
        bus=bus,
        progress=progress,
        clock=clock,
        synthesis=models.synthesis,
        usage=own_usage,
        log=log,
        settings=settings,
        session_id=session_id,
        kind=question_kind(mission) if log is not None else None,
        describe=describe_request,
        notice_text=notice_text,
    )


__all__ = [
    "ORCHESTRATOR",
    "MissionLog",
    "MissionModels",
    "question_kind",
    "register_finance_agents",
    "run_mission",
]
