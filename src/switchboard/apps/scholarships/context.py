"""What one turn of the scholarship assistant works with, and how it speaks.

`Services` is built once per app (store, offline/hosted models, knowledge index, web search,
income rules). `Step` is one turn's working copy: the scholarship part of the state, the events
collected so far, and helpers that record an answer (`say`), a tool run (`tool`) and a UI
component (`ui`) in one place, so every message the turn persists is tagged with its workflow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from switchboard.apps.scholarships.eligibility import IncomeRules
from switchboard.apps.scholarships.rag import ToolCallRecord, WebSearch
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.apps.scholarships.ui import Component
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.events import (
    AgentEvent,
    Event,
    StatusEvent,
    TextEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from switchboard.core.messages import META_WORKFLOW, Message
from switchboard.knowledge import KnowledgeIndex
from switchboard.models.base import Model
from switchboard.sessions.turn import Turn
from switchboard.store.base import Store

ROOT = "root"
TOOL_STATUS = {
    "datas_importantes": "Buscando datas...",
    "buscar_conhecimento": "Consultando os editais...",
    "buscar_na_web": "Tentando a busca na web...",
    "buscar_oportunidades": "Buscando oportunidades...",
    "atualizar_perfil": "Atualizando seu perfil...",
}
UiFactory = Callable[[Component, BaseModel, str, str], Event | None]
"""Builds the `ui` event (component, props, text fallback, agent); None where unsupported."""


@dataclass(slots=True)
class Services:
    store: Store
    agents: dict[str, AgentSpec]
    index: KnowledgeIndex
    rules: IncomeRules
    model_for: Callable[[AgentSpec], Model] | None
    """The hosted model of an agent; None offline (every decision by rules/extraction)."""
    web: WebSearch | None = None
    ui: UiFactory | None = None
    courses: list[str] = field(default_factory=list)

    def model(self, agent: str) -> Model | None:
        if self.model_for is None:
            return None
        return self.model_for(self.agents[agent])


@dataclass(slots=True)
class Step:
    turn: Turn
    services: Services
    state: ScholarshipState
    workflow: str = "root"
    """What the messages of this step are tagged with (`META_WORKFLOW`)."""
    events: list[Event] = field(default_factory=list)
    speaking: str | None = None

    def update(self, **changes: Any) -> None:
        self.state = self.state.model_copy(update=changes)

    def tag(self, message: Message) -> None:
        message.metadata.setdefault(META_WORKFLOW, self.workflow)

    def _speaker(self, agent: str) -> None:
        if agent == self.speaking:
            return
        if self.turn.stream:
            if self.speaking is None:
                self.events.append(AgentEvent(agent=agent, reason="start"))
            else:
                self.events.append(
                    AgentEvent(agent=agent, reason="workflow", previous=self.speaking)
                )
        self.speaking = agent
        self.turn.speaker = agent

    def say(self, text: str, agent: str) -> None:
        """One answer piece by `agent`, visible and persisted (tagged with the workflow)."""
        self._speaker(agent)
        shown = f"\n\n{text}" if self.turn.visible else text
        message = self.turn.say(shown, agent=agent)
        message.content = text
        self.tag(message)
        if self.turn.stream:
            self.events.append(TextEvent(delta=shown, agent=agent))

    def tool(self, record: ToolCallRecord, agent: str, call_id: str) -> None:
        self._speaker(agent)
        if not self.turn.stream:
            return
        status = TOOL_STATUS.get(record.tool)
        if status:
            self.events.append(StatusEvent(message=status))
        self.events.append(
            ToolStartEvent(tool=record.tool, args=dict(record.args), call_id=call_id, agent=agent)
        )
        self.events.append(
            ToolEndEvent(
                tool=record.tool,
                output=record.output[:2000],
                ok=record.ok,
                ms=record.ms,
                call_id=call_id,
                agent=agent,
            )
        )

    def ui(self, component: Component, props: BaseModel, fallback: str, agent: str) -> None:
        if not self.turn.stream or self.services.ui is None:
            return
        self._speaker(agent)
        event = self.services.ui(component, props, fallback, agent)
        if event is not None:
            self.events.append(event)

    def drain(self) -> list[Event]:
        events, self.events = self.events, []
        return events


__all__ = ["ROOT", "TOOL_STATUS", "Services", "Step", "UiFactory"]
