"""`DirectRoute`: `POST /chat`'s valid requests handled without FastAPI's dependency solver.

FastAPI resolves a route's parameters through a general graph on every request (dependency
cache, sub-dependants, per-parameter error collection, content-type parsing through
`email.message`): about 230 Python calls for `/chat`'s one body, one header and the bearer
scheme, ~10 % of a PostgreSQL + Redis turn's calls (issue 22.4). This route reads them itself,
with the same pieces FastAPI would call — `json.loads` and the body model's validation, the
header's own type, the `HTTPBearer` scheme, then the route's one dependency — and only when all
of them are valid. Anything else (a body that is not JSON or not valid, a non-JSON content type,
an invalid header, dependency overrides, FastAPI telemetry) goes through FastAPI's own handler,
so every error keeps exactly FastAPI's status, body and order (authentication before
validation: a 401 still beats a 422). The route is declared as usual: OpenAPI is unchanged.

It applies to a route whose parameters are exactly a JSON body model, the `Request`, optional
headers and one dependency taking `(request, credentials)` from an `HTTPBearer` scheme; for
any other shape (say, a dependency added by `include_router`) the route keeps FastAPI's
handler.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi.dependencies.utils import request_body_to_args, request_params_to_args
from fastapi.routing import APIRoute
from fastapi.security import HTTPBearer
from fastapi.telemetry import get_telemetry_data
from starlette.requests import Request
from starlette.responses import Response

Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class DirectRoute(APIRoute):
    def get_route_handler(self) -> Handler:
        standard = super().get_route_handler()
        shape = _Shape.of(_effective(self))
        if shape is None:
            return standard

        async def handle(request: Request) -> Response:
            arguments = await shape.arguments(request)
            if arguments is None:
                return await standard(request)
            return await shape.endpoint(**arguments)  # type: ignore[no-any-return]  # the route's coroutine

        return handle


def _effective(route: APIRoute) -> Any:
    """The route as included: FastAPI builds an included route's handler under a context that
    carries the dependencies and options the inclusion added (private in FastAPI; without it,
    the route itself)."""
    from fastapi import routing

    context_var = getattr(routing, "_effective_route_context_var", None)
    context = context_var.get() if context_var is not None else None
    if context is not None and getattr(context, "original_route", None) is route:
        return context
    return route


class _Shape:
    """A `/chat`-shaped route's parameters, read directly (see the module docstring)."""

    def __init__(self, dependant: Any) -> None:
        self.endpoint: Callable[..., Coroutine[Any, Any, Any]] = dependant.call
        self.body_fields = dependant.body_params
        self.header_fields = dependant.header_params
        self.request_name: str | None = dependant.request_param_name
        user = dependant.dependencies[0]
        self.user_name: str = user.name
        self.user: Callable[..., Coroutine[Any, Any, Any]] = user.call
        self.user_request_name: str = user.request_param_name
        self.scheme: HTTPBearer = user.dependencies[0].call
        self.credentials_name: str = user.dependencies[0].name

    @classmethod
    def of(cls, route: Any) -> _Shape | None:
        """The shape of `route` if it is one `DirectRoute` handles, else None."""
        dependant = route.dependant
        if (
            dependant.path_params
            or dependant.query_params
            or dependant.cookie_params
            or len(dependant.body_params) != 1
            or len(dependant.dependencies) != 1
            or dependant.background_tasks_param_name
            or dependant.response_param_name
            or dependant.websocket_param_name
            or dependant.http_connection_param_name
            or dependant.security_scopes_param_name
            or getattr(route, "_embed_body_fields", True)
            or not dependant.body_params[0].field_info.is_required()
        ):
            return None
        user = dependant.dependencies[0]
        if (
            user.name is None
            or user.request_param_name is None
            or not _is_coroutine_function(user.call)
            or len(user.dependencies) != 1
            or user.path_params
            or user.query_params
            or user.header_params
            or user.cookie_params
            or user.body_params
            or user.background_tasks_param_name
            or user.response_param_name
            or user.security_scopes_param_name
        ):
            return None
        scheme = user.dependencies[0]
        if not isinstance(scheme.call, HTTPBearer) or scheme.name is None or scheme.dependencies:
            return None
        if not _is_coroutine_function(dependant.call):
            return None
        return cls(dependant)

    async def arguments(self, request: Request) -> dict[str, Any] | None:
        """The endpoint's arguments, or None when FastAPI must handle the request."""
        if request.app.dependency_overrides or get_telemetry_data() is not None:
            return None
        content_type = request.headers.get("content-type")
        if content_type is None or content_type.split(";", 1)[0].strip().lower() != (
            "application/json"
        ):
            return None
        raw = await request.body()
        try:
            received = json.loads(raw)
        except ValueError:  # JSONDecodeError, UnicodeDecodeError
            return None
        arguments, errors = await request_body_to_args(self.body_fields, received, False)
        if errors:
            return None
        if self.header_fields:
            headers, errors = request_params_to_args(self.header_fields, request.headers)
            if errors:
                return None
            arguments.update(headers)
        if self.request_name is not None:
            arguments[self.request_name] = request
        credentials = await self.scheme(request)
        arguments[self.user_name] = await self.user(
            **{self.user_request_name: request, self.credentials_name: credentials}
        )
        return arguments


def _is_coroutine_function(call: Any) -> bool:
    import inspect

    return inspect.iscoroutinefunction(call)
