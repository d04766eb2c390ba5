"""Workflow definitions as data (spec 002; modelled on Rasa CALM's flows).

A workflow is a name, a description (what routers read to pick it), and steps run in order:

- `collect`: one typed slot, asked in pt-BR only when it is still missing (so a message that
  already gave it skips the question), validated, optionally skippable, optionally asked only when
  a condition over other slots holds (`ask_if`);
- `action`: a named async Python function that gets the slots and may set slots, say text, or
  request a UI component;
- `respond`: a pt-BR template over the slots (`"Prazer, {name}!"`).

The collect steps ARE the slot declarations: a workflow's typed slots are its collect steps.
Definitions load from YAML (`load_workflows`) or are built in Python; `WorkflowPattern` checks
that the actions, validators and `on_complete` targets they name exist when it is built.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    model_validator,
)

from switchboard.core.errors import ConfigurationError


class WorkflowDefinitionError(ConfigurationError):
    """A workflow definition is malformed or names something that does not exist."""

    code = "workflow_definition"


class SlotType(StrEnum):
    """The types a collected slot's value can have."""

    STR = "str"
    INT = "int"
    DECIMAL = "decimal"
    """Money and other exact quantities: `Decimal`, never float."""
    ENUM = "enum"
    """One of `options` (stored as the option's `value`)."""
    BOOL = "bool"
    LIST = "list"
    """Several values: of `options` when the slot has options, else free strings."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class EnumOption(_Frozen):
    """One allowed value of an enum (or list) slot, and the words users say for it."""

    value: str
    """What is stored in the slot."""
    label: str = ""
    """How it is shown to users (defaults to `value`)."""
    synonyms: tuple[str, ...] = ()
    """Phrases that mean this option; matched as whole words, accents and case ignored."""

    @model_validator(mode="before")
    @classmethod
    def _from_string(cls, data: Any) -> Any:
        return {"value": data} if isinstance(data, str) else data

    @property
    def shown(self) -> str:
        return self.label or self.value


class Condition(_Frozen):
    """A test over slots. Every test given must hold; `all`/`any` combine sub-conditions.

    YAML: `{slot: education, in: [superior_completo]}`, `{slot: age, ge: 18}`,
    `{slot: income, filled: true}`, `{any: [{slot: a, eq: x}, {slot: b, filled: false}]}`.
    A slot that was skipped counts as not filled and fails every comparison."""

    slot: str | None = None
    filled: bool | None = None
    eq: Any = None
    ne: Any = None
    in_: tuple[Any, ...] | None = Field(default=None, alias="in")
    lt: Decimal | None = None
    le: Decimal | None = None
    gt: Decimal | None = None
    ge: Decimal | None = None
    all_: tuple[Condition, ...] = Field(default=(), alias="all")
    any_: tuple[Condition, ...] = Field(default=(), alias="any")

    @model_validator(mode="after")
    def _needs_a_slot(self) -> Condition:
        tests = (self.filled, self.eq, self.ne, self.in_, self.lt, self.le, self.gt, self.ge)
        if any(test is not None for test in tests) and self.slot is None:
            raise ValueError("a condition with a test needs a `slot`")
        return self

    def holds(self, slots: Mapping[str, Any]) -> bool:
        if self.all_ and not all(c.holds(slots) for c in self.all_):
            return False
        if self.any_ and not any(c.holds(slots) for c in self.any_):
            return False
        if self.slot is None:
            return True
        value = slots.get(self.slot)
        if self.filled is not None and (value is not None) != self.filled:
            return False
        if self.eq is not None and value != self.eq:
            return False
        if self.ne is not None and value == self.ne:
            return False
        if self.in_ is not None and value not in self.in_:
            return False
        bounds = ((self.lt, "lt"), (self.le, "le"), (self.gt, "gt"), (self.ge, "ge"))
        for bound, op in bounds:
            if bound is None:
                continue
            if not isinstance(value, int | Decimal) or isinstance(value, bool):
                return False
            if not _compare(Decimal(value), op, bound):
                return False
        return True


def _compare(value: Decimal, op: str, bound: Decimal) -> bool:
    if op == "lt":
        return value < bound
    if op == "le":
        return value <= bound
    if op == "gt":
        return value > bound
    return value >= bound


class UiSpec(_Frozen):
    """A component the web chat renders to answer a collect step (e.g. an income calculator).
    The step's question is its fallback text, so API clients answer by typing."""

    component: str
    props: dict[str, Any] = Field(default_factory=dict)


