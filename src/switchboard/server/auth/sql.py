"""API keys in the app's SQL database (SQLAlchemy Core, async; parameterized statements only).

The `users` and `api_keys` tables belong to the store's schema (Alembic revision 0002);
`init()` brings the database to the newest schema.
"""

from __future__ import annotations

import hmac
import uuid
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from switchboard.server.auth.keys import (
    ApiKeyRecord,
    UserExistsError,
    UserNotFoundError,
    UserRecord,
    check_user_name,
    hash_key,
    key_prefix,
    new_key,
)
from switchboard.store.sql.engine import create_pg_engine
from switchboard.store.sql.tables import api_keys, users


def async_url(url: str) -> str:
    """Pick the async driver for a plain database URL."""
    if url.startswith("sqlite:///") or url == "sqlite://":
        return "sqlite+aiosqlite" + url[len("sqlite") :]
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+asyncpg://" + url.split("://", 1)[1]
    return url


class SqlApiKeyStore:
    def __init__(self, url: str) -> None:
        self.database_url = url
        self.url = async_url(url)
        self._engine: AsyncEngine | None = None
        self._autocommit: AsyncEngine | None = None

    @property
    def engine(self) -> AsyncEngine:
        if self._engine is None:
            if self.url.startswith("sqlite+aiosqlite:///"):
                path = self.url[len("sqlite+aiosqlite:///") :]
                if path and path != ":memory:":
                    Path(path).parent.mkdir(parents=True, exist_ok=True)
            if self.url.startswith("postgresql+asyncpg"):
                self._engine = create_pg_engine(make_url(self.url))  # the store's pool policy
            else:
                self._engine = create_async_engine(self.url)
        return self._engine

    @property
    def _reader(self) -> AsyncEngine:
        """The engine in autocommit mode, for one-statement reads: no BEGIN and ROLLBACK round
        trips around them (one SELECT is a consistent snapshot on its own)."""
        if self._autocommit is None:
            self._autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        return self._autocommit

    async def init(self) -> None:
        from switchboard.store.sql.store import SqlStore

        schema = SqlStore(self.database_url)
        try:
            await schema.init()
        finally:
            await schema.close()

    async def close(self) -> None:
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = self._autocommit = None

    async def create_user(self, name: str) -> UserRecord:
        check_user_name(name)
        record = UserRecord(id=name, name=name, created_at=datetime.now(UTC))
        try:
            async with self.engine.begin() as conn:
                await conn.execute(users.insert().values(**record.model_dump()))
        except IntegrityError as exc:
            raise UserExistsError(f"user {name!r} already exists") from exc
        return record

    async def get_user(self, user_id: str) -> UserRecord | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(sa.select(users).where(users.c.id == user_id))).first()
        return UserRecord.model_validate(row._asdict()) if row else None

    async def create_key(self, user_id: str, *, label: str = "") -> tuple[str, ApiKeyRecord]:
        if await self.get_user(user_id) is None:
            raise UserNotFoundError(f"user {user_id!r} not found")
        key = new_key(dev=label == "dev")
        record = ApiKeyRecord(
            id=uuid.uuid4().hex,
            user_id=user_id,
            prefix=key_prefix(key),
            label=label,
            created_at=datetime.now(UTC),
        )
        async with self.engine.begin() as conn:
            await conn.execute(
                api_keys.insert().values(key_hash=hash_key(key), **record.model_dump())
            )
        return key, record

    async def delete_keys(self, user_id: str, *, label: str) -> int:
        async with self.engine.begin() as conn:
            result = await conn.execute(
                api_keys.delete().where(api_keys.c.user_id == user_id, api_keys.c.label == label)
            )
        return result.rowcount or 0

    async def authenticate(self, key: str) -> str | None:
        digest = hash_key(key)
        async with self._reader.connect() as conn:
            row = (
                await conn.execute(
                    sa.select(api_keys.c.user_id, api_keys.c.key_hash).where(
                        api_keys.c.key_hash == digest
                    )
                )
            ).first()
        if row is None or not hmac.compare_digest(row.key_hash, digest):
            return None
        return str(row.user_id)

    async def prefixes(self) -> set[str]:
        async with self._reader.connect() as conn:
            rows = await conn.execute(sa.select(api_keys.c.prefix).distinct())
            return {str(prefix) for (prefix,) in rows}
