"""Budget exhaustion mid-mission, executor failure → circuit breaker → fallback agent, the
contracts, the final-answer validation, and one mission on the Redis transport."""

from __future__ import annotations

import os
import uuid
from typing import Any

from switchboard.apps.finance.missions import (
    MissionSettings,
    contracts_document,
    contracts_json,
    finance_contracts,
    run_mission,
    validate_answer,
)
from switchboard.apps.finance.missions.contracts import COORDINATORS
from switchboard.apps.finance.missions.hosted import system_prompt
from switchboard.apps.finance.triage.analysis import analyse
from switchboard.bus import BreakerState, MessageBus, NoticeKind
from switchboard.core.clock import ManualClock
from switchboard.patterns.missions.settings import SECTION3_BUDGETS
from switchboard.sessions.progress import Progress

from .conftest import System, build_system, drive
from .test_flows_offline import FLOW4, FLOW5, ask


async def test_budget_exhausted_mid_mission_runs_only_critical(clock: ManualClock) -> None:
    # §3's comparativa budget for calls is 8; give flow 4 only 2 external calls: wave 1's quote
    # and fundamentals (critical, HIGH) spend it; news (complementary) is refused by the bus or
    # skipped by the lead; the portfolio simulation (complementary) is skipped.
    budgets = dict(SECTION3_BUDGETS)
    budgets["profunda"] = (7_000, 2)
    system = await build_system(clock, settings=MissionSettings(budgets=budgets))
    try:
        answer, _ = await ask(system, FLOW4, "ana")
    finally:
        await system.bus.close()
        await system.market.aclose()
    c = answer.consolidacao
    assert c.recursos_consumidos.chamadas_api_externas >= 2
    skipped = {op for lim in c.limitacoes_encontradas for op in lim.operacoes_nao_executadas}
    assert "matematica.simular_alocacao" in skipped
    kinds = {lim.tipo_limitacao for lim in c.limitacoes_encontradas}
    assert kinds == {"orcamento"}
    assert c.status == "sucesso_parcial" and c.objetivo_alcancado  # critical data obtained
    assert "P/L 4,2" in answer.resposta_ao_usuario
    assert "limite de recursos" in answer.resposta_ao_usuario or "deixei de fora" in (
        answer.resposta_ao_usuario
    )


class Broken:
    async def __call__(self, ctx: Any) -> Any:
        raise RuntimeError("research service down")


async def test_executor_failure_opens_breaker_and_bus_uses_fallback_agent(
    clock: ManualClock,
) -> None:
    from switchboard.apps.finance.market import offline_market
    from switchboard.apps.finance.missions import InMemoryDataAccess, register_finance_agents

    from .conftest import spec_users

    market = offline_market(clock)
    bus = MessageBus(clock=clock)
    data = InMemoryDataAccess(spec_users())
    await register_finance_agents(
        bus,
        data_access=data,
        research=market.research,
        clock=clock,
        serve=tuple(c.name for c in finance_contracts() if c.name != "pesquisa_externa"),
    )
    research = next(c for c in finance_contracts() if c.name == "pesquisa_externa")
    await bus.register(research, Broken())
    system = System(bus, clock, market, data, {}, MissionSettings())
    try:
        first, _ = await ask(system, "Qual o P/L da Magazine Luiza?", "ana")
        # 5 consecutive failures open the circuit (spec §4)
        for _ in range(4):
            await ask(system, "Qual o P/L da Magazine Luiza?", "ana")
        assert await bus.breaker_state("pesquisa_externa") is BreakerState.OPEN
        progress = Progress()
        answer = await drive(
            clock,
            run_mission(
                analyse("Qual o P/L da Magazine Luiza?"),
                user_id="ana",
                bus=bus,
                progress=progress,
                clock=clock,
                models=None,
                data_access=data,
            ),
        )
    finally:
        await bus.close()
        await market.aclose()
    assert first.status == "falha"
    assert "não" in first.resposta_ao_usuario.lower()
    c = answer.consolidacao
    fallback = c.metadados_execucao.fallbacks_usados[0]
    assert fallback.fallback_usado == "pesquisa_externa_estatica"
    data_point = c.resposta_pre_estruturada.dados_suporte[0]
    assert data_point.valor == "18,7" and data_point.confiabilidade == 40  # dated static data
    assert any(n.kind is NoticeKind.FALLBACK_USED for n in bus.notices)
    assert "Uma fonte de dados não respondeu; usando uma alternativa…" in progress.lines


