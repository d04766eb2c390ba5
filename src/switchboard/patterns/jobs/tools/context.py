"""What a job's tools read from their `ToolContext` (filled by the engine, never by the model)."""

from __future__ import annotations

from switchboard.core.errors import ConfigurationError
from switchboard.tools.tool import ToolContext

WORKDIR = "workdir"
"""`ToolContext.extras` key: the job's working directory (absolute path)."""
JOB_ID = "job_id"
IDEMPOTENCY_KEY = "idempotency_key"
"""Stable across replays of the same tool call: tools with effects use it to deduplicate."""


def workdir(context: ToolContext) -> str:
    value = context.extras.get(WORKDIR)
    if not isinstance(value, str) or not value:
        raise ConfigurationError("job tools need a working directory in the tool context")
    return value


__all__ = ["IDEMPOTENCY_KEY", "JOB_ID", "WORKDIR", "workdir"]
