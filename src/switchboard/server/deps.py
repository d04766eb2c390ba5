"""Request dependencies: the runtime, the authenticated user (with rate limiting), error docs."""

from __future__ import annotations

from typing import Any

from fastapi import Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from switchboard.server.errors import AuthenticationError
from switchboard.server.runtime import Runtime
from switchboard.server.schemas import ErrorBody

bearer = HTTPBearer(
    auto_error=False,
    scheme_name="ApiKey",
    description="A Switchboard API key: `Authorization: Bearer sb-…`. Create one "
    "with `switchboard keys create USER`.",
)


def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


async def current_user(
    request: Request,
    credentials: HTTPAuthorizationCredentials | None = Security(bearer),
) -> str:
    """The user id behind the bearer key; also takes one token from the user's rate bucket
    (429 without one). See `authenticated_user` for the key check."""
    user_id = await _authenticate(request, credentials)
    await get_runtime(request).limiter.check(user_id)
    return user_id


async def authenticated_user(
    request: Request,
    credentials: HTTPAuthorizationCredentials | None = Security(bearer),
) -> str:
    """The user id behind the bearer key, taking NO rate-limit token: for `/chat`, whose turn
    takes it together with its session lock (`server/admission.py`). A route using this must
    settle the user's token before doing any work on the user's behalf, and take it over from
    the request (`take_over_token`): until then a request refused for an invalid body takes
    it in the 422 handler (`app.py`), so such requests stay rate-limited."""
    user_id = await _authenticate(request, credentials)
    request.scope[UNMETERED] = user_id
    return user_id


UNMETERED = "switchboard.unmetered_user"
"""Scope key: the user of a request authenticated without taking its rate-limit token, until the
route takes that over."""


def take_over_token(request: Request) -> None:
    """The route settles the request's rate-limit token from here on."""
    request.scope.pop(UNMETERED, None)


async def _authenticate(request: Request, credentials: HTTPAuthorizationCredentials | None) -> str:
    """The user id behind the bearer key.

    Each invalid key spends one of its client address's tokens. An address out of tokens gets
    429 for keys that cannot exist (no stored key starts like them), without a lookup; a key
    that could exist is always looked up, so a valid key is never refused because someone at
    the same address guessed (`server/auth/guard.py`). The address is the peer's, or the
    client's from `X-Forwarded-For` only when the peer is one of `trusted_proxies`."""
    runtime = get_runtime(request)
    await runtime.ready()
    if credentials is None or not credentials.credentials:
        raise AuthenticationError("missing API key (Authorization: Bearer …)")
    key = credentials.credentials
    address = request.client.host if request.client else "unknown"
    # A key whose prefix exists is always looked up, so its address's bucket need not be read
    # (a Redis round trip with `redis_url`): valid keys skip it. An unknown prefix refreshes
    # the known ones (at most once a second) before the bucket decides.
    if not await runtime.known_keys.could_exist(key) and await runtime.auth_failures.empty(address):
        await runtime.auth_failures.check_open(address)  # the 429, with its Retry-After
    user_id = await runtime.key_store.authenticate(key)
    if user_id is None:
        await runtime.auth_failures.spend(address)
        raise AuthenticationError("invalid API key")
    return user_id


_DESCRIPTIONS = {
    400: "Malformed request.",
    401: "Missing or invalid API key.",
    403: "Forbidden: e.g. a path outside the job's workspace.",
    404: "Not found — or not yours: other users' sessions and messages are never revealed.",
    409: "Conflict with the resource's state (e.g. editing a job already approved).",
    413: "Request body or message too large.",
    422: "Invalid body or parameters (also: empty message).",
    429: "Rate limit exceeded; retry after `Retry-After` seconds.",
    504: "The run exceeded the request deadline.",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` entries for these error statuses (all share `ErrorBody`)."""
    documented: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        entry: dict[str, Any] = {"model": ErrorBody, "description": _DESCRIPTIONS[status]}
        if status == 429:
            entry["headers"] = {
                "Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}
            }
        if status == 401:
            entry["headers"] = {"WWW-Authenticate": {"schema": {"type": "string"}}}
        documented[status] = entry
    return documented


AUTHED = (401, 429)
BODY = (400, 413, 422)
