"""The support app on `openai:gpt-4o-mini`, against a local server speaking OpenAI's wire format:
spec 000's delegation scenario as a hosted model drives it, and blank model answers.

The stub answers each request by the agent it is for (told apart by the system prompt), so a test
says what the model answers as each agent, in order.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from switchboard.agents.runner import EMPTY_ANSWER_REPLY
from switchboard.apps import load_app
from switchboard.core.events import DoneEvent, ErrorEvent
from switchboard.core.signals import END_TOOL, REQUEST_TOOL
from tests.models.provider_stub import Received, Reply, StubServer, openai_sse

KEY = "sk-support-wire-0123456789"
COORD, TECH, FIN = "assistente_virtual", "especialista_tecnico", "especialista_financeiro"
PROMPTS = {
    COORD: "Você é o Assistente Virtual",
    TECH: "Você é o Especialista Técnico",
    FIN: "Você é o Especialista Financeiro",
}


@dataclass(frozen=True)
class Answer:
    """What the model answers to one request: text and/or tool calls."""

    content: str | None = ""
    calls: tuple[tuple[str, dict[str, Any]], ...] = ()

    def reply(self, stream: bool) -> Reply:
        """The answer as OpenAI sends it: a chat completion, or its SSE chunks."""
        tool_calls = [
            {
                "id": f"call_{index}_{name}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
            }
            for index, (name, args) in enumerate(self.calls)
        ]
        finish = "tool_calls" if self.calls else "stop"
        usage = {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13}
        head = {"id": "chatcmpl-support", "created": 1, "model": "gpt-4o-mini"}
        if not stream:
            message: dict[str, Any] = {"role": "assistant", "content": self.content}
            if tool_calls:
                message["tool_calls"] = tool_calls
            choice = {"index": 0, "message": message, "finish_reason": finish}
            body = {**head, "object": "chat.completion", "choices": [choice], "usage": usage}
            return Reply(json=body)
        deltas: list[dict[str, Any]] = [{"role": "assistant", "content": self.content}]
        deltas += [{"tool_calls": [{"index": i, **call}]} for i, call in enumerate(tool_calls)]
        chunks = [
            {
                **head,
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": delta, "finish_reason": None}],
            }
            for delta in deltas
        ]
        chunks.append(
            {
                **head,
                "object": "chat.completion.chunk",
                "choices": [{"index": 0, "delta": {}, "finish_reason": finish}],
                "usage": usage,
            }
        )
        return Reply(sse=openai_sse(*chunks), content_type="text/event-stream")


def completion(content: str | None = "", *calls: tuple[str, dict[str, Any]]) -> Answer:
    return Answer(content, calls)


def agent_of(request: Received) -> str:
    system = request.body["messages"][0]["content"]
    return next(agent for agent, prompt in PROMPTS.items() if prompt in system)


class Agents:
    """Replies queued per agent; every request is recorded with the agent it was for."""

    def __init__(self, stub: StubServer) -> None:
        self.queues: dict[str, deque[Answer]] = {agent: deque() for agent in PROMPTS}
        self.asked: list[str] = []
        stub.responder = self._respond

    def on(self, agent: str, *replies: Answer) -> None:
        self.queues[agent].extend(replies)

    def _respond(self, request: Received) -> Reply:
        agent = agent_of(request)
        self.asked.append(agent)
        return self.queues[agent].popleft().reply(bool(request.body.get("stream")))


@pytest.fixture(scope="module")
def stub_server() -> Iterator[StubServer]:
    server = StubServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def agents(stub_server: StubServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Agents]:
    stub_server.reset()
    stub_server.serve_as_openai(monkeypatch, KEY)
    scripted = Agents(stub_server)
    yield scripted
    assert all(not queue for queue in scripted.queues.values()), "unused replies"
    stub_server.reset()


@pytest.fixture
def app() -> Any:
    return load_app("support", model="openai:gpt-4o-mini", store="memory://")


async def turn(app: Any, session: str, text: str) -> tuple[DoneEvent, list[Any]]:
    events = [e async for e in app.stream_message(session, text, user_id="cliente")]
    done = events[-1]
    assert isinstance(done, DoneEvent)
    return done, events


async def test_spec_000_delegation_and_same_turn_redelegation_hosted(agents: Agents, app: Any):
    agents.on(
        COORD,
        completion("", (REQUEST_TOOL, {"specialist_role": TECH, "initial_context": "sem sinal"})),
    )
    agents.on(TECH, completion("Reinicie o modem e me diga se voltou."))
    done, events = await turn(app, "s", "minha internet caiu")
    assert (done.agent, done.text) == (TECH, "Reinicie o modem e me diga se voltou.")

    # the specialist keeps the turn
    agents.on(TECH, completion("Qual luz está acesa?"))
    done, _ = await turn(app, "s", "já reiniciei")
    assert done.agent == TECH

    # out of scope: the coordinator gets the note and re-delegates in the same turn
    end = {
        "status": "out_of_scope",
        "final_result": {"motivo": "fatura"},
        "last_user_message": "quero a segunda via",
    }
    agents.on(TECH, completion("", (END_TOOL, end)))
    agents.on(
        COORD,
        completion("", (REQUEST_TOOL, {"specialist_role": FIN, "initial_context": "2ª via"})),
    )
    agents.on(FIN, completion("Sua fatura é de R$ 99,90."))
    done, events = await turn(app, "s", "quero a segunda via")
    assert (done.agent, done.text) == (FIN, "Sua fatura é de R$ 99,90.")
    assert [(e.agent, e.reason) for e in events if e.type == "agent"] == [
        (TECH, "start"),
        (COORD, "return"),
        (FIN, "delegation"),
    ]
    assert agents.asked == [COORD, TECH, TECH, TECH, COORD, FIN]


async def test_a_blank_answer_is_asked_again_once(agents: Agents, app: Any):
    agents.on(COORD, completion("   \n"), completion("Olá! Como posso ajudar?"))
    done, events = await turn(app, "b1", "oi")
    assert done.text == "Olá! Como posso ajudar?"
    assert not [e for e in events if isinstance(e, ErrorEvent)]
    assert agents.asked == [COORD, COORD]


async def test_two_blank_answers_become_a_pt_br_fallback_and_an_error_event(
    agents: Agents, app: Any
):
    agents.on(COORD, completion(""), completion(None))
    done, events = await turn(app, "b2", "oi")
    assert done.text == EMPTY_ANSWER_REPLY
    errors = [e for e in events if isinstance(e, ErrorEvent)]
    assert [e.code for e in errors] == ["model_empty_answer"]
    # whole answers (no stream) get the same fallback, and it is what the session keeps
    agents.on(COORD, completion(""), completion(" "))
    reply = await app.reply("b3", "oi", user_id="cliente")
    assert reply.text == EMPTY_ANSWER_REPLY
    history = await app.store.load_messages("b3")
    assert [m.content for m in history if m.role == "assistant"] == [EMPTY_ANSWER_REPLY]
