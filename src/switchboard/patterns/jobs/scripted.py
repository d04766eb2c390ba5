"""A deterministic executor: each job's behaviour comes from a script chosen by its request.

Everything it answers is derived from the job itself (its history, attempts, replans), never
from counters in the object, so a worker that restarts mid-job answers exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from switchboard.patterns.jobs.executor import Action, Analysis
from switchboard.patterns.jobs.models import Criterion, Job, Plan, ValidationResult


class ScriptedFailure(RuntimeError):
    """Raised on purpose by a script (to exercise retries)."""


@dataclass(frozen=True, slots=True)
class Script:
    goal: str = ""
    criteria: tuple[Criterion, ...] = ()
    plan: Plan = field(default_factory=Plan)
    actions: tuple[Action, ...] = ()
    """Run in order in each execution round; then `finish` with `result`."""
    result: str = "feito"
    validations: tuple[ValidationResult, ...] = ()
    """Answer to validation number `replans` (missing: passed)."""
    replans: tuple[Plan, ...] = ()
    fail_attempts: int = 0
    """Attempts (1-based) up to this number raise `ScriptedFailure` in `analyse`."""


class ScriptedExecutor:
    def __init__(self, scripts: Mapping[str, Script], default: Script | None = None) -> None:
        self.scripts = dict(scripts)
        self.default = default or Script()

    def script(self, job: Job) -> Script:
        return self.scripts.get(job.request, self.default)

    async def analyse(self, job: Job) -> Analysis:
        script = self.script(job)
        if job.attempts <= script.fail_attempts:
            raise ScriptedFailure(f"falha simulada na tentativa {job.attempts}")
        return Analysis(goal=script.goal or job.request)

    async def define_criteria(self, job: Job) -> list[Criterion]:
        return [c.model_copy() for c in self.script(job).criteria]

    async def plan(self, job: Job) -> Plan:
        return self.script(job).plan.model_copy(deep=True)  # the job owns what it is given

    async def next_action(self, job: Job) -> Action:
        script = self.script(job)
        done = job.state.actions_taken
        if done < len(script.actions):
            return script.actions[done]
        return Action(kind="finish", result=script.result)

    async def validate(self, job: Job) -> ValidationResult:
        script = self.script(job)
        index = job.state.replans
        if index < len(script.validations):
            return script.validations[index]
        return ValidationResult(passed=True)

    async def replan(self, job: Job, validation: ValidationResult) -> Plan:
        script = self.script(job)
        index = job.state.replans
        return (
            script.replans[index].model_copy(deep=True) if index < len(script.replans) else Plan()
        )

    async def summarise(self, job: Job) -> str:
        return f"{len(job.state.activity.history)} interações anteriores resumidas"


__all__ = ["Script", "ScriptedExecutor", "ScriptedFailure"]