def test_contracts_cover_the_spec_and_validate() -> None:
    contracts = {c.name: c for c in finance_contracts()}
    assert {
        "analise_financeira_pessoal",
        "investimentos",
        "planejamento",
        "pesquisa_externa",
        "matematica",
        "lancamento",
        "simplista",
    } <= set(contracts)
    for contract in contracts.values():
        assert contract.description and contract.responsibilities
        for op in contract.operations:
            assert op.request_schema["type"] == "object" and op.response_schema, op.name
            assert op.examples, op.name
            for example in op.examples:
                assert not op.request_validator()(example["requisicao"]), op.name
    assert contracts["pesquisa_externa"].fallbacks == ["pesquisa_externa_estatica"]
    assert "matematica" in contracts["investimentos"].dependencies
    doc = contracts_document(exclude="investimentos")
    assert "investimentos (" not in doc and "cotacao(ticker*" in doc
    assert "analisar_financiamento(" in doc  # the catalogue's operations are contracts too
    # hosted coordinators do not carry the document: their tools are the contracts, and the
    # system prompt sent every round stays small
    assert all(len(system_prompt(name)) < 1200 for name in COORDINATORS)
    assert [c["name"] for c in contracts_json()][:3] == [
        "analise_financeira_pessoal",
        "investimentos",
        "planejamento",
    ]


async def test_answer_validation(system: System) -> None:
    answer, _ = await ask(system, FLOW5, "bruno")
    c = answer.consolidacao
    assert validate_answer(answer.resposta_ao_usuario, c) == []
    assert "termo proibido: timeout" in validate_answer(
        answer.resposta_ao_usuario + " Houve timeout.", c
    )
    assert "resposta com menos de 100 caracteres" in validate_answer("Poupe.", c)
    no_numbers = "Poupar é melhor do que financiar no seu caso, pois os juros pesam muito. " * 2
    assert "faltam os números concretos da análise" in validate_answer(no_numbers, c)


REDIS_URL = os.environ.get("SWITCHBOARD_TEST_REDIS", "redis://127.0.0.1:6379/0")


async def test_full_mission_on_redis_transport() -> None:
    import redis.asyncio as redis

    client = redis.from_url(REDIS_URL)
    try:
        assert await client.ping()  # .ci/services starts Redis; a test never skips for it
    finally:
        await client.aclose()
    from switchboard.apps.finance.market import offline_market
    from switchboard.apps.finance.missions import InMemoryDataAccess, register_finance_agents
    from switchboard.bus import RedisStreamsTransport

    from .conftest import spec_users

    prefix = f"wt-finance-missions-{uuid.uuid4().hex[:8]}"
    market = offline_market()
    data = InMemoryDataAccess(spec_users())
    from switchboard.core.clock import SystemClock

    clock = SystemClock()
    # Two bus instances sharing one Redis: one serves the executors, the other the
    # coordinators and runs the mission (as two processes would).
    executors = MessageBus(RedisStreamsTransport(REDIS_URL, prefix=prefix), clock=clock)
    leads = MessageBus(RedisStreamsTransport(REDIS_URL, prefix=prefix), clock=clock)
    names = tuple(c.name for c in finance_contracts())
    try:
        await register_finance_agents(
            executors,
            data_access=data,
            research=market.research,
            clock=clock,
            serve=tuple(
                n
                for n in names
                if n not in ("investimentos", "planejamento", "analise_financeira_pessoal")
            ),
        )
        await register_finance_agents(
            leads,
            data_access=data,
            research=market.research,
            clock=clock,
            serve=("investimentos", "planejamento", "analise_financeira_pessoal"),
        )
        progress = Progress()
        answer = await run_mission(
            analyse(FLOW4),
            user_id="ana",
            bus=leads,
            progress=progress,
            clock=clock,
            models=None,
            data_access=data,
        )
    finally:
        await leads.close()
        await executors.close()
        await market.aclose()
        client = redis.from_url(REDIS_URL)
        keys = [k async for k in client.scan_iter(f"{prefix}*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()
    assert answer.status == "sucesso_completo"
    assert answer.consolidacao.metadados_execucao.operacoes_executadas == 6
    assert "23,81%" in answer.resposta_ao_usuario
    assert "Consultando cotações da PETR4…" in progress.lines
