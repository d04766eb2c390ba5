"""`Idempotency-Key` for every app and every route that runs a turn (issue 22): a retried
request with the same key and text gets the stored answer, with its `message_id`, and nothing is
run or stored twice; another key, or another text, is a new message."""

from __future__ import annotations

from .conftest import ndjson_events
from .demo import make_demo_manager


async def _messages(client, keys, session: str) -> list[dict]:
    response = await client.get(f"/sessions/{session}/messages", headers=keys.auth(keys.alice))
    assert response.status_code == 200
    return response.json()["messages"]


async def test_a_retried_chat_turn_is_answered_from_the_stored_answer(client, keys):
    auth = keys.auth(keys.alice)
    body = {"chatInput": "qual o meu perfil?", "sessionId": "retry-1"}
    first = ndjson_events(
        (await client.post("/chat", json=body, headers={**auth, "Idempotency-Key": "k1"})).text
    )
    again = ndjson_events(
        (await client.post("/chat", json=body, headers={**auth, "Idempotency-Key": "k1"})).text
    )
    done, replay = first[-1], again[-1]
    assert done.type == replay.type == "done"
    assert replay.text == done.text and replay.message_id == done.message_id is not None
    assert [e.type for e in again] == ["text", "usage", "done"], "nothing ran again"
    assert next(e for e in again if e.type == "usage").calls == 0
    stored = await _messages(client, keys, "retry-1")
    assert [m["role"] for m in stored].count("user") == 1


async def test_another_key_or_another_text_is_a_new_message(client, keys):
    auth = keys.auth(keys.alice)
    body = {"chatInput": "qual o meu perfil?", "sessionId": "retry-2"}
    for key in ("a", "b"):
        await client.post("/chat", json=body, headers={**auth, "Idempotency-Key": key})
    other = {"chatInput": "obrigado", "sessionId": "retry-2"}
    await client.post("/chat", json=other, headers={**auth, "Idempotency-Key": "a"})
    users = [m for m in await _messages(client, keys, "retry-2") if m["role"] == "user"]
    assert [m["content"] for m in users] == ["qual o meu perfil?"] * 2 + ["obrigado"]


async def test_a_key_is_scoped_to_its_user(client, keys):
    body = {"chatInput": "qual o meu perfil?", "sessionId": "retry-3"}
    for key in (keys.alice, keys.bob):
        headers = {**keys.auth(key), "Idempotency-Key": "shared"}
        events = ndjson_events((await client.post("/chat", json=body, headers=headers)).text)
        assert any(e.type == "tool_start" for e in events), "each user's turn runs"


async def test_the_openai_compatible_route_honours_the_key(client, keys):
    headers = {**keys.auth(keys.alice), "Idempotency-Key": "oa-1", "X-Session-Id": "retry-oa"}
    request = {"model": "demo", "messages": [{"role": "user", "content": "qual o meu perfil?"}]}
    first = await client.post("/v1/chat/completions", json=request, headers=headers)
    again = await client.post("/v1/chat/completions", json=request, headers=headers)
    assert first.status_code == again.status_code == 200
    text = first.json()["choices"][0]["message"]["content"]
    assert again.json()["choices"][0]["message"]["content"] == text
    assert again.json()["usage"]["total_tokens"] == 0
    stored = await _messages(client, keys, "retry-oa")
    assert [m["role"] for m in stored].count("user") == 1


async def test_whole_answers_replay_too():
    """`ChatApp.reply` (the CLI, MCP, tests) takes the same path as streams."""
    manager = make_demo_manager()
    first = await manager.reply("r", "qual o meu perfil?", user_id="u", idempotency_key="k")
    again = await manager.reply("r", "qual o meu perfil?", user_id="u", idempotency_key="k")
    assert again.text == first.text and again.message_id == first.message_id is not None
    assert again.usage.calls == 0
