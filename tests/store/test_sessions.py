"""Sessions and routing state: the same behaviour on every backend."""

from __future__ import annotations

import asyncio
from datetime import UTC, timedelta

import pytest

from switchboard.core.errors import SessionNotFoundError
from switchboard.core.messages import Message
from switchboard.core.state import RoutingState

from .parts import Probe, state_with


def full_state(clock) -> RoutingState:
    state = state_with(
        active="especialista_tecnico",
        stack=("assistente",),
        result={"diagnóstico": "roteador reiniciado", "passos": [1, 2, 3], "nota": 7.5, "ok": None},
        when=clock.now(),
        pair=("renda", 2),
    )
    state.parts["unloaded"] = {"slots": {"cidade": "São Paulo"}}  # a part no class here reads
    return state


async def test_create_session_returns_a_fresh_record(store, clock):
    record = await store.create_session("s1", "u1", app="support")

    assert (record.id, record.user_id, record.app, record.title) == ("s1", "u1", "support", "")
    assert record.message_count == 0
    assert record.state == RoutingState()
    assert record.created_at == record.updated_at == clock.now()
    assert record.created_at.tzinfo is not None
    assert record.created_at.utcoffset() == UTC.utcoffset(None)
    assert await store.get_session("s1") == record


async def test_create_session_twice_returns_the_existing_one_unchanged(store, clock):
    first = await store.create_session("s1", "u1", app="support")
    await store.save_state("s1", state_with(active="x"))
    await clock.advance(10)

    again = await store.create_session("s1", "someone-else", app="finance")

    assert again.user_id == "u1" and again.app == "support"
    assert again.state.get(Probe).active == "x"
    assert again.created_at == first.created_at


async def test_concurrent_creates_agree_on_one_session(store):
    records = await asyncio.gather(*(store.create_session("s1", f"u{i}") for i in range(20)))

    assert len({r.user_id for r in records}) == 1
    assert await store.list_sessions(records[0].user_id) == [records[0]]


async def test_get_unknown_session_is_none(store):
    assert await store.get_session("nope") is None


async def test_state_round_trips_with_pending_result_and_agent_history(store, clock):
    await store.create_session("s1", "u1")
    state = full_state(clock)
    await clock.advance(5)

    await store.save_state("s1", state)
    record = await store.get_session("s1")

    assert record.state == state
    assert record.state.get(Probe).result == {
        "diagnóstico": "roteador reiniciado",
        "passos": [1, 2, 3],
        "nota": 7.5,
        "ok": None,
    }
    assert record.state.get(Probe).when == state.get(Probe).when
    assert record.state.parts["unloaded"] == {"slots": {"cidade": "São Paulo"}}
    assert record.updated_at == clock.now() and record.created_at < record.updated_at


async def test_state_is_a_copy_not_a_live_object(store):
    await store.create_session("s1", "u1")
    state = state_with(stack=("a",))
    await store.save_state("s1", state)
    state.put(Probe(stack=("a", "b")))

    loaded = (await store.get_session("s1")).state
    loaded.put(Probe(stack=("a", "c")))

    assert (await store.get_session("s1")).state.get(Probe).stack == ("a",)


async def test_save_state_on_unknown_session_raises(store):
    with pytest.raises(SessionNotFoundError):
        await store.save_state("nope", RoutingState())


async def test_list_sessions_only_the_users_most_recently_updated_first(store, clock):
    for sid, user in [("a", "u1"), ("b", "u2"), ("c", "u1"), ("d", "u1")]:
        await store.create_session(sid, user)
        await clock.advance(1)
    await store.append_messages("a", [Message.user("oi")])

    listed = await store.list_sessions("u1")

    assert [s.id for s in listed] == ["a", "d", "c"]
    assert all(s.user_id == "u1" for s in listed)
    assert listed[0].title == "oi" and listed[0].message_count == 1
    assert await store.list_sessions("ninguém") == []


async def test_recent_sessions_across_users_by_app_and_time(store, clock):
    start = clock.now()
    for sid, user, app in [("a", "u1", "x"), ("b", "u2", "x"), ("c", "u3", "y"), ("d", "u1", "x")]:
        await store.create_session(sid, user, app)
        await clock.advance(10)
    await store.append_messages("a", [Message.user("oi")])  # "a" becomes the most recent

    every = await store.recent_sessions()
    assert [s.id for s in every] == ["a", "d", "c", "b"]
    assert {s.user_id for s in every} == {"u1", "u2", "u3"}
    assert [s.id for s in await store.recent_sessions(app="x")] == ["a", "d", "b"]
    assert [s.id for s in await store.recent_sessions(app="x", limit=2)] == ["a", "d"]
    since = start + timedelta(seconds=15)  # after "b" was last updated
    assert [s.id for s in await store.recent_sessions(app="x", since=since)] == ["a", "d"]
    assert await store.recent_sessions(app="nenhum") == []


async def test_delete_session_reports_whether_it_existed(store):
    await store.create_session("s1", "u1")

    assert await store.delete_session("s1") is True
    assert await store.delete_session("s1") is False
    assert await store.get_session("s1") is None
    assert await store.list_sessions("u1") == []
