"""Start and stop the test MCP server as a real process (stdio spec, or HTTP on a free port)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

from switchboard.tools.mcp import McpServerSpec

ROOT = Path(__file__).resolve().parents[3]
MODULE = "tests.tools.mcp_servers.calc"


def stdio_spec(**overrides: object) -> McpServerSpec:
    fields: dict[str, object] = {
        "name": "calc",
        "transport": "stdio",
        "command": sys.executable,
        "args": ["-m", MODULE],
        "cwd": str(ROOT),
        "env": {"PYTHONPATH": str(ROOT / "src") + ":" + str(ROOT)},
        "allow": ["*"],
        **overrides,
    }
    return McpServerSpec.model_validate(fields)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class HttpServer:
    """The calc server under uvicorn (`MCPServer.run("streamable-http")`) in a subprocess."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.process = subprocess.Popen(
            [sys.executable, "-m", MODULE, "--http", str(self.port)],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("the MCP test server exited at start-up")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("the MCP test server did not start listening")

    def spec(self, **overrides: object) -> McpServerSpec:
        fields: dict[str, object] = {
            "name": "calc",
            "transport": "http",
            "url": self.url,
            "allow": ["*"],
            **overrides,
        }
        return McpServerSpec.model_validate(fields)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)
