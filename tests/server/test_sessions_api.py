"""Sessions, history, end, clear, agent switch, feedback, apps, metrics."""

from __future__ import annotations

from switchboard.server.session_ids import stored_id

from .conftest import ndjson_events, run_now
from .demo import COORD, FIN, PROFILE_ANSWER, TECH, TECH_ANSWER


async def say(client, keys, session, text, key=None):
    response = await client.post(
        "/chat",
        json={"chatInput": text, "sessionId": session},
        headers=keys.auth(key or keys.alice),
    )
    assert response.status_code == 200, response.text
    return ndjson_events(response.text)


async def test_list_my_sessions_most_recent_first(client, keys):
    await say(client, keys, "a", "qual o meu perfil?")
    await say(client, keys, "b", "minha internet caiu")
    await say(client, keys, "other", "oi", key=keys.bob)
    sessions = (await client.get("/sessions", headers=keys.auth(keys.alice))).json()["sessions"]
    assert [(s["id"], s["title"], s["active_agent"]) for s in sessions] == [
        ("b", "minha internet caiu", TECH),
        ("a", "qual o meu perfil?", COORD),
    ]
    assert sessions[0]["app"] == "demo" and sessions[0]["ended"] is False


async def test_history_hides_tool_calls_tool_results_and_system_notes(client, keys, server_app):
    await say(client, keys, "h", "qual o meu perfil?")
    await say(client, keys, "h", "minha internet caiu")
    manager = server_app[0].state.runtime.apps["demo"]
    stored = run_now(manager.store.load_messages(stored_id("alice", "h")))
    assert {m.role for m in stored} == {"user", "assistant", "tool"}  # internals exist...
    history = (await client.get("/sessions/h/messages", headers=keys.auth(keys.alice))).json()
    assert [(m["role"], m["agent"], m["content"]) for m in history["messages"]] == [
        ("user", COORD, "qual o meu perfil?"),
        ("assistant", COORD, PROFILE_ANSWER),
        ("user", COORD, "minha internet caiu"),
        ("assistant", TECH, TECH_ANSWER),
    ]  # ...but only the conversation is shown
    assert history["active_agent"] == TECH


async def test_history_hides_note_messages(client, keys, server_app):
    from switchboard.core.messages import Message

    manager = server_app[0].state.runtime.apps["demo"]
    await say(client, keys, "n", "oi")
    run_now(
        manager.store.append_messages(
            stored_id("alice", "n"),
            [
                Message(role="user", content="oi", metadata={"kind": "note", "system_note": "x"}),
                Message.assistant("", agent=COORD),
            ],
        )
    )
    history = (await client.get("/sessions/n/messages", headers=keys.auth(keys.alice))).json()
    assert [m["content"] for m in history["messages"]] == ["oi", "Olá! Você disse: oi"]


async def test_unknown_session_is_404(client, keys):
    response = await client.get("/sessions/nope/messages", headers=keys.auth(keys.alice))
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "session_not_found"


async def test_end_session_returns_routing_to_the_coordinator(client, keys):
    await say(client, keys, "e", "minha internet caiu")
    alice = keys.auth(keys.alice)
    assert (await client.post("/sessions/e/end", headers=alice)).json() == {
        "session_id": "e",
        "ended": True,
    }
    assert (await client.post("/sessions/e/end", headers=alice)).json()["ended"] is False
    events = await say(client, keys, "e", "voltei")
    assert events[-1].agent == COORD
    history = (await client.get("/sessions/e/messages", headers=alice)).json()
    assert len(history["messages"]) == 4  # history stays


async def test_clear_history(client, keys):
    await say(client, keys, "c", "qual o meu perfil?")
    alice = keys.auth(keys.alice)
    cleared = (await client.delete("/sessions/c/messages", headers=alice)).json()
    assert cleared == {"session_id": "c", "removed": 4}
    assert (await client.get("/sessions/c/messages", headers=alice)).json()["messages"] == []


async def test_switch_agent_mid_session_then_the_new_agent_answers(client, keys):
    await say(client, keys, "sw", "oi")
    alice = keys.auth(keys.alice)
    switched = await client.post("/sessions/sw/agent", json={"agent": FIN}, headers=alice)
    assert switched.status_code == 200, switched.text
    assert switched.json() == {"session_id": "sw", "app": "demo", "agent": FIN, "previous": COORD}
    events = await say(client, keys, "sw", "minha fatura")
    assert events[-1].agent == FIN
    assert events[-1].text.startswith("Aqui é o financeiro")
    sessions = (await client.get("/sessions", headers=alice)).json()["sessions"]
    assert sessions[0]["active_agent"] == FIN


