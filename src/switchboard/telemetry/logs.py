"""Trace ids in log records.

Install once where logging is configured (the CLI), on the handler so every logger's records
pass through it:

    handler.addFilter(TraceContextFilter())
    logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(trace_id)s %(span_id)s] %(message)s")

Records get `trace_id` (32 hex) and `span_id` (16 hex) of the span current where the log call
ran, or empty strings when there is none, it was not sampled, or tracing is off — so a format
string that uses them never fails, and a log line's ids can be looked up in the tracing backend.
"""

from __future__ import annotations

import logging

from switchboard.telemetry import spans


class TraceContextFilter(logging.Filter):
    """A logging filter that adds the current span's `trace_id` and `span_id` to every record,
    so log lines link to traces."""

    def filter(self, record: logging.LogRecord) -> bool:
        if spans.enabled:  # OpenTelemetry is imported only once tracing is on
            from opentelemetry import trace

            context = trace.get_current_span().get_span_context()
            if context.is_valid and context.trace_flags.sampled:  # ids a backend has
                record.trace_id = f"{context.trace_id:032x}"
                record.span_id = f"{context.span_id:016x}"
                return True
        record.trace_id = ""
        record.span_id = ""
        return True
