"""The mission pattern used by an app that is not finance: a toy "weather" app with one
executor, one coordinator and its own playbook, run through `MissionRuntime` and
`lead_mission` (patterns/missions). Nothing here imports `switchboard.apps`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from switchboard.bus import (
    AgentContract,
    AgentKind,
    BudgetStatus,
    MessageBus,
    Operation,
    Reply,
    RequestContext,
)
from switchboard.core.clock import ManualClock
from switchboard.patterns.missions.coordinator import CoordinatorAgent, ModelLead, user_of
from switchboard.patterns.missions.engine import Execution, ExecutionState
from switchboard.patterns.missions.mission import hooks_for, lead_mission
from switchboard.patterns.missions.models import (
    Calculo,
    Consolidation,
    MetadadosExecucao,
    MissionPackage,
    RecursosConsumidos,
    RespostaPreEstruturada,
)
from switchboard.patterns.missions.orchestrator import Decision, assemble
from switchboard.patterns.missions.plan import CONSULT_OP, DATA, MISSION_OP, Plan, Step
from switchboard.patterns.missions.runtime import MissionRuntime
from switchboard.patterns.missions.settings import MissionSettings
from switchboard.sessions.progress import Progress

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
LEAD = "meteorologia"


class WeatherPlaybook:
    """Two waves: the user's city (local data), then the forecast for it (the bus)."""

    def plan(self, coordinator: str, package: MissionPackage) -> Plan:
        steps = [
            Step("cidade", DATA, "cidade", {}, "critica", 1, "a sua cidade"),
            Step(
                "previsao",
                "previsor",
                "prever",
                lambda results: {"cidade": results["cidade"]["cidade"]},
                "critica",
                2,
                "a previsão do tempo",
            ),
        ]
        return Plan(coordinator, "previsao", None, steps)

    def plan_consult(self, coordinator: str, question: str, parameters: dict[str, Any]) -> Plan:
        return Plan(coordinator, "consulta", None, [])

    def consolidate(self, execution: Execution, budget: BudgetStatus | None) -> Consolidation:
        forecast = execution.results.get("previsao") or {}
        ok = bool(forecast)
        text = (
            f"Amanhã em {forecast['cidade']} a máxima deve ser de {forecast['maxima']} graus, "
            "com céu aberto pela manhã e chance de chuva fraca no fim da tarde."
            if ok
            else "Não consegui a previsão desta vez."
        )
        return Consolidation(
            status="sucesso_completo" if ok else "falha",
            objetivo_alcancado=ok,
            resposta_pre_estruturada=RespostaPreEstruturada(
                resposta_principal=text,
                calculos_realizados=(
                    [Calculo(descricao="máxima prevista", resultado=str(forecast["maxima"]))]
                    if ok
                    else []
                ),
            ),
            limitacoes_encontradas=execution.limitations(),
            metadados_execucao=MetadadosExecucao(
                ciclos_realizados=execution.cycles,
                operacoes_executadas=len(execution.outcomes),
                operacoes_falhadas=0,
            ),
            recursos_consumidos=RecursosConsumidos(
                tokens_usados=0,
                chamadas_api_externas=0,
                tempo_execucao=0,
                percentual_orcamento_tokens=0,
                percentual_orcamento_api=0,
            ),
        )

    def consult_reply(self, consolidation: Consolidation) -> dict[str, Any]:
        return {"resposta": consolidation.resposta_pre_estruturada.resposta_principal}

    async def lead_with_model(
        self,
        agent: CoordinatorAgent,
        ctx: RequestContext,
        package: MissionPackage,
        *,
        deadline: float,
        state: ExecutionState,
    ) -> ModelLead:
        raise AssertionError("the toy coordinator has no model")


async def forecast(ctx: RequestContext) -> Reply:
    assert user_of(ctx) == "ana"
    return Reply(data={"cidade": ctx.parameters["cidade"], "maxima": 31})


async def cities(user_id: str, params: dict[str, Any]) -> dict[str, str]:
    return {"cidade": {"ana": "Recife"}[user_id]}


