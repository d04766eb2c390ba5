"""Server knobs. Extends the core `Settings`, so one environment configures both."""

from __future__ import annotations

from switchboard.config import Settings


class ServerSettings(Settings):
    """`Settings` plus the HTTP server's own: host, port, default app and request limits."""

    host: str = "127.0.0.1"
    port: int = 8000
    default_app: str | None = None
    """App used when a request names none; None means the first one served."""
    max_body_bytes: int = 512 * 1024
    """Largest request body accepted (413 above it). OpenAI-style clients resend the whole
    conversation, so this is larger than one message (`max_message_chars`)."""
    rate_limit_per_second: float = 2.0
    """Sustained requests per second per user (token bucket refill rate)."""
    rate_limit_burst: int = 30
    """Requests a user may make at once before the bucket runs dry."""
    request_deadline_seconds: float = 200.0
    """A chat run still going after this ends with an `error` event, code `deadline`. Above the
    longest finance mission (150 s global timeout + 10 s forced consolidation + the final answer),
    so a mission always gets to answer with its partial data."""
    gc_gen0_threshold: int = 50_000
    """Gen-0 GC threshold set by `switchboard serve` (CPython's default is 700; 0 keeps it).
    See `server/process.py`: about 2× the chat throughput on the benchmark."""
    trust_session_header: bool = True
    """Accept `X-Session-Id` on `/v1/chat/completions`."""
    legacy_session_ids: bool = True
    """Also find sessions stored before per-user session namespaces under their raw id (their
    owner only). Off saves one read per request; see `server/session_ids.py`."""
    body_read_timeout_seconds: float = 30.0
    """A request body must arrive whole within this (408 and the connection closed after)."""
    header_timeout_seconds: float = 10.0
    """A connection must send a whole request head (request line and headers) within this of
    opening, or of its previous response; else it is closed (`server/connections.py`)."""
    keep_alive_timeout_seconds: int = 5
    """An idle keep-alive connection is closed after this."""
    max_connections: int | None = None
    """Open connections beyond which new ones are closed at once; None: the open files limit
    less a reserve for the database, logs and the listening socket."""
    listen_backlog: int = 128
    """Pending connections the kernel queues, and so how many asyncio accepts in one go: kept
    well under the descriptors reserved beyond `max_connections`, so one burst of accepts
    cannot run the process out of them before the cap closes the excess."""
    max_connections_per_address: int | None = 200
    """Open connections one client address may hold (new ones beyond it are closed at once).
    Set it to None behind a reverse proxy, where every client arrives from the proxy's address."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses (or CIDR networks) of reverse proxies whose `X-Forwarded-For` names the client;
    empty (the default): no proxy is trusted, the peer's address is the client's."""
    auth_failure_burst: int = 20
    """Invalid keys a client address may present before it is refused (429) without a lookup."""
    auth_failure_per_second: float = 0.2
    """Refill of an address's invalid-key bucket: one more guess every 5 s."""
    auth_cache_seconds: float = 5.0
    """How long a valid key is answered from memory (`server/auth/cache.py`): a key revoked by
    another process keeps working here for at most this long; 0 looks every key up."""
    rate_limit_prefix: str = "switchboard:rl:"
    """Key prefix of the rate-limit buckets in Redis (with `redis_url`)."""
