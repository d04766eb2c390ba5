"""Mission budgets (80% / 90% / 100%) and circular-loop detection."""

from __future__ import annotations

import pytest

from switchboard.bus import (
    AgentKind,
    BudgetExhaustedError,
    BudgetLevel,
    Flag,
    LoopDetectedError,
    Priority,
    Reply,
    ResponseStatus,
)

from .helpers import Recorder, contract, until, with_lead


async def _spender(bus):
    async def spend(ctx):
        return Reply(
            data="ok",
            tokens=ctx.parameters.get("tokens", 0),
            api_calls=ctx.parameters.get("calls", 0),
        )

    agent = Recorder(spend)
    await bus.register(contract("spender"), agent)
    return agent


async def test_budget_consumption_accumulated_and_queryable_by_any_agent(bus):
    await with_lead(bus)
    await _spender(bus)
    await bus.open_mission("m1", "lead", token_budget=1000, api_call_budget=10)
    await bus.request("lead", "spender", "work", {"tokens": 150, "calls": 1}, mission_id="m1")
    await bus.request("lead", "spender", "work", {"tokens": 100, "calls": 2}, mission_id="m1")
    status = await bus.budget("m1")
    assert (status.tokens_used, status.api_calls_used) == (250, 3)
    assert (status.tokens_remaining, status.api_calls_remaining) == (750, 7)
    assert status.ratio == pytest.approx(0.3) and status.level is BudgetLevel.OK

    async def ask_budget(ctx):
        return (await ctx.budget()).tokens_remaining

    await bus.register(contract("asker"), Recorder(ask_budget))
    response = await bus.request("lead", "asker", "work", {}, mission_id="m1")
    assert response.data == 750


async def test_budget_high_flag_at_80_percent_and_critical_at_90(bus):
    await with_lead(bus)
    spender = await _spender(bus)
    await bus.open_mission("m1", "lead", token_budget=1000, api_call_budget=100)
    await bus.request("lead", "spender", "work", {"tokens": 800}, mission_id="m1")
    await bus.request("lead", "spender", "work", {"tokens": 100}, mission_id="m1")
    await bus.request("lead", "spender", "work", {}, mission_id="m1")
    assert [ctx.message.flags for ctx in spender.seen] == [
        [],
        [Flag.BUDGET_HIGH],
        [Flag.BUDGET_CRITICAL],
    ]


async def test_api_call_budget_counts_like_tokens(bus):
    await with_lead(bus)
    spender = await _spender(bus)
    await bus.open_mission("m1", "lead", token_budget=1000, api_call_budget=10)
    await bus.request("lead", "spender", "work", {"calls": 8}, mission_id="m1")
    await bus.request("lead", "spender", "work", {}, mission_id="m1")
    assert spender.seen[1].message.flags == [Flag.BUDGET_HIGH]


async def test_budget_exhausted_refuses_normal_and_low_lets_high_critical_pass_and_tells_lead(bus):
    lead = await with_lead(bus)
    spender = await _spender(bus)
    await bus.open_mission("m1", "lead", token_budget=1000, api_call_budget=10)
    await bus.request("lead", "spender", "work", {"tokens": 1000}, mission_id="m1")
    for priority in (Priority.NORMAL, Priority.LOW):
        with pytest.raises(BudgetExhaustedError):
            await bus.request("lead", "spender", "work", {}, mission_id="m1", priority=priority)
    for priority in (Priority.HIGH, Priority.CRITICAL):
        response = await bus.request(
            "lead", "spender", "work", {}, mission_id="m1", priority=priority
        )
        assert response.status is ResponseStatus.SUCCESS
    assert len(spender.seen) == 3
    assert Flag.BUDGET_EXHAUSTED in spender.seen[-1].message.flags
    await until(lambda: "budget_exhausted" in lead.notice_kinds())
    note = next(n for n in lead.notes if n.message.payload.objective == "budget_exhausted").message
    assert note.priority is Priority.CRITICAL
    assert "finalize" in note.payload.context["text"]
    assert lead.notice_kinds().count("budget_exhausted") == 1
    assert (await bus.budget("m1")).level is BudgetLevel.EXHAUSTED


async def _ping_pong(bus):
    blocked: list[LoopDetectedError] = []

    def relay(other):
        async def handle(ctx):
            try:
                return (await ctx.request(other, "work", {})).data
            except LoopDetectedError as exc:
                blocked.append(exc)
                return f"blocked at depth {ctx.message.tracing.depth}"

        return handle

    await bus.register(contract("ping", AgentKind.COORDINATOR), Recorder(relay("pong")))
    await bus.register(contract("pong", AgentKind.COORDINATOR), Recorder(relay("ping")))
    return blocked


async def test_loop_blocks_agent_appearing_more_than_three_times_and_notifies_lead(bus):
    lead = await with_lead(bus)
    blocked = await _ping_pong(bus)
    await bus.open_mission("m1", "lead")
    response = await bus.request("lead", "ping", "work", {}, mission_id="m1")
    assert response.data == "blocked at depth 6"
    assert len(blocked) == 1
    error = blocked[0]
    assert error.code == "loop_detected" and error.context["agent"] == "ping"
    assert error.context["path"] == ["lead", "ping", "pong", "ping", "pong", "ping", "pong", "ping"]
    await until(lambda: "loop_detected" in lead.notice_kinds())
    note = next(n for n in lead.notes if n.message.payload.objective == "loop_detected").message
    assert note.payload.context["detail"]["cycle"] == ["ping", "pong", "ping"]


async def test_loop_blocks_call_depth_above_8(bus):
    lead = await with_lead(bus)
    blocked: list[LoopDetectedError] = []

    def hop(i):
        async def handle(ctx):
            try:
                return (await ctx.request(f"hop{i + 1}", "work", {})).data
            except LoopDetectedError as exc:
                blocked.append(exc)
                return ctx.message.tracing.depth

        return handle

    for i in range(1, 12):
        await bus.register(contract(f"hop{i}"), Recorder(hop(i)))
    await bus.open_mission("m1", "lead")
    response = await bus.request("lead", "hop1", "work", {}, mission_id="m1")
    assert response.data == 8  # hop8 (depth 8) could not call hop9 at depth 9
    assert blocked[0].context["depth"] == 9
    await until(lambda: "loop_detected" in lead.notice_kinds())
