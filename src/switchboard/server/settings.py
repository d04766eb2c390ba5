"""Server knobs. Extends the core `Settings`, so one environment configures both."""

from __future__ import annotations

from switchboard.config import Settings


class ServerSettings(Settings):
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
    auth_failure_burst: int = 20
    """Invalid keys a client address may present before it is refused (429) without a lookup."""
    auth_failure_per_second: float = 0.2
    """Refill of an address's invalid-key bucket: one more guess every 5 s."""
    rate_limit_prefix: str = "switchboard:rl:"
    """Key prefix of the rate-limit buckets in Redis (with `redis_url`)."""
