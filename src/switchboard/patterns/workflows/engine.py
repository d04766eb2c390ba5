"""Running one workflow frame: take the user's answer, then run steps until one waits.

    input (optional) → cancel / skip commands → extraction → typed + validated slots
    (corrections acknowledged, an unusable answer counted) → steps from the frame's position:
    a collect step whose slot is missing asks and WAITS; actions and responds run; the end of
    the steps (or `complete_when`) COMPLETES.

The frame is written back to the session state after the input is taken and whenever it stops,
so what the user sees and what is stored never disagree, even when the step limit stops a turn.
"""

from __future__ import annotations

import logging
import string
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from switchboard.core.errors import StepLimitError
from switchboard.core.events import Event, TextEvent
from switchboard.patterns.workflows.actions import (
    Action,
    ActionContext,
    Say,
    SetSlots,
    SlotListener,
    UiRequest,
    Validator,
)
from switchboard.patterns.workflows.commands import Command, Commands
from switchboard.patterns.workflows.definition import (
    ActionStep,
    CollectStep,
    RespondStep,
    Workflow,
)
from switchboard.patterns.workflows.extract import Extractor
from switchboard.patterns.workflows.output import TurnOutput
from switchboard.patterns.workflows.state import Frame, WorkflowState
from switchboard.patterns.workflows.texts import WorkflowTexts
from switchboard.patterns.workflows.values import (
    DecimalParser,
    SlotValueError,
    coerce,
    display,
    dump_value,
    load_value,
)
from switchboard.tools.registry import ToolRegistry

log = logging.getLogger(__name__)


class Status(Enum):
    WAITING = "waiting"
    """A question is pending: the turn ends here."""
    COMPLETED = "completed"
    CANCELLED = "cancelled"


@dataclass(slots=True)
class Cursor:
    """A frame being run: mutable for the duration of one turn, frozen back into a `Frame`."""

    workflow: Workflow
    step: int
    slots: dict[str, Any]
    """Typed values."""
    skipped: set[str]
    attempts: dict[str, int]
    asked: str | None
    started: bool = False
    status: Status = Status.WAITING
    text: str | None = None
    """The user's message this frame consumed in this turn."""
    resumed: bool = False
    """The frame takes over again after a digression: its pending question is asked in its
    `again` form."""
    changed: dict[str, Any] = field(default_factory=dict)
    """Slots set or cleared (None) since the listener was last told."""
    noted: str | None = None
    """The "Anotei: …" line of this turn's message, said before the next question (`_noted`)."""

    @classmethod
    def load(cls, workflow: Workflow, frame: Frame) -> Cursor:
        slots = {
            name: load_value(workflow.slot(name), value) for name, value in frame.slots.items()
        }
        return cls(
            workflow=workflow,
            step=frame.step,
            slots=slots,
            skipped=set(frame.skipped),
            attempts=dict(frame.attempts),
            asked=frame.asked,
            started=frame.started,
        )

    def frame(self) -> Frame:
        return Frame(
            workflow=self.workflow.name,
            step=self.step,
            slots={name: dump_value(value) for name, value in self.slots.items()},
            skipped=tuple(sorted(self.skipped)),
            attempts=dict(self.attempts),
            asked=self.asked,
            started=self.started,
        )

    def view(self) -> Mapping[str, Any]:
        """The slots as conditions, templates and actions read them (skipped ones are None)."""
        return MappingProxyType(dict(self.slots))


class _Slots(dict[str, str]):
    """`str.format_map` mapping: missing or skipped slots render empty."""

    def __missing__(self, key: str) -> str:
        return ""


def render(template: str, workflow: Workflow, slots: Mapping[str, Any]) -> str:
    """`template` with `{slot}` placeholders filled (values as users read them)."""
    return fill(
        template, {name: display(workflow.slot(name), value) for name, value in slots.items()}
    )


def fill(template: str, values: Mapping[str, str]) -> str:
    """`template` with `{name}` placeholders from `values`; unknown names render empty and a
    malformed template (a stray brace in a pt-BR text) is said as written, never an error."""
    try:
        return string.Formatter().vformat(template, (), _Slots(values))
    except (ValueError, IndexError, AttributeError):
        return template


