"""Anthropic's Messages API through the official `anthropic` SDK.

All wire-format mapping lives here: the system prompt travels apart from the messages, tool calls
are `tool_use` blocks, tool results are `tool_result` blocks inside a user turn (consecutive
results share one turn, as the API requires), and streaming reads the raw event stream.

JSON-schema answers use a forced tool named `answer` whose `input_schema` is the schema: the
model's tool input *is* the answer, and it is returned as the response text. Why a tool rather
than the native `output_config.format`: structured outputs only exist on recent Claude models,
while forced tool use works on every Claude 3+ model, including the default
`claude-3-5-haiku-latest`, and the SDK validates nothing either way. When the request also carries
real tools, `answer` joins them and `tool_choice` is `any`: each turn is either a tool call or
the final answer, never free text that would break the schema.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

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
from switchboard.models.provider_errors import ProviderErrors

logger = logging.getLogger(__name__)

ANSWER_TOOL = "answer"
ANSWER_INSTRUCTION = (
    "When you have the final answer, give it by calling the `answer` tool; "
    "its input is the whole answer."
)

_STOP_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "tool_use": "tool_calls",
    "max_tokens": "length",
}
"""Anthropic stop reasons in the OpenAI vocabulary the rest of Switchboard uses."""


class AnthropicModel(Model):
    def __init__(
        self,
        model_id: str,
        model_name: str,
        api_key: str,
        base_url: str | None = None,
        *,
        timeout: float = 60.0,
        max_retries: int = 2,
        max_output_tokens: int = 4096,
    ) -> None:
        """`max_output_tokens` is used when the request sets none: the API requires a limit."""
        from anthropic import AsyncAnthropic

        self.model_id = model_id
        self.model_name = model_name
        self.base_url = base_url
        self._default_max_tokens = max_output_tokens
        self._timeout = timeout
        self._secret = api_key
        self._client = AsyncAnthropic(
            api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries
        )

    def __repr__(self) -> str:  # never shows the key
        return f"AnthropicModel({self.model_id!r}, base_url={self.base_url!r})"

    async def complete(self, request: ModelRequest) -> ModelResponse:
        with self._errors():
            message = await self._client.messages.create(**self._params(request))
        return self._response(message, answer_mode=request.response_schema is not None)

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        assembler = _StreamAssembler(answer_mode=request.response_schema is not None)
        with self._errors():
            events = await self._client.messages.create(**self._params(request), stream=True)
            try:
                announced = False
                async for event in events:
                    for text in assembler.add(event):
                        yield TextDelta(text=text)
                    if not announced and assembler.has_calls:
                        announced = True
                        yield ToolCallStarted()
            finally:
                await events.close()
        yield ResponseDone(response=assembler.response(self.model_id))

    async def aclose(self) -> None:
        await self._client.close()

    # -- request mapping -------------------------------------------------------------------------

    def _params(self, request: ModelRequest) -> dict[str, Any]:
        system, messages = _messages(request.messages)
        tools = [
            {"name": t.name, "description": t.description, "input_schema": t.parameters}
            for t in request.tools
        ]
        params: dict[str, Any] = {
            "model": self.model_name,
            "max_tokens": request.max_output_tokens or self._default_max_tokens,
            "messages": messages,
        }
        if request.response_schema is not None:
            tools.append(
                {
                    "name": ANSWER_TOOL,
                    "description": "Give the final answer.",
                    "input_schema": request.response_schema,
                }
            )
            if request.tools:
                params["tool_choice"] = {"type": "any"}
                system = f"{system}\n\n{ANSWER_INSTRUCTION}" if system else ANSWER_INSTRUCTION
            else:
                params["tool_choice"] = {"type": "tool", "name": ANSWER_TOOL}
        if system:
            params["system"] = system
        if tools:
            params["tools"] = tools
        # `request.temperature` is not sent: the Messages API of the `anthropic` SDK 2.x has no
        # sampling parameters, and forcing one through `extra_body` risks a 400 on every call.
        return params

    # -- response mapping ------------------------------------------------------------------------

    def _response(self, message: Any, *, answer_mode: bool) -> ModelResponse:
        if isinstance(message, str):  # the SDK hands back non-JSON bodies as text
            raise ModelResponseError(
                f"{self.model_id} answered with a non-JSON body: {message[:100]!r}",
                model=self.model_id,
            )
        content = getattr(message, "content", None)
        if not isinstance(content, list):
            raise ModelResponseError(
                f"{self.model_id} answered without content blocks", model=self.model_id
            )
        texts: list[str] = []
        tool_calls: list[ToolCall] = []
        answer: str | None = None
        for block in content:
            kind = getattr(block, "type", None)
            if kind == "text":
                texts.append(block.text or "")
            elif kind == "tool_use":
                arguments = json.dumps(
                    block.input if block.input is not None else {}, ensure_ascii=False
                )
                if answer_mode and block.name == ANSWER_TOOL:
                    answer = arguments
                else:
                    tool_calls.append(ToolCall(id=block.id, name=block.name, arguments=arguments))
        stop = getattr(message, "stop_reason", None)
        return ModelResponse(
            text=answer if answer is not None else "".join(texts),
            tool_calls=tool_calls,
            usage=_usage(getattr(message, "usage", None)),
            model=self.model_id,
            finish_reason="stop" if answer is not None and not tool_calls else _stop(stop),
        )

    def _errors(self) -> ProviderErrors:
        return ProviderErrors("anthropic", self.model_id, self._timeout, self._secret)


def _messages(messages: list[Message]) -> tuple[str, list[dict[str, Any]]]:
    """System text apart; turns as content blocks, consecutive same-role turns merged.

    Merging is what puts parallel tool results in one user turn, right after the assistant turn
    holding their `tool_use` blocks. System messages anywhere in the history join the system
    prompt, in order: the API has no system role inside the conversation.
    """
    system: list[str] = []
    turns: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "system":
            if message.content:
                system.append(message.content)
            continue
        role = "assistant" if message.role == "assistant" else "user"
        blocks = _blocks(message)
        if not blocks:
            continue  # the API rejects empty turns and empty text blocks
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})
    return "\n\n".join(system), turns


def _blocks(message: Message) -> list[dict[str, Any]]:
    if message.role == "tool":
        if not message.tool_call_id:
            raise ModelError("a tool message has no tool_call_id", tool=message.name)
        return [
            {"type": "tool_result", "tool_use_id": message.tool_call_id, "content": message.content}
        ]
    blocks: list[dict[str, Any]] = []
    if message.content:
        blocks.append({"type": "text", "text": message.content})
    for call in message.tool_calls:
        blocks.append(
            {
                "type": "tool_use",
                "id": call.id,
                "name": call.name,
                "input": _tool_input(call.arguments),
            }
        )
    return blocks


def _tool_input(arguments: str) -> dict[str, Any]:
    """`tool_use.input` must be an object. Arguments the model sent as broken JSON are kept under
    `_raw` so the model can see what it sent when the tool result reports the error."""
    try:
        parsed = json.loads(arguments or "{}")
    except json.JSONDecodeError:
        return {"_raw": arguments}
    return parsed if isinstance(parsed, dict) else {"_raw": arguments}


def _usage(usage: Any) -> Usage:
    if usage is None:
        return Usage(calls=1)
    cached = (getattr(usage, "cache_creation_input_tokens", None) or 0) + (
        getattr(usage, "cache_read_input_tokens", None) or 0
    )
    return Usage(
        input_tokens=(getattr(usage, "input_tokens", None) or 0) + cached,
        output_tokens=getattr(usage, "output_tokens", None) or 0,
        calls=1,
    )


def _stop(reason: str | None) -> str | None:
    return _STOP_REASONS.get(reason, reason) if reason else None


@dataclass
class _Block:
    kind: str
    text: list[str] = field(default_factory=list)
    id: str = ""
    name: str = ""


class _StreamAssembler:
    """Folds the raw event stream into text deltas and, at the end, one `ModelResponse`.

    `message_start` carries the input usage; `content_block_start` opens a text or `tool_use`
    block at an index; `content_block_delta` adds `text_delta` text or `input_json_delta` pieces
    of a tool's JSON input; `message_delta` carries the stop reason and cumulative output usage.
    In answer mode the `answer` tool's JSON streams out as text.
    """

    def __init__(self, *, answer_mode: bool) -> None:
        self.answer_mode = answer_mode
        self.started = False
        self.stopped = False
        self._blocks: dict[int, _Block] = {}
        self._input_tokens = 0
        self._output_tokens = 0
        self._stop_reason: str | None = None
        self.has_calls = False
        """Whether a `tool_use` block started."""

    def add(self, event: Any) -> list[str]:
        kind = getattr(event, "type", None)
        if kind == "message_start":
            self.started = True
            usage = _usage(getattr(event.message, "usage", None))
            self._input_tokens, self._output_tokens = usage.input_tokens, usage.output_tokens
        elif kind == "content_block_start":
            block = event.content_block
            opened = _Block(kind=block.type)
            if block.type == "text" and block.text:
                opened.text.append(block.text)
            elif block.type == "tool_use":
                opened.id, opened.name = block.id, block.name
                self.has_calls = True
            self._blocks[event.index] = opened
            if block.type == "text" and block.text:
                return [block.text]
        elif kind == "content_block_delta":
            return self._delta(event.index, event.delta)
        elif kind == "message_delta":
            if event.delta.stop_reason:
                self._stop_reason = event.delta.stop_reason
            delta_usage = getattr(event, "usage", None)
            if delta_usage is not None:
                if getattr(delta_usage, "output_tokens", None):
                    self._output_tokens = delta_usage.output_tokens
                if getattr(delta_usage, "input_tokens", None):  # cumulative when present
                    self._input_tokens = _usage(delta_usage).input_tokens
        elif kind == "message_stop":
            self.stopped = True
        return []

    def _delta(self, index: int, delta: Any) -> list[str]:
        block = self._blocks.get(index)
        if block is None:
            raise ModelResponseError(f"stream delta for unopened content block {index}")
        if delta.type == "text_delta" and block.kind == "text":
            block.text.append(delta.text)
            return [delta.text] if delta.text else []
        if delta.type == "input_json_delta" and block.kind == "tool_use":
            block.text.append(delta.partial_json)
            if self._is_answer(block) and delta.partial_json:
                return [delta.partial_json]
        return []  # thinking, signatures, citations: not part of the answer

    def _is_answer(self, block: _Block) -> bool:
        return self.answer_mode and block.kind == "tool_use" and block.name == ANSWER_TOOL

    def response(self, model_id: str) -> ModelResponse:
        if not self.started:
            raise ModelResponseError(
                f"{model_id} stream ended before message_start", model=model_id
            )
        texts: list[str] = []
        tool_calls: list[ToolCall] = []
        answer: str | None = None
        for _, block in sorted(self._blocks.items()):
            if block.kind == "text":
                texts.append("".join(block.text))
            elif block.kind == "tool_use":
                arguments = "".join(block.text).strip() or "{}"
                if self._is_answer(block):
                    answer = arguments
                else:
                    tool_calls.append(ToolCall(id=block.id, name=block.name, arguments=arguments))
        return ModelResponse(
            text=answer if answer is not None else "".join(texts),
            tool_calls=tool_calls,
            usage=Usage(
                input_tokens=self._input_tokens, output_tokens=self._output_tokens, calls=1
            ),
            model=model_id,
            finish_reason=(
                "stop" if answer is not None and not tool_calls else _stop(self._stop_reason)
            ),
        )
