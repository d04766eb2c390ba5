"""Mission telemetry repository (spec 001 §10): `MISSIONS = Repository("finance.missions", …)`.

`store.repository(MISSIONS)` gives the store's instance; `run_mission(..., log=it)` adds one
record per mission. The user's thumbs up/down and a follow-up within 5 minutes arrive later
(`set_feedback`, `note_user_message`) — the app calls them from its feedback route and from
each new user turn.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from switchboard import Clock, Repository, SqlContext
from switchboard.apps.finance.missions.tables import finance_missions as t
from switchboard.patterns import MissionTelemetry

FOLLOWUP_WINDOW = timedelta(minutes=5)
"""§10: "query_followup (se houve follow-up nos próximos 5 minutos)"."""

Feedback = Literal["up", "down"]


class InMemoryMissionLog:
    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._records: dict[str, MissionTelemetry] = {}

    async def add(self, record: MissionTelemetry) -> None:
        self._records[record.missao_id] = record.model_copy(deep=True)

    async def get(self, mission_id: str) -> MissionTelemetry | None:
        found = self._records.get(mission_id)
        return found.model_copy(deep=True) if found else None

    async def set_feedback(self, mission_id: str, feedback: Feedback) -> bool:
        found = self._records.get(mission_id)
        if found is None:
            return False
        found.feedback_usuario = feedback
        return True

    async def note_user_message(
        self, user_id: str, at: datetime, session_id: str | None = None
    ) -> int:
        """A new message from `user_id` at `at` (in `session_id`): missions of theirs that
        ended within the previous 5 minutes — in that session, when given — had a follow-up.
        Returns how many were marked."""
        marked = 0
        for record in self._records.values():
            if record.user_id == user_id and _within(record, at, session_id):
                record.query_followup = True
                marked += 1
        return marked

    async def between(
        self, since: datetime | None = None, until: datetime | None = None
    ) -> list[MissionTelemetry]:
        return sorted(
            (
                r.model_copy(deep=True)
                for r in self._records.values()
                if (since is None or r.timestamp_inicio >= since)
                and (until is None or r.timestamp_inicio < until)
            ),
            key=lambda r: r.timestamp_inicio,
        )


def _within(record: MissionTelemetry, at: datetime, session_id: str | None = None) -> bool:
    """A message in another session is a new conversation, not a follow-up."""
    return (
        not record.query_followup
        and (session_id is None or record.session_id in (None, session_id))
        and record.timestamp_fim <= at <= record.timestamp_fim + FOLLOWUP_WINDOW
    )


class SqlMissionLog:
    def __init__(self, context: SqlContext) -> None:
        self._runner = context.runner

    async def add(self, record: MissionTelemetry) -> None:
        await self._runner.write(_upsert, record)

    async def get(self, mission_id: str) -> MissionTelemetry | None:
        return await self._runner.read(_get, mission_id)

    async def set_feedback(self, mission_id: str, feedback: Feedback) -> bool:
        return await self._runner.write(_update, mission_id, {"feedback_usuario": feedback})

    async def note_user_message(
        self, user_id: str, at: datetime, session_id: str | None = None
    ) -> int:
        return await self._runner.write(_followup, user_id, at, session_id)

    async def between(
        self, since: datetime | None = None, until: datetime | None = None
    ) -> list[MissionTelemetry]:
        return await self._runner.read(_between, since, until)


def _row(record: MissionTelemetry) -> dict[str, Any]:
    return {
        "missao_id": record.missao_id,
        "user_id": record.user_id,
        "started_at": record.timestamp_inicio,
        "status": record.status_final,
        "coordinator": record.coordenador_escolhido_orquestrador,
        "complexity": record.complexidade,
        "override": record.houve_override,
        "feedback": record.feedback_usuario,
        "followup": record.query_followup,
        "record": record.model_dump(mode="json"),
    }


def _upsert(conn: Connection, record: MissionTelemetry) -> None:
    conn.execute(sa.delete(t).where(t.c.missao_id == record.missao_id))
    conn.execute(sa.insert(t).values(_row(record)))


def _get(conn: Connection, mission_id: str) -> MissionTelemetry | None:
    row = conn.execute(sa.select(t.c.record).where(t.c.missao_id == mission_id)).first()
    return MissionTelemetry.model_validate(row[0]) if row else None


def _update(conn: Connection, mission_id: str, changes: dict[str, Any]) -> bool:
    found = _get(conn, mission_id)
    if found is None:
        return False
    _upsert(conn, found.model_copy(update=changes))
    return True


def _followup(conn: Connection, user_id: str, at: datetime, session_id: str | None) -> int:
    since = at - FOLLOWUP_WINDOW - timedelta(hours=6)  # missions last minutes, not hours
    rows = conn.execute(
        sa.select(t.c.record).where(
            t.c.user_id == user_id, t.c.started_at >= since, t.c.followup.is_(False)
        )
    ).all()
    marked = 0
    for (data,) in rows:
        record = MissionTelemetry.model_validate(data)
        if _within(record, at, session_id):
            _upsert(conn, record.model_copy(update={"query_followup": True}))
            marked += 1
    return marked


def _between(
    conn: Connection, since: datetime | None, until: datetime | None
) -> list[MissionTelemetry]:
    query = sa.select(t.c.record).order_by(t.c.started_at)
    if since is not None:
        query = query.where(t.c.started_at >= since)
    if until is not None:
        query = query.where(t.c.started_at < until)
    return [MissionTelemetry.model_validate(row[0]) for row in conn.execute(query)]


MISSIONS: Repository[InMemoryMissionLog | SqlMissionLog] = Repository(
    "finance.missions", memory=InMemoryMissionLog, sql=SqlMissionLog
)

__all__ = ["FOLLOWUP_WINDOW", "MISSIONS", "InMemoryMissionLog", "SqlMissionLog"]
