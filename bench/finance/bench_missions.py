"""Mission framework benchmark (spec 001 flow 4's shape over the in-process bus).

    PYTHONPATH=src python bench/finance/bench_missions.py [--missions 300] [--latency 0.05]
    PYTHONPATH=src valgrind --tool=callgrind python bench/finance/bench_missions.py --callgrind N

1. **Framework CPU per mission** — a hosted coordinator run by a zero-latency `ScriptedModel`
   plays flow 4's plan: wave 1 = quote, fundamentals, news, index (research) + portfolio and
   profile (internal data, over the bus's `simplista`), wave 2 = allocation + compound interest
   (math): 8 executor calls in two parallel waves, then the consolidation JSON, then a
   zero-latency synthesis. Executors are stubs returning canned data, so what is measured is
   Switchboard: orchestrator, package, bus admission/routing/accounting, the coordinator's
   tool loop and self-regulation, consolidation validation, final-answer validation. Also the
   offline path (deterministic planner + composer, same stubs). CPU = `time.process_time()`
   over N missions after a warm-up.
2. **Instruction count** — `--callgrind N` runs N missions after the warm-up with the
   callgrind instrumentation toggled around them (`CALLGRIND_*` is not reachable from Python,
   so run once with N and once with 0 and take the difference / N).
3. **Critical path** — the same mission with every model call and every executor taking
   `--latency` seconds (real `asyncio.sleep`): the waves run in parallel, so the wall time is
   about (coordinator turns + waves + synthesis) × latency, not (model calls + executor
   calls) × latency.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import time
from typing import Any

from switchboard.apps.finance.missions import (
    InMemoryDataAccess,
    MissionModels,
    finance_contracts,
    run_mission,
)
from switchboard.apps.finance.missions.contracts import COORDINATORS
from switchboard.apps.finance.missions.coordinator import StatusHooks, finance_coordinator
from switchboard.apps.finance.missions.mission import _HOOKS
from switchboard.apps.finance.missions.planner import plan_for
from switchboard.apps.finance.triage.analysis import analyse
from switchboard.bus import BusSettings, MessageBus, Reply, RequestContext
from switchboard.core.clock import SYSTEM_CLOCK
from switchboard.models.base import ModelRequest
from switchboard.models.scripted import ScriptedModel, calls
from switchboard.patterns.missions.settings import MissionSettings
from switchboard.sessions.progress import Progress

QUERY = "A Petrobras caiu 3% ontem, vale a pena comprar agora?"
CANNED: dict[str, Any] = {
    "cotacao": {
        "ticker": "PETR4",
        "price": "38.50",
        "change_pct": "-3.10",
        "currency": "BRL",
        "as_of": "2026-11-20T21:00:00Z",
        "name": None,
    },
    "dados_fundamentalistas": {
        "ticker": "PETR4",
        "p_l": "4.2",
        "roe": "18.0",
        "dividend_yield": "14.5",
        "as_of": "2026-11-20T21:00:00Z",
    },
    "noticias": [
        {
            "title": "Petrobras anuncia plano",
            "source": "InfoMoney",
            "published_at": "2026-11-21T10:00:00Z",
            "url": "https://example.com",
        }
    ],
    "indice": {
        "name": "selic",
        "value": "15.00",
        "unit": "% a.a.",
        "as_of": "2026-11-05T00:00:00Z",
    },
    "simular_alocacao": {
        "ativo": "PETR4",
        "classe": "acoes",
        "total_antes": "100000.00",
        "total_depois": "105000.00",
        "participacao_ativo_antes": "0.00",
        "participacao_ativo_depois": "4.76",
        "participacao_classe_antes": "20.00",
        "participacao_classe_depois": "23.81",
        "advertencias": [],
    },
    "juros_compostos": {
        "saldo_final": "5600.00",
        "total_aportado": "5000.00",
        "juros": "600.00",
        "taxa_mensal": "0.0117",
    },
    "consultar_dados": {
        "total": "100000.00",
        "posicoes": [
            {"asset": "ITUB4", "asset_class": "acoes", "value": "20000.00"},
            {"asset": "Tesouro Selic", "asset_class": "renda_fixa", "value": "80000.00"},
        ],
    },
}


class Stub:
    """An executor answering canned data (after `latency` seconds, when given)."""

    def __init__(self, latency: float) -> None:
        self.latency = latency

    async def __call__(self, ctx: RequestContext) -> Reply:
        if self.latency:
            await asyncio.sleep(self.latency)
        op = ctx.operation or ""
        return Reply(
            data=CANNED.get(op, {}),
            confidence=100,
            sources=["stub"],
            api_calls=1 if op in ("cotacao", "dados_fundamentalistas", "noticias", "indice") else 0,
        )


def research(op: str, criticality: str = "critica", **params: Any) -> tuple[str, dict[str, Any]]:
    """A `pesquisa_externa` tool call (the operation is an enum argument)."""
    return ("pesquisa_externa", {"operacao": op, "criticidade": criticality, **params})


CONSOLIDATION = calls(
    (
        "consolidar",
        {
            "status": "sucesso_completo",
            "objetivo_alcancado": True,
            "resposta_principal": "PETR4 tem P/L 4,2 e ROE de 18%; um aporte de R$ 5.000 leva "
            "ações de 20,00% para 23,81% da carteira.",
            "dados_suporte": [{"descricao": "P/L", "valor": "4,2", "fonte": "brapi"}],
            "calculos_realizados": [{"descricao": "aporte", "resultado": "23,81%"}],
            "recomendacoes": ["Compra gradual."],
        },
    )
)
ANSWER = json.dumps(
    {
        "resposta_ao_usuario": (
            "A Petrobras negocia a P/L de 4,2 com ROE de 18%, números sólidos; investir R$ 5.000 "
            "levaria "
            "a sua parcela em ações de 20,00% para 23,81%, adequada se a compra for gradual."
        ),
        "tom_usado": "consultivo",
    },
    ensure_ascii=False,
)

WAVE1 = calls(
    research("cotacao", ticker="PETR4"),
    research("dados_fundamentalistas", ticker="PETR4"),
    research("noticias", "complementar", consulta="PETR4", limite=3),
    research("indice", "complementar", nome="selic"),
    ("dados_internos", {"consulta": "investimentos"}),
    ("dados_internos", {"consulta": "perfil"}),
)
WAVE2 = calls(
    ("simular_alocacao", {"ativo": "PETR4", "valor": "5000.00", "classe": "acoes"}),
    ("juros_compostos", {"valor_inicial": "5000.00", "meses": 12, "taxa_anual": "0.15"}),
)


def coordinator_script(request: ModelRequest) -> Any:
    turns = sum(1 for m in request.messages if m.role == "assistant")
    return (WAVE1, WAVE2, CONSOLIDATION)[min(turns, 2)]


async def build(latency: float, hosted: bool) -> tuple[MessageBus, InMemoryDataAccess]:
    bus = MessageBus(settings=BusSettings(throttle_max_rate=1e9))
    data = InMemoryDataAccess()
    coordinator = ScriptedModel(coordinator_script, latency=latency) if hosted else None
    _COORDINATOR_MODELS[bus] = coordinator
    hooks = _HOOKS.setdefault(bus, StatusHooks())
    settings = MissionSettings()
    for contract in finance_contracts():
        if contract.name in COORDINATORS:
            handler: Any = finance_coordinator(
                contract.name,
                data_access=data,
                clock=SYSTEM_CLOCK,
                settings=settings,
                model=coordinator,
                hooks=hooks,
            )
        else:
            handler = Stub(latency)
        await bus.register(contract, handler)
    return bus, data


_COORDINATOR_MODELS: dict[MessageBus, ScriptedModel | None] = {}

PACKAGE = analyse(QUERY)  # Junior's triage is part 1's cost (bench_triage.py), not measured here


async def one(bus: MessageBus, data: InMemoryDataAccess, models: MissionModels) -> Any:
    # Every mission is measured as a new question: the plan cache (keyed by the query text, it
    # lets the orchestrator and the lead share one plan) starts empty, as it would for a query
    # never seen before; and the scripted models' request logs (a test aid, not something a
    # real model keeps) are emptied so they do not grow the heap the collector walks.
    plan_for.cache_clear()
    for model in (models.synthesis, _COORDINATOR_MODELS.get(bus)):
        if isinstance(model, ScriptedModel):
            model.requests.clear()
    return await run_mission(
        PACKAGE,
        user_id="u",
        bus=bus,
        progress=Progress(),
        clock=SYSTEM_CLOCK,
        models=models,
        data_access=data,
    )


async def cpu(n: int, hosted: bool) -> dict[str, float]:
    bus, data = await build(0.0, hosted)
    models = MissionModels(synthesis=ScriptedModel(lambda r: ANSWER)) if hosted else MissionModels()
    for _ in range(30):
        answer = await one(bus, data, models)
    assert answer.status == "sucesso_completo", answer.consolidacao
    ops = answer.consolidacao.metadados_execucao.operacoes_executadas
    samples = []
    for _ in range(5):
        start = time.process_time()
        for _ in range(n):
            await one(bus, data, models)
        samples.append((time.process_time() - start) / n * 1000)
    await bus.close()
    return {
        "ms_per_mission_min": min(samples),
        "ms_per_mission_median": statistics.median(samples),
        "operations": ops,
    }


async def latency_run(latency: float) -> dict[str, float]:
    bus, data = await build(latency, True)
    models = MissionModels(synthesis=ScriptedModel(lambda r: ANSWER, latency=latency))
    await one(bus, data, models)
    walls = []
    for _ in range(5):
        start = time.perf_counter()
        answer = await one(bus, data, models)
        walls.append(time.perf_counter() - start)
    await bus.close()
    ops = answer.consolidacao.metadados_execucao.operacoes_executadas
    model_calls = 3 + 1  # coordinator: wave 1, wave 2, consolidation; synthesis
    critical = (model_calls + 2) * latency  # + the two waves
    return {
        "wall_s_median": statistics.median(walls),
        "critical_path_s": critical,
        "sum_s": (model_calls + ops) * latency,
        "operations": ops,
    }


async def callgrind(n: int) -> None:
    bus, data = await build(0.0, True)
    models = MissionModels(synthesis=ScriptedModel(lambda r: ANSWER))
    for _ in range(30):
        await one(bus, data, models)
    for _ in range(n):
        await one(bus, data, models)
    await bus.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--missions", type=int, default=200)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--callgrind", type=int, default=None)
    args = parser.parse_args()
    if args.callgrind is not None:
        asyncio.run(callgrind(args.callgrind))
        return
    print(f"python {platform.python_version()} on {platform.machine()}")
    hosted = asyncio.run(cpu(args.missions, True))
    print(
        f"hosted coordinator (scripted, 0 ms), {hosted['operations']} executor calls: "
        f"{hosted['ms_per_mission_min']:.2f} ms CPU/mission (min of 5), "
        f"median {hosted['ms_per_mission_median']:.2f}"
    )
    offline = asyncio.run(cpu(args.missions, False))
    print(
        f"offline planner, {offline['operations']} operations: "
        f"{offline['ms_per_mission_min']:.2f} ms CPU/mission (min of 5), "
        f"median {offline['ms_per_mission_median']:.2f}"
    )
    lat = asyncio.run(latency_run(args.latency))
    print(
        f"{args.latency * 1000:.0f} ms models and executors: "
        f"wall {lat['wall_s_median'] * 1000:.0f} ms; "
        f"critical path {lat['critical_path_s'] * 1000:.0f} ms; sum {lat['sum_s'] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
