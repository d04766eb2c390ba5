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
from typing import Any

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
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m.group("head") + REDACTED, text)
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
