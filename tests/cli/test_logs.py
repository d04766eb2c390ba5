"""The CLI's logging: stderr, with the current span's trace and span ids on every line."""

from __future__ import annotations

import logging
import logging.config
import re

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from switchboard import telemetry
from switchboard.cli.logs import logging_config


def test_log_lines_carry_the_trace_and_span_ids(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    memory = InMemorySpanExporter()
    try:
        logging.config.dictConfig(logging_config("info"))
        log = logging.getLogger("switchboard.test")
        log.info("fora de um span")
        telemetry.configure({}, exporter=memory)
        with telemetry.span_tool("consultar_pedido"):
            log.info("dentro do span")
        logging.getLogger("uvicorn.access").info("GET /health 200")
    finally:
        telemetry.reset()
        root.handlers[:], _ = saved
        root.setLevel(saved[1])

    captured = capsys.readouterr()
    assert captured.out == ""  # stdout stays free (the MCP command speaks its protocol there)
    lines = captured.err.splitlines()
    assert lines[0].endswith("switchboard.test [ ] fora de um span")
    (span,) = memory.get_finished_spans()
    assert span.context is not None
    ids = f"[{span.context.trace_id:032x} {span.context.span_id:016x}]"
    assert lines[1].endswith(f"switchboard.test {ids} dentro do span")
    assert re.search(r"uvicorn\.access \[ \] GET /health 200$", lines[2])
