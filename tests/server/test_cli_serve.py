"""`switchboard users create`, `switchboard keys create` and the dev key of `serve --dev`."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from switchboard.cli.main import app
from switchboard.cli.serve import DEV_USER, ensure_dev_key, read_dev_key, save_dev_key
from switchboard.server.auth import InMemoryApiKeyStore
from switchboard.server.auth.sql import SqlApiKeyStore


def test_users_and_keys_commands_print_the_key_once_and_store_its_hash(tmp_path):
    db = f"sqlite:///{tmp_path / 'sb.db'}"
    runner = CliRunner()
    created = runner.invoke(app, ["users", "create", "dora", "--db", db])
    assert created.exit_code == 0, created.output
    assert "created user dora" in created.output
    key_run = runner.invoke(app, ["keys", "create", "dora", "--db", db])
    assert key_run.exit_code == 0, key_run.output
    key = key_run.output.strip()
    assert re.fullmatch(r"sb-[A-Za-z0-9_-]{43}", key)
    assert key not in (tmp_path / "sb.db").read_bytes().decode("latin-1")

    async def check() -> str | None:
        store = SqlApiKeyStore(db)
        try:
            return await store.authenticate(key)
        finally:
            await store.close()

    import asyncio

    assert asyncio.run(check()) == "dora"
    again = runner.invoke(app, ["users", "create", "dora", "--db", db])
    assert again.exit_code == 1 and "already exists" in again.output
    missing = runner.invoke(app, ["keys", "create", "nobody", "--db", db])
    assert missing.exit_code == 1 and "not found" in missing.output


async def test_dev_key_is_fresh_on_each_start_and_the_old_one_stops_working():
    store = InMemoryApiKeyStore()
    first = await ensure_dev_key(store)
    second = await ensure_dev_key(store)
    assert first.startswith("sb-dev-") and second.startswith("sb-dev-") and first != second
    assert await store.authenticate(first) is None
    assert await store.authenticate(second) == DEV_USER


async def test_a_saved_dev_key_survives_a_restart_while_the_store_accepts_it(tmp_path):
    """Issue 22: each `make run` revoked the key the open browser tab was logged in with."""
    store = InMemoryApiKeyStore()
    path = tmp_path / "var" / "dev-key"
    first = await ensure_dev_key(store, read_dev_key(path))
    save_dev_key(path, first)
    assert path.stat().st_mode & 0o777 == 0o600
    assert await ensure_dev_key(store, read_dev_key(path)) == first  # the next start
    await store.delete_keys(DEV_USER, label="dev")  # revoked meanwhile: a fresh one
    fresh = await ensure_dev_key(store, read_dev_key(path))
    assert fresh != first and await store.authenticate(fresh) == DEV_USER
    assert read_dev_key(tmp_path / "missing") is None


def test_serve_tunes_the_collector_and_zero_keeps_the_defaults():
    import gc

    from switchboard.server.process import tune_gc

    before = gc.get_threshold()
    try:
        tune_gc(0)
        assert gc.get_threshold() == before
        tune_gc(12_345)
        assert gc.get_threshold() == (12_345, *before[1:])
        assert gc.get_freeze_count() > 0
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
