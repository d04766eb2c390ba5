"""Issue 14, items 1 and 2: one text rule at the boundary. NUL, lone surrogates and the
non-characters U+FFFE/U+FFFF are rejected with a 422 `invalid_text` on every route and every
text field, on SQLite and PostgreSQL, before any session exists: no 500, no half-written turn,
no empty session row, and a stream never ends cut off."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import httpx
import pytest

from switchboard.core.errors import InvalidTextError
from switchboard.server import ServerSettings, create_app
from switchboard.sessions import check_user_message
from switchboard.store.base import Store
from tests.store.conftest import pg_url  # noqa: F401  (the PostgreSQL database fixture)

from .conftest import Keys, make_keys, ndjson_events
from .demo import make_demo_manager

BAD_TEXTS = {
    "nul": "oi\u0000tudo",
    "surrogate": "\ud800 minha internet caiu",
    "low_surrogate": "fim\udfff",
    "nonchar": "x\uffff",
}


def dumps(body: object) -> bytes:
    """JSON as a hostile client sends it: lone surrogates as `\\udXXX` escapes."""
    return json.dumps(body).encode()


@pytest.fixture(params=["sqlite", "postgres"])
async def sql_client(request, tmp_path) -> AsyncIterator[tuple[httpx.AsyncClient, Keys, Store]]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'sb.db'}"
    else:
        url = request.getfixturevalue("pg_url")
    demo = make_demo_manager(store=url)
    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://"),  # type: ignore[call-arg]
        apps={"demo": demo},
        key_store=keys.store,
    )
    await demo.start()
    if request.param == "postgres":
        from tests.store.conftest import truncate_postgres

        await truncate_postgres(url)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        yield client, keys, demo.store
    await demo.shutdown()


async def post(client: httpx.AsyncClient, keys: Keys, path: str, body: object, **headers: str):
    return await client.post(
        path,
        content=dumps(body),
        headers={**keys.auth(keys.alice), "Content-Type": "application/json", **headers},
    )


def assert_invalid_text(response: httpx.Response) -> None:
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "invalid_text", response.text


async def assert_nothing_stored(store: Store) -> None:
    assert await store.list_sessions("alice") == []


@pytest.mark.parametrize("bad", BAD_TEXTS.values(), ids=BAD_TEXTS.keys())
async def test_chat_rejects_bad_text_in_the_message_and_the_session_id(sql_client, bad):
    client, keys, store = sql_client
    assert_invalid_text(await post(client, keys, "/chat", {"chatInput": bad, "sessionId": "x"}))
    assert_invalid_text(await post(client, keys, "/chat", {"chatInput": "oi", "sessionId": bad}))
    assert_invalid_text(
        await post(client, keys, "/chat", {"chatInput": "oi", "sessionId": "x", "app": bad})
    )
    await assert_nothing_stored(store)


@pytest.mark.parametrize("bad", BAD_TEXTS.values(), ids=BAD_TEXTS.keys())
async def test_openai_route_rejects_bad_text_in_content_user_and_model(sql_client, bad):
    client, keys, store = sql_client
    path = "/v1/chat/completions"
    for body in (
        {"model": "demo", "messages": [{"role": "user", "content": bad}]},
        {
            "model": "demo",
            "messages": [{"role": "user", "content": [{"type": "text", "text": bad}]}],
        },
        {"model": "demo", "messages": [{"role": "user", "content": "oi", "name": bad}]},
        {"model": "demo", "messages": [{"role": "user", "content": "oi"}], "user": bad},
        {"model": bad, "messages": [{"role": "user", "content": "oi"}]},
    ):
        assert_invalid_text(await post(client, keys, path, body))
        assert_invalid_text(await post(client, keys, path, {**body, "stream": True}))
    await assert_nothing_stored(store)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/sessions/pg%00x/messages", None),
        ("DELETE", "/sessions/pg%00x/messages", None),
        ("POST", "/sessions/pg%00x/end", None),
        ("POST", "/sessions/x%00y/agent", {"agent": "especialista_financeiro"}),
        ("POST", "/messages/a%00b/feedback", {"rating": "up"}),
    ],
)
async def test_nul_in_a_path_id_is_invalid_text_on_every_route(sql_client, method, path, body):
    client, keys, store = sql_client
    response = await client.request(
        method, path, content=dumps(body) if body else None, headers=keys.auth(keys.alice)
    )
    assert_invalid_text(response)
    await assert_nothing_stored(store)


@pytest.mark.parametrize("bad", BAD_TEXTS.values(), ids=BAD_TEXTS.keys())
async def test_agent_names_and_feedback_comments_obey_the_rule(sql_client, bad):
    client, keys, store = sql_client
    assert_invalid_text(await post(client, keys, "/sessions/s/agent", {"agent": bad}))
    assert_invalid_text(
        await post(
            client, keys, "/sessions/s/agent", {"agent": "especialista_financeiro", "app": bad}
        )
    )
    await assert_nothing_stored(store)
    chat = await post(client, keys, "/chat", {"chatInput": "qual o meu perfil?", "sessionId": "s"})
    answer_id = ndjson_events(chat.text)[-1].message_id
    assert_invalid_text(
        await post(
            client, keys, f"/messages/{answer_id}/feedback", {"rating": "up", "comment": bad}
        )
    )
    assert await store.list_feedback((await store.list_sessions("alice"))[0].id) == []


async def test_a_valid_turn_after_rejected_ones_is_whole(sql_client):
    client, keys, store = sql_client
    await post(client, keys, "/chat", {"chatInput": BAD_TEXTS["nul"], "sessionId": "x"})
    ok = await post(client, keys, "/chat", {"chatInput": "oi tudo", "sessionId": "x"})
    assert ok.status_code == 200 and ndjson_events(ok.text)[-1].type == "done"
    [session] = await store.list_sessions("alice")
    assert next(m.content for m in await store.load_messages(session.id)) == "oi tudo"


async def test_x_session_id_header_obeys_the_rule(sql_client):
    client, keys, store = sql_client
    # HTTP servers refuse NUL in headers; an ASGI transport (or a lax proxy) may pass it on
    response = await client.post(
        "/v1/chat/completions",
        json={"model": "demo", "messages": [{"role": "user", "content": "oi"}]},
        headers={**keys.auth(keys.alice), "X-Session-Id": b"a\x00b"},  # type: ignore[dict-item]
    )
    assert_invalid_text(response)
    await assert_nothing_stored(store)


@pytest.mark.parametrize("bad", BAD_TEXTS.values(), ids=BAD_TEXTS.keys())
def test_the_rule_also_guards_every_other_entry_point(bad):
    with pytest.raises(InvalidTextError) as raised:
        check_user_message(bad, 1000)
    assert raised.value.code == "invalid_text" and raised.value.http_status == 422
