"""Bad input reaches the sender as typed errors; the bus keeps serving everyone else."""

from __future__ import annotations

import asyncio
import json

import pytest

from switchboard.bus import (
    MalformedMessageError,
    MessageType,
    PayloadTooLargeError,
    ResponseStatus,
    SchemaMismatchError,
    UnknownMissionError,
    UnknownRecipientError,
)

from .helpers import Recorder, contract, until


async def _serving(bus):
    math = Recorder()
    await bus.register(contract("math"), math)
    return math


@pytest.mark.parametrize(
    "raw",
    [
        b"not json at all",
        '{"message_id": 1}',
        {"garbage": True},
        {"message_id": "x", "sent_at": "yesterday", "sender": "lead", "recipient": "math"},
        {
            "message_id": "x",
            "sent_at": "2026-01-01T00:00:00Z",
            "sender": "lead",
            "recipient": "math",
            "priority": 9,
        },
    ],
)
async def test_malformed_message_is_a_typed_error_and_the_bus_keeps_serving(bus, raw):
    math = await _serving(bus)
    with pytest.raises(MalformedMessageError) as info:
        await bus.submit(raw)
    assert info.value.code == "malformed_message"
    assert (await bus.request("lead", "math", "add", {"a": 1, "b": 1})).data == 2
    assert len(math.seen) == 1


async def test_well_formed_raw_request_is_served(bus):
    await _serving(bus)
    raw = json.dumps(
        {
            "message_id": "ext-1",
            "sent_at": "2026-01-01T00:00:00Z",
            "sender": "lead",
            "recipient": "math",
            "type": "request",
            "operation": "add",
            "payload": {"parameters": {"a": 20, "b": 22}},
        }
    )
    response = await bus.submit(raw)
    assert response.status is ResponseStatus.SUCCESS and response.data == 42


async def test_raw_message_with_unknown_recipient_or_schema_mismatch_is_refused(bus):
    math = await _serving(bus)
    base = {
        "message_id": "ext-1",
        "sent_at": "2026-01-01T00:00:00Z",
        "sender": "lead",
        "type": "request",
        "operation": "add",
    }
    with pytest.raises(UnknownRecipientError):
        await bus.submit(
            {**base, "recipient": "ghost", "payload": {"parameters": {"a": 1, "b": 2}}}
        )
    with pytest.raises(SchemaMismatchError):
        await bus.submit({**base, "recipient": "math", "payload": {"parameters": {"a": 1}}})
    with pytest.raises(MalformedMessageError):
        await bus.submit({**base, "recipient": "math", "type": "response"})
    assert math.seen == []


async def test_oversized_payload_rejected_before_delivery(make_bus):
    bus = await make_bus(max_payload_bytes=10_000)
    math = await _serving(bus)
    with pytest.raises(PayloadTooLargeError) as info:
        await bus.request("lead", "math", "work", {"blob": "x" * 10_001})
    assert info.value.context["limit"] == 10_000
    with pytest.raises(PayloadTooLargeError):
        await bus.send("lead", "math", "work", {"rows": [{"v": "y" * 100}] * 200})
    with pytest.raises(PayloadTooLargeError):
        await bus.request("lead", "math", "work", {}, context={"history": "z" * 20_000})
    assert math.seen == [] and math.notes == []
    assert (
        await bus.request("lead", "math", "work", {"blob": "x" * 1000})
    ).status is ResponseStatus.SUCCESS


async def test_unknown_recipient_and_unknown_mission_are_typed_errors(bus):
    await _serving(bus)
    with pytest.raises(UnknownRecipientError):
        await bus.send("lead", "ghost", None, {})
    with pytest.raises(UnknownMissionError):
        await bus.request("lead", "math", "add", {"a": 1, "b": 1}, mission_id="never-opened")


async def test_handler_crash_answers_failure_and_agent_keeps_serving(bus):
    async def fragile(ctx):
        if ctx.parameters.get("crash"):
            raise ZeroDivisionError("bad math")
        return "fine"

    agent = Recorder(fragile)
    await bus.register(contract("fragile"), agent)
    results = await asyncio.gather(
        *(
            bus.request("lead", "fragile", "work", {"crash": i % 2 == 0}, retries=0)
            for i in range(6)
        )
    )
    assert [r.status for r in results] == [ResponseStatus.TOTAL_FAILURE, ResponseStatus.SUCCESS] * 3
    assert (
        results[0].error.code == "handler_failed"
        and "ZeroDivisionError" in results[0].error.message
    )


async def test_notification_types_reach_handler_as_notifications(bus):
    math = await _serving(bus)
    await bus.submit(
        {
            "message_id": "n1",
            "sent_at": "2026-01-01T00:00:00Z",
            "sender": "lead",
            "recipient": "math",
            "type": "notification",
            "payload": {"objective": "fyi"},
        }
    )
    await until(lambda: len(math.notes) == 1)
    assert math.notes[0].message.type is MessageType.NOTIFICATION
