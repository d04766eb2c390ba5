"""What travels on the bus: messages, responses and their parts (spec 001 §4 "Estrutura de
Mensagens").

They cross boundaries (Redis, HTTP, logs), where Pydantic validates and serializes them
(`Message.model_validate`, `model_dump_json`, ...: see `Boundary`); inside the process they are
slots dataclasses the bus builds from values it produced itself.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import datetime
from enum import IntEnum, StrEnum
from typing import Annotated, Any, Literal, Self

from pydantic import ConfigDict, Field, TypeAdapter


class Priority(IntEnum):
    """Lower value = served first. Coordinators outrank executors at equal priority (see `rank`)."""

    CRITICAL = 0
    HIGH = 1
    NORMAL = 2
    LOW = 3


class MessageType(StrEnum):
    """Request, response, notification or error: how the bus routes and waits for a message."""

    REQUEST = "request"
    RESPONSE = "response"
    NOTIFICATION = "notification"
    ERROR = "error"


class ResponseStatus(StrEnum):
    """How a request ended (success, via fallback, partial, total failure, timeout); `ok` drives
    retries and the circuit breaker."""

    SUCCESS = "success"
    SUCCESS_VIA_FALLBACK = "success_via_fallback"
    PARTIAL_FAILURE = "partial_failure"
    TOTAL_FAILURE = "total_failure"
    TIMEOUT = "timeout"

    @property
    def ok(self) -> bool:
        """Did the agent do its job (fully or partly)? Drives the circuit breaker and retries."""
        # Identity, not `in` a set: an enum member's hash is a Python-level call.
        return (
            self is ResponseStatus.SUCCESS
            or self is ResponseStatus.SUCCESS_VIA_FALLBACK
            or self is ResponseStatus.PARTIAL_FAILURE
        )


class Flag(StrEnum):
    """Flags the bus adds to messages so that recipients (and coordinators) see the situation."""

    BUDGET_HIGH = "budget_high"
    BUDGET_CRITICAL = "budget_critical"
    BUDGET_EXHAUSTED = "budget_exhausted"
    FALLBACK_BY_BREAKER = "fallback_by_circuit_breaker"
    THROTTLED = "throttled"
    STARVATION_FORCED = "starvation_forced"
    HALF_OPEN_TRIAL = "half_open_trial"


def rank(priority: Priority, from_coordinator: bool) -> int:
    """Queue order key: priority first, then coordinator before executor (spec §4 'Fila')."""
    return int(priority) * 2 + (0 if from_coordinator else 1)


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}
_FORBID = ConfigDict(extra="forbid")


class Boundary:
    """Pydantic at the boundary, plain slots dataclasses inside.

    What travels on the bus is validated and serialized by Pydantic wherever it crosses a
    boundary (Redis streams and state, `MessageBus.submit`, JSON from other systems) through a
    `TypeAdapter` built once per class, with the same constraints as before (`extra="forbid"`,
    confidence 0–100): these methods keep the `model_*` names of a Pydantic model. Inside the
    process the bus builds and reads them as slots dataclasses: a Pydantic model costs five
    times more to build without validation, and reading one of its fields ten times more (its
    `__getattr__` hook defeats the interpreter's attribute caches), at several objects and dozens
    of reads per request."""

    __slots__ = ()

    @classmethod
    def _adapter(cls) -> TypeAdapter[Any]:
        adapter = _ADAPTERS.get(cls)
        if adapter is None:
            adapter = _ADAPTERS[cls] = TypeAdapter(cls)
        return adapter

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        result: Self = cls._adapter().validate_python(data)
        return result

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> Self:
        result: Self = cls._adapter().validate_json(data)
        return result

    def model_dump(self, *, mode: Literal["python", "json"] = "python") -> dict[str, Any]:
        dumped: dict[str, Any] = self._adapter().dump_python(self, mode=mode)
        return dumped

    def model_dump_json(self) -> str:
        return self._adapter().dump_json(self).decode()

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Self:
        """A shallow copy with `update` applied (no validation, as Pydantic's `model_copy`)."""
        return dataclasses.replace(self, **(update or {}))  # type: ignore[type-var]  # subclasses are dataclasses, this mixin is not


@dataclass(slots=True, kw_only=True)
class Payload(Boundary):
    """The body of a request: objective in words, validated parameters and context."""

    __pydantic_config__ = _FORBID

    objective: str = ""
    """objetivo: what is being asked, in words."""
    parameters: dict[str, Any] = field(default_factory=dict)
    """parametros: the operation's input; validated against the contract's request schema."""
    context: dict[str, Any] = field(default_factory=dict)
    """contexto_adicional: background the recipient may use."""
    expects_callback: bool = True
    """callback_esperado: the sender waits for a response."""
    allow_fallback: bool = True
    """fallback_automatico: the bus may redirect to the contract's fallback if the recipient
    fails."""


@dataclass(slots=True, kw_only=True)
class Tracing(Boundary):
    """Where a message sits in its mission: mission id, depth and the chain of senders, for loop
    detection and tracing."""

    __pydantic_config__ = _FORBID

    mission_id: str | None = None
    depth: int = 1
    """profundidade_chamada: hops from the mission's first message (1 = first call)."""
    call_path: list[str] = field(default_factory=list)
    """caminho_chamadas: agents that sent along this chain, oldest first (includes this sender)."""
    traceparent: str | None = None
    """W3C trace context of the sender's `send` span (`switchboard.telemetry`), so the span of the
    recipient's processing joins the sender's trace, across processes too; None with tracing
    off."""


@dataclass(slots=True, kw_only=True)
class ResourceEstimate(Boundary):
    """What the sender expects a request to cost (tokens, API calls), checked against the
    mission's budget before it is sent."""

    __pydantic_config__ = _FORBID

    tokens: int = 0
    api_calls: int = 0


@dataclass(slots=True, kw_only=True)
class ResourceUsage(Boundary):
    """What a request actually cost, reported in the response and charged to the mission's
    budget."""

    __pydantic_config__ = _FORBID

    tokens: int = 0
    api_calls: int = 0
    db_calls: int = 0


@dataclass(slots=True, kw_only=True)
class Message(Boundary):
    """The bus envelope (spec 001 §3): ids, priority, sender and recipient, operation, payload,
    tracing and estimates, validated at the boundary."""

    __pydantic_config__ = _FORBID

    message_id: str
    sent_at: datetime
    priority: Priority = Priority.NORMAL
    sender: str
    recipient: str
    type: MessageType = MessageType.REQUEST
    operation: str | None = None
    """Name of the contract operation asked for (None for free-form notifications)."""
    payload: Payload = field(default_factory=Payload)
    timeout: float | None = None
    retries_left: int = 0
    tracing: Tracing = field(default_factory=Tracing)
    estimated: ResourceEstimate = field(default_factory=ResourceEstimate)
    flags: list[str] = field(default_factory=list)
    idempotency_key: str = ""
    """Same for every attempt of one logical request; a redelivery never takes effect twice."""
    attempt: int = 1
    reply_to: str | None = None
    """Which bus instance waits for the response (Redis transport routes replies with it)."""


@dataclass(slots=True, kw_only=True)
class ErrorInfo(Boundary):
    __pydantic_config__ = _FORBID

    code: str
    message: str


@dataclass(slots=True, kw_only=True)
class ResponsePayload(Boundary):
    """The body of a response: data, metadata, confidence, sources and warnings."""

    __pydantic_config__ = _FORBID

    data: Any = None
    metadata: dict[str, Any] = field(default_factory=dict)
    confidence: Annotated[float | None, Field(ge=0, le=100)] = None
    sources: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    fallback_used: str | None = None


@dataclass(slots=True, kw_only=True)
class Response(Boundary):
    """The answer to a request: status, payload, usage and the id of the message it answers."""

    __pydantic_config__ = _FORBID

    response_id: str
    original_message_id: str
    responded_at: datetime
    sender: str
    status: ResponseStatus
    payload: ResponsePayload = field(default_factory=ResponsePayload)
    processing_time: float = 0.0
    consumed: ResourceUsage = field(default_factory=ResourceUsage)
    error: ErrorInfo | None = None
    flags: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status.ok

    @property
    def data(self) -> Any:
        return self.payload.data


def timeout_response(response_id: str, message: Message, target: str, now: datetime) -> Response:
    """What the sender gets when nobody answered within the message's timeout."""
    return Response(
        response_id=response_id,
        original_message_id=message.message_id,
        responded_at=now,
        sender=target,
        status=ResponseStatus.TIMEOUT,
        processing_time=message.timeout or 0.0,
        error=ErrorInfo(
            code="timeout", message=f"no response from {target} in {message.timeout or 0:g} s"
        ),
    )
