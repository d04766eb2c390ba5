"""The coordinators' execution cycles (spec 001 §5): waves in parallel over the bus, evaluation
after each wave, self-regulation, and the record consolidation is built from.

Self-regulation, exactly as the spec words it (thresholds in `MissionSettings`):

- **< 40 s to the global deadline** → consolidate now: nothing new starts (§5 Seção 6).
- **`budget_critical`** (the bus's 90% flag), **< 20% budget left** or **< 30% of the time
  left** → prioritize finishing: only CRITICAL operations still run, then consolidate (§5
  Execução / Seção 5).
- **budget at 100%** → only critical operations, sent as HIGH so that the bus, which refuses
  NORMAL and LOW from then on, lets them through (§4 "Controle de Orçamento").
- otherwise cost-benefit per remaining operation: from half the budget used ("orçamento
  moderado", §7 Camada 5) optional operations are dropped; an operation whose estimated
  external calls exceed what is left is dropped unless critical.

Priority on the bus follows criticality: critical → HIGH, complementary → NORMAL, optional →
LOW. Every operation not run is documented with its reason (timeout / orçamento /
falha_agente / dados_indisponiveis) and its impact (critical → alto, complementary → medio,
optional → baixo).

Generic: the app gives the engine its local data reader (`LocalData`, the §3.2 internal data
access, run in the coordinator's process for `DATA` steps) and the names of its coordinators
(which get the coordinator timeout on the bus); everything else is the plan's.

A global timeout reaches the lead as the bus's `consolidate_partial` notice (or its own deadline
check): `ExecutionState.consolidate_now` is set, the wave in flight is cancelled, and the lead
consolidates with what it has within the grace period.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Literal

from babel.lists import format_list

from switchboard.bus import (
    BudgetExhaustedError,
    BudgetLevel,
    BusError,
    MissionClosedError,
    Priority,
    RequestContext,
    Response,
    ResponseStatus,
)
from switchboard.bus.agent_handler import USER_KEY
from switchboard.core.clock import Clock
from switchboard.patterns.missions.models import FallbackUsado, Limitacao
from switchboard.patterns.missions.plan import CONSULT_OP, DATA, Criticality, Plan, Results, Step
from switchboard.patterns.missions.settings import MissionSettings

OutcomeStatus = Literal["ok", "fallback", "partial", "failed", "skipped"]
Reason = Literal["timeout", "orcamento", "falha_agente", "dados_indisponiveis"]

PRIORITY: dict[Criticality, Priority] = {
    "critica": Priority.HIGH,
    "complementar": Priority.NORMAL,
    "opcional": Priority.LOW,
}
IMPACT: dict[Criticality, Literal["baixo", "medio", "alto"]] = {
    "critica": "alto",
    "complementar": "medio",
    "opcional": "baixo",
}


@dataclass(slots=True)
class StepOutcome:
    """What one plan step returned (status, data, confidence, sources, warnings, fallback), for
    the composer and the consolidation."""

    step: Step
    status: OutcomeStatus
    data: Any = None
    confidence: float | None = None
    sources: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    fallback: str | None = None
    description: str | None = None
    reason: Reason | None = None
    error: str | None = None
    tokens: int = 0
    api_calls: int = 0
    db_calls: int = 0
    illustrative: bool = False
    """Recorded or offline market data (fixtures, static values): the answer must say so."""

    @property
    def ok(self) -> bool:
        return self.status in ("ok", "fallback", "partial") and self.data is not None


class Signal:
    """A one-shot flag (the subset of `asyncio.Event` the cycles use) that a wave can wait on
    together with its requests: `set()` also resolves the futures given to `add_waiter`, so
    waiting for "every result or the signal" needs no task per wave."""

    __slots__ = ("_set", "_waiters")

    def __init__(self) -> None:
        self._set = False
        self._waiters: list[asyncio.Future[None]] = []

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        if self._set:
            return
        self._set = True
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def add_waiter(self, waiter: asyncio.Future[None]) -> None:
        if self._set:
            if not waiter.done():
                waiter.set_result(None)
        else:
            self._waiters.append(waiter)

    def discard_waiter(self, waiter: asyncio.Future[None]) -> None:
        if waiter in self._waiters:
            self._waiters.remove(waiter)

    async def wait(self) -> None:
        if not self._set:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.add_waiter(waiter)
            await waiter


@dataclass(slots=True)
class ExecutionState:
    """Per mission, what the bus told the lead (notices arrive as separate deliveries)."""

    consolidate_now: Signal = field(default_factory=Signal)
    budget_exhausted: bool = False
    notices: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Execution:
    """Everything the cycles produced: what consolidation is built from."""

    plan: Plan
    outcomes: dict[str, StepOutcome] = field(default_factory=dict)
    cycles: int = 1
    """The planning cycle counts."""
    decisions: list[str] = field(default_factory=list)
    """One line per evaluation (for telemetry and the hosted model's memory)."""
    forced: bool = False
    """The global timeout forced consolidation."""
    started: float = 0.0
    finished: float = 0.0

    @property
    def results(self) -> Results:
        return {k: o.data for k, o in self.outcomes.items() if o.ok}

    def limitations(self) -> list[Limitacao]:
        grouped: dict[tuple[Reason, Criticality], list[StepOutcome]] = {}
        for outcome in self.outcomes.values():
            if outcome.status in ("failed", "skipped") and outcome.reason is not None:
                grouped.setdefault((outcome.reason, outcome.step.criticality), []).append(outcome)
        limits = []
        for (reason, crit), items in grouped.items():
            labels = [o.step.label for o in items]
            limits.append(
                Limitacao(
                    tipo_limitacao=reason,
                    descricao=_LIMIT_TEXT[reason].format(what=format_list(labels, locale="pt_BR")),
                    impacto=IMPACT[crit],
                    operacoes_nao_executadas=[f"{o.step.agent}.{o.step.operation}" for o in items],
                )
            )
        order = {"alto": 0, "medio": 1, "baixo": 2}
        return sorted(limits, key=lambda lim: order[lim.impacto])

    def fallbacks(self) -> list[FallbackUsado]:
        return [
            FallbackUsado(agente=o.step.agent, fallback_usado=o.fallback)
            for o in self.outcomes.values()
            if o.fallback
        ]


_LIMIT_TEXT: dict[Reason, str] = {
    "timeout": "Não houve tempo para concluir: {what}.",
    "orcamento": "Omitido para respeitar o limite de recursos da análise: {what}.",
    "falha_agente": "As fontes não responderam: {what}.",
    "dados_indisponiveis": "Dados necessários indisponíveis para: {what}.",
}


StatusHook = Callable[[str], None]
LocalData = Callable[[str, dict[str, Any]], Awaitable[Any]]
"""(user id, step parameters) → the data of a `DATA` step (the app's internal data access)."""


class Engine:
    """Runs a plan's waves for one coordinator on one request (mission or consult)."""

    def __init__(
        self,
        clock: Clock,
        settings: MissionSettings,
        *,
        local_data: LocalData | None = None,
        coordinators: Collection[str] = (),
    ) -> None:
        self.local_data = local_data
        self.coordinators = frozenset(coordinators)
        self.clock = clock
        self.settings = settings
        self._timeouts = (settings.executor_timeout, settings.coordinator_timeout)
        """(executor, coordinator) message timeouts, read once (a settings field read costs ten
        plain ones)."""

    async def run(
        self,
        ctx: RequestContext,
        plan: Plan,
        *,
        deadline: float,
        total_time: float,
        user_id: str,
        state: ExecutionState,
        status: StatusHook | None = None,
        memory: dict[str, Any] | None = None,
    ) -> Execution:
        execution = Execution(plan, started=self.clock.monotonic())
        for wave in plan.waves:
            if state.consolidate_now.is_set():
                break
            steps = [s for s in plan.steps if s.wave == wave]
            selected = await self.evaluate(ctx, execution, steps, deadline, total_time, state)
            if not selected:
                continue
            execution.cycles += 1
            results = execution.results
            in_flight = Wave()
            for step in selected:
                self.launch(ctx, step, results, user_id, status, memory, in_flight)
            await self.wait(in_flight, state)
            for item in in_flight.items:
                execution.outcomes[item.step.key] = item.outcome() or StepOutcome(
                    item.step, "failed", reason="timeout", error="interrupted by global timeout"
                )
            execution.cycles += 1  # the evaluation of this wave's results
            if state.consolidate_now.is_set():
                execution.forced = True
                break
        if state.consolidate_now.is_set():
            execution.forced = True
            for step in plan.steps:
                if step.key not in execution.outcomes:
                    execution.outcomes[step.key] = StepOutcome(step, "skipped", reason="timeout")
        execution.cycles += 1  # consolidation
        execution.finished = self.clock.monotonic()
        return execution

    async def wait(self, wave: Wave, state: ExecutionState) -> None:
        """Until every call of the wave is done, or a consolidate-now signal arrives; then the
        unfinished ones are cancelled ("força finalização de operações em andamento"). One
        future, woken by the wave's last call (`Wave`) or by the signal: no task, and no
        callback per call through the event loop."""
        signal = state.consolidate_now
        if wave.left > 0 and not signal.is_set():
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            wave.waiter = waiter
            signal.add_waiter(waiter)
            try:
                await waiter
            finally:
                signal.discard_waiter(waiter)
                wave.waiter = None
        unfinished = [item.future for item in wave.items if not item.future.done()]
        for future in unfinished:
            future.cancel()
        tasks = [f for f in unfinished if isinstance(f, asyncio.Task)]
        if tasks:  # a data read in flight: let it see its cancellation
            await asyncio.gather(*tasks, return_exceptions=True)

    def launch(
        self,
        ctx: RequestContext,
        step: Step,
        results: Results,
        user_id: str,
        status: StatusHook | None,
        memory: dict[str, Any] | None,
        wave: Wave,
    ) -> Launched:
        """Start one step of `wave`. A bus call is started with `request_soon` (no task of its
        own when the executor can take it at once); a data read runs `run_step` in a task."""
        if step.agent == DATA:
            wave.left += 1
            task = asyncio.ensure_future(self.run_step(ctx, step, results, user_id, status, memory))
            task.add_done_callback(wave.task_done)
            item = Launched(step, task, False)
        else:
            params = step.resolve(results)
            if params is None:
                skipped: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
                skipped.set_result(StepOutcome(step, "skipped", reason="dados_indisponiveis"))
                item = Launched(step, skipped, False)
            else:
                wave.left += 1  # before the call: a refusal reports done at once
                item = Launched(
                    step, self._request(ctx, step, params, results, user_id, memory, wave), True
                )
        wave.items.append(item)
        return item

    def _request(
        self,
        ctx: RequestContext,
        step: Step,
        params: dict[str, Any],
        results: Results,
        user_id: str,
        memory: dict[str, Any] | None,
        wave: Wave | None = None,
    ) -> asyncio.Future[Response]:
        if step.operation == CONSULT_OP:
            # §5 4.1: between coordinators both memories go whole — the chat context as the
            # lead received it, and every result gathered so far (internal memory).
            params = {**params, "memoria_contexto": memory or {}, "memoria_interna": results}
        return ctx.request_soon(
            step.agent,
            step.operation,
            params,
            priority=PRIORITY[step.criticality],
            timeout=self._timeouts[step.agent in self.coordinators],
            retries=0,
            objective=step.label,
            context={USER_KEY: user_id},
            on_done=wave.one_done if wave is not None else None,
        )

    async def evaluate(
        self,
        ctx: RequestContext,
        execution: Execution,
        steps: list[Step],
        deadline: float,
        total_time: float,
        state: ExecutionState,
    ) -> list[Step]:
        """The spec's evaluation before a wave: which of `steps` still run."""
        s = self.settings
        left = deadline - self.clock.monotonic()
        budget = await ctx.budget()
        ratio = budget.ratio if budget is not None else 0.0
        level = budget.level if budget is not None else BudgetLevel.OK
        calls_left = (
            budget.api_calls_remaining if budget is not None and budget.api_call_budget else 1 << 30
        )
        exhausted = state.budget_exhausted or level is BudgetLevel.EXHAUSTED
        finishing = (
            exhausted
            or level is BudgetLevel.CRITICAL
            or ratio >= s.finish_budget_ratio
            or left < s.finish_time_ratio * total_time
        )
        execution.decisions.append(
            f"onda {steps[0].wave if steps else '-'}: {left:.0f} s restantes "
            f"({left / total_time:.0%}), orçamento usado {ratio:.0%}"
            + (", finalizando" if finishing else "")
        )
        selected: list[Step] = []
        consolidate = left < s.consolidate_seconds_left
        short_of_time = left < s.finish_time_ratio * total_time
        moderate = ratio >= s.moderate_budget_ratio
        results = execution.results
        for step in steps:
            reason: Reason | None = None
            if consolidate:
                reason = "timeout"
            elif finishing and step.criticality != "critica":
                reason = "timeout" if short_of_time else "orcamento"
            elif (step.criticality == "opcional" and moderate) or (
                step.criticality != "critica" and step.est_api_calls > calls_left
            ):
                reason = "orcamento"
            elif step.resolve(results) is None:
                reason = "dados_indisponiveis"
            if reason is None:
                selected.append(step)
            else:
                execution.outcomes[step.key] = StepOutcome(step, "skipped", reason=reason)
        return selected

    async def run_step(
        self,
        ctx: RequestContext,
        step: Step,
        results: Results,
        user_id: str,
        status: StatusHook | None,
        memory: dict[str, Any] | None,
    ) -> StepOutcome:
        params = step.resolve(results)
        if params is None:
            return StepOutcome(step, "skipped", reason="dados_indisponiveis")
        if step.agent == DATA:
            if status is not None:
                status(f"Consultando {step.label}…")
            if self.local_data is None:
                return StepOutcome(step, "failed", reason="falha_agente", error="no local data")
            try:
                data = await self.local_data(user_id, params)
            except Exception as exc:  # a data access failure is a limitation, not a crash
                return StepOutcome(step, "failed", reason="falha_agente", error=str(exc))
            return StepOutcome(
                step, "ok", data=data, confidence=100, sources=["dados internos"], db_calls=1
            )
        try:
            response = await self._request(ctx, step, params, results, user_id, memory)
        except BusError as exc:
            return refusal(step, exc)
        return outcome_of(step, response)


def refusal(step: Step, exc: BusError) -> StepOutcome:
    """A call the bus refused before delivery, as the step's outcome."""
    if isinstance(exc, BudgetExhaustedError):
        return StepOutcome(step, "skipped", reason="orcamento", error=exc.message)
    if isinstance(exc, MissionClosedError):
        return StepOutcome(step, "skipped", reason="timeout", error=exc.message)
    return StepOutcome(step, "failed", reason="falha_agente", error=exc.message)  # loops, schema,
    # an open circuit


class Wave:
    """The calls of one wave in flight. Counted when launched and as each finishes
    (`request_soon`'s `on_done`, or a data task's done callback): the last one wakes the
    waiting coordinator (`Engine.wait`)."""

    __slots__ = ("items", "left", "waiter")

    def __init__(self) -> None:
        self.items: list[Launched] = []
        self.left = 0
        self.waiter: asyncio.Future[None] | None = None

    def one_done(self) -> None:
        self.left -= 1
        waiter = self.waiter
        if self.left <= 0 and waiter is not None and not waiter.done():
            waiter.set_result(None)

    def task_done(self, _: object) -> None:
        self.one_done()


@dataclass(slots=True)
class Launched:
    """One step of a wave in flight (`Engine.launch`)."""

    step: Step
    future: asyncio.Future[Any]
    via_bus: bool
    """The future is the bus response (else it is the step's outcome)."""

    def outcome(self) -> StepOutcome | None:
        """The step's outcome; None if it did not finish (cancelled, or failed unexpectedly)."""
        future = self.future
        if not future.done() or future.cancelled():
            return None
        exc = future.exception()
        if exc is not None:
            return refusal(self.step, exc) if self.via_bus and isinstance(exc, BusError) else None
        result = future.result()
        return outcome_of(self.step, result) if self.via_bus else result


def outcome_of(step: Step, response: Response) -> StepOutcome:
    payload = response.payload
    meta = payload.metadata or {}
    fallback = payload.fallback_used
    if fallback is None and meta.get("fallback_used"):
        fallback = str(meta.get("fallback_description") or "fonte alternativa")
    consumed = response.consumed
    status = response.status
    if status is ResponseStatus.SUCCESS:
        kind: OutcomeStatus = "ok"
    elif status is ResponseStatus.SUCCESS_VIA_FALLBACK:
        kind = "fallback"
    elif status is ResponseStatus.PARTIAL_FAILURE and payload.data is not None:
        kind = "partial"
    else:
        reason: Reason = "timeout" if status is ResponseStatus.TIMEOUT else "falha_agente"
        error = response.error.message if response.error else status.value
        return StepOutcome(
            step, "failed", None, payload.confidence, list(payload.sources),
            list(payload.warnings), fallback, meta.get("descricao"), reason, error,
            consumed.tokens, consumed.api_calls, consumed.db_calls,
        )  # fmt: skip
    # positional: a dataclass called with keywords pays a kwargs dict
    return StepOutcome(
        step, kind, payload.data, payload.confidence, list(payload.sources),
        list(payload.warnings), fallback, meta.get("descricao"), None, None,
        consumed.tokens, consumed.api_calls, consumed.db_calls, bool(meta.get("ilustrativo")),
    )  # fmt: skip


__all__ = [
    "IMPACT",
    "PRIORITY",
    "Engine",
    "Execution",
    "ExecutionState",
    "Launched",
    "LocalData",
    "Signal",
    "StepOutcome",
    "Wave",
    "outcome_of",
    "refusal",
]
