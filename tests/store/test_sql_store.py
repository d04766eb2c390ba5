"""What only the SQL store has: transactions, migrations, restarts, several stores on one DB."""

from __future__ import annotations

import asyncio
import dataclasses
import uuid

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from switchboard.core.messages import Message, ToolCall
from switchboard.server.dependencies import is_unavailable
from switchboard.store.base import FeedbackRecord
from switchboard.store.factory import open_store
from switchboard.store.sql import pg_turns
from switchboard.store.sql.engine import normalize_url
from switchboard.store.sql.locations import (
    MIGRATIONS_GROUP,
    MigrationLocation,
    import_tables,
    migration_locations,
)
from switchboard.store.sql.migrate import alembic_config
from switchboard.store.sql.runner import AsyncEngineRunner
from switchboard.store.sql.store import SqlStore
from switchboard.store.sql.tables import (
    api_keys,
    facts,
    feedback,
    messages,
    metadata,
    sessions,
    summaries,
    users,
)

from ..declared import declared_entry_points
from .conftest import open_sql_store, pg_admin, pg_database_url, truncate_postgres
from .parts import Probe, state_with


async def test_save_turn_is_all_or_nothing(sql_url, clock, monkeypatch):
    store = await open_sql_store(sql_url, clock)
    try:
        await store.create_session("s1", "u1")
        before = await store.save_turn("s1", [Message.user("oi")], state_with(active="a"))
        # Make the INSERT fail after the counter bump and state update already ran: in the
        # transaction (SQLite) and in the one statement (PostgreSQL).
        broken = sa.insert(sa.table("no_such_table", sa.column("id")))
        store._st = dataclasses.replace(store._st, insert_messages=broken)
        one_statement = pg_turns.SAVE_TURN.replace("INSERT INTO messages", "INSERT INTO nope")
        monkeypatch.setattr(pg_turns, "SAVE_TURN", one_statement)

        with pytest.raises(sa.exc.DBAPIError):
            await store.save_turn("s1", [Message.user("perdida")], state_with(active="b"))

        record = await store.get_session("s1")
        assert record.message_count == 1 and record.state.get(Probe).active == "a"
        assert await store.load_messages("s1") == before
    finally:
        await store.close()


@pytest.mark.postgres
async def test_a_turn_on_a_dropped_connection_is_an_outage_and_the_next_turn_reconnects(
    pg_url, clock
):
    """The turn's statements run on the asyncpg connection itself (`store/sql/pg_turns.py`): a
    connection that dies under a statement fails as SQLAlchemy would fail it (a 503
    `unavailable` for the HTTP layer) and is never handed out again."""
    await truncate_postgres(pg_url)
    store = await open_sql_store(pg_url, clock)
    try:
        await store.create_session("s1", "u1")
        await store.begin_turn("s1", "u1")
        runner = store._runner
        assert isinstance(runner, AsyncEngineRunner)

        with pytest.raises(sa.exc.DBAPIError) as failed:  # the backend ends under the statement
            await runner.fetchrow("SELECT pg_terminate_backend(pg_backend_pid())")

        assert failed.value.connection_invalidated and is_unavailable(failed.value)
        assert runner._kept == []
        assert (await store.begin_turn("s1", "u1")).user_id == "u1"
        saved = await store.save_turn("s1", [Message.user("de novo")], state_with(active="a"))
        assert [m.seq for m in saved] == [1]
    finally:
        await store.close()


