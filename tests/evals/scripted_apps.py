"""Small apps for runner tests: each message says what the app does with it.

"diga X"       → answers X (agent "eco")
"chame NOME"   → NOME answers "ok"
"quem sou eu"  → the user id and the session id
"que dia é"    → the app clock's date (ISO)
"anote N"      → records N in the app's notes (an effect its probe reports)
"falhe"        → raises RuntimeError (an app bug: a crash)
"erro"         → raises a typed error (an `error` event)
"trave"        → never answers (a hang)
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator, Mapping
from typing import Any

from switchboard import AgentSpec
from switchboard.config import Settings
from switchboard.core.errors import SwitchboardError, UnknownAppError
from switchboard.core.events import AgentEvent, Event, TextEvent
from switchboard.core.messages import Message
from switchboard.core.state import RoutingState
from switchboard.evals import (
    AppRequest,
    CaseContext,
    Effect,
    EffectKind,
    EvalProbe,
    TurnFacts,
    TurnObservation,
)
from switchboard.models.scripted import ScriptedModel
from switchboard.models.source import ModelSource
from switchboard.patterns.app import PatternApp
from switchboard.sessions.app import ChatApp
from switchboard.sessions.turn import Turn
from switchboard.store.factory import open_store

ECO = "eco"
AGENTS = ("eco", "outro")


class ScriptError(SwitchboardError):
    code = "script_error"


class ScriptPattern:
    def __init__(self) -> None:
        self.notes: defaultdict[str, list[int]] = defaultdict(list)

    def current_agent(self, state: RoutingState) -> str:
        return ECO

    def place(self, state: RoutingState, agent: str) -> None:
        return None

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        text, agent = turn.text, ECO
        turn.new_messages.append(Message.user(text, agent=ECO))
        if text == "falhe":
            raise RuntimeError("boom")
        if text == "erro":
            raise ScriptError("algo deu errado")
        if text == "trave":
            await asyncio.Event().wait()
        if text.startswith("diga "):
            answer = text.removeprefix("diga ")
        elif text.startswith("chame "):
            agent, answer = text.removeprefix("chame "), "ok"
        elif text == "quem sou eu":
            answer = f"{turn.user_id} {turn.session_id} {len(turn.history)}"
        elif text == "que dia é":
            answer = turn.clock.now().date().isoformat()
        elif text.startswith("anote "):
            self.notes[turn.user_id].append(int(text.removeprefix("anote ")))
            answer = "anotado"
        else:
            answer = "não entendi"
        turn.say(answer, agent=agent)
        if turn.stream:
            yield AgentEvent(agent=agent, reason="start")
            yield TextEvent(delta=answer, agent=agent)


def _specs() -> dict[str, AgentSpec]:
    return {name: AgentSpec(name=name, role=name, description=name) for name in AGENTS}


class ScriptApp(PatternApp):
    pattern: ScriptPattern


class NotesCase:
    def __init__(self, notes: list[int]) -> None:
        self.notes = notes
        self.seen = len(notes)

    async def observe(self, turn: TurnObservation) -> TurnFacts:
        new = self.notes[self.seen :]
        self.seen = len(self.notes)
        return TurnFacts(
            route=f"r-{turn.agent}", effects=tuple(Effect.of("note", value=n) for n in new)
        )


class NotesProbe:
    """Reports route and effects; setup {"notes": [..]} pre-fills the user's notes."""

    reports = frozenset({"route", "effects"})
    effect_kinds: Mapping[str, EffectKind] = {
        "note": EffectKind(frozenset({"value", "color"}), {"color": frozenset({"azul"})})
    }

    def __init__(self, pattern: ScriptPattern) -> None:
        self.pattern = pattern

    def setup_problems(self, setup: Mapping[str, Any]) -> list[str]:
        return [f"unknown key {key!r}" for key in setup if key != "notes"]

    async def open_case(self, case: CaseContext) -> NotesCase:
        notes = self.pattern.notes[case.user_id]
        notes.extend(case.setup.get("notes", []))
        return NotesCase(notes)


class ProbedScriptApp(ScriptApp):
    """The same app carrying its own probe (`Evaluable`)."""

    def eval_probe(self) -> EvalProbe:
        return NotesProbe(self.pattern)


def build(request: AppRequest) -> ChatApp:
    """`script` (no probe), `probed` (with a probe), anything else is unknown; `broken` fails."""
    if request.name == "broken":
        raise RuntimeError("cannot build")
    kinds: dict[str, type[ScriptApp]] = {"script": ScriptApp, "probed": ProbedScriptApp}
    if request.name not in kinds:
        raise UnknownAppError(f"unknown app {request.name!r}", app=request.name)
    return kinds[request.name](
        request.name,
        ScriptPattern(),
        _specs(),
        entry_agent=ECO,
        store=open_store(request.store, clock=request.clock),
        models=ModelSource(ScriptedModel({})),
        settings=Settings(database_url="memory://"),
        clock=request.clock,
    )
