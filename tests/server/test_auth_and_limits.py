"""Identity and limits: 401 without a key, other users' sessions are 404, rate limit 429 with
Retry-After, 413 for large bodies and messages, 422 for schema errors, keys stored hashed."""

from __future__ import annotations

import httpx
import pytest

from switchboard.core.clock import ManualClock
from switchboard.server.auth import hash_key
from switchboard.server.auth.sql import SqlApiKeyStore

from .conftest import make_server_app, ndjson_events


async def chat(client, keys, key, session, text="qual o meu perfil?"):
    return await client.post(
        "/chat", json={"chatInput": text, "sessionId": session}, headers=keys.auth(key)
    )


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/chat"),
        ("GET", "/sessions"),
        ("GET", "/sessions/s/messages"),
        ("POST", "/sessions/s/end"),
        ("DELETE", "/sessions/s/messages"),
        ("POST", "/sessions/s/agent"),
        ("POST", "/messages/m/feedback"),
        ("GET", "/apps"),
        ("GET", "/v1/models"),
        ("POST", "/v1/chat/completions"),
    ],
)
async def test_every_api_route_needs_a_key(client, method, path):
    response = await client.request(method, path, json={})
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthorized"


async def test_a_wrong_key_is_401(client):
    response = await client.get("/sessions", headers={"Authorization": "Bearer sb-nope"})
    assert response.status_code == 401


async def test_health_and_metrics_are_public(client):
    assert (await client.get("/health")).json() == {
        "status": "ok",
        "version": "0.1.0",
        "apps": ["demo"],
    }
    assert (await client.get("/metrics")).status_code == 200


async def test_user_id_comes_from_the_key_not_the_body(client, keys):
    response = await client.post(
        "/chat",
        json={"chatInput": "oi", "sessionId": "mine", "userId": "bob"},
        headers=keys.auth(keys.alice),
    )
    assert response.status_code == 200
    bob_sessions = (await client.get("/sessions", headers=keys.auth(keys.bob))).json()
    alice_sessions = (await client.get("/sessions", headers=keys.auth(keys.alice))).json()
    assert bob_sessions["sessions"] == []
    assert [s["id"] for s in alice_sessions["sessions"]] == ["mine"]


async def test_another_users_session_is_invisible_and_unchanged(client, keys):
    """Session ids are per user (issue 14): bob reading alice's id finds nothing (404, as for
    a free id); bob writing to it gets a session of his own; alice's is untouched."""
    done = ndjson_events((await chat(client, keys, keys.alice, "private")).text)[-1]
    bob = keys.auth(keys.bob)
    reads = [
        client.get("/sessions/private/messages", headers=bob),
        client.post("/sessions/private/end", headers=bob),
        client.delete("/sessions/private/messages", headers=bob),
        client.post(f"/messages/{done.message_id}/feedback", json={"rating": "down"}, headers=bob),
    ]
    for attempt in reads:
        response = await attempt
        assert response.status_code == 404, response.text
        assert "alice" not in response.text and "Fibra" not in response.text
    writes = [
        client.post("/chat", json={"chatInput": "oi", "sessionId": "private"}, headers=bob),
        client.post("/sessions/private/agent", json={"agent": "especialista_tecnico"}, headers=bob),
        client.post(
            "/v1/chat/completions",
            headers={**bob, "X-Session-Id": "private"},
            json={"model": "demo", "messages": [{"role": "user", "content": "oi"}]},
        ),
    ]
    for attempt in writes:
        response = await attempt
        assert response.status_code == 200, response.text
        assert "Fibra" not in response.text
    history = await client.get("/sessions/private/messages", headers=keys.auth(keys.alice))
    assert [m["content"] for m in history.json()["messages"]] == ["qual o meu perfil?", done.text]
    assert all(m["feedback"] is None for m in history.json()["messages"])
    assert history.json()["active_agent"] == "assistente"


