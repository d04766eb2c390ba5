"""Messages: ordering, gap-free seqs under concurrency, titles, turns, clearing, cascades."""

from __future__ import annotations

import asyncio
from dataclasses import fields

import pytest

from switchboard.core.errors import SessionNotFoundError
from switchboard.core.messages import Message, ToolCall
from switchboard.core.state import RoutingState
from switchboard.store.base import FeedbackRecord

from .parts import state_with


def texts(messages) -> list[str]:
    return [m.content for m in messages]


async def test_append_assigns_gap_free_seqs_in_order(store, clock):
    await store.create_session("s1", "u1")

    first = await store.append_messages("s1", [Message.user("um"), Message.assistant("dois")])
    second = await store.append_messages("s1", [Message.user("três")])

    assert [m.seq for m in first + second] == [1, 2, 3]
    assert all(m.session_id == "s1" and m.created_at == clock.now() for m in first + second)
    assert len({m.id for m in first + second}) == 3
    assert await store.load_messages("s1") == first + second
    assert (await store.get_session("s1")).message_count == 3


async def test_append_empty_batch_only_touches_updated_at(store, clock):
    await store.create_session("s1", "u1")
    await clock.advance(3)

    assert await store.append_messages("s1", []) == []
    record = await store.get_session("s1")
    assert record.message_count == 0 and record.title == ""
    assert record.updated_at == clock.now()


async def test_append_to_unknown_session_raises(store):
    with pytest.raises(SessionNotFoundError):
        await store.append_messages("nope", [Message.user("oi")])
    with pytest.raises(SessionNotFoundError):
        await store.save_turn("nope", [Message.user("oi")], RoutingState())
    assert await store.load_messages("nope") == []


async def test_title_comes_from_the_first_user_message_and_then_stays(store):
    await store.create_session("s1", "u1")
    await store.append_messages("s1", [Message.system("regras"), Message.assistant("Olá!")])
    assert (await store.get_session("s1")).title == ""

    long = "Quero   saber\nsobre bolsas de estudo para engenharia em universidades públicas"
    await store.append_messages("s1", [Message.user(long)])
    await store.append_messages("s1", [Message.user("outra pergunta")])

    title = (await store.get_session("s1")).title
    assert title == "Quero saber sobre bolsas de estudo para engenharia em univer…"
    assert len(title) == 61


async def test_save_turn_appends_and_saves_state(store, clock):
    await store.create_session("s1", "u1")
    state = state_with(active="especialista", stack=("assistente",), result={"status": "ok"})
    await clock.advance(2)

    stored = await store.save_turn("s1", [Message.user("oi"), Message.assistant("olá")], state)

    record = await store.get_session("s1")
    assert [m.seq for m in stored] == [1, 2]
    assert record.state == state and record.message_count == 2 and record.title == "oi"
    assert record.updated_at == clock.now()
    assert await store.load_messages("s1") == stored


async def test_load_messages_limit_returns_the_last_n_in_order(store):
    await store.create_session("s1", "u1")
    for i in range(1, 11):
        await store.append_messages("s1", [Message.user(f"m{i}")])

    assert texts(await store.load_messages("s1", limit=3)) == ["m8", "m9", "m10"]
    assert [m.seq for m in await store.load_messages("s1", limit=3)] == [8, 9, 10]
    assert texts(await store.load_messages("s1", limit=50)) == [f"m{i}" for i in range(1, 11)]
    assert len(await store.load_messages("s1")) == 10
    assert len(await store.load_messages("s1", limit=0)) == 10  # falsy limit: everything


async def test_fifty_concurrent_appenders_get_seqs_1_to_50(store):
    await store.create_session("s1", "u1")

    results = await asyncio.gather(
        *(store.append_messages("s1", [Message.user(f"m{i}")]) for i in range(50))
    )

    seqs = sorted(batch[0].seq for batch in results)
    assert seqs == list(range(1, 51))
    loaded = await store.load_messages("s1")
    assert [m.seq for m in loaded] == list(range(1, 51))
    assert sorted(texts(loaded)) == sorted(f"m{i}" for i in range(50))
    by_seq = {batch[0].seq: batch[0].content for batch in results}
    assert all(by_seq[m.seq] == m.content for m in loaded)
    assert (await store.get_session("s1")).message_count == 50


