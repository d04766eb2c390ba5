"""Opportunities (a course offer through Sisu or Prouni) and their search.

One `Opportunity` is a course at an institution's campus, in one shift, through one modality:
`sisu` (public institutions; cut-off of ampla concorrência), `prouni_integral` or
`prouni_parcial` (private institutions; each Prouni modality has its own places and cut-off).
So a private course with both kinds of scholarship is two opportunities, which makes every
filter a plain column condition and lets a card say exactly which scholarship it is.

`search(filters)` has the same semantics on every backend (checked by one test suite):
- `course`: accent-insensitive word matching over the catalogue's course names (see
  `text.py`: "engenharia" → every Engenharia, "medicina" → Medicina only). It runs in Python
  over the few dozen distinct `course_key`s; the rows are then selected by `course_key IN (...)`.
- `city` (accent/case-insensitive) and/or `uf`; with `nearby=True` a city widens to its whole UF
  plus the shipped neighbour cities (`places.py`). `nearby` without a city changes nothing.
- `score` keeps offers whose cut-off ≤ score + `score_tolerance`.
- `eligibility` keeps the modalities it allows (Sisu always; Prouni integral/parcial only when
  the income qualifies); unknown eligibility (None) keeps every modality.
- `shifts` (any of), `institution_type` (`indiferente` = both).
- `sort_by`: "quality" = MEC grade desc, then fit; "fit" = fit, then MEC grade desc;
  "cutoff" = lowest cut-off first, then MEC grade desc. Fit is |cut-off − score| (the offer
  whose cut-off is closest to the student's score first) or, without a score, the cut-off
  ascending. Ties end on the id, so pages never overlap.
Every value reaches SQL as a bound parameter; text that means nothing ("%", "'; DROP …")
matches nothing and is never a wildcard.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal, Protocol

from babel.numbers import format_decimal
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from switchboard import Clock, Repository, SqlContext
from switchboard.apps.scholarships.eligibility import Eligibility, Modality
from switchboard.apps.scholarships.records.errors import InvalidSearchFiltersError
from switchboard.apps.scholarships.records.places import CityRef, city_key, neighbours, parse_uf
from switchboard.apps.scholarships.records.text import match_courses, normalize
from switchboard.apps.scholarships.records.vocab import (
    MODALITY_LABELS,
    SHIFT_LABELS,
    SHIFTS,
    Degree,
    InstitutionPreference,
    InstitutionType,
    Shift,
    parse_choice,
)

SortBy = Literal["quality", "fit", "cutoff"]
MAX_LIMIT = 100
MAX_OFFSET = 10_000


class Opportunity(BaseModel):
    """A course offer through one modality (see the module docstring)."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(min_length=1, max_length=32)
    """Stable: derived from institution, city, course, shift and modality."""
    course: str
    degree: Degree
    institution: str
    institution_acronym: str
    institution_type: InstitutionType
    city: str
    uf: str = Field(min_length=2, max_length=2)
    shift: Shift
    modality: Modality
    cutoff: float = Field(ge=0, le=1000, allow_inf_nan=False)
    """Nota de corte: the last admitted ENEM average (Sisu: ampla concorrência)."""
    vagas: int = Field(ge=0)
    """Places (Prouni: scholarships of this modality)."""
    mec_grade: int = Field(ge=1, le=5)
    """Conceito de curso (MEC), 1–5."""


def describe(item: Opportunity) -> str:
    """One pt-BR line for text answers (the web chat renders cards from the fields instead):
    "Direito — UFMG (Belo Horizonte/MG) · Noturno · Sisu · nota de corte 745,32 · conceito MEC 5
    · 40 vagas"."""
    cutoff = format_decimal(item.cutoff, format="#,##0.00", locale="pt_BR")
    vagas = f"{item.vagas} vaga" + ("s" if item.vagas != 1 else "")
    return (
        f"{item.course} — {item.institution_acronym} ({item.city}/{item.uf}) · "
        f"{SHIFT_LABELS[item.shift]} · {MODALITY_LABELS[item.modality]} · "
        f"nota de corte {cutoff} · conceito MEC {item.mec_grade} · {vagas}"
    )


def _uf(value: object) -> object:
    if not isinstance(value, str):
        return value
    if not value.strip():
        return None
    uf = parse_uf(value)
    if uf is None:
        raise ValueError(f"{value!r} is not a Brazilian federative unit")
    return uf


