"""Apps and agents (for the picker), health and Prometheus metrics."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST

from switchboard import __version__
from switchboard.server.dependencies import UNAVAILABLE_RETRY_AFTER
from switchboard.server.deps import AUTHED, current_user, errors, get_runtime
from switchboard.server.schemas import (
    AgentInfo,
    AppInfo,
    AppList,
    DependencyInfo,
    ErrorBody,
    Health,
    Readiness,
    SandboxReadiness,
)

router = APIRouter(tags=["meta"])


@router.get(
    "/apps",
    response_model=AppList,
    responses=errors(*AUTHED),
    summary="Apps served and their agents",
)
async def list_apps(request: Request, user_id: str = Depends(current_user)) -> AppList:
    runtime = get_runtime(request)
    apps = []
    for name, app in runtime.apps.items():
        agents = [AgentInfo(**card.model_dump()) for card in app.agents()]
        apps.append(
            AppInfo(name=name, title=app.title, default=name == runtime.default_app, agents=agents)
        )
    return AppList(apps=apps)


@router.get("/health", response_model=Health, summary="Liveness (see `/ready` for traffic)")
async def health(request: Request) -> Health:
    return Health(status="ok", version=__version__, apps=list(get_runtime(request).apps))


@router.get(
    "/ready",
    response_model=Readiness,
    response_model_exclude_none=True,
    responses={
        503: {
            "model": ErrorBody,
            "description": "Still warming up (schema, models), or a dependency (the database, "
            "Redis) is not answering: send no traffic now.",
        }
    },
    summary="Readiness: 200 once every app is warm and its database and Redis answer",
)
async def ready(request: Request) -> Readiness | JSONResponse:
    runtime = get_runtime(request)
    if not runtime.is_ready:
        warming = {"error": {"code": "not_ready", "type": "not_ready", "message": "warming up"}}
        return JSONResponse(warming, status_code=503, headers={"Retry-After": "1"})
    statuses = [DependencyInfo(**asdict(s)) for s in await runtime.dependencies.statuses()]
    down = [s.name for s in statuses if not s.ok]
    if down:
        body: dict[str, Any] = {
            "error": {
                "code": "unavailable",
                "type": "unavailable",
                "message": f"not answering: {', '.join(down)}",
            },
            "dependencies": [s.model_dump() for s in statuses],
        }
        headers = {"Retry-After": UNAVAILABLE_RETRY_AFTER}
        return JSONResponse(body, status_code=503, headers=headers)
    sandbox = None
    if getattr(request.app.state, "jobs_engine", None) is not None:
        from switchboard.patterns.jobs.sandbox import Sandbox

        status = Sandbox().status()  # probed (and cached) when the engine was built
        sandbox = SandboxReadiness(available=status.available, detail=status.detail)
    return Readiness(
        status="ready", apps=list(runtime.apps), dependencies=statuses, sandbox=sandbox
    )


@router.get(
    "/metrics",
    response_class=Response,
    response_model=None,
    responses={
        200: {
            "description": "Prometheus text exposition.",
            "content": {"text/plain": {"schema": {"type": "string"}}},
        }
    },
    summary="Prometheus metrics",
)
async def metrics(request: Request) -> Response:
    return Response(get_runtime(request).metrics.render(), media_type=CONTENT_TYPE_LATEST)