async def test_rate_limit_is_429_with_retry_after_then_recovers():
    clock = ManualClock()
    app, keys = make_server_app(clock=clock, rate_limit_burst=3, rate_limit_per_second=0.5)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        alice = keys.auth(keys.alice)
        statuses = [(await client.get("/sessions", headers=alice)).status_code for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        limited = await client.get("/sessions", headers=alice)
        assert limited.status_code == 429
        assert limited.headers["retry-after"] == "2"
        assert limited.json()["error"]["code"] == "rate_limited"
        # the bucket is per user
        assert (await client.get("/sessions", headers=keys.auth(keys.bob))).status_code == 200
        await clock.advance(2)
        assert (await client.get("/sessions", headers=alice)).status_code == 200
        assert (await client.get("/sessions", headers=alice)).status_code == 429


async def test_body_over_the_limit_is_413_by_content_length():
    app, keys = make_server_app(max_body_bytes=1000)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        response = await client.post(
            "/chat",
            headers=keys.auth(keys.alice),
            json={"chatInput": "x" * 2000, "sessionId": "big"},
        )
        assert response.status_code == 413
        assert response.json()["error"]["code"] == "request_too_large"


async def test_body_over_the_limit_is_413_without_content_length():
    app, keys = make_server_app(max_body_bytes=1000)

    async def chunks():
        yield b'{"chatInput": "'
        for _ in range(20):
            yield b"y" * 100
        yield b'", "sessionId": "big"}'

    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        response = await client.post(
            "/chat",
            content=chunks(),
            headers={**keys.auth(keys.alice), "Content-Type": "application/json"},
        )
        assert "content-length" not in response.request.headers
        assert response.status_code == 413
        sessions = await client.get("/sessions", headers=keys.auth(keys.alice))
        assert sessions.json()["sessions"] == []


async def test_message_over_max_chars_is_413_and_nothing_is_stored():
    app, keys = make_server_app(max_message_chars=100)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        response = await chat(client, keys, keys.alice, "long", "z" * 101)
        assert response.status_code == 413
        assert response.json()["error"]["code"] == "message_too_large"
        assert (
            await client.get("/sessions/long/messages", headers=keys.auth(keys.alice))
        ).status_code == 404


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"chatInput": "   ", "sessionId": "s"}, "empty_message"),
        ({"chatInput": "oi"}, "validation_error"),
        ({"chatInput": 3, "sessionId": "s"}, "validation_error"),
        ({"chatInput": "oi", "sessionId": ""}, "validation_error"),
    ],
)
async def test_bad_chat_bodies_are_422(client, keys, body, code):
    response = await client.post("/chat", json=body, headers=keys.auth(keys.alice))
    assert response.status_code == 422
    assert response.json()["error"]["code"] == code


async def test_invalid_json_is_422(client, keys):
    response = await client.post(
        "/chat",
        content=b"{not json",
        headers={**keys.auth(keys.alice), "Content-Type": "application/json"},
    )
    assert response.status_code == 422


async def test_keys_are_stored_hashed_in_memory(keys):
    stored = keys.store._keys
    assert keys.alice not in repr(stored)
    assert hash_key(keys.alice) in stored
    assert await keys.store.authenticate(keys.alice) == "alice"
    assert await keys.store.authenticate(keys.alice + "x") is None


async def test_sql_key_store_keeps_only_hashes_and_authenticates(tmp_path):
    import sqlite3

    db = tmp_path / "keys.db"
    store = SqlApiKeyStore(f"sqlite:///{db}")
    await store.init()
    await store.create_user("carol")
    key, record = await store.create_key("carol", label="laptop")
    dev_key, _ = await store.create_key("carol", label="dev")
    assert key.startswith("sb-") and dev_key.startswith("sb-dev-")
    assert await store.authenticate(key) == "carol"
    assert await store.authenticate("sb-" + "A" * 43) is None
    assert await store.delete_keys("carol", label="dev") == 1
    assert await store.authenticate(dev_key) is None
    await store.close()
    rows = sqlite3.connect(db).execute("select key_hash, prefix from api_keys").fetchall()
    assert rows == [(hash_key(key), record.prefix)]
    assert key not in db.read_bytes().decode("latin-1")
