"""The recording side of the helpers in `spans.py`, imported only when tracing is turned on (it
imports OpenTelemetry): `LiveSpan`, starting spans, and W3C trace-context propagation."""

from __future__ import annotations

import asyncio
from contextvars import Token
from types import TracebackType
from typing import Any, Self

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode, Tracer
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from switchboard.telemetry import attributes as attr
from switchboard.telemetry.spans import SpanScope

tracer: Tracer | None = None
"""Set by `spans.install`."""
_PROPAGATOR = TraceContextTextMapPropagator()
_KINDS = {
    "internal": SpanKind.INTERNAL,
    "server": SpanKind.SERVER,
    "client": SpanKind.CLIENT,
    "producer": SpanKind.PRODUCER,
    "consumer": SpanKind.CONSUMER,
}


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


def start(name: str, attributes: dict[str, Any], kind: str, traceparent: str | None) -> LiveSpan:
    assert tracer is not None  # `spans.enabled` implies it
    context = _PROPAGATOR.extract({"traceparent": traceparent}) if traceparent else None
    return LiveSpan(
        tracer.start_span(name, context=context, kind=_KINDS[kind], attributes=attributes)
    )


def current_traceparent() -> str | None:
    context = trace.get_current_span().get_span_context()
    if not context.is_valid:
        return None
    return f"00-{context.trace_id:032x}-{context.span_id:016x}-{int(context.trace_flags):02x}"
