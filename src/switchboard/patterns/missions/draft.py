"""What a consolidation is written from: the composer's (or a template's) draft, in parts."""

from __future__ import annotations

from dataclasses import dataclass, field

from switchboard.patterns.missions.models import (
    Calculo,
    Comparacao,
    DadoSuporte,
    RequisitosCobertura,
)


@dataclass(slots=True)
class Draft:
    """What a composer writes."""

    lead: list[str] = field(default_factory=list)
    """The direct answer (first paragraph, §8 Etapa 3)."""
    main: list[str] = field(default_factory=list)
    """The evidence (following paragraph)."""
    data: list[DadoSuporte] = field(default_factory=list)
    calcs: list[Calculo] = field(default_factory=list)
    comparisons: list[Comparacao] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    """Premissas the answer states (rates used, conventions, what was read how)."""
    recommendations: list[str] = field(default_factory=list)
    next_steps: list[str] = field(default_factory=list)
    asks: bool = False
    """The answer asks the user for missing data: a partial success, not a complete one."""
    coverage: RequisitosCobertura | None = None
    """What the final answer must contain (from the question; see `models.RequisitosCobertura`)."""


__all__ = ["Draft"]
