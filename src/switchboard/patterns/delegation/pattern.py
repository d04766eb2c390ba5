"""Delegated sub-conversations (spec 000) as a pattern of the turn pipeline.

The flow of "Fluxo de Funcionamento", step by step:
1–2. a user message goes to the session's active agent (initially the coordinator);
3–5. when the coordinator calls `request_specialist_sub_conversation`, the specialist becomes
     active and answers the *same* message at once; the coordinator's own text is dropped;
6.   later messages go to the specialist;
7–8. `end_specialist_sub_conversation` stores the result and gives control back;
9.   the coordinator gets the result as a `[SYSTEM_NOTE: ...]` with the next user message — or in
     the same turn when the specialist ended without answering (e.g. `out_of_scope`), so no message
     is left unanswered.
The routing state is the session's `DelegationState` part, persisted with each turn.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator, Mapping, Sequence

from switchboard.agents.kit import AgentKit
from switchboard.agents.runner import AgentRun
from switchboard.config import Settings
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.clock import Clock
from switchboard.core.dialog import OpenQuestion
from switchboard.core.errors import ConfigurationError, SwitchboardError, UnknownAgentError
from switchboard.core.events import AgentEvent, Event
from switchboard.core.messages import (
    META_KIND,
    META_NOTE,
    META_NOTE_FOR,
    META_SEEN_BY,
    Message,
    MessageKind,
)
from switchboard.core.signals import END_TOOL, REQUEST_TOOL
from switchboard.core.state import RoutingState
from switchboard.memory.conversation import build_context
from switchboard.models.source import ModelSource
from switchboard.patterns.delegation.note import render_note
from switchboard.patterns.delegation.signals import Delegation, end_tool, request_tool
from switchboard.patterns.delegation.state import DelegationState, SpecialistResult
from switchboard.patterns.switching import (
    PromptPlan,
    SwitchingState,
    build_system_prompt,
    previous_agent_id,
)
from switchboard.sessions.turn import Turn
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import Tool, ToolContext

log = logging.getLogger(__name__)

STEADY_PROMPTS = 1024
"""How many non-reset prompts (agent × model × memory × briefing) a pattern keeps built."""


class AgentHopLimitError(SwitchboardError):
    """A turn handed the conversation between agents more times than the pattern allows (a loop)."""

    code = "agent_hop_limit"


class DelegationPattern:
    """A coordinator that hands sub-conversations to specialists and takes them back."""

    def __init__(
        self,
        coordinator: AgentSpec,
        specialists: Mapping[str, AgentSpec],
        *,
        tools: ToolRegistry,
        models: ModelSource,
        settings: Settings,
        clock: Clock,
        share_memory: bool = True,
    ) -> None:
        self.coordinator = coordinator
        self.specialists = dict(specialists)
        self.agents: dict[str, AgentSpec] = {coordinator.name: coordinator, **self.specialists}
        self.tools = tools
        self.models = models
        self.settings = settings
        self.clock = clock
        self.share_memory = share_memory
        self._configured_tools = tools
        self._extra_tools: dict[str, list[str]] = {}
        self._check_configuration()
        self.kits = self._build_kits()
        self._steady_prompt = functools.lru_cache(maxsize=STEADY_PROMPTS)(self._build_steady_prompt)

    # -- AgentRouting ------------------------------------------------------------------------

    def current_agent(self, state: RoutingState) -> str:
        return state.get(DelegationState).active_agent or self.coordinator.name

    def place(self, state: RoutingState, agent: str) -> None:
        """A specialist picked by the user hands back to the coordinator when it ends, as if it
        had been delegated to."""
        coordinator = self.coordinator.name
        if agent == coordinator:
            state.put(DelegationState())
        else:
            state.put(DelegationState(active_agent=agent, agent_stack=(coordinator,)))

    def use_tools(self, tools: Mapping[str, Sequence[Tool]]) -> None:
        """Tools that exist only once the app has started (an MCP server's, known after it is
        connected), by agent: registered beside the configured tools and offered to that agent
        from its next run on. Each call replaces the previous one's tools (`{}` drops them, at
        shutdown); the configured registry itself is left untouched."""
        extra = ToolRegistry(item for items in tools.values() for item in items)
        self.tools = self._configured_tools.merged(extra)
        self._extra_tools = {agent: [item.name for item in items] for agent, items in tools.items()}
        self.kits = self._build_kits()

    def kit(self, name: str) -> AgentKit:
        """The agent with its tools and signalling tools (`UnknownAgentError` if there is none)."""
        kit = self.kits.get(name)
        if kit is None:
            raise UnknownAgentError(f"unknown agent {name!r}", agent=name)
        return kit

    # -- the turn ----------------------------------------------------------------------------

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        """The parts are read once per turn and kept here as the turn changes them (this method
        is their only writer while the turn runs): a part read costs a few thousand instructions,
        and a turn used to read them three times per agent run."""
        coordinator = self.coordinator.name
        state = turn.state
        part = state.get(DelegationState)
        switching = state.get(SwitchingState)
        active = part.active_agent or coordinator
        if active not in self.kits:  # a specialist removed from the configuration
            log.warning(
                "session %s pointed at unknown agent %s; back to the coordinator",
                turn.session_id,
                active,
            )
            active, part = coordinator, DelegationState()
            state.put(part)
        user = Message.user(turn.text, agent=active)
        question = part.open_question if part.asked_by == active else None
        if part.open_question is not None:  # answered now, or asked by someone else: dropped
            part = part.model_copy(update={"open_question": None, "asked_by": None})
            state.put(part)
        if part.pending_result is not None and active == coordinator:
            user.metadata[META_NOTE] = render_note(part.pending_result)
            user.metadata[META_NOTE_FOR] = coordinator
            part = part.model_copy(update={"pending_result": None})
            state.put(part)
        turn.new_messages.append(user)
        turn.speaker = active
        if turn.stream:
            yield AgentEvent(agent=active, reason="start")
        hops = 0
        while True:
            run, switching = self._run(
                turn,
                self.kit(active),
                [*turn.history, *turn.new_messages],
                part,
                switching,
                question if hops == 0 else None,
            )
            try:
                async for event in run:
                    yield event
            finally:
                outcome = run.outcome
                turn.new_messages.extend(outcome.new_messages)
                turn.usage.add(outcome.tally)
                if outcome.visible_text:
                    turn.visible.extend(outcome.visible_text)
                    turn.speaker = active
            signal = outcome.signal
            if signal is None:
                if outcome.open_question is not None:
                    part = part.model_copy(
                        update={"open_question": outcome.open_question, "asked_by": active}
                    )
                    state.put(part)
                return
            hops += 1
            if hops > self.settings.max_agent_hops:
                raise AgentHopLimitError(
                    f"more than {self.settings.max_agent_hops} agent hand-offs in one turn"
                )
            if signal.name == REQUEST_TOOL:
                delegation: Delegation = signal.payload
                role = delegation.specialist_role
                part = DelegationState(
                    active_agent=role,
                    agent_stack=(*part.agent_stack, active),
                    pending_result=part.pending_result,
                    specialist_context=delegation.initial_context,
                )
                state.put(part)
                user.metadata.setdefault(META_SEEN_BY, []).append(role)
                if turn.stream:
                    yield AgentEvent(agent=role, reason="delegation", previous=active)
                active = role
                continue
            result: SpecialistResult = signal.payload
            stack = part.agent_stack
            back = stack[-1] if stack else coordinator
            ended_without_answer = not outcome.visible_text
            # step 9: the result is delivered with the next message, unless handed back now
            pending = part.pending_result if ended_without_answer else result
            if back == coordinator and len(stack) <= 1 and pending is None:
                part = state.reset(DelegationState)  # back to the start: nothing to build
            else:
                part = DelegationState(
                    active_agent=None if back == coordinator else back,
                    agent_stack=stack[:-1],
                    pending_result=pending,
                )
                state.put(part)
            if turn.stream:
                yield AgentEvent(agent=back, reason="return", previous=active)
            active = back
            if not ended_without_answer:
                return
            # ended without answering: the coordinator takes the same message now
            turn.new_messages.append(
                Message(
                    role="user",
                    content=turn.text,
                    agent=back,
                    metadata={
                        META_NOTE: render_note(result),
                        META_NOTE_FOR: back,
                        META_KIND: MessageKind.NOTE,
                    },
                )
            )

    def _run(
        self,
        turn: Turn,
        kit: AgentKit,
        history: list[Message],
        part: DelegationState,
        switching: SwitchingState,
        question: OpenQuestion | None = None,
    ) -> tuple[AgentRun, SwitchingState]:
        """The agent's run for this step of the turn, and the switching part after it. Right
        after a user-driven switch its first model call gets the strategy's "hard reset" prompt,
        later calls the normal one (the reset is consumed here, in `turn.state` too)."""
        agent = kit.spec
        model = self.models.for_agent(agent)
        conversation = build_context(history, agent.name, share_memory=self.share_memory)
        plan = self._prompt(turn, agent, part, switching, model.model_id, conversation)
        followup = None
        if plan.is_reset:
            switching = switching.model_copy(update={"reset_pending": False})
            turn.state.put(switching)
            followup = self._prompt(turn, agent, part, switching, model.model_id, conversation)
            followup_conversation = followup.apply(conversation)
        run = AgentRun(
            kit,
            model,
            plan.apply(conversation),
            followup_conversation=followup_conversation if followup is not None else None,
            tool_context=ToolContext(
                session_id=turn.session_id, user_id=turn.user_id, agent=agent.name, clock=self.clock
            ),
            stream=turn.stream,
            open_question=question,
            parent=turn.span,
        )
        return run, switching

    def _prompt(
        self,
        turn: Turn,
        agent: AgentSpec,
        part: DelegationState,
        switching: SwitchingState,
        model_id: str,
        conversation: list[Message],
    ) -> PromptPlan:
        """Agent instructions, then user context (session memory), then team context (the
        coordinator's briefing for this sub-conversation)."""
        briefing = ""
        if part.specialist_context and agent.name == part.active_agent:
            briefing = (
                "CONTEXTO DESTA SUB-CONVERSA (enviado pelo coordenador):\n"
                f"{part.specialist_context}"
            )
        if not switching.reset_pending:
            return self._steady_prompt(agent.name, model_id, turn.memory_block, briefing)
        previous = previous_agent_id(switching)
        return build_system_prompt(
            agent,
            switching,
            model_id,
            previous_agent=self.agents.get(previous) if previous else None,
            user_context=turn.memory_block,
            team_context=briefing,
            recent_messages=conversation,
        )

    def _build_steady_prompt(
        self, agent: str, model_id: str, user_context: str, team_context: str
    ) -> PromptPlan:
        """The prompt of a model call that is not a switch's one-off reset: the same for every
        call with the same agent, model, memory and briefing (agents are read once, when the
        pattern is built), so it is memoized (`_steady_prompt`)."""
        return build_system_prompt(
            self.agents[agent],
            SwitchingState(),
            model_id,
            user_context=user_context,
            team_context=team_context,
        )

    def _build_kits(self) -> dict[str, AgentKit]:
        """Each agent with its configured tools plus the signalling tools of its place: the
        request tool for the coordinator (when there are specialists), the end tool for each
        specialist."""
        kits = {}
        coordinator = self._with_extra_tools(self.coordinator)
        if self.specialists:
            described = {
                role: spec.description or spec.objective for role, spec in self.specialists.items()
            }
            kits[coordinator.name] = AgentKit.build(
                coordinator, self.tools, {REQUEST_TOOL: request_tool(described)}
            )
        else:
            kits[coordinator.name] = AgentKit.build(coordinator, self.tools)
        for role, spec in self.specialists.items():
            kits[role] = AgentKit.build(
                self._with_extra_tools(spec), self.tools, {END_TOOL: end_tool(role)}
            )
        return kits

    def _with_extra_tools(self, spec: AgentSpec) -> AgentSpec:
        extra = self._extra_tools.get(spec.name)
        if not extra:
            return spec
        return spec.model_copy(update={"tools": [*spec.tools, *extra]})

    def _check_configuration(self) -> None:
        if self.coordinator.name in self.specialists:
            raise ConfigurationError(
                f"the coordinator and a specialist share the name {self.coordinator.name!r}"
            )
        for name, spec in self.agents.items():
            for tool_name in spec.tools:
                if tool_name in (REQUEST_TOOL, END_TOOL):
                    raise ConfigurationError(
                        f"{tool_name!r} is added automatically; remove it "
                        f"from agent {name!r}'s tools"
                    )
                if tool_name not in self.tools:
                    raise ConfigurationError(
                        f"agent {name!r} uses tool {tool_name!r}, which is not registered",
                        agent=name,
                        tool=tool_name,
                    )


__all__ = ["AgentHopLimitError", "DelegationPattern"]
