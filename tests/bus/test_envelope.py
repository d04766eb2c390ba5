"""Envelopes, replies and mission records: plain objects inside, Pydantic at the boundary."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from switchboard.bus import MissionRecord, MissionStatus, Reply, Response, ResponseStatus
from switchboard.bus.envelope import Message


def test_boundary_validation_keeps_the_model_constraints():
    raw = {
        "response_id": "r-1",
        "original_message_id": "m-1",
        "responded_at": "2026-11-20T10:00:00Z",
        "sender": "math",
        "status": "success",
        "payload": {"data": {"x": 1}, "confidence": 85},
    }
    response = Response.model_validate(raw)
    assert response.status is ResponseStatus.SUCCESS and response.payload.confidence == 85
    assert Response.model_validate_json(response.model_dump_json()) == response
    with pytest.raises(ValidationError):
        Response.model_validate({**raw, "payload": {"confidence": 150}})
    with pytest.raises(ValidationError):
        Response.model_validate({**raw, "unexpected": True})
    with pytest.raises(ValidationError):
        Message.model_validate({"message_id": "x", "sender": "a", "recipient": "b"})


def test_model_copy_is_a_shallow_copy_with_updates():
    message = Message(message_id="m-1", sent_at=datetime.now(UTC), sender="a", recipient="b")
    copy = message.model_copy(update={"message_id": "m-2", "attempt": 2})
    assert (copy.message_id, copy.attempt, copy.sender) == ("m-2", 2, "a")
    assert message.message_id == "m-1" and copy.payload is message.payload


def test_reply_checks_what_the_response_fields_require():
    reply = Reply(data=1, status="partial_failure", confidence=85, sources=("a",))  # type: ignore[arg-type]
    assert reply.status is ResponseStatus.PARTIAL_FAILURE and reply.confidence == 85.0
    assert reply.sources == ["a"]
    for bad in ({"confidence": 101}, {"tokens": -1}, {"status": "nope"}, {"api_calls": 1.5}):
        with pytest.raises(ValueError):
            Reply(**bad)  # type: ignore[arg-type]


def test_mission_record_checks_budgets_and_timeout():
    record = MissionRecord(
        mission_id="m",
        lead_coordinator="lead",
        token_budget=0,
        api_call_budget=0,
        status="closed",  # type: ignore[arg-type]
    )
    assert record.status is MissionStatus.CLOSED
    assert record.as_dict()["status"] == "closed"
    for bad in ({"token_budget": -1}, {"global_timeout": 0}):
        with pytest.raises(ValueError):
            MissionRecord(
                **{
                    "mission_id": "m",
                    "lead_coordinator": "l",
                    "token_budget": 1,
                    "api_call_budget": 1,
                    **bad,
                }  # type: ignore[arg-type]
            )
