"""`Guarded(speculate=True)`: a hosted guard and the inner pattern's first model call overlap; on
UNSAFE (or a failing guard) the speculative call is cancelled and nothing of it leaks.

Latency is controlled, not slept: each scripted model call records its start and waits on
events the test sets, so "the guard answers only once the step's call has started" proves the
two run at the same time (sequentially it could never happen: the bounded wait fails the test).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import ClassVar

from switchboard.config import Settings
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.errors import ModelError
from switchboard.core.events import AgentEvent, Event, TextEvent
from switchboard.core.messages import META_KIND, Message, MessageKind
from switchboard.core.state import PatternState, RoutingState
from switchboard.models.base import ModelRequest
from switchboard.models.scripted import ScriptedModel
from switchboard.models.source import ModelSource
from switchboard.patterns.app import PatternApp
from switchboard.patterns.guardrails import (
    ALLOW,
    GUARD_FAILED_MESSAGE,
    Guarded,
    Prefetch,
    Speculations,
    Speculative,
    Verdict,
)
from switchboard.sessions.turn import Turn
from switchboard.store.in_memory import InMemoryStore

AGENT = "agente"
BLOCK = "Não posso ajudar com isso."
FIRST: Prefetch[str] = Prefetch("first")
BOUND = 5.0
"""Seconds before a wait that can only end concurrently is declared a failure (never reached
when the code is right; no test sleeps)."""


class Seen(PatternState):
    key: ClassVar[str] = "test_speculation_seen"
    texts: tuple[str, ...] = ()


class Steps:
    """An inner pattern whose first step is a model call; routing writes a ledger entry, the
    turn's state and its messages (everything that must not happen for a blocked message)."""

    def __init__(self, model: ScriptedModel) -> None:
        self.model = model
        self.speculations = Speculations()
        self.ledger: list[str] = []
        self.speculated = 0

    def current_agent(self, state: RoutingState) -> str:
        return AGENT

    def place(self, state: RoutingState, agent: str) -> None:
        return None

    def speculate(self, turn: Turn) -> None:
        self.speculated += 1
        self.speculations.start(turn, FIRST, self.first(turn))

    async def abandon(self, turn: Turn) -> None:
        await self.speculations.abandon(turn)

    async def first(self, turn: Turn) -> str:
        request = ModelRequest(messages=[Message.user(turn.text)], agent="step")
        return (await self.model.complete(request)).text

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        answer = await self.speculations.take(turn, FIRST) or await self.first(turn)
        self.ledger.append(turn.text)
        turn.state.put(Seen(texts=(*turn.state.get(Seen).texts, turn.text)))
        turn.new_messages.append(Message.user(turn.text, agent=AGENT))
        turn.say(answer, agent=AGENT)
        if turn.stream:
            yield AgentEvent(agent=AGENT, reason="start")
            yield TextEvent(delta=answer, agent=AGENT)


class ModelGuard:
    """A hosted guard: one model call, "SAFE" or anything else."""

    def __init__(self, model: ScriptedModel) -> None:
        self.model = model
        self.blocked: list[str] = []

    async def check(self, turn: Turn) -> Verdict:
        request = ModelRequest(messages=[Message.user(turn.text)], agent="guard")
        if (await self.model.complete(request)).text == "SAFE":
            return ALLOW
        return Verdict(allowed=False, category="violence", answer=BLOCK)

    async def log(self, turn: Turn, verdict: Verdict) -> None:
        self.blocked.append(turn.text)


class Timeline:
    """Scripted model calls whose timing the test controls, and the order things happened."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self.started = {"guard": asyncio.Event(), "step": asyncio.Event()}
        self.ended = {"guard": asyncio.Event(), "step": asyncio.Event()}
        self.never = asyncio.Event()

    def model(self, behave: dict[str, Callable[[], Awaitable[str]]]) -> ScriptedModel:
        async def script(request: ModelRequest) -> str:
            kind = request.agent
            self.log.append(f"{kind}:start")
            self.started[kind].set()
            try:
                answer = await behave[kind]()
            except asyncio.CancelledError:
                self.log.append(f"{kind}:cancelled")
                raise
            self.log.append(f"{kind}:end")
            self.ended[kind].set()
            return answer

        return ScriptedModel(script)

    async def after(self, kind: str, answer: str) -> str:
        """Answer once `kind`'s call has started (bounded: sequential code fails here)."""
        async with asyncio.timeout(BOUND):
            await self.started[kind].wait()
        return answer

    async def once_done(self, kind: str, answer: str) -> str:
        """Answer once `kind`'s call has returned (bounded)."""
        async with asyncio.timeout(BOUND):
            await self.ended[kind].wait()
        return answer

    async def hang(self) -> str:
        await self.never.wait()
        raise AssertionError("never released")


def build(model: ScriptedModel, *, speculate: bool = True) -> tuple[PatternApp, Steps, ModelGuard]:
    steps = Steps(model)
    guard = ModelGuard(model)
    app = PatternApp(
        "speculation",
        Guarded(guard, steps, on_block=guard.log, speculate=speculate),
        {AGENT: AgentSpec(name=AGENT, role="Agente")},
        entry_agent=AGENT,
        store=InMemoryStore(),
        models=ModelSource(model),
        settings=Settings(),
    )
    return app, steps, guard


async def stream(app: PatternApp, text: str) -> list[Event]:
    async with asyncio.timeout(BOUND):
        return [event async for event in app.stream("s", text, user_id="u1")]


