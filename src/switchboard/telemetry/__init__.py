"""OpenTelemetry traces after the GenAI semantic conventions; off, and free, unless configured.

    from switchboard import telemetry
    telemetry.configure()                       # on iff OTEL_EXPORTER_OTLP_ENDPOINT is set
    with telemetry.span_tool("consultar_pedido", call_id=call.id) as span:
        result = await registry.execute(...)
        if not result.ok:
            span.fail("tool_error")

See `README.md` beside this file for the spans and their attributes.
"""

from switchboard.telemetry.logs import TraceContextFilter
from switchboard.telemetry.setup import configure, reset, shutdown
from switchboard.telemetry.spans import (
    NOOP,
    SpanScope,
    current_traceparent,
    is_enabled,
    run_in,
    span_agent,
    span_bus_message,
    span_job,
    span_job_step,
    span_mission,
    span_model_call,
    span_tool,
    span_turn,
)

__all__ = [
    "NOOP",
    "SpanScope",
    "TraceContextFilter",
    "configure",
    "current_traceparent",
    "is_enabled",
    "reset",
    "run_in",
    "shutdown",
    "span_agent",
    "span_bus_message",
    "span_job",
    "span_job_step",
    "span_mission",
    "span_model_call",
    "span_tool",
    "span_turn",
]
