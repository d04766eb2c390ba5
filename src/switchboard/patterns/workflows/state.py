"""Workflows' part of the session state: the dialog stack.

The top frame is the workflow in charge; frames below it were interrupted by a digression and
resume, in order, when the ones above them end. An empty stack means the root agent answers.
Slot values are stored in their JSON form (`Decimal` as a string; see `values.dump_value`) and
typed again from the workflow's definition when a turn loads them, so a new process (or a new
app on the same store) continues exactly where the last message left off.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from switchboard.core.state import PatternState


class Frame(BaseModel):
    """One running workflow."""

    model_config = ConfigDict(frozen=True)

    workflow: str
    step: int = 0
    """Index of the next step to run (or of the collect step whose answer is awaited)."""
    slots: dict[str, Any] = Field(default_factory=dict)
    """Filled slots, JSON form."""
    skipped: tuple[str, ...] = ()
    """Slots the user chose to skip (they read as empty)."""
    attempts: dict[str, int] = Field(default_factory=dict)
    """Unusable answers so far, per slot (reset when the slot is filled or skipped)."""
    asked: str | None = None
    """The slot whose question was asked last and awaits an answer."""
    started: bool = False
    """The workflow's `prefill` has run (it runs once, when the frame first runs)."""


class WorkflowState(PatternState):
    """The workflows' part of a session's state: the stack of running workflows and their slots."""

    key: ClassVar[str] = "workflows"

    stack: tuple[Frame, ...] = ()
    """Running workflows, bottom first; the last one is in charge."""

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None


__all__ = ["Frame", "WorkflowState"]
