"""HTTP connections that cannot pin the server: a deadline for request headers and a cap on
open connections (issue 22).

uvicorn times out an idle keep-alive connection only *after* a response; a connection that opens
and never finishes its request headers (slowloris, a port scanner, a broken client) is kept
forever. Measured before this module: 1,100 such connections under `ulimit -n 1024` took every
file descriptor, the server stopped answering, and the failing accepts and opens wrote ~500k
tracebacks in under a minute. `guarded_h11(...)` builds uvicorn's own h11 protocol with:

- a header deadline, armed when a connection opens and again whenever it waits for its next
  request, cancelled when a whole request head has arrived: a client that takes longer than
  `header_timeout_seconds` to send one is disconnected (the body has its own deadline,
  `body_read_timeout_seconds`, in the app);
- a connection cap: past `max_connections` open connections a new one is closed at once, so
  descriptors stay free for the database, logs and real clients. The default cap leaves headroom
  under the process's `RLIMIT_NOFILE`, which `raise_open_files_limit` first raises to its hard
  limit.

Keep-alive idleness between requests stays uvicorn's (`timeout_keep_alive`, set from
`keep_alive_timeout_seconds`).
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import resource
import time
from collections import Counter
from typing import Any, Literal

HttpImplementation = Literal["auto", "h11", "httptools"]

log = logging.getLogger(__name__)

RESERVED_FILES = 256
"""Descriptors kept back from connections: database pools, log files, the listening socket."""


def raise_open_files_limit() -> int:
    """Raise the soft `RLIMIT_NOFILE` to the hard limit (allowed without privileges); returns
    the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            log.warning("could not raise the open files limit from %d", soft)
    return soft


def default_max_connections(open_files: int) -> int:
    return max(64, open_files - RESERVED_FILES)


