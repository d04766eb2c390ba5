"""The `scholarships_0001` revision downgrades cleanly. That it builds exactly the tables of
`records/tables.py` is checked with every other kind in `tests/store/test_sql_store.py`."""

from __future__ import annotations

import sqlalchemy as sa

from switchboard.store.sql.locations import location_tables
from switchboard.store.sql.store import SqlStore

MINE = {table.name for table in location_tables()["scholarships"]}


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
