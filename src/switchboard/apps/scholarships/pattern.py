"""`ScholarshipsPattern`: spec 002's router and workflows, behind the app's guard.

The workflows (onboarding, match, sisu, prouni) run on `patterns/workflows`' `WorkflowPattern`
(definitions in `workflows.yaml`; extractor, router and actions in `wiring.py`; the root agent
as its inner pattern). Around it this pattern answers card clicks ("Ver detalhes: <id>"),
recorded as a signal; nothing else runs for them.

With a hosted model, slots are read by the model (`HostedExtractor`, the rules as fallback), and
the pattern is `Speculative`: behind the hosted guard (`Guarded(speculate=True)`) the router's
read-only decision — the turn's first model call — runs alongside the guard's and is cancelled
when the message is blocked (`patterns/guardrails/speculation.py`).

Routing priority: a Sisu/Prouni question, or a request to check one's own Prouni eligibility
(`simulation`), is taken first at any point — the first message, during onboarding, during a
match — and whatever it interrupted resumes with its pending question right after ("Voltando
ao seu cadastro: …"); otherwise onboarding while the profile is incomplete, then the router's
decision (match for action intents, exit words), which takes effect in the same turn. Every
message is tagged with its workflow (`META_WORKFLOW`; "root" outside). Profile slots are written
to the profile as they change (`wiring.ProfileSync`).
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import aclosing

from switchboard import Clock, Event, Message, RoutingState, ToolRegistry, Turn
from switchboard.apps.scholarships import agents
from switchboard.apps.scholarships.context import ROOT, Services, Step
from switchboard.apps.scholarships.geography import search_tool
from switchboard.apps.scholarships.simulation import Simulation
from switchboard.apps.scholarships.slot_safety import SafeSlots
from switchboard.apps.scholarships.slots import VALIDATORS, HostedExtractor, ScholarshipExtractor
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.apps.scholarships.wiring import Actions, ProfileSync, ScholarshipRouter, load
from switchboard.core import SYSTEM_CLOCK
from switchboard.patterns import SKIP_WORDS, Commands, WorkflowPattern, WorkflowTexts
from switchboard.telemetry import spans as tracing

MAX_STEPS = 12
"""Workflow steps one message may run (the longest turn runs ~6: answer, action, search,
next question; more means definitions that loop)."""
COMMANDS = Commands(
    skip=(
        *SKIP_WORDS,
        "ainda nao sei", "nao sei ainda", "nao sei minha nota", "ainda nao sei minha nota",
        "nao lembro minha nota", "nao fiz o enem", "ainda nao fiz o enem", "nao tenho nota",
        "ainda nao tenho nota", "nao sei a nota", "nao sei a media", "nao sei minha media",
    )
)  # fmt: skip
"""The platform's cancel/skip words, plus the ways students say they do not know the score."""
TEXTS = WorkflowTexts(
    resume="Voltando ao que estávamos fazendo:",
    exited="Tudo bem, parei por aqui. " + agents.MENU,
    cannot_skip="Preciso dessa informação para continuar, mas pode ser do jeito que você preferir.",
)


class ScholarshipsPattern:
    """Card clicks and feedback alerts, then the workflows (see the module docstring)."""

    def __init__(
        self, services: Services, *, max_steps: int = MAX_STEPS, clock: Clock = SYSTEM_CLOCK
    ) -> None:
        self.services = services
        self.router = ScholarshipRouter(services)
        rules = ScholarshipExtractor(services)
        extractor = (
            rules if services.model_for is None else HostedExtractor(services, fallback=rules)
        )
        definitions = load(services)
        self.router.workflows = definitions
        self.workflows = WorkflowPattern(
            definitions,
            root=agents.RootPattern(services),
            router=self.router,
            extractor=SafeSlots(extractor),  # nothing the guard would flag becomes a slot
            actions={**Actions(services).table(), **Simulation(services).table()},
            validators=VALIDATORS,
            texts=TEXTS,
            commands=COMMANDS,
            max_steps=max_steps,
            on_slots=ProfileSync(services),
            tools=ToolRegistry(
                [search_tool(services), agents.editais_tool(services)], clock=clock
            ),  # the actions' tools
        )

    def current_agent(self, state: RoutingState) -> str:
        return self.workflows.current_agent(state)

    def place(self, state: RoutingState, agent: str) -> None:
        self.workflows.place(state, agent)

    def model_agents(self) -> list[str]:
        """Hosted, any agent may call its model (`Services.model`); offline, none does: rules
        and extractive answers (`ModelDriven`), so the agents need no offline policy."""
        return list(self.services.agents) if self.services.model_for is not None else []

    def speculate(self, turn: Turn) -> None:
        """The router's decision, ahead of a hosted guard's verdict (card clicks route nothing)."""
        if agents.CARD_CLICK.match(turn.text) is None:
            self.router.speculate(turn)

    async def abandon(self, turn: Turn) -> None:
        await self.router.speculations.abandon(turn)

    def route(self, turn: Turn) -> AsyncIterator[Event]:
        if turn.span.recording:  # tracing on and this turn sampled
            return self._traced(turn)
        return self._route(turn)

    async def _traced(self, turn: Turn) -> AsyncIterator[Event]:
        """`_route` in an `invoke_agent` span under `turn.span` (never made current: this is a
        generator), named after the agent (workflow) that answered once that is known."""
        span = tracing.span_agent(self.current_agent(turn.state), parent=turn.span)
        with span.lifetime():
            async with aclosing(self._route(turn)) as events:
                async for event in events:
                    yield event
            span.rename_agent(turn.speaker)

    async def _route(self, turn: Turn) -> AsyncGenerator[Event, None]:
        click = agents.CARD_CLICK.match(turn.text)
        if click is None:
            async for event in self.workflows.route(turn):
                yield event
            return
        step = Step(turn, self.services, turn.state.get(ScholarshipState))
        question = Message.user(turn.text, agent=ROOT)
        step.tag(question)
        turn.new_messages.append(question)
        await agents.card_details(step, click.group("id"))
        turn.state.put(step.state)
        for event in step.drain():
            yield event


__all__ = ["COMMANDS", "MAX_STEPS", "TEXTS", "ScholarshipsPattern"]
