"""The reference apps' revisions live in their own packages (issue 23: `apps/finance/ledger/
migrations/`, `apps/finance/missions/migrations/`, `apps/scholarships/records/migrations/`),
found through their `switchboard.migrations` entry points. Alembic knows an applied revision by
its id in `alembic_version`, never by its file: the ids and their history are the ones before
the move, and a database migrated before it — every revision in the platform's folder — opens
and upgrades unchanged, on SQLite and PostgreSQL."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from switchboard.apps.finance.ledger import LEDGER
from switchboard.store.sql.engine import normalize_url
from switchboard.store.sql.locations import (
    PLATFORM_VERSIONS,
    import_tables,
    location_tables,
    migration_locations,
    version_locations,
)
from switchboard.store.sql.migrate import MIGRATIONS, alembic_config
from switchboard.store.sql.store import SqlStore
from switchboard.store.sql.tables import metadata

from .conftest import pg_admin, pg_database_url
from .test_sql_store import _compared

SRC = Path(__file__).resolve().parents[2] / "src" / "switchboard"

HISTORY = {
    "0001_initial": None,
    "0002_identity": "0001_initial",
    "finance_0001": "0002_identity",
    "finance_0002": "finance_0001",
    "finance_missions_0001": "0002_identity",
    "scholarships_0001": "0002_identity",
    "jobs_0001": "0002_identity",
    "jobs_0002": "jobs_0001",
    "jobs_0003": "jobs_0002",
    "knowledge_0001": "0002_identity",
    "knowledge_0002": "knowledge_0001",
    "openai_0001": "0002_identity",
}
"""Every revision id and its parent as they were before the move."""

MOVED = {
    "finance": "apps/finance/ledger/migrations",
    "finance_missions": "apps/finance/missions/migrations",
    "scholarships": "apps/scholarships/records/migrations",
}


def test_each_app_keeps_its_revisions_in_its_own_package() -> None:
    locations = migration_locations()
    for name, folder in MOVED.items():
        assert locations[name].versions == SRC / folder
        assert any((SRC / folder).glob(f"{name}_0001.py"))
    left = {path.stem for path in PLATFORM_VERSIONS.glob("*.py")}
    assert not {stem for stem in left if stem.startswith(("finance", "scholarships"))}


def test_revision_ids_and_history_are_unchanged() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    found = {rev.revision: rev.down_revision for rev in script.walk_revisions()}
    assert {rev: found.get(rev, "missing") for rev in HISTORY} == HISTORY


def test_the_table_lists_come_from_the_locations() -> None:
    tables = location_tables()
    assert {t.name for t in tables["finance_missions"]} == {"finance_missions"}
    assert "finance_entries" in {t.name for t in tables["finance"]}
    assert "scholarship_profiles" in {t.name for t in tables["scholarships"]}
    assert all(table.metadata is metadata for found in tables.values() for table in found)


def before_the_move(tmp_path: Path) -> Config:
    """The Alembic environment as it was: every revision file in one platform folder."""
    folder = tmp_path / "versions"
    folder.mkdir()
    for location in version_locations():
        for revision in location.glob("*.py"):
            if revision.name != "__init__.py":
                shutil.copy(revision, folder / revision.name)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", str(folder))
    return config


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.db'}"
        return
    name = f"sb_moved_{uuid.uuid4().hex[:12]}"
    await pg_admin(f'CREATE DATABASE "{name}"')
    try:
        yield pg_database_url(name)
    finally:
        await pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def test_a_database_migrated_before_the_move_opens_and_upgrades(
    empty_url: str, tmp_path: Path, clock
) -> None:
    """Half-way before the move (finance at `finance_0001`, scholarships done, nothing else),
    then opened by today's store: it applies the rest, and the schema is the tables'."""
    old = before_the_move(tmp_path)
    engine = create_async_engine(normalize_url(empty_url), poolclass=NullPool)

    def upgrade_old(conn: Connection) -> None:
        old.attributes["connection"] = conn
        for target in ("finance_0001", "scholarships_0001"):
            command.upgrade(old, target)

    def state(conn: Connection) -> tuple[set[str], list[object]]:
        versions = set(conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())
        context = MigrationContext.configure(conn, opts={"include_name": _compared})
        return versions, compare_metadata(context, metadata)

    try:
        async with engine.begin() as conn:
            await conn.run_sync(upgrade_old)
            before, _ = await conn.run_sync(state)
        assert before == {"finance_0001", "scholarships_0001"}
        store = SqlStore(empty_url, clock=clock)
        try:
            await store.init()
            assert await store.repository(LEDGER).debts("ana") == []
        finally:
            await store.close()
        import_tables()
        async with engine.connect() as conn:
            after, diff = await conn.run_sync(state)
    finally:
        await engine.dispose()
    assert after == set(ScriptDirectory.from_config(alembic_config()).get_heads())
    assert {"finance_0002", "finance_missions_0001", "scholarships_0002"} <= after
    assert diff == []
