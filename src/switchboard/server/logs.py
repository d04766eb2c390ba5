"""No key, token or password ever reaches a log (issue 14, item 5).

`RedactSecrets` is a logging filter that rewrites a record's message and arguments before any
handler formats them: query parameters named like secrets (`key`, `token`, `password`, …),
`Authorization`/bearer values and anything shaped like a Switchboard API key (`sb-…`) become
`[REDACTED]`. `log_config()` is uvicorn's logging configuration with the filter on every handler
(access and error logs), which is what `switchboard serve` runs with.
"""

from __future__ import annotations

import copy
import logging
import re
import time
from typing import Any
from urllib.parse import unquote

REDACTED = "[REDACTED]"
_PATTERNS = [
    # ?key=… &access_token=… #password=… (values end at &, #, whitespace or a quote)
    re.compile(
        r"(?i)(?P<head>[?&#;](?:api[_-]?key|key|token|access[_-]?token|code|password|secret)=)"
        r"[^&#\s\"']+"
    ),
    re.compile(
        r"(?i)(?P<head>\b(?:authorization|bearer)[\"']?\s*[:=]?\s*(?:bearer\s+)?)[^\s\"',]+"
    ),
    re.compile(r"(?P<head>)\bsb-(?:dev-)?[A-Za-z0-9_-]{8,}"),
]


def redact(text: str) -> str:
    """`text` with secrets redacted. Percent-encoded forms (`?%6Bey=…`, `sb%2D…`, `%252D`) are
    decoded first, so an encoded key is recognised like a plain one."""
    if "%" in text:
        text = _decoded(text)
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m.group("head") + REDACTED, text)
    return text


def _decoded(text: str, rounds: int = 3) -> str:
    """Percent-decoding until nothing changes (a few rounds: double-encoding is a known way past
    filters that decode once)."""
    for _ in range(rounds):
        plain = unquote(text)
        if plain == text:
            break
        text = plain
    return text


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact_arg(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _redact_arg(v) for k, v in record.args.items()}
        return True


class AcceptErrorsInBursts(logging.Filter):
    """Out of descriptors, asyncio logs "socket.accept() out of system resource" with a
    traceback once per connection it fails to accept, hundreds per second (measured: 1,167 in
    0.1 s). One line per burst says the same: the first error of each interval passes, with the
    number suppressed since; the rest are dropped."""

    MESSAGE = "socket.accept() out of system resource"
    INTERVAL_S = 10.0

    def __init__(self) -> None:
        super().__init__()
        self._last = float("-inf")
        self._suppressed = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() != self.MESSAGE:
            return True
        now = time.monotonic()
        if now - self._last < self.INTERVAL_S:
            self._suppressed += 1
            return False
        if self._suppressed:
            record.msg = f"{self.MESSAGE} ({self._suppressed} more since the last report)"
        record.exc_info = None  # the errno says it all; a traceback per burst is noise
        record.exc_text = None
        self._last, self._suppressed = now, 0
        return True


def _redact_arg(value: object) -> object:
    """A log argument with its secrets redacted. Not only strings: httpx logs `httpx.URL`
    objects, whose text carries query strings (`?token=…`)."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    text = value if isinstance(value, str) else str(value)
    cleaned = redact(text)
    return value if cleaned == text else cleaned


def log_config() -> dict[str, Any]:
    """uvicorn's default logging configuration with `RedactSecrets` on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_secrets"] = {"()": f"{__name__}.RedactSecrets"}
    for handler in config.get("handlers", {}).values():
        handler.setdefault("filters", []).append("redact_secrets")
    return config
