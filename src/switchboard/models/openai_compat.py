"""OpenAI-compatible chat completions: OpenAI, DeepSeek, Gemini's compatible endpoint, Ollama, vLLM,
llama.cpp server. One adapter; `base_url` decides which server answers.

All wire-format mapping lives here. The `openai` SDK is imported when a model is built, so
`import switchboard` stays fast and works without provider packages in use.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, Literal

from switchboard.core.errors import ModelError, ModelResponseError
from switchboard.core.messages import Message, ToolCall, Usage
from switchboard.models.base import (
    Model,
    ModelRequest,
    ModelResponse,
    ResponseDone,
    StreamChunk,
    TextDelta,
    ToolCallStarted,
)
from switchboard.models.provider_errors import NO_KEY, ProviderErrors

logger = logging.getLogger(__name__)

"""Sent as the API key to servers that need none (Ollama, a local vLLM), so the SDK never falls
back to `OPENAI_API_KEY` and leaks it to a local or third-party endpoint."""

MaxTokensParam = Literal["max_tokens", "max_completion_tokens"]


class OpenAICompatModel(Model):
    """A chat-completions model behind any OpenAI-compatible endpoint.

    `model_id` is the configured id (`deepseek:deepseek-chat`) used for prices and logs;
    `model_name` is what the server calls it (`deepseek-chat`).
    """

    def __init__(
        self,
        model_id: str,
        model_name: str,
        api_key: str | None,
        base_url: str | None = None,
        *,
        timeout: float = 60.0,
        max_retries: int = 2,
        max_tokens_param: MaxTokensParam = "max_tokens",
        stream_usage: bool = True,
    ) -> None:
        """`max_retries` is the SDK's own retry (429, 5xx, connection errors, with backoff).
        `max_tokens_param`: OpenAI's reasoning models only accept `max_completion_tokens`;
        most compatible servers only know `max_tokens`. `stream_usage=False` for servers that
        reject `stream_options`."""
        from openai import AsyncOpenAI

        self.model_id = model_id
        self.model_name = model_name
        self.base_url = base_url
        self._max_tokens_param = max_tokens_param
        self._stream_usage = stream_usage
        self._client = AsyncOpenAI(
            api_key=api_key or NO_KEY, base_url=base_url, timeout=timeout, max_retries=max_retries
        )
        self._timeout = timeout
        self._secret = api_key

    def __repr__(self) -> str:  # never shows the key
        return f"OpenAICompatModel({self.model_id!r}, base_url={self.base_url!r})"

    async def complete(self, request: ModelRequest) -> ModelResponse:
        with self._errors():
            completion = await self._client.chat.completions.create(**self._params(request))
        return self._response(completion)

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        params = self._params(request)
        params["stream"] = True
        if self._stream_usage:
            params["stream_options"] = {"include_usage": True}
        assembler = _StreamAssembler()
        with self._errors():
            chunks = await self._client.chat.completions.create(**params)
            try:
                announced = False
                async for chunk in chunks:
                    for text in assembler.add(chunk):
                        yield TextDelta(text=text)
                    if not announced and assembler.has_calls:
                        announced = True
                        yield ToolCallStarted()
            finally:
                await chunks.close()
        if not assembler.seen_chunk:
            raise ModelResponseError(f"{self.model_id} sent an empty stream", model=self.model_id)
        yield ResponseDone(response=assembler.response(self.model_id))

    async def aclose(self) -> None:
        await self._client.close()

    # -- request mapping -------------------------------------------------------------------------

    def _params(self, request: ModelRequest) -> dict[str, Any]:
        params: dict[str, Any] = {
            "model": self.model_name,
            "messages": [_message(m) for m in request.messages],
        }
        if request.tools:
            params["tools"] = [
                {
                    "type": "function",
                    "function": {
                        "name": t.name,
                        "description": t.description,
                        "parameters": t.parameters,
                    },
                }
                for t in request.tools
            ]
        if request.response_schema is not None:
            params["response_format"] = {
                "type": "json_schema",
                "json_schema": {
                    "name": "answer",
                    "schema": request.response_schema,
                    "strict": False,
                },
            }
        if request.temperature is not None:
            params["temperature"] = request.temperature
        if request.max_output_tokens is not None:
            params[self._max_tokens_param] = request.max_output_tokens
        return params

    # -- response mapping ------------------------------------------------------------------------

    def _response(self, completion: Any) -> ModelResponse:
        if isinstance(completion, str):  # the SDK hands back non-JSON bodies as text
            raise ModelResponseError(
                f"{self.model_id} answered with a non-JSON body: {completion[:100]!r}",
                model=self.model_id,
            )
        choices = getattr(completion, "choices", None)
        if not choices:
            raise ModelResponseError(
                f"{self.model_id} answered without choices", model=self.model_id
            )
        choice = choices[0]
        message = getattr(choice, "message", None)
        if message is None:
            raise ModelResponseError(
                f"{self.model_id} answered a choice without a message", model=self.model_id
            )
        text = message.content or getattr(message, "refusal", None) or ""
        tool_calls = [
            ToolCall(
                id=call.id or _new_call_id(),
                name=call.function.name,
                arguments=call.function.arguments or "{}",
            )
            for call in message.tool_calls or []
            if getattr(call, "function", None) is not None
        ]
        return ModelResponse(
            text=text,
            tool_calls=tool_calls,
            usage=_usage(completion.usage),
            model=self.model_id,
            finish_reason=choice.finish_reason,
        )

    # -- errors ----------------------------------------------------------------------------------

    def _errors(self) -> ProviderErrors:
        return ProviderErrors("openai", self.model_id, self._timeout, self._secret)


def _message(message: Message) -> dict[str, Any]:
    if message.role == "tool":
        if not message.tool_call_id:
            raise ModelError("a tool message has no tool_call_id", tool=message.name)
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        return {
            "role": "assistant",
            "content": message.content or None,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments or "{}"},
                }
                for call in message.tool_calls
            ],
        }
    return {"role": message.role, "content": message.content}


def _usage(usage: Any) -> Usage:
    if usage is None:
        return Usage(calls=1)
    return Usage(
        input_tokens=usage.prompt_tokens or 0, output_tokens=usage.completion_tokens or 0, calls=1
    )


def _new_call_id() -> str:
    """Some local servers omit tool-call ids; the tool result must still refer to one."""
    return f"call_{uuid.uuid4().hex[:24]}"


@dataclass
class _ToolCallBuilder:
    id: str = ""
    name: str = ""
    arguments: str = ""


class _StreamAssembler:
    """Folds chat-completion chunks into text deltas and, at the end, one `ModelResponse`.

    Tool calls arrive as deltas keyed by `index` (parallel calls interleave): the first delta
    of a call carries its id and name, the rest carry pieces of the arguments JSON.
    """

    def __init__(self) -> None:
        self.seen_chunk = False
        self._text: list[str] = []
        self._calls: dict[int, _ToolCallBuilder] = {}
        self._usage: Usage | None = None
        self._finish_reason: str | None = None

    @property
    def has_calls(self) -> bool:
        """Whether a tool call's first delta arrived."""
        return bool(self._calls)

    def add(self, chunk: Any) -> list[str]:
        self.seen_chunk = True
        if getattr(chunk, "usage", None) is not None:
            self._usage = _usage(chunk.usage)
        texts: list[str] = []
        for choice in getattr(chunk, "choices", None) or []:
            if getattr(choice, "index", 0) not in (0, None):
                continue
            if choice.finish_reason:
                self._finish_reason = choice.finish_reason
            delta = choice.delta
            if delta is None:
                continue
            if delta.content:
                self._text.append(delta.content)
                texts.append(delta.content)
            for position, call in enumerate(delta.tool_calls or []):
                index = call.index if call.index is not None else len(self._calls) + position
                builder = self._calls.setdefault(index, _ToolCallBuilder())
                if call.id and not builder.id:
                    builder.id = call.id
                function = call.function
                if function is not None:
                    if function.name and not builder.name:
                        builder.name = function.name
                    if function.arguments:
                        builder.arguments += function.arguments
        return texts

    def response(self, model_id: str) -> ModelResponse:
        tool_calls = [
            ToolCall(id=b.id or _new_call_id(), name=b.name, arguments=b.arguments or "{}")
            for _, b in sorted(self._calls.items())
        ]
        if any(not call.name for call in tool_calls):
            raise ModelResponseError(
                f"{model_id} streamed a tool call without a name", model=model_id
            )
        return ModelResponse(
            text="".join(self._text),
            tool_calls=tool_calls,
            usage=self._usage or Usage(calls=1),
            model=model_id,
            finish_reason=self._finish_reason,
        )
