"""Typed errors of the message bus.

Every refusal reaches the *sender* as one of these (raised from `MessageBus.request`/`send`), with a
stable `code`, so a coordinator can decide what to do (retry, use another agent, finish) instead of
parsing text. They extend `SwitchboardError`, so the server maps them to `error` events unchanged.
"""

from __future__ import annotations

from switchboard.core.errors import SwitchboardError


class BusError(SwitchboardError):
    """Base of the bus's errors: a message the bus refused or could not deliver."""

    code = "bus_error"


class MalformedMessageError(BusError):
    """The message is not a valid bus message (missing fields, wrong types, garbage bytes)."""

    code = "malformed_message"
    http_status = 422


class UnknownRecipientError(BusError):
    """A message was addressed to an agent not registered on the bus (HTTP 404)."""

    code = "unknown_recipient"
    http_status = 404


class UnknownOperationError(BusError):
    """A request named an operation its recipient's contract does not offer (HTTP 404)."""

    code = "unknown_operation"
    http_status = 404


class SchemaMismatchError(BusError):
    """Parameters do not match the operation's request schema; `errors` lists each violation."""

    code = "schema_mismatch"
    http_status = 422

    def __init__(self, message: str, errors: list[str], **context: object) -> None:
        super().__init__(message, **context)
        self.errors = errors


class PayloadTooLargeError(BusError):
    """A message larger than the bus's limit (HTTP 413)."""

    code = "payload_too_large"
    http_status = 413


class LoopDetectedError(BusError):
    """Blocked by the loop detector (agent repeated too often in the call path, or too deep)."""

    code = "loop_detected"
    http_status = 409


class BudgetExhaustedError(BusError):
    """The mission's budget is spent: NORMAL and LOW messages are refused."""

    code = "budget_exhausted"
    http_status = 429


class MissionClosedError(BusError):
    """The mission's global timeout was forced: only HIGH and CRITICAL messages may still run."""

    code = "mission_timed_out"
    http_status = 409


class UnknownMissionError(BusError):
    """A message or query named a mission the bus does not know (HTTP 404)."""

    code = "unknown_mission"
    http_status = 404


class CircuitOpenError(BusError):
    """The recipient's circuit is open and no fallback can take the message."""

    code = "circuit_open"
    http_status = 503


class MessageStarvedError(BusError):
    """The message waited longer than the starvation limit and its sender had given up on it."""

    code = "message_starved"
    http_status = 504


class HandlerTimeoutError(BusError):
    code = "handler_timeout"
    http_status = 504


class HandlerFailedError(BusError):
    code = "handler_failed"
    http_status = 502
