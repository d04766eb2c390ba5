"""What a handler receives (`RequestContext`) and returns (`Reply`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from switchboard.bus.envelope import (
    Message,
    MessageType,
    Priority,
    ResourceEstimate,
    Response,
    ResponseStatus,
)
from switchboard.bus.mission import BudgetStatus

if TYPE_CHECKING:
    from switchboard.bus.bus import MessageBus
    from switchboard.bus.mailbox import Delivery


@dataclass(slots=True, kw_only=True)
class Reply:
    """A handler's answer; the bus wraps it into a `Response`. Returning a plain value means
    `Reply(data=value)`; raising means `total_failure`.

    A slots dataclass checked in `__post_init__` (the same rules the `Response` fields have:
    known status, confidence 0–100, non-negative counts), not a Pydantic model: every request
    builds one in-process, and the `Response` made from it is the model that crosses
    boundaries."""

    data: Any = None
    status: ResponseStatus = ResponseStatus.SUCCESS
    metadata: dict[str, Any] = field(default_factory=dict)
    confidence: float | None = None
    sources: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    tokens: int = 0
    api_calls: int = 0
    db_calls: int = 0

    def __post_init__(self) -> None:
        if type(self.status) is not ResponseStatus:
            self.status = ResponseStatus(self.status)
        if self.confidence is not None:
            confidence = float(self.confidence)
            if not 0 <= confidence <= 100:
                raise ValueError(f"confidence must be between 0 and 100, not {confidence}")
            self.confidence = confidence
        if type(self.metadata) is not dict:
            self.metadata = dict(self.metadata)
        if type(self.sources) is not list:
            self.sources = list(self.sources)
        if type(self.warnings) is not list:
            self.warnings = list(self.warnings)
        for count in (self.tokens, self.api_calls, self.db_calls):
            if type(count) is not int or count < 0:
                raise ValueError(f"resource counts must be non-negative integers, not {count!r}")


class RequestContext:
    """One delivery to a handler: the message, its deadline, and a bus handle that keeps tracing."""

    __slots__ = ("_delivery", "_message", "agent", "bus", "deadline")

    def __init__(
        self,
        bus: MessageBus,
        agent: str,
        message: Message | None,
        deadline: float | None,
        delivery: Delivery | None = None,
    ) -> None:
        self.bus = bus
        self.agent = agent
        self._message = message
        self._delivery = delivery
        """With no `message`: the delivery whose message is built only if the handler asks for
        it."""
        self.deadline = deadline
        """Clock time (monotonic) by which the handler must be done: 80% of the message timeout."""

    @property
    def message(self) -> Message:
        message = self._message
        if message is None:
            delivery = self._delivery
            assert delivery is not None  # the dispatcher gives a message or a delivery
            message = self._message = delivery.message
        return message

    @property
    def parameters(self) -> dict[str, Any]:
        message = self._message
        if message is None:
            delivery = self._delivery
            assert delivery is not None  # the dispatcher gives a message or a delivery
            return delivery.parameters
        return message.payload.parameters

    @property
    def operation(self) -> str | None:
        return self.message.operation

    @property
    def is_notification(self) -> bool:
        return self.message.type is MessageType.NOTIFICATION

    @property
    def idempotency_key(self) -> str:
        """Guard side effects with this: it is the same on every redelivery and retry."""
        return self.message.idempotency_key

    @property
    def flags(self) -> list[str]:
        return self.message.flags

    def time_left(self) -> float | None:
        return None if self.deadline is None else self.deadline - self.bus.clock.monotonic()

    async def request(
        self,
        recipient: str,
        operation: str,
        parameters: dict[str, Any] | None = None,
        **options: Any,
    ) -> Response:
        """Call another agent on behalf of this one (mission, depth and call path carried on)."""
        return await self.bus.request(
            self.agent, recipient, operation, parameters, parent=self.message, **options
        )

    def request_soon(
        self,
        recipient: str,
        operation: str,
        parameters: dict[str, Any] | None = None,
        *,
        priority: Priority = Priority.NORMAL,
        timeout: float | None = None,
        retries: int | None = None,
        objective: str = "",
        context: dict[str, Any] | None = None,
        allow_fallback: bool = True,
        estimated: ResourceEstimate | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> asyncio.Future[Response]:
        """`request`, started now (`MessageBus.request_soon`): for several calls at once."""
        return self.bus.request_soon(
            self.agent,
            recipient,
            operation,
            parameters,
            priority=priority,
            parent=self.message,
            timeout=timeout,
            retries=retries,
            objective=objective,
            context=context,
            allow_fallback=allow_fallback,
            estimated=estimated,
            on_done=on_done,
        )

    async def send(
        self,
        recipient: str,
        operation: str | None = None,
        parameters: dict[str, Any] | None = None,
        *,
        priority: Priority = Priority.NORMAL,
        **options: Any,
    ) -> str:
        return await self.bus.send(
            self.agent,
            recipient,
            operation,
            parameters,
            parent=self.message,
            priority=priority,
            **options,
        )

    async def budget(self) -> BudgetStatus | None:
        mission_id = self.message.tracing.mission_id
        return await self.bus.budget(mission_id) if mission_id else None
