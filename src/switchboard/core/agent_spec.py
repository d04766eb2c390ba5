"""Agent specifications: persona, instructions, tools, model and offline policy; loadable from
YAML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

from switchboard.core.mcp_spec import McpServerSpec
from switchboard.core.policy import OfflinePolicy


class AgentSpec(BaseModel):
    """One agent as data (`agents.yaml`): name, persona, prompt, tools and offline policy, so
    apps declare agents instead of coding them."""

    name: str
    """Stable identifier (e.g. `especialista_tecnico`); used in routing, storage and events."""
    role: str = ""
    """Persona shown to the model (e.g. "Especialista Técnico")."""
    objective: str = ""
    instructions: str = ""
    """The agent's prompt (the spec's `context`)."""
    description: str = ""
    """One line for people and for coordinators choosing a specialist."""
    tools: list[str] = Field(default_factory=list)
    """Names of registered tools this agent may call."""
    mcp_servers: list[McpServerSpec] = Field(default_factory=list)
    """MCP servers whose allowed tools this agent may also call, as `{prefix}__{tool}` (see
    `core/mcp_spec.py`). The app connects each distinct server once at `start()` and closes it at
    `shutdown()`; agents listing the same server (same spec) share the connection."""
    model: str | None = None
    """Model id like `openai:gpt-4o-mini`; None uses the manager's default."""
    policy: OfflinePolicy | None = None
    max_steps: int = 8
    """Model calls allowed in one turn before the run stops with `step_limit`."""
    metadata: dict[str, Any] = Field(default_factory=dict)

    def system_prompt(self) -> str:
        parts = []
        if self.role:
            parts.append(f"Você é: {self.role}.")
        if self.objective:
            parts.append(f"Objetivo: {self.objective}")
        if self.instructions:
            parts.append(self.instructions.strip())
        return "\n\n".join(parts)

    @classmethod
    def from_yaml(cls, source: str | Path) -> AgentSpec:
        return cls.model_validate(_read_yaml(source))


def load_agents(source: str | Path) -> dict[str, AgentSpec]:
    """Load a YAML file holding a list of agents, or a mapping `name: {...}`."""
    data = _read_yaml(source)
    if isinstance(data, dict) and "agents" in data:
        data = data["agents"]
    if isinstance(data, dict):
        data = [{"name": name, **body} for name, body in data.items()]
    specs = [AgentSpec.model_validate(item) for item in data]
    return {spec.name: spec for spec in specs}


def _read_yaml(source: str | Path) -> Any:
    """A `Path`, or a string that is a path to a file, or YAML text itself."""
    if isinstance(source, Path) or "\n" not in source:
        return yaml.safe_load(Path(source).read_text(encoding="utf-8"))
    return yaml.safe_load(source)
