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
from pydantic import TypeAdapter
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.types import Scope

from switchboard import __version__
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.errors import DependencyUnavailableError, SwitchboardError
from switchboard.core.events import Event
from switchboard.server.auth import ApiKeyStore, open_key_store
from switchboard.server.dependencies import (
    UNAVAILABLE_MESSAGE,
    UNAVAILABLE_RETRY_AFTER,
    dependency_error_types,
    is_unavailable,
)
from switchboard.server.deps import UNMETERED
from switchboard.server.errors import RateLimitedError
from switchboard.server.limits import BodyLimitMiddleware
from switchboard.server.metrics import MetricsMiddleware
from switchboard.server.routes import chat, contracts, jobs, meta, openai_compat, sessions, web
from switchboard.server.runtime import Runtime
from switchboard.server.settings import ServerSettings
from switchboard.server.text import INVALID_TEXT
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
    """The registered apps (or `names`), all on one store opened from `settings.database_url`
    (`switchboard.apps.build_apps` with `AppOptions.create`)."""
    from switchboard.apps import AppOptions
    from switchboard.apps import build_apps as build_registered

    options = AppOptions.create(settings=settings, clock=clock, model=model or None)
    return build_registered(options, names)


def create_app(
    settings: ServerSettings | None = None,
    *,
    apps: Mapping[str, ChatApp] | None = None,
    clock: Clock = SYSTEM_CLOCK,
    key_store: ApiKeyStore | None = None,
) -> FastAPI:
    """The FastAPI application serving the apps (chat streams, OpenAI-compatible completions,
    sessions, feedback, metrics, web page)."""
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
        runtime.warm_up()
        engine = await jobs.start_jobs(served_app, runtime)
        yield
        await jobs.stop_jobs(served_app, engine)
        await runtime.close()

    app = FastAPI(
        title="Switchboard", version=__version__, description=DESCRIPTION, lifespan=lifespan
    )
    app.state.runtime = runtime
    for module in (chat, sessions, openai_compat, meta, contracts, web, jobs):
        app.include_router(module.router)
    app.mount("/web", web.WebFiles(directory=web.WEB_DIR), name="web")
    _install_error_handlers(app, runtime)
    app.add_middleware(
        BodyLimitMiddleware,
        max_bytes=settings.max_body_bytes,
        read_timeout=settings.body_read_timeout_seconds,
    )
    app.add_middleware(MetricsMiddleware, metrics=runtime.metrics)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]  # FastAPI's documented way to customise the schema
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
        if isinstance(exc, DependencyUnavailableError):
            headers["Retry-After"] = UNAVAILABLE_RETRY_AFTER
        if exc.http_status == 401:
            headers["WWW-Authenticate"] = "Bearer"
        if exc.http_status >= 500:
            log.error("request failed: %s", exc.message, extra={"code": exc.code})
        runtime.metrics.error(exc.code)
        return error_response(exc.http_status, exc.code, exc.message, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        unmetered = request.scope.pop(UNMETERED, None)
        if unmetered is not None:  # authenticated without its token (`/chat`): it takes it here
            try:
                await runtime.limiter.check(unmetered)
            except RateLimitedError as limited:  # a 429 wins, as when the token came first
                return await switchboard_error(request, limited)
        details: list[dict[str, Any]] = [
            {
                "loc": [str(p) for p in e.get("loc", ())],
                "msg": str(e.get("msg", "")),
                "type": str(e.get("type", "")),
            }
            for e in exc.errors()
        ]
        # a text-rule violation keeps its own code (`invalid_text`), whatever else is wrong
        # (pydantic-core itself refuses lone surrogates in constrained strings: `string_unicode`)
        chosen = next((d for d in details if d["type"] in (INVALID_TEXT, "string_unicode")), None)
        code = INVALID_TEXT if chosen is not None else "validation_error"
        chosen = chosen or (details[0] if details else None)
        location: list[str] = chosen["loc"] if chosen else []
        text: str = chosen["msg"] if chosen else "invalid request"
        message = f"{'.'.join(location)}: {text}" if location else text
        runtime.metrics.error(code)
        return error_response(422, code, message, details=details)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:
            # Starlette names only the first route matching the path; a path served by several
            # routes (GET and DELETE `/sessions/{id}/messages`) allows all their methods
            headers["Allow"] = ", ".join(_allowed_methods(app, request.scope))
        return error_response(exc.status_code, code, str(exc.detail), headers=headers or None)

    async def dependency_error(_: Request, exc: Exception) -> JSONResponse:
        """Driver errors that may mean the database or Redis is down: a typed 503 if they do
        (handled here, inside the app, so no 500 traceback is logged for an outage), else
        re-raised to the generic handler below."""
        if not is_unavailable(exc):
            raise exc
        log.error("request failed, a dependency is unavailable: %r", exc)
        runtime.metrics.error("unavailable")
        headers = {"Retry-After": UNAVAILABLE_RETRY_AFTER}
        return error_response(503, "unavailable", UNAVAILABLE_MESSAGE, headers=headers)

    for kind in dependency_error_types():
        app.add_exception_handler(kind, dependency_error)

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error")
        runtime.metrics.error("internal_error")
        return error_response(500, "internal_error", "internal error")


def _allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method some route serves at this path (each route asked with each method: routers
    nest, so asking is simpler and sturdier than reading their internals)."""
    allowed = []
    for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"):
        probe = {**scope, "method": method}
        if any(route.matches(probe)[0] == Match.FULL for route in app.router.routes):
            allowed.append(method)
    return allowed


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
        "tool_end, agent, status, error, usage, done, ui (an interactive component with a text "
        "fallback)."
    )
    components["StreamEvent"] = event_schema
    jobs.document_personas(schema, app.state.runtime)
    app.openapi_schema = schema
    return schema
