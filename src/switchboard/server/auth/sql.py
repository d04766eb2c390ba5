"""API keys in the app's SQL database (SQLAlchemy Core, async; parameterized statements only).

The tables have their own `MetaData` and are created with `create_all` on `init()`.
TODO(migrations): move `users`/`api_keys` into the Alembic migrations of `store/sql/`.
"""

from __future__ import annotations

import hmac
import uuid
from datetime import datetime, timezone
from pathlib import Path

import sqlalchemy as sa
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

metadata = sa.MetaData()

users = sa.Table(
    "users", metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

api_keys = sa.Table(
    "api_keys", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("user_id", sa.String(64), sa.ForeignKey("users.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("prefix", sa.String(16), nullable=False),
    sa.Column("label", sa.String(64), nullable=False, default=""),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


def async_url(url: str) -> str:
    """Pick the async driver for a plain database URL."""
    if url.startswith("sqlite:///") or url == "sqlite://":
        return "sqlite+aiosqlite" + url[len("sqlite"):]
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+asyncpg://" + url.split("://", 1)[1]
    return url


class SqlApiKeyStore:
    def __init__(self, url: str) -> None:
        self.url = async_url(url)
        self._engine: AsyncEngine | None = None

    @property
    def engine(self) -> AsyncEngine:
        if self._engine is None:
            if self.url.startswith("sqlite+aiosqlite:///"):
                path = self.url[len("sqlite+aiosqlite:///"):]
                if path and path != ":memory:":
                    Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._engine = create_async_engine(self.url)
        return self._engine

    async def init(self) -> None:
        async with self.engine.begin() as conn:
            await conn.run_sync(metadata.create_all)

    async def close(self) -> None:
        if self._engine is not None:
            await self._engine.dispose()
            self._engine = None

    async def create_user(self, name: str) -> UserRecord:
        check_user_name(name)
        record = UserRecord(id=name, name=name, created_at=datetime.now(timezone.utc))
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
        record = ApiKeyRecord(id=uuid.uuid4().hex, user_id=user_id, prefix=key_prefix(key),
                              label=label, created_at=datetime.now(timezone.utc))
        async with self.engine.begin() as conn:
            await conn.execute(api_keys.insert().values(key_hash=hash_key(key),
                                                        **record.model_dump()))
        return key, record

    async def delete_keys(self, user_id: str, *, label: str) -> int:
        async with self.engine.begin() as conn:
            result = await conn.execute(api_keys.delete().where(
                api_keys.c.user_id == user_id, api_keys.c.label == label))
        return result.rowcount or 0

    async def authenticate(self, key: str) -> str | None:
        digest = hash_key(key)
        async with self.engine.connect() as conn:
            row = (await conn.execute(
                sa.select(api_keys.c.user_id, api_keys.c.key_hash)
                .where(api_keys.c.key_hash == digest))).first()
        if row is None or not hmac.compare_digest(row.key_hash, digest):
            return None
        return str(row.user_id)
