"""Issue 14, items 3 and 4: client session ids are namespaced per user in storage. The same id
used by two users is two independent sessions (both 200); another user's real id answers exactly
like a free one on every route (no existence probe); the derived OpenAI id cannot be squatted;
sessions stored before the change stay reachable by their owner."""

from __future__ import annotations

import httpx
import pytest

from switchboard.core.messages import Message
from switchboard.server.routes.openai_compat import keyed_session
from switchboard.server.session_ids import client_id, stored_id

from .conftest import Keys, make_server_app, ndjson_events, run_now

OAI = "/v1/chat/completions"


def completion(text: str) -> dict[str, object]:
    return {"model": "demo", "messages": [{"role": "user", "content": text}]}


async def contents(client: httpx.AsyncClient, headers: dict[str, str], session: str) -> list[str]:
    response = await client.get(f"/sessions/{session}/messages", headers=headers)
    assert response.status_code == 200, response.text
    return [m["content"] for m in response.json()["messages"]]


async def test_the_same_client_id_is_two_independent_sessions(client, keys):
    alice, bob = keys.auth(keys.alice), keys.auth(keys.bob)
    first = await client.post(
        "/chat", json={"chatInput": "sou a alice", "sessionId": "s"}, headers=alice
    )
    second = await client.post(
        "/chat", json={"chatInput": "sou o bob", "sessionId": "s"}, headers=bob
    )
    assert (first.status_code, second.status_code) == (200, 200)
    assert ndjson_events(first.text)[-1].session_id == "s"
    assert ndjson_events(second.text)[-1].session_id == "s"
    assert (await contents(client, alice, "s"))[0] == "sou a alice"
    assert (await contents(client, bob, "s"))[0] == "sou o bob"
    for headers in (alice, bob):
        listed = (await client.get("/sessions", headers=headers)).json()["sessions"]
        assert [s["id"] for s in listed] == ["s"]


async def probe(client: httpx.AsyncClient, headers: dict[str, str], session: str) -> list[object]:
    """What a user learns from every session route about `session`: the statuses (bodies
    differ only in random message ids)."""
    seen: list[object] = []
    for method, path, body, extra in [
        ("GET", f"/sessions/{session}/messages", None, {}),
        ("POST", f"/sessions/{session}/end", None, {}),
        ("DELETE", f"/sessions/{session}/messages", None, {}),
        ("POST", f"/sessions/{session}/agent", {"agent": "especialista_financeiro"}, {}),
        ("POST", "/chat", {"chatInput": "oi", "sessionId": session}, {}),
        ("POST", OAI, completion("oi"), {"X-Session-Id": session + "-h"}),
        ("POST", OAI, {**completion("oi"), "user": session + "-u"}, {}),
    ]:
        response = await client.request(method, path, json=body, headers={**headers, **extra})
        seen.append((method, path.replace(session, "<id>"), response.status_code))
    return seen


async def test_another_users_real_id_answers_like_a_free_one_on_every_route():
    app, keys = make_server_app()
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        alice, bob = keys.auth(keys.alice), keys.auth(keys.bob)
        for session in ("taken", "taken-h", "taken-u"):
            await client.post(
                "/chat",
                json={"chatInput": "qual o meu perfil?", "sessionId": session},
                headers=alice,
            )
        await client.post(OAI, json=completion("oi"), headers={**alice, "X-Session-Id": "x-h"})
        before = await contents(client, alice, "taken")

        on_taken = await probe(client, bob, "taken")
        on_free = await probe(client, bob, "free")

        assert on_taken == on_free
        assert [status for _, _, status in on_taken] == [404, 404, 404, 200, 200, 200, 200]
        assert await contents(client, alice, "taken") == before
        listed = (await client.get("/sessions", headers=alice)).json()["sessions"]
        assert all(s["active_agent"] == "assistente" for s in listed)


async def test_a_derived_openai_id_computed_by_someone_else_cannot_take_the_session(client, keys):
    alice, bob = keys.auth(keys.alice), keys.auth(keys.bob)
    derived = keyed_session("alice", "demo", "k-1")
    squat = await client.post(
        OAI, json=completion("ocupado"), headers={**bob, "X-Session-Id": derived}
    )
    assert squat.status_code == 200

    keyed = {**alice, "Idempotency-Key": "k-1"}
    mine = await client.post(OAI, json=completion("meu primeiro recado"), headers=keyed)

    assert mine.status_code == 200, mine.text
    assert mine.headers["x-session-id"] == derived == mine.json()["session_id"]
    assert await contents(client, alice, derived) == [
        "meu primeiro recado",
        "Olá! Você disse: meu primeiro recado",
    ]
    assert (await contents(client, bob, derived))[0] == "ocupado"


async def test_stored_ids_are_namespaced_and_shown_back_as_the_client_sent_them(
    client, keys, server_app
):
    store = server_app[0].state.runtime.apps["demo"].store
    await client.post(
        "/chat", json={"chatInput": "oi", "sessionId": "a:b"}, headers=keys.auth(keys.bob)
    )
    [record] = run_now(store.list_sessions("bob"))
    assert record.id == stored_id("bob", "a:b") != stored_id("alice", "a:b")
    assert record.id.startswith("~") and client_id("bob", record.id) == "a:b"


