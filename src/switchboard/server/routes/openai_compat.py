"""OpenAI-compatible `POST /v1/chat/completions` (stream and not) and `GET /v1/models`.

Mapping (documented for clients):
- `model` names an app (`support`) or an app and agent (`support/especialista_tecnico`); with an
  agent, the session is switched to it before the message when it is not already the active one.
- The conversation maps to a session: the `X-Session-Id` header if given, else the `user` field,
  else its history. A request with no assistant answer in `messages` starts a new session
  (`oai-…`; with an `Idempotency-Key`, named after it, so a retried first message lands in the
  same one); a request that carries earlier turns continues the session whose answered history
  is exactly those messages (user and assistant texts). Two chats that both begin with "Oi" are
  two sessions. Only word-for-word identical histories cannot be told apart: send the
  `X-Session-Id` you get back to be sure. Session ids are yours alone: the same id sent by
  another user is another session, so an id known to someone else can neither take nor block
  yours.
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
import logging
import time
import uuid
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import Response

from switchboard.core.errors import InvalidMessageError, UnknownAgentError
from switchboard.core.events import Event
from switchboard.server.conversations import CONVERSATIONS, fingerprint
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
    OpenAIMessage,
)
from switchboard.server.session_ids import CLIENT_ID_MAX, client_id
from switchboard.server.streaming import (
    DEADLINE_MESSAGE,
    SSE,
    EventStreamResponse,
    RunGuard,
)
from switchboard.server.text import SafeText
from switchboard.sessions import check_user_message
from switchboard.sessions.app import ChatApp

log = logging.getLogger(__name__)
router = APIRouter(prefix="/v1", tags=["openai"])

_CREATED = int(time.time())


def keyed_session(user_id: str, app: str, idempotency_key: str) -> str:
    """The session a new conversation's first request starts when it carries a key: a retry of
    that request (same key) must land in the same session to be answered from it."""
    digest = hashlib.sha256("\x1f".join((user_id, app, idempotency_key)).encode()).hexdigest()
    return "oai-" + digest[:32]


def _history(messages: list[OpenAIMessage]) -> tuple[list[tuple[str, str]], str]:
    """The conversation before the last user message (its visible user/assistant texts) and
    that message."""
    last = max(i for i, m in enumerate(messages) if m.role == "user")
    earlier: list[tuple[str, str]] = [
        (m.role, m.text()) for m in messages[:last] if m.role in ("user", "assistant")
    ]
    return earlier, messages[last].text()


class _Conversation:
    """A header-less conversation: its session, found from its history, and remembering the
    history once a turn is answered (`server/conversations.py`)."""

    def __init__(self, app: ChatApp, user_id: str, history: list[tuple[str, str]]) -> None:
        self._repository = app.store.repository(CONVERSATIONS)
        self._user_id = user_id
        self._history = history

    async def client_id(self, app_name: str, idempotency_key: str | None) -> str:
        if any(role == "assistant" for role, _ in self._history):
            stored = await self._repository.find(self._user_id, fingerprint(self._history))
            if stored is not None:
                return client_id(self._user_id, stored)
        elif idempotency_key is not None:
            return keyed_session(self._user_id, app_name, idempotency_key)
        return "oai-" + uuid.uuid4().hex

    async def answered(self, stored: str, question: str, answer: str) -> None:
        turns = [*self._history, ("user", question), ("assistant", answer)]
        try:
            await self._repository.remember(self._user_id, fingerprint(turns), stored)
        except Exception:  # the answer is stored; only header-less continuation is lost
            log.warning("could not remember an OpenAI conversation", exc_info=True)

    async def watch(
        self, events: AsyncIterator[Event], stored: str, question: str
    ) -> AsyncGenerator[Event, None]:
        """`events`, remembering the conversation when the answer is done."""
        try:
            async for event in events:
                if event.type == "done":
                    await self.answered(stored, question, event.text)
                yield event
        finally:
            await events.aclose()  # type: ignore[attr-defined]  # app streams are generators


class OpenAIChunkFormat:
    """Events as `chat.completion.chunk` SSE lines; then `[DONE]`.

    An `error` event is held back: the OpenAI SDKs raise on the first chunk that carries an
    `error`, so an error the run recovered from (an empty model answer retried, then replaced
    by a fallback text) must not end the client's stream before the text that follows it. A
    held error is sent, as `{"error": …}`, only if no text came after it by the end."""

    media_type = SSE

    def __init__(self, model: str, completion_id: str, created: int) -> None:
        self.model = model
        self.completion_id = completion_id
        self.created = created
        self._opened = False
        self._error: bytes | None = None

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
            self._error = None  # recovered: the text is the answer
            out += self._chunk({"content": event.delta})
        elif event.type == "error":
            error = {"error": {"message": event.message, "type": event.code, "code": event.code}}
            self._error = b"data: " + json.dumps(error, ensure_ascii=False).encode() + b"\n\n"
        elif event.type == "done":
            out += self._held_error() + self._chunk({}, "stop")
        return out or None

    def end(self) -> bytes | None:
        return self._held_error() + b"data: [DONE]\n\n"

    def _held_error(self) -> bytes:
        held, self._error = self._error, None
        return held or b""


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
    if not any(m.role == "user" for m in body.messages):
        raise InvalidMessageError("no user message in `messages`")
    history, question = _history(body.messages)
    check_user_message(question, runtime.settings.max_message_chars)
    header_id = x_session_id if runtime.settings.trust_session_header else None
    conversation = None if header_id or body.user else _Conversation(app, user_id, history)
    if conversation is not None:
        session_id = await conversation.client_id(name, idempotency_key)
    else:
        session_id = header_id or body.user or ""
    stored, _ = await runtime.resolve(session_id, user_id, find=False)
    if agent:
        await _use_agent(app, stored, agent, user_id)
    completion_id = "chatcmpl-" + uuid.uuid4().hex
    created = int(runtime.clock.now().timestamp())
    runtime.metrics.child(runtime.metrics.runs, name, "openai").inc()
    if body.stream:
        events = app.stream(stored, question, user_id=user_id, idempotency_key=idempotency_key)
        if conversation is not None:
            events = conversation.watch(events, stored, question)
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
                stored, question, user_id=user_id, idempotency_key=idempotency_key
            )
        except asyncio.CancelledError:
            if guard.absorb() is None:
                raise
            raise DeadlineExceededError(DEADLINE_MESSAGE) from None
    if conversation is not None and reply.text:
        await conversation.answered(stored, question, reply.text)
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
