"""The agent run loop: one path for every provider."""

from switchboard.agents.control import ControlTool, Signal
from switchboard.agents.kit import AgentKit
from switchboard.agents.runner import AgentRun, RunOutcome

__all__ = ["AgentKit", "AgentRun", "ControlTool", "RunOutcome", "Signal"]
