"""`POST /chat` over SSE with a hosted model (a local stub speaking OpenAI's streaming format):
the entry agent's first text event reaches the client while the model is still generating — the
stub holds its last chunk until the client has seen text."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import httpx
import pytest

from switchboard import AgentSpec, RoutingChatManager
from switchboard.server import ServerSettings, create_app
from tests.models.provider_stub import Reply, StubServer, openai_sse

from .conftest import live_server, make_keys, sse_events

ANSWER = (
    "Claro! Nosso horário de atendimento é de segunda a sexta, das 8h às 18h, "
    "e aos sábados das 9h às 13h, pelo chat ou pelo telefone."
)


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    server = StubServer()
    server.start()
    server.serve_as_openai(monkeypatch, "sk-entry-stream-0123456789")
    yield server
    server.stop()


def _streamed_answer(gate: threading.Event) -> Reply:
    """ANSWER word by word, then the closing chunk — held until `gate` is set."""
    head = {"id": "chatcmpl-entry", "created": 1, "model": "gpt-4o-mini"}
    words = ANSWER.split(" ")
    pieces = [word + " " for word in words[:-1]] + [words[-1]]
    chunks = [
        {
            **head,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": delta, "finish_reason": None}],
        }
        for delta in [{"role": "assistant", "content": ""}, *({"content": p} for p in pieces)]
    ]
    chunks.append(
        {
            **head,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 40, "completion_tokens": 30, "total_tokens": 70},
        }
    )
    return Reply(
        sse=openai_sse(*chunks),
        content_type="text/event-stream",
        gate=gate,
        hold_at=len(chunks) - 1,
    )


def test_the_entry_agents_text_reaches_the_client_before_the_model_finished(
    stub: StubServer,
) -> None:
    coordinator = AgentSpec(name="assistente", role="Assistente", description="Atendimento")
    specialists = {
        "especialista_tecnico": AgentSpec(
            name="especialista_tecnico", role="Técnico", description="Problemas técnicos"
        )
    }
    manager = RoutingChatManager(
        coordinator, specialists, model="openai:gpt-4o-mini", store="memory://"
    )
    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://"),
        apps={"demo": manager},
        key_store=keys.store,
    )
    gate = threading.Event()
    stub.reply(_streamed_answer(gate))
    body: list[str] = []
    seen_text_while_generating = False
    with (
        live_server(app) as url,
        httpx.Client(base_url=url, headers=keys.auth(keys.alice), timeout=5.0) as client,
        client.stream(
            "POST",
            "/chat",
            json={"chatInput": "qual o horário?", "sessionId": "entry-1"},
            headers={"accept": "text/event-stream"},
        ) as response,
    ):
        assert response.status_code == 200
        for line in response.iter_lines():
            body.append(line)
            if line == "event: text" and not gate.is_set():
                seen_text_while_generating = True
                gate.set()  # only now may the model finish
    assert seen_text_while_generating
    events = sse_events("\n".join(body))
    texts = [data for kind, data in events if kind == "text"]
    assert len(texts) > 2 and {data["agent"] for data in texts} == {"assistente"}
    assert "".join(data["delta"] for data in texts) == ANSWER
    assert events[-1][0] == "done" and events[-1][1]["text"] == ANSWER
    assert stub.last.body["stream"] is True
