"""Delegated specialist sub-conversations (spec 000)."""

from switchboard._faces import attach
from switchboard.core.signals import END_TOOL as END_TOOL
from switchboard.core.signals import REQUEST_TOOL as REQUEST_TOOL
from switchboard.patterns.delegation.manager import RoutingChatManager as RoutingChatManager
from switchboard.patterns.delegation.pattern import AgentHopLimitError as AgentHopLimitError
from switchboard.patterns.delegation.pattern import DelegationPattern as DelegationPattern
from switchboard.patterns.delegation.state import DelegationState as DelegationState
from switchboard.patterns.delegation.state import SpecialistResult as SpecialistResult

__getattr__, __dir__, __all__ = attach(__name__)
