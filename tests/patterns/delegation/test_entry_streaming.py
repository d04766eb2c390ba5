"""The entry agent (a coordinator that may hand off) streams its answer as the model produces it,
like the specialists do; a hand-off still shows none of the coordinator's words, unless the
model had already streamed more than `STREAM_HOLD_CHARS` of them before its tool call began
(then they stay said)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from switchboard import AgentSpec, RoutingChatManager
from switchboard.agents.runner import STREAM_HOLD_CHARS
from switchboard.core.clock import ManualClock
from switchboard.core.events import Event, TextEvent
from switchboard.models.base import (
    ModelRequest,
    ModelResponse,
    ResponseDone,
    StreamChunk,
    TextDelta,
    ToolCallStarted,
)
from switchboard.models.scripted import ScriptedModel, ScriptItem, call
from switchboard.patterns.delegation import REQUEST_TOOL

COORD, TECH = "assistente", "especialista_tecnico"
ANSWER = (
    "Claro! Nosso horário de atendimento é de segunda a sexta, das 8h às 18h, "
    "e aos sábados das 9h às 13h, pelo chat ou pelo telefone."
)
TECH_ANSWER = "Sou o especialista técnico. Reinicie o roteador, por favor."


def _app(script: dict[str, list[ScriptItem]], **model: object) -> RoutingChatManager:
    coordinator = AgentSpec(name=COORD, role="Assistente", description="Atendimento geral")
    specialists = {TECH: AgentSpec(name=TECH, role="Técnico", description="Problemas técnicos")}
    clock = model.get("clock")
    return RoutingChatManager(
        coordinator,
        specialists,
        model=ScriptedModel(script, **model),  # type: ignore[arg-type]
        store="memory://",
        **({"clock": clock} if clock is not None else {}),  # type: ignore[arg-type]
    )


def _handoff(preamble: str) -> ModelResponse:
    delegation = call(REQUEST_TOOL, {"specialist_role": TECH, "initial_context": "sem internet"})
    return ModelResponse(text=preamble, tool_calls=delegation.tool_calls)


def _texts(events: list[Event]) -> list[TextEvent]:
    return [event for event in events if isinstance(event, TextEvent)]


async def test_the_entry_agents_first_delta_arrives_while_the_model_is_still_generating() -> None:
    clock = ManualClock()
    app = _app({COORD: [ANSWER]}, chunk_latency=1.0, clock=clock)
    events: list[Event] = []

    async def read() -> None:
        async for event in app.stream("s1", "qual o horário?", user_id="u1"):
            events.append(event)

    reader = asyncio.create_task(read())
    chunks = len(ANSWER.split(" "))  # one word per chunk, a second apart
    seconds = 0
    while not _texts(events):
        assert seconds < chunks, "no text before the whole answer was generated"
        await clock.advance(1.0)
        seconds += 1
    assert seconds < chunks // 2 and not reader.done()
    first = _texts(events)[0]
    assert first.agent == COORD and ANSWER.startswith(first.delta)
    assert STREAM_HOLD_CHARS <= len(first.delta) < len(ANSWER)
    while not reader.done():
        await clock.advance(1.0)
    await reader
    deltas = _texts(events)
    assert len(deltas) > chunks // 2  # word by word after the first
    assert "".join(d.delta for d in deltas) == ANSWER
    assert events[-1].type == "done" and events[-1].text == ANSWER  # type: ignore[union-attr]


async def test_a_handoff_shows_none_of_the_coordinators_words() -> None:
    app = _app({COORD: [_handoff("Vou te passar para o técnico.")], TECH: [TECH_ANSWER]})
    events = [e async for e in app.stream("s2", "minha internet caiu", user_id="u1")]
    assert {d.agent for d in _texts(events)} == {TECH}
    assert "".join(d.delta for d in _texts(events)) == TECH_ANSWER
    assert events[-1].text == TECH_ANSWER  # type: ignore[union-attr]
    stored = await app.store.load_messages("s2")
    said = [m.content for m in stored if m.role == "assistant" and m.agent == COORD]
    assert said == [""]  # the delegating call, without its words


class TextThenCall(ScriptedModel):
    """Streams like a hosted model: the text first, the tool call after it."""

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        response = await self.complete(request)
        words = response.text.split(" ")
        for piece in [word + " " for word in words[:-1]] + words[-1:]:
            yield TextDelta(text=piece)
        if response.tool_calls:
            yield ToolCallStarted()
        yield ResponseDone(response=response)


async def test_a_handoff_known_from_the_start_holds_even_a_long_preamble() -> None:
    preamble = "Entendi, sua conexão caiu desde ontem à noite e nada funciona mais aqui."
    assert len(preamble) > STREAM_HOLD_CHARS
    app = _app({COORD: [_handoff(preamble)], TECH: [TECH_ANSWER]})
    events = [e async for e in app.stream("s4", "minha internet caiu", user_id="u1")]
    assert {d.agent for d in _texts(events)} == {TECH}


async def test_words_already_shown_before_a_late_handoff_stay_said() -> None:
    preamble = (
        "Entendi, sua conexão caiu desde ontem à noite e nada funciona. "
        "Vou chamar quem resolve isso."
    )
    assert len(preamble) > STREAM_HOLD_CHARS
    coordinator = AgentSpec(name=COORD, role="Assistente", description="Atendimento geral")
    specialists = {TECH: AgentSpec(name=TECH, role="Técnico", description="Problemas técnicos")}
    model = TextThenCall({COORD: [_handoff(preamble)], TECH: [TECH_ANSWER]})
    app = RoutingChatManager(coordinator, specialists, model=model, store="memory://")
    events = [e async for e in app.stream("s3", "minha internet caiu", user_id="u1")]
    said = "".join(d.delta for d in _texts(events) if d.agent == COORD)
    assert said == preamble
    assert "".join(d.delta for d in _texts(events) if d.agent == TECH) == TECH_ANSWER
    assert events[-1].text == preamble + TECH_ANSWER  # type: ignore[union-attr]
