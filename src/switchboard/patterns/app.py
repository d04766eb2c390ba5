"""`PatternApp`: a `ChatApp` made of a routing pattern over a team of agents.

The app owns what every pattern shares — the store, per-session locks, the model source,
settings, the clock — and runs each message through the one turn pipeline
(`sessions/turn.py`). The pattern decides who answers; the app only asks it who is in charge
(`current_agent`) and tells it when the user picks someone else (`place`). User-driven agent
switching (spec 003) is platform behaviour: the switch is recorded in the session's
`SwitchingState` here, and the pattern's agent runs read it for the reset prompt.

MCP servers listed by the agents (`AgentSpec.mcp_servers`) are app resources: `start()` connects
each distinct server once (an `McpToolset` on the app's exit stack) and hands its tools to the
pattern (`ToolHost.use_tools`), which offers them to the agents that listed the server;
`shutdown()` takes them back and closes the connections. A server that cannot be reached fails
`start()` with `mcp_unavailable` — an agent silently missing its tools would be worse.

`start()` builds and warms the model of each agent the pattern reports as model-driven
(`ModelDriven.model_agents`; a pattern that does not say is taken to drive every agent by a
model). A workflow speaker, a keyword chat or an agent answered by rules needs no model and no
offline policy.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from contextlib import AsyncExitStack
from typing import Protocol, runtime_checkable

from switchboard.config import Settings
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.errors import ConfigurationError, SessionNotFoundError, UnknownAgentError
from switchboard.core.events import Event
from switchboard.core.mcp_spec import McpServerSpec
from switchboard.core.reply import Reply
from switchboard.core.state import RoutingState
from switchboard.memory.session_memory import SessionMemory
from switchboard.models.source import ModelSource
from switchboard.patterns.switching import SwitchingState, record_switch
from switchboard.sessions.access import open_session
from switchboard.sessions.app import AgentCard
from switchboard.sessions.locks import Admission, SessionLocks
from switchboard.sessions.redis_locks import RedisSessionLocks
from switchboard.sessions.turn import Locks, Pattern, TurnPipeline
from switchboard.store.base import FeedbackRecord, SessionRecord, Store
from switchboard.tools.tool import Tool


class AgentRouting(Pattern, Protocol):
    """A pattern that puts one agent in charge of a session at a time."""

    def current_agent(self, state: RoutingState) -> str:
        """Who answers the next message in this state."""
        ...

    def place(self, state: RoutingState, agent: str) -> None:
        """Put `agent` in charge from the next message on (the user switched to it)."""
        ...


@runtime_checkable
class ToolHost(Protocol):
    """A pattern that can offer its agents tools known only once the app has started."""

    def use_tools(self, tools: Mapping[str, Sequence[Tool]]) -> None:
        """Offer `tools[agent]` to each agent (replacing earlier ones; `{}` removes them)."""
        ...


@runtime_checkable
class ModelDriven(Protocol):
    """A pattern that says which of its agents call a model (the others need none)."""

    def model_agents(self) -> Collection[str] | None:
        """Names of the agents whose turns call their model (`ModelSource.for_agent`); None:
        every agent (a wrapper whose inner pattern does not say)."""
        ...


def model_agents(pattern: object) -> Collection[str] | None:
    """What `pattern` reports (`ModelDriven`), else None: every agent may call a model."""
    return pattern.model_agents() if isinstance(pattern, ModelDriven) else None


def mcp_servers(agents: Mapping[str, AgentSpec]) -> dict[str, McpServerSpec]:
    """The distinct MCP servers the agents list, by name. Agents share a server's connection, so
    one name must mean one configuration (the name is also its tools' prefix)."""
    servers: dict[str, McpServerSpec] = {}
    listed_by: dict[str, str] = {}
    for agent, spec in agents.items():
        for server in spec.mcp_servers:
            known = servers.get(server.name)
            if known is None:
                servers[server.name], listed_by[server.name] = server, agent
            elif known != server:
                raise ConfigurationError(
                    f"agents {listed_by[server.name]!r} and {agent!r} list MCP server "
                    f"{server.name!r} with different settings; give one of them another name",
                    server=server.name,
                )
    return servers


class PatternApp:
    """A chat app: a pattern, its agents, and the session plumbing around them."""

    def __init__(
        self,
        name: str,
        pattern: AgentRouting,
        agents: Mapping[str, AgentSpec],
        *,
        entry_agent: str,
        store: Store,
        models: ModelSource,
        settings: Settings,
        clock: Clock = SYSTEM_CLOCK,
        title: str = "",
    ) -> None:
        if entry_agent not in agents:
            raise UnknownAgentError(f"entry agent {entry_agent!r} is not among the agents")
        self._name = name
        self._title = title or name
        self.pattern = pattern
        self._agents = dict(agents)
        self._entry = entry_agent
        self._store = store
        self._models = models
        self.settings = settings
        self.clock = clock
        self._locks = session_locks(settings)
        self._ready = False
        self._ready_lock = asyncio.Lock()
        self._mcp_servers = mcp_servers(self._agents)
        self._mcp: AsyncExitStack | None = None
        self.turns = TurnPipeline(
            pattern=pattern,
            store=store,
            locks=self._locks,
            settings=settings,
            clock=clock,
            app=name,
            entry_agent=entry_agent,
            ready=self.start,
        )

    # -- identity ----------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._name

    @property
    def title(self) -> str:
        return self._title

    @property
    def store(self) -> Store:
        return self._store

    @property
    def models(self) -> ModelSource:
        return self._models

    @property
    def entry_agent(self) -> str:
        return self._entry

    @property
    def agent_names(self) -> list[str]:
        return list(self._agents)

    def agents(self) -> Sequence[AgentCard]:
        return [
            AgentCard(
                name=name,
                role=spec.role or name,
                description=spec.description or spec.objective,
                entry=name == self._entry,
            )
            for name, spec in self._agents.items()
        ]

    def agent(self, name: str) -> AgentSpec:
        spec = self._agents.get(name)
        if spec is None:
            raise UnknownAgentError(f"unknown agent {name!r}", agent=name)
        return spec

    def has_agent(self, name: str | None) -> bool:
        return name in self._agents

    # -- turns (spec 000 "Métodos Principais": process_message / stream_message) ---------------

    async def reply(
        self,
        session_id: str,
        message: str,
        *,
        user_id: str,
        idempotency_key: str | None = None,
    ) -> Reply:
        return await self.turns.reply(session_id, message, user_id, idempotency_key=idempotency_key)

    def stream(
        self,
        session_id: str,
        message: str,
        *,
        user_id: str,
        idempotency_key: str | None = None,
        admission: Admission | None = None,
    ) -> AsyncIterator[Event]:
        return self.turns.stream(
            session_id, message, user_id, idempotency_key=idempotency_key, admission=admission
        )

    async def process_message(
        self,
        session_id: str,
        message: str,
        *,
        user_id: str,
        idempotency_key: str | None = None,
    ) -> Reply:
        """Route one message and return the whole answer. Typed errors are raised after
        whatever the turn completed has been stored."""
        return await self.turns.reply(session_id, message, user_id, idempotency_key=idempotency_key)

    def stream_message(
        self,
        session_id: str,
        message: str,
        *,
        user_id: str,
        idempotency_key: str | None = None,
    ) -> AsyncIterator[Event]:
        """Route one message, yielding the event stream. Input errors raise before any event."""
        return self.turns.stream(session_id, message, user_id, idempotency_key=idempotency_key)

    # -- sessions ----------------------------------------------------------------------------

    async def get_or_create_session(self, session_id: str, *, user_id: str) -> SessionRecord:
        await self.start()
        return await open_session(self._store, session_id, user_id, app=self._name)

    async def end_session(self, session_id: str, *, user_id: str | None = None) -> bool:
        """Close the session's live routing (active specialist, pending result); history stays.
        True if the session existed and was open."""
        await self.start()
        async with self._locks.hold(session_id):
            record = await self._store.get_session(session_id)
            if record is None or (user_id is not None and record.user_id != user_id):
                return False
            if record.state.ended:
                return False
            await self._store.save_state(session_id, RoutingState(ended=True))
            return True

    async def clear_session_history(self, session_id: str, *, user_id: str | None = None) -> int:
        await self.start()
        async with self._locks.hold(session_id):
            record = await self._store.get_session(session_id)
            if record is None or (user_id is not None and record.user_id != user_id):
                raise SessionNotFoundError(f"session {session_id!r} not found")
            removed = await self._store.clear_messages(session_id)
            await self._store.save_state(session_id, RoutingState())
            return removed

    async def switch_agent(self, session_id: str, agent: str, *, user_id: str) -> str:
        """The user picks who answers from now on (spec 003)."""
        spec = self.agent(agent)
        await self.start()
        async with self._locks.hold(session_id):
            session = await open_session(self._store, session_id, user_id, app=self._name)
            state = RoutingState() if session.state.ended else session.state.clone()
            switching = state.get(SwitchingState)
            if switching.ai_agent_id is None:  # the agent speaking until now, before any switch
                current = self.pattern.current_agent(state)
                switching = switching.model_copy(update={"ai_agent_id": current})
            state.put(
                record_switch(
                    switching, spec, message_count=session.message_count, clock=self.clock
                )
            )
            self.pattern.place(state, agent)
            await self._store.save_state(session_id, state)
            return agent

    def active_agent(self, record: SessionRecord) -> str:
        if record.state.ended:
            return self._entry
        return self.pattern.current_agent(record.state)

    async def on_feedback(self, feedback: FeedbackRecord) -> None:
        """Nothing by default; apps with learning loops override it."""
        return None

    def memory(self, session_id: str) -> SessionMemory:
        return SessionMemory(self._store, session_id)

    # -- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Schema up to date and the model of every model-driven agent configured and warmed
        (fails fast on configuration); cheap once done."""
        if self._ready:
            return
        async with self._ready_lock:
            if not self._ready:
                await self._store.init()
                await self._models.warm(self.model_driven())
                if self._mcp_servers:
                    await self._open_mcp()
                self._ready = True

    def model_driven(self) -> list[AgentSpec]:
        """The agents whose model `start()` builds and warms (see the module docstring)."""
        names = model_agents(self.pattern)
        if names is None:
            return list(self._agents.values())
        return [spec for name, spec in self._agents.items() if name in names]

    async def _open_mcp(self) -> None:
        """Connect the agents' MCP servers and offer their tools (see the module docstring)."""
        from switchboard.tools.mcp import McpToolset  # the MCP SDK loads only for apps using it

        pattern = self.pattern
        if not isinstance(pattern, ToolHost):
            raise ConfigurationError(
                f"pattern {type(pattern).__name__} of app {self._name!r} cannot offer MCP tools "
                "to its agents (it has no `use_tools`)"
            )
        stack = AsyncExitStack()
        try:
            toolsets = {
                name: await stack.enter_async_context(McpToolset(server))
                for name, server in self._mcp_servers.items()
            }
            pattern.use_tools(
                {
                    agent: [
                        tool for server in spec.mcp_servers for tool in toolsets[server.name].tools
                    ]
                    for agent, spec in self._agents.items()
                    if spec.mcp_servers
                }
            )
        except BaseException:
            await stack.aclose()
            raise
        self._mcp = stack

    async def shutdown(self) -> None:
        stack, self._mcp = self._mcp, None
        if stack is not None:
            pattern = self.pattern
            if isinstance(pattern, ToolHost):
                pattern.use_tools({})
            await stack.aclose()
        await self._models.aclose()
        if isinstance(self._locks, RedisSessionLocks):
            await self._locks.aclose()
        await self._store.close()
        self._ready = False


def session_locks(settings: Settings) -> Locks:
    """In-process locks, or Redis-backed ones when a Redis URL is configured (several processes)."""
    if settings.redis_url:
        return RedisSessionLocks.from_url(
            settings.redis_url, lease_seconds=settings.session_lock_lease_seconds
        )
    return SessionLocks()


__all__ = [
    "AgentRouting",
    "ModelDriven",
    "PatternApp",
    "ToolHost",
    "mcp_servers",
    "model_agents",
    "session_locks",
]
