"""Errors raised by the HTTP layer; all are `SwitchboardError`s so one handler renders them."""

from __future__ import annotations

from switchboard.core.errors import SwitchboardError, UnknownAppError  # noqa: F401  (re-exported: HTTP errors live here)


class AuthenticationError(SwitchboardError):
    code = "unauthorized"
    http_status = 401


class RateLimitedError(SwitchboardError):
    code = "rate_limited"
    http_status = 429

    def __init__(self, message: str, *, retry_after: float) -> None:
        super().__init__(message, retry_after=retry_after)
        self.retry_after = retry_after


class RequestTooLargeError(SwitchboardError):
    code = "request_too_large"
    http_status = 413


class DeadlineExceededError(SwitchboardError):
    code = "deadline"
    http_status = 504


class MessageNotFoundError(SwitchboardError):
    code = "message_not_found"
    http_status = 404
