"""`ActionContext.call_tool`: a workflow action runs a registered `@tool` with its events,
timeout (raced against the injected clock) and cache, like an agent's tool call."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from decimal import Decimal

from switchboard.core.clock import ManualClock
from switchboard.core.errors import ConfigurationError
from switchboard.patterns.workflows import ActionContext, ActionItem, SetSlots, WorkflowPattern
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import ToolContext, tool

from .conftest import ROOT, WORKFLOWS, Profiles, answer, app_for, events, positive, say

CALLS: list[tuple[int, str, str]] = []


@tool(status="Calculando o valor...", cache_ttl=60, timeout=5)
def calcular_preco(quantidade: int, ctx: ToolContext) -> dict[str, str]:
    """Calcula o valor do pedido."""
    CALLS.append((quantidade, ctx.user_id, ctx.agent))
    return {"total": str(Decimal("39.90") * quantidade)}


@tool(timeout=2)
async def lento() -> str:
    """Nunca responde a tempo."""
    await asyncio.Event().wait()
    return "nunca"


async def price(ctx: ActionContext) -> AsyncIterator[ActionItem]:
    run = ctx.call_tool("calcular_preco", {"quantidade": ctx.slots["quantity"]}, call_id="c1")
    async for item in run:
        yield item
    yield SetSlots({"total": json.loads(run.result.output)["total"].replace(".", ",")})


def order_app(price_action=price, clock=None):  # type: ignore[no-untyped-def]
    pattern = WorkflowPattern(
        WORKFLOWS,
        answer=answer,
        root_agent=ROOT,
        actions={"save_profile": Profiles().save_profile, "price": price_action},
        validators={"positive": positive},
        tools=ToolRegistry([calcular_preco, lento], clock=clock or ManualClock()),
    )
    return app_for(pattern)


async def order(app, session: str = "s1") -> list:  # type: ignore[no-untyped-def]
    await say(app, "pizza", session)
    await say(app, "2 pizzas de calabresa", session)
    await say(app, "não", session)
    return await events(app, "R$ 100,00", session)


async def test_an_action_runs_a_tool_with_its_events() -> None:
    CALLS.clear()
    stream = await order(order_app())

    start, status, end = stream[1], stream[2], stream[3]
    assert (start.type, start.tool, start.args, start.call_id) == (
        "tool_start",
        "calcular_preco",
        {"quantidade": 2},
        "c1",
    )
    assert (start.agent, status.message) == ("pedido", "Calculando o valor...")
    assert (end.type, end.ok, end.call_id, json.loads(end.output)) == (
        "tool_end",
        True,
        "c1",
        {"total": "79.80"},
    )
    assert stream[-1].text == "Pedido anotado: 2 pizza(s) de calabresa, total de R$ 79,80."
    assert CALLS == [(2, "u1", "pedido")]  # the user from the turn, the speaker as agent


async def test_the_tool_cache_answers_the_same_call_again() -> None:
    CALLS.clear()
    app = order_app()
    await order(app, "s1")
    again = await order(app, "s1")
    await order(app, "s2")  # the tool reads its context: another session is another call
    assert [e.type for e in again[1:4]] == ["tool_start", "status", "tool_end"]
    assert len(CALLS) == 2


async def test_a_tool_that_times_out_is_a_failed_result_not_a_crash() -> None:
    clock = ManualClock()
    seen = []

    async def slow_price(ctx: ActionContext) -> AsyncIterator[ActionItem]:
        run = ctx.call_tool("lento")
        task = asyncio.ensure_future(run.run())
        while not task.done():
            await asyncio.sleep(0)
            await clock.advance(1)
        seen.append(await task)
        yield SetSlots({"total": "?"})

    await order(order_app(slow_price, clock))
    assert not seen[0].ok and "tempo esgotado" in seen[0].output


async def test_without_tools_the_action_fails_with_a_configuration_error() -> None:
    async def needs_tools(ctx: ActionContext) -> AsyncIterator[ActionItem]:
        async for item in ctx.call_tool("calcular_preco", {"quantidade": 1}):
            yield item

    from .conftest import make_app

    app = make_app()
    app.pattern.engine.actions["price"] = needs_tools  # type: ignore[attr-defined,index]
    stream = await order(app)
    errors = [e for e in stream if e.type == "error"]
    assert errors and errors[0].code == ConfigurationError.code
