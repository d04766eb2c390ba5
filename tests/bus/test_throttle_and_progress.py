"""Message-explosion throttling, the no-progress detector and the mission global timeout."""

from __future__ import annotations

import asyncio

import pytest

from switchboard.bus import (
    Flag,
    MissionClosedError,
    MissionStatus,
    NoticeKind,
    Priority,
    ResponseStatus,
)

from .helpers import Recorder, contract, drive, settle, until, with_lead


async def test_throttle_delays_normal_and_low_above_20_per_second_high_and_critical_pass(
    bus, clock
):
    lead = await with_lead(bus)
    sink = Recorder()
    await bus.register(contract("sink"), sink)
    await bus.open_mission("m1", "lead")
    for i in range(201):  # 201 in the 10 s window = 20.1 msg/s: above the limit
        await bus.send("lead", "sink", "work", {"i": i}, mission_id="m1")
    normal = asyncio.create_task(bus.send("lead", "sink", "work", {"i": "normal"}, mission_id="m1"))
    low = asyncio.create_task(
        bus.send("lead", "sink", "work", {"i": "low"}, mission_id="m1", priority=Priority.LOW)
    )
    await bus.send("lead", "sink", "work", {"i": "high"}, mission_id="m1", priority=Priority.HIGH)
    await bus.send(
        "lead", "sink", "work", {"i": "critical"}, mission_id="m1", priority=Priority.CRITICAL
    )
    await until(lambda: len(sink.notes) == 203)
    await settle()
    assert not normal.done() and not low.done()
    seen = {n.message.payload.parameters["i"] for n in sink.notes}
    assert {"high", "critical"} <= seen and not {"normal", "low"} & seen
    await until(lambda: "throttling_active" in lead.notice_kinds())
    assert lead.notice_kinds().count("throttling_active") == 1
    await clock.advance(9)
    await settle()
    assert not normal.done()  # still 203 messages inside the window
    await drive(clock, lambda: normal.done() and low.done(), step=1, limit=3)
    await until(lambda: len(sink.notes) == 205)
    delayed = [
        n.message for n in sink.notes if n.message.payload.parameters["i"] in ("normal", "low")
    ]
    assert all(Flag.THROTTLED in m.flags for m in delayed)


async def test_no_throttle_at_or_below_20_per_second(bus):
    sink = Recorder()
    await bus.register(contract("sink"), sink)
    await with_lead(bus)
    await bus.open_mission("m1", "lead")
    for i in range(200):
        await bus.send("lead", "sink", "work", {"i": i}, mission_id="m1")
    await asyncio.wait_for(bus.send("lead", "sink", "work", {"i": 200}, mission_id="m1"), 5)
    await until(lambda: len(sink.notes) == 201)
    assert not any(Flag.THROTTLED in n.message.flags for n in sink.notes)


async def test_no_progress_alert_after_30s_then_forced_timeout_after_60s(bus, clock):
    lead = await with_lead(bus)
    await bus.register(contract("math"), Recorder())
    notices = []
    bus.on_notice(notices.append)
    await bus.open_mission("m1", "lead")
    await settle()
    await clock.advance(29.5)
    await settle()
    assert notices == []
    await drive(clock, lambda: bool(notices), step=0.25, limit=1)
    assert notices[0].kind is NoticeKind.NO_PROGRESS_ALERT and notices[0].internal
    assert lead.notice_kinds() == []  # the 30 s alert is internal
    await clock.advance(29)
    await settle()
    assert (await bus.mission("m1")).status is MissionStatus.RUNNING
    await drive(clock, lambda: "consolidate_partial" in lead.notice_kinds(), step=0.25, limit=2)
    assert (await bus.mission("m1")).status is MissionStatus.TIMED_OUT
    note = next(
        n for n in lead.notes if n.message.payload.objective == "consolidate_partial"
    ).message
    assert note.payload.context["detail"]["reason"] == "no_progress"
    assert "dados parciais" in note.payload.context["text"]
    with pytest.raises(MissionClosedError):
        await bus.request("lead", "math", "add", {"a": 1, "b": 1}, mission_id="m1")
    response = await bus.request(
        "lead", "math", "add", {"a": 1, "b": 1}, mission_id="m1", priority=Priority.HIGH
    )
    assert response.status is ResponseStatus.SUCCESS


async def test_activity_resets_the_no_progress_timer(bus, clock):
    lead = await with_lead(bus)
    await bus.register(contract("math"), Recorder())
    notices = []
    bus.on_notice(notices.append)
    await bus.open_mission("m1", "lead")
    await settle()
    for _ in range(4):  # a response every 25 s: never 30 s idle
        await clock.advance(25)
        await bus.request("lead", "math", "add", {"a": 1, "b": 1}, mission_id="m1")
        await settle()
    assert notices == []
    assert (await bus.mission("m1")).status is MissionStatus.RUNNING
    assert lead.notice_kinds() == []


async def test_global_timeout_forces_consolidation_with_partial_data(bus, clock):
    lead = await with_lead(bus)
    await bus.register(contract("math"), Recorder())
    await bus.open_mission("m1", "lead", global_timeout=80)
    await settle()
    for _ in range(3):  # busy mission: progress never stalls
        await clock.advance(20)
        await bus.request("lead", "math", "add", {"a": 1, "b": 1}, mission_id="m1")
        await settle()
    assert (await bus.mission("m1")).status is MissionStatus.RUNNING
    await drive(clock, lambda: "consolidate_partial" in lead.notice_kinds(), step=0.5, limit=21)
    note = next(
        n for n in lead.notes if n.message.payload.objective == "consolidate_partial"
    ).message
    assert note.payload.context["detail"]["reason"] == "global_timeout"
    assert (await bus.mission("m1")).status is MissionStatus.TIMED_OUT
