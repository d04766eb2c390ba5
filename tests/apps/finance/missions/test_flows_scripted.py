"""The same flows with the coordinators and the synthesis run by (scripted) models: the model
chooses the operations through tools, the framework runs them in parallel over the bus under the
same self-regulation, validates the model's consolidation and its final text."""

from __future__ import annotations

import json
from typing import Any

import pytest

from switchboard.apps.finance.market import Fault
from switchboard.apps.finance.missions import (
    MissionModels,
    MissionSettings,
    finance_contracts,
    run_mission,
)
from switchboard.apps.finance.missions.executors import MathExecutor
from switchboard.apps.finance.triage.analysis import analyse
from switchboard.bus import BusSettings, MessageBus
from switchboard.core.clock import ManualClock
from switchboard.models.scripted import ScriptedModel, call, calls
from switchboard.sessions.progress import Progress

from .conftest import System, build_system, drive
from .test_flows_offline import FLOW4, FLOW6, FLOW7, SlowMath


def agent(
    name: str, operation: str, params: dict[str, Any], priority: str = "ALTA"
) -> tuple[str, dict[str, Any]]:
    """A model's tool call for one executor operation: `pesquisa_externa` takes the operation
    as an argument (an enum), each math operation is a tool of its own."""
    if name == "pesquisa_externa":
        return ("pesquisa_externa", {"operacao": operation, **params, "criticidade": priority})
    return (operation, params)


def consolidation(text: str, **extra: Any) -> str:
    body = {
        "status": "sucesso_completo",
        "objetivo_alcancado": True,
        "resposta_pre_estruturada": {
            "resposta_principal": text,
            "dados_suporte": [{"descricao": "P/L", "valor": "4,2", "fonte": "brapi"}],
            "calculos_realizados": [
                {"descricao": "aporte de R$ 5.000", "resultado": "ações de 20,00% para 23,81%"}
            ],
            "comparacoes_feitas": [],
        },
        "limitacoes_encontradas": [],
        "recomendacoes_adicionais": ["Compra gradual."],
        "proximos_passos_sugeridos": [],
    }
    body.update(extra)
    return json.dumps(body, ensure_ascii=False)


def answer_json(text: str) -> str:
    return json.dumps({"resposta_ao_usuario": text, "tom_usado": "consultivo"}, ensure_ascii=False)


GOOD_ANSWER = (
    "A Petrobras está com P/L de 4,2, um múltiplo baixo, e uma compra de R$ 5.000 levaria a sua "
    "parcela em ações de 20,00% para 23,81%, ainda adequada ao seu perfil conservador se feita "
    "de forma gradual."
)


async def mission(system: System, query: str, user: str, models: MissionModels) -> Any:
    progress = Progress()
    result = await drive(
        system.clock,
        run_mission(
            analyse(query),
            user_id=user,
            bus=system.bus,
            progress=progress,
            clock=system.clock,
            models=models,
            data_access=system.data,
        ),
    )
    return result, progress


