"""A deterministic model for tests and demos.

Give it a list of responses (consumed in order), a mapping agent name → list, or a function of the
request. Strings are text answers; `call(...)` builds tool calls. Streaming splits text into words
so
consumers see real deltas.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import json
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any

from switchboard.core.errors import ModelError
from switchboard.core.messages import ToolCall, Usage
from switchboard.models.base import (
    Model,
    ModelRequest,
    ModelResponse,
    StreamChunk,
    chunks_in_words,
)

ScriptItem = str | ModelResponse | Exception
ScriptFunction = Callable[[ModelRequest], ScriptItem | Awaitable[ScriptItem]]

_call_ids = itertools.count(1)


def call(
    name: str, arguments: dict[str, Any] | str | None = None, *, text: str = "", **kwargs: Any
) -> ModelResponse:
    """One tool call (arguments as a dict, or raw text to simulate malformed JSON)."""
    return calls((name, arguments if arguments is not None else kwargs), text=text)


def calls(*items: tuple[str, dict[str, Any] | str], text: str = "") -> ModelResponse:
    """Several tool calls in one response (parallel tool calls)."""
    tool_calls = [
        ToolCall(
            id=f"call_{next(_call_ids)}",
            name=name,
            arguments=args if isinstance(args, str) else json.dumps(args, ensure_ascii=False),
        )
        for name, args in items
    ]
    return ModelResponse(text=text, tool_calls=tool_calls, finish_reason="tool_calls")


class ScriptExhaustedError(ModelError):
    code = "script_exhausted"


class ScriptedModel(Model):
    """A model that answers from a script (list, per-agent mapping or function): deterministic
    conversations for tests and demos with no network."""

    def __init__(
        self,
        script: Sequence[ScriptItem] | Mapping[str, Sequence[ScriptItem]] | ScriptFunction,
        *,
        model_id: str = "scripted",
        latency: float = 0.0,
        chunk_latency: float = 0.0,
        clock: Any = None,
    ) -> None:
        """`latency`: seconds before an answer (its first chunk, streamed); `chunk_latency`:
        seconds between streamed chunks, so a test can watch a stream arrive piece by piece
        (on `clock`, a `ManualClock` in tests, or real time without one)."""
        self.model_id = model_id
        self.requests: list[ModelRequest] = []
        self._latency = latency
        self._chunk_latency = chunk_latency
        self._clock = clock
        self._function: ScriptFunction | None = None
        self._queues: dict[str, deque[ScriptItem]] = {}
        if callable(script):
            self._function = script
        elif isinstance(script, Mapping):
            self._queues = {agent: deque(items) for agent, items in script.items()}
        else:
            self._queues = {"*": deque(script)}

    @property
    def calls(self) -> int:
        return len(self.requests)

    def remaining(self) -> int:
        return sum(len(q) for q in self._queues.values())

    async def complete(self, request: ModelRequest) -> ModelResponse:
        self.requests.append(request)
        if self._latency:
            if self._clock is not None:
                await self._clock.sleep(self._latency)
            else:
                import asyncio

                await asyncio.sleep(self._latency)
        item = await self._next_item(request)
        if isinstance(item, Exception):
            raise item
        response = ModelResponse(text=item) if isinstance(item, str) else dataclasses.replace(item)
        response.model = response.model or self.model_id
        response.usage = Usage(
            input_tokens=_estimate_tokens(request),
            calls=1,
            output_tokens=max(1, len(response.text) // 4),
        )
        return response

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        chunks = chunks_in_words(await self.complete(request))
        if not self._chunk_latency:
            for chunk in chunks:
                yield chunk
            return
        for index, chunk in enumerate(chunks):
            if index:
                await self._sleep(self._chunk_latency)
            yield chunk

    async def _sleep(self, seconds: float) -> None:
        if self._clock is not None:
            await self._clock.sleep(seconds)
        else:
            import asyncio

            await asyncio.sleep(seconds)

    async def _next_item(self, request: ModelRequest) -> ScriptItem:
        if self._function is not None:
            produced = self._function(request)
            return await produced if inspect.isawaitable(produced) else produced
        queue = self._queues.get(request.agent) or self._queues.get("*")
        if not queue:
            raise ScriptExhaustedError(
                f"scripted model has no response left for agent {request.agent!r}",
                agent=request.agent,
            )
        return queue.popleft()


def _estimate_tokens(request: ModelRequest) -> int:
    return sum(len(m.content) for m in request.messages) // 4 + 1
