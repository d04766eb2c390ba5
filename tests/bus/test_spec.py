"""`MessageSpec`: the frozen value every sending path hands on."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from switchboard.bus.envelope import Message, MessageType, Priority, Tracing
from switchboard.bus.spec import MessageSpec


def test_a_spec_is_frozen_and_compares_by_value():
    spec = MessageSpec(sender="lead", recipient="math", operation="add", parameters={"a": 1})
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.recipient = "other"  # type: ignore[misc]  # the point: assignment must fail
    assert spec == MessageSpec(
        sender="lead", recipient="math", operation="add", parameters={"a": 1}
    )
    assert spec.type is MessageType.REQUEST and spec.priority is Priority.NORMAL
    assert spec.retries is None and spec.allow_fallback and spec.objective == ""


def test_lineage_is_a_first_hop_or_one_after_the_parent():
    assert MessageSpec(sender="lead", recipient="math", mission_id="m1").lineage() == (
        "m1",
        1,
        ["lead"],
    )
    parent = Message(
        message_id="p-1",
        sent_at=datetime.now(UTC),
        sender="planner",
        recipient="lead",
        tracing=Tracing(mission_id="m2", depth=2, call_path=["planner", "x"]),
    )
    spec = MessageSpec(sender="lead", recipient="math", parent=parent)
    assert spec.lineage() == ("m2", 3, ["planner", "x", "lead"])


@pytest.mark.parametrize("with_parent", [False, True])
async def test_the_positional_request_builds_the_message_the_spec_path_builds(with_parent):
    """`MessageBus.request` takes the fast path's positional builder; `Sending.request` (the plain
    form, used when a spec already exists) must deliver the very same message."""
    from switchboard.bus import BusSettings, MessageBus, ResourceEstimate

    from .helpers import contract

    seen: list[Message] = []

    async def handler(ctx):
        seen.append(ctx.message)
        return 1

    bus = MessageBus(settings=BusSettings(throttle_max_rate=1e9))
    await bus.register(contract("math"), handler)
    await bus.open_mission("m1", "lead", token_budget=10**6, api_call_budget=100)
    parent = (
        Message(
            message_id="p-1",
            sent_at=datetime.now(UTC),
            sender="planner",
            recipient="lead",
            tracing=Tracing(mission_id="m1", depth=2, call_path=["planner", "x"]),
        )
        if with_parent
        else None
    )
    options = {
        "priority": Priority.HIGH,
        "mission_id": None if with_parent else "m1",
        "parent": parent,
        "timeout": None,
        "retries": 1,
        "objective": "somar",
        "context": {"k": "v"},
        "allow_fallback": False,
        "estimated": ResourceEstimate(tokens=10),
    }
    await bus.request("lead", "math", "add", {"a": 1, "b": 2}, **options)
    spec = MessageSpec(
        sender="lead", recipient="math", operation="add", parameters={"a": 1, "b": 2}, **options
    )
    await bus._sending.request(spec)  # the plain path, as RequestContext's full path takes it
    await bus.close()
    fast, plain = (m.model_dump() for m in seen)
    for dumped in (fast, plain):
        del dumped["message_id"], dumped["sent_at"], dumped["idempotency_key"]
    assert fast == plain
    assert fast["tracing"]["mission_id"] == "m1"
