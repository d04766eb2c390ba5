"""Typed errors. Each carries a stable `code` that reaches clients in `error` events and HTTP
bodies."""

from __future__ import annotations


class SwitchboardError(Exception):
    code = "internal_error"
    http_status = 500

    def __init__(self, message: str, **context: object) -> None:
        super().__init__(message)
        self.message = message
        self.context = context


class InvalidMessageError(SwitchboardError):
    code = "invalid_message"
    http_status = 422


class EmptyMessageError(InvalidMessageError):
    code = "empty_message"


class InvalidTextError(InvalidMessageError):
    """A text holds characters no store can keep: NUL (PostgreSQL rejects it), a lone UTF-16
    surrogate (not encodable as UTF-8) or a Unicode non-character (U+FFFE, U+FFFF). Rejected at
    the boundary, before any session or stream exists."""

    code = "invalid_text"


class MessageTooLargeError(InvalidMessageError):
    code = "message_too_large"
    http_status = 413


class UnknownAgentError(SwitchboardError):
    code = "unknown_agent"
    http_status = 404


class UnknownAppError(SwitchboardError):
    code = "unknown_app"
    http_status = 404


class SessionNotFoundError(SwitchboardError):
    """Also raised when the session exists but belongs to someone else: never reveal which."""

    code = "session_not_found"
    http_status = 404


class ModelError(SwitchboardError):
    code = "model_error"
    http_status = 502


class ModelTimeoutError(ModelError):
    code = "model_timeout"
    http_status = 504


class ModelResponseError(ModelError):
    """The provider answered, but with something we cannot use (garbage, wrong shape)."""

    code = "model_bad_response"


class EmptyAnswerError(ModelResponseError):
    """The model answered with nothing (no text, no tool call), twice in a row. Not raised: the
    agent runtime answers with a pt-BR fallback instead, and reports this as an `error` event so
    that the outage is visible (agents/runner.py)."""

    code = "model_empty_answer"


class DependencyUnavailableError(SwitchboardError):
    """A service the request needs (the database, Redis) cannot be reached: 503, try again
    later. Raised instead of a bare 500 so that clients and load balancers can tell an outage
    from a bug."""

    code = "unavailable"
    http_status = 503


class ConfigurationError(SwitchboardError):
    code = "configuration_error"


class StepLimitError(SwitchboardError):
    code = "step_limit"
