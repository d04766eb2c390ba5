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
