"""A coordinator's plan (spec 001 §5 "Ciclo N - PLANEJAMENTO"): steps in waves, what the
engine runs. Generic: an app's planners fill it (finance: `apps/finance/missions/planner.py`,
`catalogue/plans.py`).

A plan is a list of `Step`s in waves. Steps of one wave are independent and run in parallel;
a later wave's parameters may depend on earlier results (`params` is then a function of the
results so far, returning None when what it needs is missing — the step is then skipped and
documented as a limitation). Each step carries its criticality (critical / complementary /
optional, §7 Camada 5) and an estimate of its cost, which the coordinator's evaluation uses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

Criticality = Literal["critica", "complementar", "opcional"]
"""How much a step matters to the answer: critical, complementary or optional (sets its bus
priority and the impact of its failure)."""
DATA = "dados_internos"
"""Pseudo-agent name of the internal data access system (§3.2): a step for it is run in the
coordinator's process by the app's `LocalData` (engine.py), not sent over the bus."""

MISSION_OP = "executar_missao"
"""The bus operation a lead coordinator serves: lead a mission (the package in, the
consolidation out)."""
CONSULT_OP = "consultar_coordenador"
"""The bus operation a coordinator serves for another (§5 4.1): both memories travel whole."""

Results = dict[str, Any]
"""Step key → the step's data (only successful steps)."""
ParamsFn = Callable[[Results], dict[str, Any] | None]
"""Parameters computed from earlier waves' results (None: the step is skipped)."""


@dataclass(slots=True)
class Step:
    """One operation of a mission plan: the agent and operation, its parameters, criticality,
    wave and pt-BR label."""

    key: str
    agent: str
    operation: str
    params: dict[str, Any] | ParamsFn
    criticality: Criticality
    wave: int
    label: str
    """pt-BR, what this step is for (limitations, progress)."""
    est_api_calls: int = 0
    est_tokens: int = 0

    def resolve(self, results: Results) -> dict[str, Any] | None:
        return self.params(results) if callable(self.params) else self.params


@dataclass(slots=True)
class Plan:
    coordinator: str
    intent: str
    facts: Any
    """What the app's extractors found in the question (finance: `missions.plan.Facts`); the
    engine never reads it, the app's composer does."""
    steps: list[Step]
    question: Any = None
    """The app's typed question when a catalogue planned it (finance: `catalogue.Question`)."""
    scope: str | None = None
    """Why no plan answers the question offline (an out-of-catalogue topic), when so."""

    @property
    def waves(self) -> list[int]:
        return sorted({s.wave for s in self.steps})


MissionPlan = Plan
"""`Plan` under the name `switchboard.patterns` exports it by, beside the jobs' own `Plan`."""

__all__ = [
    "CONSULT_OP",
    "DATA",
    "MISSION_OP",
    "Criticality",
    "MissionPlan",
    "ParamsFn",
    "Plan",
    "Results",
    "Step",
]
