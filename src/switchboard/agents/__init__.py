"""The agent run loop: one path for every provider."""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach
from switchboard.agents.control import ControlTool as ControlTool
from switchboard.agents.control import Signal as Signal
from switchboard.agents.kit import AgentKit as AgentKit
from switchboard.agents.runner import AgentRun as AgentRun
from switchboard.agents.runner import RunOutcome as RunOutcome

if TYPE_CHECKING:
    from switchboard.agents.blank import is_blank as is_blank
    from switchboard.agents.control import SignalArgumentsError as SignalArgumentsError
else:
    __getattr__, __dir__, __all__ = attach(__name__)
