"""One agent's turn: call the model, run the tools it asks for, repeat until it answers.

Tool calls of one step run concurrently. Tool failures go back to the model as results. A control
tool's signal ends the run after its step. Everything observable is an event.

An empty answer (no tool call, blank text) is asked for once more; a second one becomes
`EMPTY_ANSWER_REPLY` with an `error` event (`model_empty_answer`): a user never gets an empty
message. An offline model's open question (core/dialog.py) goes in with the first request and
comes out in `RunOutcome.open_question`.

Tracing (`switchboard.telemetry`): with tracing on, the run is an `invoke_agent` span, each model
call a `chat` span with its token usage, each tool call an `execute_tool` span. With tracing off
the run costs one flag read (`tracing.enabled`) per run and per step — no helper call, no no-op
context manager — because this loop is the hot path (checked with callgrind, see
`bench/telemetry/RESULTS.md`). So the traced variants are separate code paths, chosen once.
The run is an async generator: its spans are never made current across a yield (see
`telemetry/spans.py`); the agent span's parent comes in as `parent` (a pattern passes its
`turn.span`) or is the span current where the run is iterated (a bus handler's `process` span),
the model-call spans get the agent span explicitly, and the agent span is made current only
around the tool calls (which await, never yield), so what a tool starts — a bus request, a
mission, a job — nests under its `execute_tool` span.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator, Sequence
from contextlib import aclosing
from dataclasses import dataclass, field
from typing import Any

from switchboard.agents.blank import is_blank
from switchboard.agents.control import Signal
from switchboard.agents.kit import AgentKit
from switchboard.core.dialog import OpenQuestion
from switchboard.core.errors import EmptyAnswerError, ModelResponseError, StepLimitError
from switchboard.core.events import (
    ErrorEvent,
    Event,
    StatusEvent,
    TextEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from switchboard.core.messages import Message, ToolCall, Usage, UsageTally
from switchboard.models.base import Model, ModelRequest, ModelResponse, ResponseDone, TextDelta
from switchboard.telemetry import spans as tracing
from switchboard.tools.tool import ToolContext, ToolResult

log = logging.getLogger(__name__)

EMPTY_ANSWER_REPLY = (
    "Desculpe, tive um problema para montar a resposta agora. Pode tentar de novo em instantes?"
)
"""Said when the model answered with nothing twice in a row."""
EMPTY_ANSWER_MESSAGE = "o modelo respondeu em branco duas vezes; foi enviada uma resposta padrão"
STREAM_HOLD_CHARS = 48
"""How much of a streamed answer an agent that may hand off silently (`buffer_text`) holds
back before showing it: past this many characters with no tool call begun, the response is an
answer and streams on (the first delta a dozen tokens in, instead of after the whole
generation); a tool call begun earlier keeps the whole response's text until its end, where a
hand-off drops it. Delegation preambles ("Vou te passar para o especialista técnico.") are
mostly shorter; a longer one is shown, and kept, rather than retracted."""
_NEVER = 1 << 62


@dataclass(slots=True)
class RunOutcome:
    """What one agent run produced: messages to store, text the user saw, the signal it ended
    with and the usage."""

    new_messages: list[Message] = field(default_factory=list)
    """Assistant and tool messages produced in this run, to persist."""
    visible_text: list[str] = field(default_factory=list)
    """Text the user saw, in order."""
    signal: Signal | None = None
    tally: UsageTally = field(default_factory=UsageTally)
    open_question: OpenQuestion | None = None
    """The question the run's final answer asks (offline models only), for the pattern to keep
    in the session state and hand back with the next message."""

    @property
    def usage(self) -> Usage:
        return self.tally.to_usage()

    @property
    def text(self) -> str:
        return "".join(self.visible_text)


class AgentRun:
    """Iterate it for events; read `outcome` afterwards.

    Under the kit's `buffer_text` (a coordinator that delegates must not show its own words), a
    streamed response's text is held back until it is an answer: `STREAM_HOLD_CHARS` of text
    with no tool call begun (`ToolCallStarted`) — then it streams on, and what was shown is
    kept even if a silencing call follows (nothing the user saw is taken back) — or the end of
    the response, where a silencing signal drops it. Other agents stream token by token. With
    `stream=False` the run is for its outcome only: the model answers through `complete()` and
    no events are built (iterating just drives it).
    """

    def __init__(
        self,
        kit: AgentKit,
        model: Model,
        conversation: Sequence[Message],
        *,
        tool_context: ToolContext,
        system_prompt: str = "",
        stream: bool = True,
        followup_conversation: Sequence[Message] | None = None,
        open_question: OpenQuestion | None = None,
        parent: tracing.SpanScope | None = None,
    ) -> None:
        self.kit = kit
        self.model = model
        self.conversation = conversation
        self.followup_conversation = (
            followup_conversation if followup_conversation is not None else conversation
        )
        """Used from the second model call on (e.g. the normal prompt after a one-off reset)."""
        self.system_prompt = system_prompt
        self.tool_context = tool_context
        self.stream = stream
        self.open_question = open_question
        """The question the user's message answers: given to the first model call only."""
        self.parent = parent
        """The span this run's span nests under (tracing on); None: the current one."""
        self.outcome = RunOutcome()
        self._span: tracing.SpanScope = tracing.NOOP

    def __aiter__(self) -> AsyncIterator[Event]:
        if tracing.enabled:
            # started here, synchronously, where the consumer iterates the run: a `parent=None`
            # run nests under the span current there. Unsampled, the run is the untraced one;
            # its tools still carry the decision on (`_run_one_traced`).
            self._span = tracing.span_agent(
                self.kit.spec.name, model_id=self.model.model_id or None, parent=self.parent
            )
            if self._span.recording:
                return self._lifetime()
        return self._events(False)

    async def _lifetime(self) -> AsyncGenerator[Event, None]:
        """The run in its `invoke_agent` span, ended here (never made current across a yield);
        the inner generator is closed here when the consumer stops early."""
        with self._span.lifetime():
            async with aclosing(self._events(True)) as events:
                async for event in events:
                    yield event

    async def _events(self, traced: bool) -> AsyncGenerator[Event, None]:
        kit = self.kit
        name = kit.spec.name
        outcome = self.outcome
        system = [Message.system(self.system_prompt)] if self.system_prompt else []
        for step in range(kit.spec.max_steps):
            conversation = self.conversation if step == 0 else self.followup_conversation
            request = ModelRequest(
                messages=[*system, *conversation, *outcome.new_messages],
                tools=kit.schemas,
                agent=name,
                open_question=self.open_question if step == 0 else None,
            )
            response: ModelResponse | None = None
            released = False  # streamed: some of this response's text was shown as it came
            held: list[str]
            # the model call, inline (one async-generator layer less per streamed delta); with
            # tracing off the span is `NOOP`, whose scopes cost ~0.2 µs, noise next to a call
            span = (
                tracing.span_model_call(self._model_id(), stream=self.stream, parent=self._span)
                if traced
                else tracing.NOOP
            )
            with span.lifetime():
                if not self.stream:
                    with span.activate():  # an await, no yield: current while it runs
                        response = await self.model.complete(request)
                else:
                    released = not kit.buffer_text
                    limit, held_chars, held = STREAM_HOLD_CHARS, 0, []
                    async for chunk in self.model.stream(request):
                        if isinstance(chunk, TextDelta):
                            if released:
                                if chunk.text:
                                    yield TextEvent(delta=chunk.text, agent=name)
                                continue
                            held.append(chunk.text)
                            held_chars += len(chunk.text)
                            if held_chars >= limit:
                                released = True
                                yield TextEvent(delta="".join(held), agent=name)
                        elif isinstance(chunk, ResponseDone):
                            response = chunk.response
                        elif not released:  # a tool call: the rest is held to the end
                            limit = _NEVER
                response = _checked(response, self.model)
                if traced:
                    _record_usage(span, response)
            outcome.tally.add(response.usage)
            whole = self.stream and kit.buffer_text and not released
            if is_blank(response):
                # blank: ask once more (whole, not streamed), then say the fallback (blank.py)
                response = _checked(await self.model.complete(request), self.model)
                outcome.tally.add(response.usage)
                whole = self.stream
                if is_blank(response):
                    log.warning("agent %s: model %s answered blank twice", name, self._model_id())
                    if self.stream:
                        yield ErrorEvent(code=EmptyAnswerError.code, message=EMPTY_ANSWER_MESSAGE)
                    response = ModelResponse(text=EMPTY_ANSWER_REPLY, usage=response.usage)
            control = kit.control
            silenced = any(
                control[c.name].silences_text for c in response.tool_calls if c.name in control
            )
            # what the user already saw stays said, even if a hand-off follows (see the class)
            text = "" if silenced and not released else response.text
            if text:
                outcome.visible_text.append(text)
                if whole:
                    yield TextEvent(delta=text, agent=name)
            outcome.new_messages.append(
                Message.assistant(text, list(response.tool_calls), agent=name)
            )
            if not response.tool_calls:
                outcome.open_question = response.open_question
                return
            calls = response.tool_calls
            arguments = [_parse_arguments(call.arguments) for call in calls]
            if self.stream:
                for call, args in zip(calls, arguments, strict=True):
                    yield ToolStartEvent(tool=call.name, args=args, call_id=call.id, agent=name)
                    registered = kit.tools.get(call.name)
                    if registered is not None and registered.status:
                        yield StatusEvent(message=registered.status)
            for call, result in zip(calls, await self._run_tools(calls, arguments), strict=True):
                outcome.new_messages.append(Message.tool(call, result.output, agent=name))
                if self.stream:
                    yield ToolEndEvent(
                        tool=call.name,
                        output=result.output,
                        ok=result.ok,
                        ms=result.ms,
                        call_id=call.id,
                        agent=name,
                    )
            if outcome.signal is not None:
                return
        raise StepLimitError(
            f"agent {name!r} reached its limit of {kit.spec.max_steps} steps", agent=name
        )

    async def _run_tools(
        self, calls: list[ToolCall], arguments: list[dict[str, Any] | str]
    ) -> list[ToolResult]:
        """A step's tool calls, concurrently. A lone call is awaited in place: a task per call
        would cost more than most tools' own work (control tools finish without awaiting)."""
        if tracing.enabled:
            return await self._run_tools_traced(calls, arguments)
        if len(calls) == 1:
            return [await self._run_one(calls[0], arguments[0])]
        return list(await asyncio.gather(*map(self._run_one, calls, arguments)))

    async def _run_tools_traced(
        self, calls: list[ToolCall], arguments: list[dict[str, Any] | str]
    ) -> list[ToolResult]:
        """Sampled, each call in its `execute_tool` span; unsampled, the step only makes the
        unsampled scope current, so what a tool starts (a bus request, a job) is left out too."""
        if self._span.recording:
            if len(calls) == 1:
                return [await self._run_one_traced(calls[0], arguments[0])]
            return list(await asyncio.gather(*map(self._run_one_traced, calls, arguments)))
        with self._span.child():
            if len(calls) == 1:
                return [await self._run_one(calls[0], arguments[0])]
            return list(await asyncio.gather(*map(self._run_one, calls, arguments)))

    async def _run_one_traced(self, call: ToolCall, arguments: dict[str, Any] | str) -> ToolResult:
        """`_run_one` in an `execute_tool` span; a failed result (the registry turns every tool
        failure into one) marks the span failed. Control tools are traced too: a delegation is
        part of the story a trace tells."""
        registered = self.kit.tools.get(call.name)
        tool_type = getattr(registered, "tool_type", "function")
        with tracing.span_tool(
            call.name, call_id=call.id or None, tool_type=tool_type, parent=self._span
        ) as span:  # a coroutine: the span may be current while the tool runs
            result = await self._run_one(call, arguments)
            if not result.ok:
                span.fail("tool_error")
            return result

    async def _run_one(self, call: ToolCall, arguments: dict[str, Any] | str) -> ToolResult:
        kit = self.kit
        control = kit.control.get(call.name)
        if control is None:
            if call.name not in kit.offered or call.name not in kit.tools:
                return ToolResult(
                    ok=False,
                    output=f"ERRO: a ferramenta '{call.name}' não está "
                    "disponível para você. Use apenas as ferramentas oferecidas.",
                )
            return await kit.tools.execute(call.name, arguments, self.tool_context)
        started = time.perf_counter()
        ok, output, signal = control.run(arguments)
        if signal is not None and self.outcome.signal is None:
            self.outcome.signal = signal
        elif signal is not None:
            ok, output = False, "ERRO: apenas um sinal de controle por resposta; este foi ignorado."
        return ToolResult(ok=ok, output=output, ms=(time.perf_counter() - started) * 1000)

    def _model_id(self) -> str:
        return self.model.model_id or type(self.model).__name__


def _record_usage(span: tracing.SpanScope, response: ModelResponse) -> None:
    usage = response.usage
    span.record_usage(
        usage.input_tokens,
        usage.output_tokens,
        response_model=response.model or None,
        finish_reason=response.finish_reason,
    )


def _checked(response: object, model: Model) -> ModelResponse:
    """The port's contract, checked where a model's answer enters the loop: our adapters always
    keep it, but any `Model` subclass can be plugged in."""
    if isinstance(response, ModelResponse) and isinstance(response.text, str):
        calls = response.tool_calls
        if not calls or all(isinstance(call, ToolCall) for call in calls):
            return response
    what = "no final response" if response is None else f"a malformed {type(response).__name__}"
    raise ModelResponseError(
        f"model {model.model_id or type(model).__name__!r} returned {what}", model=model.model_id
    )


def _parse_arguments(raw: str) -> dict[str, Any] | str:
    """The model's arguments as an object, or the raw text when they are not a JSON object (the
    tool then answers with the error, and the event shows what the model sent)."""
    try:
        value = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError:
        return raw
    return value if isinstance(value, dict) else raw
