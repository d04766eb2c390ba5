"""Logging and tracing for the long-running commands (`serve`, `mcp`, and `worker`).

Every log line goes to stderr with the trace and span ids of the span current where it was logged
(`[trace_id span_id]`, empty brackets when tracing is off or no span is active), so a line can be
looked up in the tracing backend. stderr only: `switchboard mcp` speaks its protocol on stdout,
where a stray log line would corrupt the stream.

`observed()` wraps a command's run: logging set up, `telemetry.configure()` (on only when
`OTEL_EXPORTER_OTLP_ENDPOINT` is set), and `telemetry.shutdown()` at exit so buffered spans are
flushed.
"""

from __future__ import annotations

import logging.config
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from switchboard import telemetry

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(trace_id)s %(span_id)s] %(message)s"


def logging_config(level: str = "info") -> dict[str, Any]:
    """A `logging.config.dictConfig` dict: one stderr handler on the root logger, with the trace
    filter on the handler (so records of every logger, uvicorn's included, pass through it)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "trace": {"()": "switchboard.telemetry.TraceContextFilter"},
            # no key, token or password reaches a log line (server/logs.py)
            "redact_secrets": {"()": "switchboard.server.logs.RedactSecrets"},
            "accept_errors": {"()": "switchboard.server.logs.AcceptErrorsInBursts"},
        },
        "formatters": {"default": {"format": LOG_FORMAT}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "filters": ["trace", "redact_secrets"],
                "formatter": "default",
            }
        },
        "root": {"handlers": ["stderr"], "level": level.upper()},
        # uvicorn configures its own loggers with handlers of their own unless told otherwise:
        # here they have none and propagate to the root handler.
        # Their level is the root's too (NOTSET), whatever an earlier uvicorn.Config left on them.
        "loggers": {
            **{
                name: {"handlers": [], "propagate": True, "level": "NOTSET"}
                for name in ("uvicorn", "uvicorn.error", "uvicorn.access")
            },
            # out of descriptors, asyncio logs a traceback per failed accept (server/logs.py)
            "asyncio": {"filters": ["accept_errors"]},
        },
    }


def setup_logging(level: str = "info") -> dict[str, Any]:
    """Apply `logging_config(level)`; returns it (uvicorn re-applies it as its `log_config`)."""
    config = logging_config(level)
    logging.config.dictConfig(config)
    return config


@contextmanager
def observed(level: str = "info") -> Iterator[dict[str, Any]]:
    """Logging set up and tracing configured for the block; spans flushed when it ends."""
    config = setup_logging(level)
    tracing = telemetry.configure()
    logging.getLogger("switchboard").info("tracing %s", "on (OTLP)" if tracing else "off")
    try:
        yield config
    finally:
        telemetry.shutdown()
