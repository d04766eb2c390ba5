"""Characters a hosted coordinator sends per round (system prompt + messages + tool schemas).

    PYTHONPATH=src python bench/finance/bench_hosted_prompt.py

Flow 4's shape (two waves, then the consolidation) played by a `ScriptedModel` that records its
requests; each round's size is the characters of every message (tool-call arguments included)
plus the JSON of every tool schema offered, i.e. what the provider receives. Runs on this tree
and, unchanged, on the tree before the coordinators moved to `AgentRun` (it detects which tool
set the tree has: the old single `call_agent` or the typed tools), so the two are comparable.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
from typing import Any

from switchboard.apps.finance.market import offline_market
from switchboard.apps.finance.missions import (
    InMemoryDataAccess,
    MissionModels,
    register_finance_agents,
    run_mission,
)
from switchboard.apps.finance.triage.analysis import analyse
from switchboard.bus import MessageBus
from switchboard.core.clock import SYSTEM_CLOCK
from switchboard.models.base import ModelRequest
from switchboard.models.scripted import ScriptedModel, calls
from switchboard.sessions.progress import Progress

QUERY = "A Petrobras caiu 3% ontem, vale a pena comprar agora?"
TYPED = importlib.util.find_spec("switchboard.apps.finance.missions.hosted_tools") is not None

CONSOLIDATION = {
    "status": "sucesso_completo",
    "objetivo_alcancado": True,
    "resposta_principal": "PETR4 tem P/L 4,2; um aporte de R$ 5.000 leva ações a 23,81%.",
}


def script() -> list[Any]:
    if TYPED:
        return [
            calls(
                ("pesquisa_externa", {"operacao": "cotacao", "ticker": "PETR4"}),
                ("pesquisa_externa", {"operacao": "dados_fundamentalistas", "ticker": "PETR4"}),
                ("dados_internos", {"consulta": "investimentos"}),
            ),
            calls(("simular_alocacao", {"ativo": "PETR4", "valor": "5000.00", "classe": "acoes"})),
            calls(("consolidar", CONSOLIDATION)),
        ]

    def agent(name: str, op: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        return ("call_agent", {"agent": name, "operation": op, "params": params})

    old = {
        "status": "sucesso_completo",
        "objetivo_alcancado": True,
        "resposta_pre_estruturada": {"resposta_principal": CONSOLIDATION["resposta_principal"]},
    }
    return [
        calls(
            agent("pesquisa_externa", "cotacao", {"ticker": "PETR4"}),
            agent("pesquisa_externa", "dados_fundamentalistas", {"ticker": "PETR4"}),
            ("dados_internos", {"consulta": "investimentos"}),
        ),
        calls(agent("matematica", "simular_alocacao", {"ativo": "PETR4", "valor": "5000.00"})),
        json.dumps(old, ensure_ascii=False),
    ]


def chars(request: ModelRequest) -> tuple[int, int, int]:
    """(system prompt, other messages, tool schemas) characters of one request."""
    system = sum(len(m.content) for m in request.messages if m.role == "system")
    others = sum(
        len(m.content) + sum(len(c.arguments) for c in m.tool_calls)
        for m in request.messages
        if m.role != "system"
    )
    tools = sum(len(json.dumps(t.model_dump(), ensure_ascii=False)) for t in request.tools)
    return system, others, tools


class Measured(ScriptedModel):
    """Records each request's size when it is made (a caller may mutate its message list
    afterwards: the old loop did)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sizes: list[tuple[int, int, int]] = []

    async def complete(self, request: ModelRequest) -> Any:
        if request.tools:
            self.sizes.append(chars(request))
        return await super().complete(request)


async def main() -> None:
    coordinator = Measured({"investimentos": script()})
    market = offline_market(SYSTEM_CLOCK)
    bus = MessageBus()
    data = InMemoryDataAccess()
    models = MissionModels(coordinator=coordinator)
    await register_finance_agents(
        bus, data_access=data, research=market.research, clock=SYSTEM_CLOCK, models=models
    )
    try:
        await run_mission(
            analyse(QUERY),
            user_id="u",
            bus=bus,
            progress=Progress(),
            clock=SYSTEM_CLOCK,
            models=MissionModels(),
            data_access=data,
        )
    finally:
        await bus.close()
        await market.aclose()
    rounds = coordinator.sizes
    print(f"tree: {'typed tools on AgentRun' if TYPED else 'call_agent loop'}")
    for i, (system, others, tools) in enumerate(rounds, 1):
        print(
            f"round {i}: system {system:5d} + messages {others:5d} + tools {tools:5d} = "
            f"{system + others + tools:6d} chars"
        )
    total = sum(sum(r) for r in rounds)
    print(f"total over {len(rounds)} rounds: {total} chars")


if __name__ == "__main__":
    asyncio.run(main())
