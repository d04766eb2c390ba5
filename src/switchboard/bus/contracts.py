"""Agent contracts (spec 001 §3.1 "Contratos de Agentes").

A contract is what the bus knows about an agent: its kind, the operations it accepts (with JSON
schemas for request and response), its fallbacks and its dependencies. The bus uses it to reject
bad requests before delivery and to find a fallback when the agent's circuit opens.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from switchboard.bus.schema import RequestValidator, compile_schema


class AgentKind(StrEnum):
    """Coordinators plan and delegate; executors do the work: the bus applies different timeouts
    and rules to each."""

    COORDINATOR = "coordinator"
    EXECUTOR = "executor"


class Operation(BaseModel):
    """One operation an agent serves, with its request and response JSON schemas, so bad
    messages fail at the bus instead of in the agent."""

    model_config = ConfigDict(extra="forbid")

    name: str
    description: str = ""
    request_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object"})
    """formato_requisicao: JSON schema of `payload.parameters`."""
    response_schema: dict[str, Any] = Field(default_factory=dict)
    """formato_resposta: JSON schema of `response.payload.data` (documentation for callers)."""
    examples: list[dict[str, Any]] = Field(default_factory=list)

    def request_validator(self) -> RequestValidator:
        """Compiled check of `request_schema`: returns the violations of given parameters."""
        return compile_schema(self.request_schema)


class AgentContract(BaseModel):
    """What an agent on the bus is and offers (spec 001): its kind, responsibilities and
    operations; the bus validates messages against it."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    kind: AgentKind
    description: str = ""
    responsibilities: list[str] = Field(default_factory=list)
    operations: list[Operation] = Field(default_factory=list)
    fallbacks: list[str] = Field(default_factory=list)
    """fallbacks_disponiveis: agents (in order) that can take this agent's operations."""
    dependencies: list[str] = Field(default_factory=list)
    """dependencias: agents this one may call."""
    max_concurrency: int | None = Field(None, ge=1)
    """Handlers of this agent running at once per process (None = the bus default)."""

    @model_validator(mode="after")
    def _unique_operations(self) -> AgentContract:
        names = [op.name for op in self.operations]
        if len(names) != len(set(names)):
            raise ValueError(f"duplicate operation names in contract {self.name!r}")
        return self

    def operation(self, name: str) -> Operation | None:
        for op in self.operations:
            if op.name == name:
                return op
        return None

    @property
    def is_coordinator(self) -> bool:
        return self.kind is AgentKind.COORDINATOR
