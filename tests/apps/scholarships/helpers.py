"""Shared helpers for the scholarship app tests (offline: embedded model, in-memory store)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from switchboard.apps.scholarships.app import ScholarshipsApp, build
from switchboard.apps.scholarships.records import PROFILES, ProfileUpdate
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.core.clock import ManualClock
from switchboard.core.events import Event
from switchboard.core.reply import Reply

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


async def part(app: ScholarshipsApp, session: str = "s1") -> ScholarshipState:
    record = await app.store.get_session(session)
    assert record is not None
    return record.state.get(ScholarshipState)


def money(text: str) -> Decimal:
    return Decimal(text)
