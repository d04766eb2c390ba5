"""The application factory.

create_app()                                  # the reference apps on the configured database
create_app(settings, apps={"demo": app}, clock=ManualClock(), key_store=keys)  # tests
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import TypeAdapter
from starlette.exceptions import HTTPException as StarletteHTTPException

from switchboard import __version__
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.errors import SwitchboardError
from switchboard.core.events import Event
from switchboard.server.auth import ApiKeyStore, open_key_store
from switchboard.server.errors import RateLimitedError
from switchboard.server.limits import BodyLimitMiddleware
from switchboard.server.metrics import MetricsMiddleware
from switchboard.server.routes import chat, jobs, meta, openai_compat, sessions, web
from switchboard.server.runtime import Runtime
from switchboard.server.settings import ServerSettings
from switchboard.sessions.app import ChatApp

log = logging.getLogger(__name__)

DESCRIPTION = """Multi-agent chat assistants over HTTP.

Authenticate with `Authorization: Bearer <api key>`. `POST /chat` streams a run's events as
NDJSON (or SSE with `Accept: text/event-stream`); `/v1/chat/completions` speaks the OpenAI chat
protocol. Errors share one body: `{"error": {"code", "message", "type"}}`.
"""

_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    415: "unsupported_media_type",
}


def build_apps(
    settings: ServerSettings,
    *,
    clock: Clock = SYSTEM_CLOCK,
    names: list[str] | None = None,
    model: str | None = None,
) -> dict[str, ChatApp]:
    """The reference apps, all on one store opened from `settings.database_url`."""
    from switchboard.apps import available_apps, load_app
    from switchboard.store.factory import open_store

    store = open_store(settings.database_url, clock=clock)
    options: dict[str, Any] = {"store": store, "settings": settings, "clock": clock}
    if model:
        options["model"] = model
    return {name: load_app(name, **options) for name in (names or available_apps())}


def create_app(
    settings: ServerSettings | None = None,
    *,
    apps: Mapping[str, ChatApp] | None = None,
    clock: Clock = SYSTEM_CLOCK,
    key_store: ApiKeyStore | None = None,
) -> FastAPI:
    settings = settings or ServerSettings()
    owns_apps = apps is None
    served = build_apps(settings, clock=clock) if apps is None else dict(apps)
    owns_keys = key_store is None
    keys = key_store if key_store is not None else open_key_store(settings.database_url)
    runtime = Runtime(
        settings, served, key_store=keys, clock=clock, owns_apps=owns_apps, owns_key_store=owns_keys
    )

    @asynccontextmanager
    async def lifespan(served_app: FastAPI) -> AsyncIterator[None]:
        await runtime.ready()
        engine = await jobs.start_jobs(served_app, runtime)
        yield
        await jobs.stop_jobs(served_app, engine)
        await runtime.close()

    app = FastAPI(
        title="Switchboard", version=__version__, description=DESCRIPTION, lifespan=lifespan
    )
    app.state.runtime = runtime
    for module in (chat, sessions, openai_compat, meta, web, jobs):
        app.include_router(module.router)
    app.mount("/web", StaticFiles(directory=web.WEB_DIR), name="web")
    _install_error_handlers(app, runtime)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(MetricsMiddleware, metrics=runtime.metrics)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def error_response(
    status: int,
    code: str,
    message: str,
    *,
    details: list[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    error: dict[str, Any] = {"code": code, "message": message, "type": code}
    if details is not None:
        error["details"] = details
    return JSONResponse({"error": error}, status_code=status, headers=headers)


def _install_error_handlers(app: FastAPI, runtime: Runtime) -> None:
    @app.exception_handler(SwitchboardError)
    async def switchboard_error(_: Request, exc: SwitchboardError) -> JSONResponse:
        headers = {}
        if isinstance(exc, RateLimitedError):
            headers["Retry-After"] = str(int(exc.retry_after))
        if exc.http_status == 401:
            headers["WWW-Authenticate"] = "Bearer"
        if exc.http_status >= 500:
            log.error("request failed: %s", exc.message, extra={"code": exc.code})
        runtime.metrics.error(exc.code)
        return error_response(exc.http_status, exc.code, exc.message, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        details: list[dict[str, Any]] = [
            {
                "loc": [str(p) for p in e.get("loc", ())],
                "msg": str(e.get("msg", "")),
                "type": str(e.get("type", "")),
            }
            for e in exc.errors()
        ]
        location: list[str] = details[0]["loc"] if details else []
        text: str = details[0]["msg"] if details else "invalid request"
        message = f"{'.'.join(location)}: {text}" if location else text
        runtime.metrics.error("validation_error")
        return error_response(422, "validation_error", message, details=details)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        return error_response(
            exc.status_code, code, str(exc.detail), headers=getattr(exc, "headers", None)
        )

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error")
        runtime.metrics.error("internal_error")
        return error_response(500, "internal_error", "internal error")


def _openapi(app: FastAPI) -> dict[str, Any]:
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(
        title=app.title, version=app.version, description=app.description, routes=app.routes
    )
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    event_schema = TypeAdapter(Event).json_schema(ref_template="#/components/schemas/{model}")
    components.update(event_schema.pop("$defs", {}))
    event_schema["description"] = (
        "One event of a run (`type` tells which): text, tool_start, "
        "tool_end, agent, status, error, usage, done."
    )
    components["StreamEvent"] = event_schema
    app.openapi_schema = schema
    return schema
