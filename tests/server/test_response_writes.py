"""How a response reaches the socket: its head joins its first body chunk in one write, streamed
chunks are never held back, and order and boundaries are kept (issue 22.4: every write is a
`send` system call, most of what a short response costs the server)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState

from switchboard.server.connections import HeadHoldingTransport, guarded_protocol

GET = b"GET /x HTTP/1.1\r\nHost: x\r\n\r\n"


class FakeTransport:
    """Records every write, as the socket would see them."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        assert not self.closed, "written after close"
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5555), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def settle() -> None:
    """Let the loop run every callback that is ready (a few iterations)."""
    for _ in range(10):
        await asyncio.sleep(0)


@pytest.fixture(params=["h11", "httptools"])
def implementation(request):
    return request.param


def connection(app: Any, implementation: str) -> tuple[Any, FakeTransport, ServerState]:
    protocol_class = guarded_protocol(
        header_timeout_seconds=30.0, max_connections=10, implementation=implementation
    )
    state = ServerState()
    protocol = protocol_class(
        config=Config(app, log_level="warning"), server_state=state, app_state={}
    )
    transport = FakeTransport()
    protocol.connection_made(transport)
    return protocol, transport, state


async def finished(state: ServerState) -> None:
    await settle()
    if state.tasks:
        await asyncio.gather(*state.tasks)
    await settle()


def body_of(wire: bytes) -> bytes:
    """The de-chunked body of one HTTP/1.1 response with chunked encoding."""
    _, _, rest = wire.partition(b"\r\n\r\n")
    body = b""
    while True:
        size, _, rest = rest.partition(b"\r\n")
        length = int(size, 16)
        if length == 0:
            return body
        body, rest = body + rest[:length], rest[length + 2 :]


async def test_a_short_response_leaves_in_one_write_with_httptools():
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"hello", "more_body": False})

    protocol, transport, state = connection(app, "httptools")
    protocol.data_received(GET)
    await finished(state)
    assert len(transport.writes) == 1
    assert transport.writes[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert body_of(transport.writes[0]) == b"hello"


async def test_the_head_joins_the_first_chunk_and_later_chunks_go_out_at_once(implementation):
    release = asyncio.Event()

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"first", "more_body": True})
        await release.wait()
        await send({"type": "http.response.body", "body": b"second", "more_body": True})
        await release.wait()
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    protocol, transport, state = connection(app, implementation)
    protocol.data_received(GET)
    await settle()
    assert len(transport.writes) == 1  # head + first chunk: not held for anything else
    head_and_first = transport.writes[0]
    assert head_and_first.startswith(b"HTTP/1.1 200 OK\r\n") and head_and_first.endswith(
        b"5\r\nfirst\r\n"
    )
    release.set()
    await finished(state)
    wire = b"".join(transport.writes)
    assert body_of(wire) == b"firstsecond"  # order and chunk boundaries kept
    assert b"6\r\nsecond\r\n" in transport.writes[1]


async def test_a_head_whose_body_is_slow_still_leaves_at_once(implementation):
    release = asyncio.Event()

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await release.wait()
        await send({"type": "http.response.body", "body": b"late", "more_body": False})

    protocol, transport, state = connection(app, implementation)
    protocol.data_received(GET)
    await settle()
    assert len(transport.writes) == 1
    assert transport.writes[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert transport.writes[0].endswith(b"\r\n\r\n")  # the head alone, one loop step later
    release.set()
    await finished(state)
    assert body_of(b"".join(transport.writes)) == b"late"


async def test_two_requests_on_one_connection_each_get_their_head_joined(implementation):
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok", "more_body": False})

    protocol, transport, state = connection(app, implementation)
    for _ in range(2):
        before = len(transport.writes)
        protocol.data_received(GET)
        await finished(state)
        response = b"".join(transport.writes[before:])
        assert response.startswith(b"HTTP/1.1 200 OK\r\n") and body_of(response) == b"ok"
        assert b"2\r\nok\r\n" in transport.writes[before]  # head and body together


async def test_held_bytes_go_first_and_close_sends_them():
    raw = FakeTransport()
    holding = HeadHoldingTransport(raw, asyncio.get_running_loop())
    holding.write(b"a")  # not held: nothing asked for it
    holding.hold_next()
    holding.write(b"b")
    assert raw.writes == [b"a"]
    holding.write(b"c")
    assert raw.writes == [b"a", b"bc"]
    holding.hold_next()
    holding.write(b"d")
    holding.close()
    assert raw.writes == [b"a", b"bc", b"d"] and raw.closed
    await settle()  # the cancelled flush does not write again, after the close
    assert raw.writes == [b"a", b"bc", b"d"]


async def test_a_held_head_is_dropped_when_the_connection_is_already_gone():
    raw = FakeTransport()
    holding = HeadHoldingTransport(raw, asyncio.get_running_loop())
    holding.hold_next()
    holding.write(b"head")
    raw.closed = True  # the peer went away before the loop's next step
    await settle()
    assert raw.writes == []
