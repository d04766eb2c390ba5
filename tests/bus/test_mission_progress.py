"""A chat turn that runs a bus mission streams its progress: one status line per executor call,
notices for the mission, then the mission's result — and a client that goes away stops it."""

from __future__ import annotations

import asyncio

from switchboard.bus import AgentContract, AgentKind, Operation
from switchboard.core.events import StatusEvent
from switchboard.sessions.progress import Outcome, Progress, run_with_progress, watch_bus

QUOTE = AgentContract(
    name="cotacao", kind=AgentKind.EXECUTOR, operations=[Operation(name="consultar")]
)


def describe(message) -> str | None:
    if message.recipient == "cotacao":
        return f"Consultando cotações da {message.payload.parameters['ticker']}…"
    return None


async def test_requests_of_the_mission_become_status_lines_in_order(bus):
    async def quote(ctx):
        return {"preco": 10}

    await bus.register(QUOTE, quote)
    await bus.open_mission("m1", lead_coordinator="investimentos")
    await bus.open_mission("m2", lead_coordinator="investimentos")
    progress = Progress()

    async def mission() -> int:
        progress.agent("investimentos")
        a = await bus.request(
            "investimentos", "cotacao", "consultar", {"ticker": "PETR4"}, mission_id="m1"
        )
        await bus.request("outro", "cotacao", "consultar", {"ticker": "XXXX"}, mission_id="m2")
        b = await bus.request(
            "investimentos", "cotacao", "consultar", {"ticker": "VALE3"}, mission_id="m1"
        )
        return a.payload.data["preco"] + b.payload.data["preco"]

    outcome: Outcome[int] = Outcome()
    with watch_bus(bus, "m1", progress, describe=describe):
        events = [event async for event in run_with_progress(mission(), progress, outcome)]

    assert [(e.type, getattr(e, "message", getattr(e, "agent", None))) for e in events] == [
        ("agent", "investimentos"),
        ("status", "Consultando cotações da PETR4…"),
        ("status", "Consultando cotações da VALE3…"),
    ]
    assert outcome.done and outcome.value == 20
    assert progress.lines == ["Consultando cotações da PETR4…", "Consultando cotações da VALE3…"]
    assert bus._request_observers == [] and all(  # unsubscribed
        getattr(o, "__name__", "") != "on_notice" for o in bus._observers
    )


async def test_a_consumer_that_goes_away_cancels_the_work():
    progress = Progress()
    cancelled = asyncio.Event()

    async def forever() -> None:
        try:
            progress.status("Trabalhando…")
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    stream = run_with_progress(forever(), progress, Outcome())
    first = await anext(stream)
    await stream.aclose()
    await asyncio.sleep(0)

    assert isinstance(first, StatusEvent) and cancelled.is_set()
