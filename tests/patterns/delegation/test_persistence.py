"""Routing state lives in the store: restarts and several processes carry on a session."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from switchboard.config import Settings
from switchboard.models.scripted import call
from switchboard.patterns.delegation import END_TOOL, REQUEST_TOOL
from tests.store.conftest import pg_url  # noqa: F401  (the PostgreSQL database fixture)

from .conftest import COORD, TECH, make_manager


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request, tmp_path):
    """SQLite in a temporary folder, or this test session's own PostgreSQL database (never the
    shared `test` database, which concurrent runs on other schema revisions also migrate)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/switchboard.db"
    return request.getfixturevalue("pg_url")


async def test_restart_continues_the_sub_conversation(store_url):
    session = f"restart-{uuid.uuid4().hex}"
    first, _ = make_manager(
        {
            COORD: [call(REQUEST_TOOL, specialist_role=TECH, initial_context="modem")],
            TECH: ["Reinicie o modem."],
        },
        store=store_url,
    )
    await first.process_message(session, "sem internet", user_id="u1")
    await first.shutdown()

    second, model = make_manager(
        {
            TECH: [
                call(
                    END_TOOL,
                    status="completed",
                    final_result={"ok": True},
                    last_user_message="voltou",
                    text="Ótimo!",
                )
            ],
            COORD: ["Que bom! Algo mais?"],
        },
        store=store_url,
    )
    reply = await second.process_message(session, "voltou", user_id="u1")
    assert (reply.agent, reply.text) == (TECH, "Ótimo!")
    assert "modem" in model.requests[0].messages[0].content  # initial_context survived
    assert [m.content for m in model.requests[0].messages if m.role == "user"] == [
        "sem internet",
        "voltou",
    ]
    await second.shutdown()

    third, model3 = make_manager({COORD: ["Que bom! Algo mais?"]}, store=store_url)
    reply = await third.process_message(session, "obrigado", user_id="u1")
    assert reply.agent == COORD
    assert "last_user_message: voltou" in model3.requests[0].messages[-1].content
    await third.shutdown()


@pytest.mark.redis
@pytest.mark.postgres
async def test_two_processes_serialize_one_session_through_redis(pg_url):  # noqa: F811
    """Two managers (as two API processes) share Postgres and Redis: one session's messages
    never interleave and seqs stay gap-free."""
    session = f"multi-{uuid.uuid4().hex}"
    settings = Settings(redis_url="redis://127.0.0.1:6379/0")
    active = 0
    overlaps = 0

    async def policy(request):
        nonlocal active, overlaps
        active += 1
        overlaps += active > 1
        await asyncio.sleep(0.002)
        active -= 1
        return "ok " + request.last_user_text()

    a, _ = make_manager(policy, store=pg_url, settings=settings)
    b, _ = make_manager(policy, store=pg_url, settings=settings)
    await a.get_or_create_session(session, user_id="u1")
    replies = await asyncio.gather(
        *((a if i % 2 else b).process_message(session, f"m{i}", user_id="u1") for i in range(20))
    )
    assert sorted(r.text for r in replies) == sorted(f"ok m{i}" for i in range(20))
    assert overlaps == 0
    stored = await a.store.load_messages(session)
    assert [m.seq for m in stored] == list(range(1, 41))
    for user_msg, answer in zip(stored[::2], stored[1::2], strict=True):
        assert answer.content == "ok " + user_msg.content
    await a.shutdown()
    await b.shutdown()
