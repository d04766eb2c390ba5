"""The three finance coordinators: the platform's `CoordinatorAgent` with finance's playbook.

`patterns/missions/coordinator.py` is the bus handler (mission, consult, notices, deadlines,
the engine's waves); what is finance's is how a coordinator plans (`planner.py`: the question
catalogue first), consolidates (`compose.py`), answers a consult and, with a model, leads
through its typed tools (`hosted.py`). Data steps read the ledger through `DataAccess`
(`executors.query_data`), in the coordinator's process.
"""

from __future__ import annotations

import functools
from typing import Any

from switchboard import Clock, Model
from switchboard.apps.finance.data_access import DataAccess
from switchboard.apps.finance.missions.compose import consolidate, consult_reply
from switchboard.apps.finance.missions.contracts import COORDINATORS
from switchboard.apps.finance.missions.executors import query_data
from switchboard.apps.finance.missions.planner import plan_consult, plan_for
from switchboard.bus import BudgetStatus, RequestContext
from switchboard.patterns import (
    Consolidation,
    CoordinatorAgent,
    Execution,
    ExecutionState,
    MissionPackage,
    MissionSettings,
    ModelLead,
    StatusHooks,
    operations,
)
from switchboard.patterns import MissionPlan as Plan


class FinancePlaybook:
    """Finance's `Playbook`: the catalogue-first planners, the offline composer, the hosted
    coordinators."""

    def plan(self, coordinator: str, package: MissionPackage) -> Plan:
        return plan_for(coordinator, package.query_original_usuario, package.resumo_contexto)

    def plan_consult(self, coordinator: str, question: str, parameters: dict[str, Any]) -> Plan:
        return plan_consult(coordinator, question, parameters)

    def consolidate(self, execution: Execution, budget: BudgetStatus | None) -> Consolidation:
        return consolidate(execution, budget)

    def consult_reply(self, consolidation: Consolidation) -> dict[str, Any]:
        return consult_reply(consolidation)

    async def lead_with_model(
        self,
        agent: CoordinatorAgent,
        ctx: RequestContext,
        package: MissionPackage,
        *,
        deadline: float,
        state: ExecutionState,
    ) -> ModelLead:
        # imported here: the hosted coordinators' tools are only needed with a model
        from switchboard.apps.finance.missions.hosted import run_hosted

        return await run_hosted(agent, ctx, package, deadline=deadline, state=state)


PLAYBOOK = FinancePlaybook()


def finance_coordinator(
    name: str,
    *,
    data_access: DataAccess,
    clock: Clock,
    settings: MissionSettings | None = None,
    model: Model | None = None,
    hooks: StatusHooks | None = None,
) -> CoordinatorAgent:
    """The coordinator `name` with finance's playbook, reading the user's data through
    `data_access`."""
    return CoordinatorAgent(
        name,
        playbook=PLAYBOOK,
        clock=clock,
        settings=settings,
        model=model,
        hooks=hooks,
        local_data=functools.partial(query_data, data_access),
        coordinators=COORDINATORS,
    )


__all__ = [
    "PLAYBOOK",
    "CoordinatorAgent",
    "FinancePlaybook",
    "StatusHooks",
    "finance_coordinator",
    "operations",
]
