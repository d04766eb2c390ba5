"""RoutingChatManager: the multi-session manager of spec 000 — a `PatternApp` whose pattern is a
coordinator delegating sub-conversations to specialists (`DelegationPattern`).

All routing state is persisted with each turn; a new manager on the same store carries on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from switchboard.config import Settings
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.messages import is_note
from switchboard.models.source import ModelChoice, ModelSource, as_source
from switchboard.patterns.app import PatternApp
from switchboard.patterns.delegation.pattern import AgentHopLimitError, DelegationPattern
from switchboard.store.base import Store
from switchboard.store.factory import open_store
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import Tool


class RoutingChatManager(PatternApp):
    """A coordinator and its specialists, with sessions, persistence and streaming."""

    pattern: DelegationPattern

    def __init__(
        self,
        coordinator: AgentSpec,
        specialists: Mapping[str, AgentSpec] | None = None,
        *,
        model: ModelChoice | ModelSource = None,
        store: str | Store | None = None,
        tools: ToolRegistry | Iterable[Tool] | None = None,
        share_memory: bool = True,
        settings: Settings | None = None,
        clock: Clock = SYSTEM_CLOCK,
        app: str = "",
        title: str = "",
    ) -> None:
        settings = settings or Settings()
        specialists = {
            role: spec.model_copy(update={"name": role})
            for role, spec in (specialists or {}).items()
        }
        registry = (
            tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools or (), clock=clock)
        )
        models = as_source(model)
        pattern = DelegationPattern(
            coordinator,
            specialists,
            tools=registry,
            models=models,
            settings=settings,
            clock=clock,
            share_memory=share_memory,
        )
        super().__init__(
            app,
            pattern,
            pattern.agents,
            entry_agent=coordinator.name,
            store=open_store(store if store is not None else "memory://", clock=clock),
            models=models,
            settings=settings,
            clock=clock,
            title=title,
        )
        self.tools = registry

    @property
    def coordinator(self) -> AgentSpec:
        return self.pattern.coordinator

    @property
    def specialists(self) -> dict[str, AgentSpec]:
        return self.pattern.specialists


__all__ = ["AgentHopLimitError", "RoutingChatManager", "is_note"]
