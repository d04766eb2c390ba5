"""A third-party app in its own distribution (`tests/fixtures/thirdparty/sb_tickets`, found
through its `*.dist-info` entry points on a temporary `sys.path`) adds an app with its agents, a
tool its workflow runs, a record kind with its own migration and a model provider — with no
edit to the platform."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from importlib.metadata import distribution
from pathlib import Path
from typing import Any

import pytest

from switchboard import apps as registry
from switchboard.config import Settings
from switchboard.models.registry import parse_model_id, providers, resolve_model
from switchboard.sessions.options import AppOptions
from switchboard.store.repository import Repository
from switchboard.store.sql.locations import migration_locations, version_locations
from switchboard.store.sql.tables import metadata
from switchboard.testing.repository_backends import (
    PG_ADMIN_URL,
    pg_database_url,
    pg_execute,
    run_sync,
)

THIRD_PARTY = Path(__file__).resolve().parents[1] / "fixtures" / "thirdparty"


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """`sb_tickets` installed for one test; its modules and tables leave with it."""
    monkeypatch.syspath_prepend(str(THIRD_PARTY))
    registry._registered.cache_clear()
    yield
    registry._registered.cache_clear()
    for name in [name for name in sys.modules if name.split(".")[0] == "sb_tickets"]:
        del sys.modules[name]
    if "sb_tickets" in metadata.tables:
        metadata.remove(metadata.tables["sb_tickets"])


def options(store: str) -> AppOptions:
    return AppOptions.create(store=store, settings=Settings(database_url=store), model="embedded")


def test_the_distribution_declares_its_entry_points(installed: None) -> None:
    groups = {entry.group for entry in distribution("sb-tickets").entry_points}
    assert groups == {"switchboard.apps", "switchboard.migrations", "switchboard.providers"}
    assert "tickets" in registry.available_apps()
    assert version_locations()[-1] == THIRD_PARTY / "sb_tickets" / "versions"
    assert migration_locations()["tickets"].tables == "sb_tickets.records"


def test_its_provider_resolves_model_ids(installed: None) -> None:
    assert "eco" in providers()
    provider, name = parse_model_id("eco:papagaio")
    model = resolve_model("eco:papagaio", env={})
    assert (provider.name, name, model.model_id) == ("eco", "papagaio", "eco:papagaio")


def test_without_the_distribution_the_provider_is_unknown() -> None:
    assert "eco" not in providers()


@pytest.mark.parametrize("backend", ["memory", "sqlite"])
async def test_its_app_opens_a_ticket_through_its_tool_and_record_kind(
    installed: None, backend: str, tmp_path: Path
) -> None:
    store = "memory://" if backend == "memory" else f"sqlite:///{tmp_path / 'db.sqlite'}"
    app = registry.load_app("tickets", options(store))
    try:
        assert (await app.reply("s1", "oi", user_id="u1")).text == (
            "Olá! Posso abrir um chamado para você."
        )
        assert (await app.reply("s1", "quero abrir chamado", user_id="u1")).text == (
            "Qual é o problema?"
        )
        events = [event async for event in app.stream("s1", "internet caiu", user_id="u1")]
        tools = [event.type for event in events if event.type.startswith("tool")]
        assert tools == ["tool_start", "tool_end"]
        assert events[-1].text == "Chamado 1 aberto: internet caiu."  # type: ignore[union-attr]
        from sb_tickets.records import TICKETS_REPOSITORY

        assert await app.store.repository(TICKETS_REPOSITORY).of("u1") == ["internet caiu"]
    finally:
        await app.shutdown()


@pytest.fixture(scope="module")
def backend_pg_url() -> Iterator[str]:
    """Its own PostgreSQL database: the session's must not keep the fixture's table and
    revision (the schema test compares it with the platform's migrations)."""
    name = f"sb_tickets_{uuid.uuid4().hex[:12]}"
    run_sync(pg_execute(PG_ADMIN_URL, f'CREATE DATABASE "{name}"'))
    try:
        yield pg_database_url(name)
    finally:
        run_sync(pg_execute(PG_ADMIN_URL, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
def repository_kind(installed: None) -> Repository[Any]:
    from sb_tickets.records import TICKETS_REPOSITORY

    return TICKETS_REPOSITORY


async def test_its_record_kind_behaves_alike_on_every_backend(
    installed: None, repository: Any
) -> None:
    """The `repository_backends` plugin gives the third party's repository the suite."""
    assert await repository.open("u1", "sem internet") == 1
    assert await repository.open("u2", "boleto") == 2
    assert await repository.of("u1") == ["sem internet"]
    assert await repository.of("u3") == []
