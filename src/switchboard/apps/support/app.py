"""Builds the support assistant from `agents.yaml` and `tools.py`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from switchboard import AgentSpec, BuilderFactory, RoutingChatManager
from switchboard.apps.support.tools import TOOLS

AGENTS_FILE = Path(__file__).with_name("agents.yaml")
INTENTS_FILE = Path(__file__).with_name("intents.yaml")


def load_specs() -> tuple[AgentSpec, dict[str, AgentSpec]]:
    """The agents of agents.yaml. intents.yaml (the intent inventory: examples, labels,
    keywords) is read in front of it as one YAML document, so the agents' policies use its
    anchors; each agent gives the shared intents its own actions."""
    text = INTENTS_FILE.read_text(encoding="utf-8") + "\n" + AGENTS_FILE.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    coordinator = AgentSpec.model_validate(data["coordinator"])
    specialists = {
        role: AgentSpec.model_validate({"name": role, **body})
        for role, body in data["specialists"].items()
    }
    return coordinator, specialists


def build(**options: Any) -> RoutingChatManager:
    """The app from keywords (`store`, `settings`, `clock`, `model`; store default in memory)."""
    coordinator, specialists = load_specs()
    return RoutingChatManager(
        coordinator, specialists, tools=TOOLS, app="support", title="Suporte técnico", **options
    )


factory = BuilderFactory(build)
"""The `switchboard.apps` entry point (`AppFactory`): `build` with the app's defaults."""
