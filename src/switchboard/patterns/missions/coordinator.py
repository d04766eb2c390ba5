"""Coordinators as bus handlers (spec 001 §5), generic: the app supplies a `Playbook`.

One `CoordinatorAgent` per coordinator name serves two operations: `executar_missao` (lead a
mission: the package in, the §5 Seção 7 consolidation out) and `consultar_coordenador` (a
question from another coordinator, whose memories arrive whole). Notices from the bus arrive
at the same handler as notifications: `consolidate_partial` (global timeout) sets the
mission's consolidate-now signal, `budget_exhausted` its budget flag; the running cycles read
them between and during waves.

Without a model the coordinator plans with the app's deterministic planner and consolidates with
its composer (`Playbook.plan` / `consolidate`; finance: `planner.py`, `compose.py`); with one,
`Playbook.lead_with_model` runs the same cycles through tools (finance: `hosted.py`). Either way
the waves go over the same bus to the same executors, under the same self-regulation
(`engine.py`).

Progress lines for data access (which does not cross the bus) go to the status hook the
mission's opener registered in `StatusHooks` (same process only; bus requests are described
by `watch_bus` wherever they run).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from typing import Any, Protocol

from switchboard.bus import BudgetStatus, NoticeKind, Reply, RequestContext
from switchboard.bus.agent_handler import USER_KEY
from switchboard.core.clock import Clock
from switchboard.core.messages import UsageTally
from switchboard.models.base import Model
from switchboard.patterns.missions.engine import Engine, Execution, ExecutionState, LocalData
from switchboard.patterns.missions.models import Consolidation, MissionPackage
from switchboard.patterns.missions.plan import MISSION_OP, Plan
from switchboard.patterns.missions.record import ExecutorCall
from switchboard.patterns.missions.settings import MissionSettings
from switchboard.patterns.missions.usage import LEAD_USAGE, usage_metadata


@functools.cache
def _default_settings() -> MissionSettings:
    return MissionSettings()


class StatusHooks:
    """mission id → where its progress lines go, and the package as the orchestrator validated
    it (registered by `run_mission`, in the process that opened the mission)."""

    def __init__(self) -> None:
        self._hooks: dict[str, Callable[[str], None]] = {}
        self._packages: dict[str, tuple[dict[str, Any], MissionPackage]] = {}

    def register(
        self,
        mission_id: str,
        hook: Callable[[str], None],
        package: tuple[dict[str, Any], MissionPackage] | None = None,
    ) -> Callable[[], None]:
        self._hooks[mission_id] = hook
        if package is not None:
            self._packages[mission_id] = package

        def stop() -> None:
            self._hooks.pop(mission_id, None)
            self._packages.pop(mission_id, None)

        return stop

    def get(self, mission_id: str | None) -> Callable[[str], None] | None:
        return self._hooks.get(mission_id) if mission_id else None

    def package(self, mission_id: str, data: dict[str, Any]) -> MissionPackage:
        """The typed package of the `pacote` a lead received: the orchestrator's own model when
        `data` is the very object it validated into it (the lead runs in the process that
        opened the mission: the bus passed the parameters by reference), else validated here
        (the package came from another process)."""
        known = self._packages.get(mission_id)
        if known is not None and known[0] is data:
            return known[1]
        return MissionPackage.model_validate(data)


class ModelLead(Protocol):
    """What a model-driven lead produced: its consolidation, the operations it ran and its
    model usage (already charged to the mission's budget as it was spent)."""

    @property
    def consolidation(self) -> Consolidation: ...
    @property
    def execution(self) -> Execution: ...
    @property
    def usage(self) -> UsageTally: ...


class Playbook(Protocol):
    """The app's side of a coordinator: how it plans, consolidates and answers a consult."""

    def plan(self, coordinator: str, package: MissionPackage) -> Plan:
        """The deterministic plan for a mission led by `coordinator`."""

    def plan_consult(self, coordinator: str, question: str, parameters: dict[str, Any]) -> Plan:
        """The plan for another coordinator's question (`consultar_coordenador`)."""

    def consolidate(self, execution: Execution, budget: BudgetStatus | None) -> Consolidation:
        """The §5 Seção 7 document for an offline execution."""

    def consult_reply(self, consolidation: Consolidation) -> dict[str, Any]:
        """What a coordinator answers another coordinator."""

    async def lead_with_model(
        self,
        agent: CoordinatorAgent,
        ctx: RequestContext,
        package: MissionPackage,
        *,
        deadline: float,
        state: ExecutionState,
    ) -> ModelLead:
        """The mission led by `agent.model` (called only when the agent has one)."""


class CoordinatorAgent:
    """One coordinator as a bus handler: leads missions (package in, consolidation out) and
    answers other coordinators' questions, with the app's `Playbook`, offline or with a model."""

    def __init__(
        self,
        name: str,
        *,
        playbook: Playbook,
        clock: Clock,
        settings: MissionSettings | None = None,
        model: Model | None = None,
        hooks: StatusHooks | None = None,
        local_data: LocalData | None = None,
        coordinators: Collection[str] = (),
    ) -> None:
        """`local_data`: the app's internal data reader for `DATA` steps; `coordinators`: every
        coordinator's name (calls to them get the coordinator timeout)."""
        self.name = name
        self.playbook = playbook
        self.clock = clock
        self.settings = settings or _default_settings()
        self.model = model
        self.hooks = hooks or StatusHooks()
        self.engine = Engine(
            clock, self.settings, local_data=local_data, coordinators=coordinators or (name,)
        )
        self.states: dict[str, ExecutionState] = {}

    def state(self, mission_id: str) -> ExecutionState:
        found = self.states.get(mission_id)
        if found is None:
            found = self.states[mission_id] = ExecutionState()
        return found

    async def __call__(self, ctx: RequestContext) -> Reply | None:
        message = ctx.message
        mission_id = message.tracing.mission_id or message.message_id
        if ctx.is_notification:
            self._notice(mission_id, message.payload.objective, message.payload.context)
            return None
        if message.operation == MISSION_OP:
            return await self._mission(ctx, mission_id)
        return await self._consult(ctx, mission_id)

    def _notice(self, mission_id: str, kind: str, detail: dict[str, Any]) -> None:
        state = self.state(mission_id)
        state.notices.append(kind)
        if kind == NoticeKind.CONSOLIDATE_PARTIAL:
            state.consolidate_now.set()
        elif kind == NoticeKind.BUDGET_EXHAUSTED:
            state.budget_exhausted = True

    async def _mission(self, ctx: RequestContext, mission_id: str) -> Reply:
        """Lead the mission; the reply's data is the `Consolidation` itself (in-process it reaches
        the orchestrator as it is; across processes it travels as its JSON)."""
        package = self.hooks.package(mission_id, ctx.parameters["pacote"])
        limits = package.restricoes_hard
        deadline = (
            self.clock.monotonic() + (limits.timestamp_limite - self.clock.now()).total_seconds()
        )
        state = self.state(mission_id)
        try:
            if self.model is not None:
                run = await self.playbook.lead_with_model(
                    self, ctx, package, deadline=deadline, state=state
                )
                # its tokens were charged to the mission as they were spent: none in the reply
                return Reply(
                    data=run.consolidation,  # the object in-process; its JSON across processes
                    metadata={
                        "operacoes": operations(run.execution),
                        LEAD_USAGE: usage_metadata(run.usage),
                    },
                )
            plan = self.playbook.plan(self.name, package)
            execution = await self.engine.run(
                ctx,
                plan,
                deadline=deadline,
                total_time=limits.timeout_global_missao,
                user_id=user_of(ctx),
                state=state,
                status=self.hooks.get(mission_id),
                memory={
                    "query_original_usuario": package.query_original_usuario,
                    "resumo_contexto": package.resumo_contexto,
                },
            )
            budget = await ctx.budget()
            return Reply(
                data=self.playbook.consolidate(execution, budget),
                metadata={"operacoes": operations(execution)},
            )
        finally:
            self.states.pop(mission_id, None)

    async def _consult(self, ctx: RequestContext, mission_id: str) -> Reply:
        params = ctx.parameters
        plan = self.playbook.plan_consult(
            self.name, params["pergunta"], params.get("parametros") or {}
        )
        deadline = ctx.deadline if ctx.deadline is not None else self.clock.monotonic() + 60.0
        total = max(1.0, deadline - self.clock.monotonic())
        execution = await self.engine.run(
            ctx,
            plan,
            deadline=deadline,
            total_time=total,
            user_id=user_of(ctx),
            state=ExecutionState(),
            status=self.hooks.get(mission_id),
            memory=params.get("memoria_interna") or {},
        )
        consolidation = self.playbook.consolidate(execution, None)
        return Reply(data=self.playbook.consult_reply(consolidation))


def executor_calls(execution: Execution) -> list[ExecutorCall]:
    """Each operation the lead ran: agent, operation, success, fallback (for telemetry), what it
    was about and its wave (for the timeline under the answer)."""
    return [
        ExecutorCall(
            agente=o.step.agent,
            operacao=o.step.operation,
            sucesso=o.ok,
            fallback=o.fallback,
            rotulo=o.step.label,
            onda=o.step.wave,
        )
        for o in execution.outcomes.values()
        if o.status != "skipped"
    ]


def operations(execution: Execution) -> list[dict[str, Any]]:
    """`executor_calls` as they travel in the lead's reply metadata (`OPERATIONS_KEY`): the
    same JSON as `ExecutorCall.model_dump(mode="json")`, written directly — building eight
    models only to dump them was most of the +13.6% instructions per mission the extraction
    had cost (`bench/core/RESULTS_seams.md`, issue 23)."""
    return [
        {
            "agente": o.step.agent,
            "operacao": o.step.operation,
            "sucesso": o.ok,
            "fallback": o.fallback,
            "rotulo": o.step.label,
            "onda": o.step.wave,
        }
        for o in execution.outcomes.values()
        if o.status != "skipped"
    ]


def user_of(ctx: RequestContext) -> str:
    """The user a bus request acts for (the mission opener put it in the request context)."""
    return str((ctx.message.payload.context or {}).get(USER_KEY) or "")


__all__ = [
    "CoordinatorAgent",
    "ModelLead",
    "Playbook",
    "StatusHooks",
    "executor_calls",
    "operations",
    "user_of",
]
