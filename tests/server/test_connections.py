"""Connections that never finish a request head are closed, and open connections are capped
(issue 22: 1,100 idle connections used to take every descriptor of the server)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import uvicorn
from fastapi import FastAPI

from switchboard.server.connections import default_max_connections, guarded_protocol

from .conftest import free_port

WAIT = 10.0
"""How long a test waits for the server to act (a bound, not a measured time)."""


def tiny_app() -> FastAPI:
    app = FastAPI()

    @app.get("/ping")
    async def ping() -> dict[str, str]:
        return {"pong": "ok"}

    return app


@pytest.fixture(params=["h11", "httptools"])
def implementation(request):
    """Every guard holds on both HTTP/1.1 parsers `switchboard serve` may use."""
    return request.param


@contextmanager
def serving(
    implementation: str,
    *,
    header_timeout: float = 0.2,
    max_connections: int = 100,
    per_address: int | None = None,
) -> Iterator[int]:
    port = free_port()
    protocol = guarded_protocol(
        header_timeout_seconds=header_timeout,
        max_connections=max_connections,
        max_connections_per_address=per_address,
        implementation=implementation,
    )
    server = uvicorn.Server(
        uvicorn.Config(tiny_app(), host="127.0.0.1", port=port, log_level="warning", http=protocol)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=WAIT)


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed `sock` (reads until EOF; a live connection would time out)."""
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


GET = b"GET /ping HTTP/1.1\r\nHost: x\r\n\r\n"
PONG = b'{"pong":"ok"}'


def answered(sock: socket.socket) -> bool:
    """Whether the whole answer to GET arrives (head and body may come in separate reads)."""
    received = b""
    while PONG not in received:
        chunk = sock.recv(4096)
        if not chunk:
            return False
        received += chunk
    return True


def test_a_connection_that_sends_nothing_is_closed(implementation):
    with serving(implementation) as port, connect(port) as sock:
        assert closed_by_server(sock)


def test_a_request_head_that_never_ends_is_closed(implementation):
    with serving(implementation) as port, connect(port) as sock:
        sock.sendall(b"GET /ping HTTP/1.1\r\nHost: x\r\n")
        time.sleep(0.05)
        sock.sendall(b"X-Slow: 1\r\n")  # trickling headers does not extend the deadline
        assert closed_by_server(sock)


def test_requests_are_answered_and_the_next_request_head_has_a_deadline_too(implementation):
    with serving(implementation, header_timeout=0.5) as port, connect(port) as sock:
        for _ in range(2):  # keep-alive: two requests on one connection
            sock.sendall(GET)
            assert answered(sock)
        assert closed_by_server(sock)


def test_a_request_head_in_time_is_not_cut(implementation):
    with serving(implementation, header_timeout=2.0) as port, connect(port) as sock:
        sock.sendall(GET[:10])
        time.sleep(0.1)
        sock.sendall(GET[10:])
        assert answered(sock)


def test_connections_past_the_cap_are_closed_at_once(implementation):
    with serving(implementation, header_timeout=30.0, max_connections=3) as port:
        held = [connect(port) for _ in range(3)]
        time.sleep(0.1)  # the server has taken the three
        extra = connect(port)
        extra.settimeout(WAIT)
        assert closed_by_server(extra)
        for sock in held:
            sock.settimeout(0.2)
            assert not closed_by_server(sock)
            sock.close()


def test_one_address_cannot_take_every_connection(implementation):
    with serving(implementation, header_timeout=30.0, per_address=2) as port:
        held = [connect(port) for _ in range(2)]
        time.sleep(0.1)
        assert closed_by_server(connect(port))
        held.pop().close()
        time.sleep(0.1)  # its slot is free again
        with connect(port) as sock:
            sock.sendall(GET)
            assert answered(sock)
        for sock in held:
            sock.close()


@pytest.mark.parametrize(("open_files", "expected"), [(1024, 768), (100, 64), (65536, 65280)])
def test_the_default_cap_leaves_descriptors_for_the_rest(open_files, expected):
    assert default_max_connections(open_files) == expected
