"""The helpers the hot path calls: `with span_tool(name) as span: ...` (or `async with`).

Zero cost when off: every helper first reads the module flag `enabled` and returns `NOOP`, one
shared object whose enter/exit and recording methods do nothing — no span, no attributes dict, no
allocation per call (measured in `bench/telemetry/RESULTS.md`). `configure()` flips the flag.

A span is made current while its block runs (children nest under it) and ended on exit; an
exception leaving the block is recorded on the span, sets its status to ERROR and `error.type` to
the error's stable `code` (our `SwitchboardError`s) or its class name. `asyncio.CancelledError`
(a client that went away) sets `error.type="cancelled"` without an exception event;
`GeneratorExit` (an async generator closed early) ends the span quietly.
"""

from __future__ import annotations

import asyncio
from contextvars import Token
from types import TracebackType
from typing import Any, Literal, Self

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode, Tracer
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from switchboard.telemetry import attributes as attr

enabled = False
_tracer: Tracer | None = None
_PROPAGATOR = TraceContextTextMapPropagator()


def is_enabled() -> bool:
    return enabled


def install(tracer: Tracer | None) -> None:
    """Turn the helpers on with `tracer`, or off with None (used by `configure`/`reset`)."""
    global enabled, _tracer
    _tracer = tracer
    enabled = tracer is not None


class SpanScope:
    """What a helper returns. This base class is the no-op (`NOOP`); `LiveSpan` records."""

    __slots__ = ()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None

    @property
    def recording(self) -> bool:
        """False for `NOOP`: test it before computing an expensive attribute."""
        return False

    def set(self, key: str, value: str | int | float | bool) -> None:
        """One attribute, after the span started (e.g. the agent a router picked)."""

    def record_usage(
        self,
        input_tokens: int,
        output_tokens: int,
        *,
        response_model: str | None = None,
        finish_reason: str | None = None,
    ) -> None:
        """A model call's token usage, once the response is complete."""

    def fail(self, error_type: str) -> None:
        """Mark the operation failed without an exception (a tool result with `ok=False`, an
        `error` event the pipeline emitted instead of raising)."""


NOOP = SpanScope()


class LiveSpan(SpanScope):
    __slots__ = ("_token", "span")

    def __init__(self, span: Span) -> None:
        self.span = span
        self._token: Token[otel_context.Context] | None = None

    def __enter__(self) -> Self:
        self._token = otel_context.attach(trace.set_span_in_context(self.span))
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            if exc is not None:
                _record_exception(self.span, exc)
            self.span.end()
        finally:
            if self._token is not None:
                otel_context.detach(self._token)
                self._token = None

    async def __aenter__(self) -> Self:
        return self.__enter__()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.__exit__(exc_type, exc, traceback)

    @property
    def recording(self) -> bool:
        return self.span.is_recording()

    def set(self, key: str, value: str | int | float | bool) -> None:
        self.span.set_attribute(key, value)

    def record_usage(
        self,
        input_tokens: int,
        output_tokens: int,
        *,
        response_model: str | None = None,
        finish_reason: str | None = None,
    ) -> None:
        span = self.span
        span.set_attribute(attr.INPUT_TOKENS, input_tokens)
        span.set_attribute(attr.OUTPUT_TOKENS, output_tokens)
        if response_model:
            span.set_attribute(attr.RESPONSE_MODEL, response_model)
        if finish_reason:
            span.set_attribute(attr.FINISH_REASONS, [finish_reason])

    def fail(self, error_type: str) -> None:
        self.span.set_attribute(attr.ERROR_TYPE, error_type)
        self.span.set_status(Status(StatusCode.ERROR, error_type))


def _record_exception(span: Span, exc: BaseException) -> None:
    if isinstance(exc, GeneratorExit):
        return
    if isinstance(exc, asyncio.CancelledError):
        span.set_attribute(attr.ERROR_TYPE, "cancelled")
        span.set_status(Status(StatusCode.ERROR, "cancelled"))
        return
    code = getattr(exc, "code", None)
    error_type = code if isinstance(code, str) and code else type(exc).__qualname__
    span.record_exception(exc)
    span.set_attribute(attr.ERROR_TYPE, error_type)
    span.set_status(Status(StatusCode.ERROR, error_type))


def _start(
    name: str,
    attributes: dict[str, Any],
    kind: SpanKind = SpanKind.INTERNAL,
    context: otel_context.Context | None = None,
) -> SpanScope:
    assert _tracer is not None  # `enabled` implies it
    return LiveSpan(_tracer.start_span(name, context=context, kind=kind, attributes=attributes))


