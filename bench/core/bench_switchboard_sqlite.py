"""Switchboard with SQLite persistence: the same adapter as bench_switchboard.py, store
`sqlite:///<tmp>/bench.db` (a fresh temp directory per process; every turn is persisted)."""

import os
import sys
import tempfile

import bench_switchboard as base
import common

NAME = "switchboard_sqlite"
PACKAGES = base.PACKAGES + ["sqlalchemy", "aiosqlite"]
IMPORT_STMT = base.IMPORT_STMT + "; from switchboard.store.sql.store import SqlStore"
DB_DIR = tempfile.mkdtemp(prefix="sb_bench_")
STORE = f"sqlite:///{os.path.join(DB_DIR, 'bench.db')}"


async def build(latency):
    return await base.build(latency, store=STORE)


if __name__ == "__main__":
    common.main(sys.modules[__name__])
