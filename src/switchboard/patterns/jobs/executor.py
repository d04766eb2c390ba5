"""The agent side of a job, as a protocol the engine calls (spec 004's GenericAgentExecutor).

The engine owns durability (each call below is one checkpointed step, tool calls are journaled,
waits are durable); the executor owns intelligence. A real implementation prompts the persona's
model; `scripted.ScriptedExecutor` is the deterministic one for tests, benchmarks and the
offline demo. Every method receives the job itself (its activity history and conversation
included), to read: the engine applies the answer, and hands the job to the next step without
copying it, so an executor must not mutate it (nor keep references into it) and must return
objects the job may own. An exception fails the current attempt (retried with backoff up to
`max_attempts`).
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from switchboard.patterns.jobs.models import Criterion, Job, Plan, ValidationResult


class Analysis(BaseModel):
    """An executor's reading of a job request: the goal and notes that steer planning."""

    goal: str
    notes: list[str] = Field(default_factory=list)


class ToolRequest(BaseModel):
    """One tool call of a model answer."""

    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class Action(BaseModel):
    """The next move: call one or more tools, or finish with the result.

    A model answer may hold several tool calls: `tool`/`arguments` is the first, `more_calls`
    the others, and the engine runs all of them, in order (consecutive calls of tools declared
    parallel-safe together), each journaled like a single call."""

    kind: Literal["tool", "finish"]
    tool: str | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)
    more_calls: list[ToolRequest] = Field(default_factory=list)
    """The answer's other tool calls, after the first, in the model's order."""
    thought: str = ""
    """The model's text for this step (goes to the conversation and activity history)."""
    result: str = ""
    """With `finish`: the job's result/summary."""

    def calls(self) -> list[ToolRequest]:
        """Every tool call of the answer, in order (none for `finish`)."""
        if self.kind != "tool":
            return []
        first = [ToolRequest(tool=self.tool, arguments=self.arguments)] if self.tool else []
        return [*first, *self.more_calls]


class Executor(Protocol):
    """What runs a job's phases (analyse, criteria, plan, next action, validate, summarise): the
    offline planners and the LLM executor implement it, the engine drives it."""

    async def analyse(self, job: Job) -> Analysis:
        """Interpret the request: goal and notes (the activity context)."""
        ...

    async def define_criteria(self, job: Job) -> list[Criterion]:
        """The definition of done, fixed before executing."""
        ...

    async def plan(self, job: Job) -> Plan:
        """Planned steps, optionally sub-jobs with dependencies (checked by `check_plan`)."""
        ...

    async def next_action(self, job: Job) -> Action: ...

    async def validate(self, job: Job) -> ValidationResult:
        """Self-validation of the result against the criteria judged by the model
        (`judged_by == "model"`). The engine checks the others first and asks only when they
        passed (their results are in the conversation); what this returns for them is ignored:
        a model's verdict never unblocks a failed check."""
        ...

    async def replan(self, job: Job, validation: ValidationResult) -> Plan:
        """A new plan from the failed validation's root cause (progress ledger)."""
        ...

    async def summarise(self, job: Job) -> str:
        """A summary of the activity history, replacing its older entries (bounded context)."""
        ...


__all__ = ["Action", "Analysis", "Executor", "ToolRequest"]