class CollectStep(_Frozen):
    """Ask for one slot until it is filled, skipped, or the workflow is cancelled."""

    kind: Literal["collect"] = "collect"
    collect: str
    """The slot's name (unique within the workflow)."""
    type: SlotType = SlotType.STR
    label: str = ""
    """The slot as users read it in pt-BR ("idade"), for correction acknowledgements
    (defaults to the slot's name)."""
    question: str = ""
    """What to ask (pt-BR); may use `{slot}` placeholders. Required unless `ask` is False."""
    reask: str | None = None
    """Asked after an answer that could not be used (defaults to `question`)."""
    again: str | None = None
    """Asked when the question comes back after a digression, under the workflow's `resume`
    line (defaults to `question`): "Quantos anos você tem?" without the first time's "Prazer,
    {name}!"."""
    invalid: str | None = None
    """Said when a value is out of range / rejected (defaults to the texts' generic message);
    a validator's own reason wins."""
    description: str = ""
    """What the slot means, for hosted extractors (English or pt-BR)."""
    validator: str | None = None
    """Name of a validator passed to `WorkflowPattern(validators=...)`."""
    ask_if: Condition | None = Field(default=None, validation_alias=AliasChoices("ask_if", "when"))
    """Ask only when this holds; otherwise the step is passed over (the slot stays empty)."""
    skippable: bool = False
    skipped: str | None = None
    """Said when the user skips this question (defaults to the texts' generic line): what
    going on without the value means ("sem a renda, não consigo dizer se…")."""
    options: tuple[EnumOption, ...] = ()
    """Allowed values of an enum slot (and of a list slot, when given)."""
    min: Decimal | None = None
    max: Decimal | None = None
    """Inclusive bounds of int and decimal slots."""
    currency: str | None = Field(default=None, pattern=r"^[A-Z]{3}$")
    """ISO 4217 code of a money slot ("BRL"): shown to users as money ("R$ 1.050,00"), not as
    a bare number that reads as a count or a score."""
    patterns: tuple[str, ...] = ()
    """Regexes with a `(?P<value>…)` group that find this slot anywhere in a message, for the
    offline extractor (`"(?P<value>\\d{1,3})\\s*anos"`). Without patterns, a str/int/decimal/
    bool slot is read only from the answer to its own question; enum slots are always found by
    their options' words."""
    max_attempts: int = Field(default=3, ge=1)
    """Failed answers before the question offers to skip (when skippable) or cancel."""
    ui: UiSpec | None = None
    ask: bool = True
    """False: the slot is never asked; it is filled only when the user volunteers it (an age
    mentioned while an income is asked). Its step is passed over like a skipped one."""
    on_filled: str | None = None
    """An action run as soon as the user fills (or corrects) this slot, whichever question was
    pending (Rasa's slot validation action): "tirei 430" answered to the income question is
    judged at once, not when the steps reach the score."""

    @property
    def slot(self) -> str:
        return self.collect

    @property
    def shown(self) -> str:
        return self.label or self.collect.replace("_", " ")

    @property
    def when(self) -> Condition | None:
        return self.ask_if

    @model_validator(mode="after")
    def _check(self) -> CollectStep:
        if self.type is SlotType.ENUM and not self.options:
            raise ValueError(f"enum slot {self.collect!r} needs `options`")
        if self.ask and not self.question.strip():
            raise ValueError(f"slot {self.collect!r} is asked but has no `question`")
        for pattern in self.patterns:
            try:
                compiled = re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"slot {self.collect!r}: bad pattern {pattern!r}: {exc}") from exc
            if "value" not in compiled.groupindex:
                raise ValueError(f"slot {self.collect!r}: pattern {pattern!r} has no (?P<value>)")
        return self


class ActionStep(_Frozen):
    """Run a named async function (see `actions.py`)."""

    kind: Literal["action"] = "action"
    action: str
    when: Condition | None = None
    repeat: bool = False
    """Answer every message with this action while the workflow is in charge (an agent-like
    step: a Q&A over documents). The workflow then ends only by routing — a change to another
    workflow, or an exit — never by running out of steps."""


class RespondStep(_Frozen):
    """Say a pt-BR template filled with the slots (missing or skipped slots render empty)."""

    kind: Literal["respond"] = "respond"
    respond: str
    when: Condition | None = None


