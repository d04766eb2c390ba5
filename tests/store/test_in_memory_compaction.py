"""In-memory store only: idle sessions (out of the hot-session LRU) are compacted and come back
unchanged on any access. The whole shared behavioural suite also runs here on a store that keeps
a single session hot, so every switch between sessions compacts one and re-inflates another."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from switchboard.core.errors import SessionNotFoundError
from switchboard.core.messages import Message, ToolCall
from switchboard.store.base import FeedbackRecord
from switchboard.store.in_memory import InMemoryStore

from . import test_messages, test_records, test_sessions, test_turns
from .parts import Probe, state_with

# the shared suite, against a store with one hot session (the fixture below overrides conftest's)
for _module in (test_messages, test_records, test_sessions, test_turns):
    for _name in dir(_module):
        if _name.startswith("test_"):
            globals()[f"{_name}__one_hot_session"] = getattr(_module, _name)


@pytest.fixture
def store(clock) -> InMemoryStore:
    return InMemoryStore(clock=clock, hot_sessions=1)


def idle(store: InMemoryStore) -> set[str]:
    return set(store._cold)


def snapshot(value) -> tuple:
    """Everything that makes two records the same: for a pydantic model, also which fields were
    set; for a message (a dataclass), its fields."""
    if dataclasses.is_dataclass(value):
        return dataclasses.asdict(value), type(value)
    return value.model_dump(), value.model_fields_set, type(value)


async def fill(store: InMemoryStore, clock, session_id: str, user_id: str) -> dict:
    """A session with a bit of everything; returns what the store said about it."""
    await store.create_session(session_id, user_id, app="demo")
    await clock.advance(1)
    call = ToolCall(id=f"call-{session_id}", name="lookup", arguments='{"q": "x"}')
    state = state_with(
        active="tech",
        stack=("coordinator",),
        result={"ok": True, "slots": {"n": 1}},
        when=clock.now(),
        pair=("tuple", 1),
    )
    stored = await store.save_turn(
        session_id,
        [
            Message.user(f"olá de {session_id}", agent="coordinator"),
            Message.assistant("", tool_calls=[call], agent="coordinator"),
            Message.tool(call, "resultado", agent="coordinator"),
        ],
        state,
    )
    await clock.advance(1)
    stored += await store.append_messages(
        session_id,
        [Message(role="assistant", content="pronto", metadata={"k": [1, 2], "t": (1, "a")})],
    )
    await store.set_fact(session_id, "profile", {"name": session_id, "tags": ["x", "y"]})
    await store.add_summary(session_id, f"resumo {session_id}", upto_seq=2)
    await clock.advance(1)
    await store.add_summary(session_id, f"resumo 2 {session_id}", upto_seq=4)
    for message, rating in ((stored[3], "up"), (stored[0], "down")):
        await store.save_feedback(
            FeedbackRecord(
                message_id=message.id,
                session_id=session_id,
                user_id=user_id,
                rating=rating,
                created_at=clock.now(),
            )
        )
    return {
        "record": snapshot(await store.get_session(session_id)),
        "messages": [snapshot(m) for m in stored],
        "ids": [m.id for m in stored],
        "facts": await store.get_facts(session_id),
        "summaries": [snapshot(s) for s in await store.all_summaries(session_id)],
        "feedback": [snapshot(f) for f in await store.list_feedback(session_id)],
    }


async def test_hot_sessions_must_be_positive():
    with pytest.raises(ValueError):
        InMemoryStore(hot_sessions=0)
    assert InMemoryStore(hot_sessions=None)._max_hot is None


async def test_evicted_sessions_come_back_unchanged(clock):
    store = InMemoryStore(clock=clock, hot_sessions=2)
    before = {sid: await fill(store, clock, sid, "u1") for sid in ("s1", "s2", "s3", "s4")}
    assert idle(store) == {"s1", "s2"} and list(store._hot) == ["s3", "s4"]
    assert not any(m.session_id in ("s1", "s2") for m in store._by_id.values())

    for sid in ("s1", "s2", "s3", "s4", "s1"):  # each access re-inflates, evicting another
        assert snapshot(await store.get_session(sid)) == before[sid]["record"]
        assert [snapshot(m) for m in await store.load_messages(sid)] == before[sid]["messages"]
        assert [snapshot(m) for m in await store.load_messages(sid, limit=2)] == before[sid][
            "messages"
        ][-2:]
        assert await store.get_facts(sid) == before[sid]["facts"]
        assert await store.get_fact(sid, "profile") == before[sid]["facts"]["profile"]
        assert [snapshot(s) for s in await store.all_summaries(sid)] == before[sid]["summaries"]
        assert snapshot(await store.latest_summary(sid)) == before[sid]["summaries"][-1]
        assert [snapshot(f) for f in await store.list_feedback(sid)] == before[sid]["feedback"]
        assert len(store._hot) <= 2
    record = await store.get_session("s2")
    assert record.title == "olá de s2" and record.message_count == 4
    assert type(record.state.parts["probe"]) is Probe  # exact round trip, not JSON
    assert record.state.get(Probe).pair == ("tuple", 1)
    messages = await store.load_messages("s2")
    assert messages[3].metadata["t"] == (1, "a")
    assert messages[0].created_at.tzinfo is clock.now().tzinfo


async def test_get_message_finds_ids_of_idle_sessions_and_reinflates_them(clock):
    store = InMemoryStore(clock=clock, hot_sessions=2)
    before = {sid: await fill(store, clock, sid, "u1") for sid in ("s1", "s2", "s3", "s4")}
    assert "s1" in idle(store)

    for sid, info in before.items():
        for message_id, expected in zip(info["ids"], info["messages"], strict=True):
            found = await store.get_message(message_id)
            assert found is not None and snapshot(found) == expected
            assert list(store._hot)[-1] == sid  # and the session is hot again, most recent
    assert await store.get_message("0" * 32) is None
    assert await store.get_message("not-an-id") is None
    assert await store.get_message("") is None


async def test_message_ids_name_their_session_so_idle_lookups_inflate_only_that_one(clock):
    store = InMemoryStore(clock=clock, hot_sessions=1)
    first = await fill(store, clock, "s1", "u1")
    await fill(store, clock, "s2", "u1")
    await fill(store, clock, "s3", "u1")
    assert idle(store) == {"s1", "s2"}
    ids = first["ids"]
    assert all(len(i) == 32 and int(i, 16) >= 0 for i in ids)
    assert {i[:10] for i in ids} == {ids[0][:10]}  # one session, one prefix
    # a made-up id with s1's prefix: s1 is inflated to look, nothing else is touched
    assert await store.get_message(ids[0][:10] + "0" * 22) is None
    assert list(store._hot) == ["s1"] and idle(store) == {"s2", "s3"}
    # ids of a deleted session are gone for good, whether it was hot or idle
    assert await store.delete_session("s1") and await store.delete_session("s2")
    assert [await store.get_message(i) for i in ids] == [None] * len(ids)
    assert store._by_number.keys() == {2}


async def test_list_sessions_order_is_the_same_as_without_compaction(clock):
    from switchboard.core.clock import ManualClock

    results = []
    for hot in (2, None):
        clock = ManualClock()
        store = InMemoryStore(clock=clock, hot_sessions=hot)
        for i in range(8):
            await store.create_session(f"s{i}", "u1" if i % 3 else "u2")
            if i % 2:
                await clock.advance(1)  # some created_at ties, broken by id
        for i in (5, 0, 7, 2):
            await clock.advance(1)
            await store.append_messages(f"s{i}", [Message.user(f"hello {i}")])
        await store.save_state("s3", state_with(active="x"))  # same updated_at as s2
        await store.delete_session("s6")
        results.append(
            [
                [
                    (r.id, r.title, r.updated_at, r.created_at, r.state.get(Probe).active)
                    for r in await store.list_sessions(user)
                ]
                for user in ("u1", "u2", "u3")
            ]
        )
        if hot:
            assert idle(store)
            assert len(store._hot) == 2
            hot_before = list(store._hot)
            await store.list_sessions("u1")
            assert list(store._hot) == hot_before  # listing does not churn the LRU
    assert results[0] == results[1]


async def test_concurrent_appends_after_reinflation_stay_gap_free(clock):
    store = InMemoryStore(clock=clock, hot_sessions=2)
    for sid in ("s1", "s2", "s3"):
        await store.create_session(sid, "u1")
        await store.append_messages(sid, [Message.user(f"{sid} first")])
    assert "s1" in idle(store)

    async def turn(sid: str, i: int) -> None:
        await store.save_turn(
            sid,
            [Message.user(f"q{i}"), Message.assistant(f"a{i}")],
            state_with(active=f"agent{i}"),
        )
        await asyncio.sleep(0)

    await asyncio.gather(*(turn(sid, i) for i in range(30) for sid in ("s1", "s2", "s3")))

    for sid in ("s1", "s2", "s3"):
        loaded = await store.load_messages(sid)
        assert [m.seq for m in loaded] == list(range(1, 62))
        assert loaded[0].content == f"{sid} first"
        for question, answer in zip(loaded[1::2], loaded[2::2], strict=True):
            assert answer.content == "a" + question.content[1:]
        assert (await store.get_session(sid)).message_count == 61
        assert len({m.id for m in loaded}) == 61


async def test_returned_objects_are_copies_for_idle_sessions_too(clock):
    store = InMemoryStore(clock=clock, hot_sessions=1)
    await store.create_session("s1", "u1")
    await store.set_fact("s1", "f", {"a": [1]})
    await store.create_session("s2", "u1")
    assert "s1" in idle(store)

    record = await store.get_session("s1")
    record.state.put(Probe(stack=("x",)))
    record.title = "changed"
    facts = await store.get_facts("s1")
    facts["f"]["a"].append(2)
    await store.get_session("s2")  # s1 idles again

    again = await store.get_session("s1")
    assert again.title == "" and again.state.get(Probe).stack == ()
    assert await store.get_facts("s1") == {"f": {"a": [1]}}


async def test_delete_and_clear_on_idle_sessions(clock):
    store = InMemoryStore(clock=clock, hot_sessions=1)
    s1 = await fill(store, clock, "s1", "u1")
    await fill(store, clock, "s2", "u1")
    assert idle(store) == {"s1"}

    assert await store.clear_messages("s1") == 4
    assert await store.load_messages("s1") == [] and await store.all_summaries("s1") == []
    await store.get_session("s2")
    assert (await store.append_messages("s1", [Message.user("again")]))[0].seq == 5
    assert await store.get_facts("s1") == s1["facts"]  # clearing keeps facts and feedback
    assert len(await store.list_feedback("s1")) == 2

    await store.get_session("s2")
    assert "s1" in idle(store)
    assert await store.delete_session("s1") is True
    assert await store.delete_session("s1") is False
    assert await store.get_session("s1") is None
    assert [r.id for r in await store.list_sessions("u1")] == ["s2"]
    assert await store.get_message(s1["ids"][0]) is None
    with pytest.raises(SessionNotFoundError):
        await store.append_messages("s1", [Message.user("x")])
    assert await store.delete_fact("s1", "profile") is False
    assert not store._cold and list(store._hot) == ["s2"]


async def test_a_session_that_cannot_be_compacted_stays_hot(clock):
    store = InMemoryStore(clock=clock, hot_sessions=1)
    await store.create_session("s1", "u1")
    odd = Message(role="user", content="x", metadata={"callback": lambda: None})
    await store.append_messages("s1", [odd])
    await store.create_session("s2", "u1")
    await store.create_session("s3", "u1")

    assert "s1" not in idle(store)
    assert (await store.load_messages("s1"))[0].metadata["callback"]() is None
    assert {r.id for r in await store.list_sessions("u1")} == {"s1", "s2", "s3"}