@dataclass(frozen=True, slots=True)
class Engine:
    """Everything a frame needs to run, shared by all turns (no per-session data)."""

    extractor: Extractor
    actions: Mapping[str, Action]
    validators: Mapping[str, Validator]
    texts: WorkflowTexts
    commands: Commands
    decimal_parser: DecimalParser
    max_steps: int
    listener: SlotListener | None = None
    tools: ToolRegistry | None = None
    """What actions run with `ActionContext.call_tool`."""

    async def run(
        self,
        out: TurnOutput,
        cursor: Cursor,
        text: str | None,
        *,
        answers: bool = True,
        resumed: bool = False,
    ) -> AsyncIterator[Event]:
        """Run `cursor` with the user's `text` (None when resuming or starting afresh) and
        leave it in the session state; sets `cursor.status`. `answers=False` when the message
        routed here (a topic change): its slots are read, but it is not taken as the answer to
        the pending question ("voltar pro cadastro" is not a city). `resumed`: the frame takes
        over again after a digression (its question is asked in its `again` form)."""
        cursor.resumed = resumed
        self._count(out, cursor)
        if not cursor.started:
            cursor.started = True
            if cursor.workflow.prefill is not None:
                async for event in self._act(out, cursor, cursor.workflow.prefill):
                    yield event
        if text is not None:
            cursor.text = text
            async for event in self._take(out, cursor, text, answers):
                yield event
            await self._notify(out, cursor)
            self._save(out, cursor)
            if cursor.status is Status.CANCELLED:
                return
        async for event in self._advance(out, cursor):
            yield event
        await self._notify(out, cursor)
        self._save(out, cursor)

    # -- the user's answer -------------------------------------------------------------------

    async def _take(
        self, out: TurnOutput, cursor: Cursor, text: str, answers: bool
    ) -> AsyncIterator[Event]:
        workflow = cursor.workflow
        speaker, name = workflow.speaker, workflow.name
        pending = workflow.slot(cursor.asked) if cursor.asked and answers else None
        expected = pending.collect if pending is not None else None
        command = self.commands.detect(text)
        if command is Command.CANCEL:
            cursor.status = Status.CANCELLED
            line = fill(self.texts.cancelled, {"workflow": workflow.description or name})
            if (said := out.say(line, speaker, name)) is not None:
                yield said
            return
        if command is Command.SKIP and pending is not None:
            if (said := self._skip(out, cursor, pending)) is not None:
                yield said
            return
        if not workflow.slots:
            return  # nothing to fill (an FAQ or a repeating Q&A step): no extractor call
        extraction = await self.extractor.extract(text, workflow, expected, cursor.view())
        if extraction.usage is not None:
            out.turn.usage.add(extraction.usage)
        declined = pending is not None and pending.collect in extraction.declined
        if pending is not None and declined and pending.collect not in extraction.values:
            if (said := self._skip(out, cursor, pending)) is not None:
                yield said
            return
        failure: str | None = None
        filled: list[CollectStep] = []
        fresh: list[CollectStep] = []  # filled now and empty before (see `_noted`)
        for step in workflow.slots:
            slot = step.collect
            if slot not in extraction.values:
                continue
            try:
                value = self._typed(step, extraction.values[slot], cursor)
            except SlotValueError as exc:
                if slot == expected and exc.unreadable:
                    failure = self.texts.not_understood
                elif slot == expected:
                    failure = exc.reason or step.invalid or self.texts.invalid
                else:
                    log.info("proposed value for %s rejected", slot, extra={"workflow": name})
                continue
            old = cursor.slots.get(slot)
            if old is not None:
                if old == value or (slot not in extraction.corrections and slot != expected):
                    continue
                if step.ask or step.label:  # an unlabelled `ask: false` slot is internal
                    shown = {
                        "slot": step.shown,
                        "new": display(step, value),
                        "old": display(step, old),
                    }
                    line = fill(self.texts.corrected, shown)
                    if (said := out.say(line, speaker, name)) is not None:
                        yield said
            cursor.slots[slot] = value
            cursor.changed[slot] = value
            cursor.skipped.discard(slot)
            cursor.attempts.pop(slot, None)
            filled.append(step)
            if old is None:
                fresh.append(step)
        await self._notify(out, cursor)
        cursor.noted = self._noted(fresh, expected, cursor)
        for step in filled:  # in step order, whichever question was pending
            if step.on_filled is not None:
                async for event in self._act(out, cursor, step.on_filled):
                    yield event
        if pending is None or pending.collect in cursor.slots:
            return
        problem = extraction.problems.get(pending.collect)
        if problem is None and failure is None and filled:
            cursor.resumed = True  # the user said other things first: the question comes again,
            return  # in its `again` form (a greeting that opened it is not said twice)
        cursor.attempts[pending.collect] = cursor.attempts.get(pending.collect, 0) + 1
        line = render(problem or failure or self.texts.not_understood, workflow, cursor.slots)
        if (said := out.say(line, speaker, name)) is not None:
            yield said

    def _skip(self, out: TurnOutput, cursor: Cursor, pending: CollectStep) -> TextEvent | None:
        """The user declines the pending question: a skippable slot is left empty (its own
        `skipped` line said), any other is asked again after `texts.cannot_skip`."""
        if pending.skippable:
            cursor.skipped.add(pending.collect)
            cursor.attempts.pop(pending.collect, None)
            cursor.asked = None
            line = render(pending.skipped or self.texts.skipped, cursor.workflow, cursor.slots)
        else:
            line = self.texts.cannot_skip
            cursor.resumed = True  # the question comes again in its `again` form
        return out.say(line, cursor.workflow.speaker, cursor.workflow.name)

    def _noted(self, fresh: list[CollectStep], expected: str | None, cursor: Cursor) -> str | None:
        """The "Anotei: …" line when the message gave more than the answer asked for: the
        values read from one sentence ("sou a Bia, 17 anos, de Recife") are shown back before
        the next question, so a misread is seen and corrected now rather than found later in
        a result. One plain answer to the pending question says nothing (the next question
        follows); a changed value has its correction line instead; when an action or a
        response speaks first (a search, a confirmation, the end of the workflow), it says what
        it did with the values itself, and the line is dropped (a silent action keeps it)."""
        shown = [step for step in fresh if step.label]  # unlabelled slots are internal
        more = len(shown) > 1 or (len(shown) == 1 and expected not in (None, shown[0].collect))
        if self.texts.noted is None or not more:
            return None
        values = ", ".join(
            f"{step.label} {display(step, cursor.slots[step.collect])}" for step in shown
        )
        return fill(self.texts.noted, {"values": values})

    def _typed(self, step: CollectStep, raw: Any, cursor: Cursor) -> Any:
        value = coerce(step, raw, decimal_parser=self.decimal_parser)
        if step.validator is not None:
            reason = self.validators[step.validator](value, cursor.view())
            if reason is not None:
                raise SlotValueError(reason)
        return value

    # -- the steps ---------------------------------------------------------------------------

    async def _advance(self, out: TurnOutput, cursor: Cursor) -> AsyncIterator[Event]:
        workflow = cursor.workflow
        steps = workflow.steps
        while cursor.step < len(steps):
            if workflow.complete_when is not None and workflow.complete_when.holds(cursor.slots):
                break
            step = steps[cursor.step]
            if step.when is not None and not step.when.holds(cursor.slots):
                cursor.step += 1
                continue
            if isinstance(step, CollectStep):
                if not step.ask or step.collect in cursor.slots or step.collect in cursor.skipped:
                    cursor.step += 1
                    continue
                self._count(out, cursor)
                for event in self._ask(out, cursor, step):
                    yield event
                cursor.status = Status.WAITING
                return
            if isinstance(step, ActionStep) and step.repeat and cursor.text is None:
                cursor.status = Status.WAITING  # resumed: it answers the next message
                return
            self._count(out, cursor)
            cursor.asked = None
            if isinstance(step, ActionStep):
                async for event in self._act(out, cursor, step.action):
                    yield event
                if step.repeat:
                    cursor.status = Status.WAITING  # the next message runs it again
                    return
            elif isinstance(step, RespondStep):
                cursor.noted = None
                line = render(step.respond, workflow, cursor.slots)
                if (said := out.say(line, workflow.speaker, workflow.name)) is not None:
                    yield said
            cursor.step += 1
        cursor.asked = None
        cursor.status = Status.COMPLETED

    def _ask(self, out: TurnOutput, cursor: Cursor, step: CollectStep) -> list[Event]:
        workflow = cursor.workflow
        attempts = cursor.attempts.get(step.collect, 0)
        question = step.question if attempts == 0 else (step.reask or step.question)
        if cursor.resumed and attempts == 0:
            question = step.again or step.question
        cursor.resumed = False
        line = render(question, workflow, cursor.slots)
        if attempts and step.options and step.reask is None:
            line = f"{line} ({', '.join(option.shown for option in step.options)})"
        if attempts >= step.max_attempts:
            offer = self.texts.offer_skip if step.skippable else self.texts.offer_cancel
            line = f"{line} {offer}"
        cursor.asked = step.collect
        events: list[Event] = []
        if cursor.noted is not None:
            if (noted := out.say(cursor.noted, workflow.speaker, workflow.name)) is not None:
                events.append(noted)
            cursor.noted = None
        if step.ui is not None:
            ui = out.ui(step.ui.component, step.ui.props, line, workflow.speaker, workflow.name)
            return events + ui
        if (said := out.say(line, workflow.speaker, workflow.name)) is not None:
            events.append(said)
        return events

    async def _act(self, out: TurnOutput, cursor: Cursor, action: str) -> AsyncIterator[Event]:
        workflow = cursor.workflow
        context = ActionContext(out.turn, workflow, cursor.view(), cursor.text, self.tools)
        outcome = self.actions[action](context)
        if isinstance(outcome, AsyncIterator):
            async for item in outcome:
                if isinstance(item, SetSlots):
                    self._set(cursor, item.values, action)
                elif isinstance(item, Say):
                    if not item.aside:
                        cursor.noted = None  # what the action says reflects the values itself
                    if (said := out.say(item.text, workflow.speaker, workflow.name)) is not None:
                        yield said
                elif isinstance(item, UiRequest):
                    cursor.noted = None
                    shown = out.ui(
                        item.component,
                        item.props,
                        item.fallback_text,
                        workflow.speaker,
                        workflow.name,
                    )
                    for event in shown:
                        yield event
                elif out.turn.stream:  # status and tool progress lines
                    yield item
        else:
            result = await outcome
            if result:
                self._set(cursor, result, action)
        await self._notify(out, cursor)

    def _set(self, cursor: Cursor, values: Mapping[str, Any], action: str) -> None:
        for name, raw in values.items():
            step = cursor.workflow.slot(name)
            if step is None:
                cursor.slots[name] = raw
                continue
            if raw is None:
                if cursor.slots.pop(name, None) is not None:
                    cursor.changed[name] = None
                continue
            try:
                value = coerce(step, raw, decimal_parser=self.decimal_parser)
            except SlotValueError:
                log.warning("action %s set an invalid value for slot %s; ignored", action, name)
                continue
            if cursor.slots.get(name) != value:
                cursor.changed[name] = value
            cursor.slots[name] = value
            cursor.skipped.discard(name)

    # -- bookkeeping -------------------------------------------------------------------------

    async def _notify(self, out: TurnOutput, cursor: Cursor) -> None:
        """Tell the listener which collected slots changed (once per batch, in one call)."""
        if not cursor.changed:
            return
        changed, cursor.changed = cursor.changed, {}
        if self.listener is not None:
            await self.listener(out.turn, cursor.workflow, changed)

    def _count(self, out: TurnOutput, cursor: Cursor) -> None:
        out.steps += 1
        if out.steps > self.max_steps:
            self._save(out, cursor)
            raise StepLimitError(
                f"workflow {cursor.workflow.name!r} exceeded {self.max_steps} steps in one turn",
                workflow=cursor.workflow.name,
            )

    @staticmethod
    def _save(out: TurnOutput, cursor: Cursor) -> None:
        state = out.turn.state
        stack = state.get(WorkflowState).stack
        if stack and stack[-1].workflow == cursor.workflow.name:
            state.put(WorkflowState(stack=(*stack[:-1], cursor.frame())))


__all__ = ["Cursor", "Engine", "Status", "fill", "render"]
