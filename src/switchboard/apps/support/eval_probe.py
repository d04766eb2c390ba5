"""The support app's probe for `switchboard eval` (docs/eval.md): route and tickets.

- **route**: the answering agent's name (`assistente_virtual`, `especialista_tecnico`,
  `especialista_financeiro`): routing is delegation, so who answered is the route.
- **effects**: `{"kind": "ticket", ...}` for every ticket the turn opened. The app keeps no
  ticket records (its tools stand in for a company's systems), so a ticket is a successful
  `abrir_chamado` tool call in the turn's events; `protocol` is the number it returned and
  `category` the tool's `categoria` when it reports one (today it does not: null).
- **setup**: none.

Registered in pyproject's `switchboard.eval_probes` group; nothing in the app imports it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from switchboard import ChatApp, ToolEndEvent
from switchboard.evals import (
    CaseContext,
    Effect,
    EffectKind,
    EvalProbe,
    TurnFacts,
    TurnObservation,
)

TICKET_TOOL = "abrir_chamado"
EFFECT_KINDS: dict[str, EffectKind] = {
    "ticket": EffectKind(frozenset({"category", "protocol", "agent"})),
}


def _ticket(event: ToolEndEvent) -> Effect:
    try:
        output = json.loads(event.output)
    except ValueError:
        output = {}
    if not isinstance(output, dict):
        output = {}
    protocol, category = output.get("protocolo"), output.get("categoria")
    return Effect.of(
        "ticket",
        category=category if isinstance(category, str) else None,
        protocol=protocol if isinstance(protocol, str) else None,
        agent=event.agent,
    )


class _SupportCase:
    async def observe(self, turn: TurnObservation) -> TurnFacts:
        tickets = tuple(
            _ticket(event)
            for event in turn.events
            if isinstance(event, ToolEndEvent) and event.tool == TICKET_TOOL and event.ok
        )
        return TurnFacts(route=turn.agent, effects=tickets)


class SupportProbe:
    """The support app's `EvalProbe`."""

    reports = frozenset({"route", "effects"})
    effect_kinds: Mapping[str, EffectKind] = EFFECT_KINDS

    def setup_problems(self, setup: Mapping[str, Any]) -> list[str]:
        return [f"unknown key {key!r} (support takes no setup)" for key in setup]

    async def open_case(self, case: CaseContext) -> _SupportCase:
        return _SupportCase()


def probe(app: ChatApp) -> EvalProbe:
    """The `switchboard.eval_probes` entry point."""
    return SupportProbe()


__all__ = ["EFFECT_KINDS", "SupportProbe", "probe"]
