"""The model port: a request in, text + tool calls + token usage out, whole or streamed.

Requests, responses and chunks are plain dataclasses (like `Message`): one of each per model
call. Tool schemas are pydantic models, built once per tool. Adapters validate what a provider
sends before it becomes a `ModelResponse`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from switchboard.core.dialog import OpenQuestion
from switchboard.core.messages import NO_USAGE, Message, ToolCall, Usage


class ToolSchema(BaseModel):
    """A tool as a model sees it: name, description and the JSON schema of its arguments."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    """JSON schema of the arguments object."""


@dataclass(slots=True)
class ModelRequest:
    """What an agent sends a model: messages, offered tools and an optional JSON answer schema,
    the same for every provider."""

    messages: list[Message]
    """Conversation, starting with the system prompt when there is one."""
    tools: list[ToolSchema] = field(default_factory=list)
    response_schema: dict[str, Any] | None = None
    """When set, the answer text must be JSON matching this schema."""
    agent: str = ""
    """Name of the agent asking; providers ignore it, scripted and embedded models may use it."""
    temperature: float | None = None
    max_output_tokens: int | None = None
    open_question: OpenQuestion | None = None
    """The question this agent asked last turn, which the last user message answers (see
    `core/dialog.py`); providers ignore it, the embedded model reads it."""

    def last_user_text(self) -> str:
        for message in reversed(self.messages):
            if message.role == "user":
                return message.content
        return ""


@dataclass(slots=True)
class ModelResponse:
    """A model's whole answer: text and tool calls, usage, model id and finish reason, the same
    for every provider."""

    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: Usage = NO_USAGE
    model: str = ""
    finish_reason: str | None = None
    open_question: OpenQuestion | None = None
    """A question this answer asks, to hand back with the next request (embedded model only)."""


@dataclass(slots=True)
class TextDelta:
    """A piece of streamed answer text."""

    text: str
    kind: Literal["text"] = "text"


@dataclass(slots=True)
class ToolCallStarted:
    """A tool call began in the stream. Whatever text came before it, the response may carry
    a tool call now: a runner holding a delegating agent's words back (`AgentRun`) keeps the
    rest of this response's text until the end. Adapters send it once per response, when the
    first tool-call delta arrives; consumers that do not care skip it."""

    kind: Literal["tool_call"] = "tool_call"


@dataclass(slots=True)
class ResponseDone:
    """Last chunk of a stream: the whole response, tool calls assembled from their deltas."""

    response: ModelResponse
    kind: Literal["done"] = "done"


StreamChunk = TextDelta | ToolCallStarted | ResponseDone
"""One piece of a streamed model answer: text, a tool call starting, or the end with usage."""


class Model(ABC):
    """A provider-neutral language model.

    Implementations map `ModelRequest` to their wire format and back, and raise
    `ModelTimeoutError` / `ModelResponseError` / `ModelError` for failures.
    """

    model_id: str = ""
    """Full id as configured, e.g. `openai:gpt-4o-mini`."""

    @abstractmethod
    async def complete(self, request: ModelRequest) -> ModelResponse: ...

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        """Default: one text chunk then the whole response. Providers override with real
        streaming."""
        response = await self.complete(request)
        if response.tool_calls:  # known before any text: a delegating agent's words stay held
            yield ToolCallStarted()
        if response.text:
            yield TextDelta(text=response.text)
        yield ResponseDone(response=response)

    async def warm(self) -> None:  # noqa: B027  (a no-op default: most models need no warm-up)
        """Do start-up work now rather than on the first request (train, load, connect); called
        by the app's `start()`, so a process is ready only once its models are warm."""

    async def aclose(self) -> None:  # noqa: B027  (a no-op default: most models hold no connection)
        """Release connections; called by `shutdown()`."""


PHRASE_CHARS = 48
"""The least characters in one delta of the embedded model's stream (cut at the next space)."""


def chunks_in_words(response: ModelResponse, *, at_least: int = 0) -> Iterator[StreamChunk]:
    """A whole response as deltas of whole words, each at least `at_least` characters long
    (0: word by word), then the response, for local models that have no token stream of their
    own: consumers see the same incremental stream as from a hosted model (`ToolCallStarted`
    first when it has tool calls: unlike a hosted model, these know it).

    The scripted model streams word by word (it stands in for a hosted model's token stream in
    tests); the embedded model in phrases of `PHRASE_CHARS`: its whole text is known at once,
    so every piece is queued in the same loop step and leaves in one write anyway, and each
    extra delta only costs the server a pass through every stream layer (a quarter of the
    offline HTTP turn's CPU went to word-sized deltas, `bench/server/RESULTS_server.md`).
    A plain iterator, so a model's `stream()` adds no async-generator layer per piece."""
    if response.tool_calls:  # the whole response is known: say so before its text
        yield ToolCallStarted()
    text = response.text
    start = 0
    end = len(text)
    while start < end:
        cut = text.find(" ", start + at_least)
        if cut < 0:
            yield TextDelta(text=text[start:])
            break
        yield TextDelta(text=text[start : cut + 1])
        start = cut + 1
    yield ResponseDone(response=response)