def contracts() -> list[AgentContract]:
    return [
        AgentContract(
            name="previsor",
            kind=AgentKind.EXECUTOR,
            operations=[Operation(name="prever")],
        ),
        AgentContract(
            name=LEAD,
            kind=AgentKind.COORDINATOR,
            operations=[Operation(name=MISSION_OP), Operation(name=CONSULT_OP)],
        ),
    ]


class WeatherMissions:
    """The toy app's `MissionAgents[str]`: the question is a plain string."""

    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.closed = False

    async def register(self, bus: MessageBus) -> None:
        hooks = hooks_for(bus)
        handlers: dict[str, Any] = {
            "previsor": forecast,
            LEAD: CoordinatorAgent(
                LEAD,
                playbook=WeatherPlaybook(),
                clock=self.clock,
                hooks=hooks,
                local_data=cities,
                coordinators=[LEAD],
            ),
        }
        for contract in contracts():
            await bus.register(contract, handlers[contract.name])

    async def aclose(self) -> None:
        self.closed = True

    async def run(
        self,
        bus: MessageBus,
        package: str,
        *,
        user_id: str,
        progress: Progress,
        session_id: str | None,
        mission_id: str | None,
    ) -> Any:
        decision = Decision(
            lead=LEAD,
            choice={"texto": "único", "sugestao_junior": LEAD, "score_junior": 90},
            objective="Prever o tempo",
            query=package,
            complexity="comparativa",
            domain="tempo",
            contracts="previsor.prever(cidade)",
        )
        mission, data = assemble(
            decision, settings=MissionSettings(), clock=self.clock, mission_id=mission_id
        )
        return await lead_mission(
            mission,
            data,
            user_id=user_id,
            bus=bus,
            progress=progress,
            clock=self.clock,
            session_id=session_id,
            describe=lambda message: f"{message.operation}…",
        )


async def test_a_toy_app_answers_through_the_generic_runtime() -> None:
    clock = ManualClock(wall_start=NOW)
    agents = WeatherMissions(clock)
    runtime: MissionRuntime[str] = MissionRuntime(agents, clock=clock, name="tempo")
    progress = Progress()
    try:
        answer = await runtime.run("vai chover amanhã?", user_id="ana", progress=progress)
    finally:
        await runtime.close()
    assert answer.status == "sucesso_completo" and answer.coordenador == LEAD
    assert "Recife" in answer.resposta_ao_usuario and "31" in answer.resposta_ao_usuario
    assert [(c.agente, c.operacao, c.sucesso, c.onda) for c in answer.operacoes] == [
        (DATA, "cidade", True, 1),
        ("previsor", "prever", True, 2),
    ]
    assert answer.origem == "template"  # no synthesis model: the offline template
    assert answer.orcamento is not None and answer.orcamento.orcamento_tokens == 5_000  # §7
    assert "prever…" in progress.lines and "Consultando a sua cidade…" in progress.lines
    assert agents.closed and runtime.bus is None


async def test_without_local_data_a_data_step_is_a_documented_limitation() -> None:
    playbook = WeatherPlaybook()
    coordinator = CoordinatorAgent(LEAD, playbook=playbook, clock=ManualClock(wall_start=NOW))
    plan = playbook.plan(LEAD, None)  # type: ignore[arg-type]  # the toy plan ignores it
    outcome = await coordinator.engine.run_step(
        None,  # type: ignore[arg-type]  # a DATA step never touches the bus
        plan.steps[0],
        {},
        "ana",
        None,
        None,
    )
    assert (outcome.status, outcome.reason) == ("failed", "falha_agente")


def test_operations_are_the_executor_calls_as_json() -> None:
    """`operations` writes the wire dicts by hand: they must stay `ExecutorCall`'s JSON."""
    from switchboard.patterns.missions.coordinator import executor_calls, operations
    from switchboard.patterns.missions.engine import StepOutcome

    plan = WeatherPlaybook().plan(LEAD, None)  # type: ignore[arg-type]  # the toy plan ignores it
    execution = Execution(
        plan,
        outcomes={
            "cidade": StepOutcome(plan.steps[0], "ok", data={"cidade": "Recife"}),
            "previsao": StepOutcome(plan.steps[1], "failed", fallback="previsor_reserva"),
        },
    )
    assert operations(execution) == [c.model_dump(mode="json") for c in executor_calls(execution)]
    assert [op["sucesso"] for op in operations(execution)] == [True, False]
