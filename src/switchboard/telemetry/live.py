"""The recording side of the helpers in `spans.py`, imported only when tracing is turned on (it
imports OpenTelemetry): `LiveSpan`, starting spans, and W3C trace-context propagation."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Sequence
from contextvars import Token
from types import TracebackType
from typing import Any, Self

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.sdk.trace.sampling import Decision, Sampler, SamplingResult, TraceIdRatioBased
from opentelemetry.trace import (
    Link,
    NonRecordingSpan,
    Span,
    SpanContext,
    SpanKind,
    Status,
    StatusCode,
    TraceFlags,
    Tracer,
    TraceState,
)
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator
from opentelemetry.util.types import Attributes

from switchboard.telemetry import attributes as attr
from switchboard.telemetry.spans import NOOP, SpanScope

tracer: Tracer | None = None
"""Set by `spans.install`."""
sampler: RootSampler | None = None
ratio = 1.0
"""The root sampling ratio (`setup.configure`)."""
get_current = otel_context.get_current
_PROPAGATOR = TraceContextTextMapPropagator()
_KINDS = {
    "internal": SpanKind.INTERNAL,
    "server": SpanKind.SERVER,
    "client": SpanKind.CLIENT,
    "producer": SpanKind.PRODUCER,
    "consumer": SpanKind.CONSUMER,
}


class _Attached(SpanScope):
    """A context made current for one block (attached on enter, detached on exit: the same
    frame, never across a yield). One object per block, so concurrent blocks never share a
    token."""

    __slots__ = ("_token",)

    def __init__(self) -> None:
        self._token: Token[otel_context.Context] | None = None

    def _attached_context(self) -> otel_context.Context:
        raise NotImplementedError

    def __enter__(self) -> Self:
        self._token = otel_context.attach(self._attached_context())
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
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


class LiveSpan(_Attached):
    """A recording span. `with span:` makes it current and ends it (code that does not yield);
    `lifetime()` only ends it, `activate()` only makes it current (see `spans.py`)."""

    __slots__ = ("_context", "span")

    def __init__(self, span: Span) -> None:
        super().__init__()
        self.span = span
        self._context: otel_context.Context | None = None

    @property
    def context(self) -> otel_context.Context:
        """A context holding this span, to start children from (or attach)."""
        if self._context is None:
            self._context = trace.set_span_in_context(self.span)
        return self._context

    def _attached_context(self) -> otel_context.Context:
        return self.context

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            self.end(exc)
        finally:
            super().__exit__(exc_type, exc, traceback)

    def end(self, exc: BaseException | None = None) -> None:
        if exc is not None:
            _record_exception(self.span, exc)
        self.span.end()

    def lifetime(self) -> SpanScope:
        return _Lifetime(self)

    def rename_agent(self, agent: str) -> None:
        self.span.update_name(f"invoke_agent {agent}")
        self.span.set_attribute(attr.AGENT_NAME, agent)

    def activate(self) -> SpanScope:
        return _Activation(self.context)

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
        usage: dict[str, Any] = {attr.INPUT_TOKENS: input_tokens, attr.OUTPUT_TOKENS: output_tokens}
        if response_model:
            usage[attr.RESPONSE_MODEL] = response_model
        if finish_reason:
            usage[attr.FINISH_REASONS] = (finish_reason,)
        self.span.set_attributes(usage)  # one lock and one pass, not four

    def fail(self, error_type: str) -> None:
        self.span.set_attribute(attr.ERROR_TYPE, error_type)
        self.span.set_status(Status(StatusCode.ERROR, error_type))


class _Lifetime(SpanScope):
    """`LiveSpan.lifetime()`: ends the span on exit; the context is never touched."""

    __slots__ = ("live",)

    def __init__(self, live: LiveSpan) -> None:
        self.live = live

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.live.end(exc)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.live.end(exc)


class _Activation(_Attached):
    """A given context (a live span's) made current for one block."""

    __slots__ = ("_given",)

    def __init__(self, context: otel_context.Context) -> None:
        super().__init__()
        self._given = context

    def _attached_context(self) -> otel_context.Context:
        return self._given


class _UnsampledTrace:
    """The context of a trace left out, built only if something makes it current (a tool
    call, a bus `send` whose `traceparent` must say `sampled=0`): most unsampled turns never
    need it."""

    __slots__ = ("_context",)

    def __init__(self, context: otel_context.Context | None = None) -> None:
        self._context = context

    @property
    def context(self) -> otel_context.Context:
        if self._context is None:
            bits = random.getrandbits
            span_context = SpanContext(
                bits(128) or 1, bits(64) or 1, is_remote=False, trace_flags=TraceFlags(0)
            )
            self._context = trace.set_span_in_context(NonRecordingSpan(span_context))
        return self._context


_NEW_ROOTS = _UnsampledTrace()
"""The context every new root left out shares (one per process, built on first use): its ids
only say "not sampled" to whoever receives them (a bus consumer, a job worker), which then
records nothing; no backend ever sees them, and log lines show trace ids of sampled traces
only (`logs.TraceContextFilter`). A context per unsampled turn cost ~1% of an offline turn."""


class Unsampled(_Attached):
    """A trace the sampler left out. Recording nothing, it still carries the decision: `with`
    makes its (non-recording, `sampled=0`) span current, so what starts inside — our helpers,
    other instrumentation, a `traceparent` sent over the bus — is left out too instead of
    starting traces of its own. Every helper given it returns a fresh one at once (one object
    per block: concurrent blocks never share a token)."""

    __slots__ = ("_trace",)

    def __init__(self, unsampled: _UnsampledTrace) -> None:
        super().__init__()
        self._trace = unsampled

    def _attached_context(self) -> otel_context.Context:
        return self._trace.context

    def lifetime(self) -> SpanScope:
        return NOOP

    def activate(self) -> SpanScope:
        return Unsampled(self._trace)

    def child(self) -> SpanScope:
        return Unsampled(self._trace)


class RootSampler(Sampler):
    """The SDK's root sampler (under `ParentBased`): our helpers decide their roots before
    building anything (`skip_root`) and start the ones kept with `forced` set; roots other
    instrumentation starts get the same ratio."""

    def __init__(self, ratio: float) -> None:
        self.ratio = TraceIdRatioBased(ratio)
        self.forced = threading.local()

    def should_sample(
        self,
        parent_context: otel_context.Context | None,
        trace_id: int,
        name: str,
        kind: SpanKind | None = None,
        attributes: Attributes = None,
        links: Sequence[Link] | None = None,
        trace_state: TraceState | None = None,
    ) -> SamplingResult:
        if getattr(self.forced, "on", False):
            return SamplingResult(Decision.RECORD_AND_SAMPLE, attributes, trace_state)
        return self.ratio.should_sample(
            parent_context, trace_id, name, kind, attributes, links, trace_state
        )

    def get_description(self) -> str:
        return f"SwitchboardRoot{{{self.ratio.get_description()}}}"


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


def skip_root(traceparent: str | None) -> SpanScope | None:
    """For a helper without an explicit parent, before it builds anything: `Unsampled` when the
    carried `traceparent` or the current span says `sampled=0`, or when this is a new trace's
    root and the ratio leaves it out; None: build the span (`start`)."""
    if traceparent:
        if len(traceparent) == 55 and not int(traceparent[-1], 16) & 1:  # W3C: flags' low bit
            return Unsampled(_UnsampledTrace(_PROPAGATOR.extract({"traceparent": traceparent})))
        return None
    context = get_current()
    if context:  # something is attached (most turns start with nothing: no look-up then)
        current = trace.get_current_span(context).get_span_context()
        if current.is_valid:
            if current.trace_flags.sampled:
                return None
            return Unsampled(_UnsampledTrace(context))
    if ratio >= 1.0 or random.random() < ratio:
        return None
    return Unsampled(_NEW_ROOTS)


def start(
    name: str,
    attributes: dict[str, Any],
    kind: str,
    traceparent: str | None,
    parent: SpanScope | None,
) -> SpanScope:
    """A span kept by `skip_root` or under a recording `parent`: under `parent`, else the
    carried `traceparent`, else the current span, else a new trace's root."""
    assert tracer is not None and sampler is not None  # `spans.enabled` implies them
    if isinstance(parent, LiveSpan):
        context = parent.context
    elif traceparent:
        context = _PROPAGATOR.extract({"traceparent": traceparent})
    else:
        context = None
    forced = sampler.forced
    forced.on = True
    try:
        span = tracer.start_span(name, context=context, kind=_KINDS[kind], attributes=attributes)
    finally:
        forced.on = False
    if not span.is_recording():  # another provider's tracer, or a sampler configured otherwise
        return Unsampled(_UnsampledTrace(trace.set_span_in_context(span)))
    return LiveSpan(span)


def current_traceparent() -> str | None:
    context = trace.get_current_span().get_span_context()
    if not context.is_valid:
        return None
    return f"00-{context.trace_id:032x}-{context.span_id:016x}-{int(context.trace_flags):02x}"
