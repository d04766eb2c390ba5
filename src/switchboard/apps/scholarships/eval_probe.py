"""The scholarship app's probe for `switchboard eval` (docs/eval.md): guard, route, profile.

- **blocked / category**: a message the guard blocked has a row in the moderation log
  (`records/moderation.py`) for this user and session; its category is the row's.
- **route**: `guard_block` when blocked; `rag` when the Sisu or Prouni agent spoke in the turn
  (a question answered first, even when onboarding or the match then resumes with its pending
  question: the router sent the message to the editais); else by the answering agent —
  onboarding → `onboarding`, match → `match`, sisu / prouni and the Prouni simulation (the
  edital's rules applied to the student, cited) → `rag`, root → `chitchat`.
- **effects**: `{"kind": "profile", "field": ..., "value": ...}` for every profile field this
  turn set or changed. "The profile" is what the app holds about the student: the stored
  profile *and* the values its workflows collected and have not saved yet (onboarding saves
  name, age, city and education only at its last step; a self-harm message taken as a name
  must show up on the turn it was taken, not four turns later). Field names follow the suite
  format (`income_per_capita` for the profile's `per_capita_income`, `course_interest`,
  `enem_score`); a value that goes away is not an effect.
- **setup**: `{"profile": {...}}` stores a profile first (fields of `ProfileUpdate`, e.g.
  `{"name": "Ana", "age": 17, "city": "Recife", "education": "Ensino Médio Completo",
  "onboarding_completed": true}`) to start a case after onboarding.

Registered in pyproject's `switchboard.eval_probes` group; nothing in the app imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from switchboard import ChatApp, TextEvent
from switchboard.apps.scholarships.records import (
    MODERATION,
    PROFILES,
    InvalidProfileError,
    ProfileUpdate,
    StudentProfile,
)
from switchboard.evals import (
    CaseContext,
    Effect,
    EffectKind,
    EffectValue,
    EvalProbe,
    TurnFacts,
    TurnObservation,
)
from switchboard.patterns import WorkflowState

ROUTES: dict[str, str] = {
    "onboarding": "onboarding",
    "match": "match",
    "sisu": "rag",
    "prouni": "rag",
    "simulation": "rag",
    "root": "chitchat",
}
RAG_AGENTS = frozenset({"sisu", "prouni"})
BLOCKED_ROUTE = "guard_block"

PROFILE_FIELDS: dict[str, str] = {
    "name": "name",
    "age": "age",
    "city": "city",
    "uf": "uf",
    "education": "education",
    "course_interest": "course_interest",
    "enem_score": "enem_score",
    "shifts": "shifts",
    "institution_type": "institution_type",
    "household_size": "household_size",
    "household_income": "household_income",
    "per_capita_income": "income_per_capita",
}
"""Stored profile field → the suite's field name."""
SLOT_FIELDS: dict[str, str] = {
    "name": "name",
    "age": "age",
    "city": "city",
    "education": "education",
    "course": "course_interest",
    "score": "enem_score",
    "shifts": "shifts",
    "institution_type": "institution_type",
    "per_capita_income": "income_per_capita",
}
"""Workflow slot (workflows.yaml) → the suite's field name; other slots are not profile data."""
NUMERIC = frozenset({"enem_score", "income_per_capita", "household_income"})

EFFECT_KINDS: dict[str, EffectKind] = {
    "profile": EffectKind(
        frozenset({"field", "value"}),
        {"field": frozenset(PROFILE_FIELDS.values())},
    )
}
SETUP_KEYS = ("profile",)


def _value(field: str, value: Any) -> EffectValue:
    """A profile or slot value as the suite compares it (numbers as numbers, lists of text)."""
    if isinstance(value, Decimal) or (field in NUMERIC and isinstance(value, str)):
        try:
            return float(value)
        except ValueError:
            return str(value)
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def _profile_view(
    profile: StudentProfile | None, state: WorkflowState | None
) -> dict[str, EffectValue]:
    view: dict[str, EffectValue] = {}
    if profile is not None:
        for stored, name in PROFILE_FIELDS.items():
            value = getattr(profile, stored)
            if value is not None and value != []:
                view[name] = _value(name, value)
    for frame in state.stack if state is not None else ():
        for slot, value in frame.slots.items():
            field = SLOT_FIELDS.get(slot)
            if field is not None and value is not None:
                view[field] = _value(field, value)
    return view


class _ScholarshipsCase:
    def __init__(self, app: ChatApp, case: CaseContext, last_block: int) -> None:
        self._app = app
        self._case = case
        self._last_block = last_block
        self._view: dict[str, EffectValue] = {}

    async def _read_view(self) -> dict[str, EffectValue]:
        store = self._app.store
        profile = await store.repository(PROFILES).get(self._case.user_id)
        record = await store.get_session(self._case.session_id)
        state = record.state.get(WorkflowState) if record is not None else None
        return _profile_view(profile, state)

    async def start(self) -> None:
        self._view = await self._read_view()

    async def observe(self, turn: TurnObservation) -> TurnFacts:
        blocks = [
            entry
            for entry in await self._app.store.repository(MODERATION).recent(1000)
            if entry.user_id == self._case.user_id
            and entry.session_id == self._case.session_id
            and entry.id > self._last_block
        ]
        if blocks:
            self._last_block = max(entry.id for entry in blocks)
        view = await self._read_view()
        effects = tuple(
            Effect.of("profile", field=name, value=value)
            for name, value in view.items()
            if self._view.get(name) != value
        )
        self._view = view
        newest = max(blocks, key=lambda entry: entry.id) if blocks else None
        answered_first = any(
            isinstance(event, TextEvent) and event.agent in RAG_AGENTS for event in turn.events
        )
        route = "rag" if answered_first else ROUTES.get(turn.agent or "")
        return TurnFacts(
            route=BLOCKED_ROUTE if newest else route,
            effects=effects,
            blocked=newest is not None,
            category=newest.category if newest else None,
        )


class ScholarshipsProbe:
    """The scholarship app's `EvalProbe`."""

    reports = frozenset({"route", "effects", "blocked", "category"})
    effect_kinds: Mapping[str, EffectKind] = EFFECT_KINDS

    def __init__(self, app: ChatApp) -> None:
        self._app = app

    def setup_problems(self, setup: Mapping[str, Any]) -> list[str]:
        problems = [
            f"unknown key {key!r} (scholarships knows: {', '.join(SETUP_KEYS)})"
            for key in setup
            if key not in SETUP_KEYS
        ]
        profile = setup.get("profile")
        if profile is not None:
            if not isinstance(profile, dict):
                problems.append("profile: must be an object of profile fields")
            else:
                try:
                    ProfileUpdate.parse(profile)
                except InvalidProfileError as exc:
                    problems.append(f"profile: {exc.message}")
        return problems

    async def open_case(self, case: CaseContext) -> _ScholarshipsCase:
        profile = case.setup.get("profile")
        if isinstance(profile, dict):
            await self._app.store.repository(PROFILES).upsert(
                case.user_id, ProfileUpdate.parse(profile)
            )
        recent = await self._app.store.repository(MODERATION).recent(1)
        observer = _ScholarshipsCase(self._app, case, recent[0].id if recent else 0)
        await observer.start()
        return observer


def probe(app: ChatApp) -> EvalProbe:
    """The `switchboard.eval_probes` entry point."""
    return ScholarshipsProbe(app)


__all__ = ["EFFECT_KINDS", "ROUTES", "ScholarshipsProbe", "probe"]
