"""The `scholarships_0001` revision creates exactly the tables of `records/tables.py`."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from switchboard.apps.scholarships.records.tables import TABLES
from switchboard.store.sql.engine import normalize_url
from switchboard.store.sql.store import SqlStore
from switchboard.store.sql.tables import metadata

MINE = {table.name for table in TABLES}


def _only_mine(obj: object, name: str | None, type_: str, reflected: bool, other: object) -> bool:
    """Compare only this app's tables (other kinds' tables have their own revisions)."""
    if type_ == "table":
        return name in MINE
    table = getattr(obj, "table", None)
    return table is not None and table.name in MINE


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def sql_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'm.db'}"
    return request.getfixturevalue("scholarships_pg_url")


async def test_migrated_schema_matches_the_tables_module(sql_url, clock):
    store = SqlStore(sql_url, clock=clock)
    await store.init()
    await store.close()
    engine = create_async_engine(normalize_url(sql_url), poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(
                lambda sync: compare_metadata(
                    MigrationContext.configure(sync, opts={"include_object": _only_mine}), metadata
                )
            )
            versions = set(
                (await conn.execute(sa.text("SELECT version_num FROM alembic_version"))).scalars()
            )
            tables = await conn.run_sync(lambda sync: set(sa.inspect(sync).get_table_names()))
    finally:
        await engine.dispose()
    assert diff == []
    assert "scholarships_0001" in versions
    assert tables >= MINE


async def test_the_revision_downgrades_cleanly(tmp_path, clock):
    from alembic import command

    from switchboard.store.sql.migrate import alembic_config

    url = f"sqlite:///{tmp_path / 'd.db'}"
    store = SqlStore(url, clock=clock)
    await store.init()
    await store.close()
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'd.db'}")
    try:
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "scholarships@-1")
            left = set(sa.inspect(conn).get_table_names())
            versions = set(
                conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars()
            )
    finally:
        engine.dispose()
    assert not (left & MINE) and "sessions" in left
    assert "scholarships_0001" not in versions
