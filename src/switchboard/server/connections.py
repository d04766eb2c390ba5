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
import logging
import resource
import time
from collections import Counter

from uvicorn.protocols.http.h11_impl import H11Protocol

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


def guarded_h11(
    *,
    header_timeout_seconds: float,
    max_connections: int,
    max_connections_per_address: int | None = None,
) -> type[H11Protocol]:
    """uvicorn's h11 protocol with a header deadline and connection caps, in all and per client
    address (pass it as `uvicorn.Config(http=...)`). The per-address cap keeps one noisy host
    from taking every slot; leave it None behind a proxy, where every client has its address."""
    per_address: Counter[str] = Counter()
    refusals = _RefusalLog()

    class GuardedH11Protocol(H11Protocol):
        _header_deadline: asyncio.TimerHandle | None = None
        _address: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # uvicorn hands its protocols an asyncio.Transport
            super().connection_made(transport)
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

        def handle_events(self) -> None:
            cycle = self.cycle
            super().handle_events()
            if self.cycle is not cycle:  # a whole request head arrived
                self._header_received()

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

    return GuardedH11Protocol


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


__all__ = ["default_max_connections", "guarded_h11", "raise_open_files_limit"]
