"""`switchboard serve` runs with the CLI's logging (trace ids) and tracing configured, flushed at
exit — checked without starting a server (`run_server` is replaced)."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from switchboard import telemetry
from switchboard.cli.main import app


def test_serve_configures_tracing_and_logging_and_shuts_tracing_down(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    from switchboard.cli import serve

    seen: dict[str, Any] = {}
    calls: list[str] = []
    monkeypatch.setattr(
        serve, "run_server", lambda config: seen.update(log_config=config.log_config)
    )
    monkeypatch.setattr(telemetry, "configure", lambda: calls.append("configure") or False)
    monkeypatch.setattr(telemetry, "shutdown", lambda: calls.append("shutdown"))

    result = CliRunner().invoke(
        app, ["serve", "--app", "support", "--db", f"sqlite:///{tmp_path / 'sb.db'}"]
    )
    assert result.exit_code == 0, result.output
    assert calls == ["configure", "shutdown"]
    config = seen["log_config"]
    assert config["handlers"]["stderr"]["filters"] == ["trace", "redact_secrets"]
    assert "[%(trace_id)s %(span_id)s]" in config["formatters"]["default"]["format"]
