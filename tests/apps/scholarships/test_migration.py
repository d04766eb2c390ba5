"""The scholarship revisions downgrade cleanly, one at a time. That they build exactly the tables
of `records/tables.py` is checked with every other kind in `tests/store/test_sql_store.py`."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from switchboard.store.sql.locations import location_tables
from switchboard.store.sql.store import SqlStore

MINE = {table.name for table in location_tables()["scholarships"]}


def _downgraded(tmp_path: Path, target: str) -> tuple[set[str], set[str], set[str]]:
    """Tables, profile columns and alembic versions after a downgrade to `target`."""
    from alembic import command

    from switchboard.store.sql.migrate import alembic_config

    engine = sa.create_engine(f"sqlite:///{tmp_path / 'd.db'}")
    try:
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), target)
            inspector = sa.inspect(conn)
            left = set(inspector.get_table_names())
            columns = (
                {c["name"] for c in inspector.get_columns("scholarship_profiles")}
                if "scholarship_profiles" in left
                else set()
            )
            versions = set(
                conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars()
            )
    finally:
        engine.dispose()
    return left, columns, versions


async def test_the_revisions_downgrade_cleanly(tmp_path, clock):
    store = SqlStore(f"sqlite:///{tmp_path / 'd.db'}", clock=clock)
    await store.init()
    await store.close()

    left, columns, versions = _downgraded(tmp_path, "scholarships@-1")
    assert "scholarship_profiles" in left and "enem_score" in columns
    assert "essay_score" not in columns and "scholarships_0001" in versions

    left, _, versions = _downgraded(tmp_path, "scholarships@-1")
    assert not (left & MINE) and "sessions" in left
    assert "scholarships_0001" not in versions
