"""The opportunity repository on SQLite or PostgreSQL (SQLAlchemy Core, bound parameters only).

A search is one unit of work (one transaction, one trip to the driver): when the filters need
it, it first reads the catalogue (distinct `course_key`s for course matching; the UFs of the
city for a nearby search), makes the same `Plan` as the in-memory repository, then runs one
SELECT whose WHERE clause is built from that plan out of column expressions and bound values.
The ORDER BY mirrors `opportunities.sort_key` exactly (ties end on the hex id, which sorts the
same under every collation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from pydantic import TypeAdapter
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Row

from switchboard import SqlContext
from switchboard.apps.scholarships.records.opportunities import (
    Opportunity,
    OpportunityFilters,
    Plan,
    make_plan,
    needs_city_ufs,
    seed,
)
from switchboard.apps.scholarships.records.places import city_key
from switchboard.apps.scholarships.records.tables import opportunities as t
from switchboard.apps.scholarships.records.text import normalize

_FIELDS = tuple(Opportunity.model_fields)
_BATCH = 1000
_MANY = TypeAdapter(list[Opportunity])


class SqlOpportunities:
    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner
        statement: sqlite.Insert | postgresql.Insert = (
            sqlite.insert(t) if context.dialect == "sqlite" else postgresql.insert(t)
        )
        self._upsert = statement.on_conflict_do_update(
            index_elements=["id"],
            set_={c.name: statement.excluded[c.name] for c in t.c if c.name != "id"},
        )

    async def load_seed(self) -> int:
        return await self.add(seed())

    async def add(self, items: Sequence[Opportunity]) -> int:
        rows = [_row(item) for item in items]
        await self._runner.write(_upsert, self._upsert, rows)
        return len(rows)

    async def get(self, opportunity_id: str) -> Opportunity | None:
        return await self._runner.read(_get, opportunity_id)

    async def count(self) -> int:
        return await self._runner.read(_count)

    async def courses(self) -> list[str]:
        return await self._runner.read(_courses)

    async def search(self, filters: OpportunityFilters) -> list[Opportunity]:
        return await self._runner.read(_search, filters)


def _row(item: Opportunity) -> dict[str, Any]:
    row = item.model_dump()
    row["course_key"] = normalize(item.course)
    row["city_key"] = city_key(item.city)
    return row


def _upsert(conn: Connection, statement: Any, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), _BATCH):
        conn.execute(statement, rows[start : start + _BATCH])


def _get(conn: Connection, opportunity_id: str) -> Opportunity | None:
    row = conn.execute(sa.select(*_columns()).where(t.c.id == opportunity_id)).first()
    return _opportunity(row) if row is not None else None


def _count(conn: Connection) -> int:
    return int(conn.execute(sa.select(sa.func.count()).select_from(t)).scalar_one())


def _courses(conn: Connection) -> list[str]:
    return sorted(conn.execute(sa.select(t.c.course).distinct()).scalars())


def _search(conn: Connection, filters: OpportunityFilters) -> list[Opportunity]:
    keys: list[str] = []
    if filters.course is not None:
        keys = list(conn.execute(sa.select(t.c.course_key).distinct()).scalars())
    ufs: list[str] = []
    if needs_city_ufs(filters) and filters.city is not None:
        where_city = t.c.city_key == city_key(filters.city)
        ufs = list(conn.execute(sa.select(t.c.uf).where(where_city).distinct()).scalars())
    plan = make_plan(filters, keys, ufs)
    if plan.empty:
        return []
    query = (
        sa.select(*_columns())
        .where(*_conditions(plan))
        .order_by(*_order(filters))
        .limit(filters.limit)
        .offset(filters.offset)
    )
    # One validation call for the page: about twice as fast as one per row.
    return _MANY.validate_python(
        [dict(zip(_FIELDS, row, strict=True)) for row in conn.execute(query)]
    )


def _conditions(plan: Plan) -> list[sa.ColumnElement[bool]]:
    where: list[sa.ColumnElement[bool]] = []
    if plan.course_keys is not None:
        where.append(t.c.course_key.in_(sorted(plan.course_keys)))
    place = plan.place
    if place is not None:
        if place.widened:
            options: list[sa.ColumnElement[bool]] = []
            if place.ufs:
                options.append(t.c.uf.in_(sorted(place.ufs)))
            options += [
                sa.and_(t.c.city_key == key, t.c.uf == uf) for key, uf in sorted(place.cities)
            ]
            where.append(sa.or_(*options))
        else:
            if place.city is not None:
                where.append(t.c.city_key == place.city)
            if place.uf is not None:
                where.append(t.c.uf == place.uf)
    if plan.modalities is not None:
        where.append(t.c.modality.in_(sorted(plan.modalities)))
    if plan.bound is not None:
        where.append(t.c.cutoff <= plan.bound)
    if plan.shifts is not None:
        where.append(t.c.shift.in_(sorted(plan.shifts)))
    if plan.institution_type is not None:
        where.append(t.c.institution_type == plan.institution_type)
    return where


def _order(filters: OpportunityFilters) -> list[sa.ColumnElement[Any]]:
    if filters.score is not None:
        fit: sa.ColumnElement[Any] = sa.func.abs(
            t.c.cutoff - sa.bindparam("fit_score", filters.score, type_=sa.Float)
        )
    else:
        fit = t.c.cutoff
    if filters.sort_by == "quality":
        return [t.c.mec_grade.desc(), fit.asc(), t.c.id.asc()]
    if filters.sort_by == "fit":
        return [fit.asc(), t.c.mec_grade.desc(), t.c.id.asc()]
    return [t.c.cutoff.asc(), t.c.mec_grade.desc(), t.c.id.asc()]


def _columns() -> list[sa.Column[Any]]:
    return [t.c[name] for name in _FIELDS]


def _opportunity(row: Row[Any]) -> Opportunity:
    return Opportunity.model_validate(dict(zip(_FIELDS, row, strict=True)))


__all__ = ["SqlOpportunities"]
