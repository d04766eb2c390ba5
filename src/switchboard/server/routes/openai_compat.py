"""OpenAI-compatible `POST /v1/chat/completions` (stream and not) and `GET /v1/models`.

Mapping (documented for clients):
- `model` names an app (`support`) or an app and agent (`support/especialista_tecnico`); with an
  agent, the session is switched to it before the message when it is not already the active one.
- The conversation maps to a session: the `X-Session-Id` header if given, else the `user` field,
  else `oai-` + the first 32 hex digits of sha256(user id, app, first user message). The same
  chat in a client therefore keeps landing on the same session. Session ids are yours alone:
  the same id sent by another user is another session, so a derived id computed by someone else
  can neither take nor block yours.
- The session keeps the history, so only the LAST user message is sent to the app; earlier
  messages in `messages` are ignored (system prompts included: agents have their own).
- The session id is returned in the `X-Session-Id` response header (and `session_id` field).
- `Idempotency-Key` (optional header): a retried request with the same key and message never
  repeats its side effects (the finance app records once, answers the same confirmation).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
import uuid
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import Response

from switchboard.core.errors import InvalidMessageError, UnknownAgentError
from switchboard.core.events import Event
from switchboard.server.deps import AUTHED, BODY, current_user, errors, get_runtime
from switchboard.server.errors import DeadlineExceededError
from switchboard.server.routes.chat import IdempotencyKey, prime
from switchboard.server.schemas import (
    ChatCompletion,
    ChatCompletionRequest,
    CompletionChoice,
    CompletionMessage,
    CompletionUsage,
    ModelCard,
    ModelList,
)
from switchboard.server.session_ids import CLIENT_ID_MAX
from switchboard.server.streaming import (
    DEADLINE_MESSAGE,
    SSE,
    EventStreamResponse,
    RunGuard,
)
from switchboard.server.text import SafeText
from switchboard.sessions import check_user_message
from switchboard.sessions.app import ChatApp

router = APIRouter(prefix="/v1", tags=["openai"])

_CREATED = int(time.time())


def session_for(user_id: str, app: str, first_user_message: str) -> str:
    digest = hashlib.sha256("\x1f".join((user_id, app, first_user_message)).encode()).hexdigest()
    return "oai-" + digest[:32]


class OpenAIChunkFormat:
    """Events as `chat.completion.chunk` SSE lines; an error as `{"error": …}`; then `[DONE]`."""

    media_type = SSE

    def __init__(self, model: str, completion_id: str, created: int) -> None:
        self.model = model
        self.completion_id = completion_id
        self.created = created
        self._opened = False

    def _chunk(self, delta: dict[str, str], finish: str | None = None) -> bytes:
        body = {
            "id": self.completion_id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        return b"data: " + json.dumps(body, ensure_ascii=False).encode() + b"\n\n"

    def event(self, event: Event) -> bytes | None:
        out = b""
        if not self._opened:
            self._opened = True
            out += self._chunk({"role": "assistant", "content": ""})
        if event.type == "text" and event.delta:
            out += self._chunk({"content": event.delta})
        elif event.type == "error":
            error = {"error": {"message": event.message, "type": event.code, "code": event.code}}
            out += b"data: " + json.dumps(error, ensure_ascii=False).encode() + b"\n\n"
        elif event.type == "done":
            out += self._chunk({}, "stop")
        return out or None

    def end(self) -> bytes | None:
        return b"data: [DONE]\n\n"


@router.get(
    "/models",
    response_model=ModelList,
    responses=errors(*AUTHED),
    summary="Apps and app/agent pairs, as OpenAI models",
)
async def list_models(request: Request, user_id: str = Depends(current_user)) -> ModelList:
    runtime = get_runtime(request)
    cards = []
    for name, app in runtime.apps.items():
        cards.append(ModelCard(id=name, created=_CREATED, owned_by="switchboard"))
        cards.extend(
            ModelCard(id=f"{name}/{agent.name}", created=_CREATED, owned_by="switchboard")
            for agent in app.agents()
            if agent.selectable  # a mission's coordinators cannot be put in charge
        )
    return ModelList(data=cards)


async def _use_agent(app: ChatApp, session_id: str, agent: str, user_id: str) -> None:
    """Make `agent` the one that answers, switching only when someone else would."""
    record = await app.store.get_session(session_id)
    mine = record is not None and record.user_id == user_id
    current = app.active_agent(record) if record is not None and mine else app.entry_agent
    if agent == current and (record is None or mine):
        return
    await app.switch_agent(session_id, agent, user_id=user_id)


@router.post(
    "/chat/completions",
    response_model=ChatCompletion,
    responses={
        200: {
            "description": "The answer; with `stream: true`, "
            "`chat.completion.chunk` Server-Sent Events ending in `[DONE]`.",
            "content": {SSE: {"schema": {"type": "string"}}},
        },
        **errors(*AUTHED, *BODY, 404, 504),
    },
    summary="OpenAI-compatible chat completion",
    description=__doc__.split("\n", 2)[2],
)
async def chat_completions(
    body: ChatCompletionRequest,
    request: Request,
    response: Response,
    x_session_id: Annotated[SafeText | None, Header(min_length=1, max_length=CLIENT_ID_MAX)] = None,
    idempotency_key: IdempotencyKey = None,
    user_id: str = Depends(current_user),
) -> ChatCompletion | Response:
    started = time.perf_counter()
    runtime = get_runtime(request)
    app_name, _, agent = body.model.partition("/")
    name, app = runtime.app(app_name)
    if agent and not app.has_agent(agent):
        raise UnknownAgentError(f"unknown agent {agent!r}", agent=agent)
    user_texts = [m.text() for m in body.messages if m.role == "user"]
    if not user_texts:
        raise InvalidMessageError("no user message in `messages`")
    check_user_message(user_texts[-1], runtime.settings.max_message_chars)
    header_id = x_session_id if runtime.settings.trust_session_header else None
    session_id = header_id or body.user or session_for(user_id, name, user_texts[0])
    stored, _ = await runtime.resolve(session_id, user_id, find=False)
    if agent:
        await _use_agent(app, stored, agent, user_id)
    completion_id = "chatcmpl-" + uuid.uuid4().hex
    created = int(runtime.clock.now().timestamp())
    runtime.metrics.child(runtime.metrics.runs, name, "openai").inc()
    if body.stream:
        events = app.stream(
            stored, user_texts[-1], user_id=user_id, idempotency_key=idempotency_key
        )
        first = await prime(events)
        return EventStreamResponse(
            first,
            events,
            OpenAIChunkFormat(body.model, completion_id, created),
            clock=runtime.clock,
            deadline_seconds=runtime.settings.request_deadline_seconds,
            metrics=runtime.metrics,
            endpoint="openai",
            started=started,
            headers={"X-Session-Id": session_id},
        )
    remaining = runtime.settings.request_deadline_seconds - (time.perf_counter() - started)
    guard = RunGuard(runtime.clock, remaining)
    with guard:
        try:
            reply = await app.reply(
                stored, user_texts[-1], user_id=user_id, idempotency_key=idempotency_key
            )
        except asyncio.CancelledError:
            if guard.absorb() is None:
                raise
            raise DeadlineExceededError(DEADLINE_MESSAGE) from None
    response.headers["X-Session-Id"] = session_id
    usage = reply.usage
    return ChatCompletion(
        id=completion_id,
        created=created,
        model=body.model,
        session_id=session_id,
        choices=[
            CompletionChoice(
                index=0, message=CompletionMessage(content=reply.text), finish_reason="stop"
            )
        ],
        usage=CompletionUsage(
            prompt_tokens=usage.input_tokens,
            completion_tokens=usage.output_tokens,
            total_tokens=usage.input_tokens + usage.output_tokens,
        ),
    )