def _shifts(value: object) -> object:
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list | tuple | set | frozenset):
        return sorted({parse_choice(item, SHIFTS) for item in value}, key=SHIFTS.index)
    return value


def _preference(value: object) -> object:
    return parse_choice(value, ("publica", "privada", "indiferente"))


def _blank_to_none(value: object) -> object:
    return None if isinstance(value, str) and not value.strip() else value


class OpportunityFilters(BaseModel):
    """What a search asks for; every field is optional (see the module docstring)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    course: Annotated[
        Annotated[str, Field(max_length=200)] | None, BeforeValidator(_blank_to_none)
    ] = None
    city: Annotated[
        Annotated[str, Field(max_length=120)] | None, BeforeValidator(_blank_to_none)
    ] = None
    uf: Annotated[str | None, BeforeValidator(_uf)] = None
    nearby: bool = False
    score: float | None = Field(None, ge=0, le=1000, allow_inf_nan=False)
    score_tolerance: float = Field(0.0, ge=0, le=100, allow_inf_nan=False)
    eligibility: Eligibility | None = None
    shifts: Annotated[tuple[Shift, ...], BeforeValidator(_shifts)] = ()
    institution_type: Annotated[InstitutionPreference, BeforeValidator(_preference)] = "indiferente"
    sort_by: SortBy = "quality"
    limit: int = Field(20, ge=1, le=MAX_LIMIT)
    offset: int = Field(0, ge=0, le=MAX_OFFSET)

    @classmethod
    def parse(cls, data: Mapping[str, Any]) -> OpportunityFilters:
        """Filters from untrusted input (a tool call's arguments); a typed error if invalid."""
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise InvalidSearchFiltersError(
                f"invalid search filters: {exc.errors(include_url=False)}"
            ) from exc


class Opportunities(Protocol):
    """The opportunity repository (memory and SQL behave the same)."""

    async def load_seed(self) -> int:
        """Insert or refresh the shipped seed data; idempotent. Returns the seed's row count."""
        ...

    async def add(self, items: Sequence[Opportunity]) -> int:
        """Insert or replace (by id). Returns how many were given."""
        ...

    async def get(self, opportunity_id: str) -> Opportunity | None: ...

    async def count(self) -> int: ...

    async def courses(self) -> list[str]:
        """Distinct course names, sorted (for suggestions when a course matches nothing)."""
        ...

    async def search(self, filters: OpportunityFilters) -> list[Opportunity]: ...


# The search plan: what both backends run, computed the same way ---------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Where: one city (`city`, optionally in `uf`), or a set of UFs and neighbour cities."""

    city: str | None = None
    uf: str | None = None
    ufs: frozenset[str] = frozenset()
    cities: frozenset[CityRef] = frozenset()
    widened: bool = False
    """True: the offer's UF in `ufs` or its (city, UF) in `cities`."""


@dataclass(frozen=True, slots=True)
class Plan:
    course_keys: frozenset[str] | None
    place: Place | None
    modalities: frozenset[Modality] | None
    bound: float | None
    shifts: frozenset[Shift] | None
    institution_type: InstitutionType | None
    empty: bool = False
    """Nothing can match (an unknown course): skip the query."""


def make_plan(
    filters: OpportunityFilters,
    course_keys: Iterable[str],
    city_ufs: Iterable[str],
) -> Plan:
    """`course_keys`: the catalogue's distinct keys (read only when `filters.course` is set);
    `city_ufs`: UFs where `filters.city` has offers (read only for a nearby search)."""
    keys: frozenset[str] | None = None
    if filters.course is not None:
        keys = frozenset(match_courses(filters.course, course_keys))
    place: Place | None = None
    if filters.city is not None:
        key = city_key(filters.city)
        if filters.nearby:
            ufs = {filters.uf} if filters.uf else set(city_ufs)
            near = neighbours()
            if not filters.uf:
                ufs |= {uf for ck, uf in near if ck == key}
            cities = frozenset(c for uf in ufs for c in near.get((key, uf), ()))
            place = Place(ufs=frozenset(ufs), cities=cities, widened=True)
        else:
            place = Place(city=key, uf=filters.uf)
    elif filters.uf is not None:
        place = Place(uf=filters.uf)
    bound = None if filters.score is None else filters.score + filters.score_tolerance
    kind = None if filters.institution_type == "indiferente" else filters.institution_type
    empty = (keys is not None and not keys) or (
        place is not None and place.widened and not place.ufs and not place.cities
    )
    return Plan(
        course_keys=keys,
        place=place,
        modalities=filters.eligibility.modalities if filters.eligibility else None,
        bound=bound,
        shifts=frozenset(filters.shifts) or None,
        institution_type=kind,
        empty=empty,
    )


def needs_city_ufs(filters: OpportunityFilters) -> bool:
    return filters.city is not None and filters.nearby and filters.uf is None


# Seed -------------------------------------------------------------------------------------


@cache
def seed() -> tuple[Opportunity, ...]:
    """The shipped seed (`data/opportunities.jsonl`; its `_meta` line is skipped), parsed once."""
    text = (
        resources.files("switchboard.apps.scholarships.data")
        .joinpath("opportunities.jsonl")
        .read_text(encoding="utf-8")
    )
    rows = (json.loads(line) for line in text.splitlines() if line.strip())
    return tuple(Opportunity.model_validate(row) for row in rows if "_meta" not in row)


# In memory --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Entry:
    item: Opportunity
    course_key: str
    city_key: str


class InMemoryOpportunities:
    """A dict by id; a search scans it (a few thousand rows: well under a millisecond per
    filter), with exactly the SQL implementation's semantics and order."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._rows: dict[str, _Entry] = {}

    async def load_seed(self) -> int:
        return await self.add(seed())

    async def add(self, items: Sequence[Opportunity]) -> int:
        for item in items:
            self._rows[item.id] = _Entry(item, normalize(item.course), city_key(item.city))
        return len(items)

    async def get(self, opportunity_id: str) -> Opportunity | None:
        entry = self._rows.get(opportunity_id)
        return entry.item if entry is not None else None

    async def count(self) -> int:
        return len(self._rows)

    async def courses(self) -> list[str]:
        return sorted({entry.item.course for entry in self._rows.values()})

    async def search(self, filters: OpportunityFilters) -> list[Opportunity]:
        entries = self._rows.values()
        key = city_key(filters.city) if needs_city_ufs(filters) and filters.city else None
        plan = make_plan(
            filters,
            {e.course_key for e in entries} if filters.course is not None else (),
            {e.item.uf for e in entries if e.city_key == key} if key is not None else (),
        )
        if plan.empty:
            return []
        found = [e.item for e in entries if _keeps(plan, e)]
        found.sort(key=sort_key(filters))
        return found[filters.offset : filters.offset + filters.limit]


def _keeps(plan: Plan, entry: _Entry) -> bool:
    item = entry.item
    if plan.course_keys is not None and entry.course_key not in plan.course_keys:
        return False
    place = plan.place
    if place is not None:
        if place.widened:
            if item.uf not in place.ufs and (entry.city_key, item.uf) not in place.cities:
                return False
        elif (place.city is not None and entry.city_key != place.city) or (
            place.uf is not None and item.uf != place.uf
        ):
            return False
    return (
        (plan.modalities is None or item.modality in plan.modalities)
        and (plan.bound is None or item.cutoff <= plan.bound)
        and (plan.shifts is None or item.shift in plan.shifts)
        and (plan.institution_type is None or item.institution_type == plan.institution_type)
    )


def sort_key(filters: OpportunityFilters) -> Any:
    score = filters.score

    def fit(item: Opportunity) -> float:
        return abs(item.cutoff - score) if score is not None else item.cutoff

    if filters.sort_by == "quality":
        return lambda item: (-item.mec_grade, fit(item), item.id)
    if filters.sort_by == "fit":
        return lambda item: (fit(item), -item.mec_grade, item.id)
    return lambda item: (item.cutoff, -item.mec_grade, item.id)


# The repository kind ----------------------------------------------------------------------


def _sql(context: SqlContext) -> Opportunities:
    from switchboard.apps.scholarships.records.opportunities_sql import SqlOpportunities

    return SqlOpportunities(context)


OPPORTUNITIES: Repository[Opportunities] = Repository(
    "scholarships.opportunities", memory=InMemoryOpportunities, sql=_sql
)

__all__ = [
    "MAX_LIMIT",
    "OPPORTUNITIES",
    "InMemoryOpportunities",
    "Opportunities",
    "Opportunity",
    "OpportunityFilters",
    "SortBy",
    "describe",
    "seed",
]
