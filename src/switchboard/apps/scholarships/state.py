"""The scholarship assistant's own part of the session state (`state.get(ScholarshipState)`).

The workflows (onboarding, match, sisu, prouni) and their slots live in the workflows pattern's
part (`WorkflowState`: the dialog stack); this part holds only what the app adds around them:
which informational agent answered last (so "e quando abrem as inscrições?" goes back to it),
the opportunity cards last shown (a click's position), whether the student was greeted by name.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from switchboard import PatternState

Topic = Literal["sisu", "prouni"]


class ScholarshipState(PatternState):
    key: ClassVar[str] = "scholarships"

    topic: Topic | None = None
    """The informational agent that answered the last question (None after an exit)."""
    shown: tuple[str, ...] = ()
    """Ids of the opportunities last shown as cards (a click's position is its index + 1)."""
    greeted: bool = False
    """The student was greeted by name ("Prazer, …") once: never again in this session."""


__all__ = ["ScholarshipState", "Topic"]
