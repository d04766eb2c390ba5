"""RoutingChatManager: a coordinator that delegates sub-conversations to specialists (spec 000).

The flow of "Fluxo de Funcionamento", step by step:
1–2. a user message goes to the session's active agent (initially the coordinator);
3–5. when the coordinator calls `request_specialist_sub_conversation`, the specialist becomes
     active and answers the *same* message at once; the coordinator's own text is dropped;
6.   later messages go to the specialist;
7–8. `end_specialist_sub_conversation` stores the result and gives control back;
9.   the coordinator gets the result as a `[SYSTEM_NOTE: ...]` with the next user message — or in
     the same turn when the specialist ended without answering (e.g. `out_of_scope`), so no message
     is left unanswered.
All routing state is persisted with each turn; a new manager on the same store carries on.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator, Iterable, Mapping

from switchboard.agents.kit import AgentKit
from switchboard.agents.runner import AgentRun
from switchboard.config import Settings
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.errors import (
    ConfigurationError,
    SessionNotFoundError,
    SwitchboardError,
    UnknownAgentError,
)
from switchboard.core.events import AgentEvent, DoneEvent, ErrorEvent, Event, UsageEvent
from switchboard.core.messages import Message, UsageTally
from switchboard.core.reply import Reply
from switchboard.core.state import RoutingState, SpecialistResult
from switchboard.memory.conversation import (
    NOTE_FOR_KEY,
    NOTE_KEY,
    NOTE_KIND,
    SEEN_BY_KEY,
    build_context,
)
from switchboard.memory.session_memory import SessionMemory, render_memory
from switchboard.models.source import ModelChoice, ModelSource
from switchboard.patterns.delegation.note import render_note
from switchboard.patterns.delegation.signals import (
    END_TOOL,
    REQUEST_TOOL,
    Delegation,
    end_tool,
    request_tool,
)
from switchboard.patterns.switching import (
    PromptPlan,
    build_system_prompt,
    previous_agent_id,
    record_switch,
)
from switchboard.sessions import SessionLocks, check_user_message, open_session, open_turn
from switchboard.sessions.redis_locks import RedisSessionLocks
from switchboard.store.base import SessionRecord, Store, StoredMessage
from switchboard.store.factory import open_store
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import Tool, ToolContext

log = logging.getLogger(__name__)

STEADY_PROMPTS = 1024
"""How many non-reset prompts (agent × model × memory × briefing) a manager keeps built."""


class AgentHopLimitError(SwitchboardError):
    code = "agent_hop_limit"


class RoutingChatManager:
    def __init__(
        self,
        coordinator: AgentSpec,
        specialists: Mapping[str, AgentSpec] | None = None,
        *,
        model: ModelChoice = None,
        store: str | Store | None = None,
        tools: ToolRegistry | Iterable[Tool] | None = None,
        share_memory: bool = True,
        settings: Settings | None = None,
        clock: Clock = SYSTEM_CLOCK,
        app: str = "",
    ) -> None:
        self.settings = settings or Settings()
        self.coordinator = coordinator
        self.specialists = {
            role: spec.model_copy(update={"name": role})
            for role, spec in (specialists or {}).items()
        }
        self.share_memory = share_memory
        self.clock = clock
        self.app = app
        self.store: Store = open_store(store if store is not None else "memory://", clock=clock)
        self.tools = (
            tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools or (), clock=clock)
        )
        self.models = ModelSource(model)
        self._locks = _session_locks(self.settings)
        self._ready = False
        self._ready_lock = asyncio.Lock()
        self._check_configuration()
        self._kits = self._build_kits()
        self._steady_prompt = functools.lru_cache(maxsize=STEADY_PROMPTS)(self._build_steady_prompt)

    # -- public API (spec 000 "Métodos Principais") --------------------------------------------

    async def process_message(self, session_id: str, message: str, *, user_id: str) -> Reply:
        """Route one message and return the whole answer. Typed errors are raised after whatever
        the turn completed has been stored."""
        turn = _Turn(self, session_id, message, user_id, stream=False)
        async for _ in turn.events():  # drives the turn; it builds no events when not streaming
            pass
        if turn.error is not None and not turn.text:
            raise turn.error
        return Reply(
            text=turn.text,
            agent=turn.speaker,
            session_id=session_id,
            message_id=turn.answer_id,
            usage=turn.usage.to_usage(),
        )

    def stream_message(
        self, session_id: str, message: str, *, user_id: str
    ) -> AsyncIterator[Event]:
        """Route one message, yielding the event stream. Input errors raise before any event."""
        return _Turn(self, session_id, message, user_id, stream=True).events()

    async def get_or_create_session(self, session_id: str, *, user_id: str) -> SessionRecord:
        await self._ensure_ready()
        return await open_session(self.store, session_id, user_id, app=self.app)

    async def end_session(self, session_id: str, *, user_id: str | None = None) -> bool:
        """Close the session's live routing (active specialist, pending result); history stays.
        True if the session existed and was open."""
        await self._ensure_ready()
        async with self._locks.hold(session_id):
            record = await self.store.get_session(session_id)
            if record is None or (user_id is not None and record.user_id != user_id):
                return False
            if record.state.data.get("ended"):
                return False
            await self.store.save_state(session_id, RoutingState(data={"ended": True}))
            return True

    async def clear_session_history(self, session_id: str, *, user_id: str | None = None) -> int:
        await self._ensure_ready()
        async with self._locks.hold(session_id):
            record = await self.store.get_session(session_id)
            if record is None or (user_id is not None and record.user_id != user_id):
                raise SessionNotFoundError(f"session {session_id!r} not found")
            removed = await self.store.clear_messages(session_id)
            await self.store.save_state(session_id, RoutingState())
            return removed

    async def switch_agent(self, session_id: str, agent: str, *, user_id: str) -> RoutingState:
        """The user picks who answers from now on (spec 003). A specialist picked this way hands
        back to the coordinator when it ends, as if it had been delegated to."""
        spec = self.agent(agent)
        await self._ensure_ready()
        async with self._locks.hold(session_id):
            session = await open_session(self.store, session_id, user_id, app=self.app)
            current = session.state
            if current.ai_agent_id is None:  # the agent speaking until now, before any switch
                current.ai_agent_id = current.active_agent or self.coordinator.name
            state = record_switch(
                current, spec, message_count=session.message_count, clock=self.clock
            )
            coordinator = self.coordinator.name
            state.active_agent = None if agent == coordinator else agent
            state.agent_stack = [] if agent == coordinator else [coordinator]
            state.pending_result = None
            state.specialist_context = None
            state.data.pop("ended", None)
            await self.store.save_state(session_id, state)
            return state

    def memory(self, session_id: str) -> SessionMemory:
        return SessionMemory(self.store, session_id)

    async def shutdown(self) -> None:
        await self.models.aclose()
        if hasattr(self._locks, "aclose"):
            await self._locks.aclose()
        await self.store.close()
        self._ready = False

    # -- agents ------------------------------------------------------------------------------

    def agent(self, name: str) -> AgentSpec:
        if name == self.coordinator.name:
            return self.coordinator
        spec = self.specialists.get(name)
        if spec is None:
            raise UnknownAgentError(f"unknown agent {name!r}", agent=name)
        return spec

    @property
    def agent_names(self) -> list[str]:
        return [self.coordinator.name, *self.specialists]

    def has_agent(self, name: str | None) -> bool:
        return name in self._kits

    def kit(self, name: str) -> AgentKit:
        """The agent with its tools and signalling tools (`UnknownAgentError` if there is none)."""
        kit = self._kits.get(name)
        if kit is None:
            raise UnknownAgentError(f"unknown agent {name!r}", agent=name)
        return kit

    async def _ensure_ready(self) -> None:
        if self._ready:
            return
        async with self._ready_lock:
            if not self._ready:
                await self.store.init()
                for name in self.agent_names:
                    self.models.for_agent(self.agent(name))  # fail fast on configuration
                self._ready = True

    def _build_steady_prompt(
        self, agent: str, model_id: str, user_context: str, team_context: str
    ) -> PromptPlan:
        """The prompt of a model call that is not a switch's one-off reset: the same for every
        call with the same agent, model, memory and briefing (agents are read once, when the
        manager is built), so it is memoized (`_steady_prompt`)."""
        return build_system_prompt(
            self.agent(agent),
            RoutingState(),
            model_id,
            user_context=user_context,
            team_context=team_context,
        )

    def _build_kits(self) -> dict[str, AgentKit]:
        """Each agent with its configured tools plus the signalling tools of its place: the
        request tool for the coordinator (when there are specialists), the end tool for each
        specialist."""
        kits = {}
        if self.specialists:
            described = {
                role: spec.description or spec.objective for role, spec in self.specialists.items()
            }
            kits[self.coordinator.name] = AgentKit.build(
                self.coordinator, self.tools, {REQUEST_TOOL: request_tool(described)}
            )
        else:
            kits[self.coordinator.name] = AgentKit.build(self.coordinator, self.tools)
        for role, spec in self.specialists.items():
            kits[role] = AgentKit.build(spec, self.tools, {END_TOOL: end_tool(role)})
        return kits

    def _check_configuration(self) -> None:
        if self.coordinator.name in self.specialists:
            raise ConfigurationError(
                f"the coordinator and a specialist share the name {self.coordinator.name!r}"
            )
        for name in self.agent_names:
            spec = self.agent(name)
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


class _Turn:
    """One user message through the routing loop. Collects what `process_message` returns;
    with `stream=False` (that is `process_message`) it builds no events, only the outcome."""

    def __init__(
        self,
        manager: RoutingChatManager,
        session_id: str,
        message: str,
        user_id: str,
        *,
        stream: bool,
    ) -> None:
        self.m = manager
        self.session_id = session_id
        self.user_id = user_id
        self.text_in = check_user_message(message, manager.settings.max_message_chars)
        self.stream = stream
        self.error: SwitchboardError | None = None
        self.usage = UsageTally()
        self.visible: list[str] = []
        self.speaker = manager.coordinator.name
        self.answer_id: str | None = None
        self.new_messages: list[Message] = []
        self.memory_block = ""

    @property
    def text(self) -> str:
        return "".join(self.visible)

    async def events(self) -> AsyncIterator[Event]:
        m = self.m
        await m._ensure_ready()
        async with m._locks.hold(self.session_id):
            start = await open_turn(
                m.store,
                self.session_id,
                self.user_id,
                app=m.app,
                history_limit=m.settings.history_limit,
            )
            state = start.state
            if state.data.get("ended"):
                state = RoutingState()
            history = start.history
            self.memory_block = render_memory(start.facts, start.summary)
            persisted = False
            try:
                async for event in self._route(state, history):
                    yield event
                stored = await self._persist(state)
                persisted = True
            except SwitchboardError as exc:
                log.warning(
                    "turn failed: %s",
                    exc.message,
                    extra={"session_id": self.session_id, "code": exc.code},
                )
                self.error = exc
                stored = await self._persist(state)
                persisted = True
                if self.stream:
                    yield ErrorEvent(code=exc.code, message=exc.message)
            finally:
                if not persisted:  # cancelled or crashed: keep what was completed
                    await asyncio.shield(self._persist(state))
            self.answer_id = _answer_id(stored)
            if self.stream:
                yield UsageEvent(
                    input_tokens=self.usage.input_tokens,
                    output_tokens=self.usage.output_tokens,
                    calls=self.usage.calls,
                )
                yield DoneEvent(
                    text=self.text,
                    session_id=self.session_id,
                    agent=self.speaker,
                    message_id=self.answer_id,
                )

    async def _persist(self, state: RoutingState) -> list[StoredMessage]:
        return await self.m.store.save_turn(self.session_id, self.new_messages, state)

    async def _route(
        self, state: RoutingState, history: list[StoredMessage]
    ) -> AsyncIterator[Event]:
        m = self.m
        coordinator = m.coordinator.name
        active = state.active_agent or coordinator
        if not m.has_agent(active):  # a specialist removed from the configuration
            log.warning(
                "session %s pointed at unknown agent %s; back to the coordinator",
                self.session_id,
                active,
            )
            active, state.active_agent, state.agent_stack = coordinator, None, []
        user = Message.user(self.text_in, agent=active)
        if state.pending_result is not None and active == coordinator:
            user.metadata[NOTE_KEY] = render_note(state.pending_result)
            user.metadata[NOTE_FOR_KEY] = coordinator
            state.pending_result = None
        self.new_messages.append(user)
        self.speaker = active
        if self.stream:
            yield AgentEvent(agent=active, reason="start")
        hops = 0
        while True:
            run = self._run(m.kit(active), state, [*history, *self.new_messages])
            try:
                async for event in run:
                    yield event
            finally:
                self.new_messages.extend(run.outcome.new_messages)
                self.usage.add(run.outcome.tally)
                if run.outcome.visible_text:
                    self.visible.extend(run.outcome.visible_text)
                    self.speaker = active
            signal = run.outcome.signal
            if signal is None:
                return
            hops += 1
            if hops > m.settings.max_agent_hops:
                raise AgentHopLimitError(
                    f"more than {m.settings.max_agent_hops} agent hand-offs in one turn"
                )
            if signal.name == REQUEST_TOOL:
                delegation: Delegation = signal.payload
                state.agent_stack.append(active)
                state.active_agent = delegation.specialist_role
                state.specialist_context = delegation.initial_context
                user.metadata.setdefault(SEEN_BY_KEY, []).append(delegation.specialist_role)
                if self.stream:
                    yield AgentEvent(
                        agent=delegation.specialist_role, reason="delegation", previous=active
                    )
                active = delegation.specialist_role
                continue
            result: SpecialistResult = signal.payload
            back = state.agent_stack.pop() if state.agent_stack else coordinator
            state.active_agent = None if back == coordinator else back
            state.specialist_context = None
            if self.stream:
                yield AgentEvent(agent=back, reason="return", previous=active)
            active = back
            if run.outcome.visible_text:
                state.pending_result = result  # step 9: delivered with the next message
                return
            # ended without answering: the coordinator takes the same message now
            self.new_messages.append(
                Message(
                    role="user",
                    content=self.text_in,
                    agent=back,
                    metadata={NOTE_KEY: render_note(result), NOTE_FOR_KEY: back, "kind": NOTE_KIND},
                )
            )

    def _run(self, kit: AgentKit, state: RoutingState, history: list[Message]) -> AgentRun:
        """The agent's run for this step of the turn. Right after a user-driven switch its first
        model call gets the strategy's "hard reset" prompt, later calls the normal one."""
        m = self.m
        agent = kit.spec
        model = m.models.for_agent(agent)
        conversation = build_context(history, agent.name, share_memory=m.share_memory)
        plan = self._prompt(agent, state, model.model_id, conversation)
        followup = None
        if plan.is_reset:
            state.reset_pending = False
            followup = self._prompt(agent, state, model.model_id, conversation).apply(conversation)
        return AgentRun(
            kit,
            model,
            plan.apply(conversation),
            followup_conversation=followup,
            tool_context=ToolContext(
                session_id=self.session_id, user_id=self.user_id, agent=agent.name, clock=m.clock
            ),
            stream=self.stream,
        )

    def _prompt(
        self, agent: AgentSpec, state: RoutingState, model_id: str, conversation: list[Message]
    ) -> PromptPlan:
        """Agent instructions, then user context (session memory), then team context (the
        coordinator's briefing for this sub-conversation)."""
        briefing = ""
        if agent.name == state.active_agent and state.specialist_context:
            briefing = (
                "CONTEXTO DESTA SUB-CONVERSA (enviado pelo coordenador):\n"
                f"{state.specialist_context}"
            )
        if not state.reset_pending:
            return self.m._steady_prompt(agent.name, model_id, self.memory_block, briefing)
        previous = previous_agent_id(state)
        return build_system_prompt(
            agent,
            state,
            model_id,
            previous_agent=self.m.agent(previous) if self.m.has_agent(previous) else None,
            user_context=self.memory_block,
            team_context=briefing,
            recent_messages=conversation,
        )


def _session_locks(settings: Settings) -> SessionLocks | RedisSessionLocks:
    """In-process locks, or Redis-backed ones when a Redis URL is configured (several processes)."""
    if settings.redis_url:
        return RedisSessionLocks.from_url(settings.redis_url)
    return SessionLocks()


def _answer_id(stored: list[StoredMessage]) -> str | None:
    for message in reversed(stored):
        if message.role == "assistant" and message.content:
            return message.id
    return None


def is_note(message: Message) -> bool:
    return message.metadata.get("kind") == NOTE_KIND


__all__ = ["AgentHopLimitError", "RoutingChatManager", "is_note"]