async def test_concurrent_multi_message_turns_stay_contiguous(store):
    await store.create_session("s1", "u1")

    await asyncio.gather(
        *(
            store.save_turn(
                "s1", [Message.user(f"q{i}"), Message.assistant(f"a{i}")], RoutingState()
            )
            for i in range(20)
        )
    )

    loaded = await store.load_messages("s1")
    assert [m.seq for m in loaded] == list(range(1, 41))
    for question, answer in zip(loaded[::2], loaded[1::2], strict=True):
        assert answer.content == "a" + question.content[1:]


async def test_tool_calls_and_metadata_round_trip(store):
    await store.create_session("s1", "u1")
    call = ToolCall(
        id="call_1", name="buscar_bolsas", arguments='{"curso": "Medicina", "nota": 710}'
    )
    batch = [
        Message.user("Quais bolsas existem?", agent="roteador"),
        Message.assistant("", tool_calls=[call], agent="especialista"),
        Message.tool(call, '[{"nome": "ProUni", "cobertura": "100%"}]', agent="especialista"),
        Message(
            role="assistant",
            content="Há o ProUni.",
            agent="especialista",
            metadata={"fontes": ["prouni.mec.gov.br"], "custo": {"tokens": 42}, "nota": "ação"},
        ),
    ]

    stored = await store.append_messages("s1", batch)
    loaded = await store.load_messages("s1")

    assert loaded == stored
    assert loaded[1].tool_calls == [call]
    assert (loaded[2].tool_call_id, loaded[2].name) == ("call_1", "buscar_bolsas")
    assert loaded[3].metadata == {
        "fontes": ["prouni.mec.gov.br"],
        "custo": {"tokens": 42},
        "nota": "ação",
    }
    assert [m.agent for m in loaded] == ["roteador", "especialista", "especialista", "especialista"]
    for original, kept in zip(batch, loaded, strict=True):
        assert all(getattr(kept, f.name) == getattr(original, f.name) for f in fields(Message))
    assert await store.get_message(stored[1].id) == stored[1]
    assert await store.get_message("nope") is None


async def test_clear_messages_drops_messages_and_summaries_but_never_reuses_seqs(store):
    await store.create_session("s1", "u1")
    stored = await store.append_messages("s1", [Message.user("a"), Message.assistant("b")])
    await store.add_summary("s1", "resumo", upto_seq=2)
    await store.set_fact("s1", "nome", "Ana")

    assert await store.clear_messages("s1") == 2

    assert await store.load_messages("s1") == []
    assert await store.get_message(stored[0].id) is None
    assert await store.all_summaries("s1") == []
    assert await store.get_fact("s1", "nome") == "Ana"
    again = await store.append_messages("s1", [Message.user("c")])
    assert again[0].seq == 3
    assert await store.clear_messages("s1") == 1
    assert await store.clear_messages("nope") == 0


async def test_delete_session_removes_everything_it_owns(store):
    await store.create_session("s1", "u1")
    await store.create_session("s2", "u1")
    stored = await store.append_messages("s1", [Message.user("a"), Message.assistant("b")])
    kept = await store.append_messages("s2", [Message.user("fica")])
    await store.set_fact("s1", "k", 1)
    await store.add_summary("s1", "resumo", 2)
    await store.save_feedback(
        FeedbackRecord(
            message_id=stored[1].id,
            session_id="s1",
            user_id="u1",
            rating="up",
            created_at=stored[1].created_at,
        )
    )

    assert await store.delete_session("s1") is True

    assert await store.load_messages("s1") == []
    assert await store.get_message(stored[0].id) is None
    assert await store.get_facts("s1") == {}
    assert await store.latest_summary("s1") is None
    assert await store.list_feedback("s1") == []
    assert await store.load_messages("s2") == kept
