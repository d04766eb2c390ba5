"""Bring a database to the newest schema with Alembic, programmatically and idempotently.

Concurrent `init()` calls from several processes are safe: PostgreSQL upgrades inside one
transaction holding a transaction-scoped advisory lock; SQLite upgrades inside one
`BEGIN IMMEDIATE` transaction (the database write lock). Whoever comes second waits, then finds
the schema at head and does nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).with_name("migrations")
PG_LOCK_KEY = 0x5B_5701_E
"""`pg_advisory_xact_lock` key reserved for Switchboard schema upgrades."""


def alembic_config(connection: Connection | None = None) -> Config:
    """The platform's Alembic environment over every migration location's revisions
    (`locations.py`: the platform's folder and each `switchboard.migrations` entry point's)."""
    from switchboard.store.sql.locations import version_locations

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", os.pathsep.join(map(str, version_locations())))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def upgrade(connection: Connection, revision: str = "heads") -> None:
    """Upgrade on a connection already inside the caller's transaction."""
    command.upgrade(alembic_config(connection), revision)


async def upgrade_postgres(engine: AsyncEngine, revision: str = "heads") -> None:
    async with engine.begin() as conn:
        await conn.execute(sa.select(sa.func.pg_advisory_xact_lock(PG_LOCK_KEY)))
        await conn.run_sync(upgrade, revision)