def guarded_protocol(
    *,
    header_timeout_seconds: float,
    max_connections: int,
    max_connections_per_address: int | None = None,
    implementation: HttpImplementation = "auto",
) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol with a header deadline, connection caps (in all and per client
    address) and the response head held for its first body chunk (pass it as
    `uvicorn.Config(http=...)`). The per-address cap keeps one noisy host from taking every
    slot; leave it None behind a proxy, where every client has its address.

    `implementation`: "httptools" (uvicorn's C parser, ~0.3 ms less CPU per request than h11 on
    the reference VM, see bench/server/RESULTS_server.md), "h11" (pure Python), or "auto":
    httptools when it is installed, else h11."""
    if implementation == "auto":
        implementation = "httptools" if _has_httptools() else "h11"
    if implementation == "httptools":
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return _guarded(
            HttpToolsProtocol,
            "on_headers_complete",
            header_timeout_seconds,
            max_connections,
            max_connections_per_address,
        )
    from uvicorn.protocols.http.h11_impl import H11Protocol

    return _guarded(
        H11Protocol,
        "handle_events",
        header_timeout_seconds,
        max_connections,
        max_connections_per_address,
    )


def guarded_h11(
    *,
    header_timeout_seconds: float,
    max_connections: int,
    max_connections_per_address: int | None = None,
) -> type[asyncio.Protocol]:
    """`guarded_protocol` on h11 (the pure-Python parser), whatever else is installed."""
    return guarded_protocol(
        header_timeout_seconds=header_timeout_seconds,
        max_connections=max_connections,
        max_connections_per_address=max_connections_per_address,
        implementation="h11",
    )


def _has_httptools() -> bool:
    return importlib.util.find_spec("httptools") is not None


def _guarded(
    base: type[Any],
    head_hook: str,
    header_timeout_seconds: float,
    max_connections: int,
    max_connections_per_address: int | None,
) -> type[asyncio.Protocol]:
    """`base` (one of uvicorn's HTTP/1.1 protocols) with the guards. `head_hook` is the method
    of `base` during which a whole request head is parsed and its request cycle created
    (h11: `handle_events`; httptools: the parser's `on_headers_complete` callback)."""
    per_address: Counter[str] = Counter()
    refusals = _RefusalLog()

    class Guarded(base):  # type: ignore[misc]  # uvicorn's protocols are untyped here
        _header_deadline: asyncio.TimerHandle | None = None
        _address: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(HeadHoldingTransport(transport, self.loop))
            address = self.client[0] if self.client else ""
            if len(self.connections) > max_connections or (
                max_connections_per_address is not None
                and per_address[address] >= max_connections_per_address
            ):
                refusals.note(len(self.connections), address)
                transport.close()
                return
            self._address = address
            per_address[address] += 1
            self._await_request_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._header_received()
            if self._address is not None:
                per_address[self._address] -= 1
                if per_address[self._address] <= 0:
                    del per_address[self._address]
                self._address = None
            super().connection_lost(exc)

        def _head_parsed(self, *args: Any) -> None:
            cycle = self.cycle
            getattr(super(), head_hook)(*args)
            if self.cycle is not cycle:  # a whole request head arrived: a response will follow
                self._header_received()
                self.transport.hold_next()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._await_request_head()

        def _await_request_head(self) -> None:
            self._header_received()
            self._header_deadline = self.loop.call_later(
                header_timeout_seconds, self._header_timed_out
            )

        def _header_received(self) -> None:
            if self._header_deadline is not None:
                self._header_deadline.cancel()
                self._header_deadline = None

        def _header_timed_out(self) -> None:
            self._header_deadline = None
            if self.cycle is None or self.cycle.response_complete:
                self.transport.close()

    setattr(Guarded, head_hook, Guarded._head_parsed)
    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded


class HeadHoldingTransport:
    """A transport that holds a response's head until its first body chunk, so the two leave in
    one `send` system call.

    uvicorn writes the status line and headers on `http.response.start` and each body chunk on
    its own `http.response.body`. On loopback (and most VMs) every write is a system call whose
    cost is most of what a short response costs the server, and a head is useless to a client
    without the body that follows it in the same loop step anyway. The protocol calls
    `hold_next` when a request head has arrived; the next write (the response head) is then held
    until the next write, which it joins, or until the loop's next iteration (`call_soon`), so a
    response whose body is slow to come still shows its head at once. Every later write of the
    response goes out immediately: streamed events are never held. Order is kept (held bytes
    always go first) and `close` sends what is held before closing."""

    __slots__ = ("_flush_handle", "_held", "_hold", "_loop", "_transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = None
        self._hold = False
        self._flush_handle: asyncio.Handle | None = None

    def hold_next(self) -> None:
        self._hold = True

    def write(self, data: bytes | bytearray | memoryview) -> None:
        held = self._held
        if held is not None:
            self._held = None
            if self._flush_handle is not None:
                self._flush_handle.cancel()
                self._flush_handle = None
            self._transport.write(held + data)
        elif self._hold:
            self._hold = False
            self._held = bytes(data)
            self._flush_handle = self._loop.call_soon(self.flush)
        else:
            self._transport.write(data)

    def flush(self) -> None:
        """Send what is held now (nothing if the connection is closing: it cannot be sent)."""
        self._flush_handle = None
        held, self._held = self._held, None
        if held is not None and not self._transport.is_closing():
            self._transport.write(held)

    def close(self) -> None:
        self._hold = False
        self.flush()
        self._transport.close()

    def is_closing(self) -> bool:
        return self._transport.is_closing()

    def __getattr__(self, name: str) -> Any:  # the rest of asyncio.Transport, unchanged
        return getattr(self._transport, name)


class _RefusalLog:
    """One warning per burst of refused connections, not one per connection: a flood must not
    turn into a flood of log lines."""

    INTERVAL_S = 10.0

    def __init__(self) -> None:
        self._since = 0
        self._last = -self.INTERVAL_S

    def note(self, open_connections: int, address: str) -> None:
        self._since += 1
        now = time.monotonic()
        if now - self._last >= self.INTERVAL_S:
            log.warning(
                "refused %d connection(s) in the last %.0f s (%d open; latest from %s)",
                self._since,
                self.INTERVAL_S,
                open_connections,
                address or "?",
            )
            self._since, self._last = 0, now


__all__ = [
    "HeadHoldingTransport",
    "default_max_connections",
    "guarded_h11",
    "guarded_protocol",
    "raise_open_files_limit",
]
