"""A whole finance mission system on a ManualClock: in-process bus, offline market (fixture
replay), in-memory data access with the spec's users."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, TypeVar

import pytest

from switchboard.apps.finance.market import MarketSetup, offline_market
from switchboard.apps.finance.missions import (
    Debt,
    Holding,
    InMemoryDataAccess,
    MissionModels,
    MissionSettings,
    UserFinances,
    UserProfile,
    register_finance_agents,
)
from switchboard.bus import MessageBus
from switchboard.core.clock import ManualClock

T = TypeVar("T")
D = Decimal
NOW = datetime(2026, 11, 23, 13, 0, tzinfo=UTC)  # Monday 10:00 in São Paulo


def spec_users() -> dict[str, UserFinances]:
    """The users of spec 001's flows."""
    return {
        # flow 4: conservative, R$ 100k portfolio with 20% in stocks
        "ana": UserFinances(
            income=D("9000"),
            expenses_by_category={
                "moradia": D("3000"),
                "alimentacao": D("1500"),
                "outros": D("2000"),
            },
            balance=D("15000"),
            holdings=[
                Holding("Tesouro Selic 2029", "renda_fixa", D("50000")),
                Holding("CDB Banco X", "renda_fixa", D("30000")),
                Holding("ITUB4", "acoes", D("12000")),
                Holding("VALE3", "acoes", D("8000")),
            ],
            profile=UserProfile(risk_profile="conservador", age=38),
        ),
        # flow 5: R$ 1.500 monthly surplus, R$ 20k saved
        "bruno": UserFinances(
            income=D("6500"),
            expenses_by_category={
                "moradia": D("2500"),
                "alimentacao": D("1200"),
                "outros": D("1300"),
            },
            balance=D("20000"),
            profile=UserProfile(risk_profile="moderado", age=29),
        ),
        # flow 6: retirement at 55 with R$ 15k passive income
        "carla": UserFinances(
            income=D("22000"),
            expenses_by_category={
                "moradia": D("6000"),
                "alimentacao": D("2500"),
                "outros": D("5500"),
            },
            balance=D("40000"),
            holdings=[
                Holding("Tesouro IPCA 2045", "renda_fixa", D("250000")),
                Holding("BOVA11", "acoes", D("150000")),
            ],
            debts=[Debt("financiamento imóvel", D("180000"), D("0.0085"), D("2400"))],
            profile=UserProfile(risk_profile="moderado", age=42, goals=("aposentadoria aos 55",)),
        ),
        # expensive debt: the orchestrator overrides investimentos → análise
        "davi": UserFinances(
            income=D("4000"),
            expenses_by_category={"moradia": D("1800"), "outros": D("1900")},
            debts=[Debt("cartão de crédito", D("6000"), D("0.12"), D("900"))],
            holdings=[Holding("PETR4", "acoes", D("2000"))],
        ),
    }


@dataclass(slots=True)
class System:
    bus: MessageBus
    clock: ManualClock
    market: MarketSetup
    data: InMemoryDataAccess
    handlers: dict[str, Any]
    settings: MissionSettings


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(wall_start=NOW)


async def build_system(
    clock: ManualClock,
    *,
    models: MissionModels | None = None,
    settings: MissionSettings | None = None,
    data: InMemoryDataAccess | None = None,
) -> System:
    market = offline_market(clock)
    bus = MessageBus(clock=clock)
    data = data or InMemoryDataAccess(spec_users())
    settings = settings or MissionSettings()
    handlers = await register_finance_agents(
        bus,
        data_access=data,
        research=market.research,
        clock=clock,
        models=models,
        settings=settings,
    )
    return System(bus, clock, market, data, handlers, settings)


@pytest.fixture
async def system(clock: ManualClock) -> AsyncIterator[System]:
    built = await build_system(clock)
    yield built
    await built.bus.close()
    await built.market.aclose()


async def drive(clock: ManualClock, call: Awaitable[T], step: float = 0.5) -> T:
    """Run `call`, moving the manual clock forward whenever it is blocked waiting for time."""
    task = asyncio.ensure_future(call)
    for _ in range(20_000):
        for _ in range(50):
            if task.done():
                return task.result()
            await asyncio.sleep(0)
        await clock.advance(step)
    raise AssertionError("call never finished")
