"""Mission budgets and thresholds (spec 001 §3, §5, §7), every one configurable.

**The spec contradicts itself on budgets.** §3 (the orchestrator) gives 4k / 7k / 10k tokens
and 8 / 12 / 20 external calls for comparativa / profunda / análise-investimento; §7 (control
and safety) gives 5k / 10k / 20k tokens and 8 / 15 / 25 calls; and the worked flows use §7's
numbers (flow 4: "10k tokens, 15 chamadas API" for a profunda mission; flow 6: "20k tokens, 25
chamadas" for the deepest one). **Default: §7.** Reasons: (1) the flows — the spec's own
acceptance scenarios — are written against §7, so §3's values would make flow 4 exhaust its
budget where the spec says it ends at 82% of 10k; (2) §7 is the section that defines what the
budget *does* (flags at 80/90/100%), so its numbers are the ones the thresholds were sized
for; (3) the larger budget is the safe side for answer quality, which §3 itself says to
prioritize ("Priorize qualidade da resposta sobre economia de recursos"). §3's values are kept
as `SECTION3_BUDGETS`; set `SWITCHBOARD_MISSIONS_BUDGETS='{"comparativa": [4000, 8], ...}'`
or pass `MissionSettings(budgets=SECTION3_BUDGETS)` to use them.

Timeouts (80 / 120 / 150 s) agree in both sections.

Generic: the tables are keyed by complexity name. The defaults are spec 001's three levels
(`Complexity`); an app with levels of its own passes its own `budgets` and `timeouts`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

Complexity = Literal["comparativa", "profunda", "analise_investimento"]
"""Spec 001's mission complexity levels, which select budgets and timeouts."""
COMPLEXITIES: tuple[Complexity, ...] = ("comparativa", "profunda", "analise_investimento")
"""Spec 001's complexity levels, simplest first."""

SECTION7_BUDGETS: dict[str, tuple[int, int]] = {
    "comparativa": (5_000, 8),
    "profunda": (10_000, 15),
    "analise_investimento": (20_000, 25),
}
"""(tokens, external API calls) per complexity, spec §7 Camada 2 — the default."""

SECTION3_BUDGETS: dict[str, tuple[int, int]] = {
    "comparativa": (4_000, 8),
    "profunda": (7_000, 12),
    "analise_investimento": (10_000, 20),
}
"""(tokens, external API calls) per complexity as §3 words them."""

TIMEOUTS: dict[str, float] = {
    "comparativa": 80.0,
    "profunda": 120.0,
    "analise_investimento": 150.0,
}


class MissionSettings(BaseSettings):
    """Mission budgets and timeouts per complexity from `SWITCHBOARD_MISSIONS_*` variables
    (defaults: spec 001 §7)."""

    model_config = SettingsConfigDict(env_prefix="SWITCHBOARD_MISSIONS_", frozen=True)

    budgets: dict[str, tuple[int, int]] = Field(
        default_factory=lambda: dict(SECTION7_BUDGETS),
        description="(token budget, external-call budget) per complexity (see module doc).",
    )
    timeouts: dict[str, float] = Field(
        default_factory=lambda: dict(TIMEOUTS), description="Global mission timeout, seconds."
    )
    consolidation_grace: float = Field(
        10.0, ge=0, description="Time the lead has to consolidate after the global timeout (§7)."
    )
    executor_timeout: float = Field(
        60.0, gt=0, description="Timeout of one executor request (§4 default)."
    )
    coordinator_timeout: float = Field(
        90.0, gt=0, description="Timeout of one coordinator-to-coordinator request (§4 default)."
    )
    finish_budget_ratio: float = Field(
        0.8, description="Used share of the budget from which the lead finishes (< 20% left)."
    )
    finish_time_ratio: float = Field(
        0.3, description="Remaining share of the global timeout below which the lead finishes."
    )
    consolidate_seconds_left: float = Field(
        40.0, description="Seconds left at which the lead consolidates at once (§5 Seção 6)."
    )
    moderate_budget_ratio: float = Field(
        0.5,
        description="Used share from which optional operations are skipped (§7 Camada 5: "
        "'orçamento moderado' runs critical + complementary).",
    )
    override_margin: int = Field(
        5,
        ge=0,
        description="The orchestrator overrides Junior's first candidate only when the adjusted "
        "scores put another coordinator ahead by at least this many points.",
    )
    synthesis_regenerations: int = Field(2, ge=0, description="§8 Etapa 5: at most 2.")
    consolidation_repairs: int = Field(
        1, ge=0, description="Repairs asked of a model whose consolidation JSON is invalid."
    )


__all__ = [
    "COMPLEXITIES",
    "SECTION3_BUDGETS",
    "SECTION7_BUDGETS",
    "TIMEOUTS",
    "Complexity",
    "MissionSettings",
]
