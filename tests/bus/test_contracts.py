"""Registration with contracts; requests validated against them before delivery; spec fields."""

from __future__ import annotations

import pytest

from switchboard.bus import (
    AgentKind,
    MessageType,
    Priority,
    Reply,
    ResourceEstimate,
    ResponseStatus,
    SchemaMismatchError,
    UnknownOperationError,
    UnknownRecipientError,
)

from .helpers import Recorder, contract


async def test_registered_agent_answers_request_with_data(bus):
    await bus.register(contract("math"), Recorder())
    response = await bus.request("lead", "math", "add", {"a": 2, "b": 3})
    assert response.status is ResponseStatus.SUCCESS
    assert response.data == 5
    assert response.sender == "math"


async def test_unknown_agent_rejected_before_delivery(bus):
    math = Recorder()
    await bus.register(contract("math"), math)
    with pytest.raises(UnknownRecipientError) as info:
        await bus.request("lead", "nobody", "add", {"a": 1, "b": 2})
    assert info.value.code == "unknown_recipient"
    assert math.seen == []


async def test_unknown_operation_rejected_before_delivery(bus):
    math = Recorder()
    await bus.register(contract("math"), math)
    with pytest.raises(UnknownOperationError) as info:
        await bus.request("lead", "math", "divide", {"a": 1, "b": 2})
    assert info.value.context["available"] == ["add", "work"]
    assert math.seen == []


async def test_schema_mismatch_rejected_with_every_violation(bus):
    math = Recorder()
    await bus.register(contract("math"), math)
    with pytest.raises(SchemaMismatchError) as info:
        await bus.request("lead", "math", "add", {"a": "one", "c": 3})
    assert info.value.errors == [
        "$: missing required property 'b'",
        "$.a: expected integer, got str",
        "$: unexpected property 'c'",
    ]
    assert math.seen == []


async def test_message_carries_spec_fields(bus, clock):
    math = Recorder(lambda ctx: _reply())
    await bus.register(contract("math"), math)
    await bus.open_mission("m1", "lead", token_budget=1000, api_call_budget=10)
    response = await bus.request(
        "lead",
        "math",
        "add",
        {"a": 1, "b": 2},
        mission_id="m1",
        priority=Priority.HIGH,
        objective="somar",
        context={"why": "teste"},
        retries=1,
        estimated=ResourceEstimate(tokens=50, api_calls=1),
    )
    message = math.seen[0].message
    assert (message.sender, message.recipient, message.type, message.priority) == (
        "lead",
        "math",
        MessageType.REQUEST,
        Priority.HIGH,
    )
    assert message.payload.objective == "somar"
    assert message.payload.parameters == {"a": 1, "b": 2}
    assert message.payload.context == {"why": "teste"}
    assert message.payload.expects_callback is True and message.payload.allow_fallback is True
    assert message.timeout == 60.0 and message.retries_left == 1
    assert (message.tracing.mission_id, message.tracing.depth, message.tracing.call_path) == (
        "m1",
        1,
        ["lead"],
    )
    assert (message.estimated.tokens, message.estimated.api_calls) == (50, 1)
    assert message.sent_at == clock.now()
    assert response.original_message_id == message.message_id
    assert response.payload.confidence == 90 and response.payload.sources == ["calc"]
    assert (response.consumed.tokens, response.consumed.api_calls, response.consumed.db_calls) == (
        40,
        1,
        2,
    )
    assert response.processing_time == 0.0


async def _reply() -> Reply:
    return Reply(data=3, confidence=90, sources=["calc"], tokens=40, api_calls=1, db_calls=2)


async def test_default_timeouts_60s_executors_90s_coordinators(bus):
    math, boss = Recorder(), Recorder()
    await bus.register(contract("math"), math)
    await bus.register(contract("boss", AgentKind.COORDINATOR), boss)
    await bus.request("lead", "math", "add", {"a": 1, "b": 1})
    await bus.request("lead", "boss", "add", {"a": 1, "b": 1})
    assert math.seen[0].message.timeout == 60.0
    assert boss.seen[0].message.timeout == 90.0


async def test_nested_call_carries_mission_depth_and_call_path(bus):
    calc = Recorder()

    async def relay(ctx):
        return (await ctx.request("calc", "add", {"a": 1, "b": 1})).data

    await bus.register(contract("math"), Recorder(relay))
    await bus.register(contract("calc"), calc)
    await bus.open_mission("m1", "lead")
    response = await bus.request("lead", "math", "work", {}, mission_id="m1")
    assert response.data == 2
    tracing = calc.seen[0].message.tracing
    assert (tracing.mission_id, tracing.depth, tracing.call_path) == ("m1", 2, ["lead", "math"])


async def test_one_way_notification_delivered_without_response(bus):
    math = Recorder()
    await bus.register(contract("math"), math)
    message_id = await bus.send("lead", "math", "work", {"x": 1}, objective="aviso")
    from .helpers import until

    await until(lambda: len(math.notes) == 1)
    note = math.notes[0].message
    assert note.message_id == message_id and note.type is MessageType.NOTIFICATION
    assert note.payload.expects_callback is False and note.payload.parameters == {"x": 1}
