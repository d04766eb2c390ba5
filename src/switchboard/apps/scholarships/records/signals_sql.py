"""Learning signals and golden examples on SQLite or PostgreSQL."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from switchboard import SqlContext
from switchboard.apps.scholarships.records.moderation import check_limit
from switchboard.apps.scholarships.records.signals import (
    GoldenExample,
    GoldenStatus,
    Signal,
    SignalKind,
    check_example,
    check_signal,
    example_key,
    not_found,
)
from switchboard.apps.scholarships.records.tables import golden_examples as g
from switchboard.apps.scholarships.records.tables import learning_signals as s


class SqlSignals:
    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner
        self._clock = context.clock

    async def record(
        self, kind: SignalKind, user_id: str, session_id: str, payload: dict[str, Any]
    ) -> Signal:
        check_signal(kind, user_id, session_id, payload)
        row = {
            "kind": kind,
            "user_id": user_id,
            "session_id": session_id,
            "payload": json.loads(json.dumps(payload)),  # the caller's dict stays theirs
            "created_at": self._clock.now(),
        }
        return await self._runner.write(_insert_signal, row)

    async def recent(
        self, *, kind: SignalKind | None = None, since: datetime | None = None, limit: int = 100
    ) -> list[Signal]:
        check_limit(limit)
        return await self._runner.read(_list_signals, kind, since, limit)

    async def count_by_kind(self, since: datetime | None = None) -> dict[str, int]:
        return await self._runner.read(_count_by_kind, since)


def _insert_signal(conn: Connection, row: dict[str, Any]) -> Signal:
    new_id = conn.execute(sa.insert(s).values(row).returning(s.c.id)).scalar_one()
    return Signal.model_validate({"id": new_id, **row})


def _list_signals(
    conn: Connection, kind: str | None, since: datetime | None, limit: int
) -> list[Signal]:
    query = sa.select(s).order_by(s.c.id.desc()).limit(limit)
    if kind is not None:
        query = query.where(s.c.kind == kind)
    if since is not None:
        query = query.where(s.c.created_at >= since)
    return [Signal.model_validate(dict(row._mapping)) for row in conn.execute(query)]


def _count_by_kind(conn: Connection, since: datetime | None) -> dict[str, int]:
    query = sa.select(s.c.kind, sa.func.count()).group_by(s.c.kind)
    if since is not None:
        query = query.where(s.c.created_at >= since)
    return dict(sorted((kind, int(n)) for kind, n in conn.execute(query)))


class SqlGoldenExamples:
    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner
        self._clock = context.clock
        self._insert: sqlite.Insert | postgresql.Insert = (
            postgresql.insert(g) if context.dialect == "postgresql" else sqlite.insert(g)
        ).on_conflict_do_nothing(index_elements=["key"])

    async def propose(
        self,
        question: str,
        answer: str,
        agent: str,
        source_session_id: str | None = None,
        score: float | None = None,
    ) -> GoldenExample:
        question, answer, agent = check_example(question, answer, agent)
        row = {
            "key": example_key(agent, question, answer),
            "question": question,
            "answer": answer,
            "agent": agent,
            "source_session_id": source_session_id,
            "status": "proposed",
            "score": score,
            "created_at": self._clock.now(),
        }
        return await self._runner.write(self._propose, row)

    def _propose(self, conn: Connection, row: dict[str, Any]) -> GoldenExample:
        conn.execute(self._insert, row)  # a no-op when the same example exists
        found = conn.execute(sa.select(g).where(g.c.key == row["key"])).one()
        return _example(found._mapping)

    async def approve(self, example_id: int) -> GoldenExample:
        return await self._runner.write(_review, example_id, "approved", self._clock.now())

    async def reject(self, example_id: int) -> GoldenExample:
        return await self._runner.write(_review, example_id, "rejected", self._clock.now())

    async def get(self, example_id: int) -> GoldenExample | None:
        return await self._runner.read(_get_example, example_id)

    async def recent(
        self, *, status: GoldenStatus | None = None, agent: str | None = None, limit: int = 100
    ) -> list[GoldenExample]:
        check_limit(limit)
        query = sa.select(g).order_by(g.c.id.desc()).limit(limit)
        if status is not None:
            query = query.where(g.c.status == status)
        if agent is not None:
            query = query.where(g.c.agent == agent)
        return await self._runner.read(_examples, query)

    async def list_approved(self, agent: str | None = None) -> list[GoldenExample]:
        query = sa.select(g).where(g.c.status == "approved").order_by(g.c.id)
        if agent is not None:
            query = query.where(g.c.agent == agent)
        return await self._runner.read(_examples, query)


def _review(conn: Connection, example_id: int, status: str, now: datetime) -> GoldenExample:
    row = conn.execute(
        sa.update(g)
        .where(g.c.id == example_id)
        .values(status=status, reviewed_at=now)
        .returning(*g.c)
    ).first()
    if row is None:
        raise not_found(example_id)
    return _example(row._mapping)


def _get_example(conn: Connection, example_id: int) -> GoldenExample | None:
    row = conn.execute(sa.select(g).where(g.c.id == example_id)).first()
    return _example(row._mapping) if row is not None else None


def _examples(conn: Connection, query: sa.Select[Any]) -> list[GoldenExample]:
    return [_example(row._mapping) for row in conn.execute(query)]


def _example(mapping: Any) -> GoldenExample:
    data = dict(mapping)
    del data["key"]
    return GoldenExample.model_validate(data)


__all__ = ["SqlGoldenExamples", "SqlSignals"]
