"""Student profiles: one per user, read by the router and filled by onboarding and match.

`upsert(user_id, update)` is a *partial* update: only the fields the `ProfileUpdate` was given
(pydantic's `model_fields_set`) change; a field given as None is cleared. The per-capita income
is derived whenever the household size or income changes and both are known (cleared
when one of them is cleared) (rounded up to the
cent, as `eligibility.per_capita`), unless the update sets it explicitly (the income calculator
sends the per-capita value it computed). Profiles never cross users: every read and write is
keyed by the authenticated user id, which the caller takes from credentials, never from a
model's tool arguments.

On SQL an upsert is one transaction: insert an empty row if there is none (ON CONFLICT DO
NOTHING), lock it (`FOR UPDATE` on PostgreSQL; SQLite's `BEGIN IMMEDIATE` already serializes
writers), merge, update. Two concurrent first upserts for one user therefore both land instead
of the second overwriting the first with a merge made from nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Any, Protocol

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from switchboard import Clock, Repository, SqlContext
from switchboard.apps.scholarships.eligibility import CENT, per_capita
from switchboard.apps.scholarships.records.errors import InvalidProfileError
from switchboard.apps.scholarships.records.places import parse_uf
from switchboard.apps.scholarships.records.text import storable
from switchboard.apps.scholarships.records.vocab import (
    EDUCATION_LEVELS,
    SHIFTS,
    Education,
    InstitutionPreference,
    Shift,
    parse_choice,
)

ONBOARDING_FIELDS = ("name", "age", "city", "education")
"""What onboarding must collect before `onboarding_completed` may be set (spec 002 §2.3.A)."""


def _strip(value: object) -> object:
    if isinstance(value, str):
        value = " ".join(storable(value).split())
        return value or None
    return value


def _uf(value: object) -> object:
    if isinstance(value, str):
        uf = parse_uf(value)
        if uf is None:
            raise ValueError(f"{value!r} is not a Brazilian federative unit")
        return uf
    return value


def _education(value: object) -> object:
    return parse_choice(value, EDUCATION_LEVELS) if value is not None else None


def _shifts(value: object) -> object:
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list | tuple | set | frozenset):
        return sorted({parse_choice(item, SHIFTS) for item in value}, key=SHIFTS.index)
    return value


def _preference(value: object) -> object:
    return parse_choice(value, ("publica", "privada", "indiferente")) if value is not None else None


def _money(value: object) -> object:
    """Decimal money rounded half-up to the cent; floats are refused (they are not money)."""
    if isinstance(value, float):
        raise ValueError("money must be a Decimal, an int or a numeric string, not a float")
    return value


Name = Annotated[Annotated[str, Field(max_length=120)] | None, BeforeValidator(_strip)]
LongName = Annotated[Annotated[str, Field(max_length=200)] | None, BeforeValidator(_strip)]
Money = Annotated[
    Annotated[Decimal, Field(ge=0, le=Decimal("10000000"), decimal_places=2)] | None,
    BeforeValidator(_money),
]


class ProfileFields(BaseModel):
    """The fields of a profile, all optional; validated the same for reads and updates."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    name: Name = None
    age: int | None = Field(None, ge=10, le=120)
    city: Name = None
    uf: Annotated[str | None, BeforeValidator(_uf)] = None
    education: Annotated[Education | None, BeforeValidator(_education)] = None
    onboarding_completed: bool = False
    course_interest: LongName = None
    enem_score: float | None = Field(None, ge=0, le=1000, allow_inf_nan=False)
    essay_score: float | None = Field(None, ge=0, le=1000, allow_inf_nan=False)
    """The Enem redação score (Prouni item 1.2: it must be above zero)."""
    shifts: Annotated[list[Shift], BeforeValidator(_shifts)] = Field(default_factory=list)
    institution_type: Annotated[InstitutionPreference | None, BeforeValidator(_preference)] = None
    household_size: int | None = Field(None, ge=1, le=50)
    household_income: Money = None
    """Gross monthly household income (R$)."""
    per_capita_income: Money = None
    """Gross monthly household income per person (R$); what eligibility is judged on."""


class ProfileUpdate(ProfileFields):
    """A partial update: only the fields given change (None clears a field)."""

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> ProfileUpdate:
        """An update from untrusted input (a tool call's arguments); a typed error if invalid."""
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise InvalidProfileError(
                f"invalid profile update: {exc.errors(include_url=False)}"
            ) from exc


class StudentProfile(ProfileFields):
    user_id: str
    created_at: datetime
    updated_at: datetime

    def missing_onboarding_fields(self) -> list[str]:
        """Which of name, age, city and education are still unknown (in asking order)."""
        return [name for name in ONBOARDING_FIELDS if getattr(self, name) is None]


def check_user_id(user_id: str) -> None:
    if not isinstance(user_id, str) or not user_id or "\x00" in user_id or len(user_id) > 200:
        raise InvalidProfileError("a profile needs a user id (text, no NUL, at most 200 chars)")


def merge(
    current: StudentProfile | None, user_id: str, update: ProfileUpdate, now: datetime
) -> StudentProfile:
    """`current` with `update`'s given fields applied, per-capita income re-derived."""
    given = update.model_dump(include=update.model_fields_set)
    base = (
        current.model_dump()
        if current is not None
        else {"user_id": user_id, "created_at": now, "shifts": []}
    )
    merged = {**base, **given, "updated_at": now}
    household = given.keys() & {"household_size", "household_income"}
    if household and "per_capita_income" not in given:
        size, income = merged.get("household_size"), merged.get("household_income")
        if size is not None and income is not None:
            merged["per_capita_income"] = per_capita(size, [income])
        elif any(given[name] is None for name in household):
            merged["per_capita_income"] = None  # its basis was cleared
    for money in ("household_income", "per_capita_income"):
        if merged.get(money) is not None:
            merged[money] = Decimal(merged[money]).quantize(CENT, rounding=ROUND_HALF_UP)
    return StudentProfile.model_validate(merged)


class Profiles(Protocol):
    async def get(self, user_id: str) -> StudentProfile | None:
        """The user's profile, or None if they have none yet."""
        ...

    async def upsert(self, user_id: str, update: ProfileUpdate) -> StudentProfile:
        """Apply a partial update (creating the profile on first use); returns the result."""
        ...

    async def delete(self, user_id: str) -> bool:
        """Forget the user's profile (a data-deletion request). True if it existed."""
        ...


class InMemoryProfiles:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._profiles: dict[str, StudentProfile] = {}

    async def get(self, user_id: str) -> StudentProfile | None:
        check_user_id(user_id)
        profile = self._profiles.get(user_id)
        return profile.model_copy(deep=True) if profile is not None else None

    async def upsert(self, user_id: str, update: ProfileUpdate) -> StudentProfile:
        check_user_id(user_id)
        profile = merge(self._profiles.get(user_id), user_id, update, self._clock.now())
        self._profiles[user_id] = profile
        return profile.model_copy(deep=True)

    async def delete(self, user_id: str) -> bool:
        check_user_id(user_id)
        return self._profiles.pop(user_id, None) is not None


def _sql(context: SqlContext) -> Profiles:
    from switchboard.apps.scholarships.records.profiles_sql import SqlProfiles

    return SqlProfiles(context)


PROFILES: Repository[Profiles] = Repository(
    "scholarships.profiles", memory=InMemoryProfiles, sql=_sql
)

__all__ = [
    "ONBOARDING_FIELDS",
    "PROFILES",
    "InMemoryProfiles",
    "ProfileUpdate",
    "Profiles",
    "StudentProfile",
    "merge",
]
