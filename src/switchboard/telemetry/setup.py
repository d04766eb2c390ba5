"""Turning tracing on (or leaving it off) for a process.

On only when asked: `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is
set and the standard `OTEL_SDK_DISABLED` / `OTEL_TRACES_EXPORTER=none` do not say otherwise, or a
test passes an exporter. Everything else stays standard OpenTelemetry configuration read by the
SDK itself: `OTEL_SERVICE_NAME` (default `switchboard`), `OTEL_RESOURCE_ATTRIBUTES`,
`OTEL_TRACES_SAMPLER`, `OTEL_EXPORTER_OTLP_HEADERS`, ... Export is OTLP over HTTP/protobuf, in
batches off the request path; `shutdown()` flushes at exit.

With OTLP the provider also becomes the global one, so other instrumented libraries (httpx, the
MCP SDK) add their spans to the same traces. A test's exporter stays local to our helpers, so tests
can configure and reset freely (the global provider can be set only once per process).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from switchboard.telemetry import spans

if TYPE_CHECKING:  # the SDK is imported when tracing is turned on, not with the package
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter

TRACER_NAME = "switchboard"
_provider: TracerProvider | None = None


def configure(
    env: Mapping[str, str] | None = None,
    *,
    exporter: SpanExporter | None = None,
    batch: bool = False,
) -> bool:
    """Enable tracing when the environment asks for it (or `exporter` is given); True if on.

    `exporter` (tests, benchmarks) is used with a `SimpleSpanProcessor` — spans are exported as
    they end, so a test reads them right after the block — or with a `BatchSpanProcessor` when
    `batch=True` (what production uses, for measuring its cost)."""
    global _provider
    source = os.environ if env is None else env
    reset()
    if exporter is None and not _wanted(source):
        return False
    from opentelemetry import trace
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    if exporter is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter, batch, make_global = OTLPSpanExporter(), True, True
    else:
        make_global = False
    resource = Resource.create({"service.name": source.get("OTEL_SERVICE_NAME") or "switchboard"})
    provider = TracerProvider(resource=resource)
    processor = BatchSpanProcessor(exporter) if batch else SimpleSpanProcessor(exporter)
    provider.add_span_processor(processor)
    if make_global:
        trace.set_tracer_provider(provider)
    _provider = provider
    spans.install(provider.get_tracer(TRACER_NAME))
    return True


def shutdown() -> None:
    """Flush pending spans and turn tracing off (call at process exit)."""
    reset()


def reset() -> None:
    global _provider
    spans.install(None)
    provider, _provider = _provider, None
    if provider is not None:
        provider.shutdown()


def _wanted(env: Mapping[str, str]) -> bool:
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    if env.get("OTEL_TRACES_EXPORTER", "").strip().lower() == "none":
        return False
    return bool(
        env.get("OTEL_EXPORTER_OTLP_ENDPOINT", "").strip()
        or env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "").strip()
    )
