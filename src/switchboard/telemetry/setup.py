"""Turning tracing on (or leaving it off) for a process.

On only when asked: `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is
set and the standard `OTEL_SDK_DISABLED` / `OTEL_TRACES_EXPORTER=none` do not say otherwise, or a
test passes an exporter. Everything else stays standard OpenTelemetry configuration read by the
SDK itself: `OTEL_SERVICE_NAME` (default `switchboard`), `OTEL_RESOURCE_ATTRIBUTES`,
`OTEL_EXPORTER_OTLP_HEADERS`, ... Export is OTLP over HTTP/protobuf, in batches off the request
path; `shutdown()` flushes at exit.

Sampling: parent-based, by trace-id ratio, decided at a trace's root (a turn, or a bus message /
job without a carried context) and inherited by everything under it — across Redis and into job
workers too, through the `traceparent`'s sampled flag. The ratio is `OTEL_TRACES_SAMPLER_ARG`
(with `OTEL_TRACES_SAMPLER` = `parentbased_traceidratio`, the default, or `traceidratio`;
`always_on` / `parentbased_always_on` mean 1, `always_off` / `parentbased_always_off` 0), else
`DEFAULT_SAMPLE_RATIO` (0.01). Why not 1: a sampled offline turn costs ~2.4× its untraced CPU,
nearly all in the SDK (five spans), an unsampled one about nothing; at 0.01 tracing costs an
offline turn ~1.5% on average (`bench/telemetry/RESULTS.md`), within the 5% budget. A hosted
model's turn waits hundreds of milliseconds, where 0.1 or 1 is affordable: set
`OTEL_TRACES_SAMPLER_ARG` for the traffic you have.

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
DEFAULT_SAMPLE_RATIO = 0.01
"""Traces kept without configuration: 1 turn in 100 (see the module docstring)."""
_provider: TracerProvider | None = None
_RATIO_ONE = {"always_on": 1.0, "parentbased_always_on": 1.0}
_RATIO_ZERO = {"always_off": 0.0, "parentbased_always_off": 0.0}


def configure(
    env: Mapping[str, str] | None = None,
    *,
    exporter: SpanExporter | None = None,
    batch: bool = False,
    sample_ratio: float | None = None,
) -> bool:
    """Enable tracing when the environment asks for it (or `exporter` is given); True if on.

    `exporter` (tests, benchmarks) is used with a `SimpleSpanProcessor` — spans are exported as
    they end, so a test reads them right after the block — or with a `BatchSpanProcessor` when
    `batch=True` (what production uses, for measuring its cost). `sample_ratio` wins over the
    environment; with an `exporter` and no sampler configured anywhere every trace is kept (a
    test reads what it ran)."""
    global _provider
    source = os.environ if env is None else env
    reset()
    if exporter is None and not _wanted(source):
        return False
    from opentelemetry import trace
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider, sampling
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    if exporter is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter, batch, make_global = OTLPSpanExporter(), True, True
    else:
        make_global = False
    resource = Resource.create({"service.name": source.get("OTEL_SERVICE_NAME") or "switchboard"})
    if sample_ratio is None:
        sample_ratio = sampler_ratio(source, 1.0 if exporter is not None else None)
    from switchboard.telemetry.live import RootSampler

    ratio = min(max(sample_ratio, 0.0), 1.0)
    root = RootSampler(ratio)
    provider = TracerProvider(resource=resource, sampler=sampling.ParentBased(root))
    processor = BatchSpanProcessor(exporter) if batch else SimpleSpanProcessor(exporter)
    provider.add_span_processor(processor)
    if make_global:
        trace.set_tracer_provider(provider)
    _provider = provider
    spans.install(provider.get_tracer(TRACER_NAME), root, ratio)
    return True


def shutdown() -> None:
    """Flush pending spans and turn tracing off (call at process exit)."""
    reset()


def reset() -> None:
    """Turn tracing off and drop the provider (tests, reconfiguration)."""
    global _provider
    spans.install(None)
    provider, _provider = _provider, None
    if provider is not None:
        provider.shutdown()


def sampler_ratio(env: Mapping[str, str], default: float | None = None) -> float:
    """The root sampling ratio the standard variables ask for (see the module docstring)."""
    name = env.get("OTEL_TRACES_SAMPLER", "").strip().lower()
    if name in _RATIO_ONE:
        return 1.0
    if name in _RATIO_ZERO:
        return 0.0
    raw = env.get("OTEL_TRACES_SAMPLER_ARG", "").strip()
    if raw and name in ("", "traceidratio", "parentbased_traceidratio"):
        try:
            return float(raw)
        except ValueError:
            pass
    return DEFAULT_SAMPLE_RATIO if default is None else default


def _wanted(env: Mapping[str, str]) -> bool:
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    if env.get("OTEL_TRACES_EXPORTER", "").strip().lower() == "none":
        return False
    return bool(
        env.get("OTEL_EXPORTER_OTLP_ENDPOINT", "").strip()
        or env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "").strip()
    )
