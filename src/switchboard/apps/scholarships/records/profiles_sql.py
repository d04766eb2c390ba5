"""Student profiles on SQLite or PostgreSQL (see `profiles.py` for the upsert's transaction)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Row

from switchboard import Clock, SqlContext
from switchboard.apps.scholarships.records.profiles import (
    ProfileUpdate,
    StudentProfile,
    check_user_id,
    merge,
)
from switchboard.apps.scholarships.records.tables import profiles as t

_MONEY = {
    "household_income": "household_income_cents",
    "per_capita_income": "per_capita_income_cents",
}


class SqlProfiles:
    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner
        self._clock: Clock = context.clock
        self._postgres = context.dialect == "postgresql"
        self._insert_empty: sqlite.Insert | postgresql.Insert = (
            postgresql.insert(t) if self._postgres else sqlite.insert(t)
        ).on_conflict_do_nothing(index_elements=["user_id"])

    async def get(self, user_id: str) -> StudentProfile | None:
        check_user_id(user_id)
        return await self._runner.read(_get, user_id, False)

    async def upsert(self, user_id: str, update: ProfileUpdate) -> StudentProfile:
        check_user_id(user_id)
        return await self._runner.write(self._upsert, user_id, update, self._clock.now())

    async def delete(self, user_id: str) -> bool:
        check_user_id(user_id)
        return await self._runner.write(_delete, user_id)

    def _upsert(
        self, conn: Connection, user_id: str, update: ProfileUpdate, now: datetime
    ) -> StudentProfile:
        conn.execute(
            self._insert_empty,
            {"user_id": user_id, "shifts": [], "created_at": now, "updated_at": now},
        )
        current = _get(conn, user_id, self._postgres)
        profile = merge(current, user_id, update, now)
        values = _row(profile)
        del values["user_id"], values["created_at"]
        conn.execute(sa.update(t).where(t.c.user_id == user_id).values(values))
        return profile


def _get(conn: Connection, user_id: str, lock: bool) -> StudentProfile | None:
    query = sa.select(t).where(t.c.user_id == user_id)
    row = conn.execute(query.with_for_update() if lock else query).first()
    return _profile(row) if row is not None else None


def _delete(conn: Connection, user_id: str) -> bool:
    return conn.execute(sa.delete(t).where(t.c.user_id == user_id)).rowcount > 0


def _row(profile: StudentProfile) -> dict[str, Any]:
    row = profile.model_dump(exclude=set(_MONEY))
    for field, column in _MONEY.items():
        amount: Decimal | None = getattr(profile, field)
        row[column] = None if amount is None else int(amount * 100)
    return row


def _profile(row: Row[Any]) -> StudentProfile:
    data = dict(row._mapping)
    for field, column in _MONEY.items():
        cents = data.pop(column)
        data[field] = None if cents is None else Decimal(cents).scaleb(-2)
    return StudentProfile.model_validate(data)


__all__ = ["SqlProfiles"]
