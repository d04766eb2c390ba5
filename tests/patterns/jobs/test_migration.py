"""The Alembic branch `jobs` (`jobs_0001` … `jobs_0003`) creates exactly
`switchboard.patterns.jobs.tables`."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from switchboard.patterns.jobs.tables import TABLES, job_learnings
from switchboard.store.sql.migrate import upgrade


def test_migration_matches_the_tables_module(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'm.db'}")
    try:
        with engine.begin() as conn:
            upgrade(conn, "jobs@head")
        mine = sa.MetaData()
        for table in (*TABLES, job_learnings):
            table.to_metadata(mine)
        with engine.connect() as conn:
            context = MigrationContext.configure(
                conn, opts={"include_name": lambda name, kind, parent: _ours(name, kind)}
            )
            diff = compare_metadata(context, mine)
            heads = {r[0] for r in conn.execute(sa.text("SELECT version_num FROM alembic_version"))}
    finally:
        engine.dispose()
    assert diff == []
    assert "jobs_0003" in heads


def _ours(name: str | None, kind: str) -> bool:
    return kind != "table" or name in {t.name for t in (*TABLES, job_learnings)}
