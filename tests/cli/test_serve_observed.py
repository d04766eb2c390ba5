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


def _served_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Any, *args: str) -> Any:
    from switchboard.cli import serve

    seen: list[Any] = []
    monkeypatch.setattr(serve, "run_server", seen.append)
    monkeypatch.setattr(telemetry, "configure", lambda: False)
    result = CliRunner().invoke(
        app, ["serve", "--app", "support", "--db", f"sqlite:///{tmp_path / 'sb.db'}", *args]
    )
    assert result.exit_code == 0, result.output
    return seen[0]


def test_serve_trusts_no_forwarded_header_unless_proxies_are_configured(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """Issue 22: uvicorn's default trusts `X-Forwarded-For` from 127.0.0.1, so a local peer got
    a fresh invalid-key bucket per guess."""
    config = _served_config(monkeypatch, tmp_path)
    assert config.proxy_headers is False
    monkeypatch.setenv("SWITCHBOARD_TRUSTED_PROXIES", '["10.0.0.5", "10.1.0.0/16"]')
    config = _served_config(monkeypatch, tmp_path)
    assert config.proxy_headers is True
    assert config.forwarded_allow_ips == "10.0.0.5,10.1.0.0/16"


def test_serve_guards_connections(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    config = _served_config(monkeypatch, tmp_path)
    # httptools is a dependency: the C parser, guarded like h11 (tests/server/test_connections.py)
    assert config.http.__name__ == "GuardedHttpToolsProtocol"
    assert config.timeout_keep_alive == 5 and config.backlog == 128
