"""The executors over the bus: contracts enforced, exact math, direct data access, the math
agent calling external research itself, lançamento refusing writes."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from switchboard.bus import ResponseStatus, SchemaMismatchError
from switchboard.bus.agent_handler import USER_KEY

from .conftest import System, drive


async def request(system: System, agent: str, op: str, params: dict[str, Any]) -> Any:
    await system.bus.open_mission("m", "planejamento", token_budget=0, api_call_budget=0)
    return await drive(
        system.clock,
        system.bus.request(
            "planejamento", agent, op, params, mission_id="m", context={USER_KEY: "bruno"}
        ),
    )


async def test_price_financing_to_the_cent(system: System) -> None:
    response = await request(
        system,
        "matematica",
        "simular_financiamento",
        {"valor": "60000.00", "meses": 48, "taxa_mensal": "0.0199"},
    )
    assert response.status is ResponseStatus.SUCCESS
    # PMT = P·i / (1 − (1+i)^−n), computed here independently
    i = Decimal("0.0199")
    pmt = Decimal(60000) * i / (1 - (1 + i) ** -48)
    assert response.data["primeira_parcela"] == str(pmt.quantize(Decimal("0.01")))


async def test_floats_are_refused_before_delivery(system: System) -> None:
    with pytest.raises(SchemaMismatchError):
        await request(
            system, "matematica", "simular_financiamento", {"valor": 60000.5, "meses": 48}
        )


async def test_math_reads_user_data_and_asks_research_itself(system: System) -> None:
    sent: list[Any] = []
    system.bus.on_request(sent.append)
    response = await request(
        system,
        "matematica",
        "comparar_financiar_poupar",
        {"preco": "80000.00", "poupado": "20000.00", "meses": 48},
    )
    assert response.ok
    assert response.data["capacidade_mensal"] == "1500"  # bruno's surplus, read directly
    (research,) = [m for m in sent if m.recipient == "pesquisa_externa"]
    assert research.sender == "matematica" and research.operation == "indice"
    assert research.tracing.call_path == ["planejamento", "matematica"]
    assert response.consumed.db_calls == 1


async def test_simplista_and_lancamento(system: System) -> None:
    flow = await request(system, "simplista", "consultar_dados", {"consulta": "fluxo_mensal"})
    assert flow.data["sobra_media"] == "1500"
    await system.bus.close_mission("m")
    refused = await request(system, "lancamento", "registrar", {"texto": "gastei 150 no mercado"})
    assert refused.data["registrado"] is False and "confirmação" in refused.data["motivo"]


async def test_research_executor_flags_budget(system: System) -> None:
    response = await request(system, "pesquisa_externa", "cotacao", {"ticker": "petr4"})
    assert response.ok and response.data["ticker"] == "PETR4"
    assert response.payload.confidence == 100 and response.consumed.api_calls == 1
    assert response.payload.metadata["descricao"].startswith("PETR4: R$")  # offline replay
    assert "ilustrativo" in response.payload.metadata["descricao"]
    assert response.payload.metadata["ilustrativo"] is True