async def assert_nothing_leaked(app: PatternApp, steps: Steps, answer: str) -> None:
    assert steps.ledger == []
    assert len(steps.speculations) == 0
    record = await app.store.get_session("s")
    assert record is not None and record.state.get(Seen) == Seen()
    stored = await app.store.load_messages("s")
    assert [(m.role, m.content, m.metadata.get(META_KIND)) for m in stored] == [
        ("user", "uma mensagem", MessageKind.BLOCKED),
        ("assistant", answer, MessageKind.BLOCKED),
    ]


def test_the_scholarship_pattern_is_speculative() -> None:
    from switchboard.apps.scholarships.app import build as build_scholarships

    pattern = build_scholarships(model="embedded").pattern
    assert isinstance(pattern, Guarded) and pattern.speculative is None  # offline: sequential
    assert isinstance(pattern.inner, Speculative)


async def test_safe_runs_the_guard_and_the_first_step_at_the_same_time() -> None:
    timeline = Timeline()
    model = timeline.model(
        {
            "guard": lambda: timeline.after("step", "SAFE"),
            "step": lambda: timeline.after("guard", "Olá! Como posso ajudar?"),
        }
    )
    app, steps, _guard = build(model)

    events = await stream(app, "uma mensagem")

    starts, ends = timeline.log[:2], timeline.log[2:]
    assert sorted(starts) == ["guard:start", "step:start"]  # both in flight before either ended
    assert sorted(ends) == ["guard:end", "step:end"]
    assert [e.type for e in events] == ["agent", "text", "usage", "done"]
    assert events[-1].text == "Olá! Como posso ajudar?"
    assert [r.agent for r in model.requests].count("step") == 1  # the speculation was used
    assert steps.ledger == ["uma mensagem"] and len(steps.speculations) == 0


async def test_an_offline_guard_stays_sequential() -> None:
    timeline = Timeline()

    async def at_once(answer: str) -> str:
        return answer

    model = timeline.model({"guard": lambda: at_once("SAFE"), "step": lambda: at_once("Olá!")})
    app, steps, _guard = build(model, speculate=False)

    reply = await app.reply("s", "uma mensagem", user_id="u1")

    assert reply.text == "Olá!"
    assert timeline.log == ["guard:start", "guard:end", "step:start", "step:end"]
    assert steps.speculated == 0


async def test_unsafe_cancels_the_step_in_flight_and_nothing_leaks() -> None:
    timeline = Timeline()
    model = timeline.model(
        {"guard": lambda: timeline.after("step", "UNSAFE"), "step": timeline.hang}
    )
    app, steps, guard = build(model)

    events = await stream(app, "uma mensagem")

    assert timeline.log[-1] == "step:cancelled"  # stopped before the turn ended
    assert "step:end" not in timeline.log
    assert [e.type for e in events] == ["agent", "text", "usage", "done"]
    assert events[1].delta == BLOCK and events[-1].text == BLOCK
    assert guard.blocked == ["uma mensagem"]
    await assert_nothing_leaked(app, steps, BLOCK)


async def test_unsafe_discards_a_step_that_already_finished() -> None:
    timeline = Timeline()
    model = timeline.model(
        {
            "guard": lambda: timeline.once_done("step", "UNSAFE"),
            "step": lambda: asyncio.sleep(0, "resposta que não pode vazar"),
        }
    )
    app, steps, _guard = build(model)

    events = await stream(app, "uma mensagem")

    assert "step:end" in timeline.log  # the speculative call had completed
    assert all("vazar" not in getattr(e, "delta", "") for e in events)
    assert events[-1].text == BLOCK
    await assert_nothing_leaked(app, steps, BLOCK)


async def test_a_failing_guard_fails_closed_and_cancels_the_step() -> None:
    timeline = Timeline()

    async def broken() -> str:
        await timeline.after("step", "")
        raise RuntimeError("guard exploded")

    model = timeline.model({"guard": broken, "step": timeline.hang})
    app, steps, guard = build(model)

    events = await stream(app, "uma mensagem")

    assert "step:cancelled" in timeline.log
    assert events[-1].text == GUARD_FAILED_MESSAGE
    assert guard.blocked == []  # not a moderation decision: nothing was judged unsafe
    await assert_nothing_leaked(app, steps, GUARD_FAILED_MESSAGE)


async def test_a_failing_offline_guard_fails_closed_too() -> None:
    class Broken:
        async def check(self, turn: Turn) -> Verdict:
            raise ValueError("classifier not trained")

    steps = Steps(ScriptedModel(["nunca"]))
    app = PatternApp(
        "speculation",
        Guarded(Broken(), steps),
        {AGENT: AgentSpec(name=AGENT, role="Agente")},
        entry_agent=AGENT,
        store=InMemoryStore(),
        models=ModelSource(steps.model),
        settings=Settings(),
    )

    reply = await app.reply("s", "uma mensagem", user_id="u1")

    assert reply.text == GUARD_FAILED_MESSAGE
    assert steps.model.requests == [] and steps.ledger == []


async def test_a_failed_speculation_is_run_again_by_the_step() -> None:
    answers = iter([ModelError("provider hiccup"), "Olá de novo!"])

    def script(request: ModelRequest) -> str | Exception:
        return "SAFE" if request.agent == "guard" else next(answers)

    model = ScriptedModel(script)
    app, steps, _guard = build(model)

    reply = await app.reply("s", "uma mensagem", user_id="u1")

    assert reply.text == "Olá de novo!"
    assert [r.agent for r in model.requests].count("step") == 2
    assert len(steps.speculations) == 0
