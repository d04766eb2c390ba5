"""Issue 14, item 5: the dev key of `switchboard serve --dev` never reaches a log. The login URL
carries it in the fragment (never sent to the server), and the access and error logs redact
anything secret-looking, even a key a client puts in a query string or a header."""

from __future__ import annotations

import re
import threading
import time
from typing import Any

import httpx
import pytest
import uvicorn
from typer.testing import CliRunner

from switchboard.cli import serve as serve_module
from switchboard.cli.main import app as cli
from switchboard.server.logs import REDACTED, redact

from .conftest import free_port
from .demo import make_demo_manager


def serve_dev(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> tuple[str, uvicorn.Config]:
    """`switchboard serve --dev` up to the point it would serve: (its output, its config)."""
    captured: list[uvicorn.Config] = []
    monkeypatch.setattr(serve_module, "run_server", captured.append)
    monkeypatch.setattr(
        "switchboard.server.app.build_apps", lambda *a, **k: {"demo": make_demo_manager()}
    )
    result = CliRunner().invoke(
        cli, ["serve", "--dev", "--db", f"sqlite:///{tmp_path / 'sb.db'}", "--port", "1"]
    )
    assert result.exit_code == 0, result.output
    return result.output, captured[0]


def test_dev_login_url_keeps_the_key_out_of_the_query_and_the_logs(monkeypatch, tmp_path, capfd):
    output, config = serve_dev(monkeypatch, tmp_path)
    found = re.search(r"/#key=(sb-dev-[A-Za-z0-9_-]+)", output)
    assert found, output
    key = found.group(1)
    assert "?key=" not in output

    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            config.app,
            host="127.0.0.1",
            port=port,
            log_level=config.log_level,
            log_config=config.log_config,
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as client:
            assert client.get("/").status_code == 200
            assert client.get(f"/?key={key}").status_code == 200  # an old-style login URL
            assert client.get(f"/web/app.js?token={key}&v=1").status_code == 200
            authed = {"Authorization": f"Bearer {key}"}
            assert client.get("/sessions", headers=authed).status_code == 200
            assert client.get(f"/sessions?api_key={key}", headers=authed).status_code == 200
            wrong = {"Authorization": f"Bearer {key}x"}
            assert client.get(f"/sessions/{key}/messages", headers=wrong).status_code == 401
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    logs = "".join(capfd.readouterr())
    assert '"GET /?key=' + REDACTED in logs  # the access log ran, redacted
    assert key not in logs and key[:20] not in logs


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        ('"GET /?key=sb-dev-abcdefghijklmnop HTTP/1.1" 200', "sb-dev-abcdefghijklmnop"),
        ('"GET /x?a=1&access_token=opaque123 HTTP/1.1" 200', "opaque123"),
        ("Authorization: Bearer opaque-456", "opaque-456"),
        ("failed for key sb-AbCdEfGhIjKlMnOpQrStUv", "sb-AbCdEfGhIjKlMnOpQrStUv"),
        ('"POST /login?password=hunter2 HTTP/1.1"', "hunter2"),
        # percent-encoded names and values (issue 22), once and twice
        ('"GET /?%6Bey=opaque789 HTTP/1.1" 200', "opaque789"),
        ('"GET /?k=sb%2Ddev%2Dabcdefghijklmnop HTTP/1.1" 200', "abcdefghijklmnop"),
        ('"GET /?%256Bey=opaque790 HTTP/1.1" 200', "opaque790"),
        ('"GET /?access%5Ftoken=opaque791 HTTP/1.1" 200', "opaque791"),
    ],
)
def test_redaction_catches_every_shape_of_secret(line, secret):
    assert secret not in redact(line)
    assert REDACTED in redact(line)


def test_accept_errors_come_in_bursts_of_one_line():
    import logging

    from switchboard.server.logs import AcceptErrorsInBursts

    quiet = AcceptErrorsInBursts()

    def record(message: str) -> logging.LogRecord:
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, message, (), None)

    passed = [quiet.filter(record(AcceptErrorsInBursts.MESSAGE)) for _ in range(500)]
    assert passed.count(True) == 1
    assert quiet.filter(record("something else went wrong"))
    quiet._last -= AcceptErrorsInBursts.INTERVAL_S
    later = record(AcceptErrorsInBursts.MESSAGE)
    assert quiet.filter(later) and "499 more" in later.getMessage()
