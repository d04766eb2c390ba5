"""`POST /chat`: one user message in, the run's events out as NDJSON (or SSE on request)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import Response

from switchboard.core.events import Event
from switchboard.server.admission import TurnAdmission
from switchboard.server.deps import (
    AUTHED,
    BODY,
    authenticated_user,
    errors,
    get_runtime,
    take_over_token,
)
from switchboard.server.routes.direct import DirectRoute
from switchboard.server.schemas import ChatRequest
from switchboard.server.streaming import NDJSON, SSE, EventStreamResponse, NdjsonFormat, SseFormat
from switchboard.server.text import SafeText
from switchboard.sessions import check_user_message

router = APIRouter(tags=["chat"], route_class=DirectRoute)

IDEMPOTENCY_KEY_MAX = 255
IdempotencyKey = Annotated[
    SafeText | None,
    Header(
        alias="Idempotency-Key",
        min_length=1,
        max_length=IDEMPOTENCY_KEY_MAX,
        description="Your key for this message (a UUID per message you send). Retrying the "
        "request with the same key and the same message never repeats its side effects: the "
        "finance app records a transaction once and answers the same confirmation. Another key, "
        "or none, is another message. Scoped to your user.",
    ),
]
"""`Idempotency-Key` on `/chat` and `/v1/chat/completions`, carried to the turn."""

STREAM_RESPONSE = {
    "description": "The run's events, one JSON object per line (`application/x-ndjson`), or the "
    "same objects as Server-Sent Events when `Accept: text/event-stream`. Errors "
    "after the stream started arrive as an `error` event.",
    "content": {
        NDJSON: {"schema": {"$ref": "#/components/schemas/StreamEvent"}},
        SSE: {"schema": {"type": "string"}},
    },
}


async def prime(events: AsyncIterator[Event]) -> Event:
    """The first event, so input and session errors become HTTP statuses before streaming."""
    try:
        return await anext(events)
    except BaseException:
        await events.aclose()  # type: ignore[attr-defined]  # an async generator: AsyncIterator has no aclose
        raise


def wants_sse(request: Request) -> bool:
    return SSE in request.headers.get("accept", "")


@router.post(
    "/chat",
    response_class=Response,
    response_model=None,
    responses={200: STREAM_RESPONSE, **errors(*AUTHED, *BODY, 404)},
    summary="Send a message and stream the answer",
)
async def chat(
    body: ChatRequest,
    request: Request,
    idempotency_key: IdempotencyKey = None,
    user_id: str = Depends(authenticated_user),
) -> Response:
    started = time.perf_counter()
    runtime = get_runtime(request)
    app_name = body.app
    find = app_name is None and len(runtime.apps) > 1
    # The user's rate-limit token: taken by the turn with its session lock (one Redis round
    # trip for both, `server/admission.py`), or here first when resolving the session id reads
    # the store.
    take_over_token(request)
    admission: TurnAdmission | None = None
    if runtime.resolves_in_memory(body.sessionId, user_id, find=find):
        admission = TurnAdmission(runtime.limiter, user_id)
    else:
        await runtime.limiter.check(user_id)
    try:
        check_user_message(body.chatInput, runtime.settings.max_message_chars)
        session_id, handle = await runtime.resolve(body.sessionId, user_id, find=find)
        if app_name is None and handle is not None:
            app_name = handle.name
        name, app = runtime.app(app_name)
        events = app.stream(
            session_id,
            body.chatInput,
            user_id=user_id,
            idempotency_key=idempotency_key,
            admission=admission,
        )
        first = await prime(events)
    except Exception:
        if admission is not None:
            await admission.settle_after_failure()  # a 429 wins, as when it came first
        raise
    if admission is not None and not admission.settled:  # an app that took no session lock
        try:
            await admission.admit()
        except BaseException:
            await events.aclose()  # type: ignore[attr-defined]  # an async generator: AsyncIterator has no aclose
            raise
    runtime.metrics.child(runtime.metrics.runs, name, "chat").inc()
    fmt = SseFormat() if wants_sse(request) else NdjsonFormat()
    return EventStreamResponse(
        first,
        events,
        fmt,
        clock=runtime.clock,
        deadline_seconds=runtime.settings.request_deadline_seconds,
        metrics=runtime.metrics,
        endpoint="chat",
        started=started,
        session_shown_as=body.sessionId if session_id != body.sessionId else None,
    )