async def test_flow4_model_plans_waves_and_synthesis_is_regenerated(clock: ManualClock) -> None:
    coordinator = ScriptedModel(
        {
            "investimentos": [
                calls(
                    agent("pesquisa_externa", "cotacao", {"ticker": "PETR4"}),
                    agent("pesquisa_externa", "dados_fundamentalistas", {"ticker": "PETR4"}),
                    agent(
                        "pesquisa_externa", "noticias", {"consulta": "PETR4", "limite": 3}, "NORMAL"
                    ),
                    ("dados_internos", {"consulta": "investimentos"}),
                ),
                call("orcamento_restante"),
                calls(
                    agent(
                        "matematica",
                        "simular_alocacao",
                        {"ativo": "PETR4", "valor": "5000.00", "classe": "acoes"},
                        "NORMAL",
                    )
                ),
                consolidation("PETR4 tem P/L 4,2; um aporte de R$ 5.000 leva ações a 23,81%."),
            ]
        }
    )
    synthesis = ScriptedModel(
        {
            "resposta_final": [
                answer_json(
                    "O agente analisou a Petrobras: P/L de 4,2 e ações a 23,81% após o aporte, o que é razoável."
                ),
                answer_json(GOOD_ANSWER),
            ]
        }
    )
    system = await build_system(
        clock, models=MissionModels(coordinator=coordinator, synthesis=synthesis)
    )
    try:
        answer, progress = await mission(
            system, FLOW4, "ana", MissionModels(coordinator=coordinator, synthesis=synthesis)
        )
    finally:
        await system.bus.close()
        await system.market.aclose()
    c = answer.consolidacao
    assert c.status == "sucesso_completo"
    meta = c.metadados_execucao
    assert meta.operacoes_executadas == 5 and meta.operacoes_falhadas == 0
    # planning + four model turns (two waves, a budget check, the consolidation) + closing
    assert meta.ciclos_realizados == 6
    # the model's reasoning is charged to the mission budget as it happens
    assert c.recursos_consumidos.tokens_usados > 0
    assert c.recursos_consumidos.chamadas_api_externas == 3
    # the first synthesis said "agente": regenerated once with "Evite termos: agente"
    assert answer.origem == "modelo_regenerado" and answer.regeneracoes == 1
    assert "Evite termos: agente" in synthesis.requests[1].messages[-1].content
    assert answer.resposta_ao_usuario == GOOD_ANSWER
    assert "Consultando cotações da PETR4…" in progress.lines
    # a compact system prompt; the operations are the tools (their schemas are the contracts),
    # and the mission brief goes only in the first round
    first, later = coordinator.requests[0], coordinator.requests[2]
    assert len(first.messages[0].content) < 1200
    assert {"pesquisa_externa", "simular_alocacao", "consolidar"} <= {t.name for t in first.tools}
    assert "Objetivo:" in first.messages[1].content
    assert "Objetivo:" not in later.messages[1].content
    # the tool result of the allocation came back to the model
    tool_text = coordinator.requests[3].messages[-1].content
    assert "23.81" in tool_text


async def test_flow7_model_gets_fallback_data(clock: ManualClock) -> None:
    coordinator = ScriptedModel(
        {
            "investimentos": [
                calls(agent("pesquisa_externa", "dados_fundamentalistas", {"ticker": "MGLU3"})),
                consolidation(
                    "O P/L da Magazine Luiza está em 18,5 (fonte alternativa, confiabilidade 85).",
                    resposta_pre_estruturada={
                        "resposta_principal": "O P/L da Magazine Luiza está em 18,5.",
                        "dados_suporte": [
                            {"descricao": "P/L de MGLU3", "valor": "18,5", "confiabilidade": 85}
                        ],
                    },
                ),
            ]
        }
    )
    system = await build_system(clock, models=MissionModels(coordinator=coordinator))
    system.market.brapi_transport.fail(Fault.TIMEOUT)  # type: ignore[union-attr]
    try:
        answer, _ = await mission(system, FLOW7, "ana", MissionModels())
    finally:
        await system.bus.close()
        await system.market.aclose()
    tool = json.loads(coordinator.requests[1].messages[-1].content)
    assert tool["status"] == "fallback" and tool["dados"]["p_l"] == "18.5"
    # offline fixtures: recorded data, labelled, never credited to the real provider
    assert tool["confiabilidade"] == 85 and tool["fontes"] == ["dados ilustrativos (offline)"]
    c = answer.consolidacao
    assert c.metadados_execucao.fallbacks_usados[0].agente == "pesquisa_externa"
    assert "18,5" in answer.resposta_ao_usuario


