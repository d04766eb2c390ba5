"""A hosted model: the same suite through `--model openai:<id>`, against the local stub server
speaking the chat-completions wire format (`OPENAI_BASE_URL`), never the network."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from switchboard.evals import RunOptions, run_suites
from tests.models.provider_stub import Received, Reply, StubServer, openai_sse

ANSWER = "Olá! Sou o assistente hospedado: posso ajudar com suporte técnico ou com a sua fatura?"


def _answer(received: Received) -> Reply:
    if received.body.get("stream"):
        chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-test"}
        return Reply(sse=openai_sse(
            {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ANSWER}}]},
            {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        ))  # fmt: skip
    message = {"role": "assistant", "content": ANSWER}
    return Reply(json={
        "id": "c1", "object": "chat.completion", "created": 1, "model": "gpt-test",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
    })  # fmt: skip


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    server = StubServer()
    server.start()
    server.responder = _answer
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    yield server
    server.stop()


async def test_a_suite_on_a_hosted_model(stub: StubServer, tmp_path: Path) -> None:
    path = tmp_path / "suite.jsonl"
    turn = {"user": "oi", "expect": {"route": "assistente_virtual", "asks": True, "effects": [],
                                     "contains": ["assistente hospedado"]}}  # fmt: skip
    path.write_text(json.dumps({"id": "h1", "app": "support", "split": "dev", "turns": [turn]}))
    result = await run_suites([path], RunOptions(model="openai:gpt-test"))
    [case] = result.cases
    assert case.passed, [c for t in case.turns for c in t.failures]
    assert result.model == "openai:gpt-test"
    assert stub.requests and all(r.body["model"] == "gpt-test" for r in stub.requests)