@pytest.mark.postgres
async def test_turn_statements_keep_their_connection_and_replace_one_the_server_closed(
    pg_url, clock
):
    """A turn's statements reuse a kept checkout instead of taking one from SQLAlchemy's pool
    and giving it back (two greenlets per statement, issue 22.4); a kept connection the server
    closed meanwhile is invalidated and replaced, so the turn after a database restart works;
    closing the store gives the kept checkouts back."""
    await truncate_postgres(pg_url)
    store = await open_sql_store(pg_url, clock)
    runner = store._runner
    assert isinstance(runner, AsyncEngineRunner)
    pool = runner.engine.sync_engine.pool
    try:
        await store.create_session("s1", "u1")
        await store.begin_turn("s1", "u1")
        first = runner._kept[-1][1]
        out = pool.checkedout()
        for _ in range(3):
            await store.begin_turn("s1", "u1")
            await store.save_turn("s1", [Message.user("oi")], state_with(active="a"))
        assert runner._kept[-1][1] is first and pool.checkedout() == out  # no checkout

        database = make_url(pg_url).database
        await pg_admin(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            f"WHERE datname = '{database}'"
        )
        for _ in range(50):  # until the client has read the server's goodbye
            if first.is_closed():
                break
            await asyncio.sleep(0.01)
        assert first.is_closed()

        assert (await store.begin_turn("s1", "u1")).message_count == 3
        assert runner._kept[-1][1] is not first
    finally:
        await store.close()
    assert runner._kept == [] and pool.checkedout() == 0
    await store.close()  # twice is harmless


async def test_restarted_store_on_the_same_file_sees_everything(sqlite_url, clock):
    first = await open_sql_store(sqlite_url, clock)
    await first.create_session("s1", "u1", app="support")
    call = ToolCall(id="c1", name="saldo", arguments="{}")
    stored = await first.save_turn(
        "s1",
        [Message.user("Qual é o meu saldo?"), Message.assistant("", tool_calls=[call])],
        state_with(active="financeiro", stack=("triagem",)),
    )
    await first.set_fact("s1", "cliente", {"nome": "Açaí Ltda."})
    summary = await first.add_summary("s1", "cliente pediu o saldo", 2)
    feedback = FeedbackRecord(
        message_id=stored[1].id, session_id="s1", user_id="u1", rating="up", created_at=clock.now()
    )
    await first.save_feedback(feedback)
    before = await first.get_session("s1")
    await first.close()

    second = await open_sql_store(sqlite_url, clock)
    try:
        assert await second.get_session("s1") == before
        assert await second.load_messages("s1") == stored
        assert await second.get_facts("s1") == {"cliente": {"nome": "Açaí Ltda."}}
        assert await second.latest_summary("s1") == summary
        assert await second.list_feedback("s1") == [feedback]
        assert (await second.append_messages("s1", [Message.user("e agora?")]))[0].seq == 3
    finally:
        await second.close()


async def test_init_twice_is_harmless(sql_url, clock):
    store = await open_sql_store(sql_url, clock)
    try:
        await store.create_session("s1", "u1")
        await store.init()
        await store.init()
        assert (await store.get_session("s1")).user_id == "u1"
    finally:
        await store.close()


async def four_stores_init_at_once(url: str, clock) -> None:
    """Four stores migrate one fresh database concurrently; all of them see the same schema."""
    stores = [SqlStore(url, clock=clock) for _ in range(4)]
    try:
        await asyncio.gather(*(s.init() for s in stores))
        await stores[0].create_session("s1", "u1")
        assert (await stores[3].get_session("s1")).user_id == "u1"
    finally:
        for s in stores:
            await s.close()


async def test_concurrent_init_of_a_fresh_sqlite_file(tmp_path, clock):
    await four_stores_init_at_once(f"sqlite:///{tmp_path / 'fresh.db'}", clock)


@pytest.mark.postgres
async def test_concurrent_init_of_a_fresh_postgres_database(pg_url, clock):
    name = f"sb_init_{uuid.uuid4().hex[:12]}"
    await pg_admin(f'CREATE DATABASE "{name}"')
    try:
        await four_stores_init_at_once(pg_database_url(name), clock)
    finally:
        await pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def migration_locations_seen() -> dict[str, MigrationLocation]:
    """Every kind of record's location, so the comparison sees the whole schema the migrations
    build: Switchboard's own as `pyproject.toml` declares them, and every installed
    distribution's (`switchboard.migrations` entry points)."""
    own = {
        name: MigrationLocation(tables=entry.value)
        for name, entry in declared_entry_points(MIGRATIONS_GROUP).items()
    }
    return {**own, **migration_locations()}


