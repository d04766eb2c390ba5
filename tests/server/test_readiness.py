"""Issue 14, item 6: `/ready` is 503 until every app's `start()` warm-up completed (schema
migrated, models trained), then 200; `/health` is liveness and answers at once. The first chat
after ready trains nothing."""

from __future__ import annotations

import asyncio
import threading
import time

import httpx
import pytest

from switchboard import AgentSpec, RoutingChatManager
from switchboard.core.policy import Intent, OfflinePolicy, PolicyAction
from switchboard.models.embedded import classifier as classifier_module
from switchboard.server import ServerSettings, create_app

from .conftest import live_server, make_keys, ndjson_events
from .demo import make_demo_manager


class GatedApp:
    """Wraps the demo app; its `start()` waits until the test opens the gate."""

    def __init__(self, gate: threading.Event) -> None:
        self.inner = make_demo_manager()
        self.gate = gate

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    async def start(self) -> None:
        await asyncio.to_thread(self.gate.wait)
        await self.inner.start()


def gated_server(gate: threading.Event):
    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://"),  # type: ignore[call-arg]
        apps={"demo": GatedApp(gate)},  # type: ignore[dict-item]
        key_store=keys.store,
    )
    return app, keys


async def test_ready_is_503_until_warm_up_completes_and_health_is_live_throughout():
    gate = threading.Event()
    app, _ = gated_server(gate)
    runtime = app.state.runtime
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        assert (await client.get("/ready")).status_code == 503
        warming = runtime.warm_up()
        await asyncio.sleep(0.05)
        not_ready = await client.get("/ready")
        assert not_ready.status_code == 503
        assert not_ready.json()["error"]["code"] == "not_ready"
        assert not_ready.headers["retry-after"] == "1"
        assert (await client.get("/health")).status_code == 200
        gate.set()
        await warming
        ready = await client.get("/ready")
        assert (ready.status_code, ready.json()) == (
            200,
            {
                "status": "ready",
                "apps": ["demo"],
                "dependencies": [{"name": "database", "ok": True, "error": ""}],
            },
        )
        await runtime.close()


def test_a_live_server_answers_health_at_once_and_ready_after_warm_up():
    gate = threading.Event()
    app, keys = gated_server(gate)
    with live_server(app) as url, httpx.Client(base_url=url) as client:
        assert client.get("/health").status_code == 200
        assert client.get("/ready").status_code == 503
        gate.set()
        deadline = time.monotonic() + 10
        while client.get("/ready").status_code != 200:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        chat = client.post(
            "/chat", json={"chatInput": "oi", "sessionId": "s"}, headers=keys.auth(keys.alice)
        )
        assert ndjson_events(chat.text)[-1].type == "done"


def policy(*intents: tuple[str, list[str], str]) -> OfflinePolicy:
    return OfflinePolicy(
        intents=[
            Intent(name=name, examples=examples, action=PolicyAction(reply=reply))
            for name, examples, reply in intents
        ]
    )


def embedded_app() -> RoutingChatManager:
    coordinator = AgentSpec(
        name="assistente",
        role="Assistente",
        instructions="Atenda.",
        policy=policy(
            ("saudacao", ["oi", "olá", "bom dia"], "Olá! Como posso ajudar?"),
            ("fatura", ["minha fatura", "segunda via do boleto"], "Vou ver sua fatura."),
        ),
    )
    tech = AgentSpec(
        name="tecnico",
        role="Técnico",
        policy=policy(("internet", ["sem internet", "a internet caiu"], "Reinicie o roteador.")),
    )
    return RoutingChatManager(coordinator, {"tecnico": tech}, model="embedded", app="emb")


async def test_warm_up_trains_the_embedded_models_so_the_first_chat_does_not(monkeypatch):
    trained: list[object] = []
    predicted: list[str] = []
    original_init = classifier_module.IntentClassifier.__init__
    original_predict = classifier_module.IntentClassifier.predict

    def counting_init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        trained.append(self)
        original_init(self, *args, **kwargs)

    def counting_predict(self, text):  # type: ignore[no-untyped-def]
        predicted.append(text)
        return original_predict(self, text)

    monkeypatch.setattr(classifier_module.IntentClassifier, "__init__", counting_init)
    monkeypatch.setattr(classifier_module.IntentClassifier, "predict", counting_predict)
    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://"),  # type: ignore[call-arg]
        apps={"emb": embedded_app()},
        key_store=keys.store,
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        assert (await client.get("/ready")).status_code == 503
        assert trained == []
        await app.state.runtime.warm_up()
        assert (await client.get("/ready")).status_code == 200
        assert len(trained) == 2  # both agents' classifiers
        assert len(predicted) == 2  # and each ran once (the warm-up prediction)
        chat = await client.post(
            "/chat", json={"chatInput": "oi", "sessionId": "s"}, headers=keys.auth(keys.alice)
        )
        assert ndjson_events(chat.text)[-1].type == "done"
        assert len(predicted) == 3  # the chat's own prediction
        assert len(trained) == 2  # the first chat trained nothing
        await app.state.runtime.close()


@pytest.mark.parametrize("path", ["/health", "/ready"])
async def test_probes_need_no_key(client, path):
    assert (await client.get(path)).status_code in (200, 503)
