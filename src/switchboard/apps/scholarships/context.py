"""What the scholarship assistant works with, and how its non-workflow agents speak.

`Services` is built once per app (store, offline/hosted models, knowledge index, web search,
income rules, the course catalogue) and shared by the workflows' actions, the extractor, the
router and the root agent. `Step` is what the root agent and card clicks (the answers outside
workflows) use: the app's part of the state, the events collected so far, and `say`, which
records an answer tagged with its workflow ("root"). Inside workflows the workflows pattern
records the answers itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from switchboard import AgentEvent, AgentSpec, Event, Message, Model, Store, TextEvent, Turn
from switchboard.apps.scholarships.eligibility import IncomeRules
from switchboard.apps.scholarships.rag import WebSearch
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.core import META_WORKFLOW
from switchboard.knowledge import KnowledgeIndex

ROOT = "root"
TOOL_STATUS = {
    "datas_importantes": "Buscando datas...",
    "buscar_conhecimento": "Consultando os editais...",
    "buscar_na_web": "Tentando a busca na web...",
    "buscar_oportunidades": "Buscando oportunidades...",
    "atualizar_perfil": "Atualizando seu perfil...",
}


@dataclass(slots=True)
class Services:
    store: Store
    agents: dict[str, AgentSpec]
    index: KnowledgeIndex
    rules: IncomeRules
    model_for: Callable[[AgentSpec], Model] | None
    """The hosted model of an agent; None offline (every decision by rules/extraction)."""
    web: WebSearch | None = None
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

    def drain(self) -> list[Event]:
        events, self.events = self.events, []
        return events


__all__ = ["ROOT", "TOOL_STATUS", "Services", "Step"]
