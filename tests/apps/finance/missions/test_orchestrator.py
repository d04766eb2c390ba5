"""The orchestrator: override rules (recorded), complexity by rules and by model, the package."""

from __future__ import annotations

import json

from switchboard.apps.finance.missions import InMemoryDataAccess, MissionSettings
from switchboard.apps.finance.missions.orchestrator import (
    build_package,
    classify_complexity,
    prepare_package,
)
from switchboard.apps.finance.triage.analysis import analyse
from switchboard.core.clock import ManualClock
from switchboard.models.scripted import ScriptedModel
from switchboard.patterns.missions.models import MissionPackage
from switchboard.patterns.missions.settings import SECTION3_BUDGETS

from .conftest import spec_users
from .test_flows_offline import FLOW4, FLOW7

DATA = InMemoryDataAccess(spec_users())


async def test_expensive_debt_overrides_investment_question(clock: ManualClock) -> None:
    package = await build_package(
        analyse(FLOW4), user_id="davi", data_access=DATA, clock=clock, settings=MissionSettings()
    )
    choice = package.justificativa_escolha
    assert package.agente_coordenador_lider == "analise_financeira_pessoal"
    assert choice.houve_override and choice.sugestao_junior == "investimentos"
    assert "dívidas caras" in (choice.motivo_override or "")


async def test_the_package_data_for_the_bus_is_the_package_as_json(clock: ManualClock) -> None:
    package, data = await prepare_package(
        analyse(FLOW4), user_id="ana", data_access=DATA, clock=clock, settings=MissionSettings()
    )
    assert json.loads(json.dumps(data)) == data  # JSON-ready: crosses to another process as is
    assert MissionPackage.model_validate(data) == package
    assert data.keys() == package.model_dump(mode="json").keys()


async def test_package_fields(clock: ManualClock) -> None:
    package = await build_package(
        analyse(FLOW4),
        user_id="ana",
        data_access=DATA,
        clock=clock,
        settings=MissionSettings(budgets=SECTION3_BUDGETS),
        mission_id="m-1",
    )
    assert package.missao_id == "m-1" and package.agente_coordenador_lider == "investimentos"
    assert not package.justificativa_escolha.houve_override
    assert "conservador" in package.justificativa_escolha.texto
    assert package.complexidade == "profunda"
    assert package.orcamento_recursos.orcamento_tokens == 7_000  # §3's numbers when chosen
    assert package.orcamento_recursos.consumo_atual.tokens == 0
    limits = package.restricoes_hard
    assert (limits.timestamp_limite - limits.timestamp_inicio).total_seconds() == 120
    assert "120 segundos" in package.instrucoes_autonomia[1]
    assert "pesquisa_externa" in package.contratos_agentes_disponiveis
    assert package.perfil_usuario["perfil_risco"] == "conservador"


async def test_complexity_by_model_with_rule_fallback() -> None:
    package = analyse(FLOW7)
    assert await classify_complexity(package, "investimentos", None) == "comparativa"
    model = ScriptedModel([json.dumps({"complexidade": "profunda"}), "não sei"])
    assert await classify_complexity(package, "investimentos", model) == "profunda"
    assert await classify_complexity(package, "investimentos", model) == "comparativa"
    assert model.requests[0].response_schema is not None


async def test_the_lead_reuses_the_orchestrators_package_only_for_the_same_data(
    clock: ManualClock,
) -> None:
    import copy

    from switchboard.apps.finance.missions.coordinator import StatusHooks

    package, data = await prepare_package(
        analyse(FLOW4), user_id="ana", data_access=DATA, clock=clock, settings=MissionSettings()
    )
    hooks = StatusHooks()
    stop = hooks.register(package.missao_id, lambda line: None, (data, package))
    assert hooks.package(package.missao_id, data) is package  # same object: validated already
    other = copy.deepcopy(data)  # what arrives from another process: validated again
    assert hooks.package(package.missao_id, other) is not package
    assert hooks.package(package.missao_id, other) == package
    stop()
    assert hooks.package(package.missao_id, data) is not package
