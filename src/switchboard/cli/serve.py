"""`switchboard serve`, `switchboard users create NAME`, `switchboard keys create USER`.

Registers its commands on the main Typer app when `switchboard.cli.main` imports it. Heavy
imports (FastAPI, uvicorn, SQLAlchemy) stay inside the functions.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from switchboard.cli.main import app

if TYPE_CHECKING:
    import uvicorn

    from switchboard.server.auth import ApiKeyStore

DEV_USER = "dev"

users_app = typer.Typer(help="Manage users of the HTTP API.", no_args_is_help=True)
keys_app = typer.Typer(help="Manage API keys (stored hashed; shown once).", no_args_is_help=True)
app.add_typer(users_app, name="users")
app.add_typer(keys_app, name="keys")


DEV_KEY_FILE = Path("var") / "dev-key"
"""Where `serve --dev` keeps its development key between starts (mode 0600, beside the default
SQLite database), so a browser tab stays logged in across `make run` restarts."""


async def ensure_dev_key(store: ApiKeyStore, saved: str | None = None) -> str:
    """The development key of user `dev` (created if needed): `saved` again while the store
    still accepts it, else a fresh key that replaces every older dev key."""
    await store.init()
    if saved and await store.authenticate(saved) == DEV_USER:
        return saved
    if await store.get_user(DEV_USER) is None:
        await store.create_user(DEV_USER)
    await store.delete_keys(DEV_USER, label="dev")
    key, _ = await store.create_key(DEV_USER, label="dev")
    return key


def read_dev_key(path: Path) -> str | None:
    return path.read_text(encoding="utf-8").strip() or None if path.is_file() else None


def save_dev_key(path: Path, key: str) -> None:
    """Write `key` readable by this user only (0600 from creation, never world-readable)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as saved:
        saved.write(key + "\n")


@app.command()
def serve(
    host: str | None = typer.Option(None, "--host", help="Interface (default 127.0.0.1)."),
    port: int | None = typer.Option(None, "--port", help="Port (default 8000)."),
    apps: list[str] = typer.Option([], "--app", help="App to serve (repeatable; default all)."),
    database_url: str | None = typer.Option(None, "--db", help="Database URL (default: settings)."),
    model: str | None = typer.Option(None, "--model", help="Model id (default: settings)."),
    dev: bool = typer.Option(
        False, "--dev/--no-dev", help="Create a development key and print a login URL."
    ),
    log_level: str = typer.Option("info", "--log-level"),
) -> None:
    """Serve the HTTP API and the web chat page."""
    import uvicorn

    from switchboard.cli.logs import observed
    from switchboard.server.app import build_apps, create_app
    from switchboard.server.auth import open_key_store
    from switchboard.server.connections import (
        default_max_connections,
        guarded_protocol,
        raise_open_files_limit,
    )
    from switchboard.server.process import tune_gc
    from switchboard.server.settings import ServerSettings

    settings = ServerSettings()
    overrides: dict[str, object] = {
        "host": host,
        "port": port,
        "database_url": database_url,
        "model": model,
    }
    settings = settings.model_copy(
        update={name: value for name, value in overrides.items() if value is not None}
    )
    key_store = open_key_store(settings.database_url)
    if dev:  # the dev user can ask the finance assistant about a realistic ledger at once
        os.environ.setdefault("SWITCHBOARD_FINANCE_DEMO_USER", DEV_USER)
    served = build_apps(settings, names=apps or None, model=settings.model)
    application = create_app(settings, apps=served, key_store=key_store)
    base = f"http://{settings.host}:{settings.port}/"
    if dev:
        saved = read_dev_key(DEV_KEY_FILE)
        key = asyncio.run(ensure_dev_key(key_store, saved))
        if key != saved:
            save_dev_key(DEV_KEY_FILE, key)
        typer.echo(f"Switchboard is starting with apps: {', '.join(served)}")
        typer.echo(f"Open the chat (logs in with a development key): {login_url(base, key)}")
    else:
        typer.echo(f"Switchboard is starting on {base} (apps: {', '.join(served)})")
    tune_gc(settings.gc_gen0_threshold)
    open_files = raise_open_files_limit()
    protocol = guarded_protocol(  # httptools when installed, else h11
        header_timeout_seconds=settings.header_timeout_seconds,
        max_connections=settings.max_connections or default_max_connections(open_files),
        max_connections_per_address=settings.max_connections_per_address,
    )
    with observed(log_level) as log_config:  # tracing on iff OTEL_EXPORTER_OTLP_ENDPOINT is set
        run_server(
            uvicorn.Config(
                application,
                host=settings.host,
                port=settings.port,
                log_level=log_level,
                log_config=log_config,
                http=protocol,
                timeout_keep_alive=settings.keep_alive_timeout_seconds,
                backlog=settings.listen_backlog,
                # uvicorn trusts X-Forwarded-For from 127.0.0.1 unless told otherwise
                proxy_headers=bool(settings.trusted_proxies),
                forwarded_allow_ips=",".join(settings.trusted_proxies) or None,
            )
        )


def login_url(base: str, key: str) -> str:
    """The web chat's login URL. The key rides in the fragment, which browsers never send: it
    cannot reach an access log, a proxy or a `Referer` (the page removes it at once)."""
    return f"{base}#key={key}"


def run_server(config: uvicorn.Config) -> None:
    """Serve until stopped (tests replace this to run the same configuration in a thread)."""
    import uvicorn

    uvicorn.Server(config).run()


@users_app.command("create")
def create_user(
    name: str = typer.Argument(..., help="User name (also its id)."),
    database_url: str | None = typer.Option(None, "--db", help="Database URL (default: settings)."),
) -> None:
    """Create a user."""

    async def create(store: ApiKeyStore) -> str:
        return f"created user {(await store.create_user(name)).id}"

    _with_key_store(database_url, create)


@keys_app.command("create")
def create_key(
    user: str = typer.Argument(..., help="User id the key authenticates as."),
    label: str = typer.Option("", "--label", help="A note to tell keys apart."),
    database_url: str | None = typer.Option(None, "--db", help="Database URL (default: settings)."),
) -> None:
    """Create an API key and print it once (only its hash is stored)."""

    async def create(store: ApiKeyStore) -> str:
        key, _ = await store.create_key(user, label=label)
        return key

    _with_key_store(database_url, create)


def _with_key_store(
    database_url: str | None, action: Callable[[ApiKeyStore], Awaitable[str]]
) -> None:
    """Open the key store, run `action` on it, print what it returns, close the store."""

    async def run() -> None:
        store = _key_store(database_url)
        try:
            await store.init()
            typer.echo(await action(store))
        finally:
            await store.close()

    _run(run)


def _key_store(database_url: str | None) -> ApiKeyStore:
    from switchboard.config import Settings
    from switchboard.server.auth import open_key_store

    url = database_url or Settings().database_url
    if url in ("memory://", ":memory:"):
        raise typer.BadParameter(
            "keys in memory:// vanish with the process; use a database URL", param_hint="--db"
        )
    return open_key_store(url)


def _run(job: object) -> None:
    from switchboard.core.errors import SwitchboardError

    try:
        asyncio.run(job())  # type: ignore[operator]  # job is a coroutine function (typed object)
    except SwitchboardError as exc:
        typer.echo(f"error: {exc.message}", err=True)
        raise typer.Exit(1) from None
