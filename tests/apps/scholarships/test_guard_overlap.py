"""The hosted guard runs alongside the router's model call (`Guarded(speculate=True)`): SAFE
turns wait for the slower of the two, UNSAFE ones discard the router's work before it has any
effect. Scripted models with controlled timing: each call records its start and waits on events
(bounded waits fail the test instead of hanging; nothing sleeps)."""

from __future__ import annotations

import asyncio
import json

from switchboard.apps.scholarships.records import MODERATION, SIGNALS
from switchboard.core.errors import ModelError
from switchboard.core.messages import META_KIND, MessageKind
from switchboard.models.base import ModelRequest
from switchboard.models.scripted import ScriptedModel
from switchboard.patterns.guardrails import Guarded
from switchboard.patterns.workflows.hosted import EXTRACTOR_AGENT

from .helpers import USER, make_app, onboarded, part, say

BOUND = 5.0
EXIT = json.dumps({"intent": "EXIT_WORKFLOW", "target_workflow": None, "confidence": 1.0})
MATCH = json.dumps({"intent": "CHANGE_WORKFLOW", "target_workflow": "match", "confidence": 0.9})
NO_SLOTS = json.dumps({"values": {}, "corrections": []})


class Timing:
    """Per-agent start/end events and the order of everything."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self.started: dict[str, asyncio.Event] = {}
        self.ended: dict[str, asyncio.Event] = {}

    def event(self, table: dict[str, asyncio.Event], agent: str) -> asyncio.Event:
        return table.setdefault(agent, asyncio.Event())

    async def wait(self, table: dict[str, asyncio.Event], agent: str) -> None:
        async with asyncio.timeout(BOUND):
            await self.event(table, agent).wait()


async def test_a_safe_turn_overlaps_the_guard_and_the_router() -> None:
    timing = Timing()

    async def script(request: ModelRequest) -> str:
        agent = request.agent
        timing.log.append(f"{agent}:start")
        timing.event(timing.started, agent).set()
        if agent == "guard":
            await timing.wait(timing.started, "router")
            answer = '{"verdict": "SAFE", "category": null}'
        elif agent == "router":
            await timing.wait(timing.started, "guard")
            answer = MATCH
        else:
            answer = NO_SLOTS
        timing.log.append(f"{agent}:end")
        return answer

    app = make_app(model=ScriptedModel(script))
    assert isinstance(app.pattern, Guarded) and app.pattern.speculative is not None
    await onboarded(app)

    reply = await say(app, "Quero achar uma faculdade")

    assert "Qual curso você quer e qual sua nota do Enem?" in reply.text
    assert sorted(timing.log[:2]) == ["guard:start", "router:start"]
    assert sorted(timing.log[2:4]) == ["guard:end", "router:end"]
    assert timing.log[4:] == [f"{EXTRACTOR_AGENT}:start", f"{EXTRACTOR_AGENT}:end"]
    assert (await part(app)).stack == ("match",)


async def test_unsafe_discards_a_decision_the_router_already_made() -> None:
    """The router had decided EXIT (which would end the match and record it as abandoned) when
    the guard said UNSAFE: nothing of it is applied."""
    timing = Timing()
    router_calls = 0

    async def script(request: ModelRequest) -> str:
        nonlocal router_calls
        agent = request.agent
        timing.event(timing.started, agent).set()
        if agent == "guard":
            if router_calls:  # the second message: wait for the router to have answered
                await timing.wait(timing.ended, "router")
                return '{"verdict": "UNSAFE", "category": "violence"}'
            return '{"verdict": "SAFE", "category": null}'
        if agent == "router":
            router_calls += 1
            answer = MATCH if router_calls == 1 else EXIT
            if router_calls == 2:
                timing.event(timing.ended, "router").set()
            return answer
        return NO_SLOTS

    app = make_app(model=ScriptedModel(script))
    await onboarded(app)
    await say(app, "Quero achar uma faculdade")
    before = await part(app)
    assert before.stack == ("match",)

    reply = await say(app, "sair")

    assert "não posso ajudar" in reply.text
    after = await part(app)
    assert after.state == before.state  # the match is still there, its question pending
    assert await app.store.repository(SIGNALS).recent() == []  # no "workflow_abandoned"
    entries = await app.store.repository(MODERATION).recent()
    assert [(e.user_id, e.category) for e in entries] == [(USER, "violence")]
    stored = await app.store.load_messages("s1")
    assert [m.metadata.get(META_KIND) for m in stored[-2:]] == [MessageKind.BLOCKED] * 2


async def test_unsafe_cancels_the_router_call_in_flight() -> None:
    timing = Timing()
    never = asyncio.Event()

    async def script(request: ModelRequest) -> str:
        agent = request.agent
        timing.event(timing.started, agent).set()
        if agent == "guard":
            await timing.wait(timing.started, "router")
            return '{"verdict": "UNSAFE", "category": "sexual"}'
        try:
            await never.wait()
        except asyncio.CancelledError:
            timing.log.append(f"{agent}:cancelled")
            raise
        return MATCH

    app = make_app(model=ScriptedModel(script))
    await onboarded(app)

    reply = await say(app, "uma mensagem qualquer")

    assert "não posso ajudar" in reply.text
    assert timing.log == ["router:cancelled"]
    assert (await part(app)).stack == ()


async def test_a_guard_model_error_uses_the_offline_verdict() -> None:
    """The app's guard answers with its offline classifier when the guard model fails (better
    than failing open, and than refusing every message while a provider is down)."""

    def script(request: ModelRequest) -> str | Exception:
        if request.agent == "guard":
            return ModelError("provider down")
        return MATCH if request.agent == "router" else NO_SLOTS

    app = make_app(model=ScriptedModel(script))
    await onboarded(app)

    blocked = await say(app, "não aguento mais, quero me matar")
    assert "188" in blocked.text
    allowed = await say(app, "Quero achar uma faculdade")
    assert "Qual curso você quer" in allowed.text