async def test_switch_to_unknown_agent_is_404(client, keys):
    response = await client.post(
        "/sessions/sw/agent", json={"agent": "ninguem"}, headers=keys.auth(keys.alice)
    )
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "unknown_agent"


async def test_feedback_is_saved_and_shown_in_history(client, keys, server_app):
    done = (await say(client, keys, "f", "qual o meu perfil?"))[-1]
    alice = keys.auth(keys.alice)
    response = await client.post(
        f"/messages/{done.message_id}/feedback",
        json={"rating": "down", "comment": "não ajudou"},
        headers=alice,
    )
    assert response.json() == {
        "message_id": done.message_id,
        "session_id": "f",
        "rating": "down",
        "comment": "não ajudou",
    }
    await client.post(f"/messages/{done.message_id}/feedback", json={"rating": "up"}, headers=alice)
    metrics = (await client.get("/metrics")).text
    assert 'switchboard_feedback_total{app="demo",rating="down"} 1.0' in metrics
    assert 'switchboard_feedback_total{app="demo",rating="up"} 1.0' in metrics
    manager = server_app[0].state.runtime.apps["demo"]
    stored = run_now(manager.store.list_feedback(stored_id("alice", "f")))
    assert [(f.message_id, f.user_id, f.rating) for f in stored] == [
        (done.message_id, "alice", "up")
    ]
    history = (await client.get("/sessions/f/messages", headers=alice)).json()
    assert history["messages"][-1]["feedback"] == "up"


async def test_feedback_on_a_user_message_or_unknown_id_is_404(client, keys):
    await say(client, keys, "g", "oi")
    alice = keys.auth(keys.alice)
    user_message = (await client.get("/sessions/g/messages", headers=alice)).json()["messages"][0]
    for message_id in (user_message["id"], "missing"):
        response = await client.post(
            f"/messages/{message_id}/feedback", json={"rating": "up"}, headers=alice
        )
        assert response.status_code == 404


async def test_apps_lists_agents_for_the_picker(client, keys):
    body = (await client.get("/apps", headers=keys.auth(keys.alice))).json()
    assert body == {
        "apps": [
            {
                "name": "demo",
                "title": "demo",
                "default": True,
                "agents": [
                    {
                        "name": COORD,
                        "role": "Assistente Virtual",
                        "description": "Atendimento geral",
                        "entry": True,
                        "selectable": True,
                    },
                    {
                        "name": TECH,
                        "role": "Especialista Técnico",
                        "description": "Problemas técnicos",
                        "entry": False,
                        "selectable": True,
                    },
                    {
                        "name": FIN,
                        "role": "Especialista Financeiro",
                        "description": "Faturas e planos",
                        "entry": False,
                        "selectable": True,
                    },
                ],
            }
        ]
    }


async def test_metrics_count_requests_model_calls_tokens_and_errors(client, keys):
    await say(client, keys, "m", "minha internet caiu")
    await say(client, keys, "m2", "falha")
    await client.get("/sessions/zzz/messages", headers=keys.auth(keys.alice))
    text = (await client.get("/metrics")).text
    assert 'switchboard_http_requests_total{method="POST",route="/chat",status="200"} 2.0' in text
    assert f'switchboard_model_calls_total{{agent="{COORD}",app="demo"}} 1.0' in text
    assert f'switchboard_model_calls_total{{agent="{TECH}",app="demo"}} 1.0' in text
    assert f'switchboard_model_tokens_total{{agent="{TECH}",app="demo",kind="output"}}' in text
    assert 'switchboard_errors_total{code="model_error"}' in text
    assert 'switchboard_errors_total{code="session_not_found"} 1.0' in text
    assert (
        'switchboard_http_request_duration_seconds_count{method="POST",route="/chat"} 2.0' in text
    )
    assert 'switchboard_chat_first_event_seconds_count{endpoint="chat"} 2.0' in text


async def test_a_second_app_is_chosen_by_name_and_sessions_remember_it():
    import httpx

    from switchboard.server import ServerSettings, create_app

    from .conftest import make_keys
    from .demo import make_demo_manager

    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://"),
        key_store=keys.store,
        apps={"one": make_demo_manager(app="one"), "two": make_demo_manager(app="two")},
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app),
        base_url="http://test",
        headers=keys.auth(keys.alice),
    ) as client:
        await client.post("/chat", json={"chatInput": "oi", "sessionId": "s2", "app": "two"})
        await client.post("/chat", json={"chatInput": "de novo", "sessionId": "s2"})
        history = (await client.get("/sessions/s2/messages")).json()
        assert history["app"] == "two" and len(history["messages"]) == 4
        unknown = await client.post(
            "/chat", json={"chatInput": "oi", "sessionId": "s3", "app": "nope"}
        )
        assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_app"
