"""OpenTelemetry traces after the GenAI semantic conventions; off, and free, unless configured.

    from switchboard import telemetry
    telemetry.configure()                       # on iff OTEL_EXPORTER_OTLP_ENDPOINT is set
    with telemetry.span_tool("consultar_pedido", call_id=call.id) as span:
        result = await registry.execute(...)
        if not result.ok:
            span.fail("tool_error")

See `README.md` beside this file for the spans and their attributes.
"""

from __future__ import annotations

from switchboard._faces import attach
from switchboard.telemetry import spans as spans
from switchboard.telemetry.logs import TraceContextFilter as TraceContextFilter
from switchboard.telemetry.setup import configure as configure
from switchboard.telemetry.setup import reset as reset
from switchboard.telemetry.setup import shutdown as shutdown
from switchboard.telemetry.spans import NOOP as NOOP
from switchboard.telemetry.spans import SpanScope as SpanScope
from switchboard.telemetry.spans import current_traceparent as current_traceparent
from switchboard.telemetry.spans import is_enabled as is_enabled
from switchboard.telemetry.spans import run_in as run_in
from switchboard.telemetry.spans import span_agent as span_agent
from switchboard.telemetry.spans import span_bus_message as span_bus_message
from switchboard.telemetry.spans import span_job as span_job
from switchboard.telemetry.spans import span_job_step as span_job_step
from switchboard.telemetry.spans import span_mission as span_mission
from switchboard.telemetry.spans import span_model_call as span_model_call
from switchboard.telemetry.spans import span_tool as span_tool
from switchboard.telemetry.spans import span_turn as span_turn

__getattr__, __dir__, __all__ = attach(__name__)
