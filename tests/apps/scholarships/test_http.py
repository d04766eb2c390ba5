"""The app through the HTTP API: `/chat` (NDJSON with `ui` events) and `/v1/chat/completions`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from switchboard.server import ServerSettings, create_app
from tests.server.conftest import make_keys, ndjson_events

from .helpers import make_app, onboarded


@pytest.fixture
async def client() -> AsyncIterator[tuple[httpx.AsyncClient, dict[str, str]]]:
    keys = make_keys()
    scholarships = make_app()
    await onboarded(scholarships, "alice")
    server = create_app(
        ServerSettings(database_url="memory://"),  # type: ignore[call-arg]
        apps={"scholarships": scholarships},
        key_store=keys.store,
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=server), base_url="http://test"
    ) as http:
        yield http, keys.auth(keys.alice)


async def _chat(http: httpx.AsyncClient, auth: dict[str, str], text: str) -> list[Any]:
    response = await http.post(
        "/chat", json={"chatInput": text, "sessionId": "web1", "app": "scholarships"}, headers=auth
    )
    assert response.status_code == 200
    return ndjson_events(response.text)


async def test_chat_stream_carries_ui_events_with_text_fallback(client) -> None:
    http, auth = client
    await _chat(http, auth, "Quero achar uma faculdade")
    await _chat(http, auth, "Direito, tirei 700")
    events = await _chat(http, auth, "à noite, tanto faz")
    ui = [e for e in events if e.type == "ui"]
    assert [e.component for e in ui] == ["opportunity_cards", "income_calculator"]
    assert ui[0].props["cards"][0]["course"] == "Direito"
    done = events[-1]
    assert done.type == "done" and done.agent == "match"
    assert ui[1].fallback_text in done.text and "1. Direito" in done.text


async def test_history_returns_the_components_each_answer_showed(client) -> None:
    http, auth = client
    await _chat(http, auth, "Quero achar uma faculdade")
    await _chat(http, auth, "Direito, tirei 700")
    live = [e for e in await _chat(http, auth, "à noite, tanto faz") if e.type == "ui"]

    response = await http.get("/sessions/web1/messages", headers=auth)

    assert response.status_code == 200
    messages = response.json()["messages"]
    shown = [m for m in messages if m["components"]]
    assert len(shown) == 1 and shown[0] is messages[-1]  # the third answer
    assert shown[0]["components"] == [
        {"component": e.component, "props": e.props, "fallback_text": e.fallback_text} for e in live
    ]
    assert all(e.fallback_text in shown[0]["content"] for e in live)
    assert all(m["components"] == [] for m in messages if m["role"] == "user")


async def test_openai_compatible_api_answers_the_income_question_with_a_number(client) -> None:
    http, auth = client
    headers = {**auth, "X-Session-Id": "api1"}

    async def ask(text: str) -> str:
        response = await http.post(
            "/v1/chat/completions",
            json={"model": "scholarships", "messages": [{"role": "user", "content": text}]},
            headers=headers,
        )
        assert response.status_code == 200, response.text
        return str(response.json()["choices"][0]["message"]["content"])

    assert "Qual curso" in await ask("Quero achar uma faculdade")
    answer = await ask("Direito, tirei 700, noturno, pública")
    assert "renda da sua casa" in answer  # the calculator's question, as text
    assert "bolsa integral" in await ask("1500 por pessoa")
    prouni = await ask("qual a nota mínima do Enem para o Prouni?")
    assert "Edital Prouni 2026, item 1.2" in prouni