def legacy_session(keys: Keys, **settings: object):
    """A server whose store holds a session created before namespacing (raw id `old`)."""
    app, keys = make_server_app(keys=keys, **settings)
    store = app.state.runtime.apps["demo"].store
    run_now(store.create_session("old", "alice", "demo"))
    run_now(store.append_messages("old", [Message.user("antes"), Message.assistant("resposta")]))
    return app, store


@pytest.mark.parametrize("legacy", [True, False])
async def test_sessions_stored_before_namespacing(keys, legacy):
    app, store = legacy_session(keys, legacy_session_ids=legacy)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        alice, bob = keys.auth(keys.alice), keys.auth(keys.bob)
        old = await client.get("/sessions/old/messages", headers=alice)
        bobs = await client.get("/sessions/old/messages", headers=bob)
        chat = await client.post(
            "/chat", json={"chatInput": "depois", "sessionId": "old"}, headers=alice
        )
        assert chat.status_code == 200 and ndjson_events(chat.text)[-1].session_id == "old"
        assert bobs.status_code == 404
        if legacy:  # the owner keeps using it, under its raw id
            assert [m["content"] for m in old.json()["messages"]] == ["antes", "resposta"]
            assert [m.content for m in run_now(store.load_messages("old"))][-2] == "depois"
            listed = (await client.get("/sessions", headers=alice)).json()["sessions"]
            assert [s["id"] for s in listed] == ["old"]
        else:  # off: only namespaced ids are looked up
            assert old.status_code == 404
            assert len(run_now(store.load_messages("old"))) == 2


async def _say(client, auth, messages: list[dict]) -> tuple[str, list[dict]]:
    """Post the conversation so far; its session id and the conversation with the answer."""
    response = await client.post(OAI, json={"model": "demo", "messages": messages}, headers=auth)
    assert response.status_code == 200, response.text
    answer = response.json()["choices"][0]["message"]["content"]
    return response.headers["x-session-id"], [*messages, {"role": "assistant", "content": answer}]


async def test_two_chats_that_begin_alike_are_two_sessions(client, keys):
    """Issue 22: without `user` or `X-Session-Id`, two new conversations that both start with
    "Oi" mapped to one session and the second continued the first."""
    alice = keys.auth(keys.alice)
    first_id, first = await _say(client, alice, [{"role": "user", "content": "Oi"}])
    again_id, first = await _say(client, alice, [*first, {"role": "user", "content": "A"}])
    assert again_id == first_id
    second_id, second = await _say(client, alice, [{"role": "user", "content": "Oi"}])
    assert second_id != first_id
    assert await contents(client, alice, second_id) == ["Oi", "Olá! Você disse: Oi"]
    later_id, second = await _say(client, alice, [*second, {"role": "user", "content": "B"}])
    assert later_id == second_id
    last_id, first = await _say(client, alice, [*first, {"role": "user", "content": "C"}])
    assert last_id == first_id
    assert [t for t in await contents(client, alice, first_id) if not t.startswith("Olá")] == [
        "Oi",
        "A",
        "C",
    ]


async def test_a_history_the_server_never_answered_starts_a_new_session(client, keys):
    alice = keys.auth(keys.alice)
    made_up = [
        {"role": "user", "content": "Oi"},
        {"role": "assistant", "content": "uma resposta que ninguém deu"},
        {"role": "user", "content": "e agora?"},
    ]
    session_id, _ = await _say(client, alice, made_up)
    assert await contents(client, alice, session_id) == ["e agora?", "Olá! Você disse: e agora?"]


async def test_someone_elses_history_is_not_a_way_into_their_session(client, keys):
    alice, bob = keys.auth(keys.alice), keys.auth(keys.bob)
    alice_id, history = await _say(client, alice, [{"role": "user", "content": "segredo"}])
    bob_id, _ = await _say(client, bob, [*history, {"role": "user", "content": "e aí?"}])
    assert await contents(client, alice, alice_id) == ["segredo", "Olá! Você disse: segredo"]
    assert await contents(client, bob, bob_id) == ["e aí?", "Olá! Você disse: e aí?"]


async def test_an_id_that_is_no_old_session_is_looked_up_as_legacy_only_once(keys):
    """Issue 22.4: the legacy lookup was one store read on every request. No raw id is ever
    created again, so a miss is remembered; the owner's old session is still found each time."""
    app, store = legacy_session(keys)
    reads: list[str] = []
    get_session = store.get_session

    async def counting(session_id: str):
        reads.append(session_id)
        return await get_session(session_id)

    store.get_session = counting
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        alice = keys.auth(keys.alice)
        for text in ("um", "dois", "três"):
            chat = await client.post(
                "/chat", json={"chatInput": text, "sessionId": "novo"}, headers=alice
            )
            assert chat.status_code == 200
        assert reads.count("novo") == 1
        for text in ("um", "dois"):
            chat = await client.post(
                "/chat", json={"chatInput": text, "sessionId": "old"}, headers=alice
            )
            assert ndjson_events(chat.text)[-1].session_id == "old"
        assert reads.count("old") == 2
        assert [m.content for m in await store.load_messages("old")][-2] == "dois"
