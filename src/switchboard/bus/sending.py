"""Sending: a `MessageSpec` becomes a checked `Message` and goes on its way.

Refusals come first and raise typed errors before anything is delivered (`checks`); then the bus
adds what is not the sender's choice (id, send time, lineage, default timeout and retries, reply
address) and hands the message to `routing`. This is the plain form of every path; on in-memory
state `fast_path` takes the same steps inlined.
"""

from __future__ import annotations

from typing import Any

from switchboard.bus.boundary import parse_message
from switchboard.bus.checks import ContractChecks
from switchboard.bus.core import BusCore
from switchboard.bus.envelope import Message, MessageType, Response
from switchboard.bus.errors import MalformedMessageError
from switchboard.bus.fast_path import message_from_spec
from switchboard.bus.routing import Routing
from switchboard.bus.spec import MessageSpec
from switchboard.telemetry import spans as telemetry


class Sending:
    def __init__(self, core: BusCore, checks: ContractChecks, routing: Routing) -> None:
        self._core = core
        self._checks = checks
        self._routing = routing

    async def send(self, spec: MessageSpec) -> str:
        """A one-way notification; returns its message id."""
        core = self._core
        await self._checks.check(spec.recipient, spec.operation, spec.parameters, spec.context)
        message = message_from_spec(spec, core.new_id(), core.now(), None, 0, core.instance_id)
        await self._routing.notify(message)
        return message.message_id

    async def request(self, spec: MessageSpec) -> Response:
        """A request, with its retries; the final response."""
        core, checks = self._core, self._checks
        recipient = spec.recipient
        contract = core.contracts.get(recipient)
        if contract is None:
            contract = await checks.check(recipient, spec.operation, spec.parameters, spec.context)
        else:
            checks.check_now(contract, recipient, spec.operation, spec.parameters, spec.context)
        timeout = spec.timeout
        if timeout is None:
            timeout = checks.default_timeout(contract, recipient)
        retries = core.default_retries if spec.retries is None else spec.retries
        message = message_from_spec(
            spec, core.new_id(), core.now(), timeout, retries, core.instance_id
        )
        if core.request_observers:
            core.observe(message)
        if telemetry.enabled:
            return await self._routing.traced(message, contract)
        return await self._routing.dispatch(message, contract)

    async def submit(self, raw: Message | dict[str, Any] | str | bytes) -> Response | str:
        """A message built outside the bus (JSON, other systems), validated fully: a request's
        response, or a notification's message id."""
        message = parse_message(raw)
        if message.type not in (MessageType.REQUEST, MessageType.NOTIFICATION):
            raise MalformedMessageError(
                f"agents may only submit requests and notifications, not {message.type}"
            )
        checks = self._checks
        contract = await checks.check(
            message.recipient,
            message.operation,
            message.payload.parameters,
            message.payload.context,
        )
        if message.type is MessageType.REQUEST and message.operation is None:
            raise MalformedMessageError("a request must name an operation")
        update: dict[str, Any] = {
            "message_id": self._core.new_id(),
            "reply_to": self._core.instance_id,
        }
        if not message.idempotency_key:
            update["idempotency_key"] = update["message_id"]
        if message.type is MessageType.REQUEST and message.timeout is None:
            update["timeout"] = checks.default_timeout(contract, message.recipient)
        message = message.model_copy(update=update)
        if message.type is MessageType.NOTIFICATION:
            await self._routing.notify(message)
            return message.message_id
        return await self._routing.dispatch(message, contract)
