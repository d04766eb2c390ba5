"""Persona templates (spec 004's `AgentPersonaTemplate`), loadable from YAML like agent specs.

    personas:
      - name: relatorios
        role: Analista de Relatórios
        goal: Produzir o relatório semanal de finanças, verificável
        backstory: ...
        tools: [fs_read, fs_write, terminal, create_job]
        model: openai:gpt-4o-mini      # optional
        queue: relatorios              # optional; defaults to the role, slugified

A persona is instantiated as an `AgentSpec` (the prompt the executor uses) and names the queue its
jobs run on (`queue_specs` gives the engine its queues).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field, model_validator

from switchboard.core.agent_spec import AgentSpec
from switchboard.patterns.jobs.queues import QueueSpec


def slug(text: str) -> str:
    """ "Analista de Relatórios" → "analista_de_relatorios" (queue names are ASCII)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_text.lower()).strip("_")


class PersonaTemplate(BaseModel):
    """A job persona from `personas.yaml`: role, goal, tools, model and queue, so an app's job
    workers are configured as data."""

    name: str
    role: str
    goal: str = ""
    backstory: str = ""
    tools: list[str] = Field(default_factory=list)
    model: str | None = None
    queue: str = ""
    """Defaults to the role, slugified."""
    concurrency: int = Field(default=4, ge=1, le=256)
    """Jobs of this persona one worker runs at once."""

    @model_validator(mode="after")
    def _default_queue(self) -> PersonaTemplate:
        if not self.queue:
            self.queue = slug(self.role) or slug(self.name)
        return self

    def agent_spec(self) -> AgentSpec:
        instructions = "\n\n".join(part for part in (self.backstory.strip(), _JOB_RULES) if part)
        return AgentSpec(
            name=self.name,
            role=self.role,
            objective=self.goal,
            instructions=instructions,
            tools=list(self.tools),
            model=self.model,
            max_steps=40,
        )


_JOB_RULES = (
    "Você executa jobs de forma autônoma: defina critérios de pronto verificáveis antes de "
    "executar, use apenas as ferramentas oferecidas, valide o resultado contra os critérios e, "
    "se algo falhar, explique a causa e replaneje."
)


def load_personas(source: str | Path) -> dict[str, PersonaTemplate]:
    """A YAML file (or text) holding `personas:` as a list or a `name: {...}` mapping."""
    data: Any
    if isinstance(source, Path) or "\n" not in source:
        data = yaml.safe_load(Path(source).read_text(encoding="utf-8"))
    else:
        data = yaml.safe_load(source)
    if isinstance(data, dict) and "personas" in data:
        data = data["personas"]
    if isinstance(data, dict):
        data = [{"name": name, **body} for name, body in data.items()]
    personas = [PersonaTemplate.model_validate(item) for item in data]
    return {persona.name: persona for persona in personas}


def queue_specs(personas: dict[str, PersonaTemplate]) -> tuple[QueueSpec, ...]:
    """One queue per distinct persona queue (the largest concurrency asked for wins)."""
    sizes: dict[str, int] = {}
    for persona in personas.values():
        sizes[persona.queue] = max(sizes.get(persona.queue, 0), persona.concurrency)
    return tuple(QueueSpec(name, worker_concurrency=size) for name, size in sizes.items())


__all__ = ["PersonaTemplate", "load_personas", "queue_specs", "slug"]