def _step_kind(data: Any) -> str | None:
    if isinstance(data, Mapping):
        for kind in ("collect", "action", "respond"):
            if kind in data:
                return kind
        return None
    return getattr(data, "kind", None)


Step = Annotated[
    Annotated[CollectStep, Tag("collect")]
    | Annotated[ActionStep, Tag("action")]
    | Annotated[RespondStep, Tag("respond")],
    Discriminator(_step_kind),
]
"""One workflow step, discriminated by `kind`: collect a slot, run an action, or respond."""


class OnComplete(_Frozen):
    """What happens when a workflow finishes: back to whoever was in charge before it (the
    interrupted workflow, or the root agent), or straight into another workflow."""

    start: str | None = None
    """A workflow to start in place of this one (its slots are not carried over)."""


class Workflow(_Frozen):
    """A slot-filling dialog as data: its steps, slots, triggers and the agent that speaks for
    it."""

    name: str
    description: str = ""
    """What the workflow does, for routers (hosted prompt) and people."""
    agent: str | None = None
    """The agent name that speaks for it (defaults to `name`)."""
    triggers: tuple[str, ...] = ()
    """Phrases that start it with the offline `KeywordRouter` (whole words, accents ignored)."""
    steps: tuple[Step, ...]
    prefill: str | None = None
    """An action run once when the workflow starts, BEFORE its opening message is read: it
    sets what is already known (a stored profile), so only what is missing is asked and what
    the user says in that message still wins."""
    complete_when: Condition | None = None
    """Finish as soon as this holds (checked before every step), even with steps left."""
    on_complete: OnComplete = OnComplete()
    resume: str | None = None
    """Said (pt-BR) before the pending question when this workflow takes over again after a
    digression ("Voltando ao seu cadastro:"); defaults to the texts' `resume`."""

    @property
    def speaker(self) -> str:
        return self.agent or self.name

    @property
    def slots(self) -> tuple[CollectStep, ...]:
        """The typed slots: the collect steps, in order."""
        return tuple(step for step in self.steps if isinstance(step, CollectStep))

    def slot(self, name: str) -> CollectStep | None:
        for step in self.steps:
            if isinstance(step, CollectStep) and step.collect == name:
                return step
        return None

    @model_validator(mode="after")
    def _unique_slots(self) -> Workflow:
        names = [step.collect for step in self.slots]
        duplicated = {name for name in names if names.count(name) > 1}
        if duplicated:
            raise ValueError(f"workflow {self.name!r} collects {sorted(duplicated)} twice")
        if not self.steps:
            raise ValueError(f"workflow {self.name!r} has no steps")
        return self


def load_workflows(source: str | Path | Mapping[str, Any]) -> dict[str, Workflow]:
    """Workflows from a YAML file, YAML text, or an already-parsed mapping.

    Layout: `{workflows: {name: {description, steps, ...}}}` (the top-level `workflows:` key
    is optional). Raises `WorkflowDefinitionError` with the workflow's name on any error."""
    try:
        if isinstance(source, Path):
            data: Any = yaml.safe_load(source.read_text(encoding="utf-8"))
        elif isinstance(source, str):
            data = yaml.safe_load(source)
        else:
            data = source
    except yaml.YAMLError as exc:
        raise WorkflowDefinitionError(f"workflow definitions are not valid YAML: {exc}") from exc
    if isinstance(data, Mapping) and "workflows" in data:
        data = data["workflows"]
    if not isinstance(data, Mapping):
        raise WorkflowDefinitionError("workflow definitions must be a mapping of name -> workflow")
    workflows: dict[str, Workflow] = {}
    for name, body in data.items():
        if not isinstance(body, Mapping):
            raise WorkflowDefinitionError(f"workflow {name!r} must be a mapping", workflow=name)
        try:
            workflows[str(name)] = Workflow.model_validate({"name": str(name), **body})
        except ValidationError as exc:
            raise WorkflowDefinitionError(
                f"workflow {name!r} is invalid: {exc}", workflow=str(name)
            ) from exc
    return workflows


__all__ = [
    "ActionStep",
    "CollectStep",
    "Condition",
    "EnumOption",
    "OnComplete",
    "RespondStep",
    "SlotType",
    "Step",
    "UiSpec",
    "Workflow",
    "WorkflowDefinitionError",
    "load_workflows",
]