@pytest.mark.parametrize("repaired", [True, False])
async def test_invalid_consolidation_json_is_repaired_or_replaced(
    clock: ManualClock, repaired: bool
) -> None:
    script: list[Any] = [
        calls(
            agent("pesquisa_externa", "cotacao", {"ticker": "PETR4"}),
            agent("pesquisa_externa", "dados_fundamentalistas", {"ticker": "PETR4"}),
            ("dados_internos", {"consulta": "investimentos"}),
        ),
        "Acho que vale a pena comprar, sim!",  # not JSON
        consolidation("PETR4 com P/L 4,2.") if repaired else '{"status": "otimo"}',
    ]
    coordinator = ScriptedModel({"investimentos": script})
    system = await build_system(clock, models=MissionModels(coordinator=coordinator))
    try:
        answer, _ = await mission(system, FLOW4, "ana", MissionModels())
    finally:
        await system.bus.close()
        await system.market.aclose()
    repair = coordinator.requests[2]
    assert repair.response_schema is not None
    assert "não é um JSON válido" in repair.messages[-1].content
    pre = answer.consolidacao.resposta_pre_estruturada
    if repaired:
        assert pre.resposta_principal == "PETR4 com P/L 4,2."
    else:  # never the raw text: the offline composer consolidated what the model gathered
        assert "Acho que vale" not in answer.resposta_ao_usuario
        assert "P/L 4,2" in pre.resposta_principal
        assert answer.consolidacao.metadados_execucao.operacoes_executadas == 3


async def test_flow6_model_is_asked_to_consolidate_at_global_timeout(clock: ManualClock) -> None:
    final = consolidation(
        "Para R$ 15 mil por mês você precisa de cerca de R$ 4,58 milhões.",
        status="sucesso_parcial",
        limitacoes_encontradas=[
            {
                "tipo_limitacao": "timeout",
                "descricao": "Comparação de cenários não concluída devido ao tempo.",
                "impacto": "medio",
                "operacoes_nao_executadas": ["matematica.juros_compostos"],
            }
        ],
    )
    coordinator = ScriptedModel(
        {
            "planejamento": [
                calls(
                    ("dados_internos", {"consulta": "fluxo_mensal"}),
                    ("dados_internos", {"consulta": "investimentos"}),
                ),
                calls(
                    agent(
                        "matematica",
                        "aposentadoria",
                        {"renda_mensal": "15000.00", "taxa_real_anual": "0.04"},
                    )
                ),
                calls(
                    agent(
                        "matematica",
                        "juros_compostos",
                        {"valor_inicial": "400000.00", "meses": 156, "taxa_anual": "0.04"},
                    )
                ),
                final,
            ]
        }
    )
    settings = MissionSettings(executor_timeout=300)
    from switchboard.apps.finance.market import offline_market
    from switchboard.apps.finance.missions import InMemoryDataAccess, register_finance_agents

    from .conftest import spec_users

    market = offline_market(clock)
    bus = MessageBus(clock=clock, settings=BusSettings(progress_timeout_after=300))
    data = InMemoryDataAccess(spec_users())
    await register_finance_agents(
        bus,
        data_access=data,
        research=market.research,
        clock=clock,
        settings=settings,
        models=MissionModels(coordinator=coordinator),
        serve=tuple(c.name for c in finance_contracts() if c.name != "matematica"),
    )
    math = next(c for c in finance_contracts() if c.name == "matematica")
    await bus.register(math, SlowMath(MathExecutor(data), clock))
    system = System(bus, clock, market, data, {}, settings)
    try:
        answer, _ = await mission(system, FLOW6, "carla", MissionModels())
    finally:
        await bus.close()
        await market.aclose()
    c = answer.consolidacao
    assert c.status == "sucesso_parcial"
    assert c.recursos_consumidos.tempo_execucao == 150.0
    assert "Tempo esgotado" in coordinator.requests[-1].messages[-1].content
    assert c.limitacoes_encontradas[0].tipo_limitacao == "timeout"
    assert "não coube no tempo disponível" in answer.resposta_ao_usuario
