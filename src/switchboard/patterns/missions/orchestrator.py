"""The orchestrator's generic half (spec 001 §3): from the app's decisions to the package.

An app's orchestrator decides who leads, why, how complex the question is and what the lead
should aim for (finance: `apps/finance/missions/orchestrator.py`, with its override rules). The
rest is the same for every app and lives here: the mission id, the budgets and the global
timeout for that complexity (`MissionSettings`, spec §7 by default), the hard restrictions
(start and limit timestamps), the autonomy instructions of §3, and one validation into the typed
`MissionPackage`. The package's data is written once and validated once: what goes to the lead
over the bus is that same data, not a dump of the model.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from switchboard.core.clock import Clock
from switchboard.patterns.missions.models import MissionPackage
from switchboard.patterns.missions.settings import MissionSettings

AUTONOMY = (
    "Você tem autonomia COMPLETA para decidir quantos ciclos realizar, quantas operações "
    "executar e quais agentes chamar.",
    "Sua única restrição é o timeout global de {timeout:g} segundos e o orçamento de recursos.",
    "Decida você mesmo quando o objetivo foi suficientemente alcançado.",
    "Priorize qualidade da resposta sobre economia de recursos, mas respeite orçamentos.",
)
"""§3's autonomy instructions to the lead (pt-BR, as the coordinators read them)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What the app's orchestrator decided about one question."""

    lead: str
    """The lead coordinator."""
    choice: Mapping[str, Any]
    """Why (`JustificativaEscolha`'s fields: texto, sugestao_junior, score_junior, …)."""
    objective: str
    query: str
    """The user's question, as the package carries it."""
    complexity: str
    """A key of `MissionSettings.budgets` / `timeouts`."""
    domain: str
    contracts: str
    """The agents' contracts in the compact form coordinators read."""
    prompt: str = ""
    """The specialised orchestration prompt."""
    context: str | None = None
    """The chat context summary, when any."""
    profile: Mapping[str, Any] = field(default_factory=dict)


def assemble(
    decision: Decision, *, settings: MissionSettings, clock: Clock, mission_id: str | None = None
) -> tuple[MissionPackage, dict[str, Any]]:
    """The mission package for `decision`, and the same package as JSON-ready data (what goes
    to the lead over the bus)."""
    tokens, calls = settings.budgets[decision.complexity]
    timeout = settings.timeouts[decision.complexity]
    start = clock.now()
    data: dict[str, Any] = {
        "missao_id": mission_id or f"missao-{secrets.token_hex(6)}",
        "agente_coordenador_lider": decision.lead,
        "justificativa_escolha": dict(decision.choice),
        "objetivo_estrategico": decision.objective,
        "query_original_usuario": decision.query,
        "complexidade": decision.complexity,
        "dominio": decision.domain,
        "contratos_agentes_disponiveis": decision.contracts,
        "orcamento_recursos": {
            "orcamento_tokens": tokens,
            "orcamento_chamadas_api": calls,
            "consumo_atual": {"tokens": 0, "chamadas_api": 0},
        },
        "restricoes_hard": {
            "timeout_global_missao": timeout,
            "timestamp_inicio": start.isoformat(),
            "timestamp_limite": (start + timedelta(seconds=timeout)).isoformat(),
        },
        "prompt_orquestracao_especializado": decision.prompt,
        "instrucoes_autonomia": list(autonomy(timeout)),
        "resumo_contexto": decision.context,
        "perfil_usuario": dict(decision.profile),
    }
    return MissionPackage.model_validate(data), data


@functools.lru_cache(maxsize=16)
def autonomy(timeout: float) -> tuple[str, ...]:
    """The autonomy instructions for a global timeout (one per complexity class)."""
    return tuple(line.format(timeout=timeout) for line in AUTONOMY)


__all__ = ["AUTONOMY", "Decision", "assemble", "autonomy"]
