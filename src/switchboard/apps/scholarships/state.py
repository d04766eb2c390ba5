"""The scholarship assistant's part of the session state (`RoutingState.get(ScholarshipState)`).

Which workflow owns the conversation (`workflow`), the workflows suspended under it by a
digression (`stack`, newest last: a Prouni question in the middle of a match pushes `match`, and
the next data answer pops it back), and the match workflow's step and slots. The onboarding
slots live in the student's profile (PROFILES), not here: the profile is the record the router
reads, and it outlives sessions.

TO BE REPLACED: the match/onboarding slots and steps are a small state machine of this app's own
until `patterns/workflows` (slot filling, dialog stack) lands; the shape mirrors it (a workflow
name, a step, typed slots, a stack) so the move is mechanical.
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from switchboard.apps.scholarships.eligibility import Eligibility
from switchboard.apps.scholarships.records.vocab import InstitutionPreference, Shift
from switchboard.core.state import PatternState

Workflow = Literal["onboarding", "match", "sisu", "prouni"]
"""Workflows the router can put in charge; None (no workflow) is the root agent."""
WORKFLOWS: tuple[Workflow, ...] = ("onboarding", "match", "sisu", "prouni")
MatchStep = Literal["prefs", "income", "refine"]


class MatchSlots(BaseModel):
    """What the match workflow has collected (step 1: prefs; 2: income; 3: refinement)."""

    model_config = ConfigDict(frozen=True)

    step: MatchStep = "prefs"
    course: str | None = None
    score: float | None = None
    shifts: tuple[Shift, ...] = ()
    institution_type: InstitutionPreference | None = None
    per_capita_income: Decimal | None = None
    eligibility: Eligibility | None = None
    nearby: bool | None = None
    shown: tuple[str, ...] = ()
    """Ids of the opportunities last shown as cards (a click's position is its index + 1)."""

    def missing_prefs(self) -> list[str]:
        """Step-1 slots still unknown, in asking order."""
        missing = []
        if self.course is None:
            missing.append("course")
        if self.score is None:
            missing.append("score")
        if not self.shifts:
            missing.append("shifts")
        if self.institution_type is None:
            missing.append("institution_type")
        return missing


class ScholarshipState(PatternState):
    """Routing of the scholarship assistant (see the module docstring)."""

    key: ClassVar[str] = "scholarships"

    workflow: Workflow | None = None
    stack: tuple[Workflow, ...] = ()
    """Workflows interrupted by a digression, resumed newest first."""
    match: MatchSlots = MatchSlots()
    steps_taken: int = 0
    """Turns spent in the current workflow (abandonment signals carry it)."""
    alerted: tuple[str, ...] = ()
    """Answers of this session whose thumbs-down already raised an alert."""


__all__ = ["WORKFLOWS", "MatchSlots", "MatchStep", "ScholarshipState", "Workflow"]