def _compared(name: str | None, type_: str, *_: object) -> bool:
    """Full-text machinery (FTS5 shadow tables, the tsvector side table) is built by raw DDL in
    the knowledge migration and has no Core table to compare with."""
    return not (type_ == "table" and name is not None and name.startswith("knowledge_fts"))


async def test_migrations_create_exactly_the_tables_modules(sql_url, clock):
    assert len(import_tables(migration_locations_seen())) >= 6
    store = await open_sql_store(sql_url, clock)
    await store.close()
    engine = create_async_engine(normalize_url(sql_url), poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(
                lambda sync: compare_metadata(
                    MigrationContext.configure(sync, opts={"include_name": _compared}), metadata
                )
            )
            versions = set(
                (await conn.execute(sa.text("SELECT version_num FROM alembic_version"))).scalars()
            )
    finally:
        await engine.dispose()
    assert diff == []
    assert versions == set(ScriptDirectory.from_config(alembic_config()).get_heads())
    assert "0002_identity" in {
        rev.revision
        for head in versions
        for rev in ScriptDirectory.from_config(alembic_config()).iterate_revisions(head, "base")
    }


async def test_two_stores_on_one_database_append_without_gaps(sql_url, clock):
    a, b = await open_sql_store(sql_url, clock), await open_sql_store(sql_url, clock)
    try:
        await a.create_session("s1", "u1")
        await asyncio.gather(
            *((a if i % 2 else b).append_messages("s1", [Message.user(f"m{i}")]) for i in range(40))
        )
        loaded = await b.load_messages("s1")
        assert [m.seq for m in loaded] == list(range(1, 41))
        assert sorted(m.content for m in loaded) == sorted(f"m{i}" for i in range(40))
    finally:
        await a.close()
        await b.close()


async def test_sqlite_in_memory_url_works(clock):
    store = open_store("sqlite://", clock=clock)
    await store.init()
    try:
        await store.create_session("s1", "u1")
        await store.append_messages("s1", [Message.user("oi")])
        assert [m.content for m in await store.load_messages("s1")] == ["oi"]
    finally:
        await store.close()


def test_url_normalization(tmp_path):
    db = tmp_path / "nested" / "dir" / "x.db"
    assert normalize_url(f"sqlite:///{db}").drivername == "sqlite+aiosqlite"
    assert db.parent.is_dir()
    pg = normalize_url("postgres://user:pw@db.example:5433/app")
    assert (pg.drivername, pg.host, pg.port, pg.database, pg.password) == (
        "postgresql+asyncpg",
        "db.example",
        5433,
        "app",
        "pw",
    )
    assert normalize_url("postgresql://h/app").drivername == "postgresql+asyncpg"
    assert normalize_url("postgresql+asyncpg://h/app").drivername == "postgresql+asyncpg"
    assert normalize_url(make_url("sqlite://")).database is None
    with pytest.raises(ValueError):
        normalize_url("mysql://h/app")
    with pytest.raises(ValueError):
        normalize_url("postgresql+psycopg2://h/app")


def test_every_session_table_cascades_from_its_owner():
    """What a session owns goes with it. Repositories of other kinds (ledger, knowledge, the
    moderation log) own their rows themselves: a log must outlive the conversation it records."""
    fk = next(iter(api_keys.foreign_keys))
    assert fk.column.table is users and fk.ondelete == "CASCADE"
    for table in (messages, facts, summaries, feedback):
        fks = [fk for fk in table.foreign_keys if fk.column.table is sessions]
        assert fks and all(fk.ondelete == "CASCADE" for fk in fks), table.name


async def test_sqlite_writer_thread_mode_keeps_seqs_gap_free(sqlite_url, clock):
    stores = [SqlStore(sqlite_url, clock=clock, sqlite_writer_thread=True) for _ in range(2)]
    try:
        await stores[0].init()
        await stores[0].create_session("s1", "u1")
        await asyncio.gather(
            *(
                stores[i % 2].save_turn(
                    "s1",
                    [Message.user(f"q{i}"), Message.assistant(f"a{i}")],
                    state_with(active=f"agente{i}"),
                )
                for i in range(50)
            )
        )
        loaded = await stores[1].load_messages("s1")
        assert [m.seq for m in loaded] == list(range(1, 101))
        assert all(
            a.content == "a" + q.content[1:] for q, a in zip(loaded[::2], loaded[1::2], strict=True)
        )
        assert (await stores[0].get_session("s1")).message_count == 100
    finally:
        for s in stores:
            await s.close()


class _CountingAdapter:
    """`pg_turns._HISTORY` that counts the messages it validates."""

    def __init__(self) -> None:
        self.validated = 0

    def validate_json(self, text: str) -> list:
        found = pg_turns.TypeAdapter(list[pg_turns.StoredMessage]).validate_json(text)
        self.validated += len(found)
        return found


@pytest.mark.postgres
async def test_a_turn_reads_and_validates_only_the_messages_after_its_cached_history(
    pg_url, clock, monkeypatch
):
    """The history a turn read is kept (`pg_turns.HistoryCache`): the next turn validates
    only the messages written since, whoever wrote them, and still gets exactly the stored
    window (issue 22.4: validating the whole history was the largest piece of a turn)."""
    await truncate_postgres(pg_url)
    counting = _CountingAdapter()
    monkeypatch.setattr(pg_turns, "_HISTORY", counting)
    here, elsewhere = await open_sql_store(pg_url, clock), await open_sql_store(pg_url, clock)
    try:
        await here.begin_turn("s1", "u1")
        await here.save_turn("s1", [Message.user(f"m{i}") for i in range(1, 6)], state_with())
        first = await here.begin_turn("s1", "u1", history_limit=3)
        assert [m.content for m in first.history] == ["m3", "m4", "m5"]
        counting.validated = 0

        again = await here.begin_turn("s1", "u1", history_limit=3)
        await elsewhere.save_turn("s1", [Message.user("m6"), Message.user("m7")], state_with())
        after = await here.begin_turn("s1", "u1", history_limit=3)

        assert again.history == first.history and counting.validated == 2
        assert after.history == await here.load_messages("s1", 3)
        assert [m.content for m in after.history] == ["m5", "m6", "m7"]
        assert after.message_count == 7
        whole = await here.begin_turn("s1", "u1")  # another window: read whole, then kept
        assert whole.history == await here.load_messages("s1")
        after.history.append(after.history[0])  # the turn's list is its own
        assert (
            await here.begin_turn("s1", "u1", history_limit=3)
        ).history == await here.load_messages("s1", 3)
    finally:
        await here.close()
        await elsewhere.close()


@pytest.mark.postgres
@pytest.mark.parametrize("change", ["cleared", "recreated"])
async def test_a_cached_history_the_database_no_longer_has_is_never_served(pg_url, clock, change):
    """Another process clears the session, or deletes it and creates it again with as many
    messages (same seqs, same count): the cached history is not the stored one any more, and
    the next turn reads what is stored."""
    await truncate_postgres(pg_url)
    here, elsewhere = await open_sql_store(pg_url, clock), await open_sql_store(pg_url, clock)
    try:
        await here.begin_turn("s1", "u1")
        await here.save_turn("s1", [Message.user("antes 1"), Message.user("antes 2")], state_with())
        assert len((await here.begin_turn("s1", "u1", history_limit=10)).history) == 2

        if change == "cleared":
            await elsewhere.clear_messages("s1")
            await elsewhere.save_turn("s1", [Message.user("depois")], state_with())
        else:
            await elsewhere.delete_session("s1")
            await elsewhere.begin_turn("s1", "u2")
            await elsewhere.save_turn(
                "s1", [Message.user("depois 1"), Message.user("depois 2")], state_with()
            )
        start = await here.begin_turn("s1", "u1", history_limit=10)

        assert start.history == await elsewhere.load_messages("s1", 10)
        assert all(m.content.startswith("depois") for m in start.history)
        assert start.user_id == ("u1" if change == "cleared" else "u2")
        await elsewhere.delete_session("s1")
        assert (await here.begin_turn("s1", "u3", history_limit=10)).history == []
    finally:
        await here.close()
        await elsewhere.close()
