"""Typed errors. Each carries a stable `code` that reaches clients in `error` events and HTTP
bodies."""

from __future__ import annotations


class SwitchboardError(Exception):
    """Base of the platform's errors: a stable `code` and an HTTP status that reach clients in
    `error` events and HTTP bodies, plus keyword context for logs."""

    code = "internal_error"
    http_status = 500

    def __init__(self, message: str, **context: object) -> None:
        super().__init__(message)
        self.message = message
        self.context = context


class InvalidMessageError(SwitchboardError):
    """A user message the platform refuses before any agent runs (HTTP 422)."""

    code = "invalid_message"
    http_status = 422


class EmptyMessageError(InvalidMessageError):
    """The user sent nothing (or only spaces): answered with 422, never sent to a model."""

    code = "empty_message"


class InvalidTextError(InvalidMessageError):
    """A text holds characters no store can keep: NUL (PostgreSQL rejects it), a lone UTF-16
    surrogate (not encodable as UTF-8) or a Unicode non-character (U+FFFE, U+FFFF). Rejected at
    the boundary, before any session or stream exists."""

    code = "invalid_text"


class MessageTooLargeError(InvalidMessageError):
    """A user message longer than the configured limit (HTTP 413): refused before it costs
    tokens."""

    code = "message_too_large"
    http_status = 413


class UnknownAgentError(SwitchboardError):
    """A request named an agent the app does not have (HTTP 404)."""

    code = "unknown_agent"
    http_status = 404


class UnknownAppError(SwitchboardError):
    """A request named an app that is not registered (HTTP 404); the message lists the available
    ones."""

    code = "unknown_app"
    http_status = 404


class SessionNotFoundError(SwitchboardError):
    """Also raised when the session exists but belongs to someone else: never reveal which."""

    code = "session_not_found"
    http_status = 404


class ModelError(SwitchboardError):
    """A model provider failed (HTTP 502): the turn ends with an `error` event instead of a
    made-up answer."""

    code = "model_error"
    http_status = 502


class ModelTimeoutError(ModelError):
    """A model call took longer than its timeout (HTTP 504)."""

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
    """The platform or an app is set up wrongly (missing key, unknown model, bad file): a
    deployment problem, not the user's."""

    code = "configuration_error"


class StepLimitError(SwitchboardError):
    """An agent loop used up its steps (model calls/tool rounds) without finishing: stops
    runaway loops."""

    code = "step_limit"
