"""Delegated specialist sub-conversations (spec 000)."""

from switchboard.core.signals import END_TOOL, REQUEST_TOOL
from switchboard.patterns.delegation.manager import RoutingChatManager
from switchboard.patterns.delegation.pattern import AgentHopLimitError, DelegationPattern
from switchboard.patterns.delegation.state import DelegationState, SpecialistResult

__all__ = [
    "END_TOOL",
    "REQUEST_TOOL",
    "AgentHopLimitError",
    "DelegationPattern",
    "DelegationState",
    "RoutingChatManager",
    "SpecialistResult",
]
