"""Slot filling: reading the values a message gives, several at a time.

An `Extractor` proposes raw values for any of the workflow's slots found in one message ("sou
Ana, 17 anos, de Recife, terminei o ensino médio" fills four) and says which of them correct a
slot that was already filled. The pattern types and validates every proposal (`values.coerce`
plus the slot's validator) before it touches the slots, so an extractor may be sloppy but never
unsafe.

`RuleExtractor` is the deterministic offline one:
- a slot with `patterns` is found anywhere by them (the `value` group);
- enum and list-with-options slots are found anywhere by their options' words;
- the slot whose question was just asked (`expected`) also takes the whole message as its
  answer ("Recife", "17", "sim", "1.500,00"), but only when nothing else was found in it — "tenho
  19 anos" answering "Qual é a sua cidade?" is a correction of the age, not a city.
A value found by a pattern or an option's words for a slot that is already filled is a
correction (an explicit restatement: "na verdade tenho 19 anos").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from switchboard.core.messages import Usage
from switchboard.patterns.workflows.definition import CollectStep, SlotType, Workflow
from switchboard.patterns.workflows.values import match_options


@dataclass(slots=True)
class Extraction:
    """Slot values an extractor read from one user message, and which of them correct a filled
    slot."""

    values: dict[str, Any] = field(default_factory=dict)
    """Proposed raw values by slot name (untyped; the pattern coerces and validates them)."""
    corrections: frozenset[str] = frozenset()
    """Slots, among `values`, that the user restates to change an already filled value. A
    proposal for a filled slot that is not listed here is ignored."""
    usage: Usage | None = None
    """Tokens spent, for extractors that call a model."""
    problems: dict[str, str] = field(default_factory=dict)
    """Why the message is not a value of a slot it tried to answer, in pt-BR, by slot: a
    question, a refusal, a range where one amount is needed ("entre 3 e 4 mil"). Said in place
    of the generic "não entendi" when the slot is the pending one, before it is asked again."""
    declined: frozenset[str] = frozenset()
    """Slots the user declines to give in words the skip commands do not list ("não quero
    falar da renda", "sei lá, minha mãe que sabe"): for the pending slot, taken as the skip
    command."""


class Extractor(Protocol):
    """Reads slot values from a user message (rules offline, a model when hosted): the workflow
    pattern depends on this, not on either."""

    async def extract(
        self,
        text: str,
        workflow: Workflow,
        expected: str | None,
        slots: Mapping[str, Any],
    ) -> Extraction:
        """Values in `text` for `workflow`'s slots. `expected` is the slot whose question the
        message answers (None when the workflow just started); `slots` are those filled."""
        ...


@lru_cache(maxsize=512)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


class RuleExtractor:
    """Offline slot filling by patterns, option words and the expected answer."""

    async def extract(
        self,
        text: str,
        workflow: Workflow,
        expected: str | None,
        slots: Mapping[str, Any],
    ) -> Extraction:
        return self.extract_sync(text, workflow, expected, slots)

    def extract_sync(
        self,
        text: str,
        workflow: Workflow,
        expected: str | None,
        slots: Mapping[str, Any],
    ) -> Extraction:
        found: dict[str, Any] = {}
        for step in workflow.slots:
            value = _anchored(step, text)
            if value is not None:
                found[step.collect] = value
        if expected is not None and expected not in found and not found:
            pending = workflow.slot(expected)
            if pending is not None:
                found[expected] = _whole_answer(pending, text)
        corrections = frozenset(
            name for name in found if slots.get(name) is not None and name != expected
        )
        return Extraction(values=found, corrections=corrections)


def _anchored(step: CollectStep, text: str) -> Any:
    for pattern in step.patterns:
        match = _compiled(pattern).search(text)
        if match and match.group("value"):
            return match.group("value").strip()
    if step.type is SlotType.ENUM:
        options = match_options(text, step.options)
        return options[0] if len(options) == 1 else None
    if step.type is SlotType.LIST and step.options:
        options = match_options(text, step.options)
        return options or None
    return None


def _whole_answer(step: CollectStep, text: str) -> Any:
    answer = text.strip()
    if step.type is SlotType.STR:
        return answer.strip(" .!")
    return answer


__all__ = ["Extraction", "Extractor", "RuleExtractor"]
