"""`MessageSpec`: what a sender chooses about one message, as one frozen value.

`MessageBus.request`, `request_soon`, `send` and `RequestContext.request_soon` take the same dozen
options; they build one `MessageSpec` and hand it on, instead of forwarding thirteen positional
arguments through every layer (arq's `JobDef`, openai-agents' `HandoffInputData`: a long argument
list becomes one frozen dataclass). The bus adds what is not the sender's choice when it builds the
`Message` (`sending`): the id, the send time, the mission lineage, the default timeout and
retries, and the reply address.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from switchboard.bus.envelope import Message, MessageType, Priority, ResourceEstimate


@dataclass(frozen=True, kw_only=True, init=False)
class MessageSpec:
    """One message as its sender asks for it (spec 001 §4 "Estrutura de Mensagens")."""

    sender: str
    """remetente: the agent sending (for a handler, itself)."""
    recipient: str
    """destinatario: the agent asked; must have a registered contract."""
    operation: str | None = None
    """The contract operation asked for; None only for a free-form notification."""
    parameters: dict[str, Any] | None = None
    """parametros: checked against the operation's request schema before anything is sent."""
    type: MessageType = MessageType.REQUEST
    """REQUEST (the sender waits for a response) or NOTIFICATION (one-way)."""
    priority: Priority = Priority.NORMAL
    mission_id: str | None = None
    """The mission accounted; when None, the parent's mission (if any)."""
    parent: Message | None = None
    """The message being served when this one is sent: carries mission, depth and call path."""
    timeout: float | None = None
    """The message timeout in seconds; None: the recipient kind's default (`BusSettings`)."""
    retries: int | None = None
    """Attempts after the first; None: `BusSettings.default_retries`."""
    objective: str = ""
    context: dict[str, Any] | None = None
    allow_fallback: bool = True
    """fallback_automatico: the bus may redirect to a fallback while the recipient's circuit is
    open."""
    estimated: ResourceEstimate | None = None

    def __init__(
        self,
        *,
        sender: str,
        recipient: str,
        operation: str | None = None,
        parameters: dict[str, Any] | None = None,
        type: MessageType = MessageType.REQUEST,
        priority: Priority = Priority.NORMAL,
        mission_id: str | None = None,
        parent: Message | None = None,
        timeout: float | None = None,
        retries: int | None = None,
        objective: str = "",
        context: dict[str, Any] | None = None,
        allow_fallback: bool = True,
        estimated: ResourceEstimate | None = None,
    ) -> None:
        # Every request builds one: the fields go into the instance dict in one step, not through
        # the fourteen `object.__setattr__` calls of a frozen dataclass's own `__init__` (10k of
        # the 24k instructions a request had gained in the split, under callgrind:
        # `bench/bus/RESULTS_bus.md`). Still frozen: assigning a field raises.
        self.__dict__.update(
            sender=sender,
            recipient=recipient,
            operation=operation,
            parameters=parameters,
            type=type,
            priority=priority,
            mission_id=mission_id,
            parent=parent,
            timeout=timeout,
            retries=retries,
            objective=objective,
            context=context,
            allow_fallback=allow_fallback,
            estimated=estimated,
        )

    def lineage(self) -> tuple[str | None, int, list[str]]:
        """(mission id, depth, call path) of this message: a first hop, or one after `parent`."""
        parent = self.parent
        if parent is None:
            return self.mission_id, 1, [self.sender]
        tracing = parent.tracing
        return (
            self.mission_id or tracing.mission_id,
            tracing.depth + 1,
            [*tracing.call_path, self.sender],
        )
