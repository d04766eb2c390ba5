"""Two apps behind one server: every serving layer goes through the `ChatApp` protocol, so an
app with another pattern is listed, chatted with and kept apart with no server change."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import httpx
import pytest

from switchboard import apps as registry
from switchboard.server import ServerSettings, create_app

from .conftest import make_keys, ndjson_events
from .demo import make_demo_manager
from .echo_app import make_echo_app


@pytest.fixture
async def two_apps():
    demo = make_demo_manager()
    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://"),  # type: ignore[call-arg]
        apps={"demo": demo, "eco": make_echo_app(demo.store)},
        key_store=keys.store,
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        yield client, keys.auth(keys.alice)


async def test_apps_and_models_list_both_apps(two_apps):
    client, alice = two_apps

    apps = (await client.get("/apps", headers=alice)).json()["apps"]
    models = (await client.get("/v1/models", headers=alice)).json()["data"]

    assert [(a["name"], a["title"], a["default"]) for a in apps] == [
        ("demo", "demo", True),
        ("eco", "Eco de teste", False),
    ]
    assert apps[1]["agents"] == [
        {
            "name": "eco",
            "role": "Eco",
            "description": "Repete o que você diz.",
            "entry": True,
            "selectable": True,
        }
    ]
    assert {"eco", "eco/eco", "demo", "demo/assistente"} <= {m["id"] for m in models}


async def test_chat_and_openai_api_reach_the_second_app_and_sessions_stay_with_it(two_apps):
    client, alice = two_apps

    chat = await client.post(
        "/chat", json={"chatInput": "oi", "sessionId": "e1", "app": "eco"}, headers=alice
    )
    done = ndjson_events(chat.text)[-1]
    completion = await client.post(
        "/v1/chat/completions",
        json={"model": "eco", "messages": [{"role": "user", "content": "olá"}]},
        headers={**alice, "X-Session-Id": "e2"},
    )
    follow_up = await client.post(
        "/chat", json={"chatInput": "de novo", "sessionId": "e1"}, headers=alice
    )

    assert (done.agent, done.text) == ("eco", "eco: oi")
    assert completion.json()["choices"][0]["message"]["content"] == "eco: olá"
    assert ndjson_events(follow_up.text)[-1].text == "eco: de novo"  # found by its session
    sessions = (await client.get("/sessions", headers=alice)).json()["sessions"]
    assert {(s["id"], s["app"], s["active_agent"]) for s in sessions} == {
        ("e1", "eco", "eco"),
        ("e2", "eco", "eco"),
    }
    history = (await client.get("/sessions/e1/messages", headers=alice)).json()
    assert [m["content"] for m in history["messages"]] == [
        "oi",
        "eco: oi",
        "de novo",
        "eco: de novo",
    ]


def test_apps_are_found_through_the_entry_point_group(monkeypatch):
    registered = dict(registry._registered())
    registered["eco"] = EntryPoint("eco", "tests.server.echo_app:make_echo_app", "switchboard.apps")
    monkeypatch.setattr(registry, "_registered", lambda: registered)

    from switchboard.store.in_memory import InMemoryStore

    app = registry.load_app("eco", store=InMemoryStore())

    assert registry.available_apps()[-1] == "eco"
    assert registry.available_apps()[:2] == ["support", "finance"]
    assert (app.name, app.title, app.entry_agent) == ("eco", "Eco de teste", "eco")
    with pytest.raises(Exception, match="unknown app 'nada'"):
        registry.load_app("nada")
