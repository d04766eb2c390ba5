"""Shared helpers for the scholarship app tests (offline: embedded model, in-memory store)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from switchboard.apps.scholarships.app import ScholarshipsApp, build
from switchboard.apps.scholarships.records import PROFILES, ProfileUpdate
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.core.clock import ManualClock
from switchboard.core.events import Event
from switchboard.core.reply import Reply
from switchboard.core.state import RoutingState
from switchboard.patterns.workflows import Frame, WorkflowState

USER = "ana"


def make_app(**options: Any) -> ScholarshipsApp:
    options.setdefault("model", "embedded")
    options.setdefault("clock", ManualClock())
    return build(**options)


async def onboarded(app: ScholarshipsApp, user: str = USER, **fields: Any) -> None:
    """A user whose profile is complete (Recife/PE unless told otherwise)."""
    data: dict[str, Any] = {
        "name": "Ana",
        "age": 18,
        "city": "Recife",
        "uf": "PE",
        "education": "Ensino Médio Completo",
        "onboarding_completed": True,
    }
    data.update(fields)
    await app.start()
    await app.store.repository(PROFILES).upsert(user, ProfileUpdate.parse(data))


async def say(app: ScholarshipsApp, text: str, session: str = "s1", user: str = USER) -> Reply:
    return await app.reply(session, text, user_id=user)


async def stream(
    app: ScholarshipsApp, text: str, session: str = "s1", user: str = USER
) -> list[Event]:
    return [event async for event in app.stream(session, text, user_id=user)]


@dataclass(frozen=True)
class View:
    """What a test reads of a session's routing state."""

    state: RoutingState

    @property
    def stack(self) -> tuple[str, ...]:
        return tuple(frame.workflow for frame in self.state.get(WorkflowState).stack)

    @property
    def top(self) -> str | None:
        return self.stack[-1] if self.stack else None

    def frame(self, workflow: str) -> Frame:
        return next(f for f in self.state.get(WorkflowState).stack if f.workflow == workflow)

    @property
    def asked(self) -> str | None:
        top = self.state.get(WorkflowState).top
        return top.asked if top else None

    @property
    def own(self) -> ScholarshipState:
        return self.state.get(ScholarshipState)


async def part(app: ScholarshipsApp, session: str = "s1") -> View:
    record = await app.store.get_session(session)
    assert record is not None
    return View(record.state)


def money(text: str) -> Decimal:
    return Decimal(text)
