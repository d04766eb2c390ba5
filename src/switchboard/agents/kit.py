"""What every run of one agent shares: its spec, tools, control tools and the schemas it offers.

Built once when a routing pattern is configured, not once per model call: an agent's tools do not
change between turns, and deriving them is a measurable part of a turn's cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from switchboard.agents.control import ControlTool
from switchboard.core.agent_spec import AgentSpec
from switchboard.models.base import ToolSchema
from switchboard.tools.registry import ToolRegistry


@dataclass(frozen=True, slots=True)
class AgentKit:
    """Everything one agent run needs beside the model: its spec, its tools and the pattern's
    control tools, with the schemas offered to the model."""

    spec: AgentSpec
    tools: ToolRegistry
    """Runs the agent's ordinary tools (the registry may hold other agents' tools too)."""
    control: Mapping[str, ControlTool]
    """The pattern's signalling tools for this agent, by name."""
    schemas: list[ToolSchema]
    """Everything offered to the model: the agent's tools, then its control tools."""
    offered: frozenset[str]
    buffer_text: bool
    """A control tool may silence the text of the response that calls it, so text is held until
    the response is complete instead of streamed token by token."""

    @classmethod
    def build(
        cls, spec: AgentSpec, tools: ToolRegistry, control: Mapping[str, ControlTool] | None = None
    ) -> AgentKit:
        control = dict(control or {})
        schemas = [*tools.schemas(spec.tools), *(c.schema for c in control.values())]
        return cls(
            spec=spec,
            tools=tools,
            control=control,
            schemas=schemas,
            offered=frozenset(schema.name for schema in schemas),
            buffer_text=any(c.silences_text for c in control.values()),
        )

    @property
    def name(self) -> str:
        return self.spec.name
