"""Workflow definitions: YAML loading, conditions, and errors that name what is wrong."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from switchboard.core.events import UiEvent, parse_event
from switchboard.patterns.workflows import (
    Condition,
    RespondStep,
    WorkflowDefinitionError,
    WorkflowPattern,
    load_workflows,
)

from .conftest import WORKFLOWS, answer


def test_the_toy_yaml_loads_with_typed_steps():
    cadastro = WORKFLOWS["cadastro"]

    assert [step.collect for step in cadastro.slots] == ["name", "age", "city", "education"]
    assert cadastro.slot("age").min == Decimal(10)
    assert isinstance(cadastro.steps[-1], RespondStep)
    assert WORKFLOWS["pedido"].slot("address").ask_if == Condition(slot="delivery", eq=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("w: {steps: [{collect: a, type: enum, question: q}]}", "needs `options`"),
        ("w: {steps: [{collect: a, patterns: ['(x'], question: q}]}", "bad pattern"),
        ("w: {steps: [{collect: a, patterns: ['x'], question: q}]}", "no (?P<value>)"),
        ("w: {steps: [{collect: a, question: q}, {collect: a, question: q}]}", "twice"),
        ("w: {steps: []}", "no steps"),
        ("w: {steps: [{dance: a}]}", "invalid"),
        ("w: {steps: [{respond: a, colour: red}]}", "invalid"),
        ("w: [unclosed", "not valid YAML"),
        ("- a\n- b", "must be a mapping"),
    ],
)
def test_bad_definitions_raise_a_typed_error(text, message):
    with pytest.raises(WorkflowDefinitionError, match=re.escape(message)) as error:
        load_workflows(text)
    assert error.value.code == "workflow_definition"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("w: {steps: [{action: nowhere}]}", "unknown action 'nowhere'"),
        ("w: {steps: [{collect: a, validator: v, question: q}]}", "unknown validator 'v'"),
        ("w: {steps: [{respond: a}], on_complete: {start: z}}", "unknown workflow 'z'"),
    ],
)
def test_a_pattern_refuses_definitions_naming_what_does_not_exist(text, message):
    with pytest.raises(WorkflowDefinitionError, match=message):
        WorkflowPattern(load_workflows(text), answer=answer)


def test_a_pattern_needs_exactly_one_root():
    with pytest.raises(WorkflowDefinitionError):
        WorkflowPattern(WORKFLOWS)


def test_conditions_over_slots():
    adult = Condition.model_validate({"slot": "age", "ge": 18})
    either = Condition.model_validate(
        {"any": [{"slot": "city", "filled": True}, {"slot": "shift", "in": ["ead"]}]}
    )

    assert adult.holds({"age": 18}) and not adult.holds({"age": 17})
    assert not adult.holds({}) and not adult.holds({"age": "dezoito"})
    assert either.holds({"shift": "ead"}) and either.holds({"city": "Recife"})
    assert not either.holds({"shift": "noturno"})
    with pytest.raises(ValueError, match="needs a `slot`"):
        Condition.model_validate({"ge": 1})


def test_the_ui_event_is_part_of_the_event_union():
    event = UiEvent(component="income_calculator", props={"members": 3}, fallback_text="Renda?")

    assert parse_event(event.model_dump_json()) == event
    assert event.model_dump()["type"] == "ui"
