"""The §3.2 queries' wire shape: `query_data` writes it, the typed models read it back."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.data_access import InMemoryDataAccess
from switchboard.apps.finance.data_access.wire import (
    Dividas,
    FluxoMensal,
    Investimentos,
    Patrimonio,
    Perfil,
)
from switchboard.apps.finance.missions.executors import query_data

from .conftest import spec_users

D = Decimal


async def test_monthly_flow_travels_as_decimal_strings_and_reads_back() -> None:
    data = await query_data(InMemoryDataAccess(spec_users()), "ana", {"consulta": "fluxo_mensal"})
    assert data == {
        "meses": 3,
        "renda_media": "9000",
        "gastos_medios": "6500",
        "sobra_media": "2500",
        "mes_corrente": False,  # the closed months hold entries: averages, not this month
    }
    assert FluxoMensal.of(data).sobra_media == D("2500")


async def test_portfolio_worth_profile_and_debts_read_back_typed() -> None:
    access = InMemoryDataAccess(spec_users())
    held = Investimentos.of(await query_data(access, "ana", {"consulta": "investimentos"}))
    assert held.total == D("100000")
    assert [p.asset_class for p in held.posicoes] == ["renda_fixa", "renda_fixa", "acoes", "acoes"]
    worth = await query_data(access, "ana", {"consulta": "patrimonio"})
    assert worth["patrimonio_liquido"] == "115000"
    assert Patrimonio.of(worth).patrimonio_liquido == D("115000")
    profile = await query_data(access, "ana", {"consulta": "perfil"})
    assert profile == {"risk_profile": "conservador", "age": 38, "goals": []}
    assert Perfil.of(profile).risk_profile == "conservador"
    debts = Dividas.of(await query_data(access, "ana", {"consulta": "dividas"}))
    assert debts.total == 0 and debts.dividas == []


async def test_a_model_in_the_step_data_is_read_as_it_is() -> None:
    flow = FluxoMensal(meses=3, renda_media=D(1), gastos_medios=D(1), sobra_media=D(0))
    assert FluxoMensal.of(flow) is flow
