"""Refusals before anything is sent: unknown agent or operation, schema mismatch, oversized
payload (spec §4 "Validação", §7 Camada 1); and the message timeout a recipient gets by default.

One `ContractChecks` per bus: it caches one compiled request validator per (agent, operation) and
one default timeout per agent, and forgets both when the agent registers a new contract.
"""

from __future__ import annotations

from typing import Any

from switchboard.bus.boundary import check_payload_size
from switchboard.bus.contracts import AgentContract
from switchboard.bus.core import BusCore
from switchboard.bus.errors import SchemaMismatchError, UnknownOperationError, UnknownRecipientError
from switchboard.bus.schema import RequestValidator


class ContractChecks:
    def __init__(self, core: BusCore) -> None:
        self._core = core
        self._max_payload = core.settings.max_payload_bytes
        self._validators: dict[tuple[str, str], RequestValidator] = {}
        self._timeouts: dict[str, float] = {}

    def forget(self, agent: str) -> None:
        """`agent` registered a (new) contract: drop what was compiled from the old one."""
        self._validators = {k: v for k, v in self._validators.items() if k[0] != agent}
        self._timeouts.pop(agent, None)

    async def check(
        self,
        recipient: str,
        operation: str | None,
        parameters: dict[str, Any] | None,
        context: dict[str, Any] | None,
    ) -> AgentContract:
        """The recipient's contract, once the message passes `check_now`."""
        contract = self._core.contracts.get(recipient) or await self._core.contract(recipient)
        if contract is None:
            raise UnknownRecipientError(
                f"no agent named {recipient!r} is registered", recipient=recipient
            )
        self.check_now(contract, recipient, operation, parameters, context)
        return contract

    def check_now(
        self,
        contract: AgentContract,
        recipient: str,
        operation: str | None,
        parameters: dict[str, Any] | None,
        context: dict[str, Any] | None,
    ) -> None:
        """`check` once the contract is known: synchronous."""
        if operation is not None:
            validator = self._validators.get((recipient, operation))
            if validator is None:
                validator = self.validator(contract, operation)
            value = parameters if parameters is not None else {}
            # The precompiled yes-only shortcut first; the full check only when it says no.
            if not validator.accepts(value) and (errors := validator(value)):
                raise SchemaMismatchError(
                    f"parameters of {recipient}.{operation} do not match its schema: "
                    + "; ".join(errors),
                    errors,
                    recipient=recipient,
                    operation=operation,
                )
        if parameters or context:
            check_payload_size(parameters, context, self._max_payload)

    def validator(self, contract: AgentContract, operation: str) -> RequestValidator:
        """The request validator of `contract`'s `operation` (compiled once, then cached)."""
        op = contract.operation(operation)
        if op is None:
            raise UnknownOperationError(
                f"{contract.name!r} has no operation {operation!r}",
                recipient=contract.name,
                operation=operation,
                available=[o.name for o in contract.operations],
            )
        validator = self._validators[(contract.name, operation)] = op.request_validator()
        return validator

    def default_timeout(self, contract: AgentContract, name: str) -> float:
        """The message timeout when the sender gives none, by the recipient's kind; cached per
        agent `name` (a Pydantic model's field reads are not cheap), as its contract is."""
        timeout = self._timeouts.get(name)
        if timeout is None:
            core = self._core
            timeout = core.coordinator_timeout if contract.is_coordinator else core.executor_timeout
            self._timeouts[name] = timeout
        return timeout