def span_turn(session_id: str, *, app: str = "", pattern: str = "") -> SpanScope:
    """One user message through the turn pipeline: lock → load → route → save."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {attr.CONVERSATION_ID: attr.conversation_ref(session_id)}
    if app:
        attributes[attr.APP] = app
    if pattern:
        attributes[attr.PATTERN] = pattern
    return _start("switchboard.turn", attributes, SpanKind.SERVER)


def span_agent(agent: str, *, model_id: str | None = None) -> SpanScope:
    """One agent's run (`AgentRun`): its model calls and tool calls nest under it."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {attr.OPERATION: attr.INVOKE_AGENT, attr.AGENT_NAME: agent}
    if model_id:
        provider, model = attr.split_model_id(model_id)
        attributes[attr.PROVIDER] = provider
        attributes[attr.REQUEST_MODEL] = model
    return _start(f"invoke_agent {agent}", attributes)


def span_model_call(
    model_id: str, provider: str | None = None, *, stream: bool = False
) -> SpanScope:
    """One model request; call `record_usage(...)` on it when the response is complete.
    `model_id` is ours (`openai:gpt-4o-mini`); the provider comes from its prefix unless given."""
    if not enabled:
        return NOOP
    derived, model = attr.split_model_id(model_id)
    attributes: dict[str, Any] = {
        attr.OPERATION: attr.CHAT,
        attr.PROVIDER: provider or derived,
        attr.REQUEST_MODEL: model,
        attr.REQUEST_STREAM: stream,
    }
    return _start(f"chat {model}", attributes, SpanKind.CLIENT)


def span_tool(name: str, *, call_id: str | None = None, tool_type: str = "function") -> SpanScope:
    """One tool call (`tool_type`: "function" for ours, "extension" for MCP tools)."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {
        attr.OPERATION: attr.EXECUTE_TOOL,
        attr.TOOL_NAME: name,
        attr.TOOL_TYPE: tool_type,
    }
    if call_id:
        attributes[attr.TOOL_CALL_ID] = call_id
    return _start(f"execute_tool {name}", attributes)


def span_bus_message(
    operation: str,
    *,
    direction: Literal["send", "process"],
    sender: str = "",
    recipient: str = "",
    message_id: str | None = None,
    traceparent: str | None = None,
) -> SpanScope:
    """A bus message: "send" on the sender's side (PRODUCER), "process" where a handler runs it
    (CONSUMER). Give the receiving side the sender's `traceparent` (see `current_traceparent`)
    so a request crossing Redis stays in one trace."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {
        attr.MESSAGING_SYSTEM: "switchboard",
        attr.MESSAGING_OPERATION: direction,
        attr.MESSAGING_OPERATION_TYPE: direction,
        attr.MESSAGING_DESTINATION: operation,
    }
    if sender:
        attributes[attr.BUS_SENDER] = sender
    if recipient:
        attributes[attr.BUS_RECIPIENT] = recipient
    if message_id:
        attributes[attr.MESSAGING_MESSAGE_ID] = message_id
    kind = SpanKind.PRODUCER if direction == "send" else SpanKind.CONSUMER
    parent = _extract(traceparent) if traceparent else None
    return _start(f"{direction} {operation}", attributes, kind, parent)


def span_mission(mission_id: str, *, kind: str = "") -> SpanScope:
    """A mission (spec 001): the orchestrator's package of bus calls, budgets and timeout."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {attr.MISSION_ID: mission_id}
    if kind:
        attributes[attr.PATTERN] = kind
    return _start("switchboard.mission", attributes)


def span_job(
    job_id: str, *, kind: str = "", attempt: int | None = None, traceparent: str | None = None
) -> SpanScope:
    """A job run by a worker (spec 004); `traceparent` links it to the request that queued it."""
    if not enabled:
        return NOOP
    attributes: dict[str, Any] = {attr.JOB_ID: job_id}
    if kind:
        attributes[attr.JOB_KIND] = kind
    if attempt is not None:
        attributes[attr.JOB_ATTEMPT] = attempt
    parent = _extract(traceparent) if traceparent else None
    return _start("switchboard.job", attributes, SpanKind.CONSUMER, parent)


def current_traceparent() -> str | None:
    """The W3C `traceparent` of the current span, to carry in a bus message or a job record;
    None when tracing is off or no span is active."""
    if not enabled:
        return None
    context = trace.get_current_span().get_span_context()
    if not context.is_valid:
        return None
    return f"00-{context.trace_id:032x}-{context.span_id:016x}-{int(context.trace_flags):02x}"


def _extract(traceparent: str) -> otel_context.Context:
    return _PROPAGATOR.extract({"traceparent": traceparent})
