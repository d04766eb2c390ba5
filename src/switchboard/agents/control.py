"""Control tools: tools a routing pattern owns (delegate, end sub-conversation, ...).

They look like ordinary tools to the model, but their effect is a `Signal` for the pattern. A
signal ends the agent's run after the current step, wherever it stands among the step's tool calls.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from switchboard.models.base import ToolSchema


class SignalArgumentsError(ValueError):
    """Malformed arguments from the model; the message is shown to the model, which may retry."""


@dataclass(frozen=True, slots=True)
class Signal:
    """What an agent asked its pattern for through a control tool (name and payload); the run
    stops there and the pattern acts on it."""

    name: str
    payload: Any
    silences_text: bool = False
    """If true, text the agent wrote in the same response is neither shown nor stored."""


@dataclass(frozen=True, slots=True)
class ControlTool:
    """A tool a pattern offers an agent to signal it (delegate, hand back, end) rather than to
    do work: it validates the arguments and yields a `Signal`."""

    schema: ToolSchema
    handle: Callable[[dict[str, Any]], tuple[str, Signal]]
    """Validates parsed arguments and returns (tool result text, signal); raises
    `SignalArgumentsError` for arguments the model must fix."""
    silences_text: bool = False

    @property
    def name(self) -> str:
        return self.schema.name

    def run(self, arguments: dict[str, Any] | str) -> tuple[bool, str, Signal | None]:
        """`arguments`: parsed, or the model's raw text."""
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments) if arguments.strip() else {}
            except json.JSONDecodeError as exc:
                return (
                    False,
                    f"ERRO: os argumentos não são JSON válido ({exc.msg}). Tente de novo.",
                    None,
                )
        if not isinstance(arguments, dict):
            return False, "ERRO: os argumentos devem ser um objeto JSON. Tente de novo.", None
        try:
            output, signal = self.handle(arguments)
        except SignalArgumentsError as exc:
            return False, f"ERRO: {exc} Tente de novo.", None
        return True, output, signal
