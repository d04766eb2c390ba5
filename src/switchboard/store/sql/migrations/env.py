"""Alembic environment for the SQL store.

Normally run by `SqlStore.init()` (see `migrate.py`), which hands over an open sync connection
in `config.attributes["connection"]`. From the command line
(`alembic -x url=sqlite:///var/switchboard.db upgrade head` with `script_location` pointing
here, or `DATABASE_URL` set) it builds an async engine from the URL and runs through
`AsyncConnection.run_sync`.
"""

from __future__ import annotations

import asyncio
import os

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from switchboard.store.sql.engine import normalize_url
from switchboard.store.sql.tables import metadata

config = context.config


def _url() -> str:
    url = (
        context.get_x_argument(as_dictionary=True).get("url")
        or config.get_main_option("sqlalchemy.url")
        or os.environ.get("DATABASE_URL")
    )
    if not url:
        raise RuntimeError("no database URL: pass -x url=..., set sqlalchemy.url or DATABASE_URL")
    return url


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async(url: str) -> None:
    engine = create_async_engine(normalize_url(url), poolclass=NullPool)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_run)
    finally:
        await engine.dispose()


def run_migrations_offline() -> None:
    context.configure(url=normalize_url(_url()), target_metadata=metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
    else:
        asyncio.run(_run_async(_url()))


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
