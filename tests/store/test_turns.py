"""`begin_turn`: what a turn reads, in one unit of work. Same behaviour on every backend."""

from __future__ import annotations

import asyncio
import os
from datetime import timedelta

import pytest

from switchboard.core.errors import SessionNotFoundError
from switchboard.core.messages import Message, ToolCall
from switchboard.core.state import RoutingState
from switchboard.sessions import open_turn

from .parts import Probe, state_with


async def test_first_turn_creates_the_session_for_the_user(store, clock):
    start = await store.begin_turn("s1", "u1", "support", history_limit=10)

    assert start.user_id == "u1" and start.message_count == 0
    assert start.state == RoutingState()
    assert (start.history, start.facts, start.summary) == ([], {}, None)
    record = await store.get_session("s1")
    assert (record.user_id, record.app, record.created_at) == ("u1", "support", clock.now())


async def test_an_existing_session_keeps_its_owner(store):
    await store.create_session("s1", "u1")

    start = await store.begin_turn("s1", "intruso")

    assert start.user_id == "u1"
    assert (await store.get_session("s1")).user_id == "u1"


async def test_reads_the_last_messages_facts_and_latest_summary(store):
    await store.create_session("s1", "u1")
    await store.append_messages("s1", [Message.user(f"m{i}") for i in range(1, 6)])
    await store.set_fact("s1", "cidade", {"nome": "Recife"})
    await store.add_summary("s1", "primeiro resumo", upto_seq=2)
    await store.add_summary("s1", "segundo resumo", upto_seq=4)
    state = state_with(active="tecnico", stack=("assistente",), result={"status": "ok"})
    await store.save_state("s1", state)

    start = await store.begin_turn("s1", "u1", history_limit=3)

    assert [(m.seq, m.content) for m in start.history] == [(3, "m3"), (4, "m4"), (5, "m5")]
    assert start.message_count == 5
    assert start.facts == {"cidade": {"nome": "Recife"}}
    assert start.summary is not None and start.summary.text == "segundo resumo"
    assert start.state == state
    everything = await store.begin_turn("s1", "u1")
    assert [m.seq for m in everything.history] == [1, 2, 3, 4, 5]


async def test_the_turn_gets_its_own_copies(store):
    await store.create_session("s1", "u1")
    await store.set_fact("s1", "lista", [1])
    start = await store.begin_turn("s1", "u1")

    start.state.put(Probe(active="y", stack=("x",)))
    start.state.ended = True
    start.facts["lista"].append(2)

    again = await store.begin_turn("s1", "u1")
    assert again.state == RoutingState() and again.facts == {"lista": [1]}


async def test_save_turn_is_what_the_next_turn_reads(store):
    start = await store.begin_turn("s1", "u1")
    start.state.put(Probe(active="tecnico"))

    await store.save_turn(
        "s1", [Message.user("oi"), Message.assistant("olá", agent="tecnico")], start.state
    )

    after = await store.begin_turn("s1", "u1")
    assert after.state.get(Probe).active == "tecnico" and after.message_count == 2
    assert [(m.role, m.content, m.agent) for m in after.history] == [
        ("user", "oi", None),
        ("assistant", "olá", "tecnico"),
    ]


async def test_open_turn_hides_another_users_session(store):
    await open_turn(store, "s1", "u1")

    with pytest.raises(SessionNotFoundError):
        await open_turn(store, "s1", "u2")
    for session_id, user_id in [("", "u1"), ("x" * 201, "u1"), ("s1", "")]:
        with pytest.raises(SessionNotFoundError):
            await open_turn(store, session_id, user_id)


async def test_concurrent_first_turns_agree_on_one_owner(store):
    starts = await asyncio.gather(*(store.begin_turn("s1", f"u{i}") for i in range(10)))

    owners = {start.user_id for start in starts}
    assert len(owners) == 1
    assert (await store.get_session("s1")).user_id in owners
    assert all(start.history == [] and start.message_count == 0 for start in starts)


@pytest.mark.parametrize("limit", [None, 0, 3, 10, -2])
async def test_the_history_a_turn_reads_is_the_stored_history(store, clock, limit):
    """Every field as `load_messages` returns it (PostgreSQL reads a turn in one statement, its
    history as JSON text: see `store/sql/pg_turns.py`)."""
    call = ToolCall(id="c1", name="saldo", arguments='{"conta": "123"}')
    await store.create_session("s1", "u1")
    await clock.advance(0.123456)  # timestamps with microseconds
    await store.save_turn(
        "s1",
        [
            Message.user('Qual é o meu saldo? "aspas" \\ barra\nlinha', agent="triagem"),
            Message.assistant("", tool_calls=[call], agent="financeiro"),
            Message.tool(call, '{"saldo": 10.5}', agent="financeiro"),
        ],
        state_with(active="financeiro"),
    )
    assistant = Message.assistant("Seu saldo é R$ 10,50 💰", agent="financeiro")
    assistant.metadata = {"components": [{"type": "card", "n": 1.25, "big": 10**20}], "x": None}
    await store.save_turn("s1", [assistant], state_with(active="financeiro"))
    await store.set_fact("s1", "b", None)
    await store.set_fact("s1", "a", {"nome": "Açaí"})
    summary = await store.add_summary("s1", "resumo", upto_seq=2)

    start = await store.begin_turn("s1", "u1", history_limit=limit)

    assert start.history == await store.load_messages("s1", limit)
    assert all(m.created_at.utcoffset() == timedelta(0) for m in start.history)
    assert start.facts == {"b": None, "a": {"nome": "Açaí"}}
    assert list(start.facts) == ["b", "a"]  # in the order they were first set
    assert start.summary == summary == await store.latest_summary("s1")
    assert start.message_count == 4


async def test_a_saved_turn_draws_its_message_ids_in_one_system_call(store, monkeypatch):
    """One `getrandom` per turn, not one per message (issue 22.4); ids stay 32 hex digits and
    distinct."""
    await store.begin_turn("s1", "u1")
    draws: list[int] = []
    urandom = os.urandom

    def counting(size: int) -> bytes:
        draws.append(size)
        return urandom(size)

    monkeypatch.setattr(os, "urandom", counting)
    saved = await store.save_turn("s1", [Message.user(f"m{i}") for i in range(4)], RoutingState())
    assert len(draws) == 1
    ids = [message.id for message in saved]
    assert len(set(ids)) == 4
    assert all(len(i) >= 32 and all(c in "0123456789abcdef" for c in i) for i in ids)
